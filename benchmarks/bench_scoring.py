"""Standings speed: the 240 reference tournaments, a 1,000-player Swiss, Keizer, mahjong."""

from __future__ import annotations

import random
import time
from pathlib import Path

from fairdraw.core.model import Bye, Participant, Round, Schedule, Table
from fairdraw.scoring.standings import compute_standings

GOLDEN = Path(__file__).resolve().parents[1].parent / "shared" / "golden" / "dutch"
ALL_CHESS = ["BH:C1", "BH", "SB", "DE", "WIN", "BPG", "PS", "ARO", "TPR", "KS", "WP"]


def _chess_event(n: int, rounds: int, seed: int) -> Schedule:
    rng = random.Random(seed)
    players = tuple(Participant(i, f"P{i}", rating=1400 + rng.randrange(1200)) for i in range(1, n + 1))
    built = []
    for r in range(1, rounds + 1):
        ids = [p.id for p in players]
        rng.shuffle(ids)
        tables = []
        while len(ids) >= 2:
            a, b = ids.pop(), ids.pop()
            tables.append(Table(len(tables) + 1, (a, b), result=rng.choice(["1-0", "0-1", "1/2-1/2", "1-0", "+/-"])))
        built.append(Round(r, tuple(tables), tuple(Bye(p, "bye") for p in ids)))
    return Schedule("bench", players, tuple(built))


def _mahjong_event(n: int, rounds: int, seed: int) -> Schedule:
    rng = random.Random(seed)
    players = tuple(Participant(i, f"M{i}") for i in range(1, n + 1))
    built = []
    for r in range(1, rounds + 1):
        ids = [p.id for p in players]
        rng.shuffle(ids)
        tables = []
        for t in range(n // 4):
            cuts = sorted(rng.randrange(0, 1201) for _ in range(3))
            scores = (100 * cuts[0], 100 * (cuts[1] - cuts[0]), 100 * (cuts[2] - cuts[1]), 100 * (1200 - cuts[2]))
            tables.append(Table(t + 1, tuple(ids[4 * t : 4 * t + 4]), scores=scores))
        built.append(Round(r, tuple(tables)))
    return Schedule("bench", players, tuple(built))


def _timed(fn) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    start = time.process_time()
    value = fn()
    return time.process_time() - start, value


def run() -> str:
    rows = []
    files = sorted(GOLDEN.glob("*.trf"))
    if files:
        from fairdraw.formats.trf import read_trf, trf_to_participants, trf_to_rounds

        schedules = []
        for f in files:
            doc = read_trf(f)
            schedules.append(Schedule("trf", trf_to_participants(doc), trf_to_rounds(doc)))
        secs, _ = _timed(lambda: [compute_standings(s, "standard", ["BH:C1", "BH", "SB", "DE"]) for s in schedules])
        rows.append(f"| {len(files)} reference tournaments (6-152 players), BH:C1 BH SB DE | {secs:.2f} |")
    big = _chess_event(1000, 9, 1)
    secs, _ = _timed(lambda: compute_standings(big, "standard", ["BH:C1", "BH", "SB", "DE"]))
    rows.append(f"| 1,000 players, 9 rounds, BH:C1 BH SB DE | {secs:.2f} |")
    secs, _ = _timed(lambda: compute_standings(big, "standard", ALL_CHESS))
    rows.append(f"| 1,000 players, 9 rounds, all {len(ALL_CHESS)} chess tie-breaks | {secs:.2f} |")
    club = _chess_event(100, 9, 2)
    secs, st = _timed(lambda: compute_standings(club, "keizer", []))
    meta = st.meta  # type: ignore[attr-defined]
    how = "converged" if meta["converged"] else f"cycle of {meta['cycle_length']}"
    rows.append(f"| Keizer, 100 players, 9 rounds ({meta['iterations']} iterations, {how}) | {secs:.2f} |")
    mj = _mahjong_event(400, 10, 3)
    secs, _ = _timed(lambda: compute_standings(mj))
    rows.append(f"| Mahjong, 400 players, 10 rounds, BEST PLC | {secs:.2f} |")
    return "\n".join(
        [
            "## Scoring",
            "",
            "Standings (scoring plus tie-breaks), CPU seconds.",
            "",
            "| case | CPU s |",
            "|---|---|",
            *rows,
            "",
            "Reproduce: `python -m benchmarks scoring`.",
        ]
    )
