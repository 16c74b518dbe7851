"""FIDE tie-breaks that average a value over the opponents, and the perfect performance.

C.07 (2023): PTP (perfect tournament performance, section 10), APRO and APPO (the average of
the opponents' TPR and PTP, section 10), AOB (the average of the opponents' Buchholz,
section 8). "Opponents" are those met over the board: a forfeit or a bye brings no opponent
whose strength says anything about the participant's. As in FIDE's Technical Commission's
tie-break server, an opponent whose value is 0 (no rated game, no Buchholz) is left out of the
average rather than pulling it down; APRO and APPO are rounded to a whole number and AOB to
hundredths, half up.

Why a module of its own: these read other tie-breaks' values for every participant (each
opponent's TPR, PTP or Buchholz) and are computed once per standings, in ``ctx.cache``.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction
from typing import ClassVar

from fairdraw.tiebreaks.base import TieBreak, TieBreakContext, TieBreakSpec, cached, parse_spec, register_tiebreak
from fairdraw.tiebreaks.chess import Buchholz
from fairdraw.tiebreaks.ratings import OUTCOME_VALUE, PerformanceRating, kept_rated_games, round_half_up

#: FIDE rating regulations (B.02, table 8.1.2, rating difference D to scoring probability PD):
#: the smallest |D| at which the higher-rated player's PD is 0.50, 0.51, ..., 1.00; a
#: difference above 800 is read as 800.
_PD_FROM = (
    0, 4, 11, 18, 26, 33, 40, 47, 54, 62, 69, 77, 84, 92, 99, 107, 114, 122, 130, 138, 146,
    154, 163, 171, 180, 189, 198, 207, 216, 226, 236, 246, 257, 268, 279, 291, 303, 316, 329,
    345, 358, 375, 392, 412, 433, 457, 485, 518, 560, 620, 736,
)
_WIDEST = 800


def expected_score(rating: int, opponent: int) -> Fraction:
    """PD of a player rated ``rating`` against ``opponent`` (FIDE B.02 table 8.1.2)."""
    difference = min(abs(rating - opponent), _WIDEST)
    pd = Fraction(50 + bisect_right(_PD_FROM, difference) - 1, 100)
    return pd if rating >= opponent else 1 - pd


def perfect_performance(score: Fraction, opponents: Sequence[int]) -> int:
    """C.07 (2023) section 10, PTP: the lowest rating whose expected score against
    ``opponents`` (their ratings) reaches ``score``; for a score of 0, the lowest opponent's
    rating less 800. 0 when there is no opponent."""
    if not opponents:
        return 0
    if score <= 0:
        return min(opponents) - _WIDEST
    low, high = min(opponents) - _WIDEST, max(opponents) + _WIDEST  # expected 0 at low, all at high
    if sum(expected_score(high, r) for r in opponents) < score:
        return high  # more than the games allow: not a real score
    while high - low > 1:  # invariant: expected(low) < score <= expected(high)
        middle = (low + high) // 2
        if sum(expected_score(middle, r) for r in opponents) >= score:
            high = middle
        else:
            low = middle
    return high


def _perfect_performances(ctx: TieBreakContext, spec: TieBreakSpec) -> dict[int, Fraction]:
    out = {}
    for pid in ctx.entries:
        games = kept_rated_games(ctx, pid, spec)
        score = sum((OUTCOME_VALUE[e.outcome] for _, e in games), Fraction(0))
        out[pid] = Fraction(perfect_performance(score, [r for r, _ in games]))
    return out


def _opponent_average(ctx: TieBreakContext, players: Sequence[int], values: dict[int, Fraction],
                      step: Fraction) -> dict[int, Fraction]:
    """For each participant, the average of ``values`` over the opponents met over the board
    (a 0 left out), rounded half up to a multiple of ``step``."""
    out = {}
    for pid in players:
        met = [values[e.opponent] for e in ctx.entries[pid] if e.played and e.opponent is not None]
        met = [v for v in met if v > 0]
        mean = sum(met, Fraction(0)) / len(met) if met else Fraction(0)
        out[pid] = round_half_up(mean / step) * step
    return out


def _opponents_spec(base: str, spec: TieBreakSpec) -> TieBreakSpec:
    """The plain ``base`` (TPR or PTP) each opponent is measured by, with ``spec``'s rating
    for unrated players (``APRO:U1400`` averages the opponents' ``TPR:U1400``)."""
    return parse_spec(f"{base}:U{spec.unrated_rating}")


@register_tiebreak
class PerfectPerformance(TieBreak):
    """C.07 (2023) section 10, PTP: see ``perfect_performance``; rated opponents met over the
    board, unrated ones left out as in ARO and TPR."""

    code: ClassVar[str] = "PTP"
    description: ClassVar[str] = "Perfect tournament performance: the lowest rating expected to score as much (PTP:C1 cuts as ARO:C1)"
    accepts_cuts: ClassVar[bool] = True
    accepts_median: ClassVar[bool] = True
    accepts_unrated: ClassVar[bool] = True

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        every = cached(ctx, spec.text, lambda: _perfect_performances(ctx, spec))
        return {pid: every[pid] for pid in players}


@register_tiebreak
class AveragePerformanceOfOpponents(TieBreak):
    """C.07 (2023) section 10, APRO: the average of the opponents' TPR."""

    code: ClassVar[str] = "APRO"
    description: ClassVar[str] = "Average of the opponents' tournament performance ratings"
    accepts_unrated: ClassVar[bool] = True

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        each = _opponents_spec("TPR", spec)  # the opponents' TPR with the same rating for unrated players
        tpr = cached(ctx, each.text, lambda: PerformanceRating().compute(ctx, each, list(ctx.entries)))
        return _opponent_average(ctx, players, tpr, Fraction(1))


@register_tiebreak
class AveragePerfectPerformanceOfOpponents(TieBreak):
    """C.07 (2023) section 10, APPO: the average of the opponents' PTP."""

    code: ClassVar[str] = "APPO"
    description: ClassVar[str] = "Average of the opponents' perfect tournament performances"
    accepts_unrated: ClassVar[bool] = True

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        each = _opponents_spec("PTP", spec)
        ptp = cached(ctx, each.text, lambda: _perfect_performances(ctx, each))
        return _opponent_average(ctx, players, ptp, Fraction(1))


@register_tiebreak
class AverageOpponentBuchholz(TieBreak):
    """C.07 (2023) section 8, AOB: the average of the opponents' Buchholz (each computed as
    ``BH``, with its unplayed-round rules and no modifier)."""

    code: ClassVar[str] = "AOB"
    description: ClassVar[str] = "Average of the opponents' Buchholz, to hundredths"

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        plain = TieBreakSpec("BH", "BH")
        bh = cached(ctx, "BH", lambda: Buchholz().compute(ctx, plain, list(ctx.entries)))
        return _opponent_average(ctx, players, bh, Fraction(1, 100))
