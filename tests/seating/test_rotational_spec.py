"""fairdraw.designs.cyclic.RotationalSpec: how a "rotational" base round is developed."""

from __future__ import annotations

from itertools import combinations

from fairdraw.designs import pair_counts, verify
from fairdraw.designs.cyclic import RotationalSpec

# A base round for 24 players over Z_21 plus ∞_0, ∞_1, ∞_2 (players 21-23), invariant under
# H = {0, 7, 14}, which moves ∞_j to ∞_(j+1): found by tools/search_sat_rotational.py
# 4 21 7 --infinities 3 (under a second); input data for the development, not an expected output.
BASE_24 = ((0, 1, 5, 21), (2, 4, 10, 13), (3, 6, 16, 18), (7, 8, 12, 22), (9, 11, 17, 20), (14, 15, 19, 23))


def test_three_moved_infinities_give_a_resolvable_gdd_of_type_3_8() -> None:
    """7 rounds (the bound for 24 players), and the pairs that never meet are exactly the
    cosets of H and the three ∞s: the groups of a 4-RGDD of type 3^8."""
    spec = RotationalSpec(n=24, k=4, group=(21,), subgroup=(0, 7, 14), base=BASE_24, infinities=3)
    rounds = spec.develop()
    assert len(rounds) == 7 and verify(rounds, 4, 24).clean
    assert sorted(rounds[0]) == sorted(BASE_24)
    met = set(pair_counts(rounds))
    never = set(combinations(range(24), 2)) - met
    groups = [(x, x + 7, x + 14) for x in range(7)] + [(21, 22, 23)]
    assert never == {pair for g in groups for pair in combinations(g, 2)}


def test_infinities_move_with_the_translation() -> None:
    """Round 1 is the base moved by t = 1 (the smallest element outside H): ∞_0's table
    (0, 1, 5, ∞_0) becomes (1, 2, 6, ∞_1), and ∞_2's (14, 15, 19, ∞_2) becomes (15, 16, 20, ∞_0)."""
    spec = RotationalSpec(n=24, k=4, group=(21,), subgroup=(0, 7, 14), base=BASE_24, infinities=3)
    second = spec.develop()[1]
    assert (1, 2, 6, 22) in second and (15, 16, 20, 21) in second


def test_one_fixed_player_rounds_are_coset_translates() -> None:
    """F = 1: round i is the base moved by the smallest element of the i-th new coset of H."""
    base = ((0, 1, 3, 7), (2, 4, 5, 6))  # not a design: only the arithmetic is checked
    spec = RotationalSpec(n=8, k=4, group=(7,), subgroup=(0,), base=base)
    rounds = spec.develop()
    assert len(rounds) == 7
    assert rounds[2] == [(0, 1, 4, 6), (2, 3, 5, 7)]  # +2, ∞ (player 7) fixed, tables sorted
