"""Large-neighbourhood search for a K-invariant base round (offline use, CP-SAT sub-problems).

Why: a local search (tools/orbit_search.c) quickly reaches a base round with a handful of
overused pair orbits and then stalls; an exact solver cannot take the whole round at once
for 30+ tables. LNS combines them (Shaw's large neighbourhood search): keep most of the
round, free a few K-orbits of tables (always some that hold an overused orbit), and let
CP-SAT re-seat the freed points optimally (fewest overuses) around the kept part. Accepting
equal-cost answers lets the search drift across plateaus.

State: the base round as "slots": free slots (a K-orbit of |K| tables, given by its
representative table) and anchor slots (a K-fixed anchor point with whole free K-orbits),
plus the problem's fixed tables. Costs are counted on the full round against the capacities
of ``OrbitProblem.pair_orbits``; results are always re-checked by ``verify`` by the caller.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from fairdraw.designs.orbits import OrbitProblem


class OrbitState:
    """A K-invariant base round split into slots, with its pair-orbit counts."""

    def __init__(self, problem: OrbitProblem, base: Sequence[Sequence[int]]) -> None:
        self.problem = problem
        self.key, self.cap = problem.pair_orbits()
        self.kgroup = problem.kgroup
        fixed_sets = {frozenset(b) for b in problem.fixed_blocks}
        anchors = set(problem.anchors)
        self.anchor_slots: dict[int, list[int]] = {}  # anchor -> member points (whole orbits)
        self.free_slots: list[list[int]] = []  # representative table of each K-orbit of tables
        seen: set[frozenset[int]] = set()
        for blk in base:
            fs = frozenset(blk)
            if fs in fixed_sets or fs in seen:
                continue
            a = [p for p in blk if p in anchors]
            if a:
                self.anchor_slots[a[0]] = sorted(p for p in blk if p != a[0])
                seen.add(fs)
                continue
            for h in self.kgroup:
                seen.add(frozenset(h[p] for p in blk))
            self.free_slots.append(sorted(blk))

    def blocks(self) -> list[tuple[int, ...]]:
        out = [tuple(b) for b in self.problem.fixed_blocks]
        out += [(a, *m) for a, m in self.anchor_slots.items()]
        for rep in self.free_slots:
            for h in self.kgroup:
                out.append(tuple(h[p] for p in rep))
        return out

    def counts(self, skip_free: set[int] = frozenset(), skip_anchor: set[int] = frozenset()) -> Counter[int]:  # type: ignore[assignment]
        c: Counter[int] = Counter()
        for b in self.problem.fixed_blocks:
            for p, q in combinations(b, 2):
                c[self.key[p][q]] += 1
        for a, m in self.anchor_slots.items():
            if a in skip_anchor:
                continue
            for p, q in combinations([a, *m], 2):
                c[self.key[p][q]] += 1
        for i, rep in enumerate(self.free_slots):
            if i in skip_free:
                continue
            for h in self.kgroup:
                blk = [h[p] for p in rep]
                for p, q in combinations(blk, 2):
                    c[self.key[p][q]] += 1
        return c

    def cost(self) -> int:
        return sum(max(0, v - self.cap[o]) for o, v in self.counts().items())

    def bad_slots(self) -> tuple[list[int], list[int]]:
        c = self.counts()
        over = {o for o, v in c.items() if v > self.cap[o]}
        free = [i for i, rep in enumerate(self.free_slots)
                if any(self.key[p][q] in over for p, q in combinations(rep, 2))
                or any(self.key[h[p]][h[q]] in over for h in self.kgroup for p, q in combinations(rep, 2))]
        anch = [a for a, m in self.anchor_slots.items() if any(self.key[p][q] in over for p, q in combinations([a, *m], 2))]
        return free, anch


def _orbit_of(kgroup: Sequence[tuple[int, ...]], p: int) -> tuple[int, ...]:
    return tuple(sorted({h[p] for h in kgroup}))


def repair(state: OrbitState, free_ids: list[int], anchor_ids: list[int], *, seconds: float, seed: int,
           symmetry: bool = False) -> int | None:
    """Re-seat the points of the chosen slots optimally; updates ``state``; returns the new cost.

    With every slot chosen this is one CP-SAT model of the whole K-invariant base round;
    ``symmetry`` then adds symmetry breaking (slower to find a solution in our one trial on
    72 players: 192 s without success against 85 s, so off by default).
    """
    from ortools.sat.python import cp_model

    key, cap, kg = state.key, state.cap, state.kgroup
    size = len(kg)
    kept = state.counts(set(free_ids), set(anchor_ids))
    orbits: list[tuple[int, ...]] = []
    seen: set[int] = set()
    freed = [p for i in free_ids for p in state.free_slots[i]] + [p for a in anchor_ids for p in state.anchor_slots[a]]
    for p in freed:
        orb = _orbit_of(kg, p)
        if orb[0] not in seen:
            seen.add(orb[0])
            orbits.append(orb)
    whole = symmetry and len(free_ids) == len(state.free_slots) and len(anchor_ids) == len(state.anchor_slots)
    if whole:
        # symmetry breaking (whole round only): K-orbits of points in a fixed order; each slot
        # shown by the image whose smallest orbit sits on its first point; slots sorted by that
        # orbit. The hint (the current round) is put into the same canonical form first.
        orbits.sort()
        first = {p: orb[0] for orb in orbits for p in orb}
        rank = {orb[0]: i for i, orb in enumerate(orbits)}
        canon = []
        for rep in state.free_slots:
            lead = min(rep, key=lambda p: rank[first[p]])
            h = next(h for h in kg if h[lead] == first[lead])
            canon.append(sorted(h[p] for p in rep))
        canon.sort(key=lambda rep: min(rank[first[p]] for p in rep))
        state.free_slots = canon
        free_ids = list(range(len(canon)))
    per_anchor = (state.problem.k - 1) // size
    model = cp_model.CpModel()
    y = {(p, j): model.new_bool_var(f"y{p}_{j}") for orb in orbits for p in orb for j in range(len(free_ids))}
    z = {(oi, a): model.new_bool_var(f"z{oi}_{a}") for oi in range(len(orbits)) for a in anchor_ids}
    for oi, orb in enumerate(orbits):
        model.add_exactly_one([y[p, j] for p in orb for j in range(len(free_ids))] + [z[oi, a] for a in anchor_ids])
    for j in range(len(free_ids)):
        model.add(sum(y[p, j] for orb in orbits for p in orb) == state.problem.k)
    for a in anchor_ids:
        model.add(sum(z[oi, a] for oi in range(len(orbits))) == per_anchor)
    uses: dict[int, list] = {}
    pts = [p for orb in orbits for p in orb]
    orbit_index = {p: oi for oi, orb in enumerate(orbits) for p in orb}
    if whole:
        for p in pts:
            oi = orbit_index[p]
            for j in range(len(free_ids)):
                if j > oi:
                    model.add(y[p, j] == 0)
                elif p != orbits[oi][0]:
                    model.add_bool_or([y[p, j].Not()] + [y[q, j] for q in pts if orbit_index[q] < oi])
    for p, q in combinations(pts, 2):
        if orbit_index[p] == orbit_index[q]:
            continue
        s = model.new_bool_var(f"s{p}_{q}")
        for j in range(len(free_ids)):
            model.add_bool_or([y[p, j].Not(), y[q, j].Not(), s])
        # the K-images of the pair all lie in one Gamma-orbit: |K| uses
        uses.setdefault(key[p][q], []).append((size, s))
    for oi, orb in enumerate(orbits):
        for a in anchor_ids:
            blk = [a, *orb]
            c = Counter(key[p][q] for p, q in combinations(blk, 2))
            for o, m in c.items():
                uses.setdefault(o, []).append((m, z[oi, a]))
    excess = []
    for o, terms in uses.items():
        expr = sum(m * v for m, v in terms) + kept.get(o, 0)
        ex = model.new_int_var(0, 64, f"ex{o}")
        model.add(ex >= expr - cap[o])
        excess.append(ex)
    base_cost = sum(max(0, v - cap[o]) for o, v in kept.items() if o not in uses)
    model.minimize(sum(excess))
    # hint: the current assignment
    current = {(p, j) for j, i in enumerate(free_ids) for p in state.free_slots[i]}
    for (p, j), var in y.items():
        model.add_hint(var, 1 if (p, j) in current else 0)
    for (oi, a), var in z.items():
        model.add_hint(var, 1 if orbits[oi][0] in state.anchor_slots[a] else 0)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    solver.parameters.repair_hint = True
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    new_free = []
    for j in range(len(free_ids)):
        new_free.append(sorted(p for p in pts if solver.value(y[p, j])))
    new_anchor = {a: sorted(p for oi, orb in enumerate(orbits) if solver.value(z[oi, a]) for p in orb) for a in anchor_ids}
    for j, i in enumerate(free_ids):
        state.free_slots[i] = new_free[j]
    for a in anchor_ids:
        state.anchor_slots[a] = new_anchor[a]
    return base_cost + int(solver.objective_value)


def lns(problem: OrbitProblem, base: Sequence[Sequence[int]], *, seconds: float, seed: int = 0,
        free_slots: int = 4, sub_seconds: float = 10.0, log: bool = False) -> list[tuple[int, ...]] | None:
    """Run LNS from ``base`` for ``seconds``; the repeat-free base round, or None."""
    rng = random.Random(seed)
    state = OrbitState(problem, base)
    cost = state.cost()
    start = time.time()
    it = 0
    while cost > 0 and time.time() - start < seconds:
        it += 1
        bad_free, bad_anchor = state.bad_slots()
        chosen_free = rng.sample(bad_free, min(len(bad_free), max(1, free_slots // 2)))
        others = [i for i in range(len(state.free_slots)) if i not in chosen_free]
        chosen_free += rng.sample(others, min(len(others), free_slots - len(chosen_free)))
        chosen_anchor = bad_anchor[:1] if bad_anchor and rng.random() < 0.5 else []
        if state.anchor_slots and rng.random() < 0.3:
            extra = rng.choice(list(state.anchor_slots))
            if extra not in chosen_anchor:
                chosen_anchor.append(extra)
        saved_free = [list(r) for r in state.free_slots]
        saved_anchor = {a: list(m) for a, m in state.anchor_slots.items()}
        new = repair(state, chosen_free, chosen_anchor, seconds=sub_seconds, seed=rng.randrange(1 << 30))
        if new is None or new > cost:
            state.free_slots, state.anchor_slots = saved_free, saved_anchor
            continue
        real = state.cost()
        if log:
            print(f"  lns it {it}: cost {cost} -> {real} ({time.time() - start:.0f}s)", flush=True)
        cost = real
    return state.blocks() if cost == 0 else None
