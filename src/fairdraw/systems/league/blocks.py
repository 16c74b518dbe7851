"""Repeat-free league blocks, dropped positions and joined blocks (issue 5, item 3).

* **Blocks.** A block is a repeat-free season on ``k·g`` positions in groups of k = 5 (or
  4): the constructions of ``fairdraw.designs`` (affine plane AG(2,5) for 25 -> 6
  sessions, transversal designs over GF(q) for 5q -> q sessions, the seed's Dutch cycles
  for 5p -> p) and, for k = 5, the seed's hand-made tables for 30, 40, 45 and 50
  (shipped under ``fairdraw/data/league``). A shipped table is used only for as many
  leading sessions as pass the check here (``season.quality``), so a typo can never slip
  into a season.
* **Dropping positions** (seed: "drop the last fifth", "ignore the 25th player"): a set of
  positions no two of which ever share a group over the sessions used can be left empty;
  every group loses at most one member, so groups of 5 become groups of 4 and the season
  stays repeat-free. The largest such set is a maximum clique of the never-met graph,
  found by branch and bound; leaving out one session sometimes allows a larger set
  (AG(2,5) without one parallel class can drop a whole line: 20..25 players, 5 sessions).
* **Adding positions** to a block in groups of 4: a new position joins one group per
  session, groups that are pairwise disjoint (so it meets nobody twice), and two new
  positions never join the same group; those groups become groups of 5. A bounded
  depth-first search finds how many sessions allow that (26 = 24 + 2 -> 6 sessions; with
  ``--prefer 4``, 41 = 40 + 1 -> 8 and 49 = 48 + 1 -> 9).
* **Joined blocks** (seed: 60 = 25 + 35, 70 = 35 + 35): disjoint blocks side by side;
  the season is repeat-free for as many sessions as its shortest block. A small
  knapsack over (groups of 5, groups of 4) picks the pieces that reach the session shape
  with the most repeat-free sessions, then the fewest pieces.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from fairdraw.designs import candidates
from fairdraw.systems.league.partition import Partition
from fairdraw.systems.league.season import Season, quality


@dataclass(frozen=True)
class Block:
    """A repeat-free season on positions 0..players-1 in groups of ``group_size``."""

    players: int
    group_size: int
    sessions: Season
    source: str


@dataclass(frozen=True)
class Piece:
    """A block with some sessions, some pairwise never-met positions left out, and (for
    blocks in groups of 4) some positions added: ``added[i][t]`` is the group that added
    position i joins in the t-th session used."""

    block: Block
    rounds: tuple[int, ...]
    dropped: tuple[int, ...]
    added: tuple[tuple[int, ...], ...] = ()

    @property
    def players(self) -> int:
        return self.block.players - len(self.dropped) + len(self.added)

    @property
    def groups(self) -> int:
        return self.block.players // self.block.group_size

    @property
    def fives(self) -> int:
        return self.groups - len(self.dropped) if self.block.group_size == 5 else len(self.added)

    @property
    def fours(self) -> int:
        return len(self.dropped) if self.block.group_size == 5 else self.groups - len(self.added)

    @property
    def clean(self) -> int:
        return len(self.rounds)

    def describe(self) -> str:
        text = f"{self.block.source} ({self.block.players} positions"
        if self.dropped:
            text += f", {len(self.dropped)} dropped"
        if self.added:
            text += f", {len(self.added)} added"
        if len(self.rounds) < len(self.block.sessions):
            text += f", {len(self.rounds)} of {len(self.block.sessions)} sessions"
        return text + ")"

    def sessions(self, count: int, offset: int) -> list[list[tuple[int, ...]]]:
        """The first ``count`` sessions, positions renumbered from ``offset`` upwards."""
        gone = set(self.dropped)
        index: dict[int, int] = {}
        for p in range(self.block.players):
            if p not in gone:
                index[p] = offset + len(index)
        first_added = offset + len(index)
        out = []
        for t, r in enumerate(self.rounds[:count]):
            groups = [[index[p] for p in group if p not in gone] for group in self.block.sessions[r]]
            for i, choice in enumerate(self.added):
                groups[choice[t]].append(first_added + i)
            out.append([tuple(g) for g in groups])
        return out


@lru_cache(maxsize=8)
def _seed_tables() -> tuple[Block, ...]:
    """The seed's league tables shipped as package data, cut to their verified prefix."""
    folder = resources.files("fairdraw") / "data" / "league"
    found = []
    for entry in sorted(folder.iterdir(), key=lambda f: f.name):
        if not entry.name.endswith(".json"):
            continue
        doc = json.loads(entry.read_text(encoding="utf-8"))
        sessions = tuple(tuple(tuple(p - 1 for p in group) for group in session) for session in doc["sessions"])
        clean = verified_prefix(doc["players"], doc["group_size"], sessions)
        if clean:
            source = f"seed table {doc['players']} [data/league/{entry.name}]"
            found.append(Block(doc["players"], doc["group_size"], sessions[:clean], source))
    return tuple(found)


