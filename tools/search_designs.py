"""Offline search for repeat-free seatings, written to src/fairdraw/data/mahjong/ as data.

Usage:  PYTHONPATH=src python tools/search_designs.py [--budget SECONDS] N:R [N:R ...]

For each target (N players, R rounds, tables of 4) it tries the cyclotomic search
(N = 3q+1, q = 1 mod 4 a prime power, multiplier subgroup of odd order), the class-cycling cyclic search (N = 3R+f,
f = 1, 2, 3; first as a CP-SAT model, then by local search), and the plain cyclic search over Z_R (N = c·R + f),
with growing seeds until the budget per target is spent. Every result is checked by
``fairdraw.designs.verify`` before it is written. The shipped files are what this tool
wrote; tests re-verify them, so the tool is not needed at run time.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from fairdraw.designs.cyclic import CyclicSpec, search_base
from fairdraw.designs.cyclotomic import search_cyclotomic
from fairdraw.designs.gf import prime_power
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


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget", type=float, default=600)
    parser.add_argument("targets", nargs="+")
    args = parser.parse_args(argv)
    for target in args.targets:
        n, r = (int(x) for x in target.split(":"))
        solve(n, r, args.budget)


if __name__ == "__main__":
    main(sys.argv[1:])
