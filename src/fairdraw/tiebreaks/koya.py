"""The Koya system (KS, C.07, Tie-Break Regulations, 2023, art. 9.2): points scored against the
opponents who scored at least half the maximum possible score.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import ClassVar

from fairdraw.tiebreaks.base import TieBreak, TieBreakContext, TieBreakSpec, register_tiebreak


def maximum_possible_score(ctx: TieBreakContext) -> Fraction:
    """The maximum possible score of the event over the rounds counted, for Koya's 50 % mark
    (C.07 (2023) art. 9.2).

    Round robin: the most any participant could have scored, i.e. for each participant a win
    for every round with a scheduled opponent (a game or a forfeit) plus what each round
    without one gave (the free round of an odd Berger field gives nothing, a Meerkamp
    sit-out its point); the largest of these. A single round robin of n players thus gives
    win x (n - 1), odd or even field (the odd field's free round lowers it from n rounds to
    n - 1 games), a double one twice that; a round robin still in progress counts the rounds
    with results so far. Anything else (a Swiss, where FIDE does not define KS): every round
    can bring a win's points, a pairing-allocated bye included, so win x rounds, as FIDE's
    Technical Commission's tie-break server computes it.
    """
    if "max_score" not in ctx.cache:
        rounds = {e.round for es in ctx.entries.values() for e in es}
        if not ctx.round_robin:
            best = ctx.win * len(rounds)
        else:
            best = Fraction(0)
            for pid, entries in ctx.entries.items():
                points = ctx.round_points.get(pid, {})
                most = sum(
                    (ctx.win if e.opponent is not None else points.get(e.round, Fraction(0)) for e in entries),
                    Fraction(0),
                )
                best = max(best, most)
        ctx.cache["max_score"] = best
    maximum: Fraction = ctx.cache["max_score"]
    return maximum


@register_tiebreak
class Koya(TieBreak):
    """C.07 (2023) art. 9.2 KS: points scored against the opponents who finished with at
    least 50 % of the maximum possible score (``maximum_possible_score``: in a round robin
    the games a participant is scheduled to play, so an odd field's free round lowers it;
    in a Swiss, where FIDE defines no KS, win x rounds); a forfeit against such an opponent
    counts with the points it gave.

    The limit modifier ``KS:L-n`` / ``KS:L+n`` (art. 9.2's limit extended or reduced) moves
    the limit down or up by n half-points (n times half a win's points), as FIDE's TC tie-break
    server reads ``KS/L-2``: L-2 also counts opponents one point short of 50 %."""

    code: ClassVar[str] = "KS"
    description: ClassVar[str] = "Koya: points against opponents with at least 50 % of the maximum score (KS:L-1 lowers the limit half a point)"
    accepts_limit: ClassVar[bool] = True

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        # C.07 (2023) art. 9.2: "50 % or more", moved by the limit modifier's half-points
        limit = maximum_possible_score(ctx) / 2 + spec.limit_shift * ctx.win / 2
        out = {}
        for pid in players:
            out[pid] = sum(
                (
                    ctx.round_points[pid].get(e.round, Fraction(0))
                    for e in ctx.entries[pid]
                    if e.opponent is not None and ctx.totals[e.opponent] >= limit
                ),
                Fraction(0),
            )
        return out
