"""Offline SAT search for a resolvable 4-GDD of type 2^u as a cyclic base round (tables of 4).

Usage:  PYTHONPATH=src:tools python tools/search_sat.py M [--multiplier U] [--shuffle SEED]

The design has 3·M + 2 players: points (c, y), c in {0, 1, 2} (three classes), y in Z_M (M even),
and two fixed points ∞0, ∞1. One base round B is developed over Z_M (round s = B + s, ∞ fixed),
which gives M rounds; every player meets everyone except one partner ("group"): (c, y) misses
(c, y + M/2), and ∞0 misses ∞1. That is a 4-RGDD of type 2^(3M/2 + 1), the best possible seating
(floor((N - 1)/3) rounds) for N = 3M + 2 players, N = 8 (mod 12).

The base round is the only unknown. It is encoded by one Boolean per pair of finite points
("same table in B"), so the tables need no names and their order is no symmetry to break:
  * transitivity (p~q and q~r imply p~r) and degree 3 (2 for the points at an ∞ table) make
    every table a K4 (a triangle with ∞);
  * a pure difference ±d (d = 1 .. M/2 - 1) inside a class, and every mixed difference δ
    between two classes, is met by exactly one pair of B (the development then meets every
    pair exactly once);
  * ∞0 sits with (0, 0), (1, 0), (2, 0) (translating one class is a symmetry), ∞1 with one
    point of each class, chosen by the solver or given by ``--t1``. Under ``--multiplier U`` it
    is (a, U·a, U²·a), and a multiplier y -> w·y brings a to 1 or 2; for M = 2 (mod 4) counting
    pairs at odd differences shows that the two ∞ tables hold (M/2 - 1)/2 even points mod 2
    (so for M = 38, a is odd: ``--t1 1,7,11``);
  * ``--multiplier U`` (U^3 = 1 mod M) asks B to be invariant under (c, y) -> (c + 1, U·y),
    which shrinks the search about threefold (44 players: 2 s against 220-430 s without).

For 68 players (M = 22) no symmetry can be added to B: U^3 = 1 has no solution U != 1 modulo 22,
an element of order 5 or 10 (the other units) would have to fix ∞1's table, which then holds
(c, 11) for every c and meets the mixed differences 0 a second time, and an involution
(c, y) -> (σc, b_c - y) maps every pure orbit ±d of a class it fixes onto itself, so B's one
pair there is fixed: 2y + d = b_c, impossible for the d of the other parity; with three
classes σ fixes one. So the plain model is the one to run (no answer from CaDiCaL in two
40-minute runs, nor from kissat 4.0.4 in three 20-minute runs, ``22 --solver kissat:PATH
--shuffle 1`` .. ``3``), with ``--shuffle SEED`` for other runs of the same heavy-tailed search,
and ``--solver`` for another solver (a python-sat name, or
``kissat`` / ``kissat:PATH``: the kissat executable, e.g. the one inside the passagemath-kissat
wheel; see ``pair_cnf.solve``).

The default solver is CaDiCaL through python-sat (the ``search`` extra: ``pip install -e '.[search]'``;
a tool dependency, never needed at run time). Measured on this machine: 44 players
(``14 --multiplier 9``) in 2 s, 80 players (``26 --multiplier 3``) in 32 s; the solve time is
heavy-tailed (the same 80-player model with its variables renamed at random ran past 90 s).
``design_files.write_entry`` checks a solution with ``fairdraw.designs.verify`` before it writes
it; tests re-verify every shipped file.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Callable

from design_files import ship_cyclic_base
from pair_cnf import PairModel, add_solver_arguments, run, shown_command

CLASSES = 3


class BaseRoundCNF(PairModel):
    """The clauses for one base round over Z_m (see the module docstring)."""

    def __init__(self, m: int, multiplier: int | None = None, t1: tuple[int, int, int] | None = None) -> None:
        if m % 2:
            raise ValueError("M must be even: (c, y) and (c, y + M/2) are partners")
        super().__init__(CLASSES * m)
        self.m = m
        self.t0 = [self.point(c, 0) for c in range(CLASSES)]
        # ∞1's table: given (points (c, t1[c])), or chosen by the solver through one variable a point
        self.t1 = [] if t1 is None else [self.point(c, y) for c, y in enumerate(t1)]
        self.in_t1 = {} if t1 else {self.point(c, y): self.pool.id(("t1", c, y)) for c in range(CLASSES) for y in range(1, m)}
        self._infinity_tables()
        self._partners()
        self._tables_are_cliques()
        self._differences()
        if multiplier is not None:
            if pow(multiplier, 3, m) != 1:
                raise ValueError(f"the multiplier must satisfy U^3 = 1 mod {m}")
            self._invariant(lambda p: self.point((p // m + 1) % CLASSES, (p % m) * multiplier))

    def point(self, c: int, y: int) -> int:
        return c * self.m + y % self.m

    def _infinity_tables(self) -> None:
        for table in (self.t0, self.t1):
            for p in table:
                for q in range(self.points):
                    if q != p:
                        self.clauses.append([self.same(p, q)] if q in table else [-self.same(p, q)])
        if self.t1:
            return
        for c in range(CLASSES):  # ∞1's table: one point of each class, pairwise together
            self.exactly_one([self.in_t1[self.point(c, y)] for y in range(1, self.m)])
        for p, q in itertools.combinations(sorted(self.in_t1), 2):
            if p // self.m != q // self.m:
                self.clauses.append([-self.in_t1[p], -self.in_t1[q], self.same(p, q)])

    def _partners(self) -> None:
        half = self.m // 2
        for c in range(CLASSES):
            for y in range(half):
                self.clauses.append([-self.same(self.point(c, y), self.point(c, y + half))])

    def _tables_are_cliques(self) -> None:
        self.transitive()
        for p in range(self.points):
            if p in self.t0 or p in self.t1:
                continue
            lits = [self.same(p, q) for q in range(self.points) if q != p]
            lits += [self.in_t1[p]] if p in self.in_t1 else []  # an ∞1 table point has 2 finite neighbours
            self.degree(lits)

    def _differences(self) -> None:
        m, pt = self.m, self.point
        items = [[self.same(pt(c, y), pt(c, y + d)) for y in range(m)] for c in range(CLASSES) for d in range(1, m // 2)]
        items += [
            [self.same(pt(c, y), pt(e, y + d)) for y in range(m)]
            for c, e in itertools.combinations(range(CLASSES), 2)
            for d in range(m)
        ]
        for lits in items:
            self.exactly_one(lits)

    def _invariant(self, mu: Callable[[int], int]) -> None:
        for p, var in self.in_t1.items():
            if mu(p) in self.in_t1:
                self.tie(var, self.in_t1[mu(p)])
            else:
                self.clauses.append([-var])
        self.invariant(mu)

    def base_round(self, model: list[int]) -> list[tuple[int, ...]]:
        """The tables of B, with ∞0 = 3M and ∞1 = 3M + 1 (CyclicSpec's fixed points)."""
        true = {v for v in model if v > 0}
        table = self.tables(model)
        inf0, inf1 = self.points, self.points + 1
        t1 = set(self.t1) | {p for p, var in self.in_t1.items() if var in true}
        out = set()
        for p, members in table.items():
            extra = (inf0,) if p in self.t0 else (inf1,) if p in t1 else ()
            out.add(tuple(sorted(members)) + extra)
        return sorted(out)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("m", type=int, help="the cyclic group order M (3M + 2 players)")
    parser.add_argument("--multiplier", type=int, default=None)
    parser.add_argument("--t1", default=None, help="∞1's table as y0,y1,y2 (default: the solver chooses)")
    add_solver_arguments(parser)
    args = parser.parse_args(argv)
    start = time.time()
    t1 = tuple(int(y) for y in args.t1.split(",")) if args.t1 else None
    cnf = BaseRoundCNF(args.m, args.multiplier, t1)  # type: ignore[arg-type]
    solved = run(cnf, args, f"M={args.m}", start)
    if solved is None:
        return
    model, seconds = solved
    symmetry = f", invariant under (c, y) -> (c+1, {args.multiplier}y)" if args.multiplier else ""
    source = (f"cyclic base round over Z_{args.m}{symmetry}, SAT ({args.solver.split(':')[0]}), "
              f"searched once by tools/search_sat.py {shown_command(argv)}")
    ship_cyclic_base(cnf.base_round(model), m=args.m, classes=CLASSES, source=source, seconds=seconds,
                     dry_run=args.no_write)


if __name__ == "__main__":
    main(sys.argv[1:])
