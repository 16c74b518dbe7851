"""What a TRF16 export writes past its last round: the byes and absences announced ahead.

TRF16 has no record of a requested bye or a withdrawal. What it has, and what every reader of
it (``formats.trf``, bbpPairings, the web page's import) takes as one, is an entry without
opponent in a round not yet paired: ``0000 - H`` (half point), ``Z`` (zero), ``F`` (full), and
``0000 - -`` (not paired: an absence, how a withdrawal travels). The column of the first round
the file leaves out holds what was announced before that round was paired; a column past it, a
bye asked ahead for that round (``formats.trf._byes_after`` reads those). So the export writes
them the way ``trf_to_request`` reads them, and pairing the file makes the round the event
makes (an audit: requested byes for the next round were dropped, and the round paired from the
file gave the player a game).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fairdraw.core.errors import InputError
from fairdraw.core.model import Round, Schedule
from fairdraw.core.player_rules import ABSENT, player_rules
from fairdraw.formats.trf_lines import BYE_LETTER_OF, RoundEntry

#: the byes a player asks for before a round is paired, as a TRF16 entry without opponent
#: (an absence is "0000 - -": a blank entry in a round not yet paired leaves the player available)
_ANNOUNCED = {kind: RoundEntry(None, "-", BYE_LETTER_OF[kind]) for kind in ("half-point", "full-point", "zero-point")}
_ANNOUNCED[ABSENT] = RoundEntry(None, "-", "-")


def _requests(schedule: Schedule) -> dict[int, dict[int, str]]:
    """The byes the event's JSON asks for, round -> {id: kind}: ``meta.requested_byes`` for the
    round after the last one paired, ``meta.byes_later`` for theirs, read as ``fairdraw pair``
    reads them (``cli.swiss._later_records``: a bye in ``requested_byes`` wins over the same
    player's in ``byes_later``), checked as ``core.player_rules`` checks them for the pairing."""
    ids = [p.id for p in schedule.players]
    nxt = len(schedule.rounds) + 1
    later = schedule.meta.get("byes_later") or {}
    if not isinstance(later, Mapping) or not all(str(r).isdigit() for r in later):
        raise InputError("expected an object of round -> {player id: bye kind}", field="meta.byes_later")
    out: dict[int, dict[int, str]] = {}
    for rnd, asked in sorted(later.items(), key=lambda kv: int(kv[0])):
        try:
            out[int(rnd)] = dict(player_rules(ids, {"requested_byes": asked}).requested_byes)
        except InputError as exc:
            raise InputError(exc.message, field=f"meta.byes_later.{rnd}") from None
    try:
        # with the withdrawals, as pair reads them: a withdrawn player's H bye is refused there too
        rules = player_rules(ids, {"requested_byes": schedule.meta.get("requested_byes") or {},
                                   "withdrawn": schedule.meta.get("withdrawn") or []})
    except InputError as exc:
        raise InputError(exc.message, field=f"meta.{exc.field}" if exc.field else None) from None
    if rules.requested_byes:
        out[nxt] = {**out.get(nxt, {}), **rules.requested_byes}
    return {r: asked for r, asked in out.items() if asked}


def _missing_boards(rnd: Round) -> str:
    return ", ".join(str(t.table) for t in rnd.tables if t.result is None)


def announced_entries(schedule: Schedule, played: Sequence[Round], total_rounds: int | None,
                      per_round: bool) -> dict[int, dict[int, RoundEntry]]:
    """id -> {round: entry} past the rounds ``played`` (those the file holds in full).

    Withdrawn players (``meta.withdrawn``): ``0000 - -`` in the first round left out, the next
    round's column as an arbiter writes it before pairing that round. For a system paired round
    by round (``per_round``) also the byes asked ahead, and, when the first round left out is
    paired but has results missing, the byes that round gave before it was paired (H, F, Z,
    absence: not the pairing-allocated U), so a file taken while a round is under way pairs
    that round again as it was paired. A withdrawal entered after that round was paired (the
    player has a board in it) begins with a round after it, which TRF16 cannot say: refused,
    naming the results missing, rather than a file that pairs the player again. Nothing past
    ``total_rounds`` (XXR): a file with more rounds than its XXR is refused by its readers."""
    first = len(played) + 1  # the first round the file leaves out
    if total_rounds is not None and first > total_rounds:
        return {}
    known = {p.id for p in schedule.players}
    withdrawn = [pid for pid in schedule.meta.get("withdrawn") or [] if pid in known]
    out: dict[int, dict[int, RoundEntry]] = {}
    under_way = schedule.rounds[len(played)] if len(schedule.rounds) > len(played) else None
    if under_way is None:
        for pid in withdrawn:
            out.setdefault(pid, {})[first] = _ANNOUNCED[ABSENT]
    elif per_round:
        seated = {pid for t in under_way.tables for pid in t.seats}
        names = {p.id: p.name for p in schedule.players}
        late = [names[pid] for pid in withdrawn if pid in seated]
        if late:
            raise InputError(
                f"round {under_way.round} has results missing (board {_missing_boards(under_way)}), so the TRF16 "
                f"file ends with round {len(played)} and cannot say that {', '.join(late)} withdrew after round "
                f"{under_way.round} was paired (TRF16 writes a withdrawal only as an absence from the round after "
                f"the last one in the file): enter round {under_way.round}'s results, then export", field="withdrawn")
        for bye in under_way.byes:
            if bye.kind in _ANNOUNCED:
                out.setdefault(bye.id, {})[first] = _ANNOUNCED[bye.kind]
        for pid in withdrawn:  # withdrawn before the round was paired and left out of it
            out.setdefault(pid, {})[first] = _ANNOUNCED[ABSENT]
    if per_round:
        for rnd, asked in _requests(schedule).items():
            if rnd < first or (total_rounds is not None and rnd > total_rounds):
                continue
            for pid, kind in asked.items():
                if pid not in withdrawn:
                    out.setdefault(pid, {})[rnd] = _ANNOUNCED[kind]
    return out


def append_announced(games: list[Any], announced: Mapping[int, RoundEntry]) -> None:
    """A player's round columns with the entries announced ahead, blank columns between (a blank
    entry in a round not yet paired leaves the player available, TRF16)."""
    for rnd, entry in sorted(announced.items()):
        games.extend([RoundEntry(None, " ", " ")] * (rnd - 1 - len(games)))
        games.append(entry)
