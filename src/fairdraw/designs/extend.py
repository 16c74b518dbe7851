"""Local search for rounds beyond what a design gives: fewest repeats, then lowest maximum.

Why a tabu search: once no repeat-free design is known for the wanted rounds, the issue's
quality order (b) asks for the fewest repeat meetings, then the lowest maximum meetings
of any pair. Both are sums over pairs of a convex function of the meeting count, so we
minimise  cost = sum over pairs of  A·max(0, m - 1) + m^2  (A = n^2 makes repeats dominate;
m^2 spreads the rest so no pair is piled on). Moves swap two players of one round at
different tables (every player stays once per round). The search is deterministic: it is
bounded by a step count, never by the clock, and draws from a seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

Round = list[tuple[int, ...]]


class PairCounts:
    """A symmetric n x n meeting-count matrix with the convex pair cost."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.m = [[0] * n for _ in range(n)]
        self.weight = n * n

    def cost_of(self, c: int) -> int:
        return self.weight * max(0, c - 1) + c * c

    def add_table(self, table: Sequence[int], step: int = 1) -> None:
        for i, a in enumerate(table):
            row = self.m[a]
            for b in table[i + 1 :]:
                row[b] += step
                self.m[b][a] += step

    def total(self) -> int:
        return sum(self.cost_of(self.m[a][b]) for a in range(self.n) for b in range(a + 1, self.n))


def _swap_delta(pc: PairCounts, A: list[int], B: list[int], pi: int, pj: int) -> int:
    """Cost change of swapping A[pi] and B[pj] (tables of one round)."""
    p, q = A[pi], B[pj]
    m = pc.m
    w = pc.weight
    delta = 0
    for a in A:
        if a != p:
            c = m[p][a]
            delta += (w * max(0, c - 2) + (c - 1) ** 2) - (w * max(0, c - 1) + c * c)
            c = m[q][a]
            delta += (w * max(0, c) + (c + 1) ** 2) - (w * max(0, c - 1) + c * c)
    for b in B:
        if b != q:
            c = m[q][b]
            delta += (w * max(0, c - 2) + (c - 1) ** 2) - (w * max(0, c - 1) + c * c)
            c = m[p][b]
            delta += (w * max(0, c) + (c + 1) ** 2) - (w * max(0, c - 1) + c * c)
    return delta


def _apply_swap(pc: PairCounts, A: list[int], B: list[int], pi: int, pj: int) -> None:
    pc.add_table(A, -1)
    pc.add_table(B, -1)
    A[pi], B[pj] = B[pj], A[pi]
    pc.add_table(A, 1)
    pc.add_table(B, 1)


def improve(
    fixed: Sequence[Round],
    free: Sequence[Round],
    n: int,
    *,
    seed: int = 0,
    steps: int = 4000,
) -> list[Round]:
    """Tabu search over the ``free`` rounds (``fixed`` rounds count but never change).

    Tables may have different sizes (leagues); sizes are kept.
    """
    rng = random.Random(seed)
    pc = PairCounts(n)
    for rnd in fixed:
        for t in rnd:
            pc.add_table(t)
    rounds = [[list(t) for t in rnd] for rnd in free]
    for rnd in rounds:
        for t in rnd:
            pc.add_table(t)
    if not rounds:
        return []
    cost = pc.total()
    best_cost = cost
    best = [[tuple(t) for t in rnd] for rnd in rounds]
    tabu: dict[tuple[int, int, int], int] = {}
    for step in range(steps):
        ri = rng.randrange(len(rounds))
        rnd = rounds[ri]
        hot = [
            (ti, pi)
            for ti, t in enumerate(rnd)
            for pi, p in enumerate(t)
            if any(pc.m[p][o] > 1 for o in t if o != p)
        ]
        if not hot:
            hot = [(ti, pi) for ti, t in enumerate(rnd) for pi in range(len(t))]
        if len(hot) > 4:
            hot = rng.sample(hot, 4)
        choice = None
        best_delta = None
        for ti, pi in hot:
            A = rnd[ti]
            p = A[pi]
            for tj, B in enumerate(rnd):
                if tj == ti:
                    continue
                for pj, q in enumerate(B):
                    d = _swap_delta(pc, A, B, pi, pj)
                    if (tabu.get((ri, p, tj), -1) > step or tabu.get((ri, q, ti), -1) > step) and cost + d >= best_cost:
                        continue
                    if best_delta is None or d < best_delta or (d == best_delta and rng.random() < 0.3):
                        best_delta = d
                        choice = (ti, pi, tj, pj)
        if choice is None:
            continue
        ti, pi, tj, pj = choice
        p, q = rnd[ti][pi], rnd[tj][pj]
        _apply_swap(pc, rnd[ti], rnd[tj], pi, pj)
        cost += best_delta or 0
        tenure = 5 + rng.randrange(10)
        tabu[(ri, p, ti)] = step + tenure
        tabu[(ri, q, tj)] = step + tenure
        if cost < best_cost:
            best_cost = cost
            best = [[tuple(t) for t in r] for r in rounds]
    return [[tuple(sorted(t)) for t in rnd] for rnd in best]


def greedy_round(pc: PairCounts, sizes: Sequence[int], rng: random.Random) -> Round:
    """One round built greedily: each table starts from a random free player and adds the
    free player who has met the table least (ties at random)."""
    free = list(range(pc.n))
    rng.shuffle(free)
    out: Round = []
    for size in sizes:
        table = [free.pop()]
        while len(table) < size:
            best_i, best_c = 0, None
            for i, cand in enumerate(free):
                c = sum(pc.cost_of(pc.m[cand][t] + 1) - pc.cost_of(pc.m[cand][t]) for t in table)
                if best_c is None or c < best_c:
                    best_i, best_c = i, c
            table.append(free.pop(best_i))
        out.append(tuple(table))
    return out


def extend(
    rounds: Sequence[Round],
    n: int,
    total: int,
    k: int,
    *,
    seed: int = 0,
    steps: int | None = None,
) -> list[Round]:
    """``rounds`` followed by greedy-then-tabu rounds up to ``total`` rounds of tables of k."""
    rng = random.Random(seed)
    pc = PairCounts(n)
    for rnd in rounds:
        for t in rnd:
            pc.add_table(t)
    extra: list[Round] = []
    for _ in range(total - len(rounds)):
        rnd = greedy_round(pc, [k] * (n // k), rng)
        for t in rnd:
            pc.add_table(t)
        extra.append(rnd)
    if not extra:
        return [list(r) for r in rounds]
    budget = steps if steps is not None else max(200, min(2000, 40_000 // max(1, len(extra))))
    extra = improve(rounds, extra, n, seed=seed, steps=budget)
    return [list(r) for r in rounds] + extra
