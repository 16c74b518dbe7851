"""FIDE C.07 (2023) section 8, FB: Fore Buchholz.

Buchholz as if every pairing of the final round had ended in a draw: a game over the board and
a forfeit alike count as a draw against the scheduled opponent, in the participant's own score
(the dummy opponent of an unplayed round) and in every opponent's score. Rounds without an
opponent (byes, absences) keep their points. Why: the order it gives does not depend on the
last round's results, so an event can publish it before that round is over (and a forfeit in
the last round neither helps nor hurts).

It is ``BH`` (with its modifiers, its unplayed-round rules and its round-robin reading) on a
copy of the context whose final round is rewritten that way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import ClassVar

from fairdraw.scoring.results import GAME, ChessEntry
from fairdraw.tiebreaks.base import TieBreak, TieBreakContext, TieBreakSpec, cached, register_tiebreak
from fairdraw.tiebreaks.chess import Buchholz


def final_round_drawn(ctx: TieBreakContext) -> TieBreakContext:
    """``ctx`` with every pairing of its last round read as a drawn game."""
    rounds = [e.round for es in ctx.entries.values() for e in es]
    if not rounds:
        return ctx
    last = max(rounds)
    entries: dict[int, list[ChessEntry]] = {}
    points: dict[int, dict[int, Fraction]] = {}
    for pid, own in ctx.entries.items():
        entries[pid] = [replace(e, kind=GAME, outcome="D") if e.round == last and e.opponent is not None else e
                        for e in own]
        points[pid] = dict(ctx.round_points.get(pid, {}))
        if any(e.round == last and e.opponent is not None for e in own):
            points[pid][last] = ctx.draw
    totals = {pid: sum(by_round.values(), Fraction(0)) for pid, by_round in points.items()}
    return replace(ctx, entries=entries, round_points=points, totals=totals, cache={})


@register_tiebreak
class ForeBuchholz(TieBreak):
    """FB, FB:C1, FB:M1 ...: see the module docstring."""

    code: ClassVar[str] = "FB"
    description: ClassVar[str] = "Fore Buchholz: Buchholz with every final-round pairing read as a draw"
    accepts_cuts: ClassVar[bool] = True
    accepts_median: ClassVar[bool] = True
    accepts_played: ClassVar[bool] = True  # FB:P reads forfeits before the final round as games, as BH:P

    def compute(self, ctx: TieBreakContext, spec: TieBreakSpec, players: Sequence[int]) -> dict[int, Fraction]:
        return Buchholz().compute(cached(ctx, "fore", lambda: final_round_drawn(ctx)), spec, players)
