"""Finding Heller schemes with OR-Tools CP-SAT, in two stages (issue 2 item 9).

WHY two stages: a player's opponent-number sum depends only on WHO they meet, not when.
So the fairness goal lives entirely in the meeting graph G (numbers 1..M, M = N or N+1
with the dummy for odd N; every vertex has degree R; a simple graph means no rematch and
no second bye). One model over rounds and colours at once was hopeless (minutes without a
proof for 8 players, because of the symmetry between rounds); the split proves 8-18
players in seconds.

Stage 1 (_GraphModel): a Boolean per pair; degree R for every number; S_p = sum of p's
neighbours (the dummy counts as N+1, see heller_metrics); minimise max S - min S. Added:
the redundant total (every round every number is someone's opponent once, so the sums
over 1..M add up to R*M(M+1)/2) and, for even N, the averaging bound (averaging_bound).
A local search (improve_graph) supplies a starting hint. Stage 1 relaxes the colour and
round-splitting rules, so its OPTIMAL value is a proven lower bound for every scheme.

Stage 2 (_RoundsModel): split G into R perfect matchings and orient every game:
x[i,j,r] = "i has White against j in round r", y[i,r] = "i has the bye in round r".
Each edge in exactly one round, each number once per round; -1 <= whites - blacks <= 1;
never three same colours in a row over games played (any 3 consecutive rounds hold at
most 2 whites and 2 blacks; a bye inside a window of 4 rounds leaves 3 consecutive games
there, which may hold at most 2 whites: sum over the 4 rounds + byes inside <= 3, as a bye
does not break a colour run); player 1 is White
(or has the bye) in round 1 (colour-flip symmetry). Objective: 1000 x sum |whites -
blacks| + number of times a player repeats the colour of their previous game.

A scheme whose spread equals the stage-1 proven bound is "optimal: proven by CP-SAT".
When a graph cannot be split (or not within the budget) it is excluded by a no-good and
the next best graph is tried. K different schemes = K different meeting graphs (schemes
that differ only in round order or colours are the same scheme), ranked by spread, then
colour cost.

Reproducibility: one search worker, a seed, and deterministic time budgets (CP-SAT's
machine-independent work units), so the same command gives the same schemes.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from fairdraw.core.errors import InputError, UnsolvableError
from fairdraw.systems.heller_metrics import (
    Pairing,
    SchemeMetrics,
    scheme_breaches,
    scheme_metrics,
)

if TYPE_CHECKING:
    from ortools.sat.python import cp_model


def _cp() -> ModuleType:
    """ortools' CP-SAT, imported on first use: loading it takes seconds, and most commands
    (every other pairing system) never search a Heller scheme."""
    from ortools.sat.python import cp_model

    return cp_model


MIN_PLAYERS = 4
MAX_PLAYERS = 20
#: Up to this field size the best spread is proven optimal (issue 2 item 9).
PROVE_UP_TO = 12


@dataclass(frozen=True)
class FoundScheme:
    """A scheme, its metrics and what is known about its spread."""

    rounds: tuple[tuple[Pairing, ...], ...]
    metrics: SchemeMetrics
    proven_optimal: bool
    lower_bound: int
    source: str = "CP-SAT"

    @property
    def statement(self) -> str:
        """The optimality statement printed with the scheme."""
        if self.proven_optimal:
            return f"optimal: proven by {self.source}"
        return f"best found (lower bound {self.lower_bound})"


def seed_number(seed: str | None) -> int:
    """A solver seed from the user's seed string (SHA-256, so any text works)."""
    if seed is None:
        return 0
    return int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:4], "big") % (2**31 - 1)


