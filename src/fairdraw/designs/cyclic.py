"""Cyclic (group-developed) resolvable designs: one base round, developed over a group.

Why: a repeat-free schedule of R rounds for N players is hard to search directly (R·N
unknowns), but if the players are ``classes`` copies of an abelian group G of order R plus
a few fixed points, one base round (a partition into tables) developed by adding each g
in G gives R rounds, and it is repeat-free exactly when every "pair orbit" is used at
most once by the base round. Searching one round (N unknowns) is tiny by comparison.
This is the classical method of difference families / 1-rotational designs (see the
Handbook of Combinatorial Designs, "difference families"); the seeds' Dutch cycles are
its simplest case (one block per table, the group Z_g, four classes).

Points are numbered: class c, group element x  ->  c·|G| + x (x as a mixed-radix index);
fixed point j  ->  classes·|G| + j. A fixed point is the same in every developed round.

Pair orbits (what "used at most once" counts):
  * fixed j with class point (c, x): orbit (j, c) -- all |G| shifts meet j once each;
  * (c1, x), (c2, y) with c1 < c2: orbit (c1, c2, y - x);
  * (c, x), (c, y): orbit (c, {y - x, x - y}); if y - x has order 2 the pair would
    recur within the development, so such a pair is forbidden;
  * two fixed points in one table would meet in every round: forbidden.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True)
class Group:
    """A finite abelian group Z_m1 x Z_m2 x ..., elements as mixed-radix indices."""

    moduli: tuple[int, ...]

    @property
    def order(self) -> int:
        out = 1
        for m in self.moduli:
            out *= m
        return out

    def digits(self, x: int) -> list[int]:
        out = []
        for m in self.moduli:
            out.append(x % m)
            x //= m
        return out

    def index(self, digits: list[int]) -> int:
        value = 0
        for d, m in zip(reversed(digits), reversed(self.moduli), strict=True):
            value = value * m + d % m
        return value

    def add(self, a: int, b: int) -> int:
        return self.index([x + y for x, y in zip(self.digits(a), self.digits(b), strict=True)])

    def neg(self, a: int) -> int:
        return self.index([-x for x in self.digits(a)])

    def sub(self, a: int, b: int) -> int:
        return self.add(a, self.neg(b))


@dataclass(frozen=True)
class CyclicSpec:
    """A base round developed over ``group``: ``base`` lists tables of point numbers."""

    n: int
    k: int
    group: tuple[int, ...]
    classes: int
    fixed: int
    base: tuple[tuple[int, ...], ...]

    def develop(self, rounds: int | None = None) -> list[list[tuple[int, ...]]]:
        """The developed rounds (the first ``rounds`` of them, default all |G|)."""
        grp = Group(self.group)
        size = grp.order
        total = size if rounds is None else min(rounds, size)
        add = [[grp.add(a, b) for b in range(size)] for a in range(size)]
        out = []
        for g in range(total):
            rnd = []
            for block in self.base:
                moved = []
                for p in block:
                    if p >= self.classes * size:
                        moved.append(p)
                    else:
                        c, x = divmod(p, size)
                        moved.append(c * size + add[x][g])
                rnd.append(tuple(moved))
            out.append(rnd)
        return out


@dataclass(frozen=True)
class RotationalSpec:
    """A 1-rotational design: a base round on G plus fixed-point players, developed by one
    translate per coset of a subgroup H.

    Why: a resolvable (N, k, 1) design with N - 1 = |G| and a subgroup H of order k - 1 is
    often found as one base round B that H maps onto itself (∞ sits with H); its translates
    B + t, t over the cosets of H, are then |G|/|H| = (N - 1)/(k - 1) rounds, the bound. The
    whole design is stored as B (N/k tables) instead of every round. Points: element x of G
    (mixed-radix index) is player x, ∞_j is player |G| + j. With F = ``infinities`` > 1 (F
    dividing G's first modulus) translation by t moves ∞_j to ∞_(j + t_0 mod F), t_0 the
    first digit of t: then the pairs at a difference in H and the pairs of ∞s never meet, a
    resolvable group divisible design with groups of size |H| (e.g. a 4-RGDD of type 3^u,
    N = |G| + 3). ``subgroup`` lists H's elements; the coset representatives are taken in
    increasing order (the smallest element of each coset not yet covered), so round 0 is B
    itself; each round lists its tables sorted.
    """

    n: int
    k: int
    group: tuple[int, ...]
    subgroup: tuple[int, ...]
    base: tuple[tuple[int, ...], ...]
    infinities: int = 1

    def develop(self) -> list[list[tuple[int, ...]]]:
        grp = Group(self.group)
        size = grp.order
        reps: list[int] = []
        covered: set[int] = set()
        for x in range(size):
            if x not in covered:
                reps.append(x)
                covered |= {grp.add(x, h) for h in self.subgroup}

        def moved(p: int, t: int) -> int:
            if p >= size:  # ∞_j, moved by t's first digit
                return size + (p - size + grp.digits(t)[0]) % self.infinities
            return grp.add(p, t)

        return [sorted(tuple(sorted(moved(p, t) for p in block)) for block in self.base) for t in reps]


def _orbit_table(group: Group, classes: int, fixed: int) -> tuple[list[list[int]], list[int]]:
    """key[p][q] = orbit id of the pair {p, q}; cap[id] = how often the base may use it."""
    size = group.order
    n = classes * size + fixed
    neg = [group.neg(x) for x in range(size)]
    sub = [[group.sub(b, a) for b in range(size)] for a in range(size)]
    ids: dict[tuple[object, ...], int] = {}  # ("M", class, class, difference), ("P", ...), ("F", ...)
    cap: list[int] = []

    def orbit(key: tuple[object, ...], capacity: int) -> int:
        if key not in ids:
            ids[key] = len(cap)
            cap.append(capacity)
        return ids[key]

    key = [[-1] * n for _ in range(n)]
    for p in range(n):
        for q in range(p + 1, n):
            fp, fq = p >= classes * size, q >= classes * size
            if fp and fq:
                oid = orbit(("FF",), 0)
            elif fp or fq:
                j = (p if fp else q) - classes * size
                c = (q if fp else p) // size
                oid = orbit(("F", j, c), 1)
            else:
                c1, x = divmod(p, size)
                c2, y = divmod(q, size)
                if c1 == c2:
                    d = sub[x][y]
                    if d == neg[d]:
                        oid = orbit(("bad",), 0)
                    else:
                        oid = orbit(("P", c1, min(d, neg[d])), 1)
                else:
                    oid = orbit(("M", c1, c2, sub[x][y]), 1)
            key[p][q] = key[q][p] = oid
    return key, cap


def search_base(
    n: int,
    k: int,
    group: tuple[int, ...],
    *,
    seed: int = 0,
    max_steps: int = 200_000,
    restart_every: int = 20_000,
) -> CyclicSpec | None:
    """Tabu search for a base round whose development has no repeated pair.

    Points split into ``n // |G|`` classes plus ``n % |G|`` fixed points (at most one fixed
    point per table). Moves swap two points of different tables; cost is the number of
    pair-orbit uses beyond capacity. Returns None when ``max_steps`` pass without success.
    """
    grp = Group(tuple(group))
    size = grp.order
    classes, fixed = divmod(n, size)
    if n % k or fixed > n // k or classes == 0:
        return None
    key, cap = _orbit_table(grp, classes, fixed)
    rng = random.Random(seed)
    tables = n // k
    count = [0] * len(cap)

    def over(oid: int) -> int:
        return max(0, count[oid] - cap[oid])

    def fresh() -> list[list[int]]:
        pts = list(range(classes * size))
        rng.shuffle(pts)
        blocks: list[list[int]] = [[] for _ in range(tables)]
        for j in range(fixed):
            blocks[j].append(classes * size + j)
        it = iter(pts)
        for b in blocks:
            while len(b) < k:
                b.append(next(it))
        return blocks

    def load(blocks: list[list[int]]) -> int:
        for i in range(len(count)):
            count[i] = 0
        for b in blocks:
            for p, q in combinations(b, 2):
                count[key[p][q]] += 1
        return sum(max(0, c - cap[i]) for i, c in enumerate(count))

    def move_delta(blocks: list[list[int]], bi: int, pi: int, bj: int, pj: int, commit: bool) -> int:
        A, B = blocks[bi], blocks[bj]
        p, q = A[pi], B[pj]
        changed: list[int] = []
        delta = 0
        for a in A:
            if a != p:
                for oid, step in ((key[p][a], -1), (key[q][a], 1)):
                    before = over(oid)
                    count[oid] += step
                    delta += over(oid) - before
                    changed.append(oid * 2 + (step > 0))
        for b in B:
            if b != q:
                for oid, step in ((key[q][b], -1), (key[p][b], 1)):
                    before = over(oid)
                    count[oid] += step
                    delta += over(oid) - before
                    changed.append(oid * 2 + (step > 0))
        if commit:
            A[pi], B[pj] = q, p
        else:
            for code in changed:
                count[code // 2] += -1 if code % 2 else 1
        return delta

    blocks = fresh()
    cost = load(blocks)
    best = cost
    tabu: dict[tuple[int, int], int] = {}
    since = 0
    for step in range(max_steps):
        if cost == 0:
            break
        if since >= restart_every:
            blocks = fresh()
            cost = load(blocks)
            best = cost
            tabu.clear()
            since = 0
        where = {p: (bi, pi) for bi, b in enumerate(blocks) for pi, p in enumerate(b)}
        hot = set()
        for b in blocks:
            for p, q in combinations(b, 2):
                if count[key[p][q]] > cap[key[p][q]]:
                    hot.add(p)
                    hot.add(q)
        cand: list[tuple[int, int, int, int, int]] = []
        best_delta = None
        for p in hot:
            bi, pi = where[p]
            if p >= classes * size:
                continue
            for bj, B in enumerate(blocks):
                if bj == bi:
                    continue
                for pj, q in enumerate(B):
                    if q >= classes * size:
                        continue
                    d = move_delta(blocks, bi, pi, bj, pj, False)
                    is_tabu = tabu.get((p, bj), -1) > step or tabu.get((q, bi), -1) > step
                    if is_tabu and cost + d >= best:
                        continue
                    if best_delta is None or d < best_delta:
                        best_delta = d
                        cand = [(bi, pi, bj, pj, d)]
                    elif d == best_delta:
                        cand.append((bi, pi, bj, pj, d))
        if not cand:
            tabu.clear()
            continue
        bi, pi, bj, pj, d = rng.choice(cand)
        p, q = blocks[bi][pi], blocks[bj][pj]
        move_delta(blocks, bi, pi, bj, pj, True)
        cost += d
        tenure = 8 + rng.randrange(8)
        tabu[(p, bi)] = step + tenure
        tabu[(q, bj)] = step + tenure
        if cost < best:
            best = cost
            since = 0
        else:
            since += 1
    if cost != 0:
        return None
    base = tuple(tuple(sorted(b)) for b in blocks)
    return CyclicSpec(n=n, k=k, group=tuple(group), classes=classes, fixed=fixed, base=tuple(sorted(base)))
