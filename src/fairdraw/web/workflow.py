"""What the organiser's buttons do, over the registry and the core model (no HTTP here).

Everything is generic over ``fairdraw.core.registry``: a system registered on ``main``
works on the page as soon as it lands. Fixed systems ("fixed": Berger, Meerkamp, Heller,
mahjong seating, league) produce the whole schedule at once; per-round systems (the
Swiss systems) get the rounds played so far, with results, and produce the next one.
Standings come from the scoring layer of issue 6 (``fairdraw.scoring``, the same code
``fairdraw standings`` runs); while that layer is missing the page says so instead of
inventing numbers.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace
from typing import Any

from fairdraw.core.errors import FairdrawError, InputError
from fairdraw.core.initial_order import strength_order
from fairdraw.core.model import Participant, Round, Schedule, Table
from fairdraw.core.registry import PairingRequest, get_system, system_kind
from fairdraw.formats.players import parse_players_csv, parse_players_json
from fairdraw.formats.schedule_json import dump_schedule
from fairdraw.formats.text_files import looks_like_trf
from fairdraw.web.event_settings import default_scorings, pairing_options, split_options

CHESS_RESULT_LABELS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½", "+/-": "+/−", "-/+": "−/+", "-/-": "−/−"}


class UnavailableError(FairdrawError):
    """A feature whose system or layer has not landed in this installation yet."""


# --- players in ----------------------------------------------------------------------


def parse_player_text(text: str, *, filename: str = "pasted text", notes: list[str] | None = None) -> list[Participant]:
    """Players from pasted or uploaded CSV, JSON or TRF16 text; ``notes`` (if given) gets what the
    CSV or JSON reader found legal but likely a slip (``formats.players``)."""
    stripped = text.lstrip("\ufeff").strip()
    if not stripped:
        raise InputError("nothing to import", source=filename)
    if stripped.startswith(("[", "{")):
        return parse_players_json(stripped, source=filename, notes=notes)
    trf = looks_like_trf(stripped)
    _refuse_more_rows_than_an_event_holds(stripped, trf=trf, filename=filename)
    if trf:
        return _players_from_trf(stripped, filename)
    return parse_players_csv(stripped, source=filename, notes=notes)


def _refuse_more_rows_than_an_event_holds(text: str, *, trf: bool, filename: str) -> None:
    """Count the rows before reading them: a list longer than an event may hold
    (``storage.events.MAX_PLAYERS``) is refused at once, where reading a million rows only to
    refuse them took the page 20 s. Rows are CSV lines after the header, or TRF ``001`` lines."""
    from fairdraw.storage.events import MAX_PLAYERS

    lines = text.splitlines()
    rows = sum(1 for line in lines if line.startswith("001")) if trf else sum(1 for line in lines[1:] if line.strip())
    if rows > MAX_PLAYERS:
        raise InputError(f"{rows:,} rows, but an event holds at most {MAX_PLAYERS:,} players (a wrong file?)",
                         source=filename, field="players")


def _players_from_trf(text: str, filename: str) -> list[Participant]:
    """The ``001`` lines of a TRF16 file (id = start rank), through the reader of issue 3."""
    try:
        from fairdraw.formats.trf import parse_trf, trf_to_participants
    except ImportError:
        raise UnavailableError("TRF16 import is not available yet: the TRF16 reader (issue 3) is not installed") from None
    players = list(trf_to_participants(parse_trf(text, source=filename)))
    if not players:
        raise InputError("the TRF16 text lists no players (no 001 lines)", source=filename)
    return players


@dataclass(frozen=True)
class TrfHistory:
    """What a TRF16 file of an event in progress holds besides its players: the rounds played
    with their results, the byes announced for the next round (``0000 - H``/``Z`` in the column
    after the last round), the half- and zero-point byes asked ahead for later rounds (their own
    columns, TRF-2026 ``240`` lines: round -> {start rank: kind}), its ``XXR``, and what the page
    does not carry (said in a note)."""

    rounds: tuple[Round, ...]
    next_byes: dict[int, str]
    total_rounds: int | None
    left_out: tuple[str, ...]
    later_byes: dict[int, dict[int, str]] = field(default_factory=dict)

    @property
    def anything_to_store(self) -> bool:
        """Whether the file holds more than its players: rounds, or byes asked before round 1."""
        return bool(self.rounds or self.next_byes or self.later_byes)


def trf_history(text: str, filename: str) -> TrfHistory:
    """The rounds of a TRF16 file, read by the same reader as ``fairdraw pair`` (so the page's
    next round is the one ``pair`` makes from the file)."""
    from fairdraw.formats.trf import parse_trf, trf_to_request, trf_to_rounds
    from fairdraw.scoring.standard import options_from_tenths
    from fairdraw.storage.events import REQUESTABLE_BYES

    doc = parse_trf(text.lstrip("\ufeff").strip(), source=filename)
    rounds = trf_to_rounds(doc)
    options = trf_to_request(doc, len(rounds)).options
    requested = dict(options["requested_byes"])
    left_out = []
    if doc.accelerations:
        left_out.append("its accelerations (XXA lines)")
    if doc.forbidden_pairs:
        left_out.append("its forbidden pairs (XXP lines)")
    if options_from_tenths(doc.points):
        left_out.append("its point system (BB lines: set the scoring options)")
    # an absence announced for the next round ("0000 - -") is how TRF16 writes a withdrawal:
    # the import withdraws the player (routes_players), so it is carried, not left out
    if any(kind not in ("half-point", "zero-point", "absent") for kind in requested.values()):
        left_out.append("byes for the next round other than H and Z")
    # byes asked ahead for later rounds: the page keeps the half- and zero-point ones as the
    # players list asks them (routes_players stores them); a full-point bye or an absence typed
    # ahead has no form on the page, so it is named, to be dealt with before that round
    later: dict[int, dict[int, str]] = {}
    other: list[str] = []
    for rnd, asked in sorted(options["byes_later"].items(), key=lambda kv: int(kv[0])):
        kept = {int(rank): kind for rank, kind in asked.items() if kind in REQUESTABLE_BYES}
        if kept:
            later[int(rnd)] = kept
        strays = [f"start rank {rank} ({_AHEAD_WORDS.get(kind, kind)})" for rank, kind in asked.items()
                  if kind not in REQUESTABLE_BYES]
        if strays:
            other.append(f"{', '.join(strays)} in round {rnd}")
    if other:
        left_out.append("byes asked ahead that the page has no form for (" + "; ".join(other)
                        + ": a full-point bye or an absence; ask a bye or withdraw the player before that round)")
    return TrfHistory(rounds=rounds, next_byes=requested, total_rounds=doc.total_rounds, left_out=tuple(left_out),
                      later_byes=later)


_AHEAD_WORDS = {"full-point": "a full-point bye", "absent": "absent"}


def takes_trf_rounds(system: str) -> bool:
    """Rounds of a TRF16 file go into an event of a chess system paired round by round (the
    Dutch, the club Swiss, Keizer): the next round is paired from them as from the page's own."""
    return system_kind(system) == "per-round"


