"""Seat a field that does not fill the tables: extra players take seats of a design's players.

Why: with n = m·k + b players (0 < b < k), b players sit out each round (issue 4, build 1:
"the fewest players to sit out each round, spread evenly"). The schedule starts from the
best design for the m·k "base" players; each round the b extras (players m·k .. n-1) take
the seats of b base players, who sit out. The design's own pairs never repeat, so only the
extras' meetings can: an extra meets the other three at the table whose seat it takes, its
tablemates must differ from round to round, two extras may share a table once, and nobody
may sit out more often than the even spread allows. A greedy choice of seats settles this
well below the bound; near it (an extra must meet almost everyone) a backtracking search
(``extra_search``) or CP-SAT looks for a repeat-free choice, and a small tabu search over
the seats takes the fewest repeats when none is found. Rounds beyond what the design holds
are built by local search on all n.

Deterministic: seeded generators, step counts, and for CP-SAT one worker, a fixed random
seed and a *deterministic* time budget (its work units, not the clock), so the same input
gives the same seats on every machine with the same ortools.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from fairdraw.designs import candidates
from fairdraw.designs.catalog import annealed_sit_out_seatings, sit_out_schedules
from fairdraw.designs.extend import PairCounts, greedy_round, improve_with_byes, quality_order
from fairdraw.designs.extra_search import seat_extras_by_search
from fairdraw.designs.verify import pair_counts

Round = list[tuple[int, ...]]

#: Tabu steps after the extras are seated (issue 4 quality (b)); bounded by count, never by the clock.
POLISH_STEPS = 3000
#: Tabu steps over the extras' seats alone (``_repairs``), when CP-SAT finds no repeat-free seats.
REPAIR_STEPS = 3000
#: Seat choices (rounds x extras x base players) up to which CP-SAT also minimises the
#: repeats when none is repeat-free; beyond, its budget rarely beats the tabu search.
EXACT_UP_TO = 1500


def sit_out_range(n: int, b: int, rounds: int) -> tuple[int, int]:
    """(fewest, most) sit-outs a player may have: b·R sit-outs spread evenly over n players."""
    return (b * rounds) // n, -(-(b * rounds) // n)


def rotation(n: int, b: int, rounds: int) -> list[list[int]]:
    """Sit-outs of a plain rotation: round r sits out players r·b .. r·b+b-1 (mod n), which
    spreads them evenly (every player sits out ⌊bR/n⌋ or ⌈bR/n⌉ times)."""
    return [sorted((r * b + j) % n for j in range(b)) for r in range(rounds)]


def _greedy_seats(
    base: Sequence[Round], n: int, seed: int, fixed: dict[tuple[int, int, int], int] | None = None
) -> dict[tuple[int, int, int], int]:
    """(round, table, seat) -> extra: the first choice. Extras sit out when
    the rotation says so; otherwise each takes, round by round, the free seat whose
    tablemates it has met least (ties at random), of a base player who has not sat out.
    The extras in ``fixed`` (seats found by ``seat_extras_by_search``) keep their seats."""
    rng = random.Random(seed)
    base_n = sum(len(t) for t in base[0])
    met: Counter[tuple[int, int]] = Counter()
    # the players the fixed seats send out, in whichever round: an earlier round must not send
    # them out too (it did, and 130 players over 42 rounds had two sit out twice, others never)
    sat: set[int] = {base[fr][ti][si] for (fr, ti, si) in fixed or {}}
    seats: dict[tuple[int, int, int], int] = {}
    settled = set(fixed.values()) if fixed else set()
    for r, out in enumerate(rotation(n, n - base_n, len(base))):
        taken: dict[int, list[int]] = {}
        placed: list[tuple[int, int, int]] = []
        for (fr, ti, si), e in (fixed or {}).items():
            if fr == r:
                seats[(r, ti, si)] = e
                sat.add(base[r][ti][si])
                taken.setdefault(ti, []).append(e)
                placed.append((e, ti, si))
        for e in range(base_n, n):
            if e in out or e in settled:
                continue
            best: tuple[int, float, int, int] | None = None
            for ti, t in enumerate(base[r]):
                for si, p in enumerate(t):
                    if p in sat or (r, ti, si) in seats:
                        continue
                    mates = [q for sj, q in enumerate(t) if sj != si and (r, ti, sj) not in seats] + taken.get(ti, [])
                    cost = sum(met[(e, q)] for q in mates)
                    key = (cost, rng.random(), ti, si)
                    if best is None or key < best:
                        best = key
            assert best is not None  # b extras never exhaust the seats of a round
            _, _, ti, si = best
            seats[(r, ti, si)] = e
            sat.add(base[r][ti][si])
            taken.setdefault(ti, []).append(e)
            placed.append((e, ti, si))
        for e, ti, _ in placed:
            for sj, q in enumerate(base[r][ti]):
                if (r, ti, sj) not in seats:
                    met[(e, q)] += 1
            for f in taken[ti]:
                if f != e:
                    met[(e, f)] += 1
    return seats


def _move_delta(
    met: Counter[tuple[int, int]], e: int, y: int, p: int, here: list[int], there: list[int], same: bool, base_n: int
) -> int:
    """Change in repeats when extra e leaves the seat of y (table ``here``) for the seat of p
    (table ``there``, the same table when ``same``): e's meetings move, another extra at the
    old table meets y instead of e, one at the new table meets e instead of p."""
    change: Counter[tuple[int, int]] = Counter()

    def pair(a: int, c: int) -> tuple[int, int]:
        return (a, c) if a < c else (c, a)

    for q in here:
        if q != e:
            change[pair(e, q)] -= 1
    after = [y if q == e else q for q in here] if same else there
    for q in after:
        if q != p and q != e:
            change[pair(e, q)] += 1
    for f in here:
        if f >= base_n and f != e:
            change[pair(f, y)] += 1
            if same:
                change[pair(f, p)] -= 1
    if not same:
        for g in there:
            if g >= base_n:
                change[pair(g, p)] -= 1
    delta = 0
    for key, d in change.items():
        if d:
            before = met[key]
            delta += max(0, before + d - 1) - max(0, before - 1)
    return delta


def _repairs(base: Sequence[Round], n: int, seats: dict[tuple[int, int, int], int], *, seed: int, steps: int) -> dict[tuple[int, int, int], int]:
    """A tabu search over the extras' seats: move one extra, in one round, to the free seat
    that leaves the fewest repeat meetings (the sit-out moves with it; nobody sits out more
    often than ``sit_out_range`` allows). Returns the best seats seen. Why: the greedy start
    leaves a few repeats where a design is nearly used up, and this small neighbourhood
    keeps the design's own pairs intact, so only the extras' meetings can change."""
    rng = random.Random(seed)
    base_n = sum(len(t) for t in base[0])
    _, hi = sit_out_range(n, n - base_n, len(base))
    seats = dict(seats)
    at: dict[tuple[int, int], tuple[int, int]] = {(r, e): (ti, si) for (r, ti, si), e in seats.items()}
    sat: Counter[int] = Counter(base[r][ti][si] for (r, ti, si) in seats)
    met: Counter[tuple[int, int]] = Counter()

    def occupants(r: int, ti: int) -> list[int]:
        return [seats.get((r, ti, si), p) for si, p in enumerate(base[r][ti])]

    def pairs_at(r: int, ti: int) -> list[tuple[int, int]]:
        people = occupants(r, ti)
        return [(min(a, c), max(a, c)) for a, c in combinations(people, 2) if max(a, c) >= base_n]

    for r, rnd in enumerate(base):
        for ti in range(len(rnd)):
            met.update(pairs_at(r, ti))
    cost = sum(c - 1 for c in met.values() if c > 1)

    def move(r: int, e: int, dest: tuple[int, int]) -> int:
        """Move extra e in round r to seat ``dest``; returns the change in repeats."""
        old = at[(r, e)]
        change = 0
        tables = sorted({old[0], dest[0]})
        for ti in tables:
            for pair in pairs_at(r, ti):
                change -= met[pair] > 1
                met[pair] -= 1
        sat[base[r][old[0]][old[1]]] -= 1
        del seats[(r, *old)]
        seats[(r, *dest)] = e
        at[(r, e)] = dest
        sat[base[r][dest[0]][dest[1]]] += 1
        for ti in tables:
            for pair in pairs_at(r, ti):
                change += met[pair] > 0
                met[pair] += 1
        return change

    def most() -> int:
        return max(met.values(), default=0)

    # the fewest repeats, then the lowest maximum meetings of a pair (issue 4 quality (b)): a
    # move that saves one repeat may stack three on one pair
    best_cost, best_most, best = cost, most(), dict(seats)
    tabu: dict[tuple[int, int, int, int], int] = {}
    playing = sorted(at)
    for step in range(steps):
        if best_cost == 0:
            break
        hot = [(r, e) for r, e in playing if any(met[(min(e, q), max(e, q))] > 1 for q in occupants(r, at[(r, e)][0]) if q != e)]
        if not hot:
            break
        r, e = rng.choice(hot)
        old = at[(r, e)]
        options = []
        y = base[r][old[0]][old[1]]
        here = occupants(r, old[0])
        for ti, t in enumerate(base[r]):
            for si, p in enumerate(t):
                if (r, ti, si) in seats or sat[p] >= hi or tabu.get((r, e, ti, si), -1) > step:
                    continue
                options.append((cost + _move_delta(met, e, y, p, here, occupants(r, ti), ti == old[0], base_n), rng.random(), ti, si))
        if not options:
            continue
        _, _, ti, si = min(options)
        tabu[(r, e, *old)] = step + 3 + rng.randrange(6)
        cost += move(r, e, (ti, si))
        if cost <= best_cost and (cost, most()) < (best_cost, best_most):
            best_cost, best_most, best = cost, most(), dict(seats)
    return best


def _rotation_seats(base: Sequence[Round], n: int) -> dict[tuple[int, int, int], int]:
    """(round, table, seat) -> extra, for the rotation's sit-outs: each extra that plays takes
    the seat of a base player who sits out (the choice when the greedy one cannot keep every
    sit-out to one player each)."""
    base_n = sum(len(t) for t in base[0])
    seats: dict[tuple[int, int, int], int] = {}
    for r, out in enumerate(rotation(n, n - base_n, len(base))):
        playing = [e for e in range(base_n, n) if e not in out]
        leaving = [p for p in out if p < base_n]
        where = {p: (ti, si) for ti, t in enumerate(base[r]) for si, p in enumerate(t)}
        for e, p in zip(playing, leaving, strict=True):
            seats[(r, *where[p])] = e
    return seats


def _apply(base: Sequence[Round], n: int, seats: dict[tuple[int, int, int], int]) -> tuple[list[Round], list[list[int]]]:
    """The rounds with the extras in their seats, and who sits out each round."""
    rounds: list[Round] = []
    byes: list[list[int]] = []
    base_n = sum(len(t) for t in base[0])
    for r, rnd in enumerate(base):
        tables = [list(t) for t in rnd]
        out = []
        for ti, t in enumerate(rnd):
            for si, p in enumerate(t):
                e = seats.get((r, ti, si))
                if e is not None:
                    tables[ti][si] = e
                    out.append(p)
        placed = {seats[key] for key in seats if key[0] == r}
        out.extend(e for e in range(base_n, n) if e not in placed)
        rounds.append([tuple(t) for t in tables])
        byes.append(sorted(out))
    return rounds, byes


def _extras_model(base: Sequence[Round], n: int, *, strict: bool = True) -> tuple[Any, dict[tuple[int, int, int, int], Any]]:
    """The CP-SAT model of ``seat_extras``: x[e, r, t, s] = extra e takes seat s of table t in
    round r. ``strict``: no meeting of an extra may repeat, a pure feasibility model, which
    CP-SAT settles far faster than an optimisation when a repeat-free choice exists; else
    the objective is the number of repeats."""
    from ortools.sat.python import cp_model

    base_n = sum(len(t) for t in base[0])
    extras = list(range(base_n, n))
    rounds = len(base)
    lo, hi = sit_out_range(n, len(extras), rounds)
    md = cp_model.CpModel()
    x: dict[tuple[int, int, int, int], Any] = {}
    seat_lits: dict[tuple[int, int, int], list[Any]] = {}
    placed: dict[tuple[int, int], list[Any]] = {}
    for e in extras:
        for r, rnd in enumerate(base):
            for ti, t in enumerate(rnd):
                for si in range(len(t)):
                    v = x[e, r, ti, si] = md.new_bool_var(f"x{e}_{r}_{ti}_{si}")
                    seat_lits.setdefault((r, ti, si), []).append(v)
                    placed.setdefault((e, r), []).append(v)
    for e in extras:
        for r in range(rounds):
            md.add_at_most_one(placed[e, r])
        # an extra sits out the rounds it takes no seat in: within the even spread
        plays = sum(v for r in range(rounds) for v in placed[e, r])
        md.add(plays >= rounds - hi)
        md.add(plays <= rounds - lo)
    sits: dict[int, list[Any]] = {p: [] for p in range(base_n)}
    for (r, ti, si), lits in seat_lits.items():
        md.add_at_most_one(lits)
        sits[base[r][ti][si]].extend(lits)
    for lits in sits.values():
        md.add(sum(lits) <= hi)
        if lo:
            md.add(sum(lits) >= lo)
    repeats: list[Any] = []

    def at_most_once(meetings: list[Any]) -> None:
        if strict:
            md.add_at_most_one(meetings)
        elif len(meetings) > 1:
            over = md.new_int_var(0, len(meetings), "")
            md.add(over >= sum(meetings) - 1)
            repeats.append(over)

    # an extra meets the three others at the table whose seat it takes: once at most
    for e in extras:
        meet: dict[int, list[Any]] = {}
        for r, rnd in enumerate(base):
            for ti, t in enumerate(rnd):
                for si in range(len(t)):
                    for sj, q in enumerate(t):
                        if sj != si:
                            meet.setdefault(q, []).append(x[e, r, ti, si])
        for lits in meet.values():
            at_most_once(lits)
    # two extras meet when they take seats at one table: once at most
    for e, f in combinations(extras, 2):
        together = []
        for r, rnd in enumerate(base):
            for ti, t in enumerate(rnd):
                y = md.new_bool_var("")
                md.add(y >= sum(x[e, r, ti, si] for si in range(len(t))) + sum(x[f, r, ti, si] for si in range(len(t))) - 1)
                together.append(y)
        at_most_once(together)
    if repeats:
        md.minimize(sum(repeats))
    return md, x


def _solve(md: Any, x: dict[tuple[int, int, int, int], Any], seed: int, work: float) -> dict[tuple[int, int, int], int] | None:
    """Seats chosen by CP-SAT within ``work`` deterministic time units, or None."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed % (2**31 - 1)
    solver.parameters.max_deterministic_time = work
    solver.parameters.max_time_in_seconds = 120.0  # a safety net only; the budget above rules
    if solver.solve(md) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return {(r, ti, si): e for (e, r, ti, si), v in x.items() if solver.value(v)}


