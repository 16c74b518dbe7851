"""A small seating's rounds annealed all together, the design's included (issue 4 (b)).

Why: past the best known, the order asks for the fewest repeats first, and the searches before
this keep the design's repeat-free rounds and change only the rounds after them. On a small
field that can cost repeats: 12 players at tables of 3 over 6 rounds kept the 4 clean rounds
and reached 9 repeats, where 7 are possible with fewer clean rounds; 23 players at tables of 5
with sit-outs over 5 rounds 15, where 13 are reached so (an audit's own search found 11, moving
sit-outs too, which this leaves as they are). Annealing every round together, as the league
planner's tail does (``anneal_round.annealed_rounds``), finds those. Small fields only: the
work grows with the seats, and on large ones the design's rounds are worth keeping.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from fairdraw.designs.anneal_round import annealed_rounds, count_meetings
from fairdraw.designs.extend import quality_order

#: Seats over all rounds up to which the rounds are annealed together (12 x 6 = 72; 40 players
#: over 20 rounds is 800).
JOINT_POLISH_SEATS = 1200
#: The step budgets of the tries, each from the rounds as given (the walk's end is not monotone
#: in its length: a longer, slower cooling sometimes ends worse), the best kept.
JOINT_POLISH_STEPS = (30_000, 100_000, 250_000)


def polish_jointly(rounds: Sequence[Sequence[Sequence[int]]], n: int, seed: int) -> list[list[list[int]]]:
    """``rounds`` (tables of positions ``0 .. n-1``; sit-outs are not in them and stay out) with
    the fewest repeats the tries find, by the issue's order (``extend.quality_order``): as given
    when no try is better, or when the field is too large for this."""
    given = [[list(table) for table in rnd] for rnd in rounds]
    if sum(len(table) for rnd in given for table in rnd) > JOINT_POLISH_SEATS:
        return given
    best, best_quality = given, quality_order([[tuple(t) for t in rnd] for rnd in given], n)
    slots = sum(len(t) * (len(t) - 1) // 2 for rnd in given for t in rnd)
    least = max(0, slots - n * (n - 1) // 2)  # pigeonhole: the pairs beyond the n(n-1)/2 there are
    if best_quality[0] <= least and best_quality[1] <= 2:
        return given  # nothing to gain
    for attempt, steps in enumerate(JOINT_POLISH_STEPS):
        counts = [[0] * n for _ in range(n)]
        for rnd in given:
            for table in rnd:
                count_meetings(counts, table)
        found = annealed_rounds(counts, [[t[:] for t in rnd] for rnd in given], random.Random(seed + attempt), steps)
        quality = quality_order([[tuple(t) for t in rnd] for rnd in found], n)
        if quality < best_quality:
            best, best_quality = found, quality
    return best
