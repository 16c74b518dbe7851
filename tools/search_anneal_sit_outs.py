"""Offline annealing of a whole seating with sit-outs, shipped where it beats `fairdraw seat --byes`.

Usage:  PYTHONPATH=src:tools python tools/search_anneal_sit_outs.py N R [--seed S] [--steps X]
            [--restarts K] [--keep-front] [--from-output FILE] [--no-write]
        PYTHONPATH=src:tools python tools/search_anneal_sit_outs.py --prune

Why: past the repeat-free length, ``--byes`` keeps the design's rounds and searches the rest,
which can leave repeats a search over every round (sit-outs included) avoids: 22 players over 8
rounds got 20 repeats with a pair meeting 3 times, where this finds 16 with at most 2; 19 over 6
got 3 where this finds a repeat-free seating. tools/anneal_sit_outs.c does the annealing (the
issue 4 (b) order: fewest repeats, then the lowest maximum; sit-outs kept within
floor/ceil(b·R/N)); this script compiles it, reads its best seating, checks it with the
package's reader (``catalog.annealed_problems``) and weighs it against what ``fairdraw seat
--byes`` gives now (the draw's default seed; (repeats, max, distinct) as ``extend.quality_order``). Only a strictly better
seating is written, into annealed_sit_outs_NNN_k4.json (so an entry of the same length is
replaced only by a better one: the comparison is with the seating that entry gives). ``--from-output`` reads a saved output of the same command instead of running. ``--prune`` drops
every shipped seating that `seat --byes` now matches without the shipped seatings (after a
better method in the package, the data it makes redundant goes).

Measured on 2026-12-06 (seed 7, 40,000,000 steps x 2-3 restarts for the rounds just past the
repeat-free length, 10,000,000 x 1 for the longer ones): see docs/mahjong.md, ``--byes``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from c_tools import compiled
from design_files import OUT
from fairdraw.core.registry import PairingRequest, get_system
from fairdraw.designs import substitute
from fairdraw.designs.catalog import annealed_problems
from fairdraw.designs.extend import quality_order
from fairdraw.formats.players import numbered_players
from fairdraw.systems.mahjong import design_positions, leading_clean_rounds
from fairdraw.systems.mahjong.draw import DEFAULT_SEED

K = 4


def binary() -> Path:
    """The annealer, compiled once into a cache folder (never shipped)."""
    return compiled("anneal_sit_outs.c")


def parse(text: str, n: int, rounds: int) -> tuple[list[list[tuple[int, ...]]], list[list[int]]]:
    """The last (best) seating the annealer printed: (tables per round, sit-outs per round)."""
    lines = [line.split() for line in text.splitlines() if line.strip()]
    heads = [i for i, line in enumerate(lines) if len(line) == 6 and int(line[0]) == n and int(line[1]) == rounds]
    assert heads, "the annealer printed no seating"
    rows = [[int(x) for x in line] for line in lines[heads[-1] + 1 : heads[-1] + 1 + rounds]]
    assert len(rows) == rounds and all(len(row) == n for row in rows), "a truncated seating"
    tables = (n - n % K) // K
    seated = [[tuple(sorted(row[K * t : K * t + K])) for t in range(tables)] for row in rows]
    return seated, [sorted(row[K * tables :]) for row in rows]


def without_shipped_seatings(n: int, rounds: int) -> tuple[int, int, int]:
    """(repeats, max, -distinct) of `seat --byes` (the draw's default seed) as if no annealed
    seating were shipped."""
    shipped = substitute.annealed_sit_out_seatings
    substitute.annealed_sit_out_seatings = lambda *_: []
    try:
        return seat_quality(n, rounds)
    finally:
        substitute.annealed_sit_out_seatings = shipped


def seat_quality(n: int, rounds: int) -> tuple[int, int, int]:
    """(repeats, max, -distinct) of what `fairdraw seat --byes` gives now, default seed."""
    request = PairingRequest(players=tuple(numbered_players(n)), total_rounds=rounds,
                             options={"table_size": K, "byes": True})
    metrics = get_system("mahjong").pair(request).meta["metrics"]
    return metrics["repeats"], metrics["max_meetings"], -metrics["distinct_opponents_min"]


def prune() -> None:
    """Drop the shipped seatings `seat --byes` matches without them (see the module docstring)."""
    for path in sorted(OUT.glob("annealed_sit_outs_*_k4.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        kept = []
        for e in doc["seatings"]:
            n, rounds = e["n"], len(e["rounds"])
            found = quality_order([[tuple(t) for t in rnd] for rnd in e["rounds"]], n)
            plain = without_shipped_seatings(n, rounds)
            print(f"{n} players {rounds} rounds: shipped {found}, without it {plain}: "
                  f"{'kept' if found < plain else 'dropped'}")
            if found < plain:
                kept.append(e)
        if kept:
            path.write_text(json.dumps(dict(doc, seatings=kept), indent=None) + "\n", encoding="utf-8")
        else:
            path.unlink()


def front_file(n: int, rounds: int) -> Path:
    """The repeat-free rounds `seat --byes` starts with (the draw's default seed), as the
    annealer reads them: their count, then a line per round of its tables, then its sit-outs."""
    shipped = substitute.annealed_sit_out_seatings
    substitute.annealed_sit_out_seatings = lambda *_: []  # the design's front, not a shipped seating's
    try:
        seated, byes, _, _ = design_positions(n, K, rounds, DEFAULT_SEED)
    finally:
        substitute.annealed_sit_out_seatings = shipped
    front = leading_clean_rounds(seated)
    lines = [str(front)] + [" ".join(str(p) for p in [*(q for t in rnd for q in t), *out])
                            for rnd, out in zip(seated[:front], byes[:front], strict=True)]
    path = Path(tempfile.mkdtemp()) / "front.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def write(entry: dict[str, Any]) -> Path:
    """Merge ``entry`` into annealed_sit_outs_NNN_k4.json (one entry per length)."""
    path = OUT / f"annealed_sit_outs_{entry['n']:03d}_k4.json"
    doc = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {
        "format": "fairdraw.annealed-sit-outs/1", "seatings": []}
    others = [e for e in doc["seatings"] if len(e["rounds"]) != len(entry["rounds"])]
    doc["seatings"] = sorted([*others, entry], key=lambda e: len(e["rounds"]))
    path.write_text(json.dumps(doc, indent=None) + "\n", encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("n", type=int, nargs="?")
    parser.add_argument("rounds", type=int, nargs="?")
    parser.add_argument("--prune", action="store_true", help="drop shipped seatings the package now matches")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--steps", type=int, default=40_000_000)
    parser.add_argument("--restarts", type=int, default=2)
    parser.add_argument("--keep-front", action="store_true", help="search only past today's repeat-free rounds")
    parser.add_argument("--from-output", type=Path, help="a saved output of the annealer for these arguments")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    if args.prune:
        prune()
        return
    if args.n is None or args.rounds is None:
        parser.error("N and R are needed (or --prune)")
    n, rounds = args.n, args.rounds
    if n % K == 0:
        raise SystemExit(f"{n} players fill tables of {K}: nothing sits out")
    command = [str(n), str(rounds), str(args.seed), str(args.steps), str(args.restarts)]
    start = time.time()
    if args.from_output:
        text = args.from_output.read_text(encoding="utf-8")
    else:
        front = [str(front_file(n, rounds))] if args.keep_front else []
        text = subprocess.run([str(binary()), *command, *front], check=True, capture_output=True, text=True).stdout
    seated, byes = parse(text, n, rounds)
    counts: dict[tuple[int, int], int] = {}
    for rnd in seated:
        for t in rnd:
            for i, a in enumerate(t):
                for c in t[i + 1 :]:
                    counts[(a, c)] = counts.get((a, c), 0) + 1
    entry: dict[str, Any] = {
        "n": n, "k": K,
        "rounds": [[list(t) for t in rnd] for rnd in seated],
        "byes": byes,
        "repeats": sum(c - 1 for c in counts.values()),
        "max_meetings": max(counts.values()),
        "source": (f"simulated annealing of {'the rounds past the repeat-free front' if args.keep_front else 'every round'}"
                   f" with sit-outs, tools/search_anneal_sit_outs.py {' '.join(command[:2])} --seed {args.seed} "
                   f"--steps {args.steps} --restarts {args.restarts}{' --keep-front' if args.keep_front else ''}"),
    }
    problems = annealed_problems(entry)
    assert not problems, f"the annealer returned an invalid seating: {problems[:3]}"
    found = quality_order(seated, n)
    ours = seat_quality(n, rounds)  # the shipped seatings included, so only a better one replaces
    print(f"{n} players {rounds} rounds: annealed {found} (repeats, max, -distinct), seat --byes {ours}"
          f" ({time.time() - start:.0f}s)")
    if found >= ours or args.no_write:
        return
    print(f"written to {write(entry)}")


if __name__ == "__main__":
    main()
