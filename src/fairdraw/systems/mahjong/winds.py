"""Balanced winds: an equitable 4-edge-colouring of the player/table incidence graph.

Issue 4, quality (c): every player sits each wind floor(R/4) or ceil(R/4) times, and
exactly once per wind in every block of 4 rounds. Model: a bipartite graph whose left
nodes are the tables of the schedule (4 seats each) and whose right nodes are "chunks"
of a player: the player's 1st-4th games form chunk 0, the 5th-8th chunk 1, and so on
(without byes chunk j is exactly round block j). Every node has degree at most 4, so by
König's edge-colouring theorem the edges can be coloured with 4 colours, no colour twice
at a node: each table gets the four winds, each chunk has each wind at most once. Hence
every full block gives each wind exactly once and the last block at most once, which is
the floor/ceil balance. The colouring is built edge by edge; when no colour is free at
both ends, an alternating a/b path is flipped (the standard constructive proof).
"""

from __future__ import annotations

from collections.abc import Sequence

WINDS = ("East", "South", "West", "North")


def colour_bipartite(edges: Sequence[tuple[object, object]], colours: int) -> list[int]:
    """A proper edge colouring of a bipartite graph with max degree <= ``colours``."""
    at: dict[object, dict[int, int]] = {}  # node -> colour -> edge index
    colour = [-1] * len(edges)

    def other(e: int, node: object) -> object:
        u, v = edges[e]
        return v if u == node else u

    for e, (u, v) in enumerate(edges):
        au = at.setdefault(u, {})
        av = at.setdefault(v, {})
        common = [c for c in range(colours) if c not in au and c not in av]
        if common:
            c = common[0]
        else:
            a = next(c for c in range(colours) if c not in au)  # free at u, used at v
            b = next(c for c in range(colours) if c not in av)  # free at v, used at u
            # flip the a/b alternating path that starts at v with its a-edge
            path = []
            node, want = v, a
            while want in at[node]:
                f = at[node][want]
                path.append(f)
                node = other(f, node)
                want = b if want == a else a
            for f in path:
                x, y = edges[f]
                del at[x][colour[f]]
                del at[y][colour[f]]
            for f in path:
                colour[f] = b if colour[f] == a else a
                x, y = edges[f]
                at[x][colour[f]] = f
                at[y][colour[f]] = f
            c = a
        colour[e] = c
        au[c] = e
        av[c] = e
    return colour


def assign_winds(rounds: Sequence[Sequence[Sequence[int]]], table_size: int = 4) -> list[list[tuple[int, ...]]]:
    """Reorder every table's players so that seat i is wind i, balanced as described above."""
    played: dict[int, int] = {}
    edges: list[tuple[object, object]] = []
    for r, rnd in enumerate(rounds):
        for t, table in enumerate(rnd):
            for p in table:
                chunk = played.get(p, 0) // table_size
                played[p] = played.get(p, 0) + 1
                edges.append((("t", r, t), ("p", p, chunk)))
    colours = colour_bipartite(edges, table_size)
    out: list[list[tuple[int, ...]]] = []
    e = 0
    for rnd in rounds:
        new_round = []
        for table in rnd:
            seats: list[int] = [-1] * table_size
            for p in table:
                seats[colours[e]] = p
                e += 1
            new_round.append(tuple(p for p in seats if p != -1))
        out.append(new_round)
    return out


def wind_counts(rounds: Sequence[Sequence[Sequence[int]]], table_size: int = 4) -> dict[int, list[int]]:
    """How often each player sat each seat (seat index = wind)."""
    counts: dict[int, list[int]] = {}
    for rnd in rounds:
        for table in rnd:
            for seat, p in enumerate(table):
                counts.setdefault(p, [0] * table_size)[seat] += 1
    return counts