def validate(players: int, rounds: int) -> None:
    """InputError unless 4 <= N <= 20 and 1 <= R <= the rounds an N-player field has."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InputError(f"Heller schemes are for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}", field="players")
    most = players + (players % 2) - 1
    if not 1 <= rounds <= most:
        raise InputError(f"{players} players allow 1 to {most} rounds without a rematch, got {rounds}", field="rounds")


class _GraphModel:
    """Stage 1: which pairs meet at all (the meeting graph G), by opponent-number spread."""

    def __init__(self, players: int, rounds: int) -> None:
        self.n, self.r = players, rounds
        self.m = players + (players % 2)
        md = self.model = _cp().CpModel()
        everyone = range(1, self.m + 1)
        self.e = {(i, j): md.new_bool_var(f"e{i}_{j}") for i in everyone for j in everyone if i < j}
        for p in everyone:
            # Everyone (the dummy too: one bye per round) has exactly R "opponents"; a
            # simple graph gives nobody a rematch and nobody a second bye.
            md.add(sum(self._edge(p, q) for q in everyone if q != p) == rounds)
        self.sums = {}
        for p in range(1, players + 1):
            s = md.new_int_var(0, self.m * rounds, f"s{p}")
            md.add(s == sum(q * self._edge(p, q) for q in everyone if q != p))
            self.sums[p] = s
        dummy = sum(p * self._edge(p, self.m) for p in range(1, players + 1)) if self.m != players else 0
        # Redundant: each round every number is somebody's opponent once.
        md.add(sum(self.sums.values()) + dummy == rounds * self.m * (self.m + 1) // 2)
        self.hi = md.new_int_var(0, self.m * rounds, "hi")
        self.lo = md.new_int_var(0, self.m * rounds, "lo")
        for s in self.sums.values():
            md.add(self.hi >= s)
            md.add(self.lo <= s)
        # Averaging bound (a proven cut, see averaging_bound): lets CP-SAT stop at 1.
        md.add(self.hi - self.lo >= averaging_bound(players, rounds))
        md.minimize(self.hi - self.lo)

    def _edge(self, a: int, b: int) -> cp_model.IntVar:
        return self.e[min(a, b), max(a, b)]

    def forbid(self, edges: frozenset[tuple[int, int]]) -> None:
        """No-good: this exact meeting graph is excluded (used or not factorisable)."""
        self.model.add(sum(self.e[edge] for edge in edges) <= len(edges) - 1)

    def graph(self, solver: cp_model.CpSolver) -> frozenset[tuple[int, int]]:
        return frozenset(edge for edge, var in self.e.items() if solver.value(var))


class _RoundsModel:
    """Stage 2: split a meeting graph into R rounds and give colours (colour cost minimised)."""

    def __init__(self, players: int, rounds: int, edges: frozenset[tuple[int, int]]) -> None:
        self.n, self.r = players, rounds
        self.m = players + (players % 2)
        self.odd = self.m != players
        md = self.model = _cp().CpModel()
        real = range(1, players + 1)
        self.x: dict[tuple[int, int, int], cp_model.IntVar] = {}
        self.y: dict[tuple[int, int], cp_model.IntVar] = {}
        for i, j in edges:
            for t in range(rounds):
                if self.odd and j == self.m:
                    self.y[i, t] = md.new_bool_var(f"y{i}_{t}")
                else:
                    self.x[i, j, t] = md.new_bool_var(f"x{i}_{j}_{t}")
                    self.x[j, i, t] = md.new_bool_var(f"x{j}_{i}_{t}")
            if self.odd and j == self.m:
                md.add_exactly_one(self.y[i, t] for t in range(rounds))
            else:
                md.add_exactly_one([self.x[i, j, t] for t in range(rounds)] + [self.x[j, i, t] for t in range(rounds)])
        x, y = self.x, self.y
        self.white = {
            (p, t): [v for (a, _b, tt), v in x.items() if a == p and tt == t] for p in real for t in range(rounds)
        }
        self.black = {
            (p, t): [v for (_a, b, tt), v in x.items() if b == p and tt == t] for p in real for t in range(rounds)
        }

        def bye(p: int, t: int) -> cp_model.LinearExpr | int:
            return y.get((p, t), 0)

        for t in range(rounds):
            for p in real:
                md.add(sum(self.white[p, t]) + sum(self.black[p, t]) + bye(p, t) == 1)
        cost = []
        for p in real:
            w = [sum(self.white[p, t]) for t in range(rounds)]
            b = [sum(self.black[p, t]) for t in range(rounds)]
            balance = sum(w) - sum(b)
            md.add(balance <= 1)
            md.add(balance >= -1)
            a = md.new_int_var(0, 1, f"abs{p}")
            md.add(a >= balance)
            md.add(a >= -balance)
            cost.append(1000 * a)
            for col in (w, b):
                for t in range(rounds - 2):  # never three same colours in a row
                    md.add(col[t] + col[t + 1] + col[t + 2] <= 2)
                if self.odd:  # a bye inside a window does not break the run
                    for t in range(rounds - 3):
                        md.add(sum(col[t : t + 4]) + bye(p, t + 1) + bye(p, t + 2) <= 3)
                for t in range(rounds - 1):
                    rep = md.new_bool_var("")
                    md.add(rep >= col[t] + col[t + 1] - 1)
                    cost.append(rep)
                    if self.odd and t + 2 < rounds:
                        rep2 = md.new_bool_var("")
                        md.add(rep2 >= col[t] + bye(p, t + 1) + col[t + 2] - 2)
                        cost.append(rep2)
        # Colour-flip symmetry: player 1 has White (or the bye) in round 1.
        md.add(sum(self.white[1, 0]) + bye(1, 0) == 1)
        md.minimize(sum(cost))

    def extract(self, solver: cp_model.CpSolver) -> list[list[Pairing]]:
        result: list[list[Pairing]] = []
        for t in range(self.r):
            boards = [(i, j) for (i, j, tt), v in self.x.items() if tt == t and solver.value(v)]
            boards += [(p, self.m) for (p, tt), v in self.y.items() if tt == t and solver.value(v)]
            boards.sort(key=min)
            result.append(boards)
        return result


def improve_graph(players: int, rounds: int, seed: int, steps: int = 30000) -> frozenset[tuple[int, int]]:
    """A good meeting graph by local search, used as CP-SAT's starting hint (stage 1).

    Start: the first R rounds of the Berger table (a valid R-regular graph, dummy
    included). Move: replace edges a-b, c-d by a-c, b-d (degrees unchanged), accepted
    when the (spread, sum of squared deviations) of the opponent sums does not get worse.
    Deterministic for a seed; it only speeds the search up, the proof stays CP-SAT's.
    """
    import random

    from fairdraw.systems.berger import berger_rounds

    m = players + (players % 2)
    rng = random.Random(seed)
    edges = [(min(a, b), max(a, b)) for rnd in berger_rounds(players)[:rounds] for a, b in rnd]
    present = set(edges)
    sums = [0] * (m + 1)
    for a, b in edges:
        sums[a] += b
        sums[b] += a
    real = range(1, players + 1)

    def score() -> tuple[int, int]:
        vals = [sums[p] for p in real]
        mean2 = sum(vals) * 2
        return (max(vals) - min(vals), sum((2 * players * v - mean2) ** 2 for v in vals))

    current = score()
    for _ in range(steps):
        i, j = rng.randrange(len(edges)), rng.randrange(len(edges))
        (a, b), (c, d) = edges[i], edges[j]
        if len({a, b, c, d}) < 4:
            continue
        if rng.random() < 0.5:
            c, d = d, c
        new1, new2 = (min(a, c), max(a, c)), (min(b, d), max(b, d))
        if new1 in present or new2 in present:
            continue
        for v, delta in ((a, c - b), (b, d - a), (c, a - d), (d, b - c)):
            sums[v] += delta
        candidate = score()
        if candidate <= current:
            current = candidate
            present -= {edges[i], edges[j]}
            present |= {new1, new2}
            edges[i], edges[j] = new1, new2
        else:
            for v, delta in ((a, c - b), (b, d - a), (c, a - d), (d, b - c)):
                sums[v] -= delta
    return frozenset(edges)


def _solver(seed: int, work: float) -> cp_model.CpSolver:
    solver = _cp().CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    solver.parameters.max_deterministic_time = work
    solver.parameters.max_time_in_seconds = 120.0  # a safety net only; the budget above rules
    return solver


#: how much longer the first graph search may go on when its budget ran out before a proof
LONGER_SEARCH = 4.0
#: how much longer a graph's cut into rounds may take when its budget ran out without an answer
LONGER_SPLIT = 8.0


def _search_longer(graphs: _GraphModel, solver: cp_model.CpSolver, seed: int,
                   work: float) -> tuple[cp_model.CpSolver, cp_model.CpSolverStatus]:
    """The first graph search once more, ``LONGER_SEARCH`` times the budget and started from
    the solution it found, when the budget ran out with the spread above the proven bound.

    Why: every scheme is cut from the graphs this search finds, so a short first search fixes
    the spread for good; with 2 units of work, 14 players in 3 rounds got spread 5 or 4
    depending on the seed where 2 is reachable (and proven). A field it proves at once costs
    nothing more. The longer search keeps its own bound (proven whatever its status); its
    answer is kept only when it is no worse."""
    if solver.objective_value <= solver.best_objective_bound:
        return solver, _cp().FEASIBLE
    graphs.model.clear_hints()
    for var in [*graphs.e.values(), *graphs.sums.values(), graphs.hi, graphs.lo]:
        # the whole solution as the hint, sums and bounds too: the search starts from it as a
        # solution (with the edges alone it lost it: 20 players, 3 rounds came back at 12 from 6)
        graphs.model.add_hint(var, solver.value(var))
    longer = _solver(seed, work * LONGER_SEARCH)
    status = longer.solve(graphs.model)
    if status in (_cp().OPTIMAL, _cp().FEASIBLE) and longer.objective_value <= solver.objective_value:
        return longer, status
    return solver, _cp().FEASIBLE


def averaging_bound(players: int, rounds: int) -> int:
    """Spread lower bound for even N by averaging.

    Each round every number 1..N is somebody's opponent exactly once, so the N sums add up
    to R*N(N+1)/2 and average R(N+1)/2; when that is not a whole number, the integer sums
    cannot all be equal and the spread is at least 1. (Odd N: the dummy's sum varies, 0.)
    """
    if players % 2 == 0 and (rounds * (players + 1)) % 2 == 1:
        return 1
    return 0


def search_schemes(
    players: int,
    rounds: int = 5,
    schemes: int = 1,
    *,
    seed: str | None = None,
    graph_work: float = 5.0,
    rounds_work: float = 0.5,
    candidates: int | None = None,
) -> list[FoundScheme]:
    """Up to ``schemes`` different schemes, best first (spread, then colour cost).

    Stage 1 chooses a meeting graph with the smallest spread (CP-SAT, deterministic budget
    ``graph_work``); its first solve, when OPTIMAL, is a proven lower bound for every
    scheme, since it relaxes only the colour and round-splitting rules. Stage 2 splits the
    graph into rounds with the best colours it finds within ``rounds_work``. A scheme whose
    spread equals the proven bound is "optimal: proven by CP-SAT". ``candidates`` graphs
    (default: ``schemes``) are turned into schemes and the best ``schemes`` returned.
    """
    validate(players, rounds)
    if schemes < 1:
        raise InputError(f"--schemes must be at least 1, got {schemes}", field="schemes")
    number = seed_number(seed)
    graphs = _GraphModel(players, rounds)
    start = improve_graph(players, rounds, number)
    for edge, var in graphs.e.items():
        graphs.model.add_hint(var, edge in start)
    wanted = max(schemes, candidates or schemes)
    proven_bound: int | None = None
    bound = 0
    found: list[FoundScheme] = []
    tries = 0
    while len(found) < wanted and tries < 2 * wanted + 4:
        tries += 1
        solver = _solver(number, graph_work)
        status = solver.solve(graphs.model)
        if tries == 1 and status == _cp().FEASIBLE:
            solver, status = _search_longer(graphs, solver, number, graph_work)
        if status not in (_cp().OPTIMAL, _cp().FEASIBLE):
            break  # no further graph (INFEASIBLE) or none within the budget
        if tries == 1:
            # CP-SAT's objective bound is proven whatever the status (OPTIMAL or stopped by the
            # budget; the averaging bound is in the model), so a scheme that reaches it is
            # optimal either way (e.g. spread 0)
            bound = round(solver.best_objective_bound)
            proven_bound = bound
        edges = graphs.graph(solver)
        graphs.forbid(edges)
        # the next graph is looked for near this one (a hint, not a rule): when this one cannot
        # be cut into rounds, its neighbours keep its spread more often than a fresh start does
        # (14 players, 3 rounds: the next graph at spread 2, proven, where it was 5)
        graphs.model.clear_hints()
        for edge, var in graphs.e.items():
            graphs.model.add_hint(var, edge in edges)
        stage2 = _RoundsModel(players, rounds, edges)
        solver2 = _solver(number, rounds_work)
        status2 = solver2.solve(stage2.model)
        if status2 == _cp().UNKNOWN:
            # not refuted, only not cut within the budget: the graph may be the best there is
            # (20 players, 7 rounds: the proven spread-1 graph cut with more work, where the
            # next graph found was at spread 14), so once more with LONGER_SPLIT times the work
            solver2 = _solver(number, rounds_work * LONGER_SPLIT)
            status2 = solver2.solve(stage2.model)
        if status2 not in (_cp().OPTIMAL, _cp().FEASIBLE):
            continue  # this graph cannot be cut into valid rounds (in the budget): next one
        table = stage2.extract(solver2)
        breaches = scheme_breaches(players, table)
        if breaches:  # the independent check must agree with the model
            raise AssertionError("solver produced an invalid scheme: " + "; ".join(breaches))
        metrics = scheme_metrics(players, table)
        found.append(
            FoundScheme(
                rounds=tuple(tuple(r) for r in table),
                metrics=metrics,
                proven_optimal=proven_bound is not None and metrics.spread == proven_bound,
                lower_bound=bound,
            )
        )
    if not found:
        raise UnsolvableError(f"no Heller scheme found for {players} players and {rounds} rounds")
    found.sort(key=lambda f: f.metrics.rank_key)
    return found[:schemes]
