"""The incremental matching core (``fairdraw._blossom``) against networkx.

Random graphs with multi-word weights are changed the way the Dutch bracket procedure
changes them (one vertex's edges re-weighted, added or removed; decided pairs deleted),
and after every solve the matching must weigh exactly what networkx's from-scratch
maximum-weight matching weighs, and the solver's own certificate (dual feasibility,
tight matched edges, no exposed vertex with a positive dual) must hold.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

blossom = pytest.importorskip("fairdraw._blossom", reason="the C extension is not built")


def _best_total(n: int, edges: dict[tuple[int, int], int]) -> int:
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from((u, v, w) for (u, v), w in edges.items())
    return sum(edges[(min(a, b), max(a, b))] for a, b in nx.max_weight_matching(g))


def _check(core: blossom.Blossom, n: int, edges: dict[tuple[int, int], int]) -> None:
    mate = core.solve()
    assert core.check() is None
    for u, v in enumerate(mate):
        if v >= 0:
            assert mate[v] == u and (min(u, v), max(u, v)) in edges
    total = sum(edges[(u, v)] for u, v in enumerate(mate) if v > u)
    assert total == _best_total(n, edges)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=24),
    words=st.integers(min_value=1, max_value=3),
    density=st.sampled_from([0.3, 0.7, 1.0]),
    ties=st.booleans(),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_incremental_solves_equal_fresh_optimum(n: int, words: int, density: float, ties: bool, seed: int) -> None:
    _scenario(n, words, density, ties, seed, steps=8)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_incremental_solves_on_larger_graphs(seed: int) -> None:
    rng = random.Random(seed)
    _scenario(rng.randrange(30, 70), rng.randrange(1, 4), rng.choice([0.5, 1.0]), seed % 2 == 0, seed, steps=25)


def _scenario(n: int, words: int, density: float, ties: bool, seed: int, steps: int) -> None:
    """Random weights, then ``steps`` rounds of changes like the Dutch procedure makes."""
    rng = random.Random(seed)
    bits = 64 * words - 8
    size = 8 * words

    def weight() -> int:
        # few distinct values (many ties, like the Dutch fields) or wide random ones
        return rng.randrange(1, 4) << (bits - 4) if ties else rng.randrange(1, 1 << bits)

    core = blossom.Blossom(n, words)
    edges: dict[tuple[int, int], int] = {}
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < density:
                edges[(u, v)] = weight()
                core.set_edge(u, v, edges[(u, v)].to_bytes(size, "little"))
    dead: set[int] = set()
    for _ in range(steps):
        _check(core, n, edges)
        alive = [u for u in range(n) if u not in dead]
        if len(alive) < 2:
            break
        x = rng.choice(alive)
        for v in alive:
            if v == x:
                continue
            k = (min(x, v), max(x, v))
            r = rng.random()
            if r < 0.3 and k in edges:
                del edges[k]
                core.remove_edge(x, v)
            elif r < 0.8:
                edges[k] = weight()
                core.set_edge(x, v, edges[k].to_bytes(size, "little"))
        if rng.random() < 0.3:  # decide a matched pair, as fix() does
            mate = core.solve()
            matched = [u for u in range(n) if mate[u] > u]
            if matched:
                u = rng.choice(matched)
                for y in (u, mate[u]):
                    core.delete_vertex(y)
                    dead.add(y)
                    for k in [k for k in edges if y in k]:
                        del edges[k]


def test_weights_beyond_the_width_are_refused() -> None:
    core = blossom.Blossom(2, 1)
    with pytest.raises(OverflowError):
        core.set_edge(0, 1, (1 << 63).to_bytes(8, "little"))
    with pytest.raises(IndexError):
        core.set_edge(0, 0, b"\x01")
