"""Offline SAT search for a Kirkman triple system on 6u + 3 players from a cyclic Kirkman frame.

Usage:  PYTHONPATH=src:tools python tools/search_kirkman_frame.py u [--group cyclic|z2] [--solver S]
            [--shuffle SEED] [--no-write]

Why: 69 and 93 players at tables of 3 (u = 11, 15) had stayed below the Kirkman bound: TD(3, g)
over GF(23) and GF(31) gives 23 and 31 rounds of 34 and 46, and neither the 1-rotational nor the
cyclic-packing model answered. Stinson's frame construction (D. R. Stinson, "Frames for
Kirkman triple systems", Discrete Math. 65 (1987)) splits the problem: a Kirkman frame of type
6^u (triples on 6u points meeting every pair from different holes once, in holey rounds that
each seat everybody but one hole, h/2 = 3 of them per hole) with each hole filled, together with
three new players ∞0, ∞1, ∞2, by AG(2, 3) (the Kirkman system on 9 players, the ∞s one of its lines).

Two shapes (``--group``). ``cyclic``: points Z_6u, holes the cosets of H = <u>, and one base
holey round B, which leaves out H itself and is invariant under x -> x + 3u (an element of H,
so the hole stays out); its translates B + t, t < 3u, are the 3u holey rounds, hole H + i left
out by the three with t = i (mod u). The differences outside H form 3u - 3 orbits ±d of 6u
pairs, B holds 2u - 2 triples (6u - 6 pairs), so every orbit gets exactly 2 pairs of B (a pair
and its image under + 3u). It fails for u = 3 (mod 4) by parity: for u odd, + 3u is odd and
changes the parity of every point, so B's triples with points of both parities come in pairs,
while the 3u - 3 pairs at odd differences need (3u - 3)/2 such triples, odd for u = 3 (mod 4)
(u = 7: no answer in 6 minutes). ``z2``: points Z_2 x Z_3u (u odd; as a group it is Z_6u
again, but the rounds are the translates by its subgroup Z_3u), holes the cosets of
Z_2 x <u>, B developed over Z_3u alone with no symmetry of its own: every Z_3u-orbit of pairs
outside the holes (3u pairs each; 6u - 6 orbits) meets B once, and the parity count is gone.

Filling (``rounds``): AG(2, 3) on Z_3 x Z_3 with ∞_c = (0, c) and the six points of hole H + i
as (1, b), (2, b) in order; holey round t also seats, for its hole, the three lines of slope
m = t // u (each holds one ∞ and two hole points), and a last round seats the ∞ line with the
two other vertical lines of every hole: 3u + 1 = (6u + 2)/2 rounds, the bound.

Encoding: the pair model of ``pair_cnf`` on the 6u points (a Boolean per pair, "same triple of
B"), transitivity, degree 2 outside the hole B leaves out (0 on it), pairs inside a hole never,
and each orbit of pairs met as above (cyclic: B also tied to its image under + 3u). A solution
goes through ``fairdraw.designs.verify`` (``design_files.ship_rounds``) before it is written.

Measured (kissat 4.0.4): ``5`` (33 players, either shape) under a second; ``7 --group z2`` (45)
under a second; ``11 --group z2`` (69) 4 s and ``15 --group z2`` (93) 16 s, both shipped (they
were the two sizes up to 99 below the bound); beyond 99, ``21 --group z2`` (129) 29 s and ``23
--group z2`` (141) 259 s, shipped; ``18`` (111) and ``24`` (147) no answer in 300 and 600 s.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

from design_files import ship_rounds
from pair_cnf import PairModel, Rounds, add_solver_arguments, run, shown_command
from pysat.card import CardEnc, EncType


class KirkmanFrameCNF(PairModel):
    """B on Z_6u (``--group cyclic``) or Z_2 x Z_3u (``--group z2``); points of H take no part.
    Player index: x for x in Z_6u; a·3u + y for (a, y) in Z_2 x Z_3u."""

    def __init__(self, u: int, group: str = "cyclic") -> None:
        if u < 4:
            raise ValueError("a Kirkman frame of type 6^u needs u >= 4")
        if group == "z2" and u % 2 == 0:
            raise ValueError("--group z2 needs u odd: for u even, B + (0, 3u/2) would meet B's pairs "
                             "at difference (0, 3u/2) a second time")
        super().__init__(6 * u)
        self.u, self.group = u, group
        n = self.points
        in_hole = [self.residue(x) % u == 0 for x in range(n)]
        outside = [x for x in range(n) if not in_hole[x]]  # the points B seats
        for p, q in itertools.combinations(range(n), 2):
            if in_hole[p] or in_hole[q] or self.same_hole(p, q):
                self.clauses.append([-self.same(p, q)])
        self.transitive()
        for p in range(n):
            if not in_hole[p]:
                self.degree([self.same(p, q) for q in range(n) if q != p], bound=2)
        if group == "cyclic":
            self.invariant(lambda x: (x + 3 * u) % n)
        # cyclic: a Z_6u orbit (6u pairs) gets 2 pairs of B, a pair and its image under + 3u;
        # z2: a Z_3u orbit (3u pairs) gets exactly one
        bound = 2 if group == "cyclic" else 1
        seen: set[tuple[int, int]] = set()
        for p, q in itertools.combinations(outside, 2):
            if (p, q) in seen or self.same_hole(p, q):
                continue
            orbit = {tuple(sorted((self.shift(p, t), self.shift(q, t)))) for t in range(self.translates)}
            seen |= orbit  # type: ignore[arg-type]
            lits = [self.same(a, b) for a, b in orbit]
            self.clauses += CardEnc.equals(lits=lits, bound=bound, vpool=self.pool, encoding=EncType.seqcounter).clauses

    @property
    def translates(self) -> int:
        """The orbit group's order: Z_6u for the cyclic frame, Z_3u acting on Z_2 x Z_3u."""
        return self.points if self.group == "cyclic" else self.points // 2

    def same_hole(self, p: int, q: int) -> bool:
        """p and q lie in one hole (their coordinates differ by a multiple of u): never at a table
        of the frame, they meet in the hole's filling."""
        return (self.residue(q) - self.residue(p)) % self.u == 0

    def residue(self, x: int) -> int:
        """The point's coordinate in Z_6u or Z_3u (holes: the multiples of u)."""
        return x if self.group == "cyclic" else x % (3 * self.u)

    def shift(self, x: int, t: int) -> int:
        """x + t (cyclic), (a, y) -> (a, y + t) (z2)."""
        if self.group == "cyclic":
            return (x + t) % self.points
        m = 3 * self.u
        return x - x % m + (x % m + t) % m

    def hole(self, i: int) -> list[int]:
        """Hole i's six points in the order (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2) of AG(2, 3)."""
        u = self.u
        if self.group == "cyclic":
            return [(i + j * u) % self.points for j in range(6)]
        return [a * 3 * u + i + j * u for a in range(2) for j in range(3)]

    def rounds(self, found: list[int]) -> Rounds:
        """The 3u + 1 rounds of the Kirkman system (players 0 .. 6u - 1, then the ∞s)."""
        u, n = self.u, self.points
        base = {tuple(sorted(t)) for p, t in self.tables(found).items() if self.residue(p) % u}
        infinity = [n, n + 1, n + 2]
        out: Rounds = []
        for t in range(3 * u):
            hole = self.hole(t % u)
            slope = t // u
            lines = [(infinity[c], hole[(slope + c) % 3], hole[3 + (2 * slope + c) % 3]) for c in range(3)]
            translated = [tuple(sorted(self.shift(x, t) for x in triple)) for triple in base]
            out.append(sorted(translated + [tuple(sorted(line)) for line in lines]))
        last = [tuple(infinity)]
        for i in range(u):
            hole = self.hole(i)
            last += [tuple(sorted(hole[:3])), tuple(sorted(hole[3:]))]
        out.append(sorted(last))
        return out


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("u", type=int, help="holes of the frame: 6u + 3 players")
    parser.add_argument("--group", choices=("cyclic", "z2"), default="cyclic",
                        help="Z_6u with B invariant under + 3u, or Z_2 x Z_3u with no symmetry of B")
    add_solver_arguments(parser)
    args = parser.parse_args(argv)
    start = time.time()
    model = KirkmanFrameCNF(args.u, args.group)
    solved = run(model, args, f"u={args.u}, N={6 * args.u + 3}", start)
    if solved is None:
        return
    found, seconds = solved
    m = 3 * args.u
    shape = (f"over Z_{2 * m} (a base holey round invariant under x -> x + {m})" if args.group == "cyclic"
             else f"over Z_2 x Z_{m} (a base holey round developed over Z_{m})")
    source = (f"Kirkman frame of type 6^{args.u} {shape}, holes filled with 3 new players by AG(2,3), SAT "
              f"({args.solver.split(':')[0]}), searched once by tools/search_kirkman_frame.py {shown_command(argv)}")
    ship_rounds(model.rounds(found), n=6 * args.u + 3, source=source, seconds=seconds, dry_run=args.no_write)


if __name__ == "__main__":
    main(sys.argv[1:])
