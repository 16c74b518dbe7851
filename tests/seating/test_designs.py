"""The generic design package: fields, constructions, the checker, best_design."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairdraw.designs import best_design, candidates, upper_bound, verify
from fairdraw.designs.constructions import affine_space, dutch_clean_rounds, dutch_cycles, transversal
from fairdraw.designs.gf import field, prime_power


def independent_count(rounds: list[list[tuple[int, ...]]]) -> tuple[int, int]:
    """(repeats, players seated wrongly): a second, naive count that shares no code with verify."""
    seen: dict[frozenset[int], int] = {}
    bad = 0
    for rnd in rounds:
        flat = [p for t in rnd for p in t]
        bad += len(flat) - len(set(flat))
        for t in rnd:
            for a in t:
                for b in t:
                    if a < b:
                        key = frozenset((a, b))
                        seen[key] = seen.get(key, 0) + 1
    return sum(v - 1 for v in seen.values() if v > 1), bad


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 25, 27])
def test_field_axioms(q: int) -> None:
    f = field(q)
    for a in f.elements:
        assert f.add(a, 0) == a and f.mul(a, 1) == a
        if a:
            assert f.mul(a, f.inv(a)) == 1
        for b in f.elements:
            assert f.mul(a, b) == f.mul(b, a)
            # distributivity on a sample
            c = (a + b) % q
            assert f.mul(a, f.add(b, c)) == f.add(f.mul(a, b), f.mul(a, c))


def test_prime_power() -> None:
    assert prime_power(16) == (2, 4)
    assert prime_power(27) == (3, 3)
    assert prime_power(12) is None
    with pytest.raises(ValueError):
        field(6)


@pytest.mark.parametrize(("q", "dim"), [(4, 2), (5, 2), (4, 3), (3, 3), (7, 2)])
def test_affine_space_every_pair_once(q: int, dim: int) -> None:
    rounds = affine_space(q, dim)
    n = q**dim
    assert len(rounds) == (n - 1) // (q - 1)
    verdict = verify(rounds, q, n)
    assert verdict.clean
    assert len(verdict.pair_counts) == n * (n - 1) // 2  # every pair exactly once
    assert independent_count(rounds) == (0, 0)


@pytest.mark.parametrize(("g", "k"), [(4, 4), (5, 4), (7, 4), (8, 4), (9, 5), (11, 5), (13, 4), (16, 4)])
def test_transversal(g: int, k: int) -> None:
    rounds = transversal(g, k)
    assert len(rounds) == g
    assert verify(rounds, k, g * k).clean
    assert independent_count(rounds) == (0, 0)


@pytest.mark.parametrize(("g", "k", "clean"), [(11, 4, 11), (10, 4, 5), (30, 4, 10), (9, 4, 3), (7, 5, 7), (10, 5, 5)])
def test_dutch_cycles_clean_rounds(g: int, k: int, clean: int) -> None:
    """Seed 000: 40 players break after 5 hanchan, 120 (30 tables) after 10."""
    assert dutch_clean_rounds(g, k) == clean
    rounds = dutch_cycles(g, k)
    assert verify(rounds[:clean], k, g * k).clean
    if clean < g:
        assert verify(rounds[: clean + 1], k, g * k).repeats > 0


def test_checker_rejects_bad_rounds() -> None:
    bad = [[(0, 1, 2, 3), (4, 5, 6, 7)], [(0, 4, 1, 5), (2, 6, 3, 3)]]
    verdict = verify(bad, 4, 8)
    assert not verdict.ok
    assert any("seated 2 times" in p for p in verdict.problems)
    assert verdict.repeats >= 1


@pytest.mark.parametrize(("n", "k"), [(16, 4), (64, 4), (92, 4), (25, 5), (35, 5), (65, 5)])
def test_candidates_reach_construction_bounds(n: int, k: int) -> None:
    best = candidates(n, k)[0]
    assert verify(best.rounds, k, n).clean
    assert best.clean_rounds >= (n // k if n not in (16, 64, 25) else upper_bound(n, k))


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([(16, 4), (20, 4), (24, 4), (40, 4), (25, 5), (30, 5)]), st.integers(1, 12), st.integers(0, 3))
def test_best_design_well_formed(case: tuple[int, int], rounds: int, seed: int) -> None:
    n, k = case
    design = best_design(n, k, rounds, seed=seed)
    assert len(design.rounds) == rounds
    verdict = verify(design.rounds, k, n)
    assert verdict.ok
    assert (verdict.repeats == 0) == (design.clean_rounds == rounds)
    reps, bad = independent_count(design.rounds)
    assert bad == 0 and reps == verdict.repeats
    counts = Counter(p for rnd in design.rounds for t in rnd for p in t)
    assert all(counts[p] == rounds for p in range(n))
    assert all(len(set(combinations(sorted(t), 2))) == k * (k - 1) // 2 for rnd in design.rounds for t in rnd)


@pytest.mark.parametrize("n, rounds, fewest", [(8, 3, 8), (12, 3, 6), (8, 2, 4)])
def test_small_fields_reach_the_fewest_repeats(n: int, rounds: int, fewest: int) -> None:
    """Issue 4 (b): fewest repeats first, even if a few pairs then meet three times.

    8 players, 3 rounds: round 2 splits each table 2+2 (4 repeats); round 3 repeating
    round 2's repeated pairs costs 4 more (8 in all), where keeping every pair at two
    meetings costs 12. The minima were confirmed by an independent annealing search.
    """
    for seed in range(3):
        reps, bad = independent_count(best_design(n, 4, rounds, seed=seed).rounds)
        assert bad == 0 and reps == fewest


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_small_field_at_tables_of_five_reaches_the_fewest_repeats(seed: int) -> None:
    """Issue 4 (b) at tables of 5: 20 players, 4 rounds, 12 repeats and no fewer.

    Why 12 is the least: two rounds of four tables of 5 share at least 4 pairs (each table of
    one round meets the four of the other 2+1+1+1 at best), so the six pairs of rounds put at
    least 24 into the sum over pairs of C(m, 2), m a pair's meetings; a pair's repeats m - 1
    are at least C(m, 2) / 2 for m <= 4. The narrow search of large fields stopped at 18.
    """
    reps, bad = independent_count(best_design(20, 5, 4, seed=seed).rounds)
    assert bad == 0 and reps == 12


@pytest.mark.parametrize("n", [2 * m for m in range(2, 26)])
def test_tables_of_two_reach_a_round_robin(n: int) -> None:
    """Tables of 2 seat n - 1 rounds with every pair once (a round robin); the Dutch cycles
    alone repeated pairs (10 players: 4 repeats over 9 rounds)."""
    design = candidates(n, 2)[0]
    assert design.clean_rounds == n - 1 == upper_bound(n, 2)
    met = Counter(frozenset(t) for rnd in design.rounds[: n - 1] for t in rnd)
    assert len(met) == n * (n - 1) // 2 and set(met.values()) == {1}
    for rnd in design.rounds[: n - 1]:
        assert sorted(p for t in rnd for p in t) == list(range(n))
