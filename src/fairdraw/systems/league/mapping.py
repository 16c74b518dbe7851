"""Which player takes which design position: a public, reproducible draw.

Without a seed the players take the positions in input order. With a seed string S the
order is fixed by SHA-256, so anyone can recompute it by hand:

1. ``roster`` = the lines ``"<id>\\t<name>"`` of the players in input order, joined by
   ``"\\n"``; ``digest`` = SHA-256 of ``S + "\\n" + roster`` (UTF-8), in hex;
2. each player's key is SHA-256 of ``digest + ":" + str(id)``, in hex;
3. players sorted by key take positions 1, 2, 3, ...

The design does not depend on the seed; only this mapping does, so the draw cannot be
steered by choosing a design. With ``--separate club`` the mapping is then improved by
swapping whole positions between players (which keeps every meeting count of the design,
so repeats are untouched) until no swap lowers the number of same-club meetings; the swaps
are tried in a fixed order, so the result is still reproducible.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations

from fairdraw.core.model import Participant
from fairdraw.systems.league.season import Season


def seeded_order(players: Sequence[Participant], seed: str | None) -> list[Participant]:
    """The players in position order (see the module docstring for the rule)."""
    if seed is None:
        return list(players)
    roster = "\n".join(f"{p.id}\t{p.name}" for p in players)
    digest = hashlib.sha256(f"{seed}\n{roster}".encode()).hexdigest()
    return sorted(players, key=lambda p: hashlib.sha256(f"{digest}:{p.id}".encode()).hexdigest())


def same_label_meetings(season: Sequence[Sequence[Sequence[int]]], label_of: Mapping[int, str | None]) -> int:
    """How many times two players (or positions) with the same (non-empty) label share a group;
    ``label_of`` maps whatever the groups hold to its label."""
    total = 0
    for session in season:
        for group in session:
            for a, b in combinations(group, 2):
                label = label_of.get(a)  # a player missing from the map has no label
                if label is not None and label == label_of.get(b):
                    total += 1
    return total


def separate(season: Season, order: list[Participant], label: Callable[[Participant], str | None]) -> list[Participant]:
    """Swap positions between players to lower same-label meetings: first-improvement descents
    (fixed order, until no swap helps) from the drawn order and, for fields small enough, from
    seeded shuffles of it; the best is kept, the drawn order's on ties.

    Why restarts: one descent stops in a local minimum (40 players of 8 clubs kept 10 same-club
    meetings that other placements of the same plan avoid entirely). Deterministic: the
    shuffles are seeded by their number."""
    n = len(order)
    together = [[0] * n for _ in range(n)]
    for session in season:
        for group in session:
            for a, b in combinations(group, 2):
                together[a][b] += 1
                together[b][a] += 1
    best = _descend(together, list(order), label)
    restarts = max(0, min(RESTARTS, RESTART_WORK // max(1, n**3)))
    for attempt in range(1, restarts + 1):
        shuffled = list(order)
        random.Random(attempt).shuffle(shuffled)
        found = _descend(together, shuffled, label)
        if found[0] < best[0]:
            best = found
    return best[1]


#: Descents from shuffled starts beside the drawn order's; fewer for large fields (each costs n³).
RESTARTS = 60
RESTART_WORK = 8_000_000


def _descend(together: list[list[int]], current: list[Participant],
             label: Callable[[Participant], str | None]) -> tuple[int, list[Participant]]:
    """One first-improvement descent: (same-label meetings left, the order)."""
    n = len(current)
    labels = [label(p) for p in current]

    def cost_at(pos: int, lab: str | None, skip: int) -> int:
        if lab is None:
            return 0
        row = together[pos]
        return sum(row[o] for o in range(n) if o != skip and o != pos and labels[o] == lab)

    improved = True
    rounds = 0
    while improved and rounds < 50:
        improved = False
        rounds += 1
        for i in range(n):
            for j in range(i + 1, n):
                if labels[i] == labels[j]:
                    continue
                before = cost_at(i, labels[i], j) + cost_at(j, labels[j], i)
                after = cost_at(j, labels[i], i) + cost_at(i, labels[j], j)
                if after < before:
                    labels[i], labels[j] = labels[j], labels[i]
                    current[i], current[j] = current[j], current[i]
                    improved = True
    left = sum(together[i][j] for i in range(n) for j in range(i + 1, n)
               if labels[i] is not None and labels[i] == labels[j])
    return left, current
