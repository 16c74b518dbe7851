"""Difference matrices (designs/difference_matrices.py) and the 96-player design they give."""

from __future__ import annotations

from itertools import combinations

from fairdraw.designs import candidates, upper_bound, verify
from fairdraw.designs.cyclic import Group
from fairdraw.designs.difference_matrices import (
    DM_12_6,
    Z2_Z6,
    Z3_Z2_Z2_Z2,
    dm_24_5,
    dm_24_6,
    is_difference_matrix,
    known_matrix,
    resolvable_td,
)


def test_shipped_matrix_is_a_difference_matrix() -> None:
    matrix = dm_24_5()
    assert len(matrix) == 5 and all(len(row) == 24 for row in matrix)
    assert is_difference_matrix(matrix, Z3_Z2_Z2_Z2)


def test_six_row_matrix_is_a_difference_matrix_and_keeps_the_five_row_one() -> None:
    """The (24, 6, 1) matrix for tables of 5; tables of 4 still get the five-row matrix, so a
    96-player seating made before the six-row one shipped is unchanged."""
    six = dm_24_6()
    assert len(six) == 6 and all(len(row) == 24 for row in six)
    assert is_difference_matrix(six, Z3_Z2_Z2_Z2)
    assert known_matrix(24, 5) == (dm_24_5(), Z3_Z2_Z2_Z2)
    assert known_matrix(24, 6) == (six, Z3_Z2_Z2_Z2)
    broken = [list(row) for row in six]
    broken[5][2], broken[5][9] = broken[5][9], broken[5][2]
    assert not is_difference_matrix(broken, Z3_Z2_Z2_Z2)


def test_120_players_at_tables_of_5_get_24_rounds() -> None:
    """TD(5, 24) from the six-row matrix: 24 repeat-free rounds (Dutch cycles mod 24 gave 6),
    every pair from different groups exactly once."""
    best = candidates(120, 5)[0]
    assert best.clean_rounds == 24 and "(24,6,1) difference matrix" in best.source
    verdict = verify(best.rounds, 5, 120)
    assert verdict.clean
    pairs_of_groups = 5 * 4 // 2
    assert sum(verdict.pair_counts.values()) == pairs_of_groups * 24 * 24  # every cross pair once
    assert all(verdict.pair_counts.get((a, b), 0) == 0 for a in range(120) for b in range(a + 1, 120) if a // 24 == b // 24)


def test_checker_rejects_a_changed_entry() -> None:
    matrix = [list(row) for row in dm_24_5()]
    matrix[3][7] = Z3_Z2_Z2_Z2.add(matrix[3][7], 1)
    assert not is_difference_matrix(matrix, Z3_Z2_Z2_Z2)


def test_resolvable_td_meets_every_cross_group_pair_once() -> None:
    matrix, group = known_matrix(24, 5)  # type: ignore[misc]
    rounds = resolvable_td(matrix, group, 4)
    assert len(rounds) == 24
    verdict = verify(rounds, 4, 96)
    assert verdict.clean
    for a, b in combinations(range(96), 2):
        same_group = a // 24 == b // 24
        assert verdict.pair_counts.get((a, b), 0) == (0 if same_group else 1)


def test_96_players_reach_the_upper_bound() -> None:
    """TD(4,24) (24 rounds) + the 24-player design in every group (7 rounds) = 31."""
    best = candidates(96, 4)[0]
    assert best.clean_rounds == 31 == upper_bound(96, 4)
    assert "difference matrix" in best.source
    assert verify(best.rounds, 4, 96).clean


def test_no_matrix_claimed_beyond_what_ships() -> None:
    assert known_matrix(24, 7) is None and known_matrix(20, 5) is None and known_matrix(12, 7) is None


def test_the_12_6_matrix_over_z2_z6_and_not_over_z12() -> None:
    """The same entries read in Z_12 fail: the group matters (Z_12 has none with 3 rows)."""
    assert is_difference_matrix(DM_12_6, Z2_Z6)
    assert not is_difference_matrix(DM_12_6, Group((12,)))
    broken = [list(row) for row in DM_12_6]
    broken[5][3], broken[5][4] = broken[5][4], broken[5][3]
    assert not is_difference_matrix(broken, Z2_Z6)


def test_60_players_at_tables_of_5_get_12_rounds_from_it() -> None:
    """TD(5, 12): every pair of different groups meets exactly once in 12 rounds (the
    groups-of-5 reference for 60 players); Dutch cycles mod 12 gave 3."""
    best = candidates(60, 5)[0]
    assert best.clean_rounds == 12 and "(12,6,1) difference matrix" in best.source
    verdict = verify(best.rounds, 5, 60)
    assert verdict.clean
    assert sum(verdict.pair_counts.values()) == 12 * 12 * 10
