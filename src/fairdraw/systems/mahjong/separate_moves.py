"""--separate, second stage: move players between tables within a round (issue 4 (d)).

The relabelling in ``separate.py`` keeps the design and only chooses who sits where in it, so
it cannot go below what the design's shape allows: 48 players in federations of 20, 12, 8 and
8 over 8 rounds kept 69 same-federation meetings on every design tried, where 64 are forced.
This stage changes the rounds themselves, one swap of two players of one round at a time, and
only under a rule that keeps everything ranked before separation in issue 4's order:

* every pair a swap seats together has never met in any round, so no pair meets more often
  than before, the repeat count and the maximum never rise, nobody loses a distinct opponent,
  and a round free of repeats stays free of them (the repeat-free rounds in front stay so);
* a seated player swaps with one sitting out only when the one who comes in has sat out more
  often than the one who goes out, so the spread of sit-outs never widens;
* a swap is made only when it lowers the same-club meetings; winds are assigned afterwards.

The order of the candidates comes from a generator seeded from the draw seed, so the result is
a function of the seed and the players, as the draw is.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

PosRound = list[tuple[int, ...]]

#: Swap evaluations at most (each looks at one pair of players in one round): the search
#: normally stops long before, when no swap helps; the budget bounds a field of thousands.
#: 120 players in 10 clubs over 12 rounds take about a tenth of it.
DEFAULT_BUDGET = 4_000_000

#: Passes over the players without a new best before the search stops.
PATIENCE = 30

#: The share of steps that may take a move raising the count by one.
UPHILL = 0.0

#: Steps for which a player moved in a round is not moved back by a move that lowers nothing.
TABU_STEPS = 40


def forced_meetings(rounds: Sequence[Sequence[Sequence[int]]], label: Sequence[str | None]) -> int:
    """The same-club meetings the table counts force, summed over the rounds (the floor).

    In a round with T tables a club with s players seated there has at least the pairs of
    spreading them as evenly as the tables allow: s mod T tables with ⌈s/T⌉ of them, the
    others ⌊s/T⌋. Dealing the players, sorted by club, round the tables reaches every club's
    spread at once, so the sum over clubs is what the round's tables force; the sit-outs are
    the ones given. Repeats are ignored, so the floor can be out of reach on a long schedule.
    """
    total = 0
    for rnd in rounds:
        tables = len(rnd)
        sizes: dict[str, int] = {}
        for table in rnd:
            for p in table:
                if p >= 0 and label[p] is not None:
                    value = label[p]
                    assert value is not None
                    sizes[value] = sizes.get(value, 0) + 1
        for s in sizes.values():
            q, rem = divmod(s, tables)
            total += rem * (q + 1) * q // 2 + (tables - rem) * q * (q - 1) // 2
    return total


def move_apart(rounds: Sequence[Sequence[Sequence[int]]], byes: Sequence[Sequence[int]],
               label: Sequence[str | None], *, seed: int,
               budget: int = DEFAULT_BUDGET, patience: int = PATIENCE) -> tuple[list[PosRound], list[list[int]], int]:
    """(rounds, sit-outs, swaps made): the rounds with players swapped between the tables of
    a round, or in from the sit-outs, under the rule in the module docstring.

    ``label[pos]`` is the club of the player at position ``pos``. Steepest descent: for each
    player who shares a table with a clubmate (in a seeded order) the best allowed swap of
    the round is made, until a whole pass makes none or ``budget`` evaluations are spent.
    """
    n = len(label)
    ids: dict[str, int] = {}
    # a club as a number; a player without one gets a number of their own, so matches nobody
    lid = [ids.setdefault(v, len(ids)) if v is not None else -1 - p for p, v in enumerate(label)]
    tables = [[list(t) for t in rnd] for rnd in rounds]
    outs = [list(b) for b in byes]
    met: list[dict[int, int]] = [{} for _ in range(n)]
    for rnd in tables:
        for t in rnd:
            for a in t:
                for b in t:
                    if a != b and a >= 0 and b >= 0:
                        met[a][b] = met[a].get(b, 0) + 1
    sat_out = [0] * n
    for b_list in outs:
        for p in b_list:
            sat_out[p] += 1
    rng = random.Random(seed)
    spent = 0

    def mates(t: list[int], who: int, skip: int) -> int:
        """Players at table ``t`` other than ``skip`` in club ``who``."""
        return sum(1 for o in t if o != skip and o >= 0 and lid[o] == who)

    def fresh(p: int, t: list[int], skip: int) -> bool:
        """``p`` has met nobody at table ``t`` other than ``skip``."""
        seen = met[p]
        return all(o == skip or o < 0 or o not in seen for o in t)

    def allowed(r: int, b: int, delta: int, step: int) -> bool:
        """A move that lowers the count always; one that keeps it, unless ``b`` moved in
        round ``r`` within the last ``TABU_STEPS`` steps (it would undo that move)."""
        return delta < 0 or tabu.get((r, b), 0) <= step

    def meet(p: int, t: list[int], skip: int, change: int) -> None:
        """Count ``p``'s meetings with table ``t`` (but ``skip``) up or down by ``change``."""
        for o in t:
            if o == skip or o < 0:
                continue
            c = met[p].get(o, 0) + change
            if c:
                met[p][o] = met[o][p] = c
            else:
                del met[p][o], met[o][p]

    current = sum(mates(t, lid[a], a) for rnd in tables for t in rnd for a in t if a >= 0) // 2
    best_total, best_state = current, ([list(map(list, rnd)) for rnd in tables], [list(b) for b in outs])
    tabu: dict[tuple[int, int], int] = {}
    step = stall = 0
    # the floor moves with the sit-outs, so with sit-outs only 0 ends the search early
    floor = 0 if any(outs) else forced_meetings(tables, label)
    while spent < budget and stall < patience and best_total > floor:
        todo = [(r, ti, a) for r, rnd in enumerate(tables) for ti, t in enumerate(rnd) for a in t
                if a >= 0 and mates(t, lid[a], a)]
        rng.shuffle(todo)
        stall += 1
        for r, ti, a in todo:
            ta = tables[r][ti]
            if a not in ta:
                continue
            own = mates(ta, lid[a], a)
            if not own:
                continue
            step += 1
            # now and then a move that raises the count by one, to leave a local minimum
            worst = 1 if rng.random() < UPHILL else 0
            # (delta, table index or -1 for the sit-outs, player); a move that lowers nothing
            # is taken only when no move lowers the count, and never undoes a recent one
            choice: tuple[int, int, int] | None = None
            for tj, tb in enumerate(tables[r]):
                if tj == ti:
                    continue
                here = mates(tb, lid[a], -1)
                for b in tb:
                    if b < 0 or lid[b] == lid[a]:
                        continue
                    spent += 1
                    delta = mates(ta, lid[b], a) - own + here - mates(tb, lid[b], b)
                    if delta <= worst and (choice is None or delta < choice[0]) and allowed(r, b, delta, step) \
                            and fresh(b, ta, a) and fresh(a, tb, b):
                        choice = (delta, tj, b)
            for b in outs[r]:
                # a sits out instead of b: only when b has sat out more, so the spread holds
                spent += 1
                delta = mates(ta, lid[b], a) - own
                if sat_out[b] > sat_out[a] and delta <= worst and (choice is None or delta < choice[0]) \
                        and allowed(r, b, delta, step) and fresh(b, ta, a):
                    choice = (delta, -1, b)
            if choice is None:
                continue
            delta, tj, b = choice
            meet(a, ta, a, -1)
            if tj >= 0:
                tb = tables[r][tj]
                meet(b, tb, b, -1)
                tb[tb.index(b)] = a
                meet(a, tb, a, 1)
            else:
                outs[r][outs[r].index(b)] = a
                sat_out[a] += 1
                sat_out[b] -= 1
            ta[ta.index(a)] = b
            meet(b, ta, b, 1)
            tabu[(r, a)] = tabu[(r, b)] = step + TABU_STEPS
            current += delta
            if current < best_total:
                best_total, best_state = current, ([list(map(list, rnd)) for rnd in tables], [list(b) for b in outs])
                stall = 0
            if spent >= budget or best_total <= floor:
                break
    final, final_outs = best_state
    moved = sum(1 for old, new in zip(rounds, final, strict=True)
                for t_old, t_new in zip(old, new, strict=True) for p in t_old if p >= 0 and p not in t_new)
    return [[tuple(t) for t in rnd] for rnd in final], [sorted(b) for b in final_outs], moved
