"""Offline SAT search for a resolvable 4-GDD of type 2^(2n): one base round over Z_n × 4 plus fixed rounds.

Usage:  PYTHONPATH=src:tools python tools/search_sat_transversal.py n [--shuffle SEED] [--symmetry u:σ]

The design has N = 4n players (x, i): x in Z_n (n odd, n = 2 mod 3), i in {0, 1, 2, 3} (four classes).
Z_n acts by x -> x + t. Its rounds are
  * the n translates B + t of one base round B (n tables), and
  * f = (n - 2)/3 rounds fixed by Z_n, each the orbit {(a_0 + t, 0), .., (a_3 + t, 3)} of one
    transversal table (a_0 = 0),
so n + f = (4n - 2)/3 rounds, the bound floor((N - 1)/3): every player misses exactly one other, its
partner in a hole, and the holes are the two orbits {(x, 0), (x, 1)} and {(x, 2), (x, 3)}.
The count that makes it work: Z_n has (n - 1)/2 pure pair orbits per class (±d inside a class,
2(n - 1) in all) and 6n mixed ones (class i to class j at difference d); two are holes, each fixed
round meets six mixed orbits, so B must meet each of the other 2(n - 1) + 6n - 2 - 6f = 6n orbits
with exactly one of its 6n pairs. This is the shape of 68 = 4·17 (22 rounds: 17 developed,
5 fixed), which the Z_22 × 3 + 2 model of tools/search_sat.py did not reach; n = 11 (44 players,
found in 55 s; with ``--shuffle 1`` not in 10 minutes) checks the model.

Encoding (CaDiCaL through python-sat, the ``search`` extra):
  * one Boolean per pair of points "same table in B", with transitivity and degree 3, so the
    tables of B are K4s and need no names;
  * each fixed round is a one-hot offset per class 1..3 and a one-hot difference per class pair;
  * every pure orbit is met by exactly one pair of B, every mixed orbit by exactly one pair of B
    or one fixed round, the two hole orbits by none;
  * the fixed rounds are ordered by their class-1 offset, and the first is 1 (a multiplier
    x -> w·x maps designs to designs and brings any offset to 1); of the n translates of B, the
    one whose class-0 pair at difference ±1 is {(0, 0), (1, 0)} is taken.
``--symmetry u:σ`` asks B to be invariant under (x, i) -> (u·x, σ(i)) (σ keeping the hole pairs).
For n = 17 no such symmetry exists beyond Z_n itself, so the plain model is the one to run: u has
even order (Z_17^* is cyclic of order 16) and so do the permutations keeping the holes, so a
symmetry would have a power of order 2, and none of the eleven involutions works (the plain
model for n = 17: no answer from CaDiCaL in 100 minutes and eight 10-minute shuffled runs, nor
from kissat 4 in three 20-minute runs, ``--solver kissat:PATH --shuffle 1`` .. ``3``, nor in
60 minutes of ``--shuffle 11`` and 45 of ``--shuffle 23``). The solver
refutes nine in at most 40 s (e.g. ``--symmetry=-1:1032``); by hand, with the negation x -> -x
  * classes fixed, every pure orbit must be met by a pair {x, -x}, and the class pair (0, 1) then
    gets an even number of orbits from B where it needs n - f - 1, which is odd;
  * classes (0 1)(2 3), each invariant table holds one point of every class (no pure pair), and
    the swapped tables hold f + 1 points of classes 0 and 1 in all, which cannot give class 0's
    (n - 1)/2 pure orbits (n = 11, 17);
  * classes (0 2)(1 3), the invariant tables number n - f, leaving an odd number to pair up;
and with a swap of classes alone, (0 2)(1 3) or (0 3)(1 2) (the two the solver does not settle
quickly), B meets (0, 2, 0) in its invariant table (n is odd, so it has one) and the other (0, 2, d)
in pairs ±d, an odd count where n - f is even.
A solution is checked by ``fairdraw.designs.verify`` (``design_files.write_entry``) and shipped as
explicit rounds.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from collections.abc import Callable

from pair_cnf import PairModel, add_solver_arguments, run_and_ship

CLASSES = 4
HOLES = ((0, 1), (2, 3))  # class pairs whose difference-0 orbit is the hole (partners)
Orbit = tuple[int, ...]


class TransversalCNF(PairModel):
    """The clauses for B and the fixed rounds (see the module docstring)."""

    def __init__(self, n: int, symmetry: str | None = None) -> None:
        if n % 2 == 0 or n % 3 != 2:
            raise ValueError("n must be odd and 2 mod 3")
        super().__init__(CLASSES * n)
        self.n = n
        self.fixed = (n - 2) // 3
        mu = None if symmetry is None else self._symmetry(symmetry)
        self.symmetry = symmetry
        # Of the n translates of B, take the one whose class-0 pair at difference ±1 is
        # {(0, 0), (1, 0)}; not under a symmetry x -> u·x with u != 1: B + t is then no longer
        # invariant, and B itself is already the only invariant translate.
        self.pin_translate = mu is None or mu(1) % n == 1
        self._tables_are_cliques()
        self._fixed_rounds()
        self._orbits()
        if mu is not None:
            self.invariant(mu)

    def orbit(self, p: int, q: int) -> Orbit:
        """The Z_n orbit of the pair {p, q}: ("pure") (i, ±d) or ("mixed") (i, j, d), i < j."""
        (i, x), (j, y) = sorted((divmod(p, self.n), divmod(q, self.n)))
        if i == j:
            d = (y - x) % self.n
            return (i, min(d, self.n - d))
        return (i, j, (y - x) % self.n)

    def offset(self, f: int, c: int, x: int) -> int:
        """Fixed round f puts class c at offset x (class 0 at 0)."""
        return self.pool.id(("a", f, c, x % self.n))

    def covers(self, f: int, i: int, j: int, d: int) -> int:
        """Fixed round f meets the mixed orbit (i, j, d)."""
        return self.offset(f, j, d) if i == 0 else self.pool.id(("g", f, i, j, d % self.n))

    def _tables_are_cliques(self) -> None:
        self.transitive()
        for p in range(self.points):
            self.degree([self.same(p, q) for q in range(self.points) if q != p])

    def _fixed_rounds(self) -> None:
        n = self.n
        self._fixed_round_variables()
        # order the fixed rounds by their class-1 offset; the first is 1 (a multiplier symmetry)
        self.clauses.append([self.offset(0, 1, 1)])
        if self.pin_translate:
            self.clauses.append([self.same(0, 1)])
        if self.symmetry is None:
            # shifting classes 2 and 3 together keeps the holes and every count: the first
            # fixed round puts class 2 at 0 (a 17-fold symmetry the model used to leave in)
            self.clauses.append([self.offset(0, 2, 0)])
        for f in range(self.fixed - 1):
            for x in range(n):
                for y in range(x + 1):
                    self.clauses.append([-self.offset(f, 1, x), -self.offset(f + 1, 1, y)])

    def _fixed_round_variables(self) -> None:
        """Each fixed round: a one-hot offset per class 1..3 (class 0 at 0) and the one-hot
        difference it meets per pair of classes 1..3, tied to the offsets (shared with
        tools/search_sat_covering.py, which pins other things)."""
        n = self.n
        for f in range(self.fixed):
            for c in range(1, CLASSES):
                self.exactly_one([self.offset(f, c, x) for x in range(n)])
            for i, j in itertools.combinations(range(1, CLASSES), 2):
                self.exactly_one([self.covers(f, i, j, d) for d in range(n)])
                for x, y in itertools.product(range(n), repeat=2):
                    self.clauses.append([-self.offset(f, i, x), -self.offset(f, j, y), self.covers(f, i, j, y - x)])

    def _orbits(self) -> None:
        for lits in self.orbit_literals().values():
            self.exactly_one(lits)

    def orbit_members(self) -> dict[Orbit, list[int]]:
        """B's pair variables grouped by their Z_n orbit (shared with tools/search_sat_covering.py)."""
        members: dict[Orbit, list[int]] = {}
        for p, q in itertools.combinations(range(self.points), 2):
            members.setdefault(self.orbit(p, q), []).append(self.same(p, q))
        return members

    def orbit_literals(self) -> dict[Orbit, list[int]]:
        """For every pair orbit but the holes, the literals that meet it (B's pairs in it, and
        the fixed rounds for a mixed one); the holes' literals are made false here."""
        out: dict[Orbit, list[int]] = {}
        for orb, lits in self.orbit_members().items():
            if len(orb) == 3:
                i, j, d = orb
                if d == 0 and (i, j) in HOLES:
                    self.clauses += [[-v] for v in lits]
                    self.clauses += [[-self.covers(f, i, j, 0)] for f in range(self.fixed)]
                    continue
                lits = lits + [self.covers(f, i, j, d) for f in range(self.fixed)]
            out[orb] = lits
        return out

    def _symmetry(self, spec: str) -> Callable[[int], int]:
        """The map (x, i) -> (u·x, σ(i)) written "u:σ0σ1σ2σ3", e.g. "-1:1032" (negation, classes 0<->1
        and 2<->3); it must keep the hole pairs {0, 1}, {2, 3} and u must be a unit mod n."""
        return self._symmetry_map(spec, keep_holes=True)

    def _symmetry_map(self, spec: str, *, keep_holes: bool) -> Callable[[int], int]:
        """The map a "u:σ0σ1σ2σ3" spec names, checked: u a unit mod n, σ a permutation of the
        classes, and with ``keep_holes`` σ mapping the hole pairs onto each other."""
        n = self.n
        u_text, _, sigma_text = spec.partition(":")
        u, sigma = int(u_text) % n, [int(c) for c in sigma_text]
        if sorted(sigma) != list(range(CLASSES)) or math.gcd(u, n) != 1:
            raise ValueError(f"symmetry {spec!r}: expected u:σ with u a unit mod {n} and σ a permutation of 0123")
        if keep_holes and {frozenset((sigma[a], sigma[b])) for a, b in HOLES} != {frozenset(h) for h in HOLES}:
            raise ValueError(f"symmetry {spec!r} does not keep the hole pairs {HOLES}")
        return lambda p: sigma[p // n] * n + (u * (p % n)) % n

    def rounds(self, model: list[int]) -> list[list[tuple[int, ...]]]:
        """All n + f rounds, player (x, i) numbered i·n + x."""
        n, true = self.n, {v for v in model if v > 0}
        base = sorted({tuple(sorted(t)) for t in self.tables(model).values()})
        out = [sorted(tuple(sorted((p // n) * n + (p + t) % n for p in b)) for b in base) for t in range(n)]
        for f in range(self.fixed):
            a = [0] + [next(x for x in range(n) if self.offset(f, c, x) in true) for c in range(1, CLASSES)]
            out.append([tuple(c * n + (a[c] + t) % n for c in range(CLASSES)) for t in range(n)])
        return out


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("n", type=int, help="the cyclic group order (4n players)")
    parser.add_argument("--symmetry", default=None, help='B invariant under (x, i) -> (u·x, σ(i)), as "u:σ0σ1σ2σ3"')
    add_solver_arguments(parser)
    args = parser.parse_args(argv)
    start = time.time()
    cnf = TransversalCNF(args.n, args.symmetry)
    symmetry = f", base round invariant under (x, i) -> (u·x, σ(i)) = {args.symmetry}" if args.symmetry else ""
    shape = f"base round over Z_{args.n} x 4 developed {args.n} times plus {cnf.fixed} fixed transversal rounds{symmetry}"
    run_and_ship(cnf, cnf.rounds, args, f"n={args.n}", start, shape=shape,
                 command=f"tools/search_sat_transversal.py {' '.join(argv)}")


if __name__ == "__main__":
    main(sys.argv[1:])