# --- pairing -------------------------------------------------------------------------


@dataclass
class Pairing:
    """The rounds a click on "pair" produced, and what the system said about them."""

    rounds: list[Round]
    meta: dict[str, Any] = field(default_factory=dict)
    numbers: dict[int, int] = field(default_factory=dict)


def pair_next(schedule: Schedule, *, withdrawn: set[int], total_rounds: int | None, options: dict[str, Any],
              requested_byes: dict[int, str] | None = None,
              ranking: Callable[[], list[int]] | None = None) -> Pairing:
    """Pair the next round (per-round systems) or the whole schedule (fixed systems); a mahjong
    seating's final rounds left to the standings (``ranked_last``) one at a time, from
    ``ranking`` (the ids in standings order)."""
    try:
        system = get_system(schedule.system)
    except KeyError:
        raise UnavailableError(
            f"the pairing system {schedule.system!r} is not installed in this version of fairdraw"
        ) from None
    active = tuple(p for p in schedule.players if p.id not in withdrawn)
    if len(active) < 2:
        raise InputError("add at least two players first")
    played = schedule.rounds
    if system.kind == "fixed" and ranked_round_due(system, schedule, options, total_rounds):
        return _seat_by_ranking(system, schedule, withdrawn=withdrawn, total_rounds=total_rounds or 0,
                                options=options, ranking=ranking)
    if system.kind == "fixed" and played and total_rounds is not None and len(played) >= total_rounds:
        # said before the system is asked: a field that changed since (a newcomer making 37 at
        # tables of 4) would have the system refuse the field instead (a stale tab, a double post)
        raise InputError(f"all {total_rounds} rounds are made")
    if system.kind == "fixed" and played:
        produced, new_rounds = _remake_fixed_tail(system, schedule, withdrawn=withdrawn, total_rounds=total_rounds,
                                                  options=options)
    elif system.kind == "fixed":
        request = PairingRequest(players=_fixed_field(system, active, {}), total_rounds=total_rounds,
                                 seed=schedule.seed, options=options)
        produced = system.pair(request)
        new_rounds = list(produced.rounds)
        if not new_rounds:
            raise InputError("the system produced no rounds")
    else:
        if total_rounds is not None and len(played) >= total_rounds:
            raise InputError(f"all {total_rounds} rounds are paired")
        if played:
            last = played[-1]
            missing = _tables_without_result(last)
            if missing:
                raise InputError(
                    f"enter every result of round {last.round} first (missing: board {', '.join(map(str, missing))})"
                )
        # A withdrawn player stays in the field (the history refers to them) and is
        # announced absent for the round, as a TRF16 file does with a blank round entry
        # (the ``requested_byes`` option of fairdraw.formats.trf.trf_to_request).
        requested = {**dict(options.get("requested_byes") or {}), **(requested_byes or {})}
        for pid in withdrawn:
            requested.setdefault(pid, "absent")
        # and from when, as `pair --withdraw` records it (a Keizer ladder gives no absence share
        # from then on: its ranking pairs the round)
        since = {"withdrawn_at": withdrawn_records(schedule, withdrawn)["withdrawn_at"]} if withdrawn else {}
        request = PairingRequest(
            players=pairing_order(schedule.players, schedule.numbers if played else {}),
            history=played,
            total_rounds=total_rounds,
            seed=schedule.seed,
            options={**options, "requested_byes": requested, **since},
        )
        produced = system.pair(request)
        new_rounds = [r for r in produced.rounds if r.round > len(played)][:1]
        if not new_rounds:
            raise InputError("the system produced no new round")
    meta = _json_safe(produced.meta)
    if system.kind == "fixed" and isinstance(meta, dict):
        # how many rounds "make again" can restore, and the event's length: the rounds left to
        # the standings (a mahjong seating's ``ranked_last``) count, seated later one at a time
        meta["schedule_rounds"] = len(produced.rounds) + system.rounds_left_to_standings(options)
    return Pairing(rounds=new_rounds, meta=meta, numbers=dict(produced.numbers))


