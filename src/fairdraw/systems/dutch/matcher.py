"""Exact maximum-weight matching over the players still to pair.

The bracket procedure sets, raises and clears edge weights, then asks for a maximum
matching; pairs it has decided are removed (``fix``). Weights are ``(hi, low)`` (see
``weights``): before each solve ``hi`` is compressed by dropping every field that is zero
on all current edges, and ``low`` gets just the bits its sums need. The packed weight is
then usually far below 2^125, the range in which rustworkx's blossom algorithm (Rust,
128-bit integers) is exact; above it we fall back to networkx, exact on Python integers
but much slower (this has not happened on any tournament we measured).
"""

from __future__ import annotations

from collections.abc import Iterable

import rustworkx as rx

#: rustworkx keeps weights and duals in 128-bit integers: stay well inside.
RX_LIMIT_BITS = 120


class Matcher:
    """A complete graph on ``n`` vertices with mutable (hi, low) edge weights."""

    def __init__(self, n: int, fields: list[tuple[int, int]]) -> None:
        self.n = n
        self.fields = fields
        self.hi: dict[tuple[int, int], int] = {}
        self.low: dict[tuple[int, int], int] = {}
        self.active = set(range(n))
        self.fixed: dict[int, int] = {}
        self.solves = 0
        self.max_bits = 0
        self.fallbacks = 0

    @staticmethod
    def key(u: int, v: int) -> tuple[int, int]:
        return (u, v) if u < v else (v, u)

    def set(self, u: int, v: int, hi: int, low: int = 0) -> None:
        """Set the weight of edge u-v (hi == 0 removes the edge)."""
        k = (u, v) if u < v else (v, u)
        if hi:
            self.hi[k] = hi
            if low:
                self.low[k] = low
            else:
                self.low.pop(k, None)
        else:
            self.hi.pop(k, None)
            self.low.pop(k, None)

    def get(self, u: int, v: int) -> tuple[int, int]:
        k = (u, v) if u < v else (v, u)
        return self.hi.get(k, 0), self.low.get(k, 0)

    def fix(self, u: int, v: int) -> None:
        """Decide the pair u-v: both leave the graph (the rest is matched around them)."""
        self.fixed[u] = v
        self.fixed[v] = u
        self.active.discard(u)
        self.active.discard(v)
        for k in [k for k in self.hi if k[0] in (u, v) or k[1] in (u, v)]:
            del self.hi[k]
            self.low.pop(k, None)

    def _compressor(self, his: Iterable[int]) -> tuple[dict[int, int], int]:
        used = 0
        distinct = set(his)
        for h in distinct:
            used |= h
        keep = [(off, width) for off, width in self.fields if (used >> off) & ((1 << width) - 1)]
        table: dict[int, int] = {}
        for h in distinct:
            c = 0
            for off, width in keep:
                c = (c << width) | ((h >> off) & ((1 << width) - 1))
            table[h] = c
        return table, sum(w for _, w in keep)

    def solve(self) -> list[int]:
        """mate[v] for every vertex (v itself when unmatched); fixed pairs included."""
        self.solves += 1
        mate = list(range(self.n))
        for u, v in self.fixed.items():
            mate[u] = v
        if not self.hi:
            return mate
        table, hi_bits = self._compressor(self.hi.values())
        pairs = max(1, len(self.active) // 2)
        low_max = max((abs(x) for x in self.low.values()), default=0)
        low_bits = (low_max * pairs).bit_length() + 2
        total_bits = hi_bits + low_bits + pairs.bit_length()
        self.max_bits = max(self.max_bits, total_bits)
        low = self.low
        edges = [(u, v, (table[h] << low_bits) + low.get((u, v), 0)) for (u, v), h in self.hi.items()]
        if total_bits <= RX_LIMIT_BITS:
            graph = rx.PyGraph(multigraph=False)
            graph.add_nodes_from(range(self.n))
            graph.add_edges_from(edges)
            result = rx.max_weight_matching(graph, max_cardinality=False, weight_fn=lambda w: w)
        else:  # exact on big integers, slow: only for weights beyond 128-bit range
            import networkx as nx

            self.fallbacks += 1
            g = nx.Graph()
            g.add_weighted_edges_from(edges)
            result = nx.max_weight_matching(g, maxcardinality=False)
        for u, v in result:
            mate[u] = v
            mate[v] = u
        return mate
