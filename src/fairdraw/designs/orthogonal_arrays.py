"""Orthogonal arrays OA(r, g) for orders that are products, and the resolvable TDs they give.

Why: a resolvable transversal design TD(k, g) seats k·g players for g rounds with every pair
from different columns meeting once, and with the columns then filled by a g-player design it
reaches the bound where GF(g) cannot help because g is not a prime power: 144 = 4·36 players get
36 + 11 = 47 rounds, 176 = 4·44 get 44 + 14 = 58, 208 = 4·52 get 52 + 17 = 69 (all the bound
floor((n - 1)/3)); 140 = 4·35 gets 35 clean rounds where Dutch cycles mod 35 give 5.

An OA(r, g) is a list of g² rows of r symbols from 0..g-1 in which any two columns show every
ordered pair of symbols exactly once; it is the same thing as a TD(r, g) (column i, symbol v is
the player i·g + v; a row is a block). Sources, in order:
  * GF(q), q a prime power >= r - 1: rows (x, y) -> (x, y + m·x for the first r - 1 field
    elements m): the lines of the affine plane AG(2, q), one column per parallel class but one;
  * a shipped (g, r, 1) difference matrix D over a group G (``difference_matrices``): rows
    (c, t) -> (D[i][c] + t);
  * MacNeish's product (Handbook of Combinatorial Designs, 2nd ed., III.3.1: an OA(r, a) and an
    OA(r, b) give an OA(r, a·b)): row pairs, symbol pairs (u, v) -> u·b + v. Two columns of the
    product show (u, v), (u', v') exactly when the first factor shows (u, u') and the second
    (v, v'), once each.
A resolvable TD(k, g) is an OA(k + 1, g) read with its last column as the round.
"""

from __future__ import annotations

from functools import lru_cache

from fairdraw.designs import difference_matrices
from fairdraw.designs.gf import field, prime_power

Round = list[tuple[int, ...]]
Array = tuple[tuple[int, ...], ...]


def from_field(q: int, r: int) -> Array:
    """OA(r, q) from the affine plane over GF(q); q a prime power, r <= q + 1."""
    if prime_power(q) is None or r > q + 1:
        raise ValueError(f"GF({q}) gives an OA(r, {q}) only for a prime power and r <= {q + 1}")
    f = field(q)
    rows = []
    for x in range(q):
        for y in range(q):
            rows.append((x, *(f.add(y, f.mul(m, x)) for m in range(r - 1))))
    return tuple(rows)


def product(a: Array, b: Array, b_order: int) -> Array:
    """MacNeish: the OA(r, |a|·|b|) with symbol u·|b| + v for symbols u of ``a``, v of ``b``."""
    return tuple(tuple(u * b_order + v for u, v in zip(ra, rb, strict=True)) for ra in a for rb in b)


@lru_cache(maxsize=32)
def orthogonal_array(g: int, r: int) -> tuple[Array, str] | None:
    """An OA(r, g) from the sources in the module docstring and how it was made (e.g.
    "GF(4) x GF(9)"), or None when none applies.

    A product is tried for every factorisation g = a·b (a the smaller factor first), so the
    result is deterministic; a prime power or a shipped matrix is preferred to a product.
    """
    if g < 2 or r < 2:
        return None
    if prime_power(g) and r <= g + 1:
        return from_field(g, r), f"GF({g})"
    dm = difference_matrices.known_matrix(g, r)
    if dm is not None:
        matrix, group = dm
        rows = tuple(tuple(group.add(matrix[i][c], t) for i in range(r)) for c in range(g) for t in range(g))
        return rows, f"a ({g},{r},1) difference matrix"
    for a in range(2, g):
        if a * a > g:
            break
        if g % a:
            continue
        left, right = orthogonal_array(a, r), orthogonal_array(g // a, r)
        if left is not None and right is not None:
            return product(left[0], right[0], g // a), f"{left[1]} x {right[1]}"
    return None


def resolvable_td(g: int, k: int) -> tuple[list[Round], str] | None:
    """g rounds of g tables of k on k·g players (column i = players i·g .. i·g + g - 1) from an
    OA(k + 1, g), whose last column numbers the round, and the array's origin; None when no
    such array is known."""
    found = orthogonal_array(g, k + 1)
    if found is None:
        return None
    array, origin = found
    rounds: list[Round] = [[] for _ in range(g)]
    for row in array:
        rounds[row[k]].append(tuple(i * g + row[i] for i in range(k)))
    return rounds, origin
