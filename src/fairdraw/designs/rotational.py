"""Cyclic base rounds that are also invariant under sigma: (c, y) -> (c + 1 mod 3, u·y).

Why: for N = 3r + f players (f = 1, 2 or 3 fixed points) the base round of a cyclic
design over Z_r (``fairdraw.designs.cyclic``) may be asked to be invariant under sigma,
where u is a unit mod r with u^3 = 1 (u = 1 simply cycles the classes). sigma maps the
translate B + g of a table to sigma(B) + u·g, so the developed design stays a union of
developed rounds, and the search shrinks to a third: every point orbit
{(0, y), (1, u·y), (2, u^2·y)} is represented once, in one of the "base blocks", by the
point sigma^s(0, y) it takes there. Fixed points: with f = 3 sigma cycles them; with
f = 1 or 2 each is fixed and its table is the sigma-invariant {inf, orbit of one y}.
(f = 2 needs u != 1: two invariant tables with u = 1 reuse the mixed difference 0.)
The cost (pair orbits used more than once) is always computed on the full base round.
"""

from __future__ import annotations

import math
import random
from itertools import combinations

from fairdraw.designs.cyclic import CyclicSpec, Group, _orbit_table


def cube_roots_of_unity(r: int) -> list[int]:
    """Units u mod r with u^3 = 1 (always includes 1)."""
    return [u for u in range(1, r) if math.gcd(u, r) == 1 and pow(u, 3, r) == 1] or [1]


def search_rotational(
    n: int, r: int, *, u: int = 1, seed: int = 0, max_steps: int = 300_000
) -> CyclicSpec | None:
    """Search a sigma-invariant base round for n = 3r + f players (f in 1, 2, 3), tables of 4."""
    k = 4
    fixed = n - 3 * r
    if fixed not in (1, 2, 3) or n % 4 or pow(u, 3, r) != 1 % r:
        return None
    group = Group((r,))
    key, cap = _orbit_table(group, 3, fixed)
    rng = random.Random(seed)
    inf = 3 * r
    upow = [1, u % r, (u * u) % r]

    def point(y: int, s: int) -> int:
        """sigma^s (0, y) as a point number."""
        return s * r + (upow[s] * y) % r

    cols = list(range(r))
    rng.shuffle(cols)
    specials = [cols.pop() for _ in range(fixed)] if fixed < 3 else []
    items: list[int] = cols + ([-1] if fixed == 3 else [])  # -1 stands for infinity_0
    nb = len(items) // k
    if nb * k != len(items) or 3 * nb + len(specials) != n // k:
        return None
    blocks = [items[i * k : (i + 1) * k] for i in range(nb)]
    shift = {y: rng.randrange(3) for y in range(r)}

    def expand(blocks: list[list[int]], shift: dict[int, int], specials: list[int]) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = [(inf + j, point(y, 0), point(y, 1), point(y, 2)) for j, y in enumerate(specials)]
        for b in blocks:
            for s in range(3):
                out.append(tuple(inf + s if y == -1 else point(y, (shift[y] + s) % 3) for y in b))
        return out

    def cost(rnd: list[tuple[int, ...]]) -> int:
        count: dict[int, int] = {}
        bad = 0
        for b in rnd:
            for x, y in combinations(b, 2):
                oid = key[x][y]
                c = count.get(oid, 0) + 1
                count[oid] = c
                if c > cap[oid]:
                    bad += 1
        return bad

    current = cost(expand(blocks, shift, specials))
    temp = 0.6
    for step in range(max_steps):
        if current == 0:
            rnd = expand(blocks, shift, specials)
            return CyclicSpec(n=n, k=k, group=(r,), classes=3, fixed=fixed,
                              base=tuple(sorted(tuple(sorted(b)) for b in rnd)))
        nblocks = [list(b) for b in blocks]
        nshift = shift
        nspecials = specials
        move = rng.random()
        if move < 0.4:
            y = rng.randrange(r)
            nshift = dict(shift)
            nshift[y] = (shift[y] + rng.randrange(1, 3)) % 3
        elif move < 0.85 or not specials:
            a, b = rng.sample(range(nb), 2)
            i, j = rng.randrange(k), rng.randrange(k)
            nblocks[a][i], nblocks[b][j] = nblocks[b][j], nblocks[a][i]
        else:
            a, i, which = rng.randrange(nb), rng.randrange(k), rng.randrange(len(specials))
            if nblocks[a][i] == -1:
                continue
            nspecials = list(specials)
            nspecials[which], nblocks[a][i] = nblocks[a][i], specials[which]
        c = cost(expand(nblocks, nshift, nspecials))
        if c <= current or rng.random() < math.exp((current - c) / temp):
            blocks, shift, specials, current = nblocks, nshift, nspecials, c
        if step % 20000 == 19999:
            temp = max(0.3, temp * 0.9)
    return None
