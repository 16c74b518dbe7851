"""Fixed-schedule systems: Heller search time and spread per field size; Meerkamp/Varma speed.

Run: ``python -m benchmarks fixed``. CPU seconds (process time) are reported beside the
wall clock because the shared machine's load changes wall times a lot.
"""

from __future__ import annotations

import time

from fairdraw.core.model import Participant


def _heller_rows() -> list[str]:
    from fairdraw.systems.heller import find_schemes, statement
    from fairdraw.systems.heller_data import load_shipped

    rows = []
    for n in range(4, 21):
        rounds = min(5, n + n % 2 - 1)
        wall, cpu = time.perf_counter(), time.process_time()
        scheme = find_schemes(n, rounds, 1, seed="bench")[0]  # a seed forces a fresh search
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        m = scheme.metrics
        shipped = load_shipped(n, rounds)
        ship = "–" if shipped is None else f"{shipped[0][0].metrics.spread} ({statement(n, shipped[0][0])})"
        rows.append(
            f"| {n} | {rounds} | {m.spread} | {statement(n, scheme)} | {m.colour_repeats} | {cpu:.1f} | {wall:.1f} | {ship} |"
        )
    return rows


def _shipped_other_rounds() -> list[str]:
    """The schemes shipped for 3, 4, 6 and 7 rounds: spread against the proven bound, per N."""
    from fairdraw.systems.heller_data import SHIPPED, load_shipped

    round_counts = sorted({r for _, r in SHIPPED if r != 5})
    rows = [f"| N | {' | '.join(f'{r} rounds' for r in round_counts)} |", f"|---|{'---|' * len(round_counts)}"]
    for n in sorted({n for n, r in SHIPPED if r != 5}):
        cells = []
        for r in round_counts:
            shipped = load_shipped(n, r) if (n, r) in SHIPPED else None
            cells.append("–" if shipped is None else f"{shipped[0][0].metrics.spread} ({shipped[1]['lower_bound']})")
        rows.append(f"| {n} | {' | '.join(cells)} |")
    return rows


def run() -> str:
    from fairdraw.systems.meerkamp import meerkamp_schedule
    from fairdraw.systems.varma import varma_numbers

    lines = [
        "## Fixed",
        "",
        "Heller schemes, fresh CP-SAT search (`--seed`: one worker, deterministic budget), and the",
        "shipped scheme the command gives without `--seed` (6-20 players at 5 rounds, computed once",
        "with a larger budget by `python -m fairdraw.systems.heller_data`; loads instantly):",
        "",
        "| N | rounds | spread | statement | colour repeats | CPU s | wall s | shipped spread |",
        "|---|---|---|---|---|---|---|---|",
        *_heller_rows(),
        "",
        "Shipped schemes at other round counts (spread, and in brackets the lower bound CP-SAT proved",
        "for every meeting graph; the command gives them without `--seed`, at once):",
        "",
        *_shipped_other_rounds(),
        "",
    ]
    players = [Participant(id=i, name=f"P{i}", rating=2400 - i, federation=f"F{i % 5}") for i in range(1, 1001)]
    start = time.perf_counter()
    meerkamp_schedule(players, group_size=4, double=True)
    mk = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(1000):
        varma_numbers(players[:24])
    va = (time.perf_counter() - start) / 1000
    lines += [
        f"Meerkamp, 1,000 players in double round robin groups of 4: {mk * 1000:.0f} ms.",
        f"Varma numbering of 24 players: {va * 1e6:.0f} µs.",
        "",
        "Reproduce: `python -m benchmarks fixed`.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(run())
