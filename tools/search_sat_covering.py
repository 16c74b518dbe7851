"""Offline SAT search for a resolvable minimum covering: 4n players (n = 0 mod 3) in 4n/3 rounds.

Usage:  PYTHONPATH=src:tools python tools/search_sat_covering.py n [--symmetry u:σ | --plain]
            [--solver S] [--shuffle SEED] [--no-write]

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
is unsatisfiable for 24 and for 48 with the classes cycled (again on 2026-12-06 in a scratch
model: 24 unsatisfiable in 4 s, 36 with the classes cycled, (c, y) -> (c + 1, y), in 3 s, and no
answer for 36 without it in 300 s; for 84, Z_28 x 3 with the classes cycled by (c, y) -> (c + 1,
9y), none from CaDiCaL in 25 minutes nor from kissat in 40, beside other work). n = 21 (84
players): no answer in 900 s; n = 12 (48) with no further symmetry: no answer in 400 s.

``--symmetry u:σ`` asks B to be invariant under μ: (x, i) -> (u·x, σ(i)) too (u a unit mod n; for
n odd σ must keep the holes). Which μ can fit is a count over the Z_n-orbits μ fixes: a fixed
pure orbit is met by exactly one pair of B, so that pair must be μ-invariant.
  * u of order 3 with σ a 3-cycle (fixing one class c): an invariant pair is two fixed points,
    all in class c, and a table with two fixed points has four (orbits of 1 + 3 otherwise), so
    the pure orbits of class c at the differences of H = {x : (u - 1)x = 0}, all fixed, come six
    to a table inside H: |H|/2 (or (|H| - 1)/2) must be a multiple of 6, |H| >= 12. No n <= 27
    has such a u (n = 18, u = 7 or 13: |H| = 6; n = 21: 3; n = 27: 9; n = 12, 15, 24: no u of
    order 3). With σ the identity a table of fixed points may mix classes, and the count allows it.
  * u = -1 (n even): a fixed pure orbit at an odd difference has no invariant pair ({x, -x}
    differ by 2x, the fixed points 0 and n/2 by n/2), and with σ moving every class the mixed
    orbits (i, σ(i), d) at odd d, n/2 per class pair, are fixed with the same problem, so they
    need fixed rounds: n/2 > f = n/3. No such design.
  * n = 12, u = 7 (= n/2 + 1): the fixed pure orbit at difference 3 (7·3 = -3) has no invariant
    pair, so σ moves every class; with σ = (0 1)(2 3) the fixed mixed orbits (0, 1, 3), (0, 1, 9),
    (2, 3, 3), (2, 3, 9) are left to the fixed rounds, 4 of their 8 (class pair, round) slots.
Measured (CaDiCaL, 2026-12-05):
  * n = 12 (48 players) ``--symmetry 7:1032``: found in 27 s, shipped as covering_048_k4.json;
    ``--symmetry 5:1032`` (the same count with u = 5): no answer in 150 s.
  * n = 18 (72), where u = -1 and u = 7, 13 with σ a 3-cycle are ruled out above:
    ``--symmetry 7:0123`` is unsatisfiable in 1 s; ``--symmetry 1:1032`` (B onto itself when
    classes 0 <-> 1 and 2 <-> 3 swap, x kept: the mixed orbits (0, 1, 9) and (2, 3, 9) are fixed
    and have no invariant pair, so they are left to the fixed rounds) found in 202 s (289 846
    clauses), shipped as covering_072_k4.json.
  * n = 24 (96) with u = n/2 + 1 as for 48, ``--symmetry 13:1032``: no answer in 600 s;
    ``--symmetry 1:1032``: no answer in 360 s (656 725 clauses).
  * n odd: the same swap keeps the holes (the mixed orbits it fixes are the two hole orbits).
    n = 15 (60) ``--symmetry 1:1032`` found in 23 s and 29 s in two runs (173 500 clauses; the
    shape without it had run 65 minutes under kissat without an answer); the second run's
    covering is shipped as covering_060_k4.json: it meets its doubled pairs in fixed rounds only,
    so 19 of its 20 rounds go first repeat-free (the first run's: 15); n = 21 (84): no answer in
    360 s, nor in a 25-minute run beside other work (without it: none in 900 s); n = 27 (108):
    none in 360 s.

For 24 players (n = 6, unsatisfiable in this shape) other groups do not fit either: Z_7 on
3·7 + 3 players cannot act on 8 rounds, since a round fixed by Z_7 would need tables that are
unions of point orbits (sizes 7 and 1) and the other rounds come 7 at a time (8 = 7 + 1). So
``--plain`` states all N/3 rounds with no group (``PlainCoveringCNF``): for n = 6 (24 players,
8 rounds; 95 116 clauses) CaDiCaL gave no answer in 600 s (2026-12-05).

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
from collections.abc import Callable

from design_files import OUT
from fairdraw.designs.coverings import covering_problems
from pair_cnf import Pair, PairModel, Rounds, add_solver_arguments, run, shown_command
from pysat.card import CardEnc, EncType
from search_sat_transversal import CLASSES, HOLES, Orbit, TransversalCNF


class CoveringCNF(TransversalCNF):
    """The transversal model with the holes met twice (n odd) or the half orbits once (n even)."""

    def __init__(self, n: int, late_repeats: bool = False, symmetry: str | None = None) -> None:
        if n % 3 or n < 3:
            raise ValueError("n must be a positive multiple of 3 (4n/3 rounds)")
        if late_repeats and (n % 2 == 0 or n < 6):
            raise ValueError("--late-repeats needs n odd with two fixed rounds at least")
        PairModel.__init__(self, CLASSES * n)
        self.n = n
        self.fixed = n // 3
        mu = None if symmetry is None else self._symmetry(symmetry)
        self.symmetry = symmetry
        self.pin_translate = mu is None or mu(1) % n == 1  # B + t is invariant too only when u = 1
        self._tables_are_cliques()
        self._fixed_rounds()
        self._orbits()
        if mu is not None:
            self.invariant(mu)
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
        self._fixed_round_variables()
        if self.pin_translate:
            self.clauses.append([self.same(0, 1)])  # the translate of B whose class-0 pair at ±1 is {0, 1}
        if self.symmetry is None:
            self.clauses.append([self.offset(0, 2, 0)])  # classes 2 and 3 shifted together
        for f in range(self.fixed - 1):
            for x in range(n):
                for y in range(x):
                    self.clauses.append([-self.offset(f, 1, x), -self.offset(f + 1, 1, y)])

    def _symmetry(self, spec: str) -> Callable[[int], int]:
        """As the transversal model's, but for n even any class permutation: no class pair is a
        hole there (the pairs met twice are the four half orbits, one in each class)."""
        return self._symmetry_map(spec, keep_holes=bool(self.n % 2))

    def orbit_literals(self) -> dict[Orbit, list[int]]:
        """Every orbit met exactly once (returned), but for odd n the two hole orbits, met exactly
        twice (their clauses added here)."""
        out: dict[Orbit, list[int]] = {}
        for orb, lits in self.orbit_members().items():
            if len(orb) == 3:
                i, j, d = orb
                lits = lits + [self.covers(f, i, j, d) for f in range(self.fixed)]
                if self.n % 2 and d == 0 and (i, j) in HOLES:
                    self.clauses += CardEnc.equals(lits=lits, bound=2, vpool=self.pool, encoding=EncType.seqcounter).clauses
                    continue
            out[orb] = lits
        return out


class PlainCoveringCNF(PairModel):
    """All 4n/3 rounds of 4n players stated at once, no group assumed (``--plain``).

    One Boolean per pair and round, transitivity and degree 3 in every round, and every pair met
    in some round. Nothing more is needed: with N = 4n players the N/3 rounds hold N²/2 pair slots,
    N/2 more than the N(N - 1)/2 pairs, and every player has N slots for N - 1 others, so "every
    pair at least once" leaves each player exactly one opponent met twice: the perfect matching.
    Symmetry breaking that keeps every isomorphism class (so "unsatisfiable" is a proof): player
    0's one repeated opponent is 1 and they meet in the first and the last round; in between player
    0 meets 3r + 1, 3r + 2, 3r + 3 in round r, and the last round seats 0 with 1, N - 2, N - 1
    (relabel the players and the rounds).
    """

    def __init__(self, n: int) -> None:
        if n % 3 or n < 3:
            raise ValueError("n must be a positive multiple of 3 (4n players, 4n/3 rounds)")
        players = CLASSES * n
        super().__init__(players)
        self.count = players // 3
        for r in range(self.count):
            self.transitive(self.var(r))
            for p in range(players):
                self.degree([self.var(r)(p, q) for q in range(players) if q != p])
        for p, q in itertools.combinations(range(players), 2):
            self.clauses.append([self.var(r)(p, q) for r in range(self.count)])
        mates = [{1, 2, 3}] + [{3 * r + 1, 3 * r + 2, 3 * r + 3} for r in range(1, self.count - 1)]
        mates.append({1, players - 2, players - 1})
        for r, them in enumerate(mates):
            self.clauses += [[self.var(r)(0, q) if q in them else -self.var(r)(0, q)] for q in range(1, players)]

    def var(self, r: int) -> Pair:
        """Round r's pair variables."""
        return lambda p, q: self.pool.id((r, min(p, q), max(p, q)))

    def rounds(self, model: list[int]) -> Rounds:
        """The rounds a solution describes, tables sorted."""
        return [sorted({tuple(sorted(t)) for t in self.tables(model, self.var(r)).values()})
                for r in range(self.count)]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("n", type=int, help="the cyclic group order, a multiple of 3 (4n players, 4n/3 rounds)")
    parser.add_argument("--plain", action="store_true",
                        help="every round stated, no group assumed (PlainCoveringCNF)")
    parser.add_argument("--symmetry", default=None,
                        help='the base round invariant under (x, i) -> (u·x, σ(i)), as "u:σ0σ1σ2σ3"')
    parser.add_argument("--late-repeats", action="store_true",
                        help="all pairs met twice in two fixed rounds: every round but one repeat-free")
    add_solver_arguments(parser)
    args = parser.parse_args(argv)
    start = time.time()
    cnf: CoveringCNF | PlainCoveringCNF = (
        PlainCoveringCNF(args.n) if args.plain else CoveringCNF(args.n, args.late_repeats, args.symmetry))
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
    shape = ("all rounds stated, no symmetry assumed" if isinstance(cnf, PlainCoveringCNF) else
             f"a base round over Z_{args.n} x 4 developed {args.n} times plus {cnf.fixed} fixed rounds"
             + (f", the base round invariant under (x, i) -> (u·x, σ(i)) = {args.symmetry}" if args.symmetry else ""))
    entry = {
        "n": players, "k": 4,
        "rounds": [[list(t) for t in rnd] for rnd in rounds],
        "source": (f"resolvable minimum covering: {shape}, searched once by "
                   f"{shown_command(['tools/search_sat_covering.py', *argv])}"),
        "search_seconds": round(seconds, 1),
    }
    path = OUT / f"covering_{players:03d}_k4.json"
    path.write_text(json.dumps({"format": "fairdraw.coverings/1", "coverings": [entry]}) + "\n", encoding="utf-8")
    print(f"written to {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
