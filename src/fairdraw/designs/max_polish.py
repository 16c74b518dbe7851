"""A last pass for issue 4 (b): at the fewest repeats, the lowest maximum meetings of any pair.

Why: the tabu search (``extend.improve_with_byes``) weighs repeats far above everything else
and sees the maximum only through a sum of squares, so a schedule can end with one pair at a
count that a single swap takes down at no cost in repeats (37 players in 22 rounds with
``--byes``: 522 repeats and one pair meeting 4 times, where swapping one of them with a player
at another table gives 522 and at most 3). This pass looks only at the pairs at the maximum and
tries to move one of the two to another table of a round where they meet, keeping a swap only
when (repeats, maximum, pairs at the maximum) goes down, so it ends, never undoes the repeat
count, and is deterministic (no random draw: rounds, tables and seats in order).

Only swaps of two seated players: every player stays once per round and sit-outs stay as they
were (the even spread of ``--byes``). Rounds before ``start`` (the repeat-free front) are left
alone; the winds are assigned afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence

Round = list[tuple[int, ...]]


class _Meetings:
    """Pair meeting counts with a histogram of counts, so the maximum and how many pairs hold
    it are known after every change without a scan of all pairs."""

    def __init__(self, n: int, rounds: Sequence[Sequence[Sequence[int]]]) -> None:
        self.m = [[0] * n for _ in range(n)]
        self.hist: dict[int, int] = {}
        self.repeats = 0
        for rnd in rounds:
            for table in rnd:
                self.table(table, 1)

    def bump(self, a: int, b: int, step: int) -> None:
        c = self.m[a][b]
        if c:
            self.hist[c] -= 1
        c += step
        self.m[a][b] = self.m[b][a] = c
        if c:
            self.hist[c] = self.hist.get(c, 0) + 1
        self.repeats += max(0, c - 1) - max(0, c - step - 1)

    def table(self, table: Sequence[int], step: int) -> None:
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                self.bump(a, b, step)

    def quality(self) -> tuple[int, int, int]:
        """(repeats, maximum, pairs at the maximum): lower is better, in this order."""
        top = max((c for c, count in self.hist.items() if count), default=0)
        return self.repeats, top, self.hist.get(top, 0)

    def move(self, a_rest: Sequence[int], b_rest: Sequence[int], p: int, q: int, step: int) -> None:
        """p leaves the table of ``a_rest`` for that of ``b_rest`` and q the other way (step 1),
        or back (step -1)."""
        for a in a_rest:
            self.bump(p, a, -step)
            self.bump(q, a, step)
        for b in b_rest:
            self.bump(q, b, -step)
            self.bump(p, b, step)


def lower_the_maximum(rounds: Sequence[Round], n: int, *, start: int = 0, budget: int = 2000) -> list[Round]:
    """``rounds`` with swaps in rounds ``start``... that lower (repeats, maximum meetings, pairs
    at the maximum); at most ``budget`` swaps (a count, so the answer is the same everywhere)."""
    work = [[list(t) for t in rnd] for rnd in rounds]
    meetings = _Meetings(n, work)
    tries = [budget * 40]  # swaps looked at, over the whole pass: about a second at most
    for _ in range(budget):
        now = meetings.quality()
        # at a maximum of 2 every repeat is a pair at the maximum: only fewer repeats would
        # help, which is the tabu search's work, and the scan would visit nearly every seat
        if now[1] <= 2:
            break
        found = _one_swap(work, meetings, now, start, tries)
        if not found:
            break
    # seats in their order (a swapped-in player takes the other's place): with no swap the
    # rounds come back exactly as given, and the winds and table numbers drawn from them too
    return [[tuple(t) for t in rnd] for rnd in work]


def _one_swap(work: list[list[list[int]]], meetings: _Meetings, now: tuple[int, int, int], start: int,
              tries: list[int]) -> bool:
    """Apply the first swap that improves ``now``; False when none of a pair at the maximum
    does, or the swaps to look at (``tries[0]``, counted down) are spent."""
    top = now[1]
    for r in range(start, len(work)):
        rnd = work[r]
        for ti, table in enumerate(rnd):
            hot = [p for p in table if any(o != p and meetings.m[p][o] == top for o in table)]
            for p in hot:
                pi = table.index(p)
                rest_a = [x for x in table if x != p]
                for tj, other in enumerate(rnd):
                    if tj == ti:
                        continue
                    for qj, q in enumerate(other):
                        tries[0] -= 1
                        if tries[0] < 0:
                            return False
                        rest_b = [x for x in other if x != q]
                        meetings.move(rest_a, rest_b, p, q, 1)
                        if meetings.quality() < now:
                            table[pi], other[qj] = q, p
                            return True
                        meetings.move(rest_a, rest_b, p, q, -1)
    return False
