"""Offline SAT search for the cyclic base round of ``search_sat.py`` with the tables' class shapes given.

Usage:  PYTHONPATH=src:tools python tools/search_sat_shaped.py M --t1 Y0,Y1,Y2 --shapes 3,1,0x2 2,1,1x2 2,2,0x1
            [--solver kissat:PATH] [--shuffle SEED]

The design is the one of ``search_sat.py`` (3·M + 2 players: (c, y) with c in {0, 1, 2}, y in Z_M,
and ∞0, ∞1; one base round developed over Z_M; (c, y) misses only (c, y + M/2)), but here each of
the (3M - 6)/4 finite tables of the base round is a named slot with a fixed *shape*: how many of
its four players come from each class. ``--shapes a,b,cxK`` asks for K tables of shape (a, b, c)
and K of each of its two class rotations (b, c, a) and (c, a, b), so the classes stay alike.

Why: the plain model names no tables and leaves every shape open, and for 68 players (M = 22)
neither CaDiCaL nor kissat had answered it after hours. A shape decides which points can share a
table before any search, and its count of pure pairs must match the 10 pure differences of each
class, so it removes most of the space at once; the slots of one shape are ordered by their
smallest point of the shape's first class, the only table symmetry left. The shapes tried first
for 68 (``3,1,0x2 2,1,1x2 2,2,0x1``) are those of the one 68-player design of this kind we know
of: the base round behind the breakout-room tables of A. Miller, M. Valkov and R. J. R. Abel (the
BoRAT data, 2024), whose ∞ tables give ``--t1 8,2,9`` in this tool's coordinates. Nothing else of
that design is used: the solver finds its own base round, and ``design_files.write_entry``
verifies it before it is written.

``--break-swap`` adds the clauses of ``_break_swap``: half of the search, as the map (c, y) ->
(c, t1_c - y) pairs the solutions; measured on 44 players it neither helped nor hurt.

The shape counts must add up: every class has M - 2 finite points outside the ∞ tables, and its
pure pairs (C(a,2) summed over the tables) must be M/2 - 1, one per pure difference ±d; a wrong
set of shapes is refused before the search.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from math import comb

from design_files import ship_cyclic_base
from pair_cnf import PairModel, add_solver_arguments, run, shown_command
from pysat.card import CardEnc, EncType

CLASSES = 3
Shape = tuple[int, int, int]


def rotated(shapes: list[tuple[Shape, int]]) -> list[Shape]:
    """Every slot's shape: each given shape K times in each of its three class rotations."""
    out: list[Shape] = []
    for shape, count in shapes:
        for r in range(CLASSES):
            out += [tuple(shape[(c - r) % CLASSES] for c in range(CLASSES))] * count  # type: ignore[misc]
    return out


def check_shapes(m: int, slots: list[Shape]) -> None:
    """ValueError unless the slots hold exactly the free points and the pure pairs of each class."""
    if len(slots) * 4 != CLASSES * m - 6:
        raise ValueError(f"{len(slots)} tables of 4 cannot hold the {CLASSES * m - 6} players outside the ∞ tables")
    for c in range(CLASSES):
        points = sum(s[c] for s in slots)
        pure = sum(comb(s[c], 2) for s in slots)
        if points != m - 2 or pure != m // 2 - 1:
            raise ValueError(f"class {c}: the shapes seat {points} players (need {m - 2}) and make {pure} pure pairs "
                             f"(need {m // 2 - 1}, one per difference)")


