"""Exact maximum-weight matching over the players still to pair.

The bracket procedure sets, raises and clears edge weights, then asks for a maximum
matching; pairs it has decided are removed (``fix``). Weights are ``(hi, low)`` (see
``weights``). Two interchangeable backends give the same pairings:

* ``IncrementalMatcher`` (the default when the C extension ``fairdraw._blossom`` is
  built): the matching, duals and blossoms survive between solves, so a decision that
  changes one player's edges costs a few augmenting stages instead of a new O(n^3)
  solve. Weights are packed once per matcher, exactly, as multi-word integers
  ``hi << L + low`` (L wide enough that no sum of lows over a matching reaches hi).
* ``RustworkxMatcher``: a fresh solve each time with rustworkx. Before each solve ``hi``
  is compressed by dropping every field that is zero on all current edges, and ``low``
  gets just the bits its sums need; the packed weight then stays below 2^125, the range
  in which rustworkx (128-bit integers) is exact; above it networkx, exact on Python
  integers but much slower, takes over.

``Matcher(n, fields)`` picks the first; ``FAIRDRAW_MATCHER=rustworkx`` forces the second
(used by the tests that compare them).
"""

from __future__ import annotations

import os
from collections.abc import Iterable

import rustworkx as rx

from fairdraw.core.matching import Blossom, words_for

#: rustworkx keeps weights and duals in 128-bit integers: stay well inside.
RX_LIMIT_BITS = 120


class RustworkxMatcher:
    """A complete graph on ``n`` vertices with mutable (hi, low) edge weights, solved
    from scratch by rustworkx each time."""

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


class IncrementalMatcher:
    """What the bracket procedure uses of ``RustworkxMatcher`` (set, fix, solve, counters),
    backed by ``fairdraw._blossom``.

    ``low_bits`` bounds |low| of one edge (below 2^low_bits; the bracket procedure's
    orderings stay below 2^(2·size_bits+2), ``Layout.low_bits`` announces 3·size_bits+1).
    The packed weight of an edge is ``hi << L | low`` with L = low_bits + bits(n) + 2, so
    the sum of lows over any matching can never reach one unit of ``hi``: the order of
    packed sums is the lexicographic order of (sum hi, sum low). Weights live only in the
    C core (no Python copy): setting 500,000 edges must stay cheap.
    """

    def __init__(self, n: int, fields: list[tuple[int, int, str, int]], low_bits: int = 16) -> None:
        self.n = n
        # set by the bracket procedure for the rustworkx backend's compression; unused here
        self.inner = n
        self.score_counts: dict[int, int] = {}
        self.fixed: dict[int, int] = {}
        self.solves = 0
        hi_bits = max((off + width for off, width, _, _ in fields), default=1)
        self._low_limit = 1 << low_bits
        self._shift = low_bits + max(1, n).bit_length() + 2
        self.max_bits = hi_bits + self._shift
        words = words_for(self.max_bits)
        self._bytes = 8 * words
        self._core = Blossom(n, words)  # type: ignore[misc]

    def set(self, u: int, v: int, hi: int, low: int = 0) -> None:
        """Set the weight of edge u-v (hi == 0 removes the edge). ``u`` is the player
        whose edges are being changed: the solver re-examines it."""
        if hi:
            if not -self._low_limit < low < self._low_limit:
                raise ValueError(f"low weight {low} beyond the announced 2^{self._low_limit.bit_length() - 1}")
            self._core.set_edge(u, v, ((hi << self._shift) + low).to_bytes(self._bytes, "little"))
        else:
            self._core.remove_edge(u, v)

    def fix(self, u: int, v: int) -> None:
        """Decide the pair u-v: both leave the graph (the rest is matched around them)."""
        self.fixed[u] = v
        self.fixed[v] = u
        self._core.delete_vertex(u)
        self._core.delete_vertex(v)

    def solve(self) -> list[int]:
        """mate[v] for every vertex (v itself when unmatched); fixed pairs included."""
        self.solves += 1
        mate = self._core.solve()
        for v in range(self.n):
            if mate[v] < 0:
                mate[v] = self.fixed.get(v, v)
        return mate


def backend() -> str:
    """The matching backend ``Matcher`` uses: "incremental" or "rustworkx"."""
    wanted = os.environ.get("FAIRDRAW_MATCHER", "incremental")
    return "incremental" if wanted != "rustworkx" and Blossom is not None else "rustworkx"


def Matcher(n: int, fields: list[tuple[int, int, str, int]], low_bits: int = 16) -> IncrementalMatcher | RustworkxMatcher:
    """The matcher for ``n`` players with the ``hi`` layout ``fields`` (see module doc)."""
    if backend() == "incremental":
        return IncrementalMatcher(n, fields, low_bits)
    return RustworkxMatcher(n, fields)