def _tables_without_result(rnd: Round) -> list[int]:
    """The tables (boards) of ``rnd`` with neither a chess result nor mahjong scores: the next
    round that builds on the results waits for them."""
    return [t.table for t in rnd.tables if t.result is None and t.scores is None]


def ranked_round_due(system: Any, schedule: Schedule, options: dict[str, Any], total_rounds: int | None) -> bool:
    """Whether the next round of a fixed schedule is one of the last the standings seat
    (``rounds_left_to_standings``: a mahjong seating's ``ranked_last``, issue 4 item 6), not
    the schedule made at the start."""
    left = system.rounds_left_to_standings(options)
    if left < 1 or total_rounds is None or not schedule.rounds:
        return False
    return total_rounds - left <= len(schedule.rounds) < total_rounds


def _seat_by_ranking(system: Any, schedule: Schedule, *, withdrawn: set[int], total_rounds: int,
                     options: dict[str, Any], ranking: Callable[[], list[int]] | None) -> Pairing:
    """The next round seated from the standings (mahjong: as `fairdraw seat-ranked` seats it).
    Every result of the last round must be in, as the standings decide the tables; a player
    without a result yet (a late entry) comes after the ranked ones."""
    last = schedule.rounds[-1]
    missing = _tables_without_result(last)
    if missing:
        raise InputError(f"enter every result of round {last.round} first: the standings seat round "
                         f"{last.round + 1} (missing: table {', '.join(map(str, missing))})")
    if ranking is None:
        raise UnavailableError("the standings are not available here to seat a round by ranking")
    by_id = {p.id: p for p in schedule.players if p.id not in withdrawn}
    ranked = [pid for pid in dict.fromkeys(ranking()) if pid in by_id]
    order = [by_id[pid] for pid in ranked] + [p for p in by_id.values() if p.id not in set(ranked)]
    size = options.get("table_size") or max(len(t.seats) for r in schedule.rounds for t in r.tables)
    known = replace(schedule, meta={**schedule.meta, "table_size": int(size), "rounds_total": total_rounds})
    seated = system.seat_from_standings(known, order, options)
    new_round = seated.rounds[-1]
    meta: dict[str, Any] = {"seated_by_ranking": [new_round.round]}
    breaches = (seated.meta.get("ranked_wind_breaches") or {}).get(str(new_round.round))
    if breaches:
        meta["ranked_wind_breaches"] = {str(new_round.round): breaches}
    return Pairing(rounds=[new_round], meta=_json_safe(meta))


def _fixed_field(system: Any, players: tuple[Participant, ...], numbers: dict[int, int]) -> tuple[Participant, ...]:
    """The field as a fixed system gets it: for one that numbers by strength (Heller: the
    page's players are entered in any order) by the numbers given already, else by strength
    (``pairing_order``); for the others in the order entered."""
    return pairing_order(players, numbers) if system.numbers_by_strength else players


