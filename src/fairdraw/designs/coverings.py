"""Resolvable minimum coverings: one round past the longest repeat-free seating at the fewest repeats.

Issue 4 (b): past the best known, the fewest repeat meetings come first. For N = 0 (mod 12)
players at tables of 4 the longest repeat-free seating has (N - 3)/3 rounds and leaves every
player two opponents not met, in triangles; one more round then repeats at least 3N/4 pairs
when the design is kept, while the pigeonhole bound is N/2. A resolvable minimum covering
(every pair meets at least once in N/3 rounds, the pairs met twice a perfect matching) reaches
the bound, so where one is shipped (searched offline by tools/search_sat_covering.py, read by
``catalog.shipped_coverings``) it is a start that ``fairdraw.designs.best_design`` weighs
against the design's extension by the issue's order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

Round = Sequence[Sequence[int]]


def least_repeats(n: int, k: int, rounds: int) -> int:
    """The pigeonhole bound: the pair slots of ``rounds`` full rounds beyond the n(n-1)/2 pairs."""
    return max(0, rounds * (n // k) * k * (k - 1) // 2 - n * (n - 1) // 2)


def covering_problems(rounds: Sequence[Round], n: int, k: int) -> list[str]:
    """What keeps ``rounds`` from being a minimum covering of n players at tables of k (empty
    when it is one): each round seats every player once at tables of k, every pair meets, no
    pair more than twice, and the repeats are exactly ``least_repeats``."""
    problems: list[str] = []
    met: Counter[tuple[int, int]] = Counter()
    for number, rnd in enumerate(rounds, start=1):
        seated = sorted(p for table in rnd for p in table)
        if seated != list(range(n)):
            problems.append(f"round {number} does not seat players 0..{n - 1} once each")
        if any(len(table) != k for table in rnd):
            problems.append(f"round {number} has a table not of {k}")
        for table in rnd:
            met.update(combinations(sorted(table), 2))
    if problems:
        return problems
    if len(met) != n * (n - 1) // 2:
        problems.append(f"{n * (n - 1) // 2 - len(met)} pairs never meet")
    if met and max(met.values()) > 2:
        problems.append(f"a pair meets {max(met.values())} times")
    repeats = sum(c - 1 for c in met.values())
    if repeats != least_repeats(n, k, len(rounds)):
        problems.append(f"{repeats} repeats, not the bound {least_repeats(n, k, len(rounds))}")
    return problems