def verified_prefix(players: int, size: int, sessions: Season) -> int:
    """Leading sessions that are partitions of 0..players-1 into groups of ``size`` with no
    pair sharing a group twice."""
    good = 0
    for session in sessions:
        flat = sorted(p for g in session for p in g)
        if flat != list(range(players)) or any(len(g) != size for g in session):
            break
        good += 1
    return min(good, quality(sessions[:good]).clean_prefix)


@lru_cache(maxsize=256)
def blocks(players: int, size: int) -> tuple[Block, ...]:
    """Every repeat-free block known for ``players`` positions in groups of ``size``."""
    found = [
        Block(players, size, tuple(tuple(tuple(g) for g in rnd) for rnd in d.rounds), d.source)
        for d in candidates(players, size)
        if d.clean_rounds >= 2
    ]
    if size == 5:
        found.extend(b for b in _seed_tables() if b.players == players)
    return tuple(found)


def max_never_met(block: Block, rounds: tuple[int, ...], cap: int) -> tuple[int, ...]:
    """A largest set (up to ``cap``) of positions no two of which share a group in
    ``rounds``: a maximum clique of the never-met graph, by branch and bound."""
    n = block.players
    met: list[set[int]] = [set() for _ in range(n)]
    for r in rounds:
        for group in block.sessions[r]:
            for p in group:
                met[p].update(group)
    free = [set(range(n)) - met[p] for p in range(n)]
    best: list[int] = [0] if n else []

    def grow(chosen: list[int], pool: list[int]) -> bool:
        nonlocal best
        if len(chosen) > len(best):
            best = list(chosen)
            if len(best) >= cap:
                return True
        for i, v in enumerate(pool):
            if len(chosen) + len(pool) - i <= len(best):
                return False
            rest = [u for u in pool[i + 1 :] if u in free[v]]
            if grow([*chosen, v], rest):
                return True
        return False

    grow([], list(range(n)))
    return tuple(sorted(best[:cap]))


#: Added positions per block: a few are what fields just above a groups-of-4 block need.
MAX_ADDED = 4


