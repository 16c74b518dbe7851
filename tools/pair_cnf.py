"""The clauses shared by the offline SAT models of one base round (tools/search_sat*.py).

A base round is stated with one Boolean per pair of players, "same table": transitivity makes the
relation a partition, a degree bound makes its parts tables, and a symmetry of the round is a tie
between the variables of a pair and of its image. The tables need no names, so their order is no
symmetry to break. Each model adds its own orbit constraints on top.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool


class PairModel:
    """A CNF over the pairs of ``points`` players (0 .. points-1)."""

    def __init__(self, points: int) -> None:
        self.points = points
        self.pool = IDPool()
        self.clauses: list[list[int]] = []

    def same(self, p: int, q: int) -> int:
        """The variable 'p and q share a table of the base round'."""
        return self.pool.id((min(p, q), max(p, q)))

    def exactly_one(self, lits: list[int]) -> None:
        self.clauses += CardEnc.equals(lits=lits, bound=1, vpool=self.pool, encoding=EncType.pairwise).clauses

    def transitive(self) -> None:
        """p~q and q~r imply p~r, for every triple: 'same table' is an equivalence."""
        for p, q, r in itertools.combinations(range(self.points), 3):
            a, b, c = self.same(p, q), self.same(q, r), self.same(p, r)
            self.clauses += [[-a, -b, c], [-a, -c, b], [-b, -c, a]]

    def degree(self, lits: list[int], bound: int = 3) -> None:
        """Exactly ``bound`` of ``lits`` (a player's table-mates: 3 at a table of 4)."""
        self.clauses += CardEnc.equals(lits=lits, bound=bound, vpool=self.pool, encoding=EncType.seqcounter).clauses

    def tie(self, a: int, b: int) -> None:
        """a <-> b."""
        if a != b:
            self.clauses += [[-a, b], [a, -b]]

    def invariant(self, mu: Callable[[int], int]) -> None:
        """The base round is mapped onto itself by the player map ``mu``."""
        for p, q in itertools.combinations(range(self.points), 2):
            self.tie(self.same(p, q), self.same(mu(p), mu(q)))

    def tables(self, model: Iterable[int]) -> dict[int, set[int]]:
        """Each player's table (itself included) in a model of the formula."""
        true = {v for v in model if v > 0}
        table = {p: {p} for p in range(self.points)}
        for p, q in itertools.combinations(range(self.points), 2):
            if self.same(p, q) in true:
                table[p].add(q)
                table[q].add(p)
        return table
