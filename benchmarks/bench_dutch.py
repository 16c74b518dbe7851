"""Dutch Swiss benchmark: pair the last round of a large tournament, fairdraw vs bbpPairings.

The tournament (default: 1,000 players and, for scale, 150; 9 rounds) is built round by
round with fairdraw's own Dutch engine and seeded random results (60 % decisive, 40 % draws); rounds 1-8 are
written to a TRF16 file (with ``XXR``/``XXC``) and both engines pair round 9 from that
same file, each in its own child process, measured by ``resource.getrusage`` (CPU time,
peak resident memory). bbpPairings is used when ``bbpPairings.exe`` or ``bbpPairings``
is on the PATH (build it yourself from its public repository; it is never shipped).

Environment: ``FAIRDRAW_BENCH_PLAYERS`` (comma-separated sizes) / ``FAIRDRAW_BENCH_ROUNDS``
change the size; the built tournaments are cached under ``~/.cache/fairdraw-bench``.
Run: ``python -m benchmarks dutch``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "fairdraw-bench"
SEED = 2026

_MEASURE = r"""
import json, resource, subprocess, sys, time
t = time.perf_counter()
proc = subprocess.run(sys.argv[1:], capture_output=True, text=True)
wall = time.perf_counter() - t
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"rc": proc.returncode, "wall": wall, "cpu": u.ru_utime + u.ru_stime,
                  "maxrss_kb": u.ru_maxrss, "stderr": proc.stderr[-2000:]}))
"""


def build(players: int, rounds: int) -> Path:
    """The TRF of rounds 1..rounds-1, built with fairdraw's Dutch engine (cached)."""
    from fairdraw.core.model import Participant, Round, Table
    from fairdraw.core.registry import PairingRequest
    from fairdraw.formats.trf import rounds_to_trf
    from fairdraw.systems.dutch.system import next_round

    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / f"dutch_n{players}_r{rounds}_s{SEED}.trf"
    if path.exists():
        return path
    rng = random.Random(SEED)
    field = tuple(Participant(i, f"Player {i:04d}", 2800 - (i * 1800) // players) for i in range(1, players + 1))
    history: list[Round] = []
    for r in range(1, rounds):
        request = PairingRequest(players=field, history=tuple(history), total_rounds=rounds,
                                 options={"initial_colour": "white"})
        rnd = next_round(request)[0]
        tables = tuple(
            Table(t.table, t.seats, result=rng.choices(["1-0", "0-1", "1/2-1/2"], weights=[33, 27, 40])[0])
            for t in rnd.tables
        )
        history.append(Round(r, tables, rnd.byes))
    doc = rounds_to_trf(field, history, name=f"fairdraw benchmark {players}x{rounds}", total_rounds=rounds,
                        initial_colour="white")
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(doc.dump().encode())
    tmp.replace(path)
    return path


def measure(argv: list[str]) -> dict[str, float | int | str]:
    """CPU seconds, wall seconds and peak memory of one child command."""
    out = subprocess.run([sys.executable, "-c", _MEASURE, *argv], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def _pairs(text: str) -> list[str]:
    return [line.strip() for line in text.strip().splitlines()[1:]]


def _pair_both(trf: Path) -> tuple[dict, dict | None, bool | None]:
    """fairdraw and (when on the PATH) bbpPairings pair the next round of ``trf``."""
    with tempfile.TemporaryDirectory() as tmp:
        ours_out = Path(tmp) / "fairdraw.txt"
        src = str(Path(__file__).resolve().parent.parent / "src")
        env_cmd = [sys.executable, "-c",
                   f"import sys; sys.path.insert(0, {src!r}); from fairdraw.cli.app import main; "
                   f"sys.argv=['fairdraw','pair','--dutch',{str(trf)!r},'-p',{str(ours_out)!r}]; main()"]
        ours = measure(env_cmd)
        engine = shutil.which("bbpPairings.exe") or shutil.which("bbpPairings")
        ref_out = Path(tmp) / "bbp.txt"
        ref = None
        same = None
        if engine:
            ref = measure([engine, "--dutch", str(trf), "-p", str(ref_out)])
            if ours_out.exists() and ref_out.exists():
                same = _pairs(ours_out.read_text()) == _pairs(ref_out.read_text())
    return ours, ref, same


def run() -> str:
    from fairdraw.systems.dutch.matcher import backend

    sizes = [int(x) for x in os.environ.get("FAIRDRAW_BENCH_PLAYERS", "150,1000").split(",")]
    rounds = int(os.environ.get("FAIRDRAW_BENCH_ROUNDS", "9"))
    lines = [
        "## Dutch",
        "",
        f"Pairing round {rounds} of a {rounds}-round Swiss (rounds 1-{rounds - 1} built by fairdraw's engine "
        f"with seeded random results, seed {SEED}, and cached); each engine runs as its own process on the "
        f"same TRF file, CPU time and peak resident memory of that process. fairdraw's matching backend: "
        f"{backend()}.",
        "",
        "| players | engine | CPU s | wall s | peak memory MB | exit | CPU ratio fairdraw / bbpPairings | same pairing |",
        "|---:|---|---:|---:|---:|---:|---:|---|",
    ]
    notes = []
    for players in sizes:
        t0 = time.perf_counter()
        trf = build(players, rounds)
        notes.append(f"{players} players: history built in {time.perf_counter() - t0:.0f} s (0 when cached).")
        ours, ref, same = _pair_both(trf)
        ratio = f"{float(ours['cpu']) / max(float(ref['cpu']), 1e-9):.2f}" if ref else "no bbpPairings"
        verdict = "yes" if same else "NO" if same is not None else "-"
        for name, r in (("fairdraw", ours), ("bbpPairings", ref)):
            if r is None:
                continue
            lines.append(f"| {players} | {name} | {r['cpu']:.1f} | {r['wall']:.1f} | "
                         f"{int(r['maxrss_kb']) / 1024:.0f} | {r['rc']} | {ratio if name == 'fairdraw' else ''} | "
                         f"{verdict if name == 'fairdraw' else ''} |")
    lines.append("")
    if shutil.which("bbpPairings.exe") or shutil.which("bbpPairings"):
        lines.append("A ratio below 1 means fairdraw used less CPU than bbpPairings in the same run.")
    else:
        lines.append("bbpPairings was not on the PATH: no side-by-side figure in this run.")
    lines += ["", *notes, "",
              "Reproduce: `python -m benchmarks dutch` (sizes: `FAIRDRAW_BENCH_PLAYERS=150,1000`, "
              "`FAIRDRAW_BENCH_ROUNDS`).", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    print(run())