def _remake_fixed_tail(system: Any, schedule: Schedule, *, withdrawn: set[int], total_rounds: int | None,
                       options: dict[str, Any]) -> tuple[Schedule, list[Round]]:
    """The rounds undone at the end of a fixed schedule, made again: (the schedule, its new rounds).

    The system is deterministic, so the field that played the kept rounds (withdrawn players
    included) gets the same schedule back. When players left or joined since, a system with a
    rule for a changed field (``continue_schedule``: mahjong re-seats the rest, issue 4 build 5)
    uses it; a round robin keeps its schedule for a player who withdrew (their games are not
    played) and needs the whole schedule remade for a newcomer."""
    played = schedule.rounds
    in_rounds = {x for r in played for t in r.tables for x in t.seats} | {b.id for r in played for b in r.byes}
    field_then = tuple(p for p in schedule.players if p.id in in_rounds)
    leaving = tuple(p.id for p in field_then if p.id in withdrawn)
    joining = tuple(p for p in schedule.players if p.id not in in_rounds and p.id not in withdrawn)
    made = system.pair(PairingRequest(players=_fixed_field(system, field_then, schedule.numbers),
                                      total_rounds=total_rounds, seed=schedule.seed, options=options))
    if len(made.rounds) <= len(played):
        raise InputError("every round of the schedule is made already")
    same_start = all(_layout(old) == _layout(new) for old, new in zip(played, made.rounds, strict=False))
    if leaving or joining or not same_start:
        as_made = replace(made, rounds=(*played, *made.rounds[len(played):]), numbers=schedule.numbers or made.numbers)
        continued = system.continue_schedule(as_made, len(played) + 1, leaving=leaving, joining=joining,
                                             options=options)
        if continued is not None:
            return continued, [r for r in continued.rounds if r.round > len(played)]
        if joining or not same_start:
            raise InputError(
                "the schedule made now for this field differs from the rounds kept (a player was added "
                "since); undo every round to remake the whole schedule"
            )
    return made, list(made.rounds[len(played):])


def pairing_order(players: tuple[Participant, ...], numbers: dict[int, int]) -> tuple[Participant, ...]:
    """The field in pairing-number order once rounds are paired: the numbers already given
    stay, and a late entry takes the next free number (late entries by rating among themselves).

    Why: the order made before the first round fixes the pairing numbers (FIDE C.04.1 A.2),
    and a corrected rating only affects pairings yet to be made (C.04.1 F.7): re-sorting the
    field by the current ratings moved everyone's number, and the printed pairing lists of
    rounds already played with it. Before round 1 (no numbers yet) it is the initial order
    (``strength_order``: the page's players are entered in any order)."""
    numbered = sorted((p for p in players if p.id in numbers), key=lambda p: (numbers[p.id], p.id))
    late = strength_order(tuple(p for p in players if p.id not in numbers))
    return (*numbered, *late)


def _layout(rnd: Round) -> tuple[Any, ...]:
    """Who sits where in a round (not the results): what a remade schedule must repeat."""
    return (rnd.round, tuple((t.table, t.group, t.seats) for t in rnd.tables), tuple(sorted(b.id for b in rnd.byes)))


def _json_safe(value: Any) -> Any:
    """System metadata as plain JSON values (it is stored in a JSON column)."""
    return json.loads(json.dumps(value, default=str))


# --- results in ----------------------------------------------------------------------


def parse_chess_result(text: str, *, board: str) -> str | None:
    """The canonical result for what was typed in a board's field ('' means no result).

    Every spelling ``fairdraw result`` takes works on the page as well (``0.5-0.5``, ``1:0``,
    ``1-0f``), and so does one copied from the page's own printouts, which show forfeits as
    "+/−" with the minus sign U+2212, or from a text editor that made "1-0" "1–0": one reader,
    ``scoring.results.read_typed_result``, for the page and the command."""
    from fairdraw.scoring.results import read_typed_result

    if not text.strip():
        return None
    try:
        return read_typed_result(text)
    except ValueError:
        raise InputError(
            f"board {board}: {_shown([text.strip()])!r} is not a result (type 1, = or 0; +, - or -- for forfeits)",
            field="result"
        ) from None


#: a whole number written with thousands separators, as score sheets print them (32,000 or 32.000)
_GROUPED = re.compile(r"-?\d{1,3}(?:([,.])\d{3})(?:\1\d{3})*")


def _amount_text(value: str) -> str:
    """A typed score as ``int`` reads it: spaces and underscores out, a minus sign copied from a
    printout (U+2212) or a word processor's dash made "-", thousands separators dropped when
    every group has three digits ("32,000", "-1.500"; "32.5" stays and is refused)."""
    from fairdraw.scoring.results import UNICODE_DASHES

    text = value.strip().replace(" ", "").replace("_", "").replace("\u00a0", "").translate(UNICODE_DASHES)
    return re.sub(r"[,.]", "", text) if _GROUPED.fullmatch(text) else text


