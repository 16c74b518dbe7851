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


def _assignment_solver() -> Any:
    """ortools' exact assignment solver, loaded on first use (ortools is slow to import and
    most commands never number tables)."""
    from ortools.graph.python import linear_sum_assignment

    return linear_sum_assignment.SimpleLinearSumAssignment()


def _assign(rnd: Sequence[tuple[int, ...]], visits: dict[tuple[int, int], int]) -> list[int]:
    """Min-cost numbering of one round's tables given other rounds' visits."""
    count = len(rnd)
    big = 1000
    solver = _assignment_solver()
    for t, table in enumerate(rnd):
        for j in range(count):
            cost = 0
            for p in table:
                v = visits.get((p, j), 0)
                cost += big * (v > 0) + v * v
            solver.add_arc_with_cost(t, j, cost)
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
    numbers = _number_forward(rounds, visits)
    total = dict(visits or {})
    for rnd, nums in zip(rounds, numbers, strict=True):
        for table, num in zip(rnd, nums, strict=True):
            for p in table:
                total[(p, num - 1)] = total.get((p, num - 1), 0) + 1
    start = 0 if visits else 1
    for _ in range(passes):
        changed = False
        for r in range(start, len(rounds)):
            for table, num in zip(rounds[r], numbers[r], strict=True):  # the other rounds only
                for p in table:
                    total[(p, num - 1)] -= 1
            new = _assign(rounds[r], total)
            if new != numbers[r] and _round_cost(rounds[r], new, total) < _round_cost(rounds[r], numbers[r], total):
                numbers[r] = new
                changed = True
            for table, num in zip(rounds[r], numbers[r], strict=True):
                for p in table:
                    total[(p, num - 1)] = total.get((p, num - 1), 0) + 1
        if not changed:
            break
    return numbers


def _round_cost(rnd: Sequence[tuple[int, ...]], nums: Sequence[int], visits: dict[tuple[int, int], int]) -> int:
    total = 0
    for table, num in zip(rnd, nums, strict=True):
        for p in table:
            v = visits.get((p, num - 1), 0)
            total += 1000 * (v > 0) + v * v
    return total


def _number_forward(
    rounds: Sequence[Sequence[tuple[int, ...]]], visits: dict[tuple[int, int], int] | None = None
) -> list[list[int]]:
    visits = dict(visits or {})
    fresh = not visits
    out: list[list[int]] = []
    for rnd in rounds:
        count = len(rnd)
        big = 1000
        if not out and fresh:
            numbers = list(range(1, count + 1))
        else:
            solver = _assignment_solver()
            for t, table in enumerate(rnd):
                for j in range(count):
                    cost = 0
                    for p in table:
                        v = visits.get((p, j), 0)
                        cost += big * (v > 0) + v * v
                    solver.add_arc_with_cost(t, j, cost)
            status = solver.solve()
            if status != solver.OPTIMAL:  # pragma: no cover - a complete bipartite graph always solves
                numbers = list(range(1, count + 1))
            else:
                numbers = [solver.right_mate(t) + 1 for t in range(count)]
        for t, table in enumerate(rnd):
            for p in table:
                key = (p, numbers[t] - 1)
                visits[key] = visits.get(key, 0) + 1
        out.append(numbers)
    return out


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

