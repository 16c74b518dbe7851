"""Offline SAT search for a resolvable minimum covering: 4n players (n = 0 mod 3) in 4n/3 rounds.

Usage:  PYTHONPATH=src:tools python tools/search_sat_covering.py n [--solver S] [--shuffle SEED] [--no-write]

Why: for N = 0 (mod 12) players the longest repeat-free seating has (N - 3)/3 rounds (a 4-RGDD of
type 3^(N/3): every player misses the two others of its group), and one round more is where
issue 4 (b) asks for the fewest repeats. Every player then meets N opponent slots among N - 1
players, so at least N/2 pairs meet twice (the pigeonhole bound). Copying the design cannot
reach it: the pairs not met form triangles, and a table of four holds at most one triangle, so
the next round repeats 3N/4 pairs (36 players, 12 rounds: 27 where 18 is the bound). A
*resolvable minimum covering* reaches it: N/3 rounds in which every pair meets at least once
and the pairs met twice form a perfect matching (Lamken, Mills and Rees, "Resolvable minimum
coverings with quadruples", J. Combin. Des. 6 (1998), study when they exist).

The shape searched: players (x, i), x in Z_n, i in {0, 1, 2, 3}; the n translates B + t of one
base round B (n tables) and f = n/3 rounds fixed by Z_n, each the orbit {(a_0 + t, 0), ..,
(a_3 + t, 3)} of one table with a player of every class (the model of
tools/search_sat_transversal.py, whose clauses this reuses). Counting the pair orbits of Z_n:
  * n odd: (n - 1)/2 pure orbits per class and 6n mixed ones; B's 6n pairs and the fixed rounds'
    6f = 2n meet them with the two orbits {(x, 0), (x + 0, 1)} and {(x, 2), (x, 3)} met exactly
    twice (those pairs meet twice: the perfect matching) and every other orbit exactly once;
  * n even: a class's pure orbit at difference n/2 has only n/2 pairs, so B's one pair in it
    meets each of them twice (in rounds t and t + n/2): those four half orbits are the matching,
    and every orbit is met exactly once.
Measured (CaDiCaL, 2026-12-05): n = 9 (36 players, 12 rounds) in 64 s; n = 3 (12 players) and
n = 6 (24) are unsatisfiable in a second; the shape over Z_(N/3) x 3 classes (no fixed round)
is unsatisfiable for 24 and for 48 with the classes cycled.

The rounds are checked by ``fairdraw.designs.coverings.covering_problems`` (every pair at least
once, none more than twice, exactly the pigeonhole bound of repeats) before they are written to
src/fairdraw/data/mahjong/covering_NNN_k4.json; the package reads them through
``fairdraw.designs.catalog.shipped_coverings`` and tests re-check every shipped file.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time

from design_files import OUT
from fairdraw.designs.coverings import covering_problems
from pair_cnf import PairModel, add_solver_arguments, run, shown_command
from pysat.card import CardEnc, EncType
from search_sat_transversal import CLASSES, HOLES, Orbit, TransversalCNF


class CoveringCNF(TransversalCNF):
    """The transversal model with the holes met twice (n odd) or the half orbits once (n even)."""

    def __init__(self, n: int, late_repeats: bool = False) -> None:
        if n % 3 or n < 3:
            raise ValueError("n must be a positive multiple of 3 (4n/3 rounds)")
        if late_repeats and (n % 2 == 0 or n < 6):
            raise ValueError("--late-repeats needs n odd with two fixed rounds at least")
        PairModel.__init__(self, CLASSES * n)
        self.n = n
        self.fixed = n // 3
        self.symmetry = None
        self.pin_translate = True
        self._tables_are_cliques()
        self._fixed_rounds()
        self._orbits()
        if late_repeats:
            # fixed rounds 0 and 1 both meet the two hole orbits: every pair met twice meets in
            # those two rounds, so all the others and one of them repeat nothing (4n/3 - 1
            # repeat-free rounds, the longest possible, then one round of n·2 repeats)
            for f in (0, 1):
                self.clauses += [[self.offset(f, 1, 0)], [self.covers(f, 2, 3, 0)]]

    def _fixed_rounds(self) -> None:
        """Each fixed round: a one-hot offset per class 1..3, its differences per class pair.
        Unlike the packing, two fixed rounds may share a class-1 offset (a doubled orbit), and
        that offset may be 0 or a non-unit, so only the translate of B and the shift of classes
        2 and 3 are pinned, and the rounds are ordered without ties broken."""
        n = self.n
        for f in range(self.fixed):
            for c in range(1, CLASSES):
                self.exactly_one([self.offset(f, c, x) for x in range(n)])
            for i, j in itertools.combinations(range(1, CLASSES), 2):
                self.exactly_one([self.covers(f, i, j, d) for d in range(n)])
                for x, y in itertools.product(range(n), repeat=2):
                    self.clauses.append([-self.offset(f, i, x), -self.offset(f, j, y), self.covers(f, i, j, y - x)])
        self.clauses.append([self.same(0, 1)])  # the translate of B whose class-0 pair at ±1 is {0, 1}
        self.clauses.append([self.offset(0, 2, 0)])  # classes 2 and 3 shifted together
        for f in range(self.fixed - 1):
            for x in range(n):
                for y in range(x):
                    self.clauses.append([-self.offset(f, 1, x), -self.offset(f + 1, 1, y)])

    def orbit_literals(self) -> dict[Orbit, list[int]]:
        """Every orbit met exactly once (returned), but for odd n the two hole orbits, met exactly
        twice (their clauses added here)."""
        members: dict[Orbit, list[int]] = {}
        for p, q in itertools.combinations(range(self.points), 2):
            members.setdefault(self.orbit(p, q), []).append(self.same(p, q))
        out: dict[Orbit, list[int]] = {}
        for orb, lits in members.items():
            if len(orb) == 3:
                i, j, d = orb
                lits = lits + [self.covers(f, i, j, d) for f in range(self.fixed)]
                if self.n % 2 and d == 0 and (i, j) in HOLES:
                    self.clauses += CardEnc.equals(lits=lits, bound=2, vpool=self.pool, encoding=EncType.seqcounter).clauses
                    continue
            out[orb] = lits
        return out


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("n", type=int, help="the cyclic group order, a multiple of 3 (4n players, 4n/3 rounds)")
    parser.add_argument("--late-repeats", action="store_true",
                        help="all pairs met twice in two fixed rounds: every round but one repeat-free")
    add_solver_arguments(parser)
    args = parser.parse_args(argv)
    start = time.time()
    cnf = CoveringCNF(args.n, args.late_repeats)
    found = run(cnf, args, f"n={args.n}, covering", start)
    if found is None:
        return
    model, seconds = found
    rounds = cnf.rounds(model)
    players = CLASSES * args.n
    problems = covering_problems(rounds, players, 4)
    assert not problems, f"search returned an invalid covering: {problems[:3]}"
    print(f"found in {seconds:.0f}s, verified: {len(rounds)} rounds for {players} players, every pair met, "
          f"{players // 2} pairs twice")
    if args.no_write:
        return
    entry = {
        "n": players, "k": 4,
        "rounds": [[list(t) for t in rnd] for rnd in rounds],
        "source": (f"resolvable minimum covering: a base round over Z_{args.n} x 4 developed {args.n} times "
                   f"plus {cnf.fixed} fixed rounds, searched once by "
                   f"{shown_command(['tools/search_sat_covering.py', *argv])}"),
        "search_seconds": round(seconds, 1),
    }
    path = OUT / f"covering_{players:03d}_k4.json"
    path.write_text(json.dumps({"format": "fairdraw.coverings/1", "coverings": [entry]}) + "\n", encoding="utf-8")
    print(f"written to {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
