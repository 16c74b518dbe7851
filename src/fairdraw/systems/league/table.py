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
    #: sessions reached without a repeat: a block design's full length, the season's length, or
    #: where a longer search first failed
    clean_sessions: int
    repeats: int | None
    max_meetings: int | None
    lower_bound: int | None
    method: str
    #: True when no repeat was met at all: the reach is at least ``clean_sessions`` and was not
    #: searched further (shown "N+"; 67 players reach 10 sessions clean, the table said 7)
    open_ended: bool = False


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
    # a player meets at least (smallest group - 1) new players a session: no season without a
    # repeat is longer than (players - 1) // that, so a reach at that bound is no lower bound
    bound = (players - 1) // (min(shape.sizes()) - 1)
    return TableRow(players, shape.describe(), clean, plan.repeats, plan.max_meetings, plan.lower_bound, plan.method,
                    open_ended=not plan.repeats and clean < bound)


def league_table(first: int, last: int, sessions: int, prefer: int = 5) -> list[TableRow]:
    return [table_row(n, sessions, prefer) for n in range(first, last + 1)]
