"""Offline large-neighbourhood search (SAT inside) for the transversal shape of a 4-RGDD of type 2^(2n).

Usage:  PYTHONPATH=src:tools python tools/search_lns_transversal.py n [--seed S] [--minutes M]
            [--free-tables F] [--budget CONFLICTS] [--no-write]

The shape is tools/search_sat_transversal.py's: one base round B over Z_n × 4 developed n times
plus (n - 2)/3 fixed transversal rounds; a design is a B and fixed rounds that meet every pair
orbit exactly once. Why a second search: the plain SAT model for n = 17 (68 players) ran for
hours without an answer, and the orbit searches stalled a few orbits short. Here the "exactly
once" is relaxed to "the number of orbits met is at least K" (a cardinality constraint over one
"met" variable per orbit: B's pairs plus the fixed rounds' are exactly as many as the orbits, so
K = all of them is the design), and the search keeps a current solution and repeatedly frees a
few of B's tables (those holding a pair of an orbit met twice, and random others) and some fixed
rounds, keeps the rest as assumptions and asks the solver, under a conflict budget, for one more
orbit met. A neighbourhood that gives nothing within the budget is simply replaced by another.

Measured on this machine (CaDiCaL through python-sat, the ``search`` extra): for 44 players
(n = 11, 84 orbits) 80 met after 150 s (``11 --free-tables 4 --budget 3000``; with 6 tables and
20,000 conflicts a step, 78 after 300 s), where the plain SAT model finds a design in 55 s; for
68 players (n = 17, 132 orbits) 125 met after 600 s (``17 --free-tables 5 --budget 3000``), the
last improvement at 221 s. Sideways steps (as many orbits met, some freed pair changed) did not
help. So this search gets close and stalls, like the orbit local searches; it is kept as a
record, not the source of any shipped design.

A design found is checked by ``fairdraw.designs.verify`` (``design_files.ship_rounds``) before it
is written as explicit rounds.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time

from design_files import ship_rounds
from pair_cnf import Rounds
from pysat.card import ITotalizer
from pysat.solvers import Solver
from search_sat_transversal import CLASSES, TransversalCNF


class RelaxedTransversalCNF(TransversalCNF):
    """TransversalCNF with every orbit's "exactly one" replaced by a "met" variable that needs
    one of its pairs (the cardinality bound on the met variables is the search's objective)."""

    def _orbits(self) -> None:
        self.met: dict[tuple[int, ...], int] = {}
        self.orbit_lits = self.orbit_literals()
        for orb, lits in self.orbit_lits.items():
            met = self.pool.id(("met", orb))
            self.clauses.append([-met, *lits])
            self.met[orb] = met


class Search:
    """The current solution and the neighbourhood moves (module docstring)."""

    def __init__(self, n: int, seed: int, free_tables: int, budget: int) -> None:
        self.cnf = RelaxedTransversalCNF(n)
        self.n, self.rng, self.free_tables, self.budget = n, random.Random(seed), free_tables, budget
        mets = list(self.cnf.met.values())
        self.total = len(mets)
        # "at least K met" as "at most total - K not met": ITotalizer bounds a sum from above
        self.tot = ITotalizer(lits=[-m for m in mets], ubound=self.total, top_id=self.cnf.pool.top)
        self.solver = Solver(name="cadical195", bootstrap_with=self.cnf.clauses + self.tot.cnf.clauses)
        if not self.solver.solve():
            raise SystemExit("the relaxed model is unsatisfiable: the shape cannot work")
        self.model = self.solver.get_model()
        self.true = {v for v in self.model if v > 0}
        self.selectors = 0

    def met_count(self) -> int:
        return sum(any(v in self.true for v in lits) for lits in self.cnf.orbit_lits.values())

    def tables(self) -> list[tuple[int, ...]]:
        return sorted({tuple(sorted(t)) for t in self.cnf.tables(self.model).values()})

    def conflicts(self) -> set[tuple[int, ...]]:
        """B's tables holding a pair of an orbit met more than once."""
        over = {orb for orb, lits in self.cnf.orbit_lits.items() if sum(v in self.true for v in lits) > 1}
        return {t for t in self.tables() if any(self.cnf.orbit(p, q) in over for p, q in itertools.combinations(t, 2))}

    def step(self) -> bool:
        """One neighbourhood: True when it met one more orbit."""
        current = self.met_count()
        tables = self.tables()
        bad = list(self.conflicts())
        self.rng.shuffle(bad)
        free = set(bad[: max(1, self.free_tables // 2)])
        others = [t for t in tables if t not in free]
        self.rng.shuffle(others)
        free |= set(others[: max(0, self.free_tables - len(free))])
        assumptions = [self.cnf.same(p, q) for t in tables if t not in free for p, q in itertools.combinations(t, 2)]
        kept_fixed = [f for f in range(self.cnf.fixed) if self.rng.random() < 0.6]
        for f in kept_fixed:
            for c in range(1, CLASSES):
                assumptions += [v for v in (self.cnf.offset(f, c, x) for x in range(self.n)) if v in self.true]
        if self._solve(assumptions + [-self.tot.rhs[self.total - current - 1]]):
            return True
        # a sideways move: as many orbits met, but some pair of the freed tables different (a
        # fresh selector switches the "differ" clause on for this call only); without it the
        # search stalls on a plateau
        changed = [self.cnf.same(p, q) for t in free for p, q in itertools.combinations(t, 2)]
        self.selectors += 1
        selector = self.tot.top_id + self.selectors
        self.solver.add_clause([-selector, *(-v for v in changed)])
        bound = [-self.tot.rhs[self.total - current]] if current < self.total else []
        self._solve(assumptions + bound + [selector])
        return False

    def _solve(self, assumptions: list[int]) -> bool:
        self.solver.conf_budget(self.budget)
        if self.solver.solve_limited(assumptions=assumptions) is not True:
            return False
        self.model = self.solver.get_model()
        self.true = {v for v in self.model if v > 0}
        return True


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("n", type=int, help="the cyclic group order (4n players)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--free-tables", type=int, default=6, help="tables of B freed per step")
    parser.add_argument("--budget", type=int, default=20000, help="solver conflicts per step")
    parser.add_argument("--no-write", action="store_true", help="verify and report, write nothing")
    args = parser.parse_args(argv)
    start = time.time()
    search = Search(args.n, args.seed, args.free_tables, args.budget)
    best, steps = search.met_count(), 0
    print(f"n={args.n}: {search.total} orbits, start {best}", flush=True)
    while best < search.total and time.time() - start < 60 * args.minutes:
        steps += 1
        if search.step():
            best = search.met_count()
            print(f"  {time.time() - start:7.1f}s step {steps}: {best} of {search.total} orbits met", flush=True)
    if best < search.total:
        print(f"stopped at {best} of {search.total} after {steps} steps ({time.time() - start:.0f}s)")
        return
    rounds: Rounds = search.cnf.rounds(search.model)
    source = (f"base round over Z_{args.n} x 4 developed {args.n} times plus {search.cnf.fixed} fixed transversal "
              f"rounds, large-neighbourhood SAT search, searched once by tools/search_lns_transversal.py {' '.join(argv)}")
    ship_rounds(rounds, n=4 * args.n, source=source, seconds=time.time() - start, dry_run=args.no_write)


if __name__ == "__main__":
    main(sys.argv[1:])
