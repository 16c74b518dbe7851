"""Operations on stored events, each meant to run inside ONE transaction of the caller.

The web layer opens a session per request and commits once (``with session.begin()``),
so every change the organiser makes is all-or-nothing (issue 7 item 5). Results are
written with optimistic concurrency: ``UPDATE boards … WHERE id = :id AND version = :seen``.
If another browser saved the board first, no row matches, ``ConflictError`` is raised and
the caller's transaction rolls back, so nothing of the second submission is written.

This module is the one place the web layer and the CLI import; the operations live in
``accounts`` (users, settings), ``events`` (events, players), ``organisers`` (who manages an
event), ``rounds`` (rounds, results) and ``errors``.
"""

from __future__ import annotations

from fairdraw.storage.errors import (
    NotFoundError,
    ForbiddenError,
    BoardConflict,
    ConflictError,
)
from fairdraw.storage.accounts import (
    user_count,
    create_user,
    authenticate,
    record_sign_out,
    secret_key,
    signed_out_at,
)
from fairdraw.storage.organisers import (
    Managers,
    accounts_overview,
    add_co_organiser,
    check_is_owner,
    co_organisers,
    event_managers,
    owner_name,
    remove_co_organiser,
)
from fairdraw.storage.events import (
    list_events,
    check_owner,
    get_event,
    get_event_by_slug,
    create_event,
    delete_event,
    MAX_SEED,
    MAX_TIEBREAKS,
    OptionRule,
    update_event,
    follow_schedule_length,
    add_participants,
    player_key,
    stored_key,
    unused_twin,
    update_participant,
    delete_participant,
    set_withdrawn,
    REQUESTABLE_BYES,
    set_next_bye,
    byes_asked_ahead,
    later_byes_of,
    next_round_number,
    set_bye_ahead,
)
from fairdraw.storage.rounds import (
    to_core_participant,
    to_core_round,
    event_schedule,
    store_rounds,
    GameScores,
    game_scores_of,
    ResultEntry,
    record_results,
    undo_last_round,
)

__all__ = [
    "Managers",
    "accounts_overview",
    "add_co_organiser",
    "check_is_owner",
    "co_organisers",
    "event_managers",
    "owner_name",
    "remove_co_organiser",
    "BoardConflict",
    "ConflictError",
    "ForbiddenError",
    "GameScores",
    "MAX_SEED",
    "MAX_TIEBREAKS",
    "NotFoundError",
    "OptionRule",
    "REQUESTABLE_BYES",
    "ResultEntry",
    "add_participants",
    "authenticate",
    "byes_asked_ahead",
    "check_owner",
    "create_event",
    "create_user",
    "delete_event",
    "delete_participant",
    "event_schedule",
    "follow_schedule_length",
    "game_scores_of",
    "get_event",
    "get_event_by_slug",
    "player_key",
    "later_byes_of",
    "list_events",
    "next_round_number",
    "record_results",
    "record_sign_out",
    "secret_key",
    "set_bye_ahead",
    "signed_out_at",
    "set_next_bye",
    "set_withdrawn",
    "store_rounds",
    "stored_key",
    "to_core_participant",
    "to_core_round",
    "undo_last_round",
    "unused_twin",
    "update_event",
    "update_participant",
    "user_count",
]
