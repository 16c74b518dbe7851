"""More repeat-free rounds after a design, one round at a time (issue 4, quality (a)).

Why: past the rounds a construction gives, ``extend`` copies the design under a relabelling and
polishes every added round at once with a tabu search. For a large field asked for many rounds
that polish has few steps per round and stalls: 232 players (a Dutch-cycles start) got no repeat
over 45 rounds but 545 over 50, with only 29 rounds clean, where adding rounds one by one, each
searched to meet nobody twice, keeps 50 rounds clean (an audit's annealing did it in seconds).
So the rounds the design lacks are first searched for one at a time: a round is kept when none
of its pairs met before, and the search stops at the first round it cannot make clean within its
step budget; ``extend`` then does what it did for the rest.

The search for one round is a min-conflicts walk: tables start from a seeded shuffle, a conflict
is a pair at one table that met before, and each step moves a player of a conflicted table by the
swap with a player of another table that leaves the fewest conflicts (recently moved players are
tabu, ties broken by the seeded generator). Bounded by step counts, never by the clock, so the
result is the same on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

Round = list[tuple[int, ...]]

#: Steps for one round: STEPS_PER_PLAYER per player of the field. Measured (232 players at
#: tables of 4 after Dutch cycles mod 58): the rounds up to the fiftieth take a few hundred steps
#: each; the budget lets a round that needs some thousands still be found, and bounds the time
#: spent on the round that cannot be (a second or two for 232 players).
STEPS_PER_PLAYER = 12
#: Players moved in the last TABU_TENURE steps are not moved again (the walk would undo itself).
TABU_TENURE = 7


def more_clean_rounds(rounds: Sequence[Round], n: int, k: int, wanted: int, *, seed: int) -> list[Round]:
    """Up to ``wanted`` rounds of tables of ``k`` on ``n`` players in which no pair meets that
    met in ``rounds`` or in an earlier added round; fewer when the search finds no such round.
    ``rounds`` must be repeat-free itself (a design's clean prefix)."""
    if n % k or n < 2 * k or wanted < 1:
        return []
    met = [bytearray(n) for _ in range(n)]
    degree = [0] * n
    for rnd in rounds:
        for table in rnd:
            _meet(met, degree, table)
    rng = random.Random(seed)
    added: list[Round] = []
    while len(added) < wanted:
        if min(degree) + k - 1 > n - 1:  # someone has met everyone a round could seat them with
            break
        tables, left = _search_round(met, n, k, rng, STEPS_PER_PLAYER * n)
        if left:
            break
        for seated in tables:
            _meet(met, degree, seated)
        added.append([tuple(sorted(t)) for t in tables])
    return added


def _meet(met: list[bytearray], degree: list[int], table: Sequence[int]) -> None:
    for i, a in enumerate(table):
        for b in table[i + 1:]:
            met[a][b] = met[b][a] = 1
        degree[a] += len(table) - 1


def _search_round(met: Sequence[Sequence[int]], n: int, k: int, rng: random.Random,
                  steps: int) -> tuple[list[list[int]], int]:
    """(the best round found within ``steps`` moves, its number of pairs that met before): 0
    when none did. Each move tries the players of every other table."""
    players = list(range(n))
    rng.shuffle(players)
    tables = [players[i * k:(i + 1) * k] for i in range(n // k)]

    def clashes(p: int, table: Sequence[int], skip: int) -> int:
        row = met[p]
        return sum(1 for q in table if q != p and q != skip and row[q])

    load = [sum(clashes(p, t, -1) for p in t) // 2 for t in tables]
    best_total, best = sum(load), [t[:] for t in tables]
    tabu_until = [0] * n
    for step in range(steps):
        bad = [i for i, c in enumerate(load) if c]
        if not bad:
            return tables, 0
        a = rng.choice(bad)
        A = tables[a]
        movable = [i for i, p in enumerate(A) if clashes(p, A, -1) and tabu_until[p] <= step]
        if not movable:
            movable = [i for i, p in enumerate(A) if clashes(p, A, -1)]
        pi = rng.choice(movable)
        p = A[pi]
        out_p = clashes(p, A, -1)
        best_moves: list[tuple[int, int]] = []
        best_delta = None
        for b in range(len(tables)):
            B = tables[b]
            if b == a:
                continue
            for pj, q in enumerate(B):
                if tabu_until[q] > step:
                    continue
                delta = clashes(q, A, p) + clashes(p, B, q) - out_p - clashes(q, B, -1)
                if best_delta is None or delta < best_delta:
                    best_delta, best_moves = delta, [(b, pj)]
                elif delta == best_delta:
                    best_moves.append((b, pj))
        if not best_moves:
            continue
        b, pj = rng.choice(best_moves)
        B = tables[b]
        q = B[pj]
        A[pi], B[pj] = q, p
        load[a] = sum(clashes(x, A, -1) for x in A) // 2
        load[b] = sum(clashes(x, B, -1) for x in B) // 2
        tabu_until[p] = tabu_until[q] = step + TABU_TENURE
        total = sum(load)
        if total < best_total:
            best_total, best = total, [t[:] for t in tables]
    total = sum(load)
    return (tables, total) if total <= best_total else (best, best_total)
