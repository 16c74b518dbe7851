"""Standings: points from a scoring, then tie-breaks in the order asked (pure).

Participants are ordered by points, then by each tie-break in turn. A tie-break that
depends on who is still tied (direct encounter) is computed per group of participants
equal on everything before it, as FIDE C.07 (2023) art. 6 requires. Participants equal
on every criterion share a rank (FIDE C.07 art. 1: the tie stands) and are listed by
pairing number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations
from typing import Any

from fairdraw.core.model import Schedule
from fairdraw.scoring.base import ScoreSheet, Scoring, get_scoring
from fairdraw.scoring.mahjong import MahjongScoring, all_game_results
from fairdraw.scoring.results import chess_entries, is_mahjong
from fairdraw.scoring.standard import StandardScoring
from fairdraw.tiebreaks.base import TieBreakContext, get_tiebreak, parse_spec, refuse_repeated_tiebreaks


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings."""

    rank: int
    id: int
    name: str
    number: int
    points: Fraction
    tiebreaks: dict[str, Fraction]


@dataclass(frozen=True)
class Standings:
    """The ordered rows, the scoring and tie-break codes used, and the scoring's facts."""

    rows: tuple[StandingRow, ...]
    scoring: str
    tiebreaks: tuple[str, ...]
    meta: dict[str, Any] = field(default_factory=dict)
    group: str | None = None


def chess_groups(schedule: Schedule) -> dict[str, list[int]]:
    """Groups of a chess schedule with groups (Meerkamp): group name -> its participants'
    ids, in order of first appearance. Empty when no two-seat table names a group."""
    groups: dict[str, list[int]] = {}
    for rnd in schedule.rounds:
        for table in rnd.tables:
            if table.group is not None and len(table.seats) == 2:
                members = groups.setdefault(table.group, [])
                members.extend(pid for pid in table.seats if pid not in members)
    return groups


def restrict(schedule: Schedule, ids: Sequence[int]) -> Schedule:
    """The part of a schedule that concerns these participants only (one group's own event)."""
    keep = set(ids)
    rounds = tuple(
        replace(
            rnd,
            tables=tuple(t for t in rnd.tables if keep.intersection(t.seats)),
            byes=tuple(b for b in rnd.byes if b.id in keep),
        )
        for rnd in schedule.rounds
    )
    rounds = tuple(r for r in rounds if r.tables or r.byes)
    return replace(schedule, players=tuple(p for p in schedule.players if p.id in keep), rounds=rounds)


def compute_group_standings(
    schedule: Schedule, scoring: Scoring | str | None = None, tiebreaks: Sequence[str] | None = None
) -> list[Standings]:
    """One standings table per group for chess schedules with groups (seed 002's Meerkamp:
    every group is its own round robin), else a single one."""
    groups = chess_groups(schedule) if not is_mahjong(schedule) else {}
    if not groups:
        return [compute_standings(schedule, scoring, tiebreaks)]
    out = []
    for name, ids in groups.items():
        st = compute_standings(restrict(schedule, ids), scoring, tiebreaks)
        out.append(replace(st, group=name))
    return out


#: Systems that never make round robins, even when every pair happens to have met.
SWISS_SYSTEMS = frozenset({"dutch", "club-swiss", "swiss"})
#: Systems whose schedules are all-play-all (within each group).
ROUND_ROBIN_SYSTEMS = frozenset({"berger", "varma", "meerkamp", "roundrobin", "round-robin"})


def is_round_robin(schedule: Schedule) -> bool:
    """An all-play-all: made by a round-robin system, or every pair of participants is
    seated at a two-seat table at least once."""
    if schedule.system in ROUND_ROBIN_SYSTEMS:
        return True
    if schedule.system in SWISS_SYSTEMS:
        return False
    met = {frozenset(t.seats) for r in schedule.rounds for t in r.tables if len(t.seats) == 2}
    ids = [p.id for p in schedule.players]
    return len(ids) > 1 and all(frozenset(pair) in met for pair in combinations(ids, 2))


def default_scoring(schedule: Schedule) -> str:
    """The scoring a schedule is ranked by unless one is named: mahjong for tables of more
    than two, Keizer for a Keizer ladder (its rounds are paired from that ranking), else
    standard chess."""
    if is_mahjong(schedule):
        return "mahjong"
    return "keizer" if schedule.system == "keizer" else "standard"


def default_tiebreaks(schedule: Schedule, scoring: Scoring) -> list[str]:
    """In the spirit of FIDE C.07 (2023)'s recommended lists: round robins DE, SB, WIN, KS; Swiss
    BH:C1, BH, SB (plus DE); mahjong: best game, then placements; Keizer none (its points
    already weigh the opposition)."""
    if scoring.game == "mahjong":
        return ["BEST", "PLC"]
    if scoring.name == "keizer":
        return []
    if is_round_robin(schedule):
        return ["DE", "SB", "WIN", "KS"]
    return ["BH:C1", "BH", "SB", "DE"]


