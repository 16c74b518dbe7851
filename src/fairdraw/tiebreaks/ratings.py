"""FIDE tie-breaks from the opponents' ratings (C.07, Tie-Break Regulations, 2023, section 10):
the average rating of opponents (ARO) and the tournament performance rating (TPR), with FIDE's
conversion from a percentage score to a rating difference.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import ClassVar

from fairdraw.scoring.results import ChessEntry
from fairdraw.tiebreaks.base import TieBreak, TieBreakContext, TieBreakSpec, register_tiebreak


#: a game's result as a score fraction, for the rating tie-breaks (TPR, PTP)
OUTCOME_VALUE = {"W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0)}


def rated_games(ctx: TieBreakContext, pid: int, unrated_rating: int = 0) -> list[tuple[int, ChessEntry]]:
    """The games played over the board with each opponent's rating; an unrated opponent is
    left out, or counted at ``unrated_rating`` when the tournament gives one (``:U1400``)."""
    ratings = {p.id: p.rating for p in ctx.schedule.players}
    games = []
    for e in ctx.entries[pid]:
        if e.played and e.opponent is not None:
            rating = ratings.get(e.opponent) or unrated_rating
            if rating:
                games.append((rating, e))
    return games


def kept_rated_games(ctx: TieBreakContext, pid: int, spec: TieBreakSpec) -> list[tuple[int, ChessEntry]]:
    """``rated_games`` less the cut (C.07 2023 section 14: ``:C1`` the lowest-rated opponent,
    ``:M1`` also the highest). An opponent met over the board without a rating is already out
    of the average, so while one is left a cut (low or high) is spent on it instead of on a
    rated game: a cut removes one opponent, not one rated opponent (as FIDE's Technical
    Commission's tie-break server reads it)."""
    games = sorted(rated_games(ctx, pid, spec.unrated_rating), key=lambda game: game[0])
    unrated = sum(1 for e in ctx.entries[pid] if e.played and e.opponent is not None) - len(games)
    for cuts, end in ((spec.cut_low, 0), (spec.cut_high, -1)):  # the lowest first, then the highest
        for _ in range(cuts):
            if unrated > 0:
                unrated -= 1
            elif games:
                games.pop(end)
    return games


def round_half_up(value: Fraction) -> int:
    return int((value * 2 + 1) // 2)


def average_rating(games: list[tuple[int, ChessEntry]]) -> int:
    """The opponents' average rating over ``games`` (not empty), rounded half up (C.07 art. 10.1),
    which ARO reports and TPR starts from."""
    return round_half_up(Fraction(sum(rating for rating, _ in games), len(games)))


@register_tiebreak
class AverageRatingOfOpponents(TieBreak):
    """C.07 (2023) art. 10.1 ARO: the average rating of the opponents met over the board
    (unrated opponents left out), rounded to the nearest whole number."""

    code: ClassVar[str] = "ARO"
    description: ClassVar[str] = "Average rating of the opponents played (ARO:C1 cuts the lowest, ARO:M1 also the highest)"
    accepts_cuts: ClassVar[bool] = True
    accepts_median: ClassVar[bool] = True
    accepts_unrated: ClassVar[bool] = True

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        out = {}
        for pid in players:
            games = kept_rated_games(ctx, pid, spec)
            out[pid] = Fraction(average_rating(games)) if games else Fraction(0)
        return out


#: FIDE's conversion from a percentage score p to a rating difference dp (FIDE rating
#: regulations B.02 table 8.1.1), for p from 0.50 to 1.00 in hundredths; below 0.50 the
#: difference is the negative of that for 1 - p.
_DP = (
    0,
    7,
    14,
    21,
    29,
    36,
    43,
    50,
    57,
    65,
    72,
    80,
    87,
    95,
    102,
    110,
    117,
    125,
    133,
    141,
    149,
    158,
    166,
    175,
    184,
    193,
    202,
    211,
    220,
    230,
    240,
    251,
    262,
    273,
    284,
    296,
    309,
    322,
    336,
    351,
    366,
    383,
    401,
    422,
    444,
    470,
    501,
    538,
    589,
    677,
    800,
)


def rating_difference(p: Fraction) -> int:
    """dp for a score fraction p (rounded to hundredths, as the table is read)."""
    hundredths = round_half_up(p * 100)
    if hundredths >= 50:
        return _DP[hundredths - 50]
    return -_DP[50 - hundredths]


@register_tiebreak
class PerformanceRating(TieBreak):
    """C.07 (2023) art. 10.2 TPR: ARO plus the rating difference dp of the percentage
    scored in those games (FIDE's conversion table)."""

    code: ClassVar[str] = "TPR"
    description: ClassVar[str] = "Tournament performance rating: ARO + dp(percentage scored); TPR:C1 cuts as ARO:C1"
    accepts_cuts: ClassVar[bool] = True
    accepts_median: ClassVar[bool] = True
    accepts_unrated: ClassVar[bool] = True

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        out = {}
        for pid in players:
            games = kept_rated_games(ctx, pid, spec)
            if not games:
                out[pid] = Fraction(0)
                continue
            p = sum((OUTCOME_VALUE[e.outcome] for _, e in games), Fraction(0)) / len(games)
            out[pid] = Fraction(average_rating(games) + rating_difference(p))
        return out


