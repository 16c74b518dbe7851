"""Repeat-free seats for the extra players of a short field, found by backtracking.

Why: ``substitute`` seats the b = n mod 4 extras of a field in the seats of players who sit out
(issue 4, build 1: ``--byes``). Near the design's last round an extra must meet almost every
other player once, and the greedy choice repeats. Seating one extra is an exact packing: in
every round it takes one seat, its three tablemates ("own" players) must never have met it
before, and the player whose seat it takes sits out, at most once (the even spread). A
depth-first search that always fills the round with the fewest open seats (the
most-constrained-first rule), and in that round tries first the seat that closes the fewest
open seats elsewhere (least constraining: ``_least_constraining``), solves it in a few hundred
nodes where CP-SAT needed several work units (66 players over AG(3,4)'s 21 rounds, 101 over
the 100-player design's 33, 114 over the 112-player design's 37). The
extras are seated one after another: each later one treats the earlier ones as players it
may meet once, and their sit-outs as used. Designs developed over Z_m need no search: an
extra that follows one seat around the group meets every moving player once
(``_cyclic_seats``; 102, 118 players at the bound, where the search is slow or fails).

The search is deterministic: a seeded generator orders the seats, and node counts, never the
clock, bound it (restarts after ``RESTART_NODES`` nodes, then twice as many each time, a fresh
order each time).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

Round = list[tuple[int, ...]]
Seats = dict[tuple[int, int, int], int]

#: Nodes of one depth-first attempt before it restarts with another order of the seats.
RESTART_NODES = 400
#: Nodes for one extra in one pass (restarts included); after these the next pass starts afresh.
NODES_PER_EXTRA = 20000
#: Nodes in all, over every pass (about 0.2 ms each for a hundred players).
NODES = 80000


class _Options:
    """Every seat the extra could take, as rows of bit masks (numpy, 64 players a word)."""

    def __init__(self, base: Sequence[Round], n: int, seats: Seats, gone: set[int]) -> None:
        words = (n + 63) // 64
        self.rounds = len(base)
        rows: list[tuple[int, int, int, int, list[int]]] = []
        for r, rnd in enumerate(base):
            for ti, table in enumerate(rnd):
                occupants = [seats.get((r, ti, si), p) for si, p in enumerate(table)]
                for si, p in enumerate(table):
                    if (r, ti, si) in seats or p in gone:
                        continue
                    rows.append((r, ti, si, p, [q for sj, q in enumerate(occupants) if sj != si]))
        self.round = np.array([row[0] for row in rows], dtype=np.int64)
        # rows come round by round: round r's options are rows start[r] .. start[r + 1] - 1
        self.start = np.searchsorted(self.round, np.arange(self.rounds + 1))
        self.seat = [(row[1], row[2]) for row in rows]
        self.sitter = [row[3] for row in rows]
        own = np.zeros((words, len(rows)), dtype=np.uint64)
        out = np.zeros((words, len(rows)), dtype=np.uint64)
        for i, (_, _, _, p, mates) in enumerate(rows):
            for q in mates:
                own[q // 64, i] |= np.uint64(1 << (q % 64))
            out[p // 64, i] |= np.uint64(1 << (p % 64))
        self.own = list(own)  # one contiguous array per word
        self.out = list(out)
        self.words = words

    def free(self, met: list[int], gone: list[int]) -> np.ndarray:
        """Which options are still open: none of the seat's tablemates has met the extra
        (``met``) and the player whose seat it is has not sat out (``gone``), as bit words."""
        blocked = np.zeros(len(self.seat), dtype=bool)
        for w in range(self.words):
            blocked |= ((self.own[w] & np.uint64(met[w])) | (self.out[w] & np.uint64(gone[w]))) != 0
        return ~blocked


def _words(players: set[int], words: int) -> list[int]:
    mask = [0] * words
    for q in players:
        mask[q // 64] |= 1 << (q % 64)
    return mask


def _least_constraining(opts: _Options, free: np.ndarray, here: list[int]) -> list[int]:
    """``here`` ordered by how many open options each would close (fewest first; ties keep the
    shuffled order). Why: after the most constrained round, the value that leaves the others
    most room; on the 112-player design with 2 extras (114 players, 37 rounds) the second extra
    found seats for 2 of 6 seeds with the shuffled order alone, 7 of 8 with this order.

    Taking option i closes option j when j's tablemates include one of i's (the extra would
    meet that player twice) or j's seat belongs to i's player (who would sit out twice)."""
    idx = np.array(here)
    closes = np.zeros((len(here), len(free)), dtype=bool)
    for w in range(opts.words):
        closes |= (opts.own[w][None, :] & opts.own[w][idx][:, None]) != 0
        closes |= (opts.out[w][None, :] & opts.out[w][idx][:, None]) != 0
    closed = (closes & free[None, :]).sum(axis=1)
    return [here[j] for j in np.argsort(closed, kind="stable")]


def _search(
    opts: _Options, gone0: set[int], skips: int, rng: random.Random, limit: int
) -> tuple[dict[int, int | None] | None, int]:
    """(round -> option index (None: the extra sits out), or None; nodes spent). None with
    at most ``limit`` nodes spent means the whole tree was searched: there is no answer.

    An option is open while none of its tablemates has met the extra and the player whose
    seat it is has not sat out; the extra may sit out ``skips`` rounds (the spread's most)."""
    met = [0] * opts.words
    gone = _words(gone0, opts.words)
    chosen: dict[int, int | None] = {}
    start = [int(v) for v in opts.start]
    nodes = 0

    def descend(skips_left: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > limit:
            return False
        if len(chosen) == opts.rounds:
            return True
        free = opts.free(met, gone)
        counts = np.bincount(opts.round[free], minlength=opts.rounds)
        waiting = [r for r in range(opts.rounds) if r not in chosen]
        r = min(waiting, key=lambda w: (int(counts[w]), w))  # the most constrained round first
        if counts[r] == 0 and skips_left == 0:
            return False
        here = [int(i) + start[r] for i in np.flatnonzero(free[start[r]:start[r + 1]])]
        rng.shuffle(here)
        if len(here) > 1:
            here = _least_constraining(opts, free, here)
        for i in here:
            chosen[r] = i
            saved = met[:], gone[:]
            for w in range(opts.words):
                met[w] |= int(opts.own[w][i])
                gone[w] |= int(opts.out[w][i])
            if descend(skips_left):
                return True
            met[:], gone[:] = saved
            del chosen[r]
            if nodes > limit:
                return False
        if skips_left:
            chosen[r] = None
            if descend(skips_left - 1):
                return True
            del chosen[r]
        return False

    return (dict(chosen) if descend(skips) else None), nodes


def _seat_in_turn(
    base: Sequence[Round], n: int, first: _Options, rng: random.Random, skips: int, nodes: int
) -> tuple[Seats, int, int, bool]:
    """One pass: the extras in order, each with up to ``nodes`` nodes (in restarts); stops at
    the first it cannot seat. ``first`` is the first extra's options (the same in every pass:
    nothing is seated yet). Returns (seats, extras seated, nodes spent, whether the one it
    stopped at was proved impossible)."""
    base_n = sum(len(t) for t in base[0])
    seats: Seats = {}
    gone: set[int] = set()
    spent_all = 0
    for count, extra in enumerate(range(base_n, n)):
        opts = first if count == 0 else _Options(base, n, seats, gone)
        found = None
        spent = 0
        limit = RESTART_NODES
        proved = False
        while found is None and not proved and spent < nodes:
            # restarts that double: short ones beat the heavy tail, long ones reach deep answers
            limit = min(limit, nodes - spent)
            found, used = _search(opts, gone, skips, rng, limit)
            proved = found is None and used <= limit
            spent += used
            limit *= 2
        spent_all += spent
        if found is None:
            return seats, count, spent_all, proved
        for i in found.values():
            if i is not None:
                ti, si = opts.seat[i]
                seats[(int(opts.round[i]), ti, si)] = extra
                gone.add(opts.sitter[i])
    return seats, n - base_n, spent_all, False


def _translation(base: Sequence[Round]) -> tuple[int, int] | None:
    """(m, classes) when every round is the one before moved by x -> x + 1 inside blocks of m
    players (block c holds c·m .. c·m + m - 1; the players past the blocks stay put): the
    shape of a base round developed over Z_m (``designs.cyclic``), found from the rounds alone."""
    if len(base) < 2:
        return None
    base_n = sum(len(t) for t in base[0])
    following = [{tuple(sorted(t)) for t in rnd} for rnd in base]
    for m in range(len(base), base_n // 3 + 1):
        classes = base_n // m

        def move(p: int) -> int:
            return p if p >= classes * m else (p // m) * m + (p % m + 1) % m

        if all({tuple(sorted(move(p) for p in t)) for t in base[r]} == following[r + 1] for r in range(len(base) - 1)):
            return m, classes
    return None


def _cyclic_seats(base: Sequence[Round], n: int, rng: random.Random) -> Seats | None:
    """Seats for every extra from the design's own symmetry, or None where it has none.

    With rounds developed over Z_m (``_translation``), an extra that takes seat s of table T in
    round 0 and the moved seat in every later round meets T's other players moved by 0 .. R-1
    (R <= m): all different when they lie in different blocks, none of them fixed. The
    players whose seats it takes are one block's, each once; a second extra uses another table
    and another block, so the two never share a table nor a sit-out."""
    found = _translation(base)
    if found is None:
        return None
    m, classes = found
    base_n = sum(len(t) for t in base[0])
    choices = []
    for ti, table in enumerate(base[0]):
        if any(p >= classes * m for p in table):
            continue
        for si, p in enumerate(table):
            if len({q // m for sj, q in enumerate(table) if sj != si}) == len(table) - 1:
                choices.append((ti, si, p // m))
    rng.shuffle(choices)
    picked: list[tuple[int, int]] = []
    used_tables: set[int] = set()
    used_blocks: set[int] = set()
    for ti, si, block in choices:
        if len(picked) == n - base_n:
            break
        if ti not in used_tables and block not in used_blocks:
            picked.append((ti, si))
            used_tables.add(ti)
            used_blocks.add(block)
    if len(picked) < n - base_n:
        return None
    where = [{p: (ti, si) for ti, t in enumerate(rnd) for si, p in enumerate(t)} for rnd in base]
    seats: Seats = {}
    for extra, (ti, si) in zip(range(base_n, n), picked, strict=True):
        p = base[0][ti][si]
        for r in range(len(base)):
            c, x = divmod(p, m)
            seats[(r, *where[r][c * m + (x + r) % m])] = extra
    return seats


def seat_extras_by_search(base: Sequence[Round], n: int, *, seed: int, skips: int = 1) -> tuple[Seats, int]:
    """Seats (round, table, seat) -> extra for as many extras, in order, as the search seats
    without a repeat, and how many that is (all n - m·k when it succeeds).

    When a later extra finds no seats, the earlier ones are seated afresh (their choice is
    what blocks it) until ``NODES`` are spent; the pass that seated most is returned. Every
    base player sits out at most once and every extra at most ``skips`` times: the spread
    when b·R <= n (``substitute.sit_out_range`` is then (0, 1)).
    """
    rng = random.Random(seed)
    extras = n - sum(len(t) for t in base[0])
    cyclic = _cyclic_seats(base, n, rng)
    if cyclic is not None:
        return cyclic, extras
    best: tuple[Seats, int] = ({}, 0)
    first = _Options(base, n, {}, set())
    spent = 0
    while spent < NODES:
        seats, count, used, proved = _seat_in_turn(base, n, first, rng, skips, NODES_PER_EXTRA)
        spent += used
        if count > best[1]:
            best = (seats, count)
        if count == extras or (proved and count == 0):
            break  # all seated, or not even the first extra can be (AG(2,4)'s 5 rounds)
    return best
