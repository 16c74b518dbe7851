"""For field sizes without a best-known design yet: the longest cyclic design we can find quickly.

Usage: PYTHONPATH=src python tools/search_packings.py --budget SECONDS N:R_FROM:R_TO ...

Tries r = R_FROM, R_FROM+1, ... R_TO with the plain cyclic tabu search (classes = N // r,
fixed = N % r), writes every success as cyclic_<N>_k4_packing.json (a longer one replaces a
shorter one) and stops at the first r it cannot find within the budget. Not optimal: a
fallback that beats the transversal/Dutch designs until a full design is found.

``--method orbit`` runs the same plain cyclic problem (``fairdraw.designs.orbits``, K trivial)
with the C weighted tabu search of tools/orbit_search.c (needs a C compiler; run with
PYTHONPATH=src:tools), which is far faster than the Python tabu search.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from fairdraw.designs.cyclic import CyclicSpec, search_base
from fairdraw.designs.verify import verify

OUT = Path(__file__).resolve().parent.parent / "src" / "fairdraw" / "data" / "mahjong"


def _orbit_packing(n: int, r: int, seed: int, seconds: float) -> CyclicSpec | None:
    from orbit_runner import search

    from fairdraw.designs.orbits import classes_problem

    classes, fixed = divmod(n, r)
    problem = classes_problem((r,), classes, fixed, anchors=list(range(classes * r, n)))
    base, _ = search(problem, seed=seed, seconds=max(1.0, min(seconds, 30.0)), mode=2)
    if base is None:
        return None
    return CyclicSpec(n=n, k=4, group=(r,), classes=classes, fixed=fixed, base=tuple(sorted(base)))


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget", type=float, default=60)
    parser.add_argument("--method", choices=["python", "orbit"], default="python")
    parser.add_argument("targets", nargs="+")
    args = parser.parse_args(argv)
    for target in args.targets:
        n, lo, hi = (int(x) for x in target.split(":"))
        for r in range(lo, hi + 1):
            if n % r > n // 4:
                continue
            start = time.time()
            spec, seed = None, 0
            method = "tabu search"
            while spec is None and time.time() - start < args.budget:
                if args.method == "orbit":
                    spec = _orbit_packing(n, r, seed, args.budget - (time.time() - start))
                    method = f"C weighted tabu search, tools/orbit_search.c seed {seed}"
                else:
                    spec = search_base(n, 4, (r,), seed=seed, max_steps=3000, restart_every=1500)
                seed += 1
            if spec is None:
                print(f"{n}: r={r} not found in {args.budget:.0f}s", flush=True)
                break
            rounds = spec.develop()
            assert verify(rounds, 4, n).clean
            entry = {
                "kind": "cyclic", "n": n, "k": 4, "rounds": len(rounds), "group": [r],
                "classes": spec.classes, "fixed": spec.fixed, "base": [list(b) for b in spec.base],
                "source": f"cyclic packing over Z_{r} ({method}), searched once by tools/search_packings.py",
                "search_seconds": round(time.time() - start, 1),
            }
            path = OUT / f"cyclic_{n:03d}_k4_packing.json"
            path.write_text(json.dumps({"format": "fairdraw.designs/1", "designs": [entry]}, indent=1) + "\n")
            print(f"{n}: r={r} found in {time.time() - start:.0f}s -> {path.name}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