def _shown(values: list[str]) -> str:
    """The typed values for an error message, each cut short: a pasted page must not come back whole."""
    return " ".join(v if len(v) <= 24 else v[:24] + "…" for v in values)


def parse_scores(values: list[str], *, board: str) -> tuple[int, ...] | None:
    """Final scores per seat of a mahjong table: all seats filled, or none."""
    cleaned = [_amount_text(v) for v in values]
    if not any(cleaned):
        return None
    if not all(cleaned):
        raise InputError(f"table {board}: fill in a score for every seat, or none", field="scores")
    try:
        return tuple(int(v) for v in cleaned)
    except ValueError:
        raise InputError(f"table {board}: scores must be whole numbers, got {_shown(cleaned)}", field="scores") from None


def parse_penalties(values: list[str], *, board: str) -> tuple[int, ...] | None:
    """Penalties per seat (chombo), positive amounts subtracted after uma; all empty = none."""
    cleaned = [_amount_text(v) for v in values]
    if not any(cleaned):
        return None
    try:
        amounts = tuple(int(v) if v else 0 for v in cleaned)
    except ValueError:
        raise InputError(f"table {board}: penalties must be whole numbers, got {_shown(cleaned)}",
                         field="penalties") from None
    from fairdraw.scoring.mahjong import check_penalties

    problem = check_penalties(amounts, len(amounts))  # none negative, none beyond any game's
    if problem:
        raise InputError(f"table {board}: {problem}", field="penalties")
    return amounts if any(amounts) else None


# --- standings -----------------------------------------------------------------------


@dataclass
class StandingsTable:
    """One ranked table (one per group for Meerkamp-style events)."""

    group: str | None
    codes: list[str]
    rows: list[dict[str, Any]]
    scoring: str = ""
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class Standings:
    """Every table of an event's standings."""

    tables: list[StandingsTable]

    @property
    def rows(self) -> list[dict[str, Any]]:
        return [row for table in self.tables for row in table.rows]


def _number(value: Any) -> int | float:
    """Points as the CLI's JSON writes them: whole numbers as int, else 6 decimals."""
    from fractions import Fraction

    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    if isinstance(value, int):
        return value
    return round(float(value), 6)


def _is_tables(schedule: Schedule) -> bool:
    return any(len(t.seats) > 2 for r in schedule.rounds for t in r.tables)


def check_table_scores(scores: tuple[int, ...], *, board: str, scoring: str | None,
                       scoring_options: dict[str, Any]) -> None:
    """Refuse mahjong scores that cannot be right (they must add up to the seats' start
    scores, issue 6), with the scoring layer's own check, when it is installed."""
    if scoring not in (None, "", "mahjong"):
        return
    try:
        from fairdraw.scoring.mahjong import check_game, params_from
    except ImportError:
        return
    try:
        params = params_from(dict(scoring_options))
    except (ValueError, TypeError) as exc:
        raise InputError(f"scoring options: {exc}", field="options") from None
    problem = check_game(scores, len(scores), params)
    if problem:
        raise InputError(f"table {board}: {problem}", field="scores")


def standings(schedule: Schedule, *, scoring: str | None, tiebreaks: str | None,
              scoring_options: dict[str, Any] | None = None) -> Standings:
    """Standings from the scoring layer of issue 6 (``fairdraw.scoring``).

    Raises ``UnavailableError`` while that layer is not installed, and ``InputError``
    for a scoring or tie-break code it does not know; never invents a table.
    """
    try:
        from fairdraw.scoring.standings import compute_group_standings
    except ImportError:
        raise UnavailableError("standings are not available yet: the scoring layer (issue 6) is not installed") from None
    if not any(t.result is not None or t.scores is not None or any(getattr(g, "scores", None) for g in t.games)
               for r in schedule.rounds for t in r.tables):
        return Standings(tables=[])
    codes = None
    if tiebreaks:
        codes = [] if tiebreaks.strip().lower() == "none" else [c for c in tiebreaks.split(",") if c]
    chosen: Any = scoring or None
    try:
        if scoring_options:
            from fairdraw.scoring import get_scoring
            from fairdraw.scoring.standings import default_scoring

            chosen = get_scoring(scoring or default_scoring(schedule), **scoring_options)
        computed = compute_group_standings(schedule, chosen, codes)
    except (KeyError, ValueError, TypeError) as exc:
        raise InputError(f"standings: {exc.args[0] if exc.args else exc}", field="scoring") from None
    tables = []
    for st in computed:
        rows = [
            {"rank": r.rank, "id": r.id, "name": r.name, "number": r.number, "points": _number(r.points),
             "tiebreaks": {k: _number(v) for k, v in r.tiebreaks.items()}}
            for r in st.rows
        ]
        tables.append(StandingsTable(group=st.group, codes=list(st.tiebreaks), rows=rows, scoring=st.scoring,
                                     meta=_json_safe(st.meta)))
    return Standings(tables=tables)


