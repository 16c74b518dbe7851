"""Wilson's construction (designs/orthogonal_arrays.py): orthogonal arrays of orders 2 (mod 4)
that no field, difference matrix or product gives, and the tables of 3 they bring."""

from __future__ import annotations

import numpy as np
import pytest

from fairdraw.designs import candidates, upper_bound, verify
from fairdraw.designs.orthogonal_arrays import from_field, orthogonal_array, wilson

from .test_orthogonal_arrays import is_orthogonal_array


@pytest.mark.parametrize(("g", "r"), [(22, 4), (26, 4), (34, 4), (42, 4), (46, 4), (50, 4), (50, 5), (70, 5)])
def test_wilson_arrays_are_orthogonal(g: int, r: int) -> None:
    found = orthogonal_array(g, r)
    assert found is not None and "Wilson" in found[1]
    assert is_orthogonal_array(found[0], g, r)


def test_wilson_with_one_new_symbol_by_hand_and_the_checker_fails_on_a_changed_row() -> None:
    """34 = 3·11 + 1: OA(5, 11), OA(4, 3), OA(4, 4) and the one-row OA(4, 1)."""
    rows = wilson(np.asarray(from_field(11, 5)), np.asarray(from_field(3, 4)), np.asarray(from_field(4, 4)),
                  np.zeros((1, 4), dtype=np.int64), m=3, t=11, u=1)
    as_tuples = tuple(map(tuple, rows.tolist()))
    assert is_orthogonal_array(as_tuples, 34, 4)
    broken = list(as_tuples)
    broken[100] = (*broken[100][:3], (broken[100][3] + 1) % 34)
    assert not is_orthogonal_array(tuple(broken), 34, 4)


def test_orders_reached_before_keep_their_array() -> None:
    """Wilson comes after the field, matrix and product sources, so seatings made with those
    arrays stay the same (e.g. 36 = 4·9, 1000 = a product)."""
    assert orthogonal_array(36, 5)[1] == "GF(4) x GF(9)"  # type: ignore[index]
    assert "Wilson" not in orthogonal_array(1000, 5)[1]  # type: ignore[index]
    assert orthogonal_array(6, 4) is None and orthogonal_array(10, 4) is None  # no construction claims these


@pytest.mark.parametrize(("n", "before"), [(102, 17), (126, 21), (138, 23), (150, 25)])
def test_tables_of_3_gain_a_transversal_design(n: int, before: int) -> None:
    """g = n/3 = 2 (mod 4): only the seed's Dutch cycles (g/2 rounds) were known; a resolvable
    TD(3, g) gives g, and 126 = 3·42 fills its groups with the 42-player design: the bound 62."""
    best = candidates(n, 3)[0]
    g = n // 3
    expected = upper_bound(n, 3) if n == 126 else g
    assert best.clean_rounds == expected > before
    assert "Wilson" in best.source
    assert verify(best.rounds, 3, n).clean
