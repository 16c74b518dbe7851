"""Club Swiss (seed 002) speed: CPU time to pair one round of a random tournament.

Each field plays random results for R-1 rounds with the club Swiss; then round R is paired
once without and (up to 150 players) once with the counterfactual analysis that explains
every relaxed rule. Figures are process CPU seconds (time.process_time) on this machine.
"""

from __future__ import annotations

import random
import resource
import time

from fairdraw.core.model import Participant, Round, Table
from fairdraw.core.registry import PairingRequest, get_system

CASES = [(40, 7), (100, 7), (300, 9), (1000, 9)]


def _tournament(n: int, rounds: int, rng: random.Random) -> tuple[tuple[Participant, ...], tuple[Round, ...]]:
    system = get_system("club-swiss")
    players = tuple(Participant(id=i, name=f"P{i}", rating=rng.randint(1000, 2500)) for i in range(1, n + 1))
    history: tuple[Round, ...] = ()
    for _ in range(rounds - 1):
        request = PairingRequest(players, history, rounds, "bench", {"analyse_limit": 0})
        last = system.pair(request).rounds[-1]
        tables = tuple(
            Table(table=t.table, seats=t.seats, result=rng.choice(["1-0", "0-1", "1/2-1/2"])) for t in last.tables
        )
        history += (Round(round=last.round, tables=tables, byes=last.byes),)
    return players, history


def _time(players: tuple[Participant, ...], history: tuple[Round, ...], rounds: int, limit: int) -> tuple[float, int]:
    system = get_system("club-swiss")
    start = time.process_time()
    schedule = system.pair(PairingRequest(players, history, rounds, "bench", {"analyse_limit": limit}))
    return time.process_time() - start, len(schedule.meta["relaxed"])


def run() -> str:
    rows = []
    for n, rounds in CASES:
        players, history = _tournament(n, rounds, random.Random(n))
        plain, relaxed = _time(players, history, rounds, 0)
        explained = f"{_time(players, history, rounds, n)[0]:.2f}" if n <= 150 else "not run (above 150)"
        rows.append(f"| {n} | {rounds} | {plain:.2f} | {explained} | {relaxed} |")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return "\n".join(
        [
            "## Clubswiss",
            "",
            "Pairing the last round of a random club Swiss (seed 002) played with the club Swiss itself.",
            "",
            "| players | round paired | CPU s | CPU s with relaxation analysis | relaxed rules reported |",
            "|---:|---:|---:|---:|---:|",
            *rows,
            "",
            f"Peak resident memory of the whole run: {peak:.0f} MiB.",
            "",
            "Reproduce: `python -m benchmarks clubswiss`",
        ]
    )


if __name__ == "__main__":
    print(run())