def seat_extras(base: Sequence[Round], n: int, *, seed: int = 0, work: float = 1.0) -> tuple[list[Round], list[list[int]]]:
    """``base`` (rounds on players 0..m·k-1) with players m·k..n-1 seated in place of others.

    Returns (rounds, sit-outs per round); every player's sit-outs stay within
    ``sit_out_range``. A greedy choice is kept if it is repeat-free (it is, well below the
    bound); otherwise, when nobody need sit out twice, a backtracking search
    (``extra_search``) seats the extras one at a time without a repeat, and the greedy
    choice completes those it could not seat; when sit-outs must repeat, CP-SAT looks for a
    repeat-free choice (``work`` deterministic units). Failing that, a tabu search over the
    extras' seats reduces the repeats, and for small fields CP-SAT then minimises them.
    """
    if not base:
        return [], []
    base_n = sum(len(t) for t in base[0])
    b = n - base_n
    if b == 0:
        return [list(r) for r in base], [[] for _ in base]
    lo, _ = sit_out_range(n, b, len(base))
    greedy = lo == 0 and len(base) * b <= base_n
    start = _greedy_seats(base, n, seed) if greedy else _rotation_seats(base, n)
    rounds, byes = _apply(base, n, start)
    if _repeats(rounds) == 0:
        return rounds, byes
    if greedy:
        # the spread is then (0, 1): what the backtracking search assumes
        found, seated = seat_extras_by_search(base, n, seed=seed)
        if seated == b:
            return _apply(base, n, found)
        if seated:
            start = _greedy_seats(base, n, seed, fixed=found)
            rounds, byes = _apply(base, n, start)
    clean_base = _repeats(base) == 0
    if clean_base and not greedy:
        chosen = _solve(*_extras_model(base, n), seed, work)
        if chosen is not None:
            return _apply(base, n, chosen)
    if greedy:
        start = _repairs(base, n, start, seed=seed, steps=REPAIR_STEPS)
        rounds, byes = _apply(base, n, start)
    if clean_base and len(base) * b * base_n <= EXACT_UP_TO:
        # small enough for CP-SAT to prove the fewest repeats (AG(2,4) and one extra: 1)
        md, x = _extras_model(base, n, strict=False)
        for (e, r, ti, si), v in x.items():
            md.add_hint(v, start.get((r, ti, si)) == e)
        chosen = _solve(md, x, seed, work)
        if chosen is not None:
            solved, solved_byes = _apply(base, n, chosen)
            if _repeats(solved) < _repeats(rounds):
                return solved, solved_byes
    return rounds, byes


