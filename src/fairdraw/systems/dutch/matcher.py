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

    def __init__(self, n: int, fields: list[tuple[int, int, str, int]]) -> None:
        self.n = n
        self.fields = fields
        #: players that may carry detailed fields (set by the bracket procedure)
        self.inner = n
        #: score -> players with that score among them
        self.score_counts: dict[int, int] = {}
        self.hi: dict[tuple[int, int], int] = {}
        self.low: dict[tuple[int, int], int] = {}
        self.active = set(range(n))
        self.fixed: dict[int, int] = {}
        self.owner: dict[tuple[int, int], int] = {}
        self.solves = 0
        self.max_bits = 0
        self.fallbacks = 0

    @staticmethod
    def key(u: int, v: int) -> tuple[int, int]:
        return (u, v) if u < v else (v, u)

    def set(self, u: int, v: int, hi: int, low: int = 0) -> None:
        """Set the weight of edge u-v (hi == 0 removes the edge). A nonzero ``low`` is
        owned by ``u``: the player whose choice it ranks (a matching holds one edge per
        owner, which bounds the sum of lows)."""
        k = (u, v) if u < v else (v, u)
        if hi:
            self.hi[k] = hi
            if low:
                self.low[k] = low
                self.owner[k] = u
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
        """Re-pack ``hi`` values with only the fields that matter, each just wide enough.

        A field is dropped when it is zero on every edge or equal, edge for edge, to a
        higher field kept (its sum then equals that field's sum for every matching, so it
        can never decide). A kept field gets the bits its largest possible sum over a
        matching needs: counts are bounded by the pairs among the ``inner`` players (the
        bracket and the next score group, the only ones with detailed fields), per-score
        fields by the players with that score there.
        """
        distinct = list(set(his))
        kept: list[tuple[int, int, int]] = []  # (offset, mask, new width)
        seen: set[tuple[int, ...]] = set()
        pairs_all = max(1, len(self.active) // 2)
        pairs_inner = max(1, self.inner // 2)
        for off, width, kind, score in self.fields:
            mask = (1 << width) - 1
            column = tuple((h >> off) & mask for h in distinct)
            top = max(column)
            if not top:
                continue
            if kind != "top":
                if column in seen:
                    continue
                seen.add(column)
            if kind == "top":
                need = width
            elif kind == "n":
                need = min(width, (top * pairs_inner).bit_length())
            elif kind == "s":
                need = min(width, (top * self.score_counts.get(score, self.inner)).bit_length())
            else:
                need = min(width, (top * pairs_all).bit_length())
            kept.append((off, mask, need))
        table: dict[int, int] = {}
        for h in distinct:
            c = 0
            for off, mask, need in kept:
                c = (c << need) | ((h >> off) & mask)
            table[h] = c
        return table, sum(k[2] for k in kept)

    def _low_bound(self) -> int:
        """An upper bound of |sum of low| over any matching: each owner's largest |low|."""
        top: dict[int, int] = {}
        owner = self.owner
        for k, x in self.low.items():
            a = abs(x)
            o = owner[k]
            if a > top.get(o, 0):
                top[o] = a
        return sum(top.values())

    def hi_bits(self) -> int:
        """Bits the compressed high fields take now (to size lexicographic low orders)."""
        return self._compressor(self.hi.values())[1] if self.hi else 0

    def solve(self) -> list[int]:
        """mate[v] for every vertex (v itself when unmatched); fixed pairs included."""
        self.solves += 1
        mate = list(range(self.n))
        for u, v in self.fixed.items():
            mate[u] = v
        if not self.hi:
            return mate
        table, hi_bits = self._compressor(self.hi.values())
        low_bits = self._low_bound().bit_length() + 2
        total_bits = hi_bits + low_bits
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