# --- exports -------------------------------------------------------------------------


#: what a mahjong seating records of how it was drawn (``systems/mahjong``'s meta), carried into
#: the export so that ``fairdraw check --redraw`` can draw it again; the figures (metrics) are
#: not carried: an undo or a re-made round would leave them stale; ``reseats``, the record of each
#: re-seat the page made after a player left or joined (``pages.draw_record_meta``)
DRAW_RECORD_KEYS = ("table_size", "seats", "rounds_total", "draw", "ranked_last", "separation", "reseats",
                    "seated_by_ranking", "joined", "left", "withdrawn")


def export_json(schedule: Schedule, *, scoring: str | None = None, tiebreaks: str | None = None,
                options: dict[str, Any] | None = None, made_with: dict[str, Any] | None = None,
                withdrawn: Collection[int] = (), requested: dict[int, str] | None = None,
                later: dict[int, dict[int, str]] | None = None) -> str:
    """The shared schedule JSON (``fairdraw.schedule/1``) with results, and the event's
    scoring in ``meta.scoring`` (name, options, tie-breaks), so ``fairdraw standings``
    on the file gives the page's standings (a start score of 25,000 must travel with it; the
    name is the system's default when the event names none, ``scoring_used``: options under no
    name were read by no scoring). A Swiss or Keizer event carries what its pairing is given
    (``pairing_records``: forbidden pairs, a Keizer ladder's settings, the Dutch's points), so
    ``fairdraw pair`` on the file makes the page's next round.
    ``made_with``, the meta stored with the event's first round, gives a mahjong seating its
    draw record (``DRAW_RECORD_KEYS``), as `fairdraw seat` writes it, and a league re-planned on
    the page its ``joined`` / ``left`` records. ``withdrawn``, the
    players withdrawn on the page, travels as ``fairdraw pair --withdraw`` records it
    (``withdrawn_records``), so `pair` on the file leaves them out as the page does; and
    ``requested``, the byes asked for the next round, as ``meta.requested_byes`` (`pair` reads it),
    and ``later``, those asked ahead for later rounds, as ``meta.byes_later`` (`pair` takes each
    in its round and keeps the rest in the JSON it writes)."""
    if schedule.system == "mahjong" and made_with and isinstance(made_with.get("draw"), dict):
        record = {key: made_with[key] for key in DRAW_RECORD_KEYS if key in made_with}
        schedule = replace(schedule, meta={**record, **schedule.meta})
    if schedule.system == "mahjong-league" and made_with:
        # a season re-planned on the page: who joined and left when (``pages.draw_record_meta``),
        # as `league-reseat` writes it, so `fairdraw check` on the export expects them away
        changes: dict[str, Any] = {key: made_with[key] for key in ("joined", "left") if key in made_with}
        schedule = replace(schedule, meta={**changes, **schedule.meta})
    schedule = _per_round_records(schedule, withdrawn, requested, later, scoring, options)
    if withdrawn and schedule.system == "mahjong":
        schedule = replace(schedule, meta={**schedule.meta, **seating_leavers(schedule, withdrawn)})
    _, scoring_options = split_options(dict(options or {}))
    name = scoring_used(schedule, scoring)
    if name or scoring_options or tiebreaks:
        recorded: dict[str, Any] = {}
        if name:
            recorded["name"] = name
        if scoring_options:
            recorded["options"] = scoring_options
        if tiebreaks:
            recorded["tiebreaks"] = tiebreaks
        schedule = replace(schedule, meta={**schedule.meta, "scoring": recorded})
    return dump_schedule(schedule)


#: the options a per-round system is paired by that the exports carry in ``meta``, under the
#: names ``fairdraw pair`` reads there (``cli.swiss.load_request``) and writes back into the JSON
#: it writes; the TRF16 export writes those TRF16 has records for (XXP, XXA, XXC, 192, BB lines)
EXPORTED_PAIRING_OPTIONS = ("forbidden_pairs", "accelerations", "initial_colour", "baku", "rematch_after", "keizer",
                            "points")
#: options of a per-round system that change no pairing, so nothing to export: the club Swiss's
#: ``analyse_limit`` says how far its explanation of a round goes
OPTIONS_NOT_PAIRED_BY = ("analyse_limit",)