def _repeats(rounds: Sequence[Round]) -> int:
    return sum(c - 1 for c in pair_counts(rounds).values() if c > 1)


def schedule_with_sit_outs(n: int, k: int, rounds: int, *, seed: int = 0) -> tuple[list[Round], list[list[int]], str]:
    """``rounds`` rounds for n players (n mod k = b > 0) at tables of k, b sitting out each
    round, spread evenly: (rounds, sit-outs per round, source).

    A shipped repeat-free schedule (``catalog.sit_out_schedules``, searched offline) gives the
    first rounds where it is at least as long as the design for n - b; otherwise the rounds
    that design holds cleanly get the extras by ``seat_extras``;
    later rounds are built greedily (the b players with the fewest sit-outs so far sit out)
    and tabu-searched with sit-out swaps; a last tabu pass over every round removes what
    repeats remain where it can (issue 4 quality (b): the fewest repeats, then the lowest
    maximum).
    """
    b = n % k
    known = candidates(n - b, k)
    design = known[0] if known else None
    clean = min(rounds, design.clean_rounds) if design else 0
    searched = max(sit_out_schedules(n, k), key=lambda found: len(found[1]), default=None)
    if searched is not None and min(rounds, len(searched[1])) >= clean:
        # a shipped repeat-free schedule at least as long as the design's: its first rounds
        clean = min(rounds, len(searched[1]))
        seated, byes = [list(r) for r in searched[1][:clean]], [list(o) for o in searched[2][:clean]]
        prefix = searched[0]
    elif design and clean:
        seated, byes = seat_extras(design.rounds[:clean], n, seed=seed)
        prefix = f"{design.source}, {'1 extra player' if b == 1 else f'{b} extra players'} in the seats of sit-outs"
    else:
        seated, byes, prefix = [], [], ""
    return extend_with_sit_outs(n, k, rounds, seated, byes, prefix, seed=seed)


