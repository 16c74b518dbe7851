"""Designs as the orbit of one base round under a permutation group (the general frame).

Why: every shipped search so far (``cyclic``, ``rotational``, ``cyclotomic``) is one case of
the same idea. A group Gamma acts on the N points; the base round R0 is invariant under a
subgroup K; the rounds are t(R0) for t in a transversal T of Gamma/K (|T| = rounds). A pair
{a, b} then meets in exactly |R0's pairs in the Gamma-orbit O of {a, b}| · |Stab(a,b)| / |K|
rounds, and |Stab| = |Gamma| / |O|, so the schedule is repeat-free iff R0 uses every pair
orbit O at most cap(O) = floor(|K|·|O| / |Gamma|) times. The search then works on R0 alone,
kept K-invariant, which shrinks it by a factor |K| (the classical method of difference
families with a multiplier or rotational symmetry: Handbook of Combinatorial Designs,
"difference families", and Buratti's 1-rotational designs). The code is ours.

This module is pure: it builds the tables (pair orbits, capacities, a K-invariant starting
round) and develops a base round into rounds. The search itself runs offline
(tools/search_designs.py, tools/orbit_search.c); every result is re-checked by
``fairdraw.designs.verify``.

Builders for the structures we use:
  * ``classes_problem``: N = c·|G| + f points, c copies ("classes") of an abelian group G
    given by moduli, f fixed points; Gamma = translations of G times <sigma>, where sigma maps
    (cls, y) -> (perm[cls], alpha(y)) and permutes the fixed points. sigma = identity gives the
    plain cyclic search, sigma = class cycling with y -> u·y the rotational one, sigma = a
    field multiplier the cyclotomic one;
  * ``cyclic_extension_problem``: N = m·r + f points Z_{m·r} x {one class} plus fixed points,
    Gamma = Z_{m·r} acting by translation, K = its subgroup of order m (a base round invariant
    under x -> x + r), rounds = translates by 0..r-1. For m = 3 this differs from class
    cycling when Z_{3r} is not Z_3 x Z_r (3 divides r), e.g. Z_99 for 100 = 3·33 + 1.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fairdraw.designs.cyclic import Group

Perm = tuple[int, ...]
Round = list[tuple[int, ...]]


@dataclass(frozen=True)
class OrbitProblem:
    """Everything a base-round search needs; ``develop`` turns a base round into rounds."""

    n: int
    k: int
    generators: tuple[Perm, ...]  # generate Gamma
    kgroup: tuple[Perm, ...]  # every element of K, identity first
    transversal: tuple[Perm, ...]  # coset representatives of Gamma / K (one per round)
    anchors: tuple[int, ...]  # K-fixed points that sit with whole free K-orbits
    fixed_blocks: tuple[tuple[int, ...], ...]  # K-invariant blocks chosen in advance
    description: str
    group_moduli: tuple[int, ...] | None = None  # set when the rounds are the translates over this group

    @property
    def gamma_order(self) -> int:
        return len(self.kgroup) * len(self.transversal)

    def pair_orbits(self) -> tuple[list[list[int]], list[int]]:
        """key[a][b] = Gamma-orbit id of {a, b}; cap[id] = how often R0 may use that orbit."""
        n = self.n
        parent = list(range(n * n))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        def pid(a: int, b: int) -> int:
            return a * n + b if a < b else b * n + a

        for g in self.generators:
            for a in range(n):
                for b in range(a + 1, n):
                    x, y = find(pid(a, b)), find(pid(g[a], g[b]))
                    if x != y:
                        parent[x] = y
        ids: dict[int, int] = {}
        size: list[int] = []
        key = [[-1] * n for _ in range(n)]
        for a in range(n):
            for b in range(a + 1, n):
                root = find(pid(a, b))
                if root not in ids:
                    ids[root] = len(size)
                    size.append(0)
                oid = ids[root]
                size[oid] += 1
                key[a][b] = key[b][a] = oid
        cap = [len(self.kgroup) * s // self.gamma_order for s in size]
        return key, cap

    def movable(self) -> list[bool]:
        """Points whose K-orbit is free (size |K|) and not in a chosen block move; others stay."""
        pinned = set(self.anchors) | {p for b in self.fixed_blocks for p in b}
        return [p not in pinned and len({h[p] for h in self.kgroup}) == len(self.kgroup) for p in range(self.n)]

    def initial(self, seed: int) -> list[tuple[int, ...]]:
        """A random K-invariant base round: anchors with whole free orbits, the rest in K-orbits of blocks."""
        rng = random.Random(seed)
        size = len(self.kgroup)
        pinned = set(self.anchors) | {p for b in self.fixed_blocks for p in b}
        seen: set[int] = set()
        orbits: list[list[int]] = []
        for p in range(self.n):
            if p in seen or p in pinned:
                continue
            orb = sorted({h[p] for h in self.kgroup})
            if len(orb) != size:
                raise ValueError(f"point {p} has a short K-orbit but is in no chosen block")
            seen.update(orb)
            orbits.append(orb)
        rng.shuffle(orbits)
        blocks = [tuple(b) for b in self.fixed_blocks]
        per_anchor, rest = divmod(self.k - 1, size)
        if self.anchors and rest:
            raise ValueError("an anchor needs k - 1 to be a multiple of |K|")
        for a in self.anchors:
            members = [a]
            for _ in range(per_anchor):
                members.extend(orbits.pop())
            blocks.append(tuple(members))
        if len(orbits) % self.k:
            raise ValueError(f"{len(orbits)} free K-orbits do not fill blocks of {self.k}")
        for i in range(0, len(orbits), self.k):
            reps = [rng.choice(o) for o in orbits[i : i + self.k]]
            for h in self.kgroup:
                blocks.append(tuple(h[p] for p in reps))
        return blocks

    def develop(self, base: Sequence[Sequence[int]]) -> list[Round]:
        return [[tuple(t[p] for p in block) for block in base] for t in self.transversal]


def _closure(gens: Sequence[Perm], n: int) -> tuple[Perm, ...]:
    ident = tuple(range(n))
    out = [ident]
    seen = {ident}
    i = 0
    while i < len(out):
        for g in gens:
            h = tuple(g[x] for x in out[i])
            if h not in seen:
                seen.add(h)
                out.append(h)
        i += 1
    return tuple(out)


def classes_problem(
    moduli: tuple[int, ...],
    classes: int,
    fixed: int,
    *,
    alpha: Callable[[int], int] | None = None,
    class_perm: Sequence[int] | None = None,
    fixed_perm: Sequence[int] | None = None,
    anchors: Sequence[int] = (),
    fixed_blocks: Sequence[Sequence[int]] = (),
    k: int = 4,
    description: str = "",
    fixed_shift: Sequence[int] | None = None,
) -> OrbitProblem:
    """c classes over G = Z_m1 x ... (point c·|G| + y), f fixed points, sigma as documented above.

    ``alpha`` must be an automorphism of G (e.g. y -> u·y, a field multiplier, Frobenius).
    ``fixed_shift`` (G cyclic only): the permutation the translation by 1 applies to the fixed
    points, e.g. [1, 0] for two fixed points swapped by every odd translation (Gamma then acts
    on them through G / 2G); the rounds are then no longer plain translates of one group, so
    such a design ships as explicit rounds.
    """
    grp = Group(tuple(moduli))
    size = grp.order
    n = classes * size + fixed
    if fixed_shift is not None and len(moduli) != 1:
        raise ValueError("fixed_shift needs a cyclic group")
    shift = list(fixed_shift) if fixed_shift is not None else list(range(fixed))

    def fixed_after(g: int) -> list[int]:
        pos = list(range(fixed))
        for _ in range(g if fixed_shift is not None else 0):
            pos = [shift[j] for j in pos]
        return [classes * size + j for j in pos]

    translations = []
    for i in range(len(moduli)):
        unit = grp.index([1 if j == i else 0 for j in range(len(moduli))])
        translations.append(
            tuple([c * size + grp.add(y, unit) for c in range(classes) for y in range(size)] + fixed_after(1))
        )
    all_t = [tuple([c * size + grp.add(y, g) for c in range(classes) for y in range(size)] + fixed_after(g))
             for g in range(size)]
    cperm = list(class_perm) if class_perm is not None else list(range(classes))
    fperm = list(fixed_perm) if fixed_perm is not None else list(range(fixed))
    amap = alpha if alpha is not None else (lambda y: y)
    sigma = tuple([cperm[c] * size + amap(y) for c in range(classes) for y in range(size)]
                  + [classes * size + fperm[j] for j in range(fixed)])
    kgroup = _closure([sigma], n)
    return OrbitProblem(
        n=n, k=k, generators=tuple(translations) + (sigma,), kgroup=kgroup, transversal=tuple(all_t),
        anchors=tuple(anchors), fixed_blocks=tuple(tuple(b) for b in fixed_blocks), description=description,
        group_moduli=tuple(moduli) if fixed_shift is None else None,
    )


def cyclic_extension_problem(r: int, m: int, fixed: int, *, k: int = 4, anchors: Sequence[int] = (),
                             description: str = "") -> OrbitProblem:
    """Points Z_{m·r} plus ``fixed`` fixed points; R0 invariant under +r; rounds R0 + t, t < r."""
    big = m * r
    n = big + fixed

    def shift(t: int) -> Perm:
        return tuple([(x + t) % big for x in range(big)] + list(range(big, n)))

    kgroup = tuple(shift(r * j) for j in range(m))
    return OrbitProblem(
        n=n, k=k, generators=(shift(1),), kgroup=kgroup, transversal=tuple(shift(t) for t in range(r)),
        anchors=tuple(anchors), fixed_blocks=(), description=description,
    )
