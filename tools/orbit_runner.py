"""Run tools/orbit_search.c on a ``fairdraw.designs.orbits.OrbitProblem`` (offline helper).

The C source is compiled once with the system C compiler into a cache folder (never shipped);
the result is parsed, developed and checked with ``fairdraw.designs.verify`` by the caller.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from c_tools import compiled
from fairdraw.designs.orbits import OrbitProblem


def binary() -> Path:
    """The search, compiled once into a cache folder (never shipped)."""
    return compiled("orbit_search.c")


def problem_input(problem: OrbitProblem, seed: int, steps: int, seconds: float, mode: int = 0, temps: tuple[int, int] = (60, 20)) -> str:
    key, cap = problem.pair_orbits()
    movable = problem.movable()
    base = problem.initial(seed)
    lines = [f"{problem.n} {problem.k} {len(base)} {len(problem.kgroup)}"]
    lines += [" ".join(map(str, h)) for h in problem.kgroup]
    lines.append(" ".join("1" if m else "0" for m in movable))
    lines.append(str(len(cap)))
    lines.append(" ".join(map(str, cap)))
    for row in key:
        lines.append(" ".join(map(str, row)))
    lines += [" ".join(map(str, b)) for b in base]
    lines.append(f"{seed} {steps} {max(1, int(seconds))} {mode} {temps[0]} {temps[1]}")
    return "\n".join(lines) + "\n"


def search(problem: OrbitProblem, *, seed: int = 0, steps: int = 10**12, seconds: float = 60, mode: int = 0,
           temps: tuple[int, int] = (60, 20), best_out: list | None = None) -> tuple[list[tuple[int, ...]] | None, int]:
    """(base round, 0) on success, else (None, best cost seen); ``best_out`` receives the best round."""
    text = problem_input(problem, seed, steps, seconds, mode, temps)
    res = subprocess.run([str(binary())], input=text, capture_output=True, text=True, check=True)
    lines = res.stdout.strip().splitlines()
    if lines and lines[0] == "OK":
        return [tuple(sorted(int(x) for x in ln.split())) for ln in lines[1:]], 0
    if best_out is not None and len(lines) > 1:
        best_out[:] = [tuple(int(x) for x in ln.split()) for ln in lines[1:]]
    return None, int(lines[0].split()[1]) if lines else -1