def pairing_records(system: str, scoring: str | None, options: dict[str, Any] | None) -> dict[str, Any]:
    """What the pairing of a per-round event is given besides its field and rounds
    (``event_settings.pairing_options``, ``EXPORTED_PAIRING_OPTIONS``), as a schedule JSON's
    ``meta`` records it: ``forbidden_pairs`` (ids), ``rematch_after`` and ``keizer`` (a Keizer
    ladder's scoring settings), ``points`` (the Dutch's point system, in points). Why: the page
    paired by them and the exports left them out, so `pair` on the export paired a forbidden
    pair, and a Keizer ladder under its defaults."""
    from fairdraw.formats.trf import point_system_to_meta

    if system_kind(system) != "per-round":
        return {}
    stored = dict(options or {})
    try:
        given = pairing_options(system, scoring, stored)
    except InputError:
        # points the Dutch cannot pair on, stored before the settings refused them: the page
        # cannot pair the event either, but its export must still be made (a copy to keep)
        given = pairing_options(system, scoring, split_options(stored)[0])
    records: dict[str, Any] = {}
    for key in EXPORTED_PAIRING_OPTIONS:
        value = given.get(key)
        if key == "points" and value is not None:
            value = point_system_to_meta(value)
        if value is None or value == [] or value == {}:
            continue
        records[key] = _json_safe(value)
    return records


def scoring_used(schedule: Schedule, scoring: str | None) -> str | None:
    """The scoring the page ranks the event by: the one named, else the default the standings
    take (``scoring.standings.default_scoring``: Keizer for a Keizer ladder, mahjong for tables of
    more than two, else standard); before any round is made, the system's game decides
    (``event_settings.default_scorings``), and None when that is unknown (a system from elsewhere)."""
    from fairdraw.scoring.standings import default_scoring

    if scoring:
        return scoring
    if schedule.rounds:
        return default_scoring(schedule)
    candidates = default_scorings(schedule.system)
    return candidates[0] if len(candidates) == 1 else None


def withdrawn_records(schedule: Schedule, withdrawn: Collection[int]) -> dict[str, Any]:
    """``meta.withdrawn`` (ids) and ``meta.withdrawn_at`` (id -> the round from which each is
    left out) of a per-round event, as ``fairdraw pair --withdraw`` writes them (`undo` of that
    round takes the withdrawal back). The page does not store when a player withdrew: the round
    is the first of the run of absences that ends the rounds paired, else the next round."""
    at: dict[str, int] = {}
    for pid in sorted(withdrawn):
        first = len(schedule.rounds) + 1
        for rnd in reversed(schedule.rounds):
            if not any(b.id == pid and b.kind == "absent" for b in rnd.byes):
                break
            first = rnd.round
        at[str(pid)] = first
    return {"withdrawn": sorted(withdrawn), "withdrawn_at": at}


def seating_leavers(schedule: Schedule, withdrawn: Collection[int]) -> dict[str, Any]:
    """``meta.withdrawn`` and ``meta.left`` (id -> the first round no longer seating them) of a
    mahjong seating whose players were withdrawn on the page, as ``fairdraw reseat --drop``
    records them: `seat-ranked` on the export then leaves them out of the rounds seated by
    ranking, as the page does, and `check --everyone` expects them away (the export named none,
    so the command line seated a withdrawn player the page had left out)."""
    left = {str(k): v for k, v in (schedule.meta.get("left") or {}).items()}
    for pid in sorted(withdrawn):
        first = len(schedule.rounds) + 1
        for rnd in reversed(schedule.rounds):
            if pid in rnd.placed_ids():
                break
            first = rnd.round
        left.setdefault(str(pid), first)
    return {"withdrawn": sorted({*(schedule.meta.get("withdrawn") or []), *withdrawn}), "left": left}


def _per_round_records(schedule: Schedule, withdrawn: Collection[int], requested: dict[int, str] | None,
                       later: dict[int, dict[int, str]] | None, scoring: str | None,
                       options: dict[str, Any] | None) -> Schedule:
    """A per-round event's schedule with what the page keeps beside its rounds, as an event JSON
    records it (the withdrawals, the byes asked, the pairing settings): one place for the JSON
    and TRF16 exports, so both carry the same. Other schedules come back as they are."""
    if system_kind(schedule.system) != "per-round" or _is_tables(schedule):
        return schedule
    if withdrawn:
        schedule = replace(schedule, meta={**schedule.meta, **withdrawn_records(schedule, withdrawn)})
    schedule = _with_requested_byes(schedule, requested, later)
    return replace(schedule, meta={**schedule.meta, **pairing_records(schedule.system, scoring, options)})


