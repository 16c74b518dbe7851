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


def separate(rounds: Sequence[Round], label: Sequence[str | None], *, seed: int, steps: int = 3000) -> list[int]:
    """A new assignment of the drawn players to positions with fewer same-label meetings.

    ``label[pos]`` is the label of the player the draw put at ``pos``. Returns ``order``
    with order[pos] = index (into the drawn order) of the player now at ``pos``. Tabu
    search: each step takes a random position in a same-label meeting and swaps it with the
    best partner of another label (recently moved positions are tabu unless the swap beats
    the best so far).
    """
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
    # cnt[pos][label]: meetings of pos with positions holding label; mult[(a, b)]: meetings of a and b
    cnt: list[dict[str | None, int]] = [{} for _ in range(n)]
    mult: dict[tuple[int, int], int] = {}
    for a in range(n):
        for o in co[a]:
            cnt[a][lab[o]] = cnt[a].get(lab[o], 0) + 1
            mult[(a, o)] = mult.get((a, o), 0) + 1

    def score(pos: int, value: str | None, skip: int) -> int:
        """Meetings of ``pos`` with ``value``-labelled positions other than ``skip``."""
        if value is None:
            return 0
        own = mult.get((pos, skip), 0) if lab[skip] == value else 0
        return cnt[pos].get(value, 0) - own

    def relabel(pos: int, new: str | None) -> None:
        old = lab[pos]
        for o in co[pos]:
            cnt[o][old] -= 1
            cnt[o][new] = cnt[o].get(new, 0) + 1
        lab[pos] = new

    current = same_group_meetings(rounds, lab)
    best, best_order = current, list(order)
    tabu: dict[int, int] = {}
    positions = list(range(n))
    for step in range(steps):
        if current == 0:
            break
        rng.shuffle(positions)
        p = next((x for x in positions if lab[x] is not None and cnt[x].get(lab[x], 0) > 0), None)
        if p is None:
            break
        choice, choice_delta = None, None
        for q in range(n):
            if q == p or lab[q] == lab[p]:
                continue
            delta = score(p, lab[q], q) + score(q, lab[p], p) - score(p, lab[p], q) - score(q, lab[q], p)
            if tabu.get(q, -1) > step and current + delta >= best:
                continue
            if choice_delta is None or delta < choice_delta or (delta == choice_delta and rng.random() < 0.5):
                choice, choice_delta = q, delta
        if choice is None:
            continue
        q = choice
        lp, lq = lab[p], lab[q]
        relabel(p, lq)
        relabel(q, lp)
        order[p], order[q] = order[q], order[p]
        current += choice_delta or 0
        tabu[p] = tabu[q] = step + 3 + rng.randrange(5)
        if current < best:
            best, best_order = current, list(order)
    return best_order
