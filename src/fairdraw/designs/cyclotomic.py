"""Base rounds with a multiplier symmetry: the search space of a cyclic design, cut to a few blocks.

Why: for N = 3q + 1 players with q = 1 (mod 4) a prime power (28, 40, 52, 76, 88, 112...),
a resolvable design meeting the bound (N-1)/3 rounds is found as a base round on
GF(q) x {0, 1, 2} plus one fixed point, developed over the additive group of GF(q)
(``fairdraw.designs.cyclic``). Asking the base round to be invariant under multiplication
by the subgroup S of GF(q)* of index m leaves only (3·m)/4 "base blocks" to choose: the
rest of the round is their images under S. Every point (c, y), y != 0, lies in one S-coset;
the base blocks take one representative of each (class, coset), and the table
{fixed, (0,0), (1,0), (2,0)} holds the points S does not move. The cost of a candidate is
computed on the full developed round by the cyclic orbit table, so nothing is assumed.
This is the cyclotomic method of classical design theory (difference families built on
cosets of a multiplicative subgroup); the code is ours.
"""

from __future__ import annotations

import random
from itertools import combinations

from fairdraw.designs.cyclic import CyclicSpec, Group, _orbit_table
from fairdraw.designs.gf import field


def _primitive(q: int) -> int:
    f = field(q)
    for g in range(2, q) if q > 2 else range(1, 2):
        x, seen = 1, set()
        for _ in range(q - 1):
            x = f.mul(x, g)
            seen.add(x)
        if len(seen) == q - 1:
            return g
    return 1


def search_cyclotomic(
    q: int, k: int = 4, *, index: int | None = None, seed: int = 0, max_steps: int = 200_000
) -> CyclicSpec | None:
    """A base round for N = (k-1)·q + 1 players, k-1 classes over GF(q), one fixed point.

    ``index`` m is the number of cosets of S per class; (k-1)·m must be a multiple of k.
    """
    f = field(q)
    classes = k - 1
    m = index if index is not None else k
    if (q - 1) % m or (classes * m) % k:
        return None
    s = (q - 1) // m
    w = _primitive(q)
    powers = [1]
    for _ in range(q - 2):
        powers.append(f.mul(powers[-1], w))
    sub = [powers[(i * m) % (q - 1)] for i in range(s)]  # S = <w^m>
    cosets = [[f.mul(powers[i], x) for x in sub] for i in range(m)]
    group = Group(tuple([f.p] * f.n))
    n = classes * q + 1
    key, cap = _orbit_table(group, classes, 1)
    rng = random.Random(seed)
    orbits = [(c, i) for c in range(classes) for i in range(m)]
    nblocks = len(orbits) // k
    fixed_block = tuple([classes * q] + [c * q for c in range(classes)])

    def expand(reps: dict[tuple[int, int], int], assign: list[list[tuple[int, int]]]) -> list[tuple[int, ...]]:
        blocks = [fixed_block]
        for blk in assign:
            for sigma in sub:
                blocks.append(tuple(c * q + f.mul(reps[(c, i)], sigma) for c, i in blk))
        return blocks

    def cost(blocks: list[tuple[int, ...]]) -> int:
        count: dict[int, int] = {}
        for b in blocks:
            for x, y in combinations(b, 2):
                oid = key[x][y]
                count[oid] = count.get(oid, 0) + 1
        return sum(max(0, c - cap[o]) for o, c in count.items())

    reps = {o: rng.choice(cosets[o[1]]) for o in orbits}
    order = orbits[:]
    rng.shuffle(order)
    assign = [order[j * k : (j + 1) * k] for j in range(nblocks)]
    current = cost(expand(reps, assign))
    for step in range(max_steps):
        if current == 0:
            blocks = expand(reps, assign)
            return CyclicSpec(
                n=n, k=k, group=group.moduli, classes=classes, fixed=1,
                base=tuple(sorted(tuple(sorted(b)) for b in blocks)),
            )
        new_reps = dict(reps)
        new_assign = [list(b) for b in assign]
        if rng.random() < 0.6:
            o = rng.choice(orbits)
            new_reps[o] = rng.choice(cosets[o[1]])
        else:
            a, b = rng.sample(range(nblocks), 2)
            i, j = rng.randrange(k), rng.randrange(k)
            new_assign[a][i], new_assign[b][j] = new_assign[b][j], new_assign[a][i]
        c = cost(expand(new_reps, new_assign))
        if c <= current or rng.random() < 0.02:
            reps, assign, current = new_reps, new_assign, c
        if step % 5000 == 4999 and current > 0 and rng.random() < 0.2:
            reps = {o: rng.choice(cosets[o[1]]) for o in orbits}
            current = cost(expand(reps, assign))
    return None
