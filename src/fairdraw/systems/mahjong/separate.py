"""--separate club|federation: keep players of one club (or federation) apart (quality (d)).

The design fixes which positions meet; who sits in which position is free. So we search
over the position->player mapping: swap two players' positions when that lowers the
number of same-club meetings (two players of one club at one table, counted per table and
pair). The design keeps every other property (repeats, winds). Designs with "groups" of
positions that never meet (transversal designs, cyclic designs with fixed points, Dutch
cycles' columns) let the search put a whole club in one group: zero such meetings. The
search is seeded from the draw seed, so it is as reproducible as the draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

Round = Sequence[Sequence[int]]


def same_group_meetings(rounds: Sequence[Round], label: Sequence[str | None]) -> int:
    """Pairs of one label (club/federation) sharing a table, summed over tables."""
    total = 0
    for rnd in rounds:
        for table in rnd:
            for i, a in enumerate(table):
                la = label[a]
                if la is None:
                    continue
                total += sum(1 for b in table[i + 1 :] if label[b] == la)
    return total


def separate(rounds: Sequence[Round], label: Sequence[str | None], *, seed: int, steps: int = 20000) -> list[int]:
    """A permutation ``perm`` (position -> new position of the same player) that lowers
    same-label meetings. ``label[pos]`` is the label of the player the draw put at ``pos``.
    Returns ``order`` with order[pos] = index into the drawn player list now at pos."""
    n = len(label)
    order = list(range(n))
    lab = list(label)
    co: list[list[int]] = [[] for _ in range(n)]
    for rnd in rounds:
        for table in rnd:
            for a in table:
                co[a].extend(b for b in table if b != a)
    if all(x is None for x in lab):
        return order
    rng = random.Random(seed)

    def score(pos: int, value: str | None, skip: int) -> int:
        if value is None:
            return 0
        return sum(1 for o in co[pos] if o != skip and lab[o] == value)

    current = same_group_meetings(rounds, lab)
    labelled = [i for i in range(n) if lab[i] is not None]
    stale = 0
    for _ in range(steps):
        if current == 0 or stale > 4 * n:
            break
        p = rng.choice(labelled)
        q = rng.randrange(n)
        if p == q or lab[p] == lab[q]:
            stale += 1
            continue
        before = score(p, lab[p], q) + score(q, lab[q], p)
        after = score(p, lab[q], q) + score(q, lab[p], p)
        if after < before or (after == before and rng.random() < 0.1):
            lab[p], lab[q] = lab[q], lab[p]
            order[p], order[q] = order[q], order[p]
            current += after - before
            stale = 0 if after < before else stale + 1
        else:
            stale += 1
    return order
