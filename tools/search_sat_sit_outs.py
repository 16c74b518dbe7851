"""Offline SAT search for a repeat-free schedule of a field that does not fill the tables.

Usage:  PYTHONPATH=src:tools python tools/search_sat_sit_outs.py N R [--solver S] [--shuffle SEED] [--no-write]

With N mod 4 = b in {1, 2}, ``--byes`` seats the design for N - b with the b extras in
sit-outs' seats (``fairdraw.designs.substitute``). For small fields that falls short: the
20-player design holds 5 rounds, so 22 players got 1 repeat over 6 rounds, although a
repeat-free 6-round schedule exists (this model finds one in about 12 s). The found schedule
ships as sit_outs_NNN_k4.json and is used for every R up to its length.

Model: x[p, r, t] = player p at table t in round r, s[p, r] = p sits out round r. Each player is
at one table or sits out, every table has 4, every round has b sit-outs, nobody sits out more
than ceil(b·R/N) times (the even spread), and a pair shares a table in at most one round.
Symmetry breaking that keeps every solution up to relabelling: round 1 sits out players
0..b-1 and seats the rest in order (relabel the players); in later rounds the four players of
round 1's first table, q_0..q_3, have q_j at a table numbered j or lower unless sitting out
(relabel each round's tables by first appearance). So "unsatisfiable" is a proof. Every
solution goes through ``design_files.ship_sit_outs`` (the package's own reader, then an
independent count) before it is written.

Runs without an answer (2026-12-02, so still open): 17 players 5 rounds (CaDiCaL, 15 min),
21 players 6 rounds (CaDiCaL --shuffle 1, 20 min; kissat 4.0.4, 25 min), 22 players 7 rounds
(CaDiCaL --shuffle 1, 25 min), 26 players 8 rounds (kissat, 20 min). Without --shuffle, 22 / 6
did not finish in 5 min: the solve time is heavy-tailed, try several shuffles.
"""

from __future__ import annotations

import argparse
import itertools
import time

from design_files import ship_sit_outs
from pair_cnf import add_solver_arguments, solve
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

K = 4


def build(n: int, rounds: int) -> tuple[IDPool, list[list[int]], int]:
    """(variable pool, clauses, tables per round)."""
    b = n % K
    tables = n // K
    pool = IDPool()
    clauses: list[list[int]] = []

    def x(p: int, r: int, t: int) -> int:
        return pool.id(("x", p, r, t))

    def s(p: int, r: int) -> int:
        return pool.id(("s", p, r))

    def card(lits: list[int], bound: int, exact: bool) -> None:
        enc = EncType.pairwise if bound == 1 else EncType.seqcounter
        make = CardEnc.equals if exact else CardEnc.atmost
        clauses.extend(make(lits=lits, bound=bound, vpool=pool, encoding=enc).clauses)

    most = -(-(b * rounds) // n)
    for r in range(rounds):
        for p in range(n):
            card([x(p, r, t) for t in range(tables)] + [s(p, r)], 1, True)
        for t in range(tables):
            card([x(p, r, t) for p in range(n)], K, True)
        card([s(p, r) for p in range(n)], b, True)
    for p in range(n):
        card([s(p, r) for r in range(rounds)], most, False)
    for p, q in itertools.combinations(range(n), 2):
        met = [pool.id(("m", p, q, r)) for r in range(rounds)]
        for r in range(rounds):
            for t in range(tables):
                clauses.append([-x(p, r, t), -x(q, r, t), met[r]])
        card(met, 1, False)
    # symmetry breaking (see the module docstring)
    for p in range(n):
        clauses.append([s(p, 0)] if p < b else [-s(p, 0)])
    first = list(range(b, n))
    for i, p in enumerate(first):
        clauses.append([x(p, 0, i // K)])
    for r in range(1, rounds):
        for j, q in enumerate(first[:K]):
            clauses.append([s(q, r)] + [x(q, r, t) for t in range(j + 1)])
    return pool, clauses, tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("n", type=int)
    parser.add_argument("rounds", type=int)
    add_solver_arguments(parser)
    args = parser.parse_args()
    if args.n % K not in (1, 2):
        raise SystemExit(f"{args.n} players: this search is for N mod {K} = 1 or 2")
    start = time.time()
    pool, clauses, tables = build(args.n, args.rounds)
    print(f"{args.n} players, {args.rounds} rounds: {len(clauses)} clauses, {pool.top} variables", flush=True)
    model = solve(clauses, pool.top, args.solver, args.shuffle)
    if model is None:
        print(f"unsatisfiable ({time.time() - start:.0f}s): no repeat-free schedule of {args.rounds} rounds")
        return
    true = {v for v in model if v > 0}
    rounds = [
        [tuple(p for p in range(args.n) if pool.id(("x", p, r, t)) in true) for t in range(tables)]
        for r in range(args.rounds)
    ]
    byes = [[p for p in range(args.n) if pool.id(("s", p, r)) in true] for r in range(args.rounds)]
    command = f"tools/search_sat_sit_outs.py {args.n} {args.rounds}" + (f" --shuffle {args.shuffle}" if args.shuffle is not None else "")
    source = f"SAT ({args.solver.split(':')[0]}) on players x rounds x tables, searched once by {command}"
    ship_sit_outs(rounds, byes, n=args.n, source=source, seconds=time.time() - start, dry_run=args.no_write)


if __name__ == "__main__":
    main()