def build_context(schedule: Schedule, scoring: Scoring, sheet: ScoreSheet) -> TieBreakContext:
    """The facts tie-breaks read, for chess or mahjong."""
    if scoring.game == "mahjong":
        assert isinstance(scoring, MahjongScoring)
        per_round = sheet.per_round or {pid: {} for pid in sheet.points}
        return TieBreakContext(
            schedule=schedule,
            sheet=sheet,
            entries={pid: [] for pid in sheet.points},
            round_points=per_round,
            totals=dict(sheet.points),
            win=Fraction(0),
            draw=Fraction(0),
            mahjong=tuple(all_game_results(schedule, scoring.params)),
        )
    entries = chess_entries(schedule)
    points_system = scoring if isinstance(scoring, StandardScoring) else StandardScoring()
    game_points = sheet.per_round if sheet.per_round is not None else points_system.score(schedule).per_round
    assert game_points is not None
    totals = {pid: sum(r.values(), Fraction(0)) for pid, r in game_points.items()}
    return TieBreakContext(
        schedule=schedule,
        sheet=sheet,
        entries=entries,
        round_points=game_points,
        totals=totals,
        win=points_system.values["W"],
        draw=points_system.values["D"],
        round_robin=is_round_robin(schedule),
    )


def compute_standings(
    schedule: Schedule,
    scoring: Scoring | str | None = None,
    tiebreaks: Sequence[str] | None = None,
) -> Standings:
    """The standings of ``schedule`` under ``scoring`` (default: standard chess, or mahjong
    for schedules with tables of more than two) and the tie-breaks asked (default: see
    ``default_tiebreaks``). ValueError/KeyError name an unknown or unsuitable code."""
    if scoring is None:
        scoring = default_scoring(schedule)
    if isinstance(scoring, str):
        scoring = get_scoring(scoring)
    if scoring.game == "chess" and is_mahjong(schedule):
        raise ValueError(f"the scoring {scoring.name!r} is for chess but this schedule has mahjong tables")
    if scoring.game == "mahjong" and not is_mahjong(schedule) and schedule.rounds:
        raise ValueError("the mahjong scoring needs tables of four (this schedule has chess boards)")
    codes = list(tiebreaks) if tiebreaks is not None else default_tiebreaks(schedule, scoring)
    specs = [parse_spec(c) for c in codes]
    refuse_repeated_tiebreaks(specs)
    breakers = [get_tiebreak(s) for s in specs]
    for spec, tb in zip(specs, breakers, strict=True):
        if tb.game != scoring.game:
            raise ValueError(
                f"the tie-break {spec.text} is for {tb.game}, but the scoring {scoring.name!r} is for {scoring.game}"
            )
    sheet = scoring.score(schedule)
    ctx = build_context(schedule, scoring, sheet)

    ids = [p.id for p in schedule.players]
    if sheet.order is not None and set(sheet.order) == set(ids):
        place = {pid: index for index, pid in enumerate(sheet.order)}
        keys: dict[int, list[Fraction]] = {pid: [Fraction(place[pid])] for pid in ids}
    else:
        keys = {pid: [-sheet.points[pid]] for pid in ids}
    values: dict[int, dict[str, Fraction]] = {pid: {} for pid in ids}
    for spec, tb in zip(specs, breakers, strict=True):
        shown: dict[int, Fraction] = {}
        order: dict[int, Fraction] = {}
        for group in _groups(ids, keys) if tb.per_group else [ids]:
            group_shown, group_order = tb.order_values(ctx, spec, group)
            shown.update(group_shown)
            order.update(group_order)
        for pid in ids:
            values[pid][spec.text] = shown[pid]
            keys[pid].append(-order[pid])
    number = {pid: schedule.number_of(pid) for pid in ids}
    names = {p.id: p.name for p in schedule.players}
    ranked = sorted(ids, key=lambda pid: (keys[pid], number[pid]))
    rows: list[StandingRow] = []
    for index, pid in enumerate(ranked):
        rank = index + 1 if index == 0 or keys[ranked[index - 1]] != keys[pid] else rows[-1].rank
        rows.append(StandingRow(rank, pid, names[pid], number[pid], sheet.points[pid], values[pid]))
    return Standings(tuple(rows), scoring.name, tuple(s.text for s in specs), dict(sheet.meta))


def _groups(ids: list[int], keys: dict[int, list[Fraction]]) -> list[list[int]]:
    groups: dict[tuple[Fraction, ...], list[int]] = {}
    for pid in ids:
        groups.setdefault(tuple(keys[pid]), []).append(pid)
    return list(groups.values())
