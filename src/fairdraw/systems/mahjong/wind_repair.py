"""Winds when a seating changes during an event (issue 4 (c) with item 5): count the breaches of
new rounds after kept ones, and repair them by swapping players between tables."""

from __future__ import annotations

import random
from collections.abc import Sequence

from fairdraw.systems.mahjong.winds import wind_breach_count, winds_after


def repair_winds(kept_seats: list[list[tuple[int, ...]]], kept_pos: list[list[tuple[int, ...]]],
                 new_rounds: list[list[tuple[int, ...]]], k: int, rng: random.Random,
                 budget: int = 30) -> tuple[list[list[tuple[int, ...]]], list[list[tuple[int, ...]]], int]:
    """Winds for the new rounds after the kept ones, with table swaps where needed.

    Why: once players leave or join, the tables the repeat search chose can make the kept
    winds impossible to continue (four players at one table who all still need North in
    this block: issue 4 (c)). Such a breach is repaired by swapping a player concerned with
    a player of another table in one of the first new rounds, when the swap costs nothing of
    quality (b), which comes first (no new repeat meeting, no pair above the present maximum),
    and the wind model then has fewer breaches; at most ``budget`` wind solves."""
    seated, breaches, concerned = winds_after(kept_seats, new_rounds, k)
    met: dict[tuple[int, int], int] = {}
    for rnd in [*kept_pos, *new_rounds]:
        for table in rnd:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    key = (a, b) if a < b else (b, a)
                    met[key] = met.get(key, 0) + 1

    def m(a: int, b: int) -> int:
        return met.get((a, b) if a < b else (b, a), 0)

    def worsens_meetings(table: tuple[int, ...], other: tuple[int, ...], p: int, q: int) -> bool:
        """Whether p (at ``table``) and q (at ``other``) changing tables costs quality (b): one
        more repeat meeting, or a pair meeting more often than any pair does now."""
        stay_t = [x for x in table if x != p]
        stay_u = [x for x in other if x != q]
        more_repeats = (sum(m(p, x) >= 1 for x in stay_u) - sum(m(p, x) >= 2 for x in stay_t)
                        + sum(m(q, x) >= 1 for x in stay_t) - sum(m(q, x) >= 2 for x in stay_u))
        ceiling = max(met.values(), default=0)
        return more_repeats > 0 or any(m(p, x) >= ceiling for x in stay_u) or any(m(q, x) >= ceiling for x in stay_t)

    def move(table: tuple[int, ...], leaving: int, coming: int, sign: int) -> None:
        for x in table:
            if x != leaving:
                key = (leaving, x) if leaving < x else (x, leaving)
                met[key] = met.get(key, 0) - sign
                key = (coming, x) if coming < x else (x, coming)
                met[key] = met.get(key, 0) + sign

    solves = 1
    accepted = False
    first = new_rounds[:k]  # a breach lives in the block the kept rounds leave unfinished
    while breaches and solves < budget:
        improved = False
        for p in concerned:
            for r, rnd in enumerate(first):
                t = next((i for i, table in enumerate(rnd) if p in table), None)
                if t is None:
                    continue
                options = [(u, q) for u, table in enumerate(rnd) if u != t for q in table]
                rng.shuffle(options)
                for u, q in options[:24]:  # a sample: each try is a wind solve
                    if worsens_meetings(rnd[t], rnd[u], p, q):
                        continue
                    trial = [list(x) for x in new_rounds]
                    trial[r][t] = tuple(q if x == p else x for x in rnd[t])
                    trial[r][u] = tuple(p if x == q else x for x in rnd[u])
                    trial_rounds = [[tuple(tb) for tb in x] for x in trial]
                    s2, b2, c2 = winds_after(kept_seats, trial_rounds, k, effort=0.3)  # a quick look
                    solves += 1
                    if b2 < breaches:
                        move(rnd[t], p, q, 1)
                        move(rnd[u], q, p, 1)
                        new_rounds, seated, breaches, concerned = trial_rounds, s2, b2, c2
                        first = new_rounds[:k]
                        improved = accepted = True
                        break
                    if solves >= budget:
                        break
                if improved or solves >= budget:
                    break
            if improved or solves >= budget:
                break
        if not improved:
            break
    if accepted and breaches:  # judged by quick solves: settle the winds of the result properly
        settled, settled_breaches, _ = winds_after(kept_seats, new_rounds, k)
        if settled_breaches <= breaches:
            seated, breaches = settled, settled_breaches
    return new_rounds, seated, breaches


def breaches_after_kept(kept: Sequence[Sequence[Sequence[int]]], new: Sequence[Sequence[Sequence[int]]], k: int) -> int:
    """The wind breaches of ``new`` rounds after ``kept`` ones (``wind_breach_count``, only
    the blocks of k games that hold a new game)."""
    played: dict[int, list[int]] = {}  # player -> winds in play order, the kept games first

    def play(rounds: Sequence[Sequence[Sequence[int]]]) -> None:
        for rnd in rounds:
            for table in rnd:
                for seat, p in enumerate(table):
                    if p >= 0:
                        played.setdefault(p, []).append(seat)

    play(kept)
    kept_games = {p: len(seq) for p, seq in played.items()}
    play(new)
    return sum(wind_breach_count(seq, k, kept_games.get(p, 0)) for p, seq in played.items())
