"""A re-seat that mends the old rounds instead of drawing them again (issue 4 item 5).

Why: when a player leaves, each later round of the old plan has one table short of a player
and every other table still repeat-free. Drawing those rounds afresh (or picking who sits out
with no regard to the broken tables) throws that away: 32 players on the seed tables, one
leaving after round 3, came back with 29 repeat meetings where letting the leaver's table-mates
sit out, one round each, costs none. So each round here keeps its complete tables, lets a
player on their own (a newcomer, an old sit-out) take the seat of someone entitled to sit out
at a table they have not met, sits out players from the broken tables while the even spread of
sit-outs allows it, and seats the rest at new tables chosen for the fewest repeats.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from fairdraw.designs.extend import PairCounts

Table = tuple[int, ...]

#: Tries per round, each with another choice among equally entitled sit-outs; the cheapest wins.
TRIES = 12


def _cost_with(pc: PairCounts, table: Sequence[int], group: Sequence[int]) -> int:
    """Pair cost (``PairCounts``) of seating ``group`` at ``table``, the group's own pairs included."""
    return sum(pc.join_cost(a, [*table, *group[i + 1:]]) for i, a in enumerate(group))


def _repeat_cost(pc: PairCounts, table: Sequence[int], group: Sequence[int]) -> int:
    """``_cost_with`` less what the pairs would cost as first meetings (1 each): what repeats add."""
    pairs = len(group) * len(table) + len(group) * (len(group) - 1) // 2
    return _cost_with(pc, table, group) - pairs


def _seat_groups(groups: list[list[int]], tables: int, k: int, pc: PairCounts, rng: random.Random) -> list[list[int]]:
    """``tables`` tables of k from the loose groups (parts of old tables, single players).

    Each table starts from the largest group left and takes whole groups while one fits, else
    single players: the fewest repeats first, then the larger group (old table-mates kept
    together change the printed plan least)."""
    left = sorted(groups, key=lambda g: (-len(g), rng.random()))
    out: list[list[int]] = []
    for _ in range(tables):
        table = list(left.pop(0))
        while len(table) < k:
            room = k - len(table)
            fitting = [g for g in left if len(g) <= room]
            if fitting:
                group = min(fitting, key=lambda g: (_repeat_cost(pc, table, g), -len(g), rng.random()))
                left.remove(group)
            else:  # only larger groups are left: take their cheapest player
                options = [(g, p) for g in left for p in g]
                g, p = min(options, key=lambda gp: (_repeat_cost(pc, table, [gp[1]]), rng.random()))
                g.remove(p)
                group = [p]
            table.extend(group)
        out.append(table)
    return out


def _patch_round(
    old_tables: Sequence[Sequence[int]], loose: Sequence[int], n: int, k: int, sit_out: int,
    byes_so_far: Sequence[int], pc: PairCounts, rng: random.Random,
) -> tuple[list[Table], list[int], int]:
    """One round mended: (tables, sit-outs, pair cost of the tables that are new).

    Sit-outs come from those with the fewest sit-outs so far (the floor/ceil spread of issue 4
    build 1). A loose player on their own first takes the seat of an entitled player at a table
    they have not met; then loose players sit out, so complete tables survive. When no loose
    player is entitled, an entitled player's table is broken up and its others become loose."""
    complete = [list(t) for t in old_tables if len(t) == k]
    groups = [list(t) for t in old_tables if 0 < len(t) < k] + [[p] for p in loose]
    out: list[int] = []
    swapped: list[list[int]] = []  # complete tables where a single player took a sit-out's seat
    singles = [g[0] for g in groups if len(g) == 1]
    rng.shuffle(singles)
    for single in singles[:sit_out]:
        # A player on their own (a newcomer, an old sit-out) takes the seat of someone entitled
        # to sit out, at a table of players they have not met: 3 newcomers in a 120-player
        # event each joined the same broken table, session after session (max meetings 10).
        fewest = min(byes_so_far[p] for p in range(n) if p not in out and p != single)
        if byes_so_far[single] < fewest:
            continue  # the one with the fewest sit-outs sits out (the even spread of build 1)
        options = [(t, p) for t in complete for p in t if byes_so_far[p] == fewest]
        if not options:
            break
        table, p = min(options, key=lambda tp: (_repeat_cost(pc, [x for x in tp[0] if x != tp[1]], [single]),
                                                rng.random()))
        if _repeat_cost(pc, [x for x in table if x != p], [single]):
            continue  # no fresh table: the single player stays loose
        complete.remove(table)
        swapped.append([single if x == p else x for x in table])
        groups.remove([single])
        out.append(p)
    for _ in range(sit_out - len(out)):
        fewest = min(byes_so_far[p] for p in range(n) if p not in out)
        entitled = [p for g in groups for p in g if byes_so_far[p] == fewest]
        if not entitled:  # break up a seated table of someone entitled (a swapped one too)
            p = rng.choice([p for t in [*complete, *swapped] for p in t if byes_so_far[p] == fewest and p not in out])
            holder = complete if any(p in t for t in complete) else swapped
            table = next(t for t in holder if p in t)
            holder.remove(table)
            groups.append(table)
            entitled = [p]
        p = rng.choice(entitled)
        group = next(g for g in groups if p in g)
        group.remove(p)
        if not group:
            groups.remove(group)
        out.append(p)
    new = swapped + _seat_groups(groups, (n - sit_out) // k - len(complete) - len(swapped), k, pc, rng)
    cost = sum(_cost_with(pc, (), t) for t in new)
    return [tuple(t) for t in complete + new], sorted(out), cost


def patched_rounds(
    old_rounds: Sequence[Sequence[Sequence[int]]], n: int, k: int, byes_so_far: list[int], pc: PairCounts,
    rng: random.Random,
) -> tuple[list[list[Table]], list[list[int]]]:
    """The old rounds' tables (as positions of the new field, leavers already removed) mended
    for the new field: (rounds, sit-outs). Whoever the old round did not seat (newcomers, its
    sit-outs) is loose. ``byes_so_far`` and ``pc`` are brought up to date."""
    rounds: list[list[Table]] = []
    byes: list[list[int]] = []
    for tables in old_rounds:
        seated_before = {p for t in tables for p in t}
        loose = [p for p in range(n) if p not in seated_before]
        tries = [_patch_round(tables, loose, n, k, n % k, byes_so_far, pc, rng) for _ in range(TRIES)]
        seated, out, _ = min(tries, key=lambda t: t[2])
        for p in out:
            byes_so_far[p] += 1
        for t in seated:
            pc.add_table(t)
        rounds.append(seated)
        byes.append(out)
    return rounds, byes
