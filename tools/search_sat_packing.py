"""Offline SAT search for a cyclic *packing*: r repeat-free rounds for N players from one base round over Z_r.

Usage:  PYTHONPATH=src:tools python tools/search_sat_packing.py N r [--table-size K] [--multiplier U [--cycled T]]
            [--scale U] [--shuffle SEED] [--no-write]

For field sizes whose best-known design is not found yet, the longest repeat-free schedule we
can ship still matters: it is what the organiser gets, and the fewer rounds are left to local
search, the fewer repeats. The shape is that of tools/search_packings.py (whose tabu search
found 20 rounds for 68 players and stopped there): points (c, y), c < C = N // r classes, y in
Z_r, and f = N mod r fixed players ∞j; the base round B is developed over Z_r (for r even, no
pair of B lies at difference r/2 inside a class: it would come back r/2 rounds later).

Why SAT here: a packing only asks every pair orbit to be met *at most* once, so unlike the exact
models (tools/search_sat.py, search_sat_transversal.py) the formula has slack: for 68 players
and r = 21 (3 classes, 5 fixed) B meets 87 of the 93 finite orbits.

Encoding: one Boolean per pair of finite points ("same table in B"), transitivity and degree 3
counting the ∞ tables; ∞j's table is one selected point of each of three classes (two points of
one class would meet ∞j's orbit twice, and two fixed players at one table would meet in every
round); every pure orbit ±d and mixed orbit (c, e, δ) is met by at most one pair. Symmetry
breaking: ∞0 sits with (c, 0) for three classes (translate each class), only with (0, 0) when
the class cycling below moves ∞0 (see ``_pin_first_fixed_player``). Every solution goes
through ``design_files.write_entry`` (``fairdraw.designs.verify``) before it is written, as
cyclic_NNN_k4_packing.json, and is not written when a design at least as long is already
shipped for N.

``--multiplier U --cycled T`` (three classes, U^3 = 1 mod r, U != 1) asks B to be invariant under
(c, y) -> (c + 1, U·y), with T triples of fixed players cycled by it and the others kept in
place; it cuts the search about threefold: 68 players, 21 rounds in 3 s with ``--multiplier 4
--cycled 1``, where the plain model ran 15 minutes without an answer. Measured the same way:
92 players 28 rounds (``92 28 --multiplier 9 --cycled 1``) in 50 s, 120 players 37 rounds
(``120 37 --multiplier 10 --cycled 1``) in 499 s and 38 rounds (``120 38 --multiplier 11``) in
240 s; ``92 27 --multiplier 10 --cycled 1`` is unsatisfiable (3 s); ``120 39 --multiplier 16``
(fixed players kept) ran 15 minutes, ``92 29`` 10 minutes, without an answer; with every fixed
player cycled, ``120 39 --multiplier 16 --cycled 1``, ``120 38 --multiplier 11 --cycled 2`` and
``132 43 --multiplier 6 --cycled 1`` ran 150 s each without an answer. Beyond 120 (no best known
to reach there): ``132 43 --multiplier 6`` and ``152 49 --multiplier 18`` (``--cycled`` 1 and 0)
ran 15 minutes each without an answer.

``--table-size 5``: the same model at tables of 5 (a fixed player's table holds one point of
four classes). 30 players 6 rounds (``30 6 --table-size 5``) in under a second; with five
classes and no fixed player ``--multiplier U`` means (c, y) -> (c + 1, U·y), U^5 = 1 (U = 1
allowed): ``75 15`` in 17-27 s, ``100 20`` in 32-41 s, ``105 21`` in 19 s (each with
``--table-size 5 --multiplier 1``), where the plain model did not answer ``75 15`` nor ``100
20`` in 150 s; ``50 10 --multiplier 1`` is unsatisfiable (196 s), ``110 22 --multiplier 3`` (3^5 = 1 mod 22)
takes 39 s, the plain ``50 9`` (five fixed players) 55-76 s; the plain ``50 10``, ``60 12``,
``70 14``, ``90 18``, ``60 13``, ``90 21``, ``75 16``, ``75 17``, ``70 12``, ``70 13``, ``90
16``, ``90 17`` and ``120 23`` gave nothing in 150-170 s. With kissat (``--solver kissat:PATH``):
``130 26 --table-size 5 --multiplier 1`` in 11 s and ``150 30 ...`` in 235 s (shipped).

``--table-size 3`` (two classes, one or two fixed players) with r = floor((N-1)/2) finds Kirkman
and nearly Kirkman triple systems, written without the ``_packing`` suffix since they reach the
bound: 15, 24, 30, 36, 39, 42, 48 in under 5 s, 51, 54, 60, 66, 72, 84 in 14-102 s; 18 and 21
are unsatisfiable (1 s); 33, 45, 57, 75, 96, 99 gave nothing in 180 s, 69, 78, 87, 90, 93 in 400 s;
with ``--solver kissat:PATH`` 78 took 20 s, 87 8 minutes and 90 6 minutes; 69 and 93 gave nothing in 15 minutes.
Beyond 99 (kissat): 114 (``114 56 --table-size 3``) in 83 s; 102 (``102 50``) and 126 (``126 62``)
gave nothing in 420 s. With ``--scale U`` (2026-12-05, kissat; 39 players ``39 19 --table-size 3
--scale 7`` in under a second) every size still below the bound was tried: unsatisfiable within
1-11 s are 102 with U = 9 (order 10), 111 with 36 (order 5) and 54 (-1), 132 with 16 (order 3),
138 with 35, 150 with 47 (order 3) and 73 (-1), and 102 with 11 (order 5) in 287 s (``--shuffle
1``; no answer in 600 s in the first clause order); no answer in 600 s for 111 with 21 and 34, 132
with 14 and 51, 138 with 33 (all of order 2). A scale may simply not fit these fields: 42
players (``42 20``, which the plain model solves) is unsatisfiable within a second with every U
that has fixed points besides 0 (3, 7, 9, 11, 13, 17, 19).
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from collections.abc import Callable
from typing import Any

from design_files import write_entry
from pair_cnf import PairModel, add_solver_arguments, run, shown_command
from pysat.card import CardEnc, EncType

from fairdraw.designs import upper_bound
from fairdraw.designs.catalog import all_entries, entry_rounds

TABLE = 4  # the default table size; ``--table-size`` sets another


class PackingCNF(PairModel):
    """The clauses for one base round of a cyclic packing (see the module docstring)."""

    def __init__(self, n: int, r: int, multiplier: int | None = None, cycled: int = 0, k: int = TABLE,
                 scale: int | None = None) -> None:
        self.r, self.classes, self.fixed, self.k = r, n // r, n % r, k
        if self.classes < k - 1 or (self.classes * r - (k - 1) * self.fixed) % k:
            raise ValueError(f"{n} players do not split into Z_{r} classes and fixed players at tables of {k}")
        super().__init__(self.classes * r)
        self._tables()
        self._infinity_tables()
        self._orbits()
        if self.fixed:
            self._pin_first_fixed_player(cycled_too=multiplier is not None and 3 * cycled == self.fixed)
        if multiplier is not None:
            self._class_cycling(multiplier, cycled)
        if scale is not None:
            self._scaling(scale)

    def _pin_first_fixed_player(self, cycled_too: bool) -> None:
        """Symmetry breaking: ∞0 sits with (0, 0), (1, 0), (2, 0). Translating each class alone
        brings any design there. Under the class cycling μ only the translations (t, u·t, u²·t)
        keep μ; they still bring a kept ∞0's table {(0, a), (1, u·a), (2, u²·a)} to a = 0, but a
        cycled ∞0 (``cycled_too``: every fixed player cycled) only to (0, 0) itself."""
        for c in range(1 if cycled_too else self.k - 1):
            self.clauses.append([self.at_infinity(0, self.point(c, 0))])

    def _class_cycling(self, u: int, cycled: int) -> None:
        """B invariant under μ: (c, y) -> (c + 1, u·y), u^3 = 1 mod r, three classes; the last
        3·``cycled`` fixed players are cycled in threes by μ, the others stay (their tables are
        then {∞, (0, a), (1, u·a), (2, u²·a)})."""
        if self.classes == self.k and self.fixed == 0:
            self._plain_class_cycling(u)
            return
        if self.k != 4 or self.classes != 3 or pow(u, 3, self.r) != 1 or u % self.r == 1:
            raise ValueError(f"class cycling needs tables of 4, 3 classes and u^3 = 1 != u mod {self.r}")
        if not 0 <= 3 * cycled <= self.fixed:
            raise ValueError(f"cannot cycle {cycled} triples of {self.fixed} fixed players")
        stay = self.fixed - 3 * cycled

        def mu(p: int) -> int:
            return self.point((p // self.r + 1) % self.classes, (p % self.r) * u)

        def mu_fixed(j: int) -> int:
            if j < stay:
                return j
            i, s = divmod(j - stay, 3)
            return stay + 3 * i + (s + 1) % 3

        self._invariant_with_fixed(mu, mu_fixed)

    def _invariant_with_fixed(self, mu: Callable[[int], int], mu_fixed: Callable[[int], int]) -> None:
        """B mapped onto itself by ``mu`` on the finite points and ``mu_fixed`` on the fixed
        players' indices: the pairs of B, and each ∞j's table onto ∞_mu_fixed(j)'s."""
        self.invariant(mu)
        for j in range(self.fixed):
            for p in range(self.points):
                self.tie(self.at_infinity(j, p), self.at_infinity(mu_fixed(j), mu(p)))

    def _scaling(self, u: int) -> None:
        """B invariant under σ: (c, y) -> (c, u·y), every class and fixed player kept (``--scale``).

        Why: it divides the search by about the order of u where the class cycling cannot apply
        (two classes at tables of 3). ∞j's table {∞j, (0, a), (1, b)} is then fixed by σ, so a
        and b are fixed points of y -> u·y; the translations by such points commute with σ, so
        ∞0's pin at (c, 0) still keeps a design of every class. With a second fixed player u - 1
        must not be a unit mod r (else 0 is the only fixed point and both ∞s would need it)."""
        if math.gcd(u, self.r) != 1 or u % self.r == 1:
            raise ValueError(f"the scale must be a unit other than 1 modulo {self.r}")
        if self.fixed > 1 and math.gcd(u - 1, self.r) == 1:
            raise ValueError(f"with {self.fixed} fixed players y -> {u}·y needs fixed points besides 0 mod {self.r}")

        def sigma(p: int) -> int:
            return self.point(p // self.r, (p % self.r) * u)

        self._invariant_with_fixed(sigma, lambda j: j)

    def _plain_class_cycling(self, u: int) -> None:
        """With as many classes as seats and no fixed player (e.g. 50 = 5·10 at tables of 5): B
        invariant under (c, y) -> (c + 1, u·y), u^C = 1 mod r (u = 1 allowed: its only invariant
        table is {(c, a)}, which meets the difference-0 orbits, so at most one such table). Why:
        the search space shrinks C-fold: 75 and 100 players at tables of 5 did not solve in 150 s
        without it, and with it in 17 and 41 s."""
        if pow(u, self.classes, self.r) != 1:
            raise ValueError(f"the multiplier must satisfy u^{self.classes} = 1 mod {self.r}")
        self.invariant(lambda p: self.point((p // self.r + 1) % self.classes, (p % self.r) * u))

    def point(self, c: int, y: int) -> int:
        return c * self.r + y % self.r

    def at_infinity(self, j: int, p: int) -> int:
        """Finite point p sits at ∞j's table in B."""
        return self.pool.id(("inf", j, p))

    def _tables(self) -> None:
        self.transitive()
        for p in range(self.points):
            infs = [self.at_infinity(j, p) for j in range(self.fixed)]
            self.degree([self.same(p, q) for q in range(self.points) if q != p] + infs, self.k - 1)

    def _infinity_tables(self) -> None:
        r = self.r
        for j in range(self.fixed):
            for c in range(self.classes):  # at most one point of a class
                lits = [self.at_infinity(j, self.point(c, y)) for y in range(r)]
                self.clauses += CardEnc.atmost(lits=lits, bound=1, vpool=self.pool, encoding=EncType.seqcounter).clauses
            self.degree([self.at_infinity(j, p) for p in range(self.points)], self.k - 1)
            for p, q in itertools.combinations(range(self.points), 2):
                self.clauses.append([-self.at_infinity(j, p), -self.at_infinity(j, q), self.same(p, q)])

    def _orbits(self) -> None:
        members: dict[tuple[int, ...], list[int]] = {}
        for p, q in itertools.combinations(range(self.points), 2):
            (c, x), (e, y) = divmod(p, self.r), divmod(q, self.r)
            d = (y - x) % self.r
            if c == e and 2 * d == self.r:  # a half orbit: B + t and B + t + r/2 would both hold it
                self.clauses.append([-self.same(p, q)])
                continue
            members.setdefault((c, min(d, self.r - d)) if c == e else (c, e, d), []).append(self.same(p, q))
        for lits in members.values():
            self.clauses += CardEnc.atmost(lits=lits, bound=1, vpool=self.pool, encoding=EncType.seqcounter).clauses

    def base_round(self, model: list[int]) -> list[tuple[int, ...]]:
        """The tables of B; ∞j is player C·r + j (CyclicSpec's fixed points)."""
        true = {v for v in model if v > 0}
        out = set()
        for p, members in self.tables(model).items():
            inf = tuple(self.points + j for j in range(self.fixed) if self.at_infinity(j, p) in true)
            out.add(tuple(sorted(members)) + inf)
        return sorted(out)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("n", type=int, help="players")
    parser.add_argument("r", type=int, help="rounds = the cyclic group order")
    parser.add_argument("--table-size", type=int, default=TABLE, help="players per table (default 4)")
    parser.add_argument("--multiplier", type=int, default=None, help="B invariant under (c, y) -> (c+1, U·y), U^3 = 1")
    parser.add_argument("--cycled", type=int, default=0, help="with --multiplier: triples of fixed players cycled by it")
    parser.add_argument("--scale", type=int, default=None, help="B invariant under (c, y) -> (c, U·y), fixed players kept")
    add_solver_arguments(parser)
    args = parser.parse_args(argv)
    start = time.time()
    cnf = PackingCNF(args.n, args.r, args.multiplier, args.cycled, args.table_size, args.scale)
    solved = run(cnf, args, f"N={args.n}, r={args.r}", start)
    if solved is None:
        return
    model, seconds = solved
    base = cnf.base_round(model)
    symmetry = f", invariant under (c, y) -> (c+1, {args.multiplier}y)" if args.multiplier else ""
    symmetry += f", invariant under (c, y) -> (c, {args.scale}y)" if args.scale else ""
    entry: dict[str, Any] = {
        "kind": "cyclic", "n": args.n, "k": cnf.k, "rounds": args.r, "group": [args.r],
        "classes": cnf.classes, "fixed": cnf.fixed, "base": [list(t) for t in base],
        "source": (f"cyclic packing over Z_{args.r}{symmetry}, SAT ({args.solver.split(':')[0]}), "
                   f"searched once by tools/search_sat_packing.py {shown_command(argv)}"),
        "search_seconds": round(seconds, 1),
    }
    shipped = [len(entry_rounds(e) or []) for e in all_entries() if e["n"] == args.n and e["k"] == cnf.k]
    longer = bool(shipped) and max(shipped) >= args.r
    if longer:
        print(f"a design with {max(shipped)} rounds is already shipped for {args.n} players: not written")
    # a packing that reaches the bound is a complete design (e.g. a Kirkman triple system): no suffix
    suffix = "" if args.r == upper_bound(args.n, cnf.k) else "_packing"
    path = write_entry(entry, rounds=args.r, suffix=suffix, dry_run=args.no_write or longer)
    print(f"found in {seconds:.0f}s, verified: {args.r} clean rounds for {args.n} players")
    if path is not None:
        print(f"written to {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