class ShapedBaseRound(PairModel):
    """Slots x (point, slot) with fixed class counts; ``same`` pairs defined from the slots."""

    def __init__(self, m: int, t1: tuple[int, int, int], slots: list[Shape], break_swap: bool = False) -> None:
        check_shapes(m, slots)
        super().__init__(CLASSES * m)
        self.m, self.slots = m, slots
        self.t0 = [self.point(c, 0) for c in range(CLASSES)]
        self.t1 = [self.point(c, y) for c, y in enumerate(t1)]
        self.t1_y0 = t1[0] % m
        fixed = set(self.t0) | set(self.t1)
        if len(fixed) != 2 * CLASSES or any(y % m == 0 for y in t1):
            raise ValueError("∞1's table must hold one point of each class, none of ∞0's")
        self.free = [p for p in range(self.points) if p not in fixed]
        self._slot_membership()
        self._same_from_slots(fixed)
        self._order_alike_slots()
        self._differences()
        if break_swap:
            self._break_swap()

    def point(self, c: int, y: int) -> int:
        return c * self.m + y % self.m

    def cls(self, p: int) -> int:
        return p // self.m

    def x(self, p: int, s: int) -> int:
        return self.pool.id(("x", p, s))

    def _slot_membership(self) -> None:
        for p in self.free:
            allowed = [self.x(p, s) for s, shape in enumerate(self.slots) if shape[self.cls(p)]]
            self.clauses += CardEnc.equals(lits=allowed, bound=1, vpool=self.pool, encoding=EncType.pairwise).clauses
        for s, shape in enumerate(self.slots):
            for c in range(CLASSES):
                if shape[c]:
                    lits = [self.x(p, s) for p in self.free if self.cls(p) == c]
                    self.clauses += CardEnc.equals(lits=lits, bound=shape[c], vpool=self.pool,
                                                   encoding=EncType.seqcounter).clauses

    def _same_from_slots(self, fixed: set[int]) -> None:
        """same(p, q) <-> p and q share a slot (the ∞ tables are fixed pairs)."""
        for p, q in itertools.combinations(range(self.points), 2):
            var = self.same(p, q)
            if p in fixed or q in fixed:
                together = (p in self.t0 and q in self.t0) or (p in self.t1 and q in self.t1)
                self.clauses.append([var] if together else [-var])
                continue
            shared = [s for s, shape in enumerate(self.slots) if shape[self.cls(p)] and shape[self.cls(q)]
                      and (self.cls(p) != self.cls(q) or shape[self.cls(p)] >= 2)]
            both = []
            for s in shared:
                b = self.pool.id(("both", p, q, s))
                self.clauses += [[-b, self.x(p, s)], [-b, self.x(q, s)], [b, -self.x(p, s), -self.x(q, s)], [-b, var]]
                both.append(b)
            self.clauses.append([-var] + both)

    def _order_alike_slots(self) -> None:
        """Slots of one shape in the order of their smallest point of the shape's first class."""
        for s, t in itertools.combinations(range(len(self.slots)), 2):
            if self.slots[s] != self.slots[t]:
                continue
            c = next(c for c in range(CLASSES) if self.slots[s][c])
            members = [p for p in self.free if self.cls(p) == c]
            for i, p in enumerate(members):  # p in t needs a smaller point of class c in s
                self.clauses.append([-self.x(p, t)] + [self.x(q, s) for q in members[:i]])

    def _differences(self) -> None:
        m, pt = self.m, self.point
        for c in range(CLASSES):
            for y in range(m // 2):
                self.clauses.append([-self.same(pt(c, y), pt(c, y + m // 2))])
        items = [[self.same(pt(c, y), pt(c, y + d)) for y in range(m)] for c in range(CLASSES) for d in range(1, m // 2)]
        items += [[self.same(pt(c, y), pt(e, y + d)) for y in range(m)]
                  for c, e in itertools.combinations(range(CLASSES), 2) for d in range(m)]
        for lits in items:
            self.exactly_one(lits)

    def _break_swap(self) -> None:
        """Keep one of B and its image under (c, y) -> (c, t1_c - y).

        That map swaps the two ∞ tables, keeps classes, partners and shapes, and maps the mixed
        difference δ between classes c and e to t1_e - t1_c - δ, so it maps solutions onto
        solutions. Class 0's one pair at difference d, {(0, y), (0, y + d)}, goes to the pair at
        y' = t1_0 - d - y; with d of the other parity than t1_0, y' != y always (2y would be odd
        modulo the even M), so asking y < y' keeps exactly one of each two solutions.
        """
        m, t = self.m, self.t1_y0
        d = 1 if t % 2 == 0 else 2
        for y in range(m):
            if y > (t - d - y) % m:
                self.clauses.append([-self.same(self.point(0, y), self.point(0, y + d))])

    def base_round(self, model: list[int]) -> list[tuple[int, ...]]:
        """The tables of B, with ∞0 = 3M and ∞1 = 3M + 1 (CyclicSpec's fixed points)."""
        true = {v for v in model if v > 0}
        tables = [tuple(sorted(p for p in self.free if self.x(p, s) in true)) for s in range(len(self.slots))]
        inf0, inf1 = self.points, self.points + 1
        return sorted(tables + [tuple(self.t0) + (inf0,), tuple(self.t1) + (inf1,)])


def parse_shape(text: str) -> tuple[Shape, int]:
    counts, _, times = text.partition("x")
    a, b, c = (int(v) for v in counts.split(","))
    return (a, b, c), int(times or 1)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("m", type=int, help="the cyclic group order M (3M + 2 players)")
    parser.add_argument("--t1", required=True, help="∞1's table as y0,y1,y2")
    parser.add_argument("--shapes", nargs="+", required=True, help="a,b,cxK: K tables of each rotation of shape (a,b,c)")
    parser.add_argument("--break-swap", action="store_true",
                        help="keep one of each two solutions exchanged by (c, y) -> (c, t1_c - y)")
    add_solver_arguments(parser)
    args = parser.parse_args(argv)
    start = time.time()
    t1 = tuple(int(y) for y in args.t1.split(","))
    slots = rotated([parse_shape(s) for s in args.shapes])
    cnf = ShapedBaseRound(args.m, t1, slots, args.break_swap)  # type: ignore[arg-type]
    solved = run(cnf, args, f"M={args.m}, {len(slots)} shaped tables", start)
    if solved is None:
        return
    model, seconds = solved
    pinned = (" (the shapes and ∞1's table as in the BoRAT 68-player design of Miller, Valkov and Abel; "
              "the base round our own)") if args.m == 22 else ""
    source = (f"cyclic base round over Z_{args.m}, tables of the class shapes {' '.join(args.shapes)}{pinned}, "
              f"SAT ({args.solver.split(':')[0]}), searched once by tools/search_sat_shaped.py {shown_command(argv)}")
    ship_cyclic_base(cnf.base_round(model), m=args.m, classes=CLASSES, source=source, seconds=seconds,
                     dry_run=args.no_write)


if __name__ == "__main__":
    main(sys.argv[1:])
