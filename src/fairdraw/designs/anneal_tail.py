"""The rounds of a re-seat annealed together, sit-outs included (issue 4 item 5: "keeps rounds
before K and re-seats the rest with the fewest new repeats").

Why: the re-seat's tabu search (``extend.improve_with_byes``) always takes the best swap it sees
among a few seats in repeated pairs, so it stops at the first plan where every single swap
costs something. Mending an old plan often needs several swaps that are neutral alone and pay
only together (an audit: 32 players, a newcomer dropped in the round they joined, then each
round's sit-out took a seat through a chain of one player moved: no repeat at all, where the
tabu search stayed at 6). Annealing takes neutral and slightly worse swaps, less and less often
as it cools, over every round at once (as ``anneal_round.annealed_rounds`` does for a league's
tail), and here a seated player may also trade places with one sitting out, within the even
spread of sit-outs (issue 4 build 1).

A player away from the table they had in the plan given costs a little (``MOVED``), far less
than any meeting, so that a cooled plan keeps the tables it does not need to change: a re-seat
changes the printed plan as little as the fewest repeats allow. Steps are counted, never timed,
and drawn from a seeded generator: a seed gives the same plan on every machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from fairdraw.designs.anneal_round import count_meetings, trade_meetings

#: A repeat meeting's cost, and the extra for each meeting past the first squared (a third
#: meeting of one pair dearer than a second of another: the order's second key, the lowest
#: maximum). A player away from their table costs MOVED: 200 players moved weigh less than one
#: repeat, so the quality order comes first.
REPEAT = 200
PILE = 10
MOVED = 1
#: Temperatures: at HOT a swap adding a repeat is taken about one time in eight, at COLD a
#: player kept away from their table for nothing goes back two times in three.
HOT = 100.0
COLD = 0.5


def _cost(c: int) -> int:
    extra = max(0, c - 1)
    return REPEAT * extra + PILE * extra * extra


def annealed_tail(
    fixed: Sequence[Sequence[Sequence[int]]],
    rounds: Sequence[Sequence[Sequence[int]]],
    byes: Sequence[Sequence[int]],
    n: int,
    *,
    fixed_byes: Sequence[Sequence[int]] = (),
    sit_range: tuple[int, int] = (0, 0),
    seed: int = 0,
    steps: int = 0,
) -> tuple[list[list[tuple[int, ...]]], list[list[int]]]:
    """``rounds`` (with ``byes[r]`` sitting out round r) annealed after ``fixed`` rounds, which
    count but never change, for ``steps`` swaps: (rounds, sit-outs), the plan with the cheapest
    meetings seen, and of those the one the walk reached last (its players nearest their tables).
    A sit-out swap keeps every player's sit-outs (``fixed_byes`` counted) within ``sit_range``."""
    tables = [[list(t) for t in rnd] for rnd in rounds]
    away = [list(out) for out in byes]
    playable = [r for r, rnd in enumerate(tables) if len(rnd) + (1 if away[r] else 0) >= 2]
    if not playable or steps <= 0:
        return [[tuple(t) for t in rnd] for rnd in tables], away
    counts = [[0] * n for _ in range(n)]
    for rnd in [*fixed, *tables]:
        for table in rnd:
            count_meetings(counts, table)
    top = max(max(row) for row in counts) + len(tables) + 2
    inc = [_cost(c + 1) - _cost(c) for c in range(top + 1)]
    dec = [0] + [_cost(c - 1) - _cost(c) for c in range(1, top + 1)]
    # the table each player had in the plan given, -1 sitting out
    home: list[dict[int, int]] = [{p: i for i, t in enumerate(rnd) for p in t} for rnd in tables]
    for r, out in enumerate(away):
        home[r].update((p, -1) for p in out)
    lo, hi = sit_range
    sits = [0] * n
    for sat_out in [*fixed_byes, *away]:
        for p in sat_out:
            sits[p] += 1
    rng = random.Random(seed)
    randrange, uniform = rng.randrange, rng.random
    meetings = best_meetings = 0  # the meetings' cost, relative to the plan given
    best = ([[tuple(t) for t in rnd] for rnd in tables], [list(out) for out in away])
    cooling = (COLD / HOT) ** (1 / steps)
    temperature = HOT
    for _ in range(steps):
        r = playable[randrange(len(playable))]
        rnd, sitting, places = tables[r], away[r], home[r]
        # two groups of the round, the sit-outs one more group; x is always a table
        groups = len(rnd) + (1 if sitting else 0)
        x = randrange(groups)
        y = randrange(groups - 1)
        if y >= x:
            y += 1
        if x == len(rnd):
            x, y = y, x
        A = rnd[x]
        i = randrange(len(A))
        p = A[i]
        row_p = counts[p]
        if y == len(rnd):  # p sits out, q (sitting out) takes the seat
            j = randrange(len(sitting))
            q = sitting[j]
            row_q = counts[q]
            delta = sum(inc[row_q[c]] + dec[row_p[c]] for c in A if c != p)
            moved = ((places[p] != -1) - (places[p] != x) + (places[q] != x) - (places[q] != -1)) * MOVED
            allowed = sits[p] < hi and sits[q] > lo
            if allowed and (delta + moved <= 0 or uniform() < math.exp(-(delta + moved) / temperature)):
                trade_meetings(counts, A, p, q)
                A[i], sitting[j] = q, p
                sits[p] += 1
                sits[q] -= 1
                meetings += delta
        else:  # p and q change tables
            B = rnd[y]
            j = randrange(len(B))
            q = B[j]
            row_q = counts[q]
            delta = 0
            for c in A:
                if c != p:
                    delta += inc[row_q[c]] + dec[row_p[c]]
            for c in B:
                if c != q:
                    delta += inc[row_p[c]] + dec[row_q[c]]
            moved = ((places[p] != y) - (places[p] != x) + (places[q] != x) - (places[q] != y)) * MOVED
            if delta + moved <= 0 or uniform() < math.exp(-(delta + moved) / temperature):
                trade_meetings(counts, A, p, q)
                trade_meetings(counts, B, q, p)
                A[i], B[j] = q, p
                meetings += delta
        if meetings < best_meetings:
            best_meetings = meetings
            best = ([[tuple(t) for t in rnd] for rnd in tables], [list(out) for out in away])
        temperature *= cooling
    if meetings == best_meetings:  # as cheap, and cooled: players back at their tables where free
        best = ([[tuple(t) for t in rnd] for rnd in tables], [list(out) for out in away])
    return best[0], [sorted(out) for out in best[1]]


#: Swaps per seat of the rounds re-seated, and at most TAIL_STEPS_MAX in all. Measured: the
#: audit's two cases reach 0 repeats and 32 (of 35) at 100 a seat, 0 and 33 at 30, 0 and 30 at
#: 300; 92 players from round 3 (2,668 seats) anneal each start in about a second.
STEPS_PER_SEAT = 100
TAIL_STEPS_MAX = 400_000


def tail_anneal_steps(seats: int) -> int:
    """The annealing's budget for ``seats`` seats in the rounds re-seated: a count, never the
    clock, so that a seed gives the same plan on every machine."""
    return min(TAIL_STEPS_MAX, STEPS_PER_SEAT * seats)
