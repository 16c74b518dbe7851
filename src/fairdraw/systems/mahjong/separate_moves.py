"""--separate, second stage: move players between tables within a round (issue 4 (d)).

The relabelling in ``separate.py`` keeps the design and only chooses who sits where in it, so
it cannot go below what the design's shape allows: 48 players in federations of 20, 12, 8 and
8 over 8 rounds kept 69 same-federation meetings on every design tried, where 64 are forced.
This stage changes the rounds themselves, one move within one round at a time (two players
swapped, three rotated, or a player swapped with one sitting out), and only under a rule that
keeps everything ranked before separation in issue 4's order:

* every pair a move seats together has never met in any round, so no pair meets more often
  than before, the repeat count and the maximum never rise, nobody loses a distinct opponent,
  and a round free of repeats stays free of them (the repeat-free rounds in front stay so);
* a seated player swaps with one sitting out only when the one who comes in has sat out more
  often than the one who goes out, so the spread of sit-outs never widens;
* the search keeps the rounds with the fewest same-club meetings it saw (never more than it
  was given); winds are assigned afterwards.

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
DEFAULT_BUDGET = 600_000

#: Steps (one player's best move) without a new best before the search stops.
PATIENCE = 3000

#: The share of steps that may take a move raising the count by one.
UPHILL = 0.01

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
               budget: int = DEFAULT_BUDGET, patience: int = PATIENCE,
               fixed: Sequence[Sequence[Sequence[int]]] = (),
               fixed_byes: Sequence[Sequence[int]] = ()) -> tuple[list[PosRound], list[list[int]], int]:
    """(rounds, sit-outs, players moved): the rounds with players moved between the tables
    of a round, or in from the sit-outs, under the rule in the module docstring.

    ``label[pos]`` is the club of the player at position ``pos``. ``fixed`` and
    ``fixed_byes`` are rounds played before ``rounds`` that no move may change (a re-seat's
    kept rounds, issue 4 (d) with item 5): their meetings count as met and their sit-outs
    count in the spread, so the rule holds over the whole event, not the rounds moved only. Tabu search: each step
    takes a player who shares a table with a clubmate (in a seeded order) and makes the best
    allowed move of that round: a swap with a player of another table or a sit-out, or,
    when no swap lowers the count, a three-way rotation (a to b's seat, b to c's, c to a's).
    A swap that lowers nothing (or, now and then, raises the count by one) is taken when
    nothing lowers it, to leave a local minimum. The best rounds seen are returned once
    ``patience`` steps bring no new best or ``budget`` evaluations are spent.
    """
    search = _Search(rounds, byes, label, seed, fixed, fixed_byes)
    final, final_outs = search.run(budget, patience)
    moved = sum(1 for old, new in zip(rounds, final, strict=True)
                for t_old, t_new in zip(old, new, strict=True) for p in t_old if p >= 0 and p not in t_new)
    return [[tuple(t) for t in rnd] for rnd in final], [sorted(b) for b in final_outs], moved


Move = tuple[int, ...]  # (delta, kind, ...): kind 0 swap (tj, b), 1 sit-out (b), 2 rotation (tj, b, tk, c)


class _Search:
    """The state of ``move_apart``: the tables, the pair meetings, the sit-out counts."""

    def __init__(self, rounds: Sequence[Sequence[Sequence[int]]], byes: Sequence[Sequence[int]],
                 label: Sequence[str | None], seed: int, fixed: Sequence[Sequence[Sequence[int]]] = (),
                 fixed_byes: Sequence[Sequence[int]] = ()) -> None:
        n = len(label)
        ids: dict[str, int] = {}
        # a club as a number; a player without one gets a number of their own, so matches nobody
        self.lid = [ids.setdefault(v, len(ids)) if v is not None else -1 - p for p, v in enumerate(label)]
        self.label = label
        self.tables = [[list(t) for t in rnd] for rnd in rounds]
        self.outs = [list(b) for b in byes]
        self.met: list[dict[int, int]] = [{} for _ in range(n)]
        for rnd in [*fixed, *self.tables]:
            for t in rnd:
                for a in t:
                    for b in t:
                        if a != b and a >= 0 and b >= 0:
                            self.met[a][b] = self.met[a].get(b, 0) + 1
        self.sat_out = [0] * n
        for out in [*fixed_byes, *self.outs]:
            for p in out:
                self.sat_out[p] += 1
        self.rng = random.Random(seed)
        self.tabu: dict[tuple[int, int], int] = {}
        self.spent = self.step = 0

    def mates(self, t: list[int], who: int, skip: int) -> int:
        """Players at table ``t`` other than ``skip`` in club ``who``."""
        lid = self.lid
        return sum(1 for o in t if o != skip and o >= 0 and lid[o] == who)

    def fresh(self, p: int, t: list[int], skip: int) -> bool:
        """``p`` has met nobody at table ``t`` other than ``skip``: the rule of the module."""
        seen = self.met[p]
        return all(o == skip or o < 0 or o not in seen for o in t)

    def free(self, r: int, b: int, delta: int) -> bool:
        """A move that lowers the count always; another one unless ``b`` moved in round
        ``r`` within the last ``TABU_STEPS`` steps (it would undo that move)."""
        return delta < 0 or self.tabu.get((r, b), 0) <= self.step

    def replace(self, t: list[int], old: int, new: int) -> None:
        """``new`` takes ``old``'s seat at table ``t``; the meetings follow."""
        met = self.met
        for o in t:
            if o != old and o >= 0:
                c = met[old][o] - 1
                if c:
                    met[old][o] = met[o][old] = c
                else:
                    del met[old][o], met[o][old]
                met[new][o] = met[o][new] = met[new].get(o, 0) + 1
        t[t.index(old)] = new

    def best_move(self, r: int, ti: int, a: int) -> Move | None:
        """The best allowed move of ``a`` (at table ``ti`` of round ``r``), as ``Move``."""
        lid, tables = self.lid, self.tables[r]
        ta = tables[ti]
        own = self.mates(ta, lid[a], a)
        # now and then a move that raises the count by one, to leave a local minimum
        worst = 1 if self.rng.random() < UPHILL else 0
        choice: Move | None = None
        for tj, tb in enumerate(tables):
            if tj == ti:
                continue
            here = self.mates(tb, lid[a], -1)
            for b in tb:
                if b < 0 or lid[b] == lid[a]:
                    continue
                self.spent += 1
                delta = self.mates(ta, lid[b], a) - own + here - self.mates(tb, lid[b], b)
                if delta <= worst and (choice is None or delta < choice[0]) and self.free(r, b, delta) \
                        and self.fresh(b, ta, a) and self.fresh(a, tb, b):
                    choice = (delta, 0, tj, b)
        for b in self.outs[r]:
            # a sits out instead of b: only when b has sat out more, so the spread holds
            self.spent += 1
            delta = self.mates(ta, lid[b], a) - own
            if self.sat_out[b] > self.sat_out[a] and delta <= worst and (choice is None or delta < choice[0]) \
                    and self.free(r, b, delta) and self.fresh(b, ta, a):
                choice = (delta, 1, b)
        if choice is None or choice[0] >= 0:
            choice = self.best_rotation(r, ti, a, own) or choice
        return choice

    def best_rotation(self, r: int, ti: int, a: int, own: int) -> Move | None:
        """The best rotation that lowers the count: a to b's seat (table tj), b to c's
        (table tk), c to a's; every pair it seats together has never met."""
        lid, tables = self.lid, self.tables[r]
        ta = tables[ti]
        choice: Move | None = None
        for tj, tb in enumerate(tables):
            if tj == ti:
                continue
            here = self.mates(tb, lid[a], -1)
            for b in tb:
                if b < 0 or b == a or not self.fresh(a, tb, b):
                    continue
                gain_b = here - own - self.mates(tb, lid[b], b)
                seen = self.met[b]
                for tk, tc in enumerate(tables):
                    if tk in (ti, tj):
                        continue
                    self.spent += 1
                    # b may take only the seat of the one player of table tk it has met, if any
                    known = [o for o in tc if o in seen]
                    if len(known) > 1:
                        continue
                    there = self.mates(tc, lid[b], -1)
                    for c in known or tc:
                        self.spent += 1
                        if c < 0:
                            continue
                        delta = gain_b + there - self.mates(tc, lid[c], c) + self.mates(ta, lid[c], a)
                        if delta < 0 and (choice is None or delta < choice[0]) and self.fresh(c, ta, a):
                            choice = (delta, 2, tj, b, tk, c)
        return choice

    def apply(self, r: int, ti: int, a: int, move: Move) -> None:
        """Make ``move`` of ``a`` and mark the players it moved as recently moved."""
        tables, ta = self.tables[r], self.tables[r][ti]
        moved = [a]
        if move[1] == 0:
            _, _, tj, b = move
            self.replace(tables[tj], b, a)
            self.replace(ta, a, b)
            moved.append(b)
        elif move[1] == 1:
            _, _, b = move
            out = self.outs[r]
            out[out.index(b)] = a
            self.sat_out[a] += 1
            self.sat_out[b] -= 1
            self.replace(ta, a, b)
            moved.append(b)
        else:
            _, _, tj, b, tk, c = move
            self.replace(tables[tj], b, a)
            self.replace(tables[tk], c, b)
            self.replace(ta, a, c)
            moved += [b, c]
        for p in moved:
            self.tabu[(r, p)] = self.step + TABU_STEPS

    def snapshot(self) -> tuple[list[list[list[int]]], list[list[int]]]:
        return [[list(t) for t in rnd] for rnd in self.tables], [list(b) for b in self.outs]

    def run(self, budget: int, patience: int) -> tuple[list[list[list[int]]], list[list[int]]]:
        """The search; returns the best tables and sit-outs seen."""
        lid, tables = self.lid, self.tables
        current = sum(self.mates(t, lid[a], a) for rnd in tables for t in rnd for a in t if a >= 0) // 2
        best_total, best_state = current, self.snapshot()
        # the floor moves with the sit-outs, so with sit-outs only 0 ends the search early
        floor = 0 if any(self.outs) else forced_meetings(tables, self.label)
        last = 0
        while self.spent < budget and self.step - last < patience and best_total > floor:
            todo = [(r, ti, a) for r, rnd in enumerate(tables) for ti, t in enumerate(rnd) for a in t
                    if a >= 0 and self.mates(t, lid[a], a)]
            self.rng.shuffle(todo)
            for r, ti, a in todo:
                if a not in tables[r][ti] or not self.mates(tables[r][ti], lid[a], a):
                    continue
                self.step += 1
                move = self.best_move(r, ti, a)
                if move is not None:
                    self.apply(r, ti, a, move)
                    current += move[0]
                    if current < best_total:
                        best_total, best_state, last = current, self.snapshot(), self.step
                if self.spent >= budget or best_total <= floor or self.step - last >= patience:
                    break
        return best_state
