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


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("moduli", help="the group as moduli, e.g. 2,6 or 15")
    parser.add_argument("rows", type=int)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    moduli = tuple(int(m) for m in args.moduli.split(","))
    found = search(moduli, args.rows, args.seconds, args.seed)
    if found is None:
        print("no matrix found")
        return
    assert is_difference_matrix(found, Group(moduli))
    print(f"({Group(moduli).order}, {args.rows}, 1) difference matrix over Z_{' x Z_'.join(map(str, moduli))}:")
    for row in found:
        print("    (" + ", ".join(map(str, row)) + "),")


if __name__ == "__main__":
    main(sys.argv[1:])
