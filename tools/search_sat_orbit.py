"""Offline SAT search for a resolvable 4-GDD of type 2^u as the orbit of one base round under a player permutation.

Usage:  PYTHONPATH=src:tools python tools/search_sat_orbit.py M [--swap-infinity] [--shuffle SEED] [--solver S] [--no-write]

Players (c, y), c in {0, 1, 2}, y in Z_M (M = 2 mod 4), and ∞0, ∞1: N = 3M + 2 players (N = 8 mod 12),
M rounds, the bound floor((N - 1)/3). The rounds are B, g(B), .., g^(M-1)(B) for the permutation
    g: (c, y) -> (c, y + 1), and ∞0, ∞1 kept (default) or swapped (``--swap-infinity``).
Every player misses exactly one other, its partner: (c, y) and (c, y + M/2), ∞0 and ∞1. Those are
forced: a pair at difference M/2 inside a class comes back M/2 rounds later, so it can never meet.

Why a second tool beside tools/search_sat.py (the same model with ∞ kept): the pair orbits here
are computed by applying g, not written out by hand, so the one other action of Z_M that fits
can be tried. For 68 players and a cyclic group of order 22 acting regularly on the 22 rounds,
the players must form three regular orbits and two more players, fixed or swapped (two players
with a common non-trivial stabiliser can never meet: their pair would come back in a second
round). With the swap, the image of a round under y -> y + M/2 swaps every pair of partners, so
the design is a Z_2 lift of a 2-fold structure on the u = N/2 partner pairs: 11 classes of 17
blocks covering each pair of partners twice, with one label bit per block and player. Counting
that GF(2) system suggests it is over-determined (for 68 players 935 equations in some 700 free
labels). Measured (CaDiCaL, wall time with two cores shared by up to three runs; the times are
heavy-tailed, so this is weak evidence):

    M = 14 (44 players), ∞ swapped: no answer in 13 and 11 minutes (two clause orders, the second
    as built here); ∞ kept: a design in 44 s in one clause order, none in 15 minutes as built
    here nor in 11 minutes with ``--shuffle 1``.

So the swap looks no better a way to 68 players (M = 22) than the kept action; it is kept so the
comparison can be re-run for longer.

Encoding (python-sat, the ``search`` extra, or kissat through ``pair_cnf.solve``): one Boolean
per pair of the N players ("same table in B"), transitivity and degree 3 make the tables; for
every orbit of g on pairs, the partner orbits get no pair of B and every other orbit exactly one
(each has M pairs, so the M images of B then meet every pair once). Symmetry breaking: B is the
image whose pair at difference 1 in class 0 is {(0, 0), (0, 1)} (with the swap, an odd shift
also renames ∞0 and ∞1, which the model does not tell apart). A solution is checked by
``fairdraw.designs.verify`` (``design_files.ship_rounds``) before it is written as explicit rounds.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

from pair_cnf import PairModel, Rounds, add_solver_arguments, run_and_ship

CLASSES = 3


class OrbitRoundCNF(PairModel):
    """The clauses for B (see the module docstring); player (c, y) is c·M + y, ∞e is 3M + e."""

    def __init__(self, m: int, swap_infinity: bool = False) -> None:
        if m % 4 != 2:
            raise SystemExit(f"M = {m}: M must be 2 mod 4 (N = 3M + 2 = 8 mod 12 players)")
        super().__init__(CLASSES * m + 2)
        self.m, self.swap = m, swap_infinity
        self.transitive()
        for p in range(self.points):
            self.degree([self.same(p, q) for q in range(self.points) if q != p])
        for orbit in self.pair_orbits():
            lits = [self.same(p, q) for p, q in orbit]
            if self.partners(*orbit[0]):
                self.clauses += [[-v] for v in lits]
            else:
                self.exactly_one(lits)
        self.clauses.append([self.same(0, 1)])

    def g(self, p: int, t: int = 1) -> int:
        """The image of player p under g^t."""
        m = self.m
        if p >= CLASSES * m:
            return CLASSES * m + ((p - CLASSES * m + t) % 2 if self.swap else p - CLASSES * m)
        return (p // m) * m + (p % m + t) % m

    def partners(self, p: int, q: int) -> bool:
        m, fin = self.m, CLASSES * self.m
        if p >= fin or q >= fin:
            return p >= fin and q >= fin
        return p // m == q // m and (q - p) % m == m // 2

    def pair_orbits(self) -> list[list[tuple[int, int]]]:
        """The orbits of g on unordered pairs; each non-partner orbit has exactly M pairs."""
        seen: set[tuple[int, int]] = set()
        out: list[list[tuple[int, int]]] = []
        for p, q in itertools.combinations(range(self.points), 2):
            if (p, q) in seen:
                continue
            images = {(min(a, b), max(a, b)) for a, b in ((self.g(p, t), self.g(q, t)) for t in range(self.m))}
            assert self.partners(p, q) or len(images) == self.m, (p, q, len(images))
            seen |= images
            out.append(sorted(images))
        return out

    def rounds(self, model: list[int]) -> Rounds:
        """The M rounds g^t(B)."""
        base = sorted({tuple(sorted(t)) for t in self.tables(model).values()})
        return [sorted(tuple(sorted(self.g(p, t) for p in table)) for table in base) for t in range(self.m)]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("m", type=int, help="the cyclic group order M (3M + 2 players)")
    parser.add_argument("--swap-infinity", action="store_true", help="odd translations swap ∞0 and ∞1")
    add_solver_arguments(parser)
    args = parser.parse_args(argv)
    start = time.time()
    cnf = OrbitRoundCNF(args.m, args.swap_infinity)
    action = "∞ swapped by odd translations" if args.swap_infinity else "∞ fixed"
    run_and_ship(cnf, cnf.rounds, args, f"M={args.m} ({action})", start,
                 shape=f"orbit of one base round under (c, y) -> (c, y + 1) over Z_{args.m} x 3 + 2, {action}",
                 command=f"tools/search_sat_orbit.py {' '.join(argv)}")


if __name__ == "__main__":
    main(sys.argv[1:])
