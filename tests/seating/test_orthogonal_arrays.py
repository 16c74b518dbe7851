"""Orthogonal arrays and MacNeish's product (designs/orthogonal_arrays.py), and the field sizes
beyond 120 they bring to the bound."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from fairdraw.designs import candidates, upper_bound, verify
from fairdraw.designs.orthogonal_arrays import (
    from_field,
    orthogonal_array,
    product,
    resolvable_td,
)


def is_orthogonal_array(rows: tuple[tuple[int, ...], ...], g: int, r: int) -> bool:
    """g² rows of r symbols 0..g-1, every ordered pair of symbols once in every two columns."""
    if len(rows) != g * g or any(len(row) != r or not all(0 <= v < g for v in row) for row in rows):
        return False
    return all(len({(row[i], row[j]) for row in rows}) == g * g for i, j in combinations(range(r), 2))


@pytest.mark.parametrize("g", [4, 5, 7, 8, 9, 20, 24, 28, 35, 36, 44, 45, 56, 63])
def test_every_array_is_orthogonal(g: int) -> None:
    found = orthogonal_array(g, 5)
    assert found is not None
    assert is_orthogonal_array(found[0], g, 5)


def test_product_of_two_arrays_is_orthogonal_and_checker_can_fail() -> None:
    rows = product(from_field(4, 5), from_field(5, 5), 5)
    assert is_orthogonal_array(rows, 20, 5)
    broken = list(rows)
    broken[7] = (broken[7][0], broken[7][1], broken[7][2], broken[7][3], (broken[7][4] + 1) % 20)
    assert not is_orthogonal_array(tuple(broken), 20, 5)


def test_the_origin_names_the_factors() -> None:
    assert orthogonal_array(36, 5)[1] == "GF(4) x GF(9)"  # type: ignore[index]
    assert orthogonal_array(24, 5)[1] == "a (24,5,1) difference matrix"  # type: ignore[index]


@pytest.mark.parametrize("g", [2, 3, 6])
def test_no_array_where_none_exists(g: int) -> None:
    """OA(5, g) does not exist for g = 2, 3 (r <= g + 1) nor 6 (no two orthogonal Latin squares)."""
    assert orthogonal_array(g, 5) is None


def test_resolvable_td_from_a_product() -> None:
    found = resolvable_td(36, 4)
    assert found is not None
    rounds, _ = found
    assert len(rounds) == 36
    for rnd in rounds:
        assert sorted(p for table in rnd for p in table) == list(range(144))
    verdict = verify(rounds, 4, 144)
    assert verdict.clean
    counts = Counter(verdict.pair_counts)
    for a, b in combinations(range(144), 2):
        assert counts.get((a, b), 0) == (0 if a // 36 == b // 36 else 1)


@pytest.mark.parametrize("n", [144, 176, 208, 224])
def test_product_field_sizes_reach_the_bound(n: int) -> None:
    """4·g players with g = 36, 44, 52, 56: TD(4, g) from a product, columns filled by the
    g-player design (11, 14, 17, 18 rounds)."""
    best = candidates(n, 4)[0]
    assert best.clean_rounds == upper_bound(n, 4)
    assert "product of orthogonal arrays" in best.source
    assert verify(best.rounds, 4, n).clean


def test_earlier_designs_keep_their_place_at_equal_length() -> None:
    """112 = 4·28 has a product TD too (28 + 9 = 37 rounds) but keeps its cyclotomic design, so
    an old seed gives the same seating."""
    found = candidates(112, 4)
    assert found[0].source.startswith("cyclotomic")
    assert any("product of orthogonal arrays" in d.source and d.clean_rounds == 37 for d in found)
