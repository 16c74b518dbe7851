"""Cyclic base rounds that are also invariant under cycling the three point classes.

Why: for N = 3r + 1 (one fixed point) or N = 3r + 3 (three fixed points), the base round
of a cyclic design over Z_r (``fairdraw.designs.cyclic``) may be asked to be invariant
under sigma: (c, y) -> (c + 1 mod 3, y), infinity_j -> infinity_(j+1). sigma commutes with
the development, so it only shrinks the search: every point orbit {(0,y), (1,y), (2,y)}
("column" y) is represented once in a third of the tables, by the class it takes there.
With one fixed point, its table is the sigma-invariant {inf, (0,a), (1,a), (2,a)}.
The cost (pair orbits used more than once) is computed on the full base round.
"""

from __future__ import annotations

import math
import random
from itertools import combinations

from fairdraw.designs.cyclic import CyclicSpec, Group, _orbit_table


def search_rotational(n: int, r: int, *, seed: int = 0, max_steps: int = 300_000) -> CyclicSpec | None:
    """Search a sigma-invariant base round for n = 3r + 1 or 3r + 3 players in tables of 4."""
    k = 4
    fixed = n - 3 * r
    if fixed not in (1, 3) or n % 4:
        return None
    group = Group((r,))
    key, cap = _orbit_table(group, 3, fixed)
    rng = random.Random(seed)
    inf = 3 * r
    cols = list(range(r))
    rng.shuffle(cols)
    special = cols.pop() if fixed == 1 else None
    items: list[int] = cols + ([-1] if fixed == 3 else [])  # -1 stands for infinity_0
    nb = len(items) // k
    assert nb * k == len(items) and nb * 3 + (1 if fixed == 1 else 0) == n // 4
    blocks = [items[i * k : (i + 1) * k] for i in range(nb)]
    cls = {y: rng.randrange(3) for y in range(r)}

    def expand(blocks: list[list[int]], cls: dict[int, int], special: int | None) -> list[tuple[int, ...]]:
        out = []
        if special is not None:
            out.append((inf, special, r + special, 2 * r + special))
        for b in blocks:
            for s in range(3):
                out.append(
                    tuple(inf + s if y == -1 else ((cls[y] + s) % 3) * r + y for y in b)
                )
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

    current = cost(expand(blocks, cls, special))
    temp = 0.6
    for step in range(max_steps):
        if current == 0:
            rnd = expand(blocks, cls, special)
            return CyclicSpec(n=n, k=k, group=(r,), classes=3, fixed=fixed,
                              base=tuple(sorted(tuple(sorted(b)) for b in rnd)))
        nblocks = [list(b) for b in blocks]
        ncls = cls
        nspecial = special
        move = rng.random()
        if move < 0.4:
            y = rng.randrange(r)
            ncls = dict(cls)
            ncls[y] = (cls[y] + rng.randrange(1, 3)) % 3
        elif move < 0.9 or special is None:
            a, b = rng.sample(range(nb), 2)
            i, j = rng.randrange(k), rng.randrange(k)
            nblocks[a][i], nblocks[b][j] = nblocks[b][j], nblocks[a][i]
        else:
            a, i = rng.randrange(nb), rng.randrange(k)
            if nblocks[a][i] == -1:
                continue
            nspecial, nblocks[a][i] = nblocks[a][i], special
        c = cost(expand(nblocks, ncls, nspecial))
        if c <= current or rng.random() < math.exp((current - c) / temp):
            blocks, cls, special, current = nblocks, ncls, nspecial, c
        if step % 20000 == 19999:
            temp = max(0.3, temp * 0.9)
    return None
