"""Winds after kept rounds by Kempe chains (issue 4 (c) with item 5: a re-seat keeps the winds
already played and continues their balance).

Why: the new rounds' winds are an edge colouring of tables against each player's blocks of 4
games (``winds``), but a block the kept rounds left unfinished already holds some winds: a list
edge colouring, which the balanced colouring ignores and CP-SAT improves only slowly (a
93-player re-seat from round 3 with sit-outs: 163 breaches in the colouring, 109 after 50 s of
CP-SAT). Swapping two winds along an alternating chain keeps every table a permutation of the
winds and every block whole except at the chain's two ends, so a breach moves or vanishes
there: the classic repair of edge colourings (the flip ``colour_bipartite`` makes), here as a
local search with a step count, so that the answer is the same on every machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from fairdraw.systems.mahjong.winds import wind_breach_count

#: The most swaps one chain makes: longer chains rarely pay and cost their evaluation (93 players
#: from round 3, 40,000 steps: limit 6 left 10 breaches, 12 left 1, 24 none but took 1.5x the time)
CHAIN_LIMIT = 12


class _Colouring:
    """The new games' winds: per table the player in each seat, per player their games."""

    def __init__(self, history: dict[int, list[int]], seated: Sequence[Sequence[Sequence[int]]], size: int) -> None:
        self.size = size
        self.before = {p: len(winds) for p, winds in history.items()}
        self.tables = [[list(table) for table in rnd] for rnd in seated]
        self.games: dict[int, list[tuple[int, int]]] = {}  # player -> (round, table) of each new game
        self.game_in: dict[tuple[int, int], int] = {}  # (player, round) -> index of that new game
        self.winds: dict[int, list[int]] = {}  # player -> every wind, the kept ones first
        for r, rnd in enumerate(self.tables):
            for t, table in enumerate(rnd):
                for seat, p in enumerate(table):
                    self.game_in[(p, r)] = len(self.games.setdefault(p, []))
                    self.games[p].append((r, t))
                    self.winds.setdefault(p, list(history.get(p, []))).append(seat)
        self.cost = {p: self.player_cost(p) for p in self.games}

    def wind(self, p: int, game: int) -> int:
        return self.winds[p][self.before.get(p, 0) + game]

    def player_cost(self, p: int) -> int:
        return wind_breach_count(self.winds[p], self.size, self.before.get(p, 0))

    def _swap(self, r: int, t: int, a: int, b: int) -> None:
        table = self.tables[r][t]
        table[a], table[b] = table[b], table[a]
        for seat in (a, b):
            p = table[seat]
            self.winds[p][self.before.get(p, 0) + self.game_in[(p, r)]] = seat

    def block_games(self, p: int, game: int) -> range:
        """The player's new games in the block (of ``size`` games of the whole event) of ``game``."""
        before = self.before.get(p, 0)
        start = (before + game) // self.size * self.size - before
        return range(max(0, start), min(len(self.games[p]), start + self.size))

    def chain(self, p: int, game: int, new: int, limit: int) -> list[tuple[int, int, int]]:
        """The seats that change when ``p``'s ``game`` takes wind ``new``: at each table the
        player holding ``new`` takes the old wind, and in each block a game that then clashes
        passes the change on. Returns (round, table, seat) pairs swapped, in order."""
        old = self.wind(p, game)
        swaps: list[tuple[int, int, int]] = []
        seen: set[tuple[int, int]] = set()
        frontier = [(p, game, old, new)]
        while frontier and len(swaps) < limit:
            player, g, a, b = frontier.pop()
            r, t = self.games[player][g]
            if (r, t) in seen:
                continue
            seen.add((r, t))
            table = self.tables[r][t]
            if b >= len(table) or table[a] != player:
                continue
            other = table[b]
            swaps.append((r, t, a * self.size + b))
            self._swap(r, t, a, b)
            # the player now on b clashes with another of their games on b in that block, and the
            # player moved to a with another game on a: each such game passes the swap on
            for who, wind, back in ((player, b, a), (other, a, b)):
                g_who = self.game_in[(who, r)]
                for h in self.block_games(who, g_who):
                    if h != g_who and self.wind(who, h) == wind:
                        frontier.append((who, h, wind, back))
                        break
        return swaps

    def undo(self, swaps: list[tuple[int, int, int]]) -> None:
        for r, t, code in reversed(swaps):
            self._swap(r, t, *divmod(code, self.size))

    def touched(self, swaps: list[tuple[int, int, int]]) -> set[int]:
        out: set[int] = set()
        for r, t, code in swaps:
            a, b = divmod(code, self.size)
            out.update((self.tables[r][t][a], self.tables[r][t][b]))
        return out


def polish_winds(history: dict[int, list[int]], seated: Sequence[Sequence[Sequence[int]]], size: int,
                 rng: random.Random, steps: int) -> tuple[list[list[tuple[int, ...]]], int]:
    """Fewer wind breaches for ``seated`` (seat = wind) after the kept ``history`` (player ->
    winds played), by simulated annealing over Kempe chains started at a breached player's game.
    Returns the seats and their breaches (``wind_breach_count`` summed over the players)."""
    state = _Colouring(history, seated, size)
    total = sum(state.cost.values())
    best_total, best = total, [[tuple(x) for x in rnd] for rnd in state.tables]
    breached = [p for p, c in state.cost.items() if c]
    for step in range(steps):
        if total == 0:
            break
        if step % 64 == 0:
            breached = [p for p, c in state.cost.items() if c]
        p = breached[rng.randrange(len(breached))]
        game = rng.randrange(len(state.games[p]))
        new = rng.randrange(size - 1)
        old = state.wind(p, game)
        new += new >= old
        swaps = state.chain(p, game, new, CHAIN_LIMIT)
        players = state.touched(swaps)
        after = {x: state.player_cost(x) for x in players}
        delta = sum(after.values()) - sum(state.cost[x] for x in players)
        temperature = 0.5 * (1 - step / steps) + 0.01
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            state.cost.update(after)
            total += delta
            if total < best_total:
                best_total, best = total, [[tuple(x) for x in rnd] for rnd in state.tables]
        else:
            state.undo(swaps)
    return best, best_total
