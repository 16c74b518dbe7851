"""One exact maximum-weight matching, for systems that solve from scratch each time.

Why: the club Swiss (and anything else that needs a single matching) should get the fast
C core the Dutch engine uses (``fairdraw._blossom``: exact on multi-word integers, no
128-bit ceiling), with rustworkx as the fallback when the extension is not built. The
Dutch engine uses the core incrementally (``systems.dutch.matcher``) instead.
"""

from __future__ import annotations

from collections.abc import Sequence

import rustworkx as rx

try:
    from fairdraw._blossom import Blossom as _Blossom
except ImportError:  # pragma: no cover - depends on the build
    _Blossom = None


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """Pairs (u, v), u < v, of a maximum-weight matching of vertices 0..n-1 with the given
    positive integer weights, sorted. Deterministic for the same input."""
    if not edges:
        return []
    if _Blossom is not None:
        top = max(w for _, _, w in edges)
        size = 8 * ((top.bit_length() + 6 + 63) // 64)
        core = _Blossom(n, size // 8)
        for u, v, w in edges:
            core.set_edge(u, v, w.to_bytes(size, "little"))
        mate = core.solve()
        return [(u, v) for u, v in enumerate(mate) if v > u]
    graph = rx.PyGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(edges)
    pairs = rx.max_weight_matching(graph, max_cardinality=False, weight_fn=lambda w: w)
    return sorted(tuple(sorted(p)) for p in pairs)  # type: ignore[misc]
