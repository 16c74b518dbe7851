"""For field sizes without a best-known design yet: the longest cyclic design we can find quickly.

Usage: PYTHONPATH=src python tools/search_packings.py --budget SECONDS N:R_FROM:R_TO ...

Tries r = R_FROM, R_FROM+1, ... R_TO with the plain cyclic tabu search (classes = N // r,
fixed = N % r), writes every success as cyclic_<N>_k4_packing.json (a longer one replaces a
shorter one) and stops at the first r it cannot find within the budget. Not optimal: a
fallback that beats the transversal/Dutch designs until a full design is found.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from fairdraw.designs.cyclic import search_base
from fairdraw.designs.verify import verify

OUT = Path(__file__).resolve().parent.parent / "src" / "fairdraw" / "data" / "mahjong"


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget", type=float, default=60)
    parser.add_argument("targets", nargs="+")
    args = parser.parse_args(argv)
    for target in args.targets:
        n, lo, hi = (int(x) for x in target.split(":"))
        for r in range(lo, hi + 1):
            if n % r > n // 4:
                continue
            start = time.time()
            spec, seed = None, 0
            while spec is None and time.time() - start < args.budget:
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
                "source": f"cyclic packing over Z_{r}, searched once by tools/search_packings.py",
                "search_seconds": round(time.time() - start, 1),
            }
            path = OUT / f"cyclic_{n:03d}_k4_packing.json"
            path.write_text(json.dumps({"format": "fairdraw.designs/1", "designs": [entry]}, indent=1) + "\n")
            print(f"{n}: r={r} found in {time.time() - start:.0f}s -> {path.name}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
