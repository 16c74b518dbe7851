"""Offline search for the (24, r, 1) difference matrix of fairdraw.designs.difference_matrices.

Usage:  PYTHONPATH=src python tools/search_difference_matrix.py [--rows 5] [--seconds 120] [--seed 0]
            [--solver cpsat | cadical195 | kissat[:PATH]] [--shuffle SEED]

Group G = Z3 x Z2 x Z2 x Z2, elements (a, b, c, d). The matrix has 12 base columns; column c's
partner is c'[i] = c[i] + h_i with h_i = (0, bits of i) (the shape of the Handbook's (24,8,1)
matrix, III.3.52). Rows i < j are then fine exactly when the 12 base differences
D[i][c] - D[j][c] meet every coset of {0, h_i + h_j} once, which is the CP-SAT model below:
row 0 is zero, row 1 is the 12 elements with d = 0 (a transversal of {0, h_1}), column 0 is
zero, and one AllDifferent over coset numbers per pair of rows. Prints the base rows in the
form of ``DM_24_5_BASE``; the shipped rows came from ``--rows 5 --seed 0`` (7 s).

``--solver`` other than ``cpsat`` states the same conditions as SAT (``tools/pair_cnf.py``; the
``search`` extra): one Boolean per (row, column, element), exactly one element per cell, and
per pair of rows and coset K exactly one column whose difference falls in K (a coset variable per
column, forced by every pair of elements and at most one per column). Why: six rows (a resolvable
TD(5, 24), 24 rounds for 120 players at tables of 5) gave CP-SAT no answer in 300 s.
"""

from __future__ import annotations

import argparse
import sys

from fairdraw.designs.difference_matrices import (
    Z3_Z2_Z2_Z2,
    is_difference_matrix,
    partner_shift,
)

Element = tuple[int, int, int, int]
MODULI = (3, 2, 2, 2)


def add(x: Element, y: Element) -> Element:
    return tuple((u + v) % m for u, v, m in zip(x, y, MODULI, strict=True))  # type: ignore[return-value]


def neg(x: Element) -> Element:
    return tuple((-u) % m for u, m in zip(x, MODULI, strict=True))  # type: ignore[return-value]


def search(rows: int, seconds: float, seed: int) -> list[list[Element]] | None:
    from ortools.sat.python import cp_model

    elems: list[Element] = [(a, b, c, d) for a in range(3) for b in range(2) for c in range(2) for d in range(2)]
    idx = {e: i for i, e in enumerate(elems)}
    model = cp_model.CpModel()
    x = [[model.new_constant(0)] * 12, [model.new_constant(idx[e]) for e in elems if e[3] == 0]]
    for _ in range(2, rows):
        x.append([model.new_constant(0)] + [model.new_int_var(0, 23, "") for _ in range(11)])
    for i in range(rows):
        for j in range(i + 1, rows):
            delta = add(partner_shift(i), partner_shift(j))
            coset = {e: min(idx[e], idx[add(e, delta)]) for e in elems}
            number = {key: r for r, key in enumerate(sorted(set(coset.values())))}
            table = [(p, q, number[coset[add(elems[p], neg(elems[q]))]]) for p in range(24) for q in range(24)]
            cosets = []
            for c in range(12):
                v = model.new_int_var(0, 11, "")
                model.add_allowed_assignments([x[i][c], x[j][c], v], table)
                cosets.append(v)
            model.add_all_different(cosets)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[elems[solver.value(v)] for v in row] for row in x]


def search_sat(rows: int, solver: str, shuffle: int | None) -> list[list[Element]] | None:
    """The model of ``search`` as CNF (module docstring), with the same fixed row 0, row 1 and column 0."""
    from pair_cnf import solve
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool

    elems: list[Element] = [(a, b, c, d) for a in range(3) for b in range(2) for c in range(2) for d in range(2)]
    idx = {e: i for i, e in enumerate(elems)}
    pool = IDPool()
    clauses: list[list[int]] = []
    fixed = {(0, c): 0 for c in range(12)} | {(1, c): idx[e] for c, e in enumerate(e for e in elems if e[3] == 0)}
    fixed |= {(i, 0): 0 for i in range(rows)}

    def cell(i: int, c: int, e: int) -> int:
        return pool.id(("x", i, c, e))

    def exactly_one(lits: list[int]) -> None:
        clauses.extend(CardEnc.equals(lits=lits, bound=1, vpool=pool, encoding=EncType.seqcounter).clauses)

    for i in range(rows):
        for c in range(12):
            if (i, c) in fixed:
                clauses.extend([[cell(i, c, e)] if e == fixed[i, c] else [-cell(i, c, e)] for e in range(24)])
            else:
                exactly_one([cell(i, c, e) for e in range(24)])
    for i in range(rows):
        for j in range(i + 1, rows):
            delta = add(partner_shift(i), partner_shift(j))
            coset = {e: min(idx[e], idx[add(e, delta)]) for e in elems}
            number = {key: r for r, key in enumerate(sorted(set(coset.values())))}

            def hit(c: int, k: int, i: int = i, j: int = j) -> int:
                return pool.id(("k", i, j, c, k))

            for c in range(12):
                for p in range(24):
                    for q in range(24):
                        k = number[coset[add(elems[p], neg(elems[q]))]]
                        clauses.append([-cell(i, c, p), -cell(j, c, q), hit(c, k)])
                clauses.extend(CardEnc.atmost(lits=[hit(c, k) for k in range(12)], bound=1, vpool=pool,
                                              encoding=EncType.pairwise).clauses)
            for k in range(12):
                exactly_one([hit(c, k) for c in range(12)])
    model = solve(clauses, pool.top, solver, shuffle)
    if model is None:
        return None
    true = {v for v in model if v > 0}
    return [[elems[next(e for e in range(24) if cell(i, c, e) in true)] for c in range(12)] for i in range(rows)]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--solver", default="cpsat", help="cpsat, a python-sat solver name, or kissat[:PATH]")
    parser.add_argument("--shuffle", type=int, default=None, help="SAT only: rename variables and reorder clauses by this seed")
    args = parser.parse_args(argv)
    if args.solver == "cpsat":
        base = search(args.rows, args.seconds, args.seed)
    else:
        base = search_sat(args.rows, args.solver, args.shuffle)
    if base is None:
        print("no matrix found", file=sys.stderr)
        return 1
    grp = Z3_Z2_Z2_Z2
    full = []
    for i, row in enumerate(base):
        ids = [grp.index(list(e)) for e in row]
        shift = grp.index(list(partner_shift(i)))
        full.append(ids + [grp.add(v, shift) for v in ids])
    assert is_difference_matrix(full, grp), "search returned a matrix that is not a difference matrix"
    for row in base:
        print(" ", tuple(row), ",", sep="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
