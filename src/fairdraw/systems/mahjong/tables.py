"""Physical table numbering: send players to as many different tile sets as possible.

Seed 001: tiles get marked, so whoever returns to a set may recognise tiles; moving every
seat to a new table each round limits that. Table numbers in a design are arbitrary, so
each round's tables are given physical numbers by an assignment problem: the cost of
putting design table t on physical table j is, over t's players, A·[player has been at j]
+ (visits so far)^2, and a minimum-cost perfect assignment (OR-Tools) picks the numbers.
Rounds are numbered in order (round 1 keeps the design order).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

#: Cost of sending a player back to a table they have used: above any sum of squared visits
#: a table of players can add, so the fewest repeat visits come first.
BIG = 1000


def _assignment_solver() -> Any:
    """ortools' exact assignment solver, loaded on first use (ortools is slow to import and
    most commands never number tables)."""
    from ortools.graph.python import linear_sum_assignment

    return linear_sum_assignment.SimpleLinearSumAssignment()


class _Visits:
    """Visits per (player, physical table) as a matrix, with the rounds' tables as index
    arrays, so a round's costs are one numpy expression (a dict lookup per player, table and
    candidate number cost 24 s for 400 players over 133 rounds)."""

    def __init__(self, rounds: Sequence[Sequence[tuple[int, ...]]], visits: dict[tuple[int, int], int] | None) -> None:
        players = sorted({p for rnd in rounds for t in rnd for p in t} | {p for p, _ in visits or {}})
        self.row = {p: i for i, p in enumerate(players)}
        width = max([len(rnd) for rnd in rounds] + [j + 1 for _, j in visits or {}] + [1])
        self.pad = len(players)  # an empty seat: a row that stays 0
        self.count = np.zeros((len(players) + 1, width), dtype=np.int64)
        for (p, j), v in (visits or {}).items():
            self.count[self.row[p], j] = v
        seats = max((len(t) for rnd in rounds for t in rnd), default=1)
        self.tables = []
        for rnd in rounds:
            rows = [[self.row[p] for p in t] + [self.pad] * (seats - len(t)) for t in rnd]
            self.tables.append(np.array(rows, dtype=np.int64).reshape(len(rnd), seats))

    def add(self, r: int, numbers: Sequence[int], sign: int = 1) -> None:
        """Count (or, with sign -1, uncount) round r's visits under ``numbers`` (1-based)."""
        cols = np.asarray(numbers, dtype=np.int64) - 1
        for seat in self.tables[r].T:
            np.add.at(self.count, (seat, cols), sign)
        self.count[self.pad] = 0

    def costs(self, r: int) -> np.ndarray:
        """costs[t, j]: over table t's players, BIG·[been at j] + (visits to j)^2."""
        tables = self.tables[r]
        v = self.count[:, : len(tables)][tables]  # (tables, seats, numbers)
        return (BIG * (v > 0) + v * v).sum(axis=1)


def _assign(costs: np.ndarray) -> list[int]:
    """The min-cost numbering (1-based) of one round's tables."""
    count = costs.shape[0]
    solver = _assignment_solver()
    tails = np.repeat(np.arange(count, dtype=np.int32), count)
    heads = np.tile(np.arange(count, dtype=np.int32), count)
    solver.add_arcs_with_cost(tails, heads, costs.astype(np.int64).ravel())
    if solver.solve() != solver.OPTIMAL:  # pragma: no cover - complete bipartite graphs always solve
        return list(range(1, count + 1))
    return [solver.right_mate(t) + 1 for t in range(count)]


def number_tables(
    rounds: Sequence[Sequence[tuple[int, ...]]], visits: dict[tuple[int, int], int] | None = None, passes: int = 3
) -> list[list[int]]:
    """For each round, the physical number (1-based) of each of its tables.

    ``visits`` (player, table index 0-based) -> count carries visits of rounds already played.
    Rounds are numbered one after another, then ``passes`` times each round (but the first
    of a fresh event) is renumbered against all the others (coordinate descent: the total
    never increases).
    """
    state = _Visits(rounds, visits)
    numbers: list[list[int]] = []
    for r, rnd in enumerate(rounds):
        numbers.append(list(range(1, len(rnd) + 1)) if r == 0 and not visits else _assign(state.costs(r)))
        state.add(r, numbers[r])
    start = 0 if visits else 1
    for _ in range(passes):
        changed = False
        for r in range(start, len(rounds)):
            state.add(r, numbers[r], -1)  # against the other rounds only
            costs = state.costs(r)
            new = _assign(costs)
            if new != numbers[r] and _round_cost(costs, new) < _round_cost(costs, numbers[r]):
                numbers[r] = new
                changed = True
            state.add(r, numbers[r])
        if not changed:
            break
    return numbers


def _round_cost(costs: np.ndarray, nums: Sequence[int]) -> int:
    return int(sum(costs[t, num - 1] for t, num in enumerate(nums)))


def _number_forward(
    rounds: Sequence[Sequence[tuple[int, ...]]], visits: dict[tuple[int, int], int] | None = None
) -> list[list[int]]:
    """Each round numbered against the rounds before it only (no renumbering passes)."""
    return number_tables(rounds, visits, passes=0)


def repeat_visits(rounds: Sequence[Sequence[tuple[int, ...]]], numbers: Sequence[Sequence[int]]) -> dict[int, int]:
    """Per player: table visits beyond the first to the same physical table."""
    seen: dict[tuple[int, int], int] = {}
    out: dict[int, int] = {}
    for rnd, nums in zip(rounds, numbers, strict=True):
        for table, num in zip(rnd, nums, strict=True):
            for p in table:
                key = (p, num)
                if key in seen:
                    out[p] = out.get(p, 0) + 1
                seen[key] = seen.get(key, 0) + 1
                out.setdefault(p, 0)
    return out

