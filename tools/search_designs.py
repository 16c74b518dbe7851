"""Offline search for repeat-free seatings, written to src/fairdraw/data/mahjong/ as data.

Usage:  PYTHONPATH=src python tools/search_designs.py [--budget SECONDS] N:R [N:R ...]

For each target (N players, R rounds, tables of 4) it tries the cyclotomic search
(N = 3q+1, q = 1 mod 4 a prime power, multiplier subgroup of odd order), the class-cycling cyclic search (N = 3R+f,
f = 1, 2, 3; first as a CP-SAT model, then by local search), and the plain cyclic search over Z_R (N = c·R + f),
with growing seeds until the budget per target is spent.

``--method orbit`` instead tries the symmetric problems of ``orbit_problems`` (``--list`` shows
them, ``--only I`` picks one): the C weighted tabu search (tools/orbit_search.c, compiled on
first use) for ``--ls-seconds``, then its best base round as the hint of one CP-SAT model of
the whole K-invariant base round for ``--per-run`` seconds. The shipped 84-player design came
from ``PYTHONPATH=src:tools python tools/search_designs.py --method orbit --only 4 --budget 610 84:27``
(seed 0, 79 s). Every result is checked by
``fairdraw.designs.verify`` before it is written. The shipped files are what this tool
wrote; tests re-verify them, so the tool is not needed at run time.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from fairdraw.designs.cyclic import CyclicSpec, search_base
from fairdraw.designs.cyclotomic import search_cyclotomic
from fairdraw.designs.gf import field, prime_power
from fairdraw.designs.orbits import (
    OrbitProblem,
    classes_problem,
    cyclic_extension_problem,
)
from fairdraw.designs.rotational import cube_roots_of_unity, search_rotational
from fairdraw.designs.rotational_cpsat import solve_rotational
from fairdraw.designs.verify import verify

OUT = Path(__file__).resolve().parent.parent / "src" / "fairdraw" / "data" / "mahjong"


def write(spec: CyclicSpec, rounds: int, method: str, seconds: float) -> Path:
    verdict = verify(spec.develop(), spec.k, spec.n)
    assert verdict.clean and verdict.rounds >= rounds, "search returned an invalid design"
    path = OUT / f"cyclic_{spec.n:03d}_k{spec.k}.json"
    entry = {
        "kind": "cyclic",
        "n": spec.n,
        "k": spec.k,
        "rounds": len(spec.develop()),
        "group": list(spec.group),
        "classes": spec.classes,
        "fixed": spec.fixed,
        "base": [list(b) for b in spec.base],
        "source": f"{method}, searched once by tools/search_designs.py",
        "search_seconds": round(seconds, 1),
    }
    doc = {"format": "fairdraw.designs/1", "designs": [entry]}
    path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    return path


def cyclotomic_index(q: int) -> int | None:
    """The index m of the multiplier subgroup S for the cyclotomic search over GF(q), or None.

    S (of order (q-1)/m) must have odd order, else -1 is in S and a base block holding two
    points of one class would use that pure difference twice (B and -B); and 3m must be a
    multiple of 4 so the 3m (class, coset) representatives fill whole tables. The smallest
    such m is the 2-part of q-1 when q = 1 (mod 8), or 4 when q = 5 (mod 8).
    """
    if q < 5 or prime_power(q) is None or q % 4 != 1:
        return None
    m = 4
    while (q - 1) % (2 * m) == 0:
        m *= 2
    return m if (q - 1) // m > 1 else None


def solve(n: int, r: int, budget: float) -> bool:
    start = time.time()
    seed = 0
    q = (n - 1) // 3
    index = cyclotomic_index(q) if (n - 1) % 3 == 0 and r == q else None
    cyclo = index is not None
    rotational = n - 3 * r in (1, 2, 3)
    units = cube_roots_of_unity(r)
    if n - 3 * r == 2:
        units = [u for u in units if u != 1]
        rotational = bool(units)
    if rotational and not cyclo:
        for u in units:
            left = budget - (time.time() - start)
            if left <= 5:
                break
            spec = solve_rotational(n, r, u=u, seconds=min(left, budget / len(units)), workers=1, seed=0)
            if spec is not None:
                method = f"cyclic base round over Z_{r}, invariant under (c, y) -> (c+1, {u}y), CP-SAT"
                path = write(spec, r, method, time.time() - start)
                print(f"{n}:{r} solved in {time.time() - start:.0f}s (CP-SAT, u={u}) -> {path.name}", flush=True)
                return True
    while time.time() - start < budget:
        if cyclo:
            spec = search_cyclotomic(q, 4, index=index, seed=seed, max_steps=20_000)
            method = f"cyclotomic base round over GF({q}) (index-{index} multiplier subgroup)"
        elif rotational and seed % 4 != 3:
            u = units[seed % len(units)]
            spec = search_rotational(n, r, u=u, seed=seed, max_steps=60_000)
            method = f"cyclic base round over Z_{r}, invariant under (c, y) -> (c+1, {u}y)"
        else:
            spec = search_base(n, 4, (r,), seed=seed, max_steps=6000, restart_every=3000)
            method = f"cyclic base round developed over Z_{r}"
        if spec is not None:
            path = write(spec, r, method, time.time() - start)
            print(f"{n}:{r} solved in {time.time() - start:.0f}s (seed {seed}) -> {path.name}", flush=True)
            return True
        seed += 1
    print(f"{n}:{r} not solved within {budget:.0f}s ({seed} seeds)", flush=True)
    return False


def orbit_problems(n: int, r: int) -> list[tuple[str, Callable[[], OrbitProblem]]]:
    """The symmetric base-round problems worth trying for n players and r rounds, most promising first.

    Each is a ``fairdraw.designs.orbits.OrbitProblem`` (see its docstring for the maths):
      * N = 3q + 1, q = 1 (mod 4) a prime power: 3 classes over GF(q), base round invariant
        under the multiplier subgroup S of odd order (``cyclotomic_index``), the fixed table
        {inf, (0,0), (1,0), (2,0)};
      * N = 3r + f, f = 1, 2, 3: class cycling sigma (c, y) -> (c+1, alpha(y)) with alpha an
        automorphism of order dividing 3: y -> u·y over Z_r (u^3 = 1; not u = 1 when f = 2),
        and the Frobenius map y -> y^(p^(e/3)) when r = p^e with 3 | e (GF(r)'s additive group);
        For f = 3 the fixed points are either cycled by sigma or (u != 1) each fixed by it;
      * N = 3r + 1 with 3 | r: Z_3r with the base round invariant under x -> x + r;
      * the plain cyclic base round over Z_r (K trivial), always.
    """
    f = n - 3 * r
    out: list[tuple[str, Callable[[], OrbitProblem]]] = []
    inf = list(range(3 * r, n))
    index = cyclotomic_index(r) if f == 1 else None
    if index is not None:
        fld = field(r)
        w = _field_primitive(r)
        s_gen = 1
        for _ in range(index):
            s_gen = fld.mul(s_gen, w)
        out.append((
            f"3 classes over GF({r}) + 1 fixed point, base round invariant under the index-{index} multiplier subgroup",
            lambda: classes_problem(tuple([fld.p] * fld.n), 3, 1, alpha=lambda y: fld.mul(s_gen, y),
                                    fixed_blocks=[(3 * r, 0, r, 2 * r)]),
        ))
    if f in (1, 2, 3):
        anchors = inf if f < 3 else []
        fperm = [1, 2, 0] if f == 3 else None
        for u in cube_roots_of_unity(r):
            if f == 2 and u == 1:
                continue
            out.append((
                f"3 classes over Z_{r} + {f} fixed points, base round invariant under (c, y) -> (c+1, {u}y)",
                lambda u=u: classes_problem((r,), 3, f, alpha=lambda y: (u * y) % r, class_perm=[1, 2, 0],
                                            fixed_perm=fperm, anchors=anchors),
            ))
        pe = prime_power(r)
        if pe is not None and pe[1] % 3 == 0 and f != 2:
            fld3 = field(r)
            power = pe[0] ** (pe[1] // 3)
            out.append((
                f"3 classes over GF({r})+ + {f} fixed points, base round invariant under (c, y) -> (c+1, y^{power})",
                lambda: classes_problem(tuple([fld3.p] * fld3.n), 3, f, alpha=lambda y: _field_pow(fld3, y, power),
                                        class_perm=[1, 2, 0], fixed_perm=fperm, anchors=anchors),
            ))
        if f == 3:
            # the three fixed points fixed by sigma instead of cycled: three invariant tables
            # {inf_j, (0, y_j), (1, u·y_j), (2, u²·y_j)}, which needs u != 1
            for u in cube_roots_of_unity(r):
                if u == 1:
                    continue
                out.append((
                    f"3 classes over Z_{r} + 3 fixed points (each fixed by sigma), base round invariant under (c, y) -> (c+1, {u}y)",
                    lambda u=u: classes_problem((r,), 3, 3, alpha=lambda y: (u * y) % r, class_perm=[1, 2, 0],
                                                anchors=inf),
                ))
        if f == 1 and r % 3 == 0:
            out.append((
                f"Z_{3 * r} + 1 fixed point, base round invariant under x -> x + {r}",
                lambda: cyclic_extension_problem(r, 3, 1, anchors=inf),
            ))
    if f == 2 and r % 2 == 0:
        # the two fixed points swapped by every odd translation (Gamma acts on them through
        # Z_r / 2Z_r), with or without class cycling; each fixed point still sits with 3 points
        for u in [1, *(x for x in cube_roots_of_unity(r) if x != 1)]:
            sym = "plain cyclic base round" if u == 1 else f"base round invariant under (c, y) -> (c+1, {u}y)"
            out.append((
                f"3 classes over Z_{r} + 2 fixed points swapped by odd translations, {sym}",
                lambda u=u: classes_problem((r,), 3, 2, alpha=(lambda y: (u * y) % r) if u != 1 else None,
                                            class_perm=[1, 2, 0] if u != 1 else None, anchors=inf,
                                            fixed_shift=[1, 0]),
            ))
    if n % r <= n // 4 and n // r >= 1:
        c, fx = divmod(n, r)
        out.append((
            f"{c} classes over Z_{r} + {fx} fixed points, plain cyclic base round",
            lambda: classes_problem((r,), c, fx, anchors=list(range(c * r, n))),
        ))
    return out


def _field_primitive(q: int) -> int:
    from fairdraw.designs.cyclotomic import _primitive

    return _primitive(q)


def _field_pow(fld, y: int, e: int) -> int:  # type: ignore[no-untyped-def]
    out = 1
    for _ in range(e):
        out = fld.mul(out, y)
    return out


def write_orbit(problem: OrbitProblem, base: list[tuple[int, ...]], n: int, r: int, method: str, seconds: float) -> Path:
    """Ship a base round found by the C search: as a cyclic base round when Gamma's rounds are
    the translates of one group (classes problems), else as explicit rounds."""
    rounds = problem.develop(base)
    verdict = verify(rounds, problem.k, n)
    assert verdict.clean and verdict.rounds >= r, "search returned an invalid design"
    path = OUT / f"cyclic_{n:03d}_k{problem.k}.json"
    common = {"source": f"{method}, searched once by tools/search_designs.py", "search_seconds": round(seconds, 1)}
    if problem.group_moduli is not None:
        size = 1
        for m in problem.group_moduli:
            size *= m
        classes, fixed = divmod(n, size)
        spec = CyclicSpec(n=n, k=problem.k, group=problem.group_moduli, classes=classes, fixed=fixed,
                          base=tuple(sorted(tuple(sorted(b)) for b in base)))
        assert verify(spec.develop(), problem.k, n).clean
        entry = {"kind": "cyclic", "n": n, "k": problem.k, "rounds": len(rounds), "group": list(spec.group),
                 "classes": classes, "fixed": fixed, "base": [list(b) for b in spec.base], **common}
    else:
        entry = {"kind": "rounds", "n": n, "k": problem.k, "rounds": [[list(t) for t in rnd] for rnd in rounds], **common}
    doc = {"format": "fairdraw.designs/1", "designs": [entry]}
    path.write_text(json.dumps(doc, indent=1 if entry["kind"] == "cyclic" else None) + "\n", encoding="utf-8")
    return path


def solve_orbit(n: int, r: int, budget: float, *, mode: int = 2, per_run: float = 60, seed0: int = 0,
                only: int | None = None, ls_seconds: float = 10, lns_seconds: float = 0) -> bool:
    """Round-robin over ``orbit_problems``, growing seeds: for each (problem, seed) the C local
    search (tools/orbit_search.c, ``ls_seconds``) and then, from its best base round as a hint,
    the whole K-invariant base round as one CP-SAT model (``orbit_lns.repair`` on every slot,
    ``per_run`` seconds, one worker)."""
    from orbit_runner import search as c_search

    from fairdraw.designs.orbit_lns import OrbitState, lns, repair

    start = time.time()
    problems = orbit_problems(n, r)
    if only is not None:
        problems = [problems[only]]
    built = [(desc, make()) for desc, make in problems]
    seed = seed0
    while time.time() - start < budget:
        for desc, problem in built:
            left = budget - (time.time() - start)
            if left < 1:
                break
            best: list = []
            base, cost = c_search(problem, seed=seed, seconds=min(ls_seconds, left), mode=mode, best_out=best)
            print(f"{n}:{r} [{desc}] seed {seed}: local search {'found' if base else f'best cost {cost}'}", flush=True)
            method = f"{desc}; weighted tabu search (tools/orbit_search.c mode {mode}, seed {seed})"
            left = budget - (time.time() - start)
            if base is None and left >= 1:
                state = OrbitState(problem, best)
                repair(state, list(range(len(state.free_slots))), list(state.anchor_slots),
                       seconds=min(per_run, left), seed=seed)
                cost = state.cost()
                print(f"{n}:{r} [{desc}] seed {seed}: CP-SAT from that hint: cost {cost}", flush=True)
                if cost == 0:
                    base = state.blocks()
                    method += f" then CP-SAT on the whole base round from its best state (seed {seed})"
                elif lns_seconds > 0:
                    base = lns(problem, state.blocks(), seconds=min(lns_seconds, budget - (time.time() - start)),
                               seed=seed, free_slots=3, log=True)
                    print(f"{n}:{r} [{desc}] seed {seed}: LNS {'found' if base else 'failed'}", flush=True)
                    method += (f" then CP-SAT on the whole base round from its best state (seed {seed})"
                               f" then CP-SAT large-neighbourhood search (3 table orbits, seed {seed})")
            if base is not None:
                path = write_orbit(problem, base, n, r, method, time.time() - start)
                print(f"{n}:{r} solved in {time.time() - start:.0f}s -> {path.name}", flush=True)
                return True
        seed += 1
    print(f"{n}:{r} not solved within {budget:.0f}s", flush=True)
    return False


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget", type=float, default=600)
    parser.add_argument("--method", choices=["auto", "orbit"], default="auto",
                        help="auto: the Python searches; orbit: the symmetric C search (needs a C compiler)")
    parser.add_argument("--per-run", type=float, default=600, help="orbit: CP-SAT seconds per (problem, seed)")
    parser.add_argument("--ls-seconds", type=float, default=10, help="orbit: local-search seconds per (problem, seed)")
    parser.add_argument("--lns-seconds", type=float, default=0, help="orbit: LNS seconds after an unsuccessful CP-SAT run")
    parser.add_argument("--seed", type=int, default=0, help="orbit: first seed")
    parser.add_argument("--only", type=int, default=None, help="orbit: index of the one problem to try")
    parser.add_argument("--list", action="store_true", help="orbit: list the problems tried for each target")
    parser.add_argument("targets", nargs="+")
    args = parser.parse_args(argv)
    for target in args.targets:
        n, r = (int(x) for x in target.split(":"))
        if args.list:
            for i, (desc, _) in enumerate(orbit_problems(n, r)):
                print(f"{n}:{r} [{i}] {desc}")
        elif args.method == "orbit":
            solve_orbit(n, r, args.budget, per_run=args.per_run, seed0=args.seed, only=args.only,
                        ls_seconds=args.ls_seconds, lns_seconds=args.lns_seconds)
        else:
            solve(n, r, args.budget)


if __name__ == "__main__":
    main(sys.argv[1:])
