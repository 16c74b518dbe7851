"""The program's own version of the seed's "X-player season" table (issue 5, item 5).

For each field size: the session shape (or the nearest workable sizes when there is
none), the sessions the program reaches without any pair grouped twice, and the repeats
(and maximum meetings of a pair) over a season of the asked length, with the method.
"""

from __future__ import annotations

from dataclasses import dataclass

from fairdraw.systems.league.partition import nearest_workable, try_partition
from fairdraw.systems.league.planner import DEFAULT_ITERATIONS, plan_season


@dataclass(frozen=True)
class TableRow:
    players: int
    shape: str | None
    clean_sessions: int
    repeats: int | None
    max_meetings: int | None
    lower_bound: int | None
    method: str


def table_row(players: int, sessions: int, prefer: int = 5, iterations: int = DEFAULT_ITERATIONS) -> TableRow:
    shape = try_partition(players, prefer)
    if shape is None:
        below, above = nearest_workable(players)
        near = " or ".join(str(n) for n in (below, above) if n is not None)
        return TableRow(players, None, 0, None, None, None, f"no split into 4s and 5s (nearest: {near})")
    plan = plan_season(players, sessions, shape, iterations=iterations)
    clean = plan.clean_sessions
    if plan.repeats:
        # how far a repeat-free season reaches: grow a shorter season until one fails
        for shorter in range(clean + 1, sessions):
            if plan_season(players, shorter, shape, iterations=iterations).repeats:
                break
            clean = shorter
    return TableRow(players, shape.describe(), clean, plan.repeats, plan.max_meetings, plan.lower_bound, plan.method)


def league_table(first: int, last: int, sessions: int, prefer: int = 5) -> list[TableRow]:
    return [table_row(n, sessions, prefer) for n in range(first, last + 1)]
