"""Balanced winds: an equitable 4-edge-colouring of the player/table incidence graph.

Issue 4, quality (c): every player sits each wind floor(R/4) or ceil(R/4) times, and
exactly once per wind in every block of 4 rounds. Model: a bipartite graph whose left
nodes are the tables of the schedule (4 seats each) and whose right nodes are "chunks"
of a player: the player's 1st-4th games form chunk 0, the 5th-8th chunk 1, and so on
(without byes chunk j is exactly round block j). Every node has degree at most 4, so by
König's edge-colouring theorem the edges can be coloured with 4 colours, no colour twice
at a node: each table gets the four winds, each chunk has each wind at most once. Hence
every full block gives each wind exactly once and the last block at most once, which is
the floor/ceil balance. The colouring is built edge by edge; when no colour is free at
both ends, an alternating a/b path is flipped (the standard constructive proof).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

WINDS = ("East", "South", "West", "North")
# Kempe-chain steps per unit of ``winds_after``'s effort (5 for a re-seat: 40,000 steps, about
# 4 s for 93 players over 29 rounds, where CP-SAT alone left 109 breaches of 163 in 50 s)
CHAIN_STEPS_PER_EFFORT = 8000
# Up to this many seats in the new rounds, CP-SAT with its LP alone: it proves the fewest
# breaches at once there (12 players over 5 rounds), where without the LP it spends its whole
# time limit, and the re-seat's table swaps are judged by exact counts. Beyond, the LP took the
# whole time limit without a solution and the chains come first.
SMALL_WIND_MODEL = 400


def seat_labels(size: int) -> tuple[str, ...]:
    """Names of the seats of a table with ``size`` seats: a board's White and Black, the
    winds up to four, numbered seats beyond (one naming for the JSON and every printout)."""
    if size == 2:
        return ("White", "Black")
    if size <= 4:
        return WINDS[:size]
    return tuple(f"Seat {i}" for i in range(1, size + 1))


def colour_bipartite(edges: Sequence[tuple[object, object]], colours: int) -> list[int]:
    """A proper edge colouring of a bipartite graph with max degree <= ``colours``."""
    at: dict[object, dict[int, int]] = {}  # node -> colour -> edge index
    colour = [-1] * len(edges)

    def other(e: int, node: object) -> object:
        u, v = edges[e]
        return v if u == node else u

    for e, (u, v) in enumerate(edges):
        au = at.setdefault(u, {})
        av = at.setdefault(v, {})
        common = [c for c in range(colours) if c not in au and c not in av]
        if common:
            c = common[0]
        else:
            a = next(c for c in range(colours) if c not in au)  # free at u, used at v
            b = next(c for c in range(colours) if c not in av)  # free at v, used at u
            # flip the a/b alternating path that starts at v with its a-edge
            path = []
            node, want = v, a
            while want in at[node]:
                f = at[node][want]
                path.append(f)
                node = other(f, node)
                want = b if want == a else a
            for f in path:
                x, y = edges[f]
                del at[x][colour[f]]
                del at[y][colour[f]]
            for f in path:
                colour[f] = b if colour[f] == a else a
                x, y = edges[f]
                at[x][colour[f]] = f
                at[y][colour[f]] = f
            c = a
        colour[e] = c
        au[c] = e
        av[c] = e
    return colour


def assign_winds(rounds: Sequence[Sequence[Sequence[int]]], table_size: int = 4,
                 games_before: dict[int, int] | None = None) -> list[list[tuple[int, ...]]]:
    """Reorder every table's players so that seat i is wind i, balanced as described above.
    ``games_before`` (player -> games already played, a re-seat's kept rounds) aligns the
    chunks with the player's blocks of the whole event, so that only the block the kept games
    left unfinished can clash with their winds."""
    played: dict[int, int] = dict(games_before or {})
    edges: list[tuple[object, object]] = []
    for r, rnd in enumerate(rounds):
        for t, table in enumerate(rnd):
            for p in table:
                chunk = played.get(p, 0) // table_size
                played[p] = played.get(p, 0) + 1
                edges.append((("t", r, t), ("p", p, chunk)))
    colours = colour_bipartite(edges, table_size)
    out: list[list[tuple[int, ...]]] = []
    e = 0
    for rnd in rounds:
        new_round = []
        for table in rnd:
            seats: list[int] = [-1] * table_size
            for p in table:
                seats[colours[e]] = p
                e += 1
            new_round.append(tuple(p for p in seats if p != -1))
        out.append(new_round)
    return out


def wind_counts(rounds: Sequence[Sequence[Sequence[int]]], table_size: int = 4) -> dict[int, list[int]]:
    """How often each player sat each seat (seat index = wind)."""
    counts: dict[int, list[int]] = {}
    for rnd in rounds:
        for table in rnd:
            for seat, p in enumerate(table):
                counts.setdefault(p, [0] * table_size)[seat] += 1
    return counts


def wind_breach_count(winds: Sequence[int], table_size: int = 4, first_new: int = 0) -> int:
    """One player's wind breaches over their games in play order (issue 4 (c)): each game of a
    wind beyond ceil(games / table_size), and each repeat of a wind inside a block of
    ``table_size`` games. With ``first_new`` (the index of the first game a re-seat made) only
    the blocks that hold a new game count, and a player with no new game has none, as
    ``winds_after`` minimises them: a plan solved there and one kept as it was compare alike."""
    if len(winds) <= first_new:
        return 0
    cap = -(-len(winds) // table_size)
    over = sum(max(0, winds.count(w) - cap) for w in range(table_size))
    blocks = (winds[start:start + table_size] for start in range(0, len(winds), table_size)
              if start + table_size > first_new)
    return over + sum(len(block) - len(set(block)) for block in blocks)


def winds_after(
    kept: Sequence[Sequence[Sequence[int]]], rounds: Sequence[Sequence[Sequence[int]]], table_size: int = 4,
    effort: float = 5.0,
) -> tuple[list[list[tuple[int, ...]]], int, list[int]]:
    """Winds for ``rounds`` that follow ``kept`` rounds whose seats are already winds (a reseat).

    Why not ``assign_winds`` alone: it balances the new rounds among themselves, so a kept
    round in the middle of a block of four (a reseat from round 2, 3 or 4) leaves players
    with a wind twice in that block. With kept winds fixed this is a list edge colouring,
    which need not exist. The balanced colouring of the new rounds, its chunks continuing each
    player's blocks, clashes only in the block the kept games left unfinished; Kempe chains
    (``wind_chains``) move those clashes until most cancel, and a CP-SAT model then
    minimises the breaches left (a wind twice in a player's chunk of ``table_size`` games,
    counting the kept games, or a wind beyond ceil(games / table_size)), the chains' answer its
    hint: first on the first block of new rounds alone, then on all of them. Up to
    ``SMALL_WIND_MODEL`` seats CP-SAT alone solves it. A step count, one worker and a
    deterministic time limit keep the answer the same on every machine.
    Returns the seats, the breaches left (the minimised sum) and the players concerned.
    """
    history: dict[int, list[int]] = {}
    for rnd in kept:
        for table in rnd:
            for seat, p in enumerate(table):
                if p >= 0:  # -1: a player who left, whose seat still fixes the others' winds
                    history.setdefault(p, []).append(seat)
    if not history:
        return assign_winds(rounds, table_size), 0, []
    large = sum(len(table) for rnd in rounds for table in rnd) > SMALL_WIND_MODEL
    if not large:
        return _solved_winds(history, assign_winds(rounds, table_size), table_size, effort)
    from fairdraw.systems.mahjong.wind_chains import polish_winds  # which imports this module

    # Kempe chains first (fast, they move a breach along), then CP-SAT on what is left: exactly
    # (with its LP) on the first block of new rounds, where the kept winds clash, the rounds
    # after it held as the chains left them; then on every round, without the LP. 92 players
    # from round 6 (seed audit5): 9 breaches left by the chains and CP-SAT on every round, none
    # with the first block solved first; 91 players from round 10: the second removes the last
    seated = assign_winds(rounds, table_size, {p: len(seq) for p, seq in history.items()})
    seated, _ = polish_winds(history, seated, table_size, random.Random(0), int(CHAIN_STEPS_PER_EFFORT * effort))
    best = _counted(history, seated, table_size)
    for window, exact in ((table_size, True), (None, False)):
        if best[1] == 0:
            break
        found = _solved_winds(history, best[0], table_size, effort / 2, window=window, exact=exact)
        if found[1] < best[1]:
            best = found
    return best


def _winds_by_player(seated: Sequence[Sequence[Sequence[int]]]) -> dict[int, list[int]]:
    """Each player's winds over ``seated`` (seat = wind), in round order."""
    out: dict[int, list[int]] = {}
    for rnd in seated:
        for table in rnd:
            for w, p in enumerate(table):
                out.setdefault(p, []).append(w)
    return out


def _solved_winds(history: dict[int, list[int]], seated: list[list[tuple[int, ...]]], table_size: int,
                  effort: float, *, window: int | None = None,
                  exact: bool = True) -> tuple[list[list[tuple[int, ...]]], int, list[int]]:
    """CP-SAT on the winds of ``seated`` after ``history``, ``seated`` its hint; rounds from
    ``window`` on are held as they are. ``exact``: with the linear relaxation, which proves the
    fewest breaches at once on a small model and took the whole time on a large one."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x: dict[tuple[int, int, int, int], cp_model.IntVar] = {}
    games: dict[int, list[dict[int, cp_model.IntVar]]] = {}  # player -> per new game: wind -> var
    for r, rnd in enumerate(seated):
        for t, table in enumerate(rnd):
            for i, p in enumerate(table):
                for w in range(table_size):
                    var = model.new_bool_var(f"x{r}_{t}_{i}_{w}")
                    x[(r, t, i, w)] = var
                    if window is not None and r >= window:
                        model.add(var == int(i == w))
                    else:
                        model.add_hint(var, i == w)
                model.add_exactly_one(x[(r, t, i, w)] for w in range(table_size))
                games.setdefault(p, []).append({w: x[(r, t, i, w)] for w in range(table_size)})
            for w in range(len(table)):
                model.add_exactly_one(x[(r, t, i, w)] for i in range(len(table)))
            for w in range(len(table), table_size):
                for i in range(len(table)):
                    model.add(x[(r, t, i, w)] == 0)
    # the hint is complete (the slack of the colouring's own breaches too), so that the solver
    # starts from a solution: with the wind variables alone hinted, a 91-player re-seat of 12
    # rounds found none within its time and reported every slack as a breach (1820)
    hinted_winds = _winds_by_player(seated)
    slack = []
    slack_of: list[tuple[int, cp_model.IntVar]] = []
    for p, new in games.items():
        old = history.get(p, [])
        total = len(old) + len(new)
        cap = -(-total // table_size)
        hinted = [*old, *hinted_winds[p]]
        for w in range(table_size):
            over = model.new_int_var(0, total, f"t{p}_{w}")
            model.add(old.count(w) + sum(g[w] for g in new) <= cap + over)
            model.add_hint(over, max(0, hinted.count(w) - cap))
            slack.append(over)
            slack_of.append((p, over))
        for start_game in range(0, total, table_size):
            chunk = range(start_game, min(start_game + table_size, total))
            for w in range(table_size):
                fixed = sum(1 for j in chunk if j < len(old) and old[j] == w)
                free = [new[j - len(old)][w] for j in chunk if j >= len(old)]
                if not free:
                    continue
                over = model.new_int_var(0, table_size, f"c{p}_{start_game}_{w}")
                model.add(fixed + sum(free) <= 1 + over)
                model.add_hint(over, max(0, sum(1 for j in chunk if hinted[j] == w) - 1))
                slack.append(over)
                slack_of.append((p, over))
    model.minimize(sum(slack))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = effort  # deterministic: the same on every machine
    if not exact:  # a 91-player re-seat of 12 rounds: 200 breaches left after 5 s with the LP, none in 2 s without
        solver.parameters.linearization_level = 0
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):  # the colouring as it was, counted
        return _counted(history, seated, table_size)
    out: list[list[tuple[int, ...]]] = []
    for r, rnd in enumerate(seated):
        new_round = []
        for t, table in enumerate(rnd):
            seats = [-1] * table_size
            for i, p in enumerate(table):
                seats[next(w for w in range(table_size) if solver.value(x[(r, t, i, w)]))] = p
            new_round.append(tuple(p for p in seats if p != -1))
        out.append(new_round)
    breaches = int(round(solver.objective_value))
    given = _counted(history, seated, table_size)
    if breaches > given[1]:  # a hint the solver did not take up: the colouring given stands
        return given
    concerned = sorted({p for p, var in slack_of if solver.value(var) > 0})
    return out, breaches, concerned


def _counted(history: dict[int, list[int]], seated: list[list[tuple[int, ...]]],
             table_size: int) -> tuple[list[list[tuple[int, ...]]], int, list[int]]:
    """``seated`` (seat = wind) with its breaches after the kept ``history`` (``wind_breach_count``
    per player) and the players who have one, as ``winds_after`` returns them."""
    by_player = {p: wind_breach_count([*history.get(p, []), *winds], table_size, len(history.get(p, [])))
                 for p, winds in _winds_by_player(seated).items()}
    return seated, sum(by_player.values()), sorted(p for p, n in by_player.items() if n)
