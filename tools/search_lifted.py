"""Offline search for 2u players (u = 3t + 1, u = 0 mod 4) in (2u - 2)/3 rounds: a resolvable
4-GDD of type 2^u as the Z_2 lift of two cyclic resolvable (u, 4, 1) designs.

Usage:  PYTHONPATH=src:tools python tools/search_lifted.py [--seed 1] [--tries 2000] U

Why: 80 and 104 players (u = 40, 52) need every player to miss exactly one other; the one-step
symmetric searches over Z_26 and Z_34 stalled two or three pair orbits short, while this
search finds them in seconds.

1. A base round R0 of a resolvable (u, 4, 1) design on Z_t x {0, 1, 2} + inf, developed over
   Z_t and invariant under (c, y) -> (c+1, w·y) (w³ = 1 mod t, the largest such w; w = 1 when
   there is none): tools/orbit_search.c, seeds from 1 until one is found.
2. A second one, R1 = f(R0) for f = (class permutation, y -> mu·y + shift of the class),
   drawn at random: f maps the design onto another resolvable design on the same points, so
   R0 and R1 together meet every pair orbit of Z_t exactly twice.
3. Labels: each table (b_1..b_4) of R0 and R1 gets labels (0, a_2, a_3, a_4) in Z_2 and becomes
   the 2 tables {(b_i, s + a_i)}, s in Z_2, on the points (p, z) -> 2p + z. A pair (x, z),
   (y, z') with x != y then meets once per occurrence of {x, y} whose label difference is
   z' - z, so the two occurrences of every pair orbit must carry different label
   differences. That is a linear system over GF(2) (one equation per pair orbit), solved by
   Gaussian elimination; when it has no solution, the next f is tried.
   (An obstruction worth knowing: if R0 and R1 had tables of the same shapes, e.g. all of
   type 2+2 between two classes, the orbits between two classes plus the two inf orbits form
   an odd set that is a union of cycles in every table, and no labels exist.)
The lifted rounds (the translates of both base rounds) form the design; each (p, 0), (p, 1) is
the pair that never meets. It is written, after ``fairdraw.designs.verify``, as explicit
rounds to src/fairdraw/data/mahjong/cyclic_NNN_k4.json. Shipped: ``--seed 1 40`` (80 players)
and ``--seed 1 52`` (104 players).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from design_files import write_entry
from orbit_runner import search as c_search

from fairdraw.designs.orbits import classes_problem
from fairdraw.designs.rotational import cube_roots_of_unity

Table = tuple[int, ...]


def pair_orbit(p: int, q: int, t: int) -> tuple:
    """The Z_t-orbit of the pair {p, q} on Z_t x {0,1,2} + inf (inf = 3t)."""
    p, q = min(p, q), max(p, q)
    if q == 3 * t:
        return ("inf", p // t)
    (cp, yp), (cq, yq) = divmod(p, t), divmod(q, t)
    if cp == cq:
        d = (yq - yp) % t
        return ("pure", cp, min(d, t - d))
    return ("mixed", cp, cq, (yq - yp) % t)


def gf2_labels(tables: list[Table], t: int) -> list[list[int]] | None:
    """Labels with different label differences on the two occurrences of every pair orbit, or None."""
    where: dict[tuple, list[tuple[int, int, int]]] = {}
    for ti, table in enumerate(tables):
        for i in range(4):
            for j in range(i + 1, 4):
                where.setdefault(pair_orbit(table[i], table[j], t), []).append((ti, i, j))
    if any(len(v) != 2 for v in where.values()):
        return None

    def bit(ti: int, i: int) -> int:  # label a_i of table ti, i = 1..3 (a_0 = 0)
        return 1 << (3 * ti + i - 1)

    pivots: dict[int, tuple[int, int]] = {}
    for occurrences in where.values():
        row, rhs = 0, 1
        for ti, i, j in occurrences:
            for x in (i, j):
                if x:
                    row ^= bit(ti, x)
        while row:
            top = row.bit_length() - 1
            if top not in pivots:
                pivots[top] = (row, rhs)
                break
            prow, prhs = pivots[top]
            row, rhs = row ^ prow, rhs ^ prhs
        if not row and rhs:
            return None
    solution = 0
    for top in sorted(pivots):  # back substitution, lowest pivot first
        prow, prhs = pivots[top]
        if prhs ^ ((prow & solution & ~(1 << top)).bit_count() & 1):
            solution |= 1 << top
    return [[0] + [1 if solution & bit(ti, i) else 0 for i in (1, 2, 3)] for ti in range(len(tables))]


def lifted_rounds(bases: list[list[Table]], labels: list[list[int]], t: int) -> list[list[Table]]:
    rounds = []
    label_rows = iter(labels)
    lab_of = [[next(label_rows) for _ in base] for base in bases]
    for base, labs in zip(bases, lab_of, strict=True):
        for a in range(t):
            rnd = []
            for table, lab in zip(base, labs, strict=True):
                moved = [p if p == 3 * t else (p // t) * t + (p % t + a) % t for p in table]
                for s in range(2):
                    rnd.append(tuple(sorted(2 * moved[i] + (s + lab[i]) % 2 for i in range(4))))
            rounds.append(rnd)
    return rounds


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tries", type=int, default=2000)
    parser.add_argument("u", type=int, help="u = 3t + 1, a multiple of 4: 2u players")
    args = parser.parse_args(argv)
    u = args.u
    t, rest = divmod(u - 1, 3)
    if rest or u % 4:
        print("u must be 3t + 1 and a multiple of 4", file=sys.stderr)
        return 2
    inf = 3 * t
    w = max(cube_roots_of_unity(t))
    problem = classes_problem((t,), 3, 1, alpha=lambda y: (w * y) % t, class_perm=[1, 2, 0], anchors=[inf])
    start = time.time()
    r0 = None
    for seed in range(args.seed, args.seed + 200):
        base, _ = c_search(problem, seed=seed, seconds=20, mode=2)
        if base is not None:
            r0 = [tuple(sorted(b)) for b in base]
            print(f"base round of a resolvable ({u},4,1) design: seed {seed}", flush=True)
            break
    if r0 is None:
        print("no base round found", file=sys.stderr)
        return 1
    rng = random.Random(args.seed)
    for attempt in range(1, args.tries + 1):
        perm = rng.sample(range(3), 3)
        mu = rng.randrange(1, t)
        shift = (0, rng.randrange(t), rng.randrange(t))
        r1 = [tuple(sorted(p if p == inf else perm[p // t] * t + (mu * (p % t) + shift[p // t]) % t for p in b)) for b in r0]
        labels = gf2_labels(r0 + r1, t)
        if labels is None:
            continue
        rounds = lifted_rounds([r0, r1], labels, t)
        n = 2 * u
        source = (f"resolvable 4-GDD of type 2^{u}: Z_2 lift of two cyclic resolvable ({u},4,1) designs over Z_{t} "
                  f"(the second by class c -> {'/'.join(map(str, perm))}[c], y -> {mu}y + {'/'.join(map(str, shift))}[c]), "
                  f"labels by GF(2) elimination; "
                  f"searched once by tools/search_lifted.py (seed {args.seed}, attempt {attempt})")
        entry = {"kind": "rounds", "n": n, "k": 4, "rounds": [[list(tb) for tb in rnd] for rnd in rounds],
                 "source": source, "search_seconds": round(time.time() - start, 1)}
        path = write_entry(entry, rounds=(n - 2) // 3, indent=None)
        print(f"{n} players, {len(rounds)} rounds -> {path.name} (attempt {attempt})")
        return 0
    print("no labelling found", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
