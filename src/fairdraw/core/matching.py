"""One exact maximum-weight matching, for systems that solve from scratch each time.

Why: the club Swiss (and anything else that needs a single matching) should get the fast
C core the Dutch engine uses (``fairdraw._blossom``: exact on multi-word integers, no
128-bit ceiling), with rustworkx as the fallback when the extension is not built. The
Dutch engine uses the core incrementally (``systems.dutch.matcher``) instead.
"""

from __future__ import annotations

from collections.abc import Sequence

import rustworkx as rx

try:  # the optional C extension (setup.py); without it rustworkx solves
    from fairdraw._blossom import Blossom
except ImportError:  # pragma: no cover - depends on the build
    Blossom = None


def words_for(bits: int) -> int:
    """64-bit words the C core needs for weights of ``bits`` bits: it doubles weights and
    adds duals, so it refuses any weight within 5 bits of the top (6 bits of headroom)."""
    return (bits + 6 + 63) // 64


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """Pairs (u, v), u < v, of a maximum-weight matching of vertices 0..n-1 with the given
    positive integer weights, sorted. Deterministic for the same input."""
    if not edges:
        return []
    if Blossom is not None:
        words = words_for(max(w for _, _, w in edges).bit_length())
        size = 8 * words
        core = Blossom(n, words)
        for u, v, w in edges:
            core.set_edge(u, v, w.to_bytes(size, "little"))
        mate = core.solve()
        return [(u, v) for u, v in enumerate(mate) if v > u]
    graph = rx.PyGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(edges)
    pairs = rx.max_weight_matching(graph, max_cardinality=False, weight_fn=lambda w: w)
    return sorted(tuple(sorted(p)) for p in pairs)  # type: ignore[misc]
