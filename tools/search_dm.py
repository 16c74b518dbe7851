"""Offline CP-SAT search for a (g, r, 1) difference matrix over an abelian group Z_m1 x Z_m2 x ...

Usage:  PYTHONPATH=src python tools/search_dm.py M1[,M2...] ROWS [--seconds S] [--seed N]

Why: a (g, k + 1, 1) difference matrix gives a resolvable TD(k, g) (``fairdraw.designs.
difference_matrices.resolvable_td``): g repeat-free rounds for k·g players where GF(g) gives
none because g is not a prime power. Tables of 5 need six rows: 60 = 5·12 players (Z_2 x Z_6;
the cyclic Z_12 has a cyclic Sylow 2-subgroup, so no difference matrix with three rows exists
over it) and 75 = 5·15 (Z_15) reach the groups-of-5 reference's 12 and 15 rounds this way.

Model: entries as group indices (``fairdraw.designs.cyclic.Group``: mixed radix, the first
modulus lowest) with their digits; for every two rows the componentwise differences, read as
an index, are all different. Row 0 and column 0 are zero and row 1 runs through the group in
index order (the columns can be permuted, and a row or column shifted, without changing the
property). Prints the rows, checked by ``is_difference_matrix``, in the form of the shipped
constants.

Not found: ``15 5`` (a (15, 5, 1) matrix over Z_15, i.e. a resolvable TD(4, 15), with which the
inflated 3^5 frame of ``fairdraw.designs.frames`` would give 228 and 232 players 75 rounds) in
150 s, nor in 600 s with ``--seed 3``.
"""

from __future__ import annotations

import argparse
import sys

from fairdraw.designs.cyclic import Group
from fairdraw.designs.difference_matrices import is_difference_matrix


def search(moduli: tuple[int, ...], rows: int, seconds: float, seed: int) -> list[list[int]] | None:
    from ortools.sat.python import cp_model

    group = Group(moduli)
    g = group.order
    model = cp_model.CpModel()
    cell: list[list[cp_model.IntVar]] = []
    digits: list[list[list[cp_model.IntVar]]] = []
    for i in range(rows):
        row, row_digits = [], []
        for c in range(g):
            fixed = 0 if i == 0 or c == 0 else c if i == 1 else None
            x = model.NewIntVar(0, g - 1, f"d{i}_{c}") if fixed is None else model.NewConstant(fixed)
            ds, rest = [], x
            for pos, m in enumerate(moduli):
                d = model.NewIntVar(0, m - 1, f"d{i}_{c}_{pos}")
                model.AddModuloEquality(d, rest, m)
                if pos + 1 < len(moduli):
                    q = model.NewIntVar(0, g, f"q{i}_{c}_{pos}")
                    model.AddDivisionEquality(q, rest, m)
                    rest = q
                ds.append(d)
            row.append(x)
            row_digits.append(ds)
        cell.append(row)
        digits.append(row_digits)
    for i in range(rows):
        for j in range(i):
            diffs = []
            for c in range(g):
                value, weight = [], 1
                for pos, m in enumerate(moduli):
                    e = model.NewIntVar(0, m - 1, f"e{i}_{j}_{c}_{pos}")
                    shifted = model.NewIntVar(0, 2 * m, f"s{i}_{j}_{c}_{pos}")
                    model.Add(shifted == digits[i][c][pos] - digits[j][c][pos] + m)
                    model.AddModuloEquality(e, shifted, m)
                    value.append(weight * e)
                    weight *= m
                diff = model.NewIntVar(0, g - 1, f"x{i}_{j}_{c}")
                model.Add(diff == sum(value))
                diffs.append(diff)
            model.AddAllDifferent(diffs)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.random_seed = seed
    solver.parameters.num_workers = 1
    if solver.Solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[solver.Value(x) for x in row] for row in cell]


def search_sat(moduli: tuple[int, ...], rows: int, solver: str, shuffle: int | None) -> list[list[int]] | None:
    """The same conditions as CNF (``tools/pair_cnf.py``; the ``search`` extra): a Boolean per
    (row, column, element), exactly one per cell, and for two rows and an element δ exactly one
    column whose difference is δ (a difference variable per column, forced by each pair of
    entries). Same fixed row 0, row 1 and column 0 as ``search``."""
    from pair_cnf import solve
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool

    group = Group(moduli)
    g = group.order
    pool = IDPool()
    clauses: list[list[int]] = []

    def cell(i: int, c: int, e: int) -> int:
        return pool.id(("x", i, c, e))

    def exactly_one(lits: list[int]) -> None:
        clauses.extend(CardEnc.equals(lits=lits, bound=1, vpool=pool, encoding=EncType.seqcounter).clauses)

    for i in range(rows):
        for c in range(g):
            fixed = 0 if i == 0 or c == 0 else c if i == 1 else None
            if fixed is None:
                exactly_one([cell(i, c, e) for e in range(g)])
            else:
                clauses.extend([[cell(i, c, e)] if e == fixed else [-cell(i, c, e)] for e in range(g)])
    minus = [[group.add(e, group.neg(f)) for f in range(g)] for e in range(g)]
    for i in range(rows):
        for j in range(i):
            for c in range(g):
                for e in range(g):
                    for f in range(g):
                        clauses.append([-cell(i, c, e), -cell(j, c, f), pool.id(("d", i, j, c, minus[e][f]))])
            for delta in range(g):
                clauses.extend(CardEnc.atmost(lits=[pool.id(("d", i, j, c, delta)) for c in range(g)], bound=1,
                                              vpool=pool, encoding=EncType.seqcounter).clauses)
    model = solve(clauses, pool.top, solver, shuffle)
    if model is None:
        return None
    true = {v for v in model if v > 0}
    return [[next(e for e in range(g) if cell(i, c, e) in true) for c in range(g)] for i in range(rows)]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("moduli", help="the group as moduli, e.g. 2,6 or 15")
    parser.add_argument("rows", type=int)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--solver", default="cpsat", help="cpsat, a python-sat solver name, or kissat[:PATH]")
    parser.add_argument("--shuffle", type=int, default=None, help="SAT only: rename variables and reorder clauses")
    args = parser.parse_args(argv)
    moduli = tuple(int(m) for m in args.moduli.split(","))
    if args.solver == "cpsat":
        found = search(moduli, args.rows, args.seconds, args.seed)
    else:
        found = search_sat(moduli, args.rows, args.solver, args.shuffle)
    if found is None:
        print("no matrix found")
        return
    assert is_difference_matrix(found, Group(moduli))
    print(f"({Group(moduli).order}, {args.rows}, 1) difference matrix over Z_{' x Z_'.join(map(str, moduli))}:")
    for row in found:
        print("    (" + ", ".join(map(str, row)) + "),")


if __name__ == "__main__":
    main(sys.argv[1:])
