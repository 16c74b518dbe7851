"""Difference matrices for orders that are not prime powers, and the resolvable TDs they give.

Why: a resolvable transversal design TD(4, g) seats 4·g players for g rounds with every pair
from different groups meeting once; with the groups then filled by a g-player design it reaches
the bound for 96 = 4·24 players (24 + 7 = 31 rounds). GF(g) gives one only for prime powers
(``constructions.transversal``); for g = 24 we use a difference matrix.

A (g, r, 1) difference matrix over an abelian group G of order g is an r x g matrix D with
entries in G such that for any two rows i != j the differences D[i][c] - D[j][c] run over all
of G exactly once. Then the blocks {(i, D[i][c] + t) : i < r-1}, one per column c and t in G,
form a TD(r-1, g) with groups {i} x G, and grouping the blocks by D[r-1][c] + t (the last row
is "the round") makes it resolvable: g rounds of g tables (Handbook of Combinatorial Designs,
2nd ed., III.3 and III.17).

``DM_24_5``: a (24, 5, 1) difference matrix over G = Z3 x Z2 x Z2 x Z2. The Handbook's
(24, 8, 1) matrix (III.3.52) has a shape we reuse: 12 base columns, each with a partner column
c'[i] = c[i] + h_i where h_i = (0, bits of i). For rows i < j the partner differences are the
base differences shifted by h_i + h_j, so the pair of rows is fine exactly when the 12 base
differences meet every coset of the order-2 subgroup {0, h_i + h_j} once. Our 5 rows were found
under that condition by CP-SAT (``tools/search_difference_matrix.py``, seed 0, 7 s) and are
checked by ``is_difference_matrix`` in the tests. Elements are written (a mod 3, b, c, d).

``DM_24_6``: six rows of the same shape, a resolvable TD(5, 24): 120 players at tables of 5 for
24 rounds, where no 4 MOLS of order 24 come from fields (Dutch cycles gave 6 clean rounds). Found
by the SAT form of the same model (``tools/search_difference_matrix.py --rows 6 --solver kissat``,
55 s; CP-SAT gave none in 300 s). It is a separate matrix, not an extension of ``DM_24_5``, which
stays the one behind tables of 4 so that 96-player seatings made before it came are unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

from fairdraw.designs.cyclic import Group

Element = tuple[int, int, int, int]
Round = list[tuple[int, ...]]

Z3_Z2_Z2_Z2 = Group((3, 2, 2, 2))

# rows 0..4 of the 12 base columns; see the module docstring for how the other 12 follow
DM_24_5_BASE: tuple[tuple[Element, ...], ...] = (
    ((0, 0, 0, 0),) * 12,
    ((0, 0, 0, 0), (0, 0, 1, 0), (0, 1, 0, 0), (0, 1, 1, 0), (1, 0, 0, 0), (1, 0, 1, 0),
     (1, 1, 0, 0), (1, 1, 1, 0), (2, 0, 0, 0), (2, 0, 1, 0), (2, 1, 0, 0), (2, 1, 1, 0)),
    ((0, 0, 0, 0), (1, 0, 0, 0), (2, 0, 0, 1), (1, 1, 0, 1), (2, 1, 0, 1), (0, 1, 1, 0),
     (1, 1, 1, 0), (0, 1, 0, 1), (1, 0, 0, 1), (2, 1, 1, 0), (2, 0, 1, 0), (0, 0, 0, 1)),
    ((0, 0, 0, 0), (1, 0, 1, 1), (2, 1, 0, 0), (2, 0, 0, 1), (1, 1, 1, 1), (2, 0, 0, 0),
     (0, 1, 1, 1), (1, 0, 1, 0), (1, 1, 1, 0), (0, 1, 1, 0), (0, 0, 0, 1), (2, 1, 0, 1)),
    ((0, 0, 0, 0), (2, 1, 0, 1), (1, 1, 1, 0), (0, 1, 0, 1), (0, 0, 1, 1), (2, 0, 1, 0),
     (2, 1, 1, 1), (1, 0, 0, 1), (1, 0, 0, 0), (1, 0, 1, 1), (2, 0, 0, 0), (0, 0, 1, 0)),
)


def partner_shift(row: int) -> Element:
    """h_i = (0, bits of i): the shift from a base column to its partner in row i."""
    return (0, (row >> 2) & 1, (row >> 1) & 1, row & 1)

# rows 0..5 of the 12 base columns of the six-row matrix (same shape and partner shifts)
DM_24_6_BASE: tuple[tuple[Element, ...], ...] = (
    ((0, 0, 0, 0),) * 12,
    ((0, 0, 0, 0), (0, 0, 1, 0), (0, 1, 0, 0), (0, 1, 1, 0), (1, 0, 0, 0), (1, 0, 1, 0),
     (1, 1, 0, 0), (1, 1, 1, 0), (2, 0, 0, 0), (2, 0, 1, 0), (2, 1, 0, 0), (2, 1, 1, 0)),
    ((0, 0, 0, 0), (0, 1, 0, 1), (2, 1, 0, 0), (2, 0, 1, 1), (2, 1, 0, 1), (2, 0, 1, 0),
     (1, 1, 0, 1), (1, 0, 1, 1), (1, 1, 0, 0), (1, 0, 0, 0), (0, 0, 1, 1), (0, 1, 0, 0)),
    ((0, 0, 0, 0), (1, 1, 0, 0), (2, 0, 1, 1), (1, 0, 0, 1), (2, 0, 0, 1), (1, 0, 1, 1),
     (0, 0, 1, 0), (0, 1, 1, 1), (2, 1, 1, 0), (2, 1, 1, 1), (1, 1, 1, 0), (0, 1, 1, 0)),
    ((0, 0, 0, 0), (2, 0, 1, 1), (1, 0, 0, 1), (1, 1, 1, 1), (0, 1, 1, 1), (0, 0, 1, 0),
     (1, 0, 0, 0), (2, 1, 0, 0), (1, 1, 1, 0), (2, 1, 0, 1), (2, 0, 1, 0), (0, 1, 0, 1)),
    ((0, 0, 0, 0), (2, 1, 0, 1), (0, 0, 1, 1), (2, 0, 1, 0), (1, 0, 0, 1), (1, 0, 0, 0),
     (2, 0, 0, 1), (2, 1, 1, 0), (0, 0, 1, 0), (1, 0, 1, 1), (1, 0, 1, 0), (0, 0, 0, 1)),
)


def _index(e: Element) -> int:
    return Z3_Z2_Z2_Z2.index(list(e))


def dm_24_5() -> list[list[int]]:
    """The 5 x 24 matrix, entries as indices of Z3 x Z2^3 (``Z3_Z2_Z2_Z2``)."""
    return _with_partners(DM_24_5_BASE)


def dm_24_6() -> list[list[int]]:
    """The 6 x 24 matrix (``DM_24_6_BASE`` with its partner columns)."""
    return _with_partners(DM_24_6_BASE)


def _with_partners(base_rows: Sequence[Sequence[Element]]) -> list[list[int]]:
    """The 24 columns: the 12 base columns, then each shifted by h_i in row i."""
    grp = Z3_Z2_Z2_Z2
    out = []
    for i, row in enumerate(base_rows):
        shift = _index(partner_shift(i))
        base = [_index(e) for e in row]
        out.append(base + [grp.add(x, shift) for x in base])
    return out


def is_difference_matrix(matrix: Sequence[Sequence[int]], group: Group) -> bool:
    """Every two rows differ by every group element exactly once."""
    order = group.order
    for i in range(len(matrix)):
        for j in range(i + 1, len(matrix)):
            diffs = {group.add(a, group.neg(b)) for a, b in zip(matrix[i], matrix[j], strict=True)}
            if len(diffs) != order or len(matrix[i]) != order:
                return False
    return True


def resolvable_td(matrix: Sequence[Sequence[int]], group: Group, k: int) -> list[Round]:
    """g rounds of g tables on k·g players (player i·g + x is (group i, element x)) from a
    (g, k+1, 1) difference matrix: table (column c, shift t) is {(i, D[i][c] + t) : i < k},
    played in round D[k][c] + t."""
    if len(matrix) < k + 1:
        raise ValueError(f"a resolvable TD({k}, g) needs a difference matrix with {k + 1} rows")
    g = group.order
    rounds: list[Round] = [[] for _ in range(g)]
    for c in range(g):
        for t in range(g):
            table = tuple(i * g + group.add(matrix[i][c], t) for i in range(k))
            rounds[group.add(matrix[k][c], t)].append(table)
    return rounds


Z2_Z6 = Group((2, 6))

#: A (12, 6, 1) difference matrix over Z_2 x Z_6 (entries as ``Group`` indices: (a, b) is
#: a + 2b), found by ``tools/search_dm.py 2,6 6`` (CP-SAT, seed 0, under a second). Why: 12 is
#: no prime power and Z_12 has a cyclic Sylow 2-subgroup (no difference matrix over it), so
#: this gives the resolvable TD(5, 12): 60 players at tables of 5 for 12 rounds, the groups-of-5
#: reference; its first 5 rows give TD(4, 12).
DM_12_6: tuple[tuple[int, ...], ...] = (
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
    (0, 2, 6, 8, 1, 4, 11, 3, 10, 7, 9, 5),
    (0, 6, 8, 5, 9, 3, 2, 4, 11, 1, 7, 10),
    (0, 11, 4, 2, 10, 9, 3, 8, 1, 6, 5, 7),
    (0, 10, 11, 7, 6, 1, 9, 5, 2, 8, 3, 4),
)


def known_matrix(g: int, rows: int) -> tuple[list[list[int]], Group] | None:
    """A shipped (g, rows, 1) difference matrix, or None."""
    if g == 24 and rows <= len(DM_24_5_BASE):
        return dm_24_5()[:rows], Z3_Z2_Z2_Z2
    if g == 24 and rows <= len(DM_24_6_BASE):
        return dm_24_6()[:rows], Z3_Z2_Z2_Z2
    if g == 12 and rows <= len(DM_12_6):
        return [list(row) for row in DM_12_6[:rows]], Z2_Z6
    return None
