"""One round seated to meet least what met before: simulated annealing over swaps of two players.

Why annealing: past the rounds a design gives and past the repeat-free rounds ``clean_rounds``
still finds, every added round repeats some pairs, and the issue's order (b) asks for the fewest
repeats. The min-conflicts walk that finds clean rounds only moves players of conflicted tables
to the best swap it sees, which stalls far from the best round once conflicts cannot vanish.
Annealing accepts worse swaps now and then, less and less often, and reaches much better rounds
for the same work. Measured (2026-12-05, `fairdraw seat --seed audit`, tables of 4, the rounds
past the clean prefix then ``extend``'s polish): 92 players over 31 rounds 161 repeats where the
walk gave 186, 180 over 59 247 for 374, 232 over 77 1,118 for 1,950, 300 over 99 717 for 1,449
(``extend.ANNEAL_WORK`` sets the work).

A pair's cost is how often it met before (0 for a first meeting): a repeat costs at least 1 and
a pair met twice already costs 2, so the round also avoids piling meetings on one pair (the
order's second key). The temperature falls geometrically from ``HOT`` to ``COLD`` over the step
budget; the best round seen is returned. Steps are counted, never timed, and drawn from the
caller's seeded generator, so a seed gives the same round on every machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

#: Starting and final temperature, in units of one repeat: at HOT a swap adding one repeat is
#: taken about one time in five, at COLD almost never.
HOT = 0.6
COLD = 0.05


def annealed_round(counts: Sequence[Sequence[int]], n: int, k: int, rng: random.Random,
                   steps: int) -> list[list[int]]:
    """``n // k`` tables of ``k`` players (of ``0 .. n-1``) whose pairs met least in ``counts``
    (a symmetric matrix of meetings so far), the best found within ``steps`` swaps."""
    return annealed_groups(counts, [k] * (n // k), rng, steps)


def annealed_groups(counts: Sequence[Sequence[int]], sizes: Sequence[int], rng: random.Random,
                    steps: int) -> list[list[int]]:
    """Groups of the given ``sizes`` (a league session: groups of 5 and of 4) seating players
    ``0 .. sum(sizes)-1`` once each, whose pairs met least in ``counts``: the best found within
    ``steps`` swaps of two players of different groups."""
    players = list(range(sum(sizes)))
    rng.shuffle(players)
    tables: list[list[int]] = []
    start = 0
    for size in sizes:
        tables.append(players[start:start + size])
        start += size
    count = len(tables)
    if count < 2:
        return tables
    cost = sum(counts[a][b] for table in tables for i, a in enumerate(table) for b in table[i + 1:])
    best_cost, best = cost, [table[:] for table in tables]
    cooling = (COLD / HOT) ** (1 / max(1, steps))
    temperature = HOT
    randrange, uniform = rng.randrange, rng.random
    for _ in range(steps):
        if best_cost == 0:
            break
        A, B, i, j = _pick_swap(tables, randrange)
        a, b = A[i], B[j]
        row_a, row_b = counts[a], counts[b]
        delta = 0
        for c in A:
            if c != a:
                delta += row_b[c] - row_a[c]
        for c in B:
            if c != b:
                delta += row_a[c] - row_b[c]
        if delta <= 0 or uniform() < math.exp(-delta / temperature):
            A[i], B[j] = b, a
            cost += delta
            if cost < best_cost:
                best_cost, best = cost, [table[:] for table in tables]
        temperature *= cooling
    return best


#: ``annealed_rounds``' pair cost, in units of a swap's change: a repeat costs REPEAT_COST, and
#: the square of the meetings past the first makes a third meeting of one pair dearer than a
#: second of another (the order's second key, the lowest maximum).
REPEAT_COST = 20
#: Its temperature falls from SEASON_HOT to SEASON_COLD (one repeat is REPEAT_COST + 1).
SEASON_HOT = 10.0
SEASON_COLD = 0.4


def annealed_rounds(counts: list[list[int]], rounds: list[list[list[int]]], rng: random.Random,
                    steps: int) -> list[list[list[int]]]:
    """``rounds`` improved together by simulated annealing: each step swaps two players of two
    groups of one round picked at random. ``counts`` holds the meetings of the rounds before
    them and of ``rounds`` themselves, and is updated as they change. Why together: built one
    at a time, each round is best for what came before it, not for the rounds after it; an
    audit's baseline that anneals the whole tail of a league season reached the lower bound
    where the rounds built one at a time, then tabu-searched, stayed 8 repeats above it.
    Returns the rounds as the walk leaves them (at its coldest), or as given when that is
    cheaper."""
    rounds = [[list(group) for group in rnd] for rnd in rounds]
    playable = [index for index, rnd in enumerate(rounds) if len(rnd) >= 2]
    if not playable or steps <= 0:
        return rounds
    top = max(max(row) for row in counts) + len(rounds) + 2

    def cost_of(c: int) -> int:
        extra = max(0, c - 1)
        return REPEAT_COST * extra + extra * extra

    inc = [cost_of(c + 1) - cost_of(c) for c in range(top + 1)]
    dec = [0] + [cost_of(c - 1) - cost_of(c) for c in range(1, top + 1)]
    start = [[group[:] for group in rnd] for rnd in rounds]
    change = 0
    cooling = (SEASON_COLD / SEASON_HOT) ** (1 / steps)
    temperature = SEASON_HOT
    randrange, uniform = rng.randrange, rng.random
    for _ in range(steps):
        A, B, i, j = _pick_swap(rounds[playable[randrange(len(playable))]], randrange)
        a, b = A[i], B[j]
        row_a, row_b = counts[a], counts[b]
        delta = 0
        for c in A:
            if c != a:
                delta += inc[row_b[c]] + dec[row_a[c]]
        for c in B:
            if c != b:
                delta += inc[row_a[c]] + dec[row_b[c]]
        if delta <= 0 or uniform() < math.exp(-delta / temperature):
            trade_meetings(counts, A, a, b)
            trade_meetings(counts, B, b, a)
            A[i], B[j] = b, a
            change += delta
        temperature *= cooling
    if change > 0:  # worse than the start: undo, counts and all
        for old, new in zip(start, rounds, strict=True):
            for group in new:
                count_meetings(counts, group, -1)
            for group in old:
                count_meetings(counts, group)
        return start
    return rounds


def _pick_swap(groups: list[list[int]], randrange: Callable[[int], int]) -> tuple[list[int], list[int], int, int]:
    """Two different groups drawn at random, and a seat in each: the swap a step tries."""
    x = randrange(len(groups))
    y = randrange(len(groups) - 1)
    if y >= x:
        y += 1
    A, B = groups[x], groups[y]
    return A, B, randrange(len(A)), randrange(len(B))


def trade_meetings(counts: list[list[int]], group: Sequence[int], leaving: int, joining: int) -> None:
    """The meetings of ``group`` (but ``leaving``) moved from ``leaving`` to ``joining``."""
    row_out, row_in = counts[leaving], counts[joining]
    for c in group:
        if c != leaving:
            row_out[c] -= 1
            counts[c][leaving] -= 1
            row_in[c] += 1
            counts[c][joining] += 1


def count_meetings(counts: list[list[int]], group: Sequence[int], step: int = 1) -> None:
    """Add ``step`` to the meetings of every two players of ``group`` (both ways round)."""
    for a in group:
        row = counts[a]
        for b in group:
            if a != b:
                row[b] += step
