"""Stored events and their players: create, read, update, delete, each inside the caller's
transaction (see ``fairdraw.storage.repo``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session, selectinload

from fairdraw.core import model
from fairdraw.core.errors import InputError
from fairdraw.core.model import MAX_ROUNDS
from fairdraw.formats.players import (MAX_CLUB, MAX_FEDERATION, MAX_ID, MAX_NAME, MAX_RATING, MIN_RATING,
                                      tidy_text)
from fairdraw.storage.errors import ForbiddenError, NotFoundError
from fairdraw.storage.models import Board, Event, EventOrganiser, Participant, RoundRow
from fairdraw.storage.organisers import is_co_organiser


def list_events(session: Session, user_id: int | None = None) -> list[Event]:
    """Every event, newest first; with ``user_id``, only those that account may manage (its own,
    those it is a co-organiser of, and the shared ones stored before events had owners, see
    ``check_owner``)."""
    query = select(Event).order_by(Event.id.desc())
    if user_id is not None:
        shared_with = select(EventOrganiser.event_id).where(EventOrganiser.user_id == user_id)
        query = query.where(or_(Event.owner_id == user_id, Event.owner_id.is_(None), Event.id.in_(shared_with)))
    return list(session.scalars(query))


def check_owner(session: Session, event_id: int, user_id: int) -> None:
    """Refuse (``ForbiddenError``) an organiser account another account's event.

    Issue 7 item 4: only the organiser may see the organiser's pages or change anything; with
    several accounts on one installation (two clubs sharing a server), each manages the events
    it made, with the co-organisers its owner named (``organisers``). An event without an owner
    (stored before migration 0003) stays shared, so an upgrade locks nobody out; a missing event
    is left to the route (its 404)."""
    if not 0 < event_id <= _LARGEST_KEY:
        return
    row = session.execute(select(Event.owner_id).where(Event.id == event_id)).first()
    if (row is not None and row.owner_id is not None and row.owner_id != user_id
            and not is_co_organiser(session, event_id, user_id)):
        raise ForbiddenError(f"event {event_id} belongs to another organiser account: sign in as that account "
                             "to see or change it")


_LARGEST_KEY = 2**31 - 1


def get_event(session: Session, event_id: int, *, boards_of: int | None = None) -> Event:
    """The event with its players, rounds and boards loaded.

    ``boards_of`` loads the boards of that round only (the other rounds' board lists stay
    empty): a round page of a 99-round event need not read its 4,950 boards.
    """
    # ids and round numbers are 32-bit integers in PostgreSQL (64-bit in SQLite): a number
    # from an address beyond that names nothing, and must not reach the database
    if not 0 < event_id <= _LARGEST_KEY:
        raise NotFoundError(f"no event {event_id}")
    if boards_of is not None and not 0 < boards_of <= _LARGEST_KEY:
        raise NotFoundError(f"no round {boards_of}")
    boards = RoundRow.boards
    if boards_of is not None:
        wanted = select(RoundRow.id).where(RoundRow.event_id == event_id, RoundRow.number == boards_of)
        boards = RoundRow.boards.and_(Board.round_id.in_(wanted.scalar_subquery()))  # type: ignore[assignment]
    event = session.scalar(
        select(Event)
        .where(Event.id == event_id)
        .options(selectinload(Event.participants), selectinload(Event.rounds).selectinload(boards))
    )
    if event is None:
        raise NotFoundError(f"no event {event_id}")
    return event


def get_event_by_slug(session: Session, slug: str) -> Event:
    """The event whose public page has this slug."""
    event_id = session.scalar(select(Event.id).where(Event.public_slug == slug))
    if event_id is None:
        raise NotFoundError("no such public page")
    return get_event(session, event_id)


def create_event(
    session: Session,
    *,
    name: str,
    system: str,
    total_rounds: int | None = None,
    scoring: str | None = None,
    tiebreaks: str | None = None,
    seed: str | None = None,
    options: dict[str, Any] | None = None,
    owner_id: int | None = None,
) -> Event:
    """A new event with no players yet, its name and texts checked as the settings form
    checks them (one line, within the columns' sizes); ``owner_id`` is the account that may
    manage it (None: every account, as for events stored before events had owners)."""
    name = _event_name(name)
    _check_setting_lengths(seed=seed, tiebreaks=tiebreaks)
    event = Event(
        name=name,
        system=system,
        total_rounds=total_rounds,
        scoring=scoring or None,
        tiebreaks=tiebreaks or None,
        seed=seed or None,
        options=dict(options or {}),
        public_slug=secrets.token_urlsafe(9),
        owner_id=owner_id,
    )
    session.add(event)
    session.flush()
    return event


def unused_twin(session: Session, owner_id: int | None, *, name: str, system: str, total_rounds: int | None,
                scoring: str | None, tiebreaks: str | None, seed: str | None,
                options: dict[str, Any] | None) -> Event | None:
    """The account's newest event when it is the very event these settings would make and is
    still unused (no player, no round): a *New event* form sent twice (a double click, a
    retried request) then shows that event instead of making a copy of it."""
    if owner_id is None:
        return None
    newest = session.scalar(select(Event).where(Event.owner_id == owner_id).order_by(Event.id.desc()).limit(1))
    if newest is None or newest.participants or newest.rounds:
        return None
    same = (newest.name == _event_name(name) and newest.system == system and newest.total_rounds == total_rounds
            and newest.scoring == (scoring or None) and newest.tiebreaks == (tiebreaks or None)
            and newest.seed == (seed or None) and dict(newest.options or {}) == dict(options or {}))
    return newest if same else None


def delete_event(session: Session, event_id: int, *, confirm: str) -> str:
    """Delete an event with its players, rounds and results; returns its name.

    ``confirm`` is the name the organiser typed: it must be the event's name as stored now
    (surrounding spaces aside), checked in the same transaction as the delete, so a
    misplaced click, a stale tab or a rename in another tab deletes nothing (InputError).
    Boards, rounds and players are deleted explicitly rather than left to the foreign keys'
    ``ON DELETE CASCADE``, which an SQLite connection without ``PRAGMA foreign_keys`` would
    not apply: no orphan row is left on any backend.
    """
    if not 0 < event_id <= _LARGEST_KEY:
        raise NotFoundError(f"no event {event_id}")
    name = session.scalar(select(Event.name).where(Event.id == event_id).with_for_update())
    if name is None:
        raise NotFoundError(f"no event {event_id}")
    typed = confirm.strip()
    if not typed:
        raise InputError(f"type the event's name, {name}, to confirm; nothing was deleted", field="confirm")
    if typed != name:
        raise InputError(f"the name typed, {typed[:200]}, is not the event's name, {name}; nothing was deleted",
                         field="confirm")
    rounds = select(RoundRow.id).where(RoundRow.event_id == event_id).scalar_subquery()
    session.execute(delete(Board).where(Board.round_id.in_(rounds)).execution_options(synchronize_session=False))
    session.execute(delete(RoundRow).where(RoundRow.event_id == event_id).execution_options(synchronize_session=False))
    session.execute(delete(Participant).where(Participant.event_id == event_id)
                    .execution_options(synchronize_session=False))
    session.execute(delete(EventOrganiser).where(EventOrganiser.event_id == event_id)
                    .execution_options(synchronize_session=False))
    session.execute(delete(Event).where(Event.id == event_id).execution_options(synchronize_session=False))
    session.flush()
    return name


#: the sizes of the events table's ``seed`` and ``tiebreaks`` columns (``String(200)``)
MAX_SEED = 200
#: the most players an event holds: ten times the largest field the pairing systems are measured
#: at (a 1,000-player Swiss). A wrong or runaway file (60,000 rows were once taken in 20 s and
#: made a 120 MB event page) is refused with this number instead of filling the database.
MAX_PLAYERS = 10_000
MAX_TIEBREAKS = 200


def _event_name(name: str) -> str:
    """The event's name on one line and within its column, the same rule at creation and in
    the settings: creation used to store a 500-character name or one with line breaks,
    which PostgreSQL refuses (a 500 page) and which splits the TRF16 ``012`` line."""
    name = tidy_text(name, field="name", limit=MAX_NAME)
    if not name:
        raise InputError("the event needs a name", field="name")
    return name


def _check_setting_lengths(*, seed: str | None, tiebreaks: str | None) -> None:
    """Refuse a seed or tie-break list longer than its column, naming the field: PostgreSQL
    refuses the row with an error the organiser cannot read, SQLite stores it silently."""
    for field, value, limit in (("seed", seed, MAX_SEED), ("tie-breaks", tiebreaks, MAX_TIEBREAKS)):
        if value and len(value) > limit:
            raise InputError(f"{field}: {len(value)} characters long (at most {limit})",
                             field="tiebreaks" if field == "tie-breaks" else field)


#: (option key, value before, value asked for) -> why it may not change once a round is made,
#: or None when it may
OptionRule = Callable[[str, Any, Any], str | None]


def _scoring_options_only(key: str, old: Any, new: Any) -> str | None:
    """The default rule: scoring options (``scoring.*``) change at any time, the system's not."""
    if key.startswith(("scoring.", "scoring_")):
        return None
    return "the system's options decided the rounds made"


def update_event(session: Session, event: Event, *, name: str, total_rounds: int | None, scoring: str | None,
                 tiebreaks: str | None, seed: str | None = None, options: dict[str, Any] | None = None,
                 option_rule: OptionRule = _scoring_options_only) -> Event:
    """Change an event's settings. The seed decided the rounds made, so it changes only while
    there is none (``None`` keeps it); the name, the number of rounds, the scoring and the
    tie-breaks may change at any time (standings are recomputed from the results), but never
    to fewer rounds than are paired. Once a round exists, an option changes only where
    ``option_rule`` allows (scoring options do: they only change how results count); any
    other change is refused naming the option, never dropped while the page says "saved"."""
    name = _event_name(name)
    _check_setting_lengths(seed=seed, tiebreaks=tiebreaks)
    if total_rounds is not None and total_rounds < len(event.rounds):
        raise InputError(f"rounds: {len(event.rounds)} rounds are paired already, so at least {len(event.rounds)}",
                         field="rounds")
    if total_rounds is None and event.total_rounds is not None and event.rounds:
        # a blank field is a slip once rounds are paired: the Dutch pairs its last round by the
        # count (C.04.3's final-round rules), and the exports' XXR went with it
        raise InputError(f"rounds: the event has {event.total_rounds} rounds and {len(event.rounds)} are paired; "
                         "give the number of rounds (it cannot be left blank once rounds are paired)",
                         field="rounds")
    if event.rounds and seed is not None and (seed or None) != event.seed:
        raise InputError("seed: the seed is fixed once a round is made (it decided the rounds)", field="seed")
    if event.rounds and options is not None:
        before, after = dict(event.options or {}), dict(options)
        for key in sorted(set(before) | set(after), key=str):
            if before.get(key, _ABSENT) == after.get(key, _ABSENT):
                continue
            reason = option_rule(key, before.get(key), after.get(key))
            if reason:
                change = f"{key}={after[key]!r}" if key in after else f"removing {key}"
                raise InputError(f"options: {change} cannot be saved once a round is made: {reason}",
                                 field="options")
    event.name = name
    event.total_rounds = total_rounds
    event.scoring = scoring or None
    event.tiebreaks = tiebreaks or None
    if not event.rounds and seed is not None:
        event.seed = seed or None
    if options is not None:
        event.options = dict(options)
    session.flush()
    return event


_ABSENT = object()


def follow_schedule_length(session: Session, event: Event, schedule_rounds: int) -> bool:
    """Make the event's round count the length of the fixed schedule just made; True when
    it changed.

    Why: a round robin of 6 makes 5 rounds whatever was typed at creation; a stored
    "3 rounds" then blocked every save of the settings (never fewer than the rounds paired)
    and the TRF16 export said ``XXR 3`` over 5 rounds, which no reader accepts."""
    if event.total_rounds is None or event.total_rounds == schedule_rounds or schedule_rounds < 1:
        return False
    event.total_rounds = schedule_rounds
    session.flush()
    return True


def add_participants(session: Session, event: Event, players: Iterable[model.Participant], *,
                     ids_given: bool = True) -> list[Participant]:
    """Add players; ids that clash with the event's are renumbered after the highest.

    A pasted CSV without an ``id`` column numbers its rows from 1, which would clash with
    players already entered; renumbering keeps the order and never merges two people. Such a
    list (``ids_given`` false) is always numbered after the players already there: its row
    numbers are no ids, and taking free low ones (a list after ids 10-12 gave its one player
    id 1) put a late entry first where the order entered fixes the numbers (Berger, seatings).
    More than ``MAX_PLAYERS`` in the event is refused, naming the field, before anything is added.
    """
    incoming = list(players)
    if len(event.participants) + len(incoming) > MAX_PLAYERS:
        raise InputError(f"an event holds at most {MAX_PLAYERS:,} players; it has {len(event.participants):,} and "
                         f"this would add {len(incoming):,} (a wrong file, or one list imported many times?)",
                         field="players")
    taken = {p.pid for p in event.participants}
    clash = (any(p.id in taken for p in incoming) or len({p.id for p in incoming}) != len(incoming)
             or (not ids_given and bool(taken)))
    next_id = max(taken | {0}) + 1
    added: list[Participant] = []
    for player in incoming:
        fields = _checked_fields(player)
        pid = next_id if clash else player.id
        if clash:
            next_id += 1
        if not 1 <= pid <= MAX_ID:
            raise InputError(f"id must be between 1 and {MAX_ID}, got {pid}", field="id")
        row = Participant(event_id=event.id, pid=pid, withdrawn=False, **fields)
        session.add(row)
        event.participants.append(row)
        added.append(row)
    session.flush()
    return added


def player_key(player: model.Participant) -> tuple[str, int | None, str | None, str | None]:
    """What tells two players apart on the page: the name (any case), rating, federation and
    club, as they would be stored. Two entries with the same key are most likely one person
    entered twice (a form sent twice, a list imported twice)."""
    fields = _checked_fields(player)
    return fields["name"].casefold(), fields["rating"], fields["federation"], fields["club"]


def stored_key(row: Participant) -> tuple[str, int | None, str | None, str | None]:
    """``player_key`` of a stored player."""
    return row.name.casefold(), row.rating, row.federation, row.club


def _checked_fields(player: model.Participant) -> dict[str, Any]:
    """A player's stored fields, each on one line and within the columns' bounds (the same
    limits as the players CSV reader), or InputError naming the field."""
    name = tidy_text(player.name, field="name", limit=MAX_NAME)
    if not name:
        raise InputError("a player needs a name", field="name")
    if player.rating is not None and not MIN_RATING <= player.rating <= MAX_RATING:
        # the range TRF16 can write (formats.players.MAX_RATING): refused here, not at export
        raise InputError(f"rating must be between {MIN_RATING} and {MAX_RATING} (TRF16's rating field), got "
                         f"{player.rating}", field="rating")
    return {
        "name": name,
        "rating": player.rating,
        "federation": tidy_text(player.federation or "", field="federation", limit=MAX_FEDERATION) or None,
        "club": tidy_text(player.club or "", field="club", limit=MAX_CLUB) or None,
    }


def _participant(event: Event, pid: int) -> Participant:
    for participant in event.participants:
        if participant.pid == pid:
            return participant
    raise NotFoundError(f"no player {pid} in this event")


def update_participant(session: Session, event: Event, pid: int, player: model.Participant) -> Participant:
    """Correct a player's name, rating, federation or club (a misspelt name is no reason to
    withdraw and re-add someone); the id, the pairing number and every round stay."""
    row = _participant(event, pid)
    for key, value in _checked_fields(player).items():
        setattr(row, key, value)
    session.flush()
    return row


def delete_participant(session: Session, event: Event, pid: int) -> str:
    """Remove a player entered by mistake; refused once a stored round names them (then
    *Withdraw* is the way: the rounds played keep their players)."""
    row = _participant(event, pid)
    for rnd in event.rounds:
        if any(pid in b.seats for b in rnd.boards) or any(int(b["id"]) == pid for b in rnd.byes or []):
            raise InputError(f"{row.name} is in round {rnd.number}: withdraw them instead (the rounds made "
                             "name them)", field="player")
    name = row.name
    event.participants.remove(row)
    session.delete(row)
    session.flush()
    return name


def set_withdrawn(session: Session, event: Event, pid: int, withdrawn: bool) -> Participant:
    """Withdraw a player from the rounds still to be paired (or bring them back)."""
    participant = _participant(event, pid)
    participant.withdrawn = withdrawn
    session.flush()
    return participant


REQUESTABLE_BYES = ("half-point", "zero-point")


def set_next_bye(session: Session, event: Event, pid: int, kind: str | None) -> Participant:
    """Record (or clear) a bye a player asked for in the next round (FIDE: H or Z). A withdrawn
    player's is refused, as ``set_bye_ahead`` refuses one: the pairing leaves withdrawn players
    out, so the bye would be taken and never given, without a word."""
    if kind is not None and kind not in REQUESTABLE_BYES:
        raise InputError(f"a requested bye is one of {', '.join(REQUESTABLE_BYES)}, not {kind!r}", field="bye")
    participant = _participant(event, pid)
    if kind is not None and participant.withdrawn:
        raise InputError(f"{participant.name} is withdrawn: bring them back first, then ask for the bye",
                         field="bye")
    participant.next_bye = kind
    session.flush()
    return participant


def later_byes_of(participant: Participant) -> dict[int, str]:
    """The byes a player asked for ahead, round -> kind (the stored JSON keys are text)."""
    return {int(number): str(kind) for number, kind in (participant.later_byes or {}).items()}


def keep_later_byes(participant: Participant, later: dict[int, str]) -> None:
    """Store a player's byes asked ahead (round -> kind) as the JSON column keeps them (round
    numbers as text keys, in round order; None for none), and only when they changed: a pairing
    or an undo rewrites no row it leaves as it was (most players asked nothing ahead). A new dict
    is assigned, never the stored one changed in place: a JSON column tracks assignment only."""
    stored = {str(number): kind for number, kind in sorted(later.items())} or None
    if stored != (participant.later_byes or None):
        participant.later_byes = stored


def next_round_number(event: Event) -> int:
    """The round the next pairing makes (the rounds stored are numbered from 1)."""
    return max((r.number for r in event.rounds), default=0) + 1


def set_bye_ahead(session: Session, event: Event, pid: int, round_number: int | None,
                  kind: str | None) -> Participant:
    """Record (or, with ``kind`` None, cancel) a bye a player asked for in round ``round_number``
    of a per-round system, any round not yet paired: a bye asked ahead, as the CLI keeps it
    (``meta.byes_later``) and a TRF16 file writes it (an H or Z in that round's column; TRF-2026
    ``240`` lines).

    Why: an organiser knows on day one that a player will miss round 5; the page took a bye for
    the next round only. The next round's bye stays ``next_bye`` (the request the pairing
    reads); a later one waits in ``later_byes`` until the round before it is paired
    (``rounds.store_rounds`` then makes it the next round's). A round already paired, one past
    the event's rounds, or a bye for a withdrawn player is refused naming the field, and
    nothing changes."""
    if kind is not None and kind not in REQUESTABLE_BYES:
        raise InputError(f"a requested bye is one of {', '.join(REQUESTABLE_BYES)}, not {kind!r}", field="bye")
    if round_number is None:
        raise InputError("give the round of the bye (a number)", field="round")
    participant = _participant(event, pid)
    upcoming = next_round_number(event)
    if round_number < 1:
        raise InputError(f"rounds are numbered from 1, not {round_number}; nothing was changed", field="round")
    if round_number < upcoming:
        paired = "round 1 is" if upcoming == 2 else f"rounds 1–{upcoming - 1} are"
        raise InputError(f"round {round_number} is paired already ({paired}): a bye can be asked for round "
                         f"{upcoming} or later; nothing was changed", field="round")
    asked = later_byes_of(participant)
    limit = event.total_rounds if event.total_rounds is not None else MAX_ROUNDS
    if round_number > limit and not (kind is None and round_number in asked):
        # a bye asked before the event's rounds were cut below its round may still be cancelled
        planned = (f"the event has {limit} round{'s' if limit != 1 else ''}" if event.total_rounds is not None
                   else f"an event has at most {limit} rounds")
        if upcoming > limit:
            raise InputError(f"round {round_number}: {planned} and every one is paired; nothing was changed",
                             field="round")
        choice = f"round {upcoming}" if upcoming == limit else f"a round from {upcoming} to {limit}"
        raise InputError(f"round {round_number}: {planned} (ask for {choice}, or change the number of rounds "
                         "in the settings first); nothing was changed", field="round")
    if kind is not None and participant.withdrawn:
        raise InputError(f"{participant.name} is withdrawn: bring them back first, then ask for the bye",
                         field="bye")
    if round_number == upcoming:  # the next round's bye: the very request the next-round form makes
        return set_next_bye(session, event, pid, kind)
    if kind is None and round_number not in asked:
        raise InputError(f"{participant.name} has no bye asked for round {round_number}; nothing was changed",
                         field="round")
    if kind is None:
        del asked[round_number]
    else:
        asked[round_number] = kind
    keep_later_byes(participant, asked)
    session.flush()
    return participant


def byes_asked_ahead(event: Event) -> dict[int, dict[int, str]]:
    """round -> {player id: kind} of the byes asked for rounds after the next, the players
    still in the field only (a withdrawn player is announced absent, which a bye contradicts:
    ``core.player_rules``), within the event's rounds: the ``meta.byes_later`` of an export."""
    upcoming = next_round_number(event)
    out: dict[int, dict[int, str]] = {}
    for participant in event.participants:
        if participant.withdrawn:
            continue
        for number, kind in later_byes_of(participant).items():
            if number > upcoming and (event.total_rounds is None or number <= event.total_rounds):
                out.setdefault(number, {})[participant.pid] = kind
    return {number: dict(sorted(asked.items())) for number, asked in sorted(out.items())}