def _with_requested_byes(schedule: Schedule, requested: dict[int, str] | None,
                         later: dict[int, dict[int, str]] | None) -> Schedule:
    """The schedule with the byes asked on the page as the event JSON records them: the next
    round's in ``meta.requested_byes`` ({id: kind}), later rounds' in ``meta.byes_later``
    (round -> {id: kind}), the keys the CLI's ``pair`` and ``trf`` read."""
    meta = dict(schedule.meta)
    if requested:
        meta["requested_byes"] = {str(pid): kind for pid, kind in sorted(requested.items())}
    if later:
        meta["byes_later"] = {str(number): {str(pid): kind for pid, kind in sorted(asked.items())}
                              for number, asked in sorted(later.items()) if asked}
    return replace(schedule, meta=meta) if meta != schedule.meta else schedule


def export_trf(schedule: Schedule, *, name: str = "", total_rounds: int | None = None,
               withdrawn: Collection[int] = (), requested: dict[int, str] | None = None,
               later: dict[int, dict[int, str]] | None = None, scoring: str | None = None,
               options: dict[str, Any] | None = None) -> str:
    """The event as TRF16 (``formats.trf_export``, shared with ``fairdraw trf``). ``withdrawn``, the
    players withdrawn on the page, ``requested``, the byes asked for the next round, and ``later``,
    those asked ahead for later rounds, go in as the JSON export carries them
    (``withdrawn_records``, ``meta.requested_byes``, ``meta.byes_later``), so the file announces
    them in their rounds' columns ("0000 - -", "0000 - H", "0000 - Z") as ``fairdraw trf`` writes
    the JSON export: the page's TRF16 left them out, and an import of it paired them. The event's
    pairing settings (``pairing_records`` from ``scoring`` and ``options``) go in as the JSON's do,
    so forbidden pairs become XXP lines and a football-scored Dutch event's points BB lines."""
    from fairdraw.formats.trf_export import schedule_to_trf

    schedule = _per_round_records(schedule, withdrawn, requested, later, scoring, options)
    return schedule_to_trf(schedule, name=name, total_rounds=total_rounds)


def export_csv(schedule: Schedule) -> str:
    """One row per seat and per bye, with the result or score and the chombo penalty: easy to
    open in a spreadsheet. A league group that plays several hanchan gets one row per game and
    seat (its ``game`` column numbered), since each hanchan has its own seats and scores."""
    from fairdraw.formats.csv_cells import spreadsheet_writer
    from fairdraw.formats.render import seat_labels

    names = {p.id: p.name for p in schedule.players}
    out = io.StringIO()
    writer = spreadsheet_writer(out)  # every cell: a name, a group, a result "+/-": never a formula
    writer.writerow(["round", "group", "table", "game", "seat", "id", "number", "name", "result", "score",
                     "penalty"])

    def seat_rows(rnd: int, table: Table, game: int | str, seats: tuple[int, ...], result: str,
                  scores: tuple[int, ...] | None, penalties: tuple[int, ...] | None) -> None:
        for index, (seat, pid) in enumerate(zip(seat_labels(len(seats)), seats, strict=True)):
            score = scores[index] if scores is not None and index < len(scores) else ""
            penalty = penalties[index] if penalties is not None and index < len(penalties) else ""
            writer.writerow([rnd, table.group or "", table.table, game, seat, pid, schedule.number_of(pid),
                             names.get(pid, ""), result, score, penalty])

    for rnd in schedule.rounds:
        for table in rnd.tables:
            if table.games:
                for game in table.games:
                    seat_rows(rnd.round, table, game.game, game.seats, "", game.scores, game.penalties)
            else:
                seat_rows(rnd.round, table, "", table.seats, table.result or "", table.scores, table.penalties)
        for bye in rnd.byes:
            writer.writerow([rnd.round, "", "", "", bye.kind, bye.id, schedule.number_of(bye.id),
                             names.get(bye.id, ""), "", "", ""])
    return out.getvalue()


def export_players_csv(schedule: Schedule) -> str:
    """The field as a players CSV that ``fairdraw`` reads back (issue 2, item 4): a name, club or
    federation a spreadsheet would run gets its apostrophe, which the players reader takes off
    again (``formats.csv_cells``), so the file is safe to open and reads back as typed."""
    from fairdraw.formats.csv_cells import spreadsheet_writer

    out = io.StringIO()
    writer = spreadsheet_writer(out)
    writer.writerow(["id", "name", "rating", "federation", "club"])
    for p in schedule.players:
        writer.writerow([p.id, p.name, "" if p.rating is None else p.rating, p.federation or "", p.club or ""])
    return out.getvalue()