def annealed_if_better(
    n: int, k: int, seated: list[Round], byes: list[list[int]], source: str
) -> tuple[list[Round], list[list[int]], str]:
    """``seated`` (with sit-outs ``byes``, from ``source``), or a shipped annealed seating of the
    same length (``catalog.annealed_sit_out_seatings``) where that is strictly better by issue 4
    (b)'s order: fewest repeats, then the lowest maximum, then the most distinct opponents.

    Why: the searches here keep the design's repeat-free rounds and change only the rounds after
    them, which past the repeat-free length costs repeats on small fields (22 players over 8
    rounds: 20 repeats and a pair meeting 3 times; annealing every round at once, sit-outs too,
    found 16 and at most 2). A whole-seating anneal needs tens of millions of moves, so it is run
    offline (tools/search_anneal_sit_outs.py) and its results ship as data, checked on reading.
    The order puts the repeats before the repeat-free front, so the front may get shorter."""
    best, best_quality = (seated, byes, source), quality_order(seated, n)
    for found_source, rounds, found_byes in annealed_sit_out_seatings(n, k, len(seated)):
        quality = quality_order(rounds, n)
        if quality < best_quality:
            best, best_quality = (rounds, found_byes, found_source), quality
    return best


def extend_with_sit_outs(
    n: int, k: int, rounds: int, seated: list[Round], byes: list[list[int]], prefix: str, *, seed: int = 0,
) -> tuple[list[Round], list[list[int]], str]:
    """The clean first rounds ``seated`` (with their sit-outs ``byes``) extended to ``rounds``
    rounds: greedy rounds where the players with the fewest sit-outs so far sit out, then
    tabu search with sit-out swaps inside the even spread; ``prefix`` names the first rounds'
    source. Shared by every --byes path, so each keeps sit-outs within floor/ceil(b·R/n)."""
    b = n % k
    clean = len(seated)
    sit_range = sit_out_range(n, b, rounds)
    rng = random.Random(seed)
    pc = PairCounts(n)
    for rnd in seated:
        for t in rnd:
            pc.add_table(t)
    sits = Counter(p for out in byes for p in out)
    extra: list[Round] = []
    extra_byes: list[list[int]] = []
    for _ in range(clean, rounds):
        # the fewest sit-outs first keeps every count within the even spread
        out = sorted(sorted(range(n), key=lambda p: (sits[p], rng.random()))[:b])
        sits.update(out)
        present = [p for p in range(n) if p not in out]
        rnd = greedy_round(pc, [k] * (len(present) // k), rng, present)
        for t in rnd:
            pc.add_table(t)
        extra.append(rnd)
        extra_byes.append(out)
    if extra:
        extra, extra_byes = improve_with_byes(
            seated, extra, n, byes=extra_byes, fixed_byes=byes, sit_range=sit_range, seed=seed, steps=POLISH_STEPS
        )
    seated, byes = seated + extra, byes + extra_byes
    polished = False
    if max(pair_counts(seated).values(), default=0) > 1:
        seated, byes = improve_with_byes([], seated, n, byes=byes, sit_range=sit_range, seed=seed, steps=POLISH_STEPS)
        polished = True
    if not prefix:
        source = "greedy + tabu local search with sit-out swaps"
    else:
        source = prefix + (" + tabu local search" if extra or polished else "")
    return seated, byes, source
