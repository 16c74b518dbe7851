"""Where and how the offline search tools write a found design (src/fairdraw/data/mahjong/*.json).

One place for the file name and the document format read by ``fairdraw.designs.catalog``:
``{"format": "fairdraw.designs/1", "designs": [entry]}``, entry being a ``"cyclic"`` base round
or explicit ``"rounds"``. The entry is read back as the package reads it and checked by
``fairdraw.designs.verify`` before anything is written, so no tool can ship a design with a repeat.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fairdraw.designs.catalog import entry_rounds, sit_out_problems
from fairdraw.designs.verify import verify

OUT = Path(__file__).resolve().parent.parent / "src" / "fairdraw" / "data" / "mahjong"


def check_entry(entry: dict[str, Any], *, rounds: int) -> None:
    """AssertionError unless ``entry``, read as the package reads it, gives exactly ``rounds``
    rounds with no pair meeting twice."""
    developed = entry_rounds(entry)
    assert developed is not None and len(developed) == rounds, "search returned a design of the wrong length"
    assert verify(developed, entry["k"], entry["n"]).clean, "search returned an invalid design"


def write_entry(
    entry: dict[str, Any], *, rounds: int, suffix: str = "", indent: int | None = 1, dry_run: bool = False
) -> Path | None:
    """Write ``entry`` as the only design of cyclic_NNN_kK{suffix}.json once ``check_entry``
    accepts it (nothing is written otherwise); returns the path, or None after only the check
    when ``dry_run``."""
    check_entry(entry, rounds=rounds)
    if dry_run:
        return None
    path = OUT / f"cyclic_{entry['n']:03d}_k{entry['k']}{suffix}.json"
    doc = {"format": "fairdraw.designs/1", "designs": [entry]}
    path.write_text(json.dumps(doc, indent=indent) + "\n", encoding="utf-8")
    return path


def ship_cyclic_base(
    base: list[tuple[int, ...]], *, m: int, classes: int, source: str, seconds: float, dry_run: bool
) -> None:
    """Write a base round over Z_m on ``classes`` classes plus two fixed players (the form of the
    ``search_sat*.py`` and ``search_cp_shaped.py`` models) through ``write_entry``'s check, and
    report it."""
    n = classes * m + 2
    entry: dict[str, Any] = {
        "kind": "cyclic", "n": n, "k": 4, "rounds": m, "group": [m], "classes": classes, "fixed": 2,
        "base": [list(t) for t in base],
        "source": source,
        "search_seconds": round(seconds, 1),
    }
    path = write_entry(entry, rounds=m, dry_run=dry_run)
    print(f"found in {seconds:.0f}s, verified: {m} clean rounds for {n} players")
    if path is not None:
        print(f"written to {path}")


def ship_rounds(rounds: list[list[tuple[int, ...]]], *, n: int, source: str, seconds: float, dry_run: bool) -> None:
    """Write explicit rounds found by a search (tables of the size the rounds show), through
    ``write_entry``'s check, and report it (the SAT tools reach it through ``pair_cnf.run_and_ship``)."""
    entry: dict[str, Any] = {
        "kind": "rounds", "n": n, "k": len(rounds[0][0]),
        "rounds": [[list(t) for t in rnd] for rnd in rounds],
        "source": source,
        "search_seconds": round(seconds, 1),
    }
    path = write_entry(entry, rounds=len(rounds), indent=None, dry_run=dry_run)
    print(f"found in {seconds:.0f}s, verified: {len(rounds)} clean rounds for {n} players")
    if path is not None:
        print(f"written to {path}")


def ship_sit_outs(
    rounds: list[list[tuple[int, ...]]], byes: list[list[int]], *, n: int, source: str, seconds: float, dry_run: bool
) -> None:
    """Write a schedule with sit-outs (N mod 4 players out each round) as sit_outs_NNN_k4.json,
    once the package's reader (``catalog.sit_out_schedules``) accepts it, verified."""
    entry: dict[str, Any] = {
        "n": n, "k": 4,
        "rounds": [[list(t) for t in rnd] for rnd in rounds],
        "byes": [list(b) for b in byes],
        "source": source,
        "search_seconds": round(seconds, 1),
    }
    problems = sit_out_problems(entry)
    assert not problems, f"search returned an invalid schedule: {problems[:3]}"
    print(f"found in {seconds:.0f}s, verified: {len(rounds)} clean rounds for {n} players, {n % 4} sitting out")
    if dry_run:
        return
    path = OUT / f"sit_outs_{n:03d}_k4.json"
    doc = {"format": "fairdraw.sit-outs/1", "schedules": [entry]}
    path.write_text(json.dumps(doc, indent=None) + "\n", encoding="utf-8")
    print(f"written to {path}")
