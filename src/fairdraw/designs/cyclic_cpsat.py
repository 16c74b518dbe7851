"""The plain cyclic base-round search of ``cyclic`` as a CP-SAT model (offline use).

Booleans x[p, b] put point p in table b of the base round; "same table" literals for every
pair feed the pair-orbit capacities of ``fairdraw.designs.cyclic._orbit_table``. Fixed
point j sits at table j (they must be apart anyway), which also breaks the table symmetry
for them. Used only by tools/search_designs.py; results are verified like every design.
"""

from __future__ import annotations

from itertools import combinations

from fairdraw.designs.cyclic import CyclicSpec, Group, _orbit_table


def solve_cyclic(n: int, k: int, group: tuple[int, ...], *, seconds: float = 60.0, workers: int = 1, seed: int = 0) -> CyclicSpec | None:
    from ortools.sat.python import cp_model

    grp = Group(tuple(group))
    size = grp.order
    classes, fixed = divmod(n, size)
    tables = n // k
    if n % k or fixed > tables or classes == 0:
        return None
    key, cap = _orbit_table(grp, classes, fixed)
    model = cp_model.CpModel()
    x = {(p, b): model.new_bool_var(f"x{p}_{b}") for p in range(n) for b in range(tables)}
    for p in range(n):
        model.add_exactly_one(x[p, b] for b in range(tables))
    for b in range(tables):
        model.add(sum(x[p, b] for p in range(n)) == k)
    for j in range(fixed):
        model.add(x[classes * size + j, j] == 1)
    if fixed < tables:
        model.add(x[0, fixed] == 1)
    # value precedence among the tables without a fixed point: point p opens at most table fixed + p
    for p in range(classes * size):
        for b in range(fixed + p + 1, tables):
            model.add(x[p, b] == 0)
    uses: dict[int, list] = {}
    for p, q in combinations(range(n), 2):
        oid = key[p][q]
        if cap[oid] == 0:
            for b in range(tables):
                model.add_bool_or([x[p, b].Not(), x[q, b].Not()])
            continue
        same = model.new_bool_var(f"s{p}_{q}")
        for b in range(tables):
            model.add_bool_or([x[p, b].Not(), x[q, b].Not(), same])
        uses.setdefault(oid, []).append(same)
    for oid, terms in uses.items():
        if len(terms) > cap[oid]:
            model.add(sum(terms) <= cap[oid])
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    base = tuple(sorted(tuple(p for p in range(n) if solver.value(x[p, b])) for b in range(tables)))
    return CyclicSpec(n=n, k=k, group=tuple(group), classes=classes, fixed=fixed, base=base)
