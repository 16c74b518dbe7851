"""The class-cycling base-round search of ``rotational`` as a CP-SAT model (offline use).

Same structure as ``fairdraw.designs.rotational`` (sigma: (c, y) -> (c+1, u·y)), but exact:
boolean variables put each column ("item") in one base block and give it a shift; a pair
of items in one block with shifts (s, s') uses, for t = 0, 1, 2, the pair orbit of
(sigma^t sigma^s (0, y), sigma^t sigma^s' (0, y')); every orbit may be used at most
its capacity. By translation symmetry the first fixed point's column is 0. Used only by
tools/search_designs.py; the result is verified like every other design.
"""

from __future__ import annotations

from itertools import combinations

from fairdraw.designs.cyclic import CyclicSpec, Group, _orbit_table


def solve_rotational(n: int, r: int, *, u: int = 1, seconds: float = 60.0, workers: int = 2, seed: int = 0) -> CyclicSpec | None:
    from ortools.sat.python import cp_model

    k = 4
    fixed = n - 3 * r
    if fixed not in (1, 2, 3) or n % 4 or pow(u, 3, r) != 1 % r:
        return None
    key, cap = _orbit_table(Group((r,)), 3, fixed)
    inf = 3 * r
    upow = [1, u % r, (u * u) % r]

    def point(item: int, s: int) -> int:
        if item == -1:
            return inf + s % 3
        return (s % 3) * r + (upow[s % 3] * item) % r

    model = cp_model.CpModel()
    uses: dict[int, list] = {}
    columns = list(range(r))
    if fixed in (1, 2):
        # invariant table of the first fixed point on column 0
        for a, b in combinations([inf, point(0, 0), point(0, 1), point(0, 2)], 2):
            uses.setdefault(key[a][b], []).append(1)
        columns = columns[1:]
    special = {}
    if fixed == 2:
        for y in columns:
            special[y] = model.new_bool_var(f"sp{y}")
            for a, b in combinations([inf + 1, point(y, 0), point(y, 1), point(y, 2)], 2):
                uses.setdefault(key[a][b], []).append(special[y])
        model.add_exactly_one(special.values())
    items = columns + ([-1] if fixed == 3 else [])
    nb = (n // 4 - (fixed if fixed < 3 else 0)) // 3
    inb = {(i, b): model.new_bool_var(f"in{i}_{b}") for i in items for b in range(nb)}
    for i in items:
        terms = [inb[i, b] for b in range(nb)]
        if fixed == 2 and i in special:
            model.add(sum(terms) + special[i] == 1)
        else:
            model.add_exactly_one(terms)
    for b in range(nb):
        model.add(sum(inb[i, b] for i in items) == k)
    model.add(inb[items[0], 0] == 1)
    shift = {}
    for i in items:
        if i == -1:
            continue
        shift[i] = [model.new_bool_var(f"s{i}_{s}") for s in range(3)]
        model.add_exactly_one(shift[i])
    for i, j in combinations(items, 2):
        same = model.new_bool_var(f"same{i}_{j}")
        for b in range(nb):
            model.add_bool_or([inb[i, b].Not(), inb[j, b].Not(), same])
        si_list = [0] if i == -1 else [0, 1, 2]
        sj_list = [0] if j == -1 else [0, 1, 2]
        for si in si_list:
            for sj in sj_list:
                z = model.new_bool_var(f"z{i}_{j}_{si}_{sj}")
                lits = [same.Not(), z]
                if i != -1:
                    lits.append(shift[i][si].Not())
                if j != -1:
                    lits.append(shift[j][sj].Not())
                model.add_bool_or(lits)
                for t in range(3):
                    a, c = point(i, si + t), point(j, sj + t)
                    uses.setdefault(key[a][c], []).append(z)
    for oid, terms in uses.items():
        const = sum(1 for x in terms if isinstance(x, int))
        vars_ = [x for x in terms if not isinstance(x, int)]
        if const > cap[oid]:
            return None
        if vars_ and len(vars_) + const > cap[oid]:
            model.add(sum(vars_) <= cap[oid] - const)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    blocks: list[tuple[int, ...]] = []
    if fixed in (1, 2):
        blocks.append((inf, point(0, 0), point(0, 1), point(0, 2)))
    if fixed == 2:
        y = next(y for y, v in special.items() if solver.value(v))
        blocks.append((inf + 1, point(y, 0), point(y, 1), point(y, 2)))
    for b in range(nb):
        members = [i for i in items if solver.value(inb[i, b])]
        sh = {i: (0 if i == -1 else next(s for s in range(3) if solver.value(shift[i][s]))) for i in members}
        for t in range(3):
            blocks.append(tuple(point(i, sh[i] + t) for i in members))
    return CyclicSpec(n=n, k=k, group=(r,), classes=3, fixed=fixed, base=tuple(sorted(tuple(sorted(b)) for b in blocks)))
