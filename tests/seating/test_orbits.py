"""The orbit frame (fairdraw.designs.orbits) and its LNS repair: capacities must match reality.

The capacity rule cap(O) = floor(|K|·|O| / |Gamma|) is what every symmetric search relies on,
so it is checked against an independent count: a base round has cost 0 exactly when its
developed rounds have no repeated pair.
"""

from __future__ import annotations

import json
from importlib import resources
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairdraw.designs import verify
from fairdraw.designs.cyclic import Group, _orbit_table
from fairdraw.designs.cyclotomic import _primitive
from fairdraw.designs.gf import field
from fairdraw.designs.orbit_lns import OrbitState, repair
from fairdraw.designs.orbits import (
    OrbitProblem,
    classes_problem,
    cyclic_extension_problem,
)


def _problems() -> list[tuple[int, OrbitProblem]]:
    return [
        (16, classes_problem((5,), 3, 1, anchors=[15])),  # plain cyclic, K trivial
        (16, classes_problem((5,), 3, 1, class_perm=[1, 2, 0], anchors=[15])),  # class cycling, u = 1
        (28, classes_problem((9,), 3, 1, alpha=lambda y: (4 * y) % 9, class_perm=[1, 2, 0], anchors=[27])),  # u = 4
        (24, classes_problem((7,), 3, 3, alpha=lambda y: (2 * y) % 7, class_perm=[1, 2, 0], fixed_perm=[1, 2, 0])),
        (28, cyclic_extension_problem(9, 3, 1, anchors=[27])),  # Z_27, invariant under +9
        (32, classes_problem((10,), 3, 2, anchors=[30, 31], fixed_shift=[1, 0])),  # fixed points swapped by odd shifts
        (44, classes_problem((14,), 3, 2, alpha=lambda y: (9 * y) % 14, class_perm=[1, 2, 0], anchors=[42, 43],
                             fixed_shift=[1, 0])),  # the same with class cycling, u = 9
    ]


def _is_k_invariant(problem: OrbitProblem, base: list[tuple[int, ...]]) -> bool:
    tables = {frozenset(b) for b in base}
    return all(frozenset(h[p] for p in b) in tables for h in problem.kgroup for b in base)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(_problems()) - 1), st.integers(0, 10_000))
def test_cost_zero_exactly_when_developed_rounds_are_repeat_free(which: int, seed: int) -> None:
    n, problem = _problems()[which]
    base = problem.initial(seed)
    assert sorted(p for b in base for p in b) == list(range(n))
    assert _is_k_invariant(problem, base)
    rounds = problem.develop(base)
    verdict = verify(rounds, 4, n)
    assert verdict.ok
    assert (OrbitState(problem, base).cost() == 0) == (verdict.repeats == 0)


@pytest.mark.parametrize(("moduli", "fixed"), [((5,), 1), ((6,), 2), ((3, 3), 3), ((8,), 2)])
def test_plain_capacities_match_the_cyclic_orbit_table(moduli: tuple[int, ...], fixed: int) -> None:
    """With K trivial the general rule must give the cyclic module's hand-derived capacities
    (0 for two fixed points and for a pure difference of order 2, else 1)."""
    problem = classes_problem(moduli, 3, fixed)
    key, cap = problem.pair_orbits()
    ckey, ccap = _orbit_table(Group(moduli), 3, fixed)
    n = problem.n
    for a in range(n):
        for b in range(a + 1, n):
            assert cap[key[a][b]] == ccap[ckey[a][b]], (a, b)
            if ccap[ckey[a][b]] == 0:
                continue
            for c in range(n):
                for d in range(c + 1, n):
                    if ccap[ckey[c][d]] and (key[a][b] == key[c][d]) != (ckey[a][b] == ckey[c][d]):
                        raise AssertionError(((a, b), (c, d)))


def test_extension_capacities() -> None:
    """Z_27 + infinity, K = <+9>: every orbit has 27 pairs, so each may be used 3 times by R0."""
    problem = cyclic_extension_problem(9, 3, 1)
    key, cap = problem.pair_orbits()
    assert cap[key[0][9]] == 3 and cap[key[0][1]] == 3 and cap[key[27][0]] == 3
    assert len(set(cap)) == 1


@pytest.mark.parametrize("symmetry", [False, True])
def test_repair_finds_a_design_from_scratch(symmetry: bool) -> None:
    """The whole K-invariant base round as one CP-SAT model: 16 players, 5 rounds (u = 1)."""
    n, problem = _problems()[1]
    state = OrbitState(problem, problem.initial(3))
    repair(state, list(range(len(state.free_slots))), list(state.anchor_slots), seconds=20, seed=0, symmetry=symmetry)
    assert state.cost() == 0
    rounds = problem.develop(state.blocks())
    assert verify(rounds, 4, n).clean and len(rounds) == 5
    assert _is_k_invariant(problem, state.blocks())


def test_shipped_76_is_invariant_under_its_multiplier() -> None:
    """The shipped 76-player design is the cyclotomic one it claims to be: its base round is
    fixed by multiplication with the order-3 subgroup of GF(25)* (and repeat-free)."""
    doc = json.loads((resources.files("fairdraw") / "data" / "mahjong" / "cyclic_076_k4.json").read_text())
    entry = doc["designs"][0]
    f = field(25)
    w = _primitive(25)
    s = 1
    for _ in range(8):
        s = f.mul(s, w)
    problem = classes_problem((5, 5), 3, 1, alpha=lambda y: f.mul(s, y), fixed_blocks=[(75, 0, 25, 50)])
    base = [tuple(b) for b in entry["base"]]
    assert _is_k_invariant(problem, base)
    assert OrbitState(problem, base).cost() == 0
    assert verify(problem.develop(base), 4, 76).clean
    # and the order of s is 3: the symmetry is not trivial
    assert s != 1 and f.mul(s, f.mul(s, s)) == 1
    assert all(len(set(b)) == 4 for b in base) and not any(
        a == b for blk in base for a, b in combinations(blk, 2)
    )


def test_swapped_fixed_points_follow_odd_translations() -> None:
    """With fixed_shift=[1, 0] the translation by g swaps the two fixed points exactly when g is odd,
    and such a problem is not shipped as a plain cyclic base round."""
    problem = classes_problem((10,), 3, 2, anchors=[30, 31], fixed_shift=[1, 0])
    for g, t in enumerate(problem.transversal):
        assert (t[30], t[31]) == ((31, 30) if g % 2 else (30, 31))
    assert problem.group_moduli is None
    with pytest.raises(ValueError, match="cyclic group"):
        classes_problem((3, 3), 3, 2, fixed_shift=[1, 0])
