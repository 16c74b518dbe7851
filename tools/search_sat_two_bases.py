"""Offline SAT search for a resolvable 4-GDD of type 2^(3n+1): two base rounds over Z_n × 6 plus 2.

Usage:  PYTHONPATH=src:tools python tools/search_sat_two_bases.py n [--sym0 SPEC] [--sym1 SPEC]

The design has N = 6n + 2 players: (i, x) with i in 0..5 (six orbits of Z_n, n odd) and x in Z_n,
and two fixed players ∞0, ∞1. Its 2n rounds are the n translates of each of two base rounds B0, B1
(x -> x + t, ∞ fixed), the bound floor((N - 1)/3): every player misses exactly one other, the
holes being {(2k, x), (2k+1, x)} and {∞0, ∞1}. Counting the orbits of Z_n on pairs: 6(n - 1)/2
pure ones (±d inside an orbit), 15n - 3 mixed ones (orbit i to orbit j at difference d, the three
holes left out) and 12 between a fixed player and an orbit: 6(3n + 1) in all, exactly the pairs
of B0 and B1 together, so each orbit is met by exactly one pair of one base round.

Why this shape for 68 players (n = 11): it contains the Z_22 × 3 + 2 model of tools/search_sat.py
(B1 = B0 with the orbits of each hole pair swapped), to which no symmetry can be added, but gives
each base round room for a symmetry of its own, ``--symR "σ:u:s0,s1,..,s5[:x]"``:
    (i, x) -> (σ(i), u·x + s_i), and ∞0 <-> ∞1 with ":x",
which must keep the holes (σ maps hole pairs onto hole pairs, s_2k = s_2k+1).

Measured (CaDiCaL): with both rounds invariant under a map of order 3 that cycles the hole pairs,
σ = 234501, u = 1, B0's shifts 0 (conjugating by (i, x) -> (i, x + t_i) makes them 0) and B1's
(a, a, b, b, c, c) with a = 1 (a multiplier) and a + b + c = 0, b, c != 0 (else the two tables of
∞0 in B0 and ∞1 in B1, both on the even orbits, meet the same mixed differences), every choice
is unsatisfiable within 3 s for n = 5, 7 and 11 (32, 44, 68 players): e.g.
``... search_sat_two_bases.py 11 --sym0 234501:1:0,0,0,0,0,0 --sym1 234501:1:1,1,3,3,7,7``.
With one round symmetric, or none, 44 players did not solve in minutes (the Z_14 × 3 + 2 model
takes 220-430 s). Involutions (u = ±1, σ an involution keeping the holes, ∞ fixed or swapped,
B0's shifts 0): with B1 left free, 10 of the 23 kinds for B0 are refuted within 8 s for n = 11
(e.g. ``--sym0 230154:1:0,0,0,0,0,0``). With both rounds invariant under maps of one kind
(10,000 conflicts each): the negation σ = 012345, u = -1 has 19 of its 26 B1 shift choices refuted
(∞ kept or swapped), σ = 102345 (orbits 0 and 1 swapped), u = -1 with ∞ kept all 13, and
σ = 103245, u = 1 with ∞ swapped its only one. With σ = 102345, u = -1 and ∞0 <-> ∞1 the solver
gets no answer for n = 11 (for n = 7 it refutes the non-zero B1 shifts within 3 s), and a parity
count rules the equal-shift case out for n = 3 (mod 4) (n = 7, 11): a pair {p, μp} can only sit at a μ-invariant table, and all 3(n - 1) such pairs are needed (they
alone can meet the pure orbits of orbits 2..5 and the orbits (0, 1, d)); with the four fixed
points (i, 0), i >= 2, two to a table in each round, that leaves t_0 + t_1 = (3n - 7)/2 invariant
tables of two such pairs, odd, while in each round the other tables come in pairs {T, μT}, which
makes each t_r odd. The non-zero shifts are all refuted for n = 11 too (kissat 4.0.4,
2026-12-03): with B0's shifts 0, B1's are (0, 0, b, b, c, c) up to translating B1 (all shifts
+ 2t), scaling by a unit and swapping the last two hole pairs, i.e. (b, c) = (0, 1), (1, 1)
and (1, c) for c = 2, 3, 5, 7, 10 (c ~ 1/c); each is unsatisfiable, in 6-13 s and (1, 1) in
702 s (``--sym0 102345:-1:0,0,0,0,0,0:x --sym1 102345:-1:0,0,1,1,7,7:x --solver kissat:PATH``).
So no design of this shape has both base rounds invariant under maps of one kind.
Order 5 (u = 3, σ = identity, the only kind: no permutation keeping the hole pairs has order
5): a round's fixed points are (i, 0), ∞0 and ∞1, two tables of them, and the counts fit
exactly (the two rounds' four such tables meet 12 of the 15 difference-0 orbits, the other 3
are holes; their other 2 · 3 orbits of 5 tables, 6 pairs each, meet the 36 multiplier classes
of the remaining pair orbits). With both rounds invariant (B0's shifts 0, B1's shift vector
up to translation, scaling and a permutation of the hole pairs: 4 cases,
``--sym1 012345:3:0,0,0,0,0,0``, ``...:0,0,0,0,1,1``, ``...:0,0,1,1,2,2``, ``...:0,0,1,1,3,3``)
each is unsatisfiable within 2 s for n = 11; with B0 invariant and B1 free (``--sym1 -``)
CaDiCaL found nothing in 15 minutes, kissat 4.0.4 nothing in 32.
Not a source of any shipped design; kept so the negative results can be re-run.

Encoding (CaDiCaL through python-sat, the ``search`` extra, or kissat: see ``pair_cnf.solve``):
one Boolean per pair of players and round ("same table"), transitivity and degree 3 per round
(∞ included, so the tables are K4s without names), every pair orbit met exactly once over both
rounds, holes never, each B_r tied to its image under its symmetry. A solution would be checked
by ``fairdraw.designs.verify`` (``design_files.write_entry``) and shipped as explicit rounds.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import math
import sys
import time
from collections.abc import Callable
from typing import Any

from pair_cnf import PairModel, add_solver_arguments, run_and_ship

ORBITS = 6
ROUNDS = 2


class TwoBasesCNF(PairModel):
    """The clauses for B0 and B1 (see the module docstring); player (i, x) is i·n + x."""

    def __init__(self, n: int, specs: tuple[str, str]) -> None:
        if n % 2 == 0 or n < 5:
            raise ValueError("n must be odd and at least 5")
        super().__init__(ORBITS * n + 2)
        self.n = n
        self.inf = (ORBITS * n, ORBITS * n + 1)
        for r, spec in enumerate(specs):
            var = functools.partial(self.at, r)
            self.transitive(var)
            for p in range(self.points):
                self.degree([var(p, q) for q in range(self.points) if q != p])
            mu = self._symmetry(spec)
            if mu is not None:
                self.invariant(mu, var)
        self._orbits()

    def _symmetry(self, spec: str) -> Callable[[int], int] | None:
        """The map of a spec "σ:u:s0,..,s5[:x]": (i, x) -> (σ(i), u·x + s_i), ∞0 <-> ∞1 with ":x"
        ("-" for none). It must keep the holes: σ maps hole pairs onto hole pairs, s_2k = s_2k+1."""
        if spec == "-":
            return None
        parts = spec.split(":")
        if len(parts) not in (3, 4) or len(parts[0]) != ORBITS:
            raise ValueError(f"symmetry {spec!r}: expected σ:u:s0,..,s5[:x], σ six digits")
        sigma, u = [int(c) for c in parts[0]], int(parts[1]) % self.n
        shifts = [int(v) % self.n for v in parts[2].split(",")]
        if len(parts) == 4 and parts[3] != "x":
            raise ValueError(f"symmetry {spec!r}: the fourth part can only be x (swap ∞0 and ∞1)")
        swap = len(parts) == 4
        if sorted(sigma) != list(range(ORBITS)) or len(shifts) != ORBITS or math.gcd(u, self.n) != 1:
            raise ValueError(f"symmetry {spec!r}: σ must permute 0..5, six shifts, u a unit mod {self.n}")
        if any(sigma[2 * k] // 2 != sigma[2 * k + 1] // 2 or shifts[2 * k] != shifts[2 * k + 1] for k in range(3)):
            raise ValueError(f"symmetry {spec!r} does not keep the holes {{(2k, x), (2k+1, x)}}")
        n, inf = self.n, self.inf

        def image(p: int) -> int:
            if p in inf:
                return inf[(p - inf[0] + swap) % 2]
            i, x = divmod(p, n)
            return sigma[i] * n + (u * x + shifts[i]) % n

        return image

    def at(self, r: int, p: int, q: int) -> int:
        """The variable 'p and q share a table of B_r'."""
        return self.pool.id((r, min(p, q), max(p, q)))

    def orbit(self, p: int, q: int) -> tuple[Any, ...]:
        """The Z_n-orbit of the pair {p, q}, p < q."""
        n = self.n
        if q in self.inf:
            return ("inf", q - self.inf[0], p // n) if p not in self.inf else ("holes",)
        (i, x), (j, y) = divmod(p, n), divmod(q, n)
        d = (y - x) % n
        if i == j:
            return ("pure", i, min(d, n - d))
        if d == 0 and i // 2 == j // 2:
            return ("holes",)
        return ("mixed", i, j, d)

    def _orbits(self) -> None:
        members: dict[tuple[Any, ...], list[int]] = {}
        for p, q in itertools.combinations(range(self.points), 2):
            members.setdefault(self.orbit(p, q), []).extend(self.at(r, p, q) for r in range(ROUNDS))
        for key, lits in members.items():
            if key == ("holes",):
                self.clauses += [[-v] for v in lits]
            else:
                self.exactly_one(lits)

    def rounds(self, model: list[int]) -> list[list[tuple[int, ...]]]:
        """All 2n rounds: the n translates of B0, then of B1."""
        n, out = self.n, []
        for r in range(ROUNDS):
            base = {tuple(sorted(t)) for t in self.tables(model, functools.partial(self.at, r)).values()}
            for t in range(n):
                moved = (tuple(sorted(p if p in self.inf else (p // n) * n + (p + t) % n for p in b)) for b in base)
                out.append(sorted(moved))
        return out


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("n", type=int, help="the cyclic group order (6n + 2 players)")
    parser.add_argument("--sym0", default="-", help='B0 invariant under "σ:u:s0,..,s5[:x]" (module docstring); "-": none')
    parser.add_argument("--sym1", default="-", help="the same for B1")
    add_solver_arguments(parser)
    args = parser.parse_args(argv)
    start = time.time()
    cnf = TwoBasesCNF(args.n, (args.sym0, args.sym1))
    run_and_ship(cnf, cnf.rounds, args, f"n={args.n}, B0 {args.sym0}, B1 {args.sym1}", start,
                 shape=f"two base rounds over Z_{args.n} x 6 + 2 (symmetries {args.sym0} and {args.sym1})",
                 command=f"tools/search_sat_two_bases.py {' '.join(argv)}")


if __name__ == "__main__":
    main(sys.argv[1:])
