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
    (v, v'), once each;
  * Wilson's construction (Handbook, III.3; R. M. Wilson, "Concerning the number of mutually
    orthogonal Latin squares", Discrete Math. 9 (1974)) for orders a product cannot reach,
    above all g = 2 (mod 4), which has a factor 2 and no OA(4, 2): g = m·t + u with an OA(r + 1,
    t), OA(r, m), OA(r, m + 1) and OA(r, u) (u <= t), each from the sources above (``wilson``).
    It gives tables of 3 for 102 = 3·34 (34 = 3·11 + 1), 126 = 3·42, 138 = 3·46 and 150 = 3·50
    players, where only the seed's Dutch cycles (g/2 rounds) were known.
A resolvable TD(k, g) is an OA(k + 1, g) read with its last column as the round.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import numpy as np

from fairdraw.designs import difference_matrices
from fairdraw.designs.gf import field, prime_power

Round = list[tuple[int, ...]]
Array = tuple[tuple[int, ...], ...]
Found = tuple[np.ndarray, str] | None  # an array and its origin, or nothing


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
    return _rows(_product(np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64), b_order))


def _product(a: np.ndarray, b: np.ndarray, b_order: int) -> np.ndarray:
    """``product`` on arrays: row (ra, rb) in the order "for ra in a for rb in b"."""
    return (a[:, None, :] * b_order + b[None, :, :]).reshape(-1, a.shape[1])


def _frozen(array: np.ndarray) -> np.ndarray:
    """Read-only: the arrays are cached and shared."""
    array.flags.writeable = False
    return array


def _rows(array: np.ndarray) -> Array:
    return tuple(map(tuple, array.tolist()))


def orthogonal_array(g: int, r: int) -> tuple[Array, str] | None:
    """An OA(r, g) from the sources in the module docstring and how it was made (e.g.
    "GF(4) x GF(9)"), or None when none applies.

    A product is tried for every factorisation g = a·b (a the smaller factor first), so the
    result is deterministic; a prime power or a shipped matrix is preferred to a product.
    """
    found = _array(g, r)
    return None if found is None else (_rows(found[0]), found[1])


@lru_cache(maxsize=256)
def _array(g: int, r: int) -> Found:
    """``orthogonal_array`` as a g² x r integer array. Why numpy: a product of order 1000 has a
    million rows (4000 players), which took 8 s as Python tuples (0.1 s here).

    The sources without Wilson's construction come first, so every order they reached before
    it was added keeps its array (and its seatings); then products with a Wilson factor, then
    Wilson's construction itself."""
    plain = _plain_array(g, r)
    if plain is not None:
        return plain
    return _product_array(g, r, _array) or _wilson_array(g, r)


@lru_cache(maxsize=256)
def _plain_array(g: int, r: int) -> Found:
    """GF(g), a shipped difference matrix, or a product of such arrays."""
    if g < 2 or r < 2:
        return None
    if prime_power(g) and r <= g + 1:
        return _frozen(np.asarray(from_field(g, r), dtype=np.int64)), f"GF({g})"
    dm = difference_matrices.known_matrix(g, r)
    if dm is not None:
        matrix, group = dm
        rows = [[group.add(matrix[i][c], t) for i in range(r)] for c in range(g) for t in range(g)]
        return _frozen(np.asarray(rows, dtype=np.int64)), f"a ({g},{r},1) difference matrix"
    return _product_array(g, r, _plain_array)