def add_positions(block: Block, extra: int, node_limit: int = 20000) -> tuple[tuple[int, ...], ...]:
    """Groups for ``extra`` new positions in a block of groups of 4, session by session.

    A new position joins one group per session and must never meet anyone twice, so the
    groups it joins are pairwise disjoint; two new positions never join the same group (so
    they never meet). Each group it joins becomes a group of 5. A depth-first search
    assigns all new positions session by session and keeps the deepest complete prefix;
    it is bounded by ``node_limit`` and deterministic. Returns ``added[i][t]``.
    """
    sessions = block.sessions
    limit = min(len(sessions), block.players // block.group_size)
    best: list[list[int]] = []
    used: list[set[int]] = [set() for _ in range(extra)]
    chosen: list[list[int]] = []
    nodes = 0

    def place(t: int, i: int, taken: list[int]) -> bool:
        nonlocal best, nodes
        if t == limit:
            return True
        if i == extra:
            chosen.append(list(taken))
            if len(chosen) > len(best):
                best = [list(c) for c in chosen]
            done = place(t + 1, 0, [])
            chosen.pop()
            return done
        for g, group in enumerate(sessions[t]):
            nodes += 1
            if nodes > node_limit:
                return True
            if g in taken or used[i] & set(group):
                continue
            used[i].update(group)
            taken.append(g)
            if place(t, i + 1, taken):
                return True
            taken.pop()
            used[i].difference_update(group)
        return False

    place(0, 0, [])
    return tuple(tuple(best[t][i] for t in range(len(best))) for i in range(extra)) if best else ()


@lru_cache(maxsize=256)
def added_pieces(players: int, extra: int) -> tuple[Piece, ...]:
    """Pieces of the best groups-of-4 block on ``players`` positions with ``extra`` added."""
    out = []
    for block in blocks(players, 4)[:1]:
        added = add_positions(block, extra)
        if added and len(added[0]) >= 2:
            out.append(Piece(block, tuple(range(len(added[0]))), (), added))
    return tuple(out)


@lru_cache(maxsize=256)
def pieces(players: int, size: int) -> tuple[Piece, ...]:
    """Pieces of every block for ``players`` positions: each session count, each drop."""
    out: list[Piece] = []
    for block in blocks(players, size):
        total = len(block.sessions)
        groups = players // size
        variants = [tuple(range(total))]
        if total >= 3:
            variants += [tuple(r for r in range(total) if r != skip) for skip in range(total)]
        cap = groups if size == 5 else 0
        best_by_len: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        for rounds in variants:
            drop = max_never_met(block, rounds, cap) if cap else ()
            held = best_by_len.get(len(rounds))
            if held is None or len(drop) > len(held[1]):
                best_by_len[len(rounds)] = (rounds, drop)
        for rounds, drop in best_by_len.values():
            out.extend(Piece(block, rounds, drop[:d]) for d in range(len(drop) + 1))
    return tuple(out)


@dataclass(frozen=True)
class BlockPlan:
    """Pieces side by side that exactly give the session shape; ``clean`` is the number
    of sessions the joined season stays repeat-free (its shortest piece)."""

    pieces: tuple[Piece, ...]
    clean: int

    def describe(self) -> str:
        return " + ".join(p.describe() for p in self.pieces)

    def sessions(self, count: int) -> list[tuple[tuple[int, ...], ...]]:
        """The first ``count`` (<= clean) sessions, groups of 5 listed before groups of 4."""
        parts = []
        offset = 0
        for piece in self.pieces:
            parts.append(piece.sessions(count, offset))
            offset += piece.players
        season = []
        for t in range(count):
            groups = [g for part in parts for g in part[t]]
            groups.sort(key=lambda g: -len(g))
            season.append(tuple(tuple(sorted(g)) for g in groups))
        return season


@lru_cache(maxsize=512)
def block_plan(shape: Partition) -> BlockPlan | None:
    """The joined-block plan with the most repeat-free sessions for this shape (None if
    the shape cannot be assembled from known pieces)."""
    a, b = shape.fives, shape.fours
    items: list[Piece] = []
    for g in range(1, a + b + 1):
        items.extend(p for p in pieces(5 * g, 5) if p.fives <= a and p.fours <= b)
    for g in range(1, b + 1):
        items.extend(p for p in pieces(4 * g, 4) if p.fours <= b)
    for g in range(2, a + b + 1):
        for extra in range(max(1, g - b), min(a, g, MAX_ADDED) + 1):
            items.extend(added_pieces(4 * g, extra))
    # best[(f, q)] = (clean, -pieces, chain); unbounded knapsack over both counts.
    best: dict[tuple[int, int], tuple[int, int, tuple[Piece, ...]]] = {(0, 0): (10**9, 0, ())}
    for f in range(a + 1):
        for q in range(b + 1):
            if (f, q) == (0, 0):
                continue
            top: tuple[int, int, tuple[Piece, ...]] | None = None
            for piece in items:
                prev = best.get((f - piece.fives, q - piece.fours))
                if prev is None or (piece.fives, piece.fours) == (0, 0):
                    continue
                cand = (min(prev[0], piece.clean), prev[1] - 1, (*prev[2], piece))
                if top is None or cand[:2] > top[:2]:
                    top = cand
            if top is not None:
                best[(f, q)] = top
    found = best.get((a, b))
    if found is None or not found[2]:
        return None
    return BlockPlan(pieces=tuple(sorted(found[2], key=lambda p: -p.players)), clean=found[0])
