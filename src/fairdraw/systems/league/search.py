"""Tabu search for seasons no construction covers (issue 5, item 3: "search for the rest").

The neighbourhood is the one that works for the social golfer problem (Dotú & Van
Hentenryck): swap two players between groups of the same session. Only players who take
part in a repeat are moved; every such swap in every free session is evaluated (with
numpy, one vectorised pass per session), the best one is taken unless it is tabu (moving
a player back into a group it left a few moves ago) and it does not beat the best season
so far; a stalled search restarts from the best season with a few random swaps.

The cost of a pair that shares a group c times is ``1000·(c-1) + 200·(c-2)² + (c-1)²``
(0 for c <= 1): the first term counts repeats, the others make a third or later meeting
of the same pair dearer than a second meeting of another pair, so that among seasons with
equal repeats the search drifts to the lowest maximum (issue 5, item 1's order). In
small, saturated fields (every pair must meet, so the repeat count is forced) that
spreading term can cost a repeat; the planner then also runs the search with the term
off (``spread=0``) and compares finished seasons strictly by (repeats, maximum).

Everything is driven by a ``random.Random`` seeded by the caller and bounded by an
iteration count, never by the clock, so the same request always gives the same season.
Sessions listed in ``frozen`` (a league's played sessions) count for the pair meetings
but are never changed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from fairdraw.systems.league.season import Season, Session

REPEAT_WEIGHT = 1000


SPREAD_WEIGHT = 200


def weight(c: int, spread: int = SPREAD_WEIGHT) -> int:
    """Cost of a pair that shared a group ``c`` times."""
    return 0 if c <= 1 else REPEAT_WEIGHT * (c - 1) + spread * (c - 2) ** 2 + (c - 1) ** 2


def greedy_session(players: int, sizes: Sequence[int], counts: list[list[int]], rng: random.Random) -> Session:
    """One session built player by player into the open group with the fewest prior
    meetings (ties at random): a cheap, decent start for the search."""
    order = list(range(players))
    rng.shuffle(order)
    groups: list[list[int]] = [[] for _ in sizes]
    for p in order:
        row = counts[p]
        best: list[int] = []
        best_cost = None
        for g, members in enumerate(groups):
            if len(members) >= sizes[g]:
                continue
            cost = sum(weight(row[r] + 1) for r in members) * 4 + len(members)
            if best_cost is None or cost < best_cost:
                best, best_cost = [g], cost
            elif cost == best_cost:
                best.append(g)
        groups[rng.choice(best)].append(p)
    return tuple(tuple(sorted(g)) for g in groups)


def greedy_extend(
    players: int, sizes: Sequence[int], before: Sequence[Session], count: int, rng: random.Random
) -> list[Session]:
    """``count`` greedy sessions that follow ``before``."""
    counts = [[0] * players for _ in range(players)]
    for session in before:
        for g in session:
            for a in g:
                for b in g:
                    if a != b:
                        counts[a][b] += 1
    made: list[Session] = []
    for _ in range(count):
        session = greedy_session(players, sizes, counts, rng)
        made.append(session)
        for g in session:
            for a in g:
                for b in g:
                    if a != b:
                        counts[a][b] += 1
    return made


class TabuSearch:
    """Minimise the weighted repeat cost of the free sessions of a season.

    Position ``n`` is a padding slot (groups of 4 fill their fifth place with it); it
    meets nobody, so it never adds to a cost.
    """

    def __init__(
        self,
        players: int,
        sessions: Sequence[Sequence[Sequence[int]]],
        *,
        frozen: Sequence[Sequence[Sequence[int]]] = (),
        rng: random.Random,
        spread: int = SPREAD_WEIGHT,
    ) -> None:
        n = players
        self.n = n
        self.rng = rng
        self.width = max((len(g) for s in sessions for g in s), default=1)
        self.members: list[np.ndarray] = []
        self.where: list[np.ndarray] = []
        for session in sessions:
            m = np.full((len(session), self.width), n, dtype=np.int64)
            group_of = np.full(n + 1, -1, dtype=np.int64)
            for gi, g in enumerate(session):
                m[gi, : len(g)] = sorted(g)
                group_of[list(g)] = gi
            self.members.append(m)
            self.where.append(group_of)
        counts = np.zeros((n + 1, n + 1), dtype=np.int64)
        for session in list(frozen) + list(sessions):
            for g in session:
                idx = np.array(sorted(g), dtype=np.int64)
                counts[np.ix_(idx, idx)] += 1
        np.fill_diagonal(counts, 0)
        counts[n, :] = 0
        counts[:, n] = 0
        self.counts = counts
        top = len(frozen) + len(sessions) + 3
        costs = [weight(c, spread) for c in range(top + 2)]
        self.w = np.array(costs[: top + 1], dtype=np.int64)
        self.inc = np.array([costs[c + 1] - costs[c] for c in range(top + 1)], dtype=np.int64)
        self.dec = np.array([0] + [costs[c - 1] - costs[c] for c in range(1, top + 1)], dtype=np.int64)
        self.cost = int(np.triu(self.w[counts], 1).sum())
        self.tabu = np.zeros((len(sessions), n + 1, max((len(s) for s in sessions), default=1)), dtype=np.int64)

    # -- moves ---------------------------------------------------------------------------
    def _session_moves(self, s: int, it: int, best_cost: int) -> tuple[int, list[tuple[int, int]]] | None:
        """Best admissible swap delta in session ``s`` and every (p, q) reaching it."""
        n = self.n
        C, inc, dec = self.counts, self.inc, self.dec
        M, where = self.members[s], self.where[s]
        players = np.arange(n)
        mates = M[where[:n]]  # (n, width): each player's group, itself included
        in_conflict = (C[players[:, None], mates] > 1).any(axis=1)
        P = players[in_conflict]
        if P.size == 0:
            return None
        own = mates[in_conflict]  # (k, width)
        own_wo = np.where(own == P[:, None], n, own)  # the group without p (padding for p)
        A = dec[C[P[:, None], own_wo]].sum(axis=1)  # p leaves its group
        B = inc[C[:n][:, own_wo]].sum(axis=2).T  # (k, n): q joins p's old group
        per_group = inc[C[P][:, M]].sum(axis=2)  # (k, G): p joins group g
        Cg = per_group[:, where[:n]] - inc[C[P][:, :n]]  # minus q itself
        D = dec[C[players[:, None], mates]].sum(axis=1)  # q leaves its group (q-q term is 0)
        delta = A[:, None] + B + Cg + D[None, :]
        same = where[:n][None, :] == where[P][:, None]
        T = self.tabu[s]
        tabu = (T[P][:, where[:n]] > it) | (T[:n][:, where[P]].T > it)
        allowed = ~same & (~tabu | (self.cost + delta < best_cost))
        if not allowed.any():
            return None
        masked = np.where(allowed, delta, np.iinfo(np.int64).max)
        low = int(masked.min())
        rows, cols = np.nonzero(masked == low)
        return low, [(int(P[r]), int(c)) for r, c in zip(rows, cols, strict=True)]

    def _swap(self, s: int, p: int, q: int) -> None:
        C = self.counts
        M, where = self.members[s], self.where[s]
        gp, gq = int(where[p]), int(where[q])
        rp = [int(r) for r in M[gp] if r != p and r != self.n]
        rq = [int(r) for r in M[gq] if r != q and r != self.n]
        before = sum(int(self.w[C[p, r]] + self.w[C[q, r]]) for r in rp + rq)
        for r in rp:
            C[p, r] -= 1
            C[r, p] -= 1
            C[q, r] += 1
            C[r, q] += 1
        for r in rq:
            C[q, r] -= 1
            C[r, q] -= 1
            C[p, r] += 1
            C[r, p] += 1
        after = sum(int(self.w[C[p, r]] + self.w[C[q, r]]) for r in rp + rq)
        self.cost += after - before
        M[gp, np.nonzero(M[gp] == p)[0][0]] = q
        M[gq, np.nonzero(M[gq] == q)[0][0]] = p
        where[p], where[q] = gq, gp

    def snapshot(self) -> Season:
        return tuple(tuple(tuple(sorted(int(x) for x in row if x != self.n)) for row in M) for M in self.members)

    def run(self, iterations: int, *, target: int = 0, stall: int = 150) -> Season:
        """Search until the cost reaches ``target`` or ``iterations`` moves were made;
        returns the best season seen."""
        rng = self.rng
        best_cost, best = self.cost, self.snapshot()
        since_best = 0
        for it in range(1, iterations + 1):
            if self.cost <= target:
                break
            found: list[tuple[int, int, int]] = []
            low: int | None = None
            for s in range(len(self.members)):
                res = self._session_moves(s, it, best_cost)
                if res is None:
                    continue
                d, moves = res
                if low is None or d < low:
                    low, found = d, [(s, p, q) for p, q in moves]
                elif d == low:
                    found.extend((s, p, q) for p, q in moves)
            if not found:
                if low is None and self.cost == best_cost:
                    break  # no player in conflict: nothing left to improve
                since_best = stall + 1
            else:
                s, p, q = found[rng.randrange(len(found))]
                gp, gq = int(self.where[s][p]), int(self.where[s][q])
                self._swap(s, p, q)
                tenure = 5 + rng.randrange(10)
                self.tabu[s, p, gp] = it + tenure
                self.tabu[s, q, gq] = it + tenure
                if self.cost < best_cost:
                    best_cost, best = self.cost, self.snapshot()
                    since_best = 0
                else:
                    since_best += 1
            if since_best > stall:
                self._restore(best)
                self._perturb(max(2, self.n // 8))
                since_best = 0
        return best

    def _restore(self, season: Season) -> None:
        for s, session in enumerate(season):
            for gi, g in enumerate(session):
                for p in g:
                    if self.where[s][p] != gi:
                        q = next(int(x) for x in self.members[s][gi] if x != self.n and int(x) not in g)
                        self._swap(s, p, q)

    def _perturb(self, moves: int) -> None:
        rng = self.rng
        for _ in range(moves):
            s = rng.randrange(len(self.members))
            p, q = rng.sample(range(self.n), 2)
            if self.where[s][p] != self.where[s][q]:
                self._swap(s, p, q)


def repair_sessions(
    players: int,
    sizes: Sequence[int],
    before: Sequence[Session],
    previous: Sequence[Sequence[Sequence[int]]],
    rng: random.Random,
) -> list[Session]:
    """Sessions shaped like ``sizes`` that keep as much of ``previous`` as possible.

    Used when attendance changes: the old plan's groups (without the players who left)
    take the new group slots largest first; whoever is left over, and every newcomer, is
    placed greedily where they have met the fewest. Newcomers have met nobody, so taking
    a leaver's place usually costs no repeat at all.
    """
    counts = [[0] * players for _ in range(players)]

    def record(session: Sequence[Sequence[int]]) -> None:
        for g in session:
            for a in g:
                for b in g:
                    if a != b:
                        counts[a][b] += 1

    for session in before:
        record(session)
    def fill(olds: list[list[int]], pool_rng: random.Random) -> tuple[int, list[list[int]]]:
        """The old groups in the slots in this order, the rest placed greedily: (cost, groups)."""
        groups: list[list[int]] = []
        placed: set[int] = set()
        for i, size in enumerate(sizes):
            keep = olds[i][:size] if i < len(olds) else []
            groups.append(list(keep))
            placed.update(keep)
        pool = [p for p in range(players) if p not in placed]
        pool_rng.shuffle(pool)
        cost = 0
        for p in pool:
            row = counts[p]
            options = [g for g in range(len(groups)) if len(groups[g]) < sizes[g]]
            scored = [(sum(weight(row[r] + 1) for r in groups[g]), g) for g in options]
            low = min(s for s, _ in scored)
            cost += low
            groups[pool_rng.choice([g for s, g in scored if s == low])].append(p)
        return cost, groups

    made: list[Session] = []
    for old in previous:
        olds = sorted((list(g) for g in old if g), key=len, reverse=True)
        # Which of equally large old groups takes a larger slot (a group of 4 that grows to 5
        # when a newcomer comes) is free: every choice is tried, the cheapest kept. Always the
        # first 4-group in list order put a newcomer with the same players session after
        # session (26 players + 1: 8 repeats where 1 was possible).
        state = rng.getstate()
        best: tuple[int, list[list[int]]] | None = None
        for order in _slot_orders(olds, sizes):
            pool_rng = random.Random()
            pool_rng.setstate(state)
            found = fill(order, pool_rng)
            if best is None or found[0] < best[0]:
                best = found
        assert best is not None
        rng.random()  # the generator moves on by one draw a session, however many orders were tried
        session = tuple(tuple(sorted(g)) for g in best[1])
        made.append(session)
        record(session)
    return made


def _slot_orders(olds: list[list[int]], sizes: Sequence[int], limit: int = 64) -> list[list[list[int]]]:
    """Orders of ``olds`` (largest first) that differ only in which of equally large groups
    go to slots of different sizes: the first is the plain order; at most ``limit``."""
    from itertools import combinations

    orders = [olds]
    for length in sorted({len(g) for g in olds}, reverse=True):
        at = [i for i, g in enumerate(olds) if len(g) == length]
        slot_sizes = [sizes[i] if i < len(sizes) else 0 for i in at]
        larger = [i for i, size in zip(at, slot_sizes, strict=True) if size > slot_sizes[-1]]
        if not larger or len(larger) == len(at):
            continue
        new_orders = []
        for base in orders:
            for chosen in combinations(at, len(larger)):
                rest = [i for i in at if i not in chosen]
                order = list(base)
                for slot, i in zip([*larger, *(i for i in at if i not in larger)], [*chosen, *rest], strict=True):
                    order[slot] = olds[i]
                new_orders.append(order)
                if len(new_orders) >= limit:
                    break
            if len(new_orders) >= limit:
                break
        orders = new_orders
    return orders
