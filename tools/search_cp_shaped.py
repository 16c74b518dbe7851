"""Offline CP-SAT search for the shaped cyclic base round of ``search_sat_shaped.py``, stated by labels.

Usage:  PYTHONPATH=src:tools python tools/search_cp_shaped.py M --t1 Y0,Y1,Y2 --shapes 3,1,0x2 2,1,1x2 2,2,0x1
            [--seconds S] [--workers W] [--seed SEED] [--no-write]

The design and the shapes are those of ``search_sat_shaped.py`` (3·M + 2 players, one base round over
Z_M, ∞0 with (0, 0), (1, 0), (2, 0) and ∞1 with (c, t1[c])), but the unknowns are the *labels*: one
integer y in Z_M for every seat of every shaped table, with

  * the seats of one class in one table in increasing order, and alike tables in the order of their
    first seat (the only symmetries left);
  * AllDifferent over a class's seats (every free point seated once);
  * AllDifferent over the pure differences min(d, M - d) of a class (each of 1 .. M/2 - 1 once,
    seed 000's rule that nobody meets twice, read on the base round), and over the mixed
    differences (y_e - y_c) mod M of each pair of classes with the ∞ tables' two included (each
    of Z_M once).

Why a second model of the same thing: the pair model has one Boolean per pair and per seat, and
its counting constraints reach the solver as clauses; here a class's points and differences are
permutations that CP-SAT propagates as AllDifferent, with 60 integers for 68 players against about
19,000 Booleans. Measured (2026-12-04, on a machine shared with two kissat runs): for 44 players
(``14 --t1 11,1,9``) this model gave no answer in 240 s with the shapes of the shipped 44-player
design (``3,0,1x1 2,1,1x1 2,2,0x1``) nor in 500 s with ``3,1,0x1 ...``, where the pair model of
``search_sat_shaped.py`` (CaDiCaL) found one in 50 s under the same load; it is kept as that
negative result, reproducible, and was not run for 68. The found base round is verified by
``design_files.write_entry`` before it is written.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from typing import Any

from design_files import ship_cyclic_base
from ortools.sat.python import cp_model
from search_sat_shaped import CLASSES, Shape, check_shapes, parse_shape, rotated


class LabelledBaseRound:
    """The CP-SAT model: ``seats[s][c]`` are the labels of class c in table s (see the module docstring)."""

    def __init__(self, m: int, t1: tuple[int, int, int], slots: list[Shape]) -> None:
        check_shapes(m, slots)
        if any(y % m == 0 for y in t1):
            raise ValueError("∞1's table must hold one point of each class, none of ∞0's")
        self.m, self.t1, self.slots = m, t1, slots
        self.model = cp_model.CpModel()
        free = [cp_model.Domain.FromValues([y for y in range(1, m) if y != t1[c] % m]) for c in range(CLASSES)]
        self.seats = [[[self.model.NewIntVarFromDomain(free[c], f"y{s}_{c}_{i}") for i in range(shape[c])]
                       for c in range(CLASSES)] for s, shape in enumerate(slots)]
        self._order()
        self._points()
        self._pure_differences()
        self._mixed_differences()

    def _order(self) -> None:
        for seats in self.seats:
            for labels in seats:
                for a, b in itertools.pairwise(labels):
                    self.model.Add(a < b)
        for s, t in itertools.combinations(range(len(self.slots)), 2):
            if self.slots[s] == self.slots[t]:
                c = next(c for c in range(CLASSES) if self.slots[s][c])
                self.model.Add(self.seats[s][c][0] < self.seats[t][c][0])

    def _points(self) -> None:
        for c in range(CLASSES):
            self.model.AddAllDifferent([y for seats in self.seats for y in seats[c]])

    def _pure_differences(self) -> None:
        """One pair per pure difference ±d, d = 1 .. M/2 - 1 (M/2 is the partner, never met)."""
        half = self.m // 2
        for c in range(CLASSES):
            pure = []
            for seats in self.seats:
                for a, b in itertools.combinations(seats[c], 2):  # a < b by _order
                    up = self.model.NewIntVar(1, self.m - 1, "")
                    self.model.Add(up == b - a)
                    d = self.model.NewIntVar(1, half - 1, "")
                    self.model.AddMinEquality(d, [up, self.m - up])
                    pure.append(d)
            self.model.AddAllDifferent(pure)

    def _mixed_differences(self) -> None:
        """Each difference of Z_M between two classes once, the ∞ tables' 0 and t1[e] - t1[c] included."""
        for c, e in itertools.combinations(range(CLASSES), 2):
            mixed: list[Any] = [0, (self.t1[e] - self.t1[c]) % self.m]
            for seats in self.seats:
                for a, b in itertools.product(seats[c], seats[e]):
                    d = self.model.NewIntVar(0, self.m - 1, "")
                    wrap = self.model.NewBoolVar("")
                    self.model.Add(d == b - a + self.m * wrap)
                    mixed.append(d)
            constants = [v for v in mixed if isinstance(v, int)]
            variables = [v for v in mixed if not isinstance(v, int)]
            if len(set(constants)) < len(constants):
                raise ValueError("the two ∞ tables meet the same mixed difference")
            for v in variables:
                for k in constants:
                    self.model.Add(v != k)
            self.model.AddAllDifferent(variables)

    def base_round(self, solver: cp_model.CpSolver) -> list[tuple[int, ...]]:
        """The tables of B as point numbers c·M + y, with ∞0 = 3M and ∞1 = 3M + 1."""
        m = self.m
        tables = [tuple(sorted(c * m + solver.Value(y) for c in range(CLASSES) for y in seats[c])) for seats in self.seats]
        t0 = tuple(c * m for c in range(CLASSES)) + (3 * m,)
        t1 = tuple(c * m + self.t1[c] % m for c in range(CLASSES)) + (3 * m + 1,)
        return sorted(tables + [t0, t1])


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("m", type=int, help="the cyclic group order M (3M + 2 players)")
    parser.add_argument("--t1", required=True, help="∞1's table as y0,y1,y2")
    parser.add_argument("--shapes", nargs="+", required=True, help="a,b,cxK: K tables of each rotation of shape (a,b,c)")
    parser.add_argument("--seconds", type=float, default=600.0, help="CP-SAT time limit")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0, help="CP-SAT random seed: another run of a heavy-tailed search")
    parser.add_argument("--no-write", action="store_true", help="verify and report, write nothing")
    args = parser.parse_args(argv)
    start = time.time()
    t1 = tuple(int(y) for y in args.t1.split(","))
    slots = rotated([parse_shape(s) for s in args.shapes])
    cp = LabelledBaseRound(args.m, t1, slots)  # type: ignore[arg-type]
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = args.seconds
    solver.parameters.num_workers = args.workers
    solver.parameters.random_seed = args.seed
    status = solver.Solve(cp.model)
    seconds = time.time() - start
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        print(f"{solver.StatusName(status)} after {seconds:.0f}s")
        return
    source = (f"cyclic base round over Z_{args.m}, tables of the class shapes {' '.join(args.shapes)} "
              f"and ∞ tables of the BoRAT 68-player design (Miller, Valkov, Abel), CP-SAT labels, "
              f"searched once by tools/search_cp_shaped.py {' '.join(argv)}")
    ship_cyclic_base(cp.base_round(solver), m=args.m, classes=CLASSES, source=source, seconds=seconds,
                     dry_run=args.no_write)


if __name__ == "__main__":
    main(sys.argv[1:])
