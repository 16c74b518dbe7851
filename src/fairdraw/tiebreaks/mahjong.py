"""Mahjong tie-breaks: after the total points, the best single game, then the placements.

These read the per-game results of the mahjong scoring (uma split on tied scores included),
so a shared first place counts as placement 1.5 for both players (PLC) and as a first place
for each of them (1ST).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import ClassVar, Literal

from fairdraw.scoring.mahjong import SeatResult
from fairdraw.tiebreaks.base import TieBreak, TieBreakContext, TieBreakSpec, cached, register_tiebreak


class _Mahjong(TieBreak):
    game: ClassVar[Literal["chess", "mahjong"]] = "mahjong"


@register_tiebreak
class BestGame(_Mahjong):
    """The best result of a single game (in thousands, uma and penalties included)."""

    code: ClassVar[str] = "BEST"
    description: ClassVar[str] = "Mahjong: best single game result"

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        best: dict[int, Fraction] = {}
        for r in ctx.mahjong:
            if r.player not in best or r.points > best[r.player]:
                best[r.player] = r.points
        return {pid: best.get(pid, Fraction(0)) for pid in players}


@register_tiebreak
class AveragePlacement(_Mahjong):
    """The average placement over the games played (lower is better; a tie for first is 1.5)."""

    code: ClassVar[str] = "PLC"
    description: ClassVar[str] = "Mahjong: average placement (lower is better)"
    higher_is_better: ClassVar[bool] = False

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        sums: dict[int, list[Fraction]] = {}
        for r in ctx.mahjong:
            sums.setdefault(r.player, []).append(r.placement)
        # without a game a player ranks as if last everywhere (lower is better here): last of a
        # game, which in a league group of 5 is a game of 4 (the group's inner games)
        worst = Fraction(max((len(g.seats) for rnd in ctx.schedule.rounds for t in rnd.tables
                              for g in (t.games or (t,))), default=4))
        return {pid: (sum(sums[pid], Fraction(0)) / len(sums[pid]) if pid in sums else worst) for pid in players}


@register_tiebreak
class FirstPlaces(_Mahjong):
    """The number of games finished first; a shared first place counts as one for each player
    sharing it.

    Why not ``placement < 2``: tied players share the places they occupy and their placement
    is the average of them (the uma split of ``fairdraw.scoring.mahjong``), so three tied
    for first place 2 each and four 2.5, the same number as a sole second or third. A first
    place is the top score of the game, however many share it (as they share its uma and oka).
    """

    code: ClassVar[str] = "1ST"
    description: ClassVar[str] = "Mahjong: number of first places (a shared first counts for each)"

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        keyed = [(_game_key(ctx, r), r) for r in ctx.mahjong]
        top: dict[tuple[object, ...], int] = {}
        for key, r in keyed:
            top[key] = max(top.get(key, r.score), r.score)
        counts: dict[int, int] = {}
        for key, r in keyed:
            if r.score == top[key]:
                counts[r.player] = counts.get(r.player, 0) + 1
        return {pid: Fraction(counts.get(pid, 0)) for pid in players}


def _game_key(ctx: TieBreakContext, r: SeatResult) -> tuple[object, ...]:
    """Which game a seat result belongs to: round, table and game, plus the players of that
    table, since groups of a league may each number a table 1 (the checker reads a table as
    group and number) and their games must not be compared with each other."""
    seatings = cached(ctx, "mahjong_seatings", lambda: _seatings(ctx))
    return (r.round, r.table, r.game, seatings.get((r.round, r.game, r.player), ()))


@register_tiebreak
class RawScore(_Mahjong):
    """The sum of the table scores minus the start score (in thousands), before uma."""

    code: ClassVar[str] = "RAW"
    description: ClassVar[str] = "Mahjong: total table score above the start, before uma"

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        start = int(ctx.sheet.meta.get("start", 30000))
        totals: dict[int, Fraction] = {}
        for r in ctx.mahjong:
            totals[r.player] = totals.get(r.player, Fraction(0)) + Fraction(r.score - start, 1000)
        return {pid: totals.get(pid, Fraction(0)) for pid in players}


def _seatings(ctx: TieBreakContext) -> dict[tuple[int, int, int], tuple[int, ...]]:
    """(round, game, player) -> the players of that game (game 0: the table itself)."""
    seatings: dict[tuple[int, int, int], tuple[int, ...]] = {}
    for rnd in ctx.schedule.rounds:
        for table in rnd.tables:
            games = [(g.game, g.seats) for g in table.games] or [(0, table.seats)]
            for game, seats in games:
                for pid in seats:
                    seatings[(rnd.round, game, pid)] = tuple(sorted(seats))
    return seatings
