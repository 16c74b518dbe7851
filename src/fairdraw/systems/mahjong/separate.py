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
from collections import Counter
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


def never_met_groups(rounds: Sequence[Round], n: int) -> list[list[int]] | None:
    """The positions split into groups whose members never share a table, when the rounds
    have that shape (the relation "never met" is an equivalence: a transversal design's
    groups, a cyclic design's point classes, Dutch cycles' columns), else None."""
    met = [bytearray(n) for _ in range(n)]
    for rnd in rounds:
        for table in rnd:
            for a in table:
                row = met[a]
                for b in table:
                    row[b] = 1
    seen = [False] * n
    groups: list[list[int]] = []
    for a in range(n):
        if seen[a]:
            continue
        group = [b for b in range(n) if not met[a][b] or b == a]
        if any(seen[b] for b in group):
            return None
        for b in group:
            seen[b] = True
        groups.append(group)
    # an equivalence: each member's non-meetings are exactly its group
    for group in groups:
        members = set(group)
        for b in group:
            if sum(1 for c in range(n) if not met[b][c] and c != b) != len(members) - 1:
                return None
    return groups if len(groups) > 1 else None


def group_placement(rounds: Sequence[Round], label: Sequence[str | None]) -> list[int] | None:
    """Whole clubs into the design's never-met groups (issue 4 (d)), largest club first,
    each into the fullest group it still fits (best fit); a club that fits nowhere is split
    over the emptiest groups. Returns ``order`` as ``separate`` does, or None when the
    design has no such groups. Exact whenever the clubs pack into the groups: zero
    same-club meetings (48 players of 4 federations on TD(4, 12), and so on for any g)."""
    n = len(label)
    groups = never_met_groups(rounds, n)
    if groups is None:
        return None
    free = [list(g) for g in groups]
    players: dict[str | None, list[int]] = {}
    for index, value in enumerate(label):
        players.setdefault(value, []).append(index)
    sizes = Counter(v for v in label if v is not None)
    order = [-1] * n
    for value, _ in sorted(sizes.items(), key=lambda item: (-item[1], str(item[0]))):
        members = players[value]
        fitting = [g for g in free if len(g) >= len(members)]
        targets = [min(fitting, key=len)] if fitting else sorted(free, key=len, reverse=True)
        for target in targets:
            while members and target:
                order[target.pop(0)] = members.pop(0)
    rest = players.get(None, [])
    for group in free:
        for pos in group:
            order[pos] = rest.pop(0)
    return order


def separate(rounds: Sequence[Round], label: Sequence[str | None], *, seed: int, steps: int = 3000) -> list[int]:
    """A new assignment of the drawn players to positions with fewer same-label meetings.

    ``label[pos]`` is the label of the player the draw put at ``pos``. Returns ``order``
    with order[pos] = index (into the drawn order) of the player now at ``pos``. Tabu
    search: each step takes a random position in a same-label meeting and swaps it with the
    best partner of another label (recently moved positions are tabu unless the swap beats
    the best so far).
    """
    n = len(label)
    order = group_placement(rounds, label) or list(range(n))
    lab = [label[i] for i in order]
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