def _product_array(g: int, r: int, source: Callable[[int, int], Found]) -> Found:
    """MacNeish's product g = a·b (a the smaller factor, ascending) with factors from ``source``."""
    for a in range(2, g):
        if a * a > g:
            break
        if g % a:
            continue
        left, right = source(a, r), source(g // a, r)
        if left is not None and right is not None:
            return _frozen(_product(left[0], right[0], g // a)), f"{left[1]} x {right[1]}"
    return None


def _wilson_array(g: int, r: int) -> Found:
    """The first g = m·t + u (m ascending, then u) for which ``wilson`` has all its ingredients:
    an OA(r + 1, t), 1 <= u <= t, and OA(r, m), OA(r, m + 1), OA(r, u) (u = 1: the one-row
    array), each from ``_plain_array`` (no Wilson inside Wilson: the search stays a fraction
    of a second for any order, and the orders it serves need no deeper recursion)."""
    for m in range(2, g):
        if m * r > g:  # t >= r: an OA(r + 1, t) needs t >= r - 1, and u <= t
            break
        oa_m, oa_m1 = _plain_array(m, r), _plain_array(m + 1, r)
        if oa_m is None or oa_m1 is None:
            continue
        for u in range(1, g - m * r + 1):
            t, rest = divmod(g - u, m)
            if rest or t < r or u > t:
                continue
            oa_u = (np.zeros((1, r), dtype=np.int64), "") if u == 1 else _plain_array(u, r)
            if oa_u is None:
                continue
            big = _plain_array(t, r + 1)  # the costly one last
            if big is None:
                continue
            rows = wilson(big[0], oa_m[0], oa_m1[0], oa_u[0], m=m, t=t, u=u)
            origin = f"Wilson's construction {g} = {m}·{t} + {u} from {big[1]}, {oa_m[1]}, {oa_m1[1]}"
            return _frozen(rows), origin + (f", {oa_u[1]}" if u > 1 else "")
    return None


def wilson(big: Array | np.ndarray, oa_m: np.ndarray, oa_m1: np.ndarray, oa_u: np.ndarray, *,
           m: int, t: int, u: int) -> np.ndarray:
    """OA(r, m·t + u) by Wilson's construction (Wilson 1974, with one group truncated to u
    points), r = the small arrays' width. Take the OA(r + 1, t) ``big`` and keep only u symbols
    of its last column: a row whose last symbol is u or more gives an OA(r, m) on its symbols
    blown up by m (symbol a, sub-symbol s -> a·m + s); a row with last symbol x < u gives an
    OA(r, m + 1) whose sub-symbol m stands for the new symbol m·t + x, less its row (m, .., m)
    (every such row would repeat the same block); an OA(r, u) joins the new symbols m·t + x.
    Two columns then show every pair once: inside one blown-up block by the small array, else by
    the big array's single row that holds the two symbols' blocks (or the new symbol's x)."""
    big = np.asarray(big, dtype=np.int64)
    r = oa_m.shape[1]
    # relabel OA(r, m + 1) per column so that its first row is (m, .., m), then drop that row
    swap = oa_m1[0]
    relabelled = np.where(oa_m1 == swap, m, np.where(oa_m1 == m, swap, oa_m1))[1:]
    kept = big[big[:, r] >= u, :r]
    through = big[big[:, r] < u]
    blown = (kept[:, None, :] * m + oa_m[None, :, :]).reshape(-1, r)
    new_symbol = m * t + through[:, r][:, None, None]
    filled = np.where(relabelled[None] == m, new_symbol, through[:, None, :r] * m + relabelled[None])
    return np.concatenate([oa_u + m * t, blown, filled.reshape(-1, r)])


def resolvable_td(g: int, k: int) -> tuple[list[Round], str] | None:
    """g rounds of g tables of k on k·g players (column i = players i·g .. i·g + g - 1) from an
    OA(k + 1, g), whose last column numbers the round, and the array's origin; None when no
    such array is known."""
    found = _array(g, k + 1)
    if found is None:
        return None
    array, origin = found
    # every symbol of the last column occurs g times (any two columns show each pair once), so
    # a stable sort by it gives g rounds of g rows, each in the array's order
    order = np.argsort(array[:, k], kind="stable")
    players = array[order, :k] + np.arange(k, dtype=np.int64) * g
    rounds: list[Round] = [list(map(tuple, rnd)) for rnd in players.reshape(g, g, k).tolist()]
    return rounds, origin
