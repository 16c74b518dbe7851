"""Offline SAT search for a resolvable 4-GDD of type 2^u with a symmetry of order 3 only.

Usage:  PYTHONPATH=src:tools python tools/search_sat_order3.py M RHO [--shuffle SEED] [--solver S] [--no-write]

Players (o, y), o in 0..M-1 (M even), y in Z_3, and ∞0, ∞1: N = 3M + 2 players (N = 8 mod 12),
M rounds, the bound floor((N - 1)/3): every player misses exactly one other, its partner,
(2i, y) and (2i+1, y), or ∞0 and ∞1. The map σ: (o, y) -> (o, y + 1), ∞ kept, acts on the
rounds: RHO of them are σ-invariant ("fixed rounds") and the other M - RHO come in orbits of 3,
the images of (M - RHO)/3 base rounds.

Why this shape: for 68 players it is the one prime-order symmetry left untried. A symmetry of
prime order p fixes f players, paired among themselves, and RHO rounds; a fixed round can only
hold tables that are unions of orbits, so for p >= 5 fixed players sit only with fixed players,
and two fixed players can never meet in a round that is not fixed (their pair would come back in
the round's images). Each fixed player therefore meets its f - 2 fixed opponents 3 at a time in
the fixed rounds: f - 2 = 3·RHO, f = 68 (mod p), RHO = 22 (mod p). That leaves p = 11 with f = 2
(tools/search_sat_two_bases.py), p = 17 with f = 0 (tools/search_sat_transversal.py), and p = 5
with f = 8, RHO = 2 only, which is impossible: the four tables of fixed players in the two fixed
rounds would be a resolvable 4-GDD of type 2^4, and none exists (the table of ∞-free player 1 in
the second round could only be 1 with the three players that shared the other table of the
first). p = 7, 13, 19, 23, 29, 31 have no solution of those congruences with f even. For p = 3
a fixed player can also sit with one whole orbit, and with f = 2 every RHO = M (mod 3) with
2·RHO <= M passes the counts (below).

Counting for f = 2: σ has one orbit of size 1 on pairs ({∞0, ∞1}, the partner pair) and the
others have size 3: 2M between a fixed player and an orbit, M inside an orbit, 3·M(M-1)/2
between two orbits less the M/2 partner ones. A base round meets 3 orbits of pairs of ∞0 and
3 of ∞1 (its tablemates, from 3 different orbits) and (9M - 6)/2 others, one pair each (96 for
M = 22); a fixed round meets one for each ∞ (the orbit at its table, whose inner pair orbit it
also meets) and (3M - 6)/2 between or inside orbits ((3M - 6)/12 orbits of 3 tables; 30 for
M = 22). Both add up to every orbit once for every RHO; a fixed round meets 2 of the M inner
orbits, which bounds RHO by M/2.

Measured (CaDiCaL, two runs sharing the two cores): no answer for 32 players (M = 10, RHO = 1
and 4) in 5 minutes each, nor for 44 players (M = 14, RHO = 2 and 5) in 15 minutes each, where
the Z_14 x 3 + 2 model of tools/search_sat.py finds a design in 220-430 s (2 s with its
multiplier). Order 3 alone leaves too much to search, so it was not run for 68 players (M = 22,
RHO = 1, 4, 7 or 10: ``22 1`` .. ``22 10``). Not a source of any shipped design; kept
so the runs can be repeated for longer.

Encoding (CaDiCaL through python-sat, the ``search`` extra, or kissat: see ``pair_cnf.solve``):
one Boolean per pair and round (base and fixed), transitivity and degree 3 per round, fixed
rounds tied to their image under σ, every pair orbit other than the partners' met by exactly one
of its pairs in a base round or by a fixed round (whose pairs of an orbit are all equal).
Symmetry breaking: with RHO >= 1 the first fixed round has ∞0 with orbit 0 (the orbit pairs
and the two orbits of a pair can be renamed). A solution is checked by
``fairdraw.designs.verify`` (``design_files.ship_rounds``) before it is written.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import sys
import time

from pair_cnf import PairModel, Rounds, add_solver_arguments, run_and_ship

ORDER = 3


class OrderThreeCNF(PairModel):
    """The clauses (module docstring); player (o, y) is 3·o + y, ∞e is 3M + e."""

    def __init__(self, m: int, fixed_rounds: int) -> None:
        if m % 2 or m < 4:
            raise SystemExit(f"M = {m}: M must be even and at least 4 (the orbits come in partner pairs)")
        if (m - fixed_rounds) % ORDER or not 0 <= 2 * fixed_rounds <= m:
            raise SystemExit(f"RHO = {fixed_rounds}: RHO must be M mod 3 and at most M/2")
        super().__init__(ORDER * m + 2)
        self.m, self.rho, self.bases = m, fixed_rounds, (m - fixed_rounds) // ORDER
        self.inf = (ORDER * m, ORDER * m + 1)
        for r in range(self.bases + self.rho):
            var = functools.partial(self.at, r)
            self.transitive(var)
            for p in range(self.points):
                self.degree([var(p, q) for q in range(self.points) if q != p])
            if r >= self.bases:
                self.invariant(self.sigma, var)
        self._orbits()
        if self.rho:
            self.clauses.append([self.at(self.bases, self.inf[0], 0)])

    def sigma(self, p: int, t: int = 1) -> int:
        """The image of player p under σ^t."""
        return p if p in self.inf else (p // ORDER) * ORDER + (p + t) % ORDER

    def at(self, r: int, p: int, q: int) -> int:
        """The variable 'p and q share a table of round r' (base rounds first, then fixed ones)."""
        return self.pool.id((r, min(p, q), max(p, q)))

    def partners(self, p: int, q: int) -> bool:
        if p in self.inf or q in self.inf:
            return p in self.inf and q in self.inf
        return p // (2 * ORDER) == q // (2 * ORDER) and p // ORDER != q // ORDER and p % ORDER == q % ORDER

    def _orbits(self) -> None:
        seen: set[tuple[int, int]] = set()
        for p, q in itertools.combinations(range(self.points), 2):
            if (p, q) in seen:
                continue
            orbit = sorted({(min(a, b), max(a, b)) for a, b in ((self.sigma(p, t), self.sigma(q, t)) for t in range(ORDER))})
            seen |= set(orbit)
            lits = [self.at(b, a, c) for b in range(self.bases) for a, c in orbit]
            if self.partners(p, q):
                self.clauses += [[-v] for v in lits + [self.at(r, p, q) for r in range(self.bases, self.bases + self.rho)]]
                continue
            if len(orbit) < ORDER:
                raise AssertionError(f"pair {p, q}: only the partner pair of ∞ can be fixed")
            self.exactly_one(lits + [self.at(r, p, q) for r in range(self.bases, self.bases + self.rho)])

    def rounds(self, model: list[int]) -> Rounds:
        """The 3 images of each base round, then the fixed rounds."""
        out: Rounds = []
        for r in range(self.bases + self.rho):
            base = {tuple(sorted(t)) for t in self.tables(model, functools.partial(self.at, r)).values()}
            for t in range(ORDER if r < self.bases else 1):
                out.append(sorted(tuple(sorted(self.sigma(p, t) for p in b)) for b in base))
        return out


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("m", type=int, help="the number of orbits of 3 (3M + 2 players, M rounds)")
    parser.add_argument("rho", type=int, help="the number of σ-invariant rounds (M mod 3, at most M/2)")
    add_solver_arguments(parser)
    args = parser.parse_args(argv)
    start = time.time()
    cnf = OrderThreeCNF(args.m, args.rho)
    run_and_ship(cnf, cnf.rounds, args, f"M={args.m}, RHO={args.rho} ({cnf.bases} base rounds)", start,
                 shape=f"{cnf.bases} base rounds and {args.rho} fixed rounds under (o, y) -> (o, y + 1) over {args.m} orbits of Z_3 + 2",
                 command=f"tools/search_sat_order3.py {' '.join(argv)}")


if __name__ == "__main__":
    main(sys.argv[1:])
