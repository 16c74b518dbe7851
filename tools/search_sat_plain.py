"""Offline SAT search for R repeat-free rounds of N players at tables of K, with no symmetry assumed.

Usage:  PYTHONPATH=src:tools python tools/search_sat_plain.py N R [--table-size K] [--cyclic M --fixed F]
            [--shuffle SEED] [--solver S] [--no-write]

Why a plain model: the symmetric ones (a base round developed over a group:
tools/search_sat_packing.py, search_sat_rotational.py) are fast where a design of their shape
exists, and some small designs have none. At tables of 3 a Kirkman triple system of 21 players
(10 rounds) and a nearly Kirkman system of 18 (8 rounds, every player misses one other) exist
(Ray-Chaudhuri & Wilson 1971; Kotzig & Rosa 1974), yet neither is 1-rotational over an abelian
group nor a cyclic packing over Z_10 or Z_8 with fixed players (both tools prove it within a
second). Small fields like these are within reach of the whole problem stated at once.

Encoding (CaDiCaL through python-sat, the ``search`` extra, or kissat: ``pair_cnf.solve``): one
Boolean per pair and round ("same table in round r"), transitivity and degree K - 1 in every
round, and at most one round for every pair. Symmetry breaking that keeps a solution of every
isomorphism class (so "unsatisfiable" is a proof): round 1 seats players in order (relabel the
players); in round 2 player 0 sits with the first player of tables 2 .. K of round 1 (relabel
those tables and the players inside them; needs N >= K·K); later rounds are ordered by player
0's lowest table-mate (relabel the rounds). A solution goes through
``design_files.ship_rounds`` (``fairdraw.designs.verify``) before it is written, as
cyclic_NNN_kK.json with explicit rounds.

``--cyclic M --fixed F`` (M odd, dividing N) asks for a symmetry instead: players (i, x) = i·M + x,
x in Z_M, and x -> x + 1 maps the design onto itself, F of its rounds each onto itself and the
other R - F in (R - F)/M orbits of M, the translates of base rounds. Each Z_M-orbit of pairs (M
pairs: M is odd) is then met at most once: by one pair of one base round, or whole by a fixed
round. The shape of a Kirkman system of 3·q players with q = 1 (mod 6) prime (Ray-Chaudhuri &
Wilson): 21 = 3·7 with 7 developed rounds and 3 fixed ones, each the orbit of one table with a
player of each class. No symmetry breaking there.

Measured (CaDiCaL): 15 players 7 rounds in under a second; 18 players 8 rounds in 178 s plain
(``18 8 --table-size 3``); 21 players 10 rounds plain gave no answer in 300 s, and with
``--cyclic 7 --fixed 3`` it solves in under a second (15 players with ``--cyclic 5 --fixed 2``:
unsatisfiable, 1 s). The cyclic model states every round's pairs in full, so it grows as N^3 per
round: 87 players over Z_29 (``87 43 --cyclic 29 --fixed 14``) is 5.8 million clauses.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

from pair_cnf import Pair, PairModel, Rounds, add_solver_arguments, run_and_ship, shown_command
from pysat.card import CardEnc, EncType


class PlainModel(PairModel):
    """The clauses for ``rounds`` rounds of ``n`` players at tables of ``k`` (module docstring)."""

    def __init__(self, n: int, rounds: int, k: int, cyclic: int | None = None, fixed: int = 0) -> None:
        if n % k or n < k * k:
            raise ValueError(f"need N a multiple of K and at least K·K = {k * k} players")
        super().__init__(n)
        self.k, self.m = k, cyclic
        if cyclic is None:
            self.base, self.fixed = rounds, 0
        else:
            if cyclic % 2 == 0 or n % cyclic or (rounds - fixed) % cyclic or fixed < 0:
                raise ValueError("--cyclic M needs M odd, dividing N, and M dividing R - F")
            self.base, self.fixed = (rounds - fixed) // cyclic, fixed
        self.rounds = self.base + self.fixed  # the rounds stated in the formula
        for r in range(self.rounds):
            self.transitive(self.var(r))
            for p in range(n):
                self.degree([self.var(r)(p, q) for q in range(n) if q != p], bound=k - 1)
        if cyclic is None:
            for p, q in itertools.combinations(range(n), 2):
                self._at_most_one([self.var(r)(p, q) for r in range(rounds)])
            self._break_symmetry()
        else:
            self._cyclic_orbits()

    def _at_most_one(self, lits: list[int]) -> None:
        self.clauses += CardEnc.atmost(lits=lits, bound=1, vpool=self.pool, encoding=EncType.seqcounter).clauses

    def shift(self, p: int, t: int = 1) -> int:
        """(i, x) -> (i, x + t)."""
        m = self.m or 1
        return p - p % m + (p % m + t) % m

    def _cyclic_orbits(self) -> None:
        """Fixed rounds onto themselves under the shift; every pair orbit met at most once."""
        m = self.m or 1
        for r in range(self.base, self.rounds):
            self.invariant(self.shift, self.var(r))
        seen: set[tuple[int, int]] = set()
        for p, q in itertools.combinations(range(self.points), 2):
            if (p, q) in seen:
                continue
            orbit = {tuple(sorted((self.shift(p, t), self.shift(q, t)))) for t in range(m)}
            seen |= orbit
            lits = [self.var(r)(a, b) for r in range(self.base) for a, b in orbit]
            self._at_most_one(lits + [self.var(r)(p, q) for r in range(self.base, self.rounds)])

    def var(self, r: int) -> Pair:
        """Round r's pair variables."""
        return lambda p, q: self.pool.id((r, min(p, q), max(p, q)))

    def _break_symmetry(self) -> None:
        n, k = self.points, self.k
        first = self.var(0)
        for p, q in itertools.combinations(range(n), 2):
            self.clauses.append([first(p, q) if p // k == q // k else -first(p, q)])
        if self.rounds > 1:
            self.clauses += [[self.var(1)(0, t * k)] for t in range(1, k)]
        for r in range(1, self.rounds - 1):
            now, nxt = self.var(r), self.var(r + 1)
            for q in range(1, n):
                self.clauses.append([-nxt(0, q)] + [now(0, m) for m in range(1, q)])

    def schedule(self, found: list[int]) -> Rounds:
        """The rounds a solution describes (base rounds with their translates, then the fixed
        ones), each table sorted, tables by their lowest player."""
        out = []
        for r in range(self.rounds):
            tables = {tuple(sorted(t)) for t in self.tables(found, self.var(r)).values()}
            translates = range(self.m) if self.m and r < self.base else [0]
            for t in translates:
                out.append(sorted(tuple(sorted(self.shift(p, t) for p in tab)) for tab in tables))
        return out


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, help="players")
    parser.add_argument("r", type=int, help="rounds")
    parser.add_argument("--table-size", type=int, default=4, help="players per table (default 4)")
    parser.add_argument("--cyclic", type=int, default=None, help="M: the design invariant under x -> x + 1 mod M")
    parser.add_argument("--fixed", type=int, default=0, help="with --cyclic: rounds fixed by the shift")
    add_solver_arguments(parser)
    args = parser.parse_args(argv)
    start = time.time()
    model = PlainModel(args.n, args.r, args.table_size, args.cyclic, args.fixed)
    shape = "plain model, no symmetry assumed" if args.cyclic is None else f"invariant under Z_{args.cyclic}"
    run_and_ship(model, model.schedule, args, f"N={args.n}, R={args.r}, K={args.table_size}", start,
                 shape=shape, command=f"tools/search_sat_plain.py {shown_command(argv)}")


if __name__ == "__main__":
    main(sys.argv[1:])
