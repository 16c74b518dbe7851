"""Helpers shared by the league tests: an independent count of a league schedule.

Written apart from ``fairdraw.systems.league`` on purpose: it reads only the schedule
JSON document and trusts nothing the planner reports.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any


def independent_check(doc: dict[str, Any]) -> dict[str, Any]:
    """Check every session of a schedule document; return counts (raise AssertionError on
    a malformed session)."""
    ids = {p["id"] for p in doc["players"]}
    dropped = set(doc.get("meta", {}).get("dropped", []))
    active = ids - dropped
    meetings: Counter[tuple[int, int]] = Counter()
    clean = 0
    still_clean = True
    for rnd in doc["rounds"]:
        seated = [pid for t in rnd["tables"] for pid in t["seats"]]
        assert len(seated) == len(set(seated)), f"session {rnd['round']}: someone seated twice"
        assert all(len(t["seats"]) in (4, 5) for t in rnd["tables"]), "a group that is not 4 or 5"
        before = dict(meetings)
        for t in rnd["tables"]:
            for a, b in combinations(sorted(t["seats"]), 2):
                meetings[(a, b)] += 1
        if still_clean and all(
            before.get(p, 0) == 0 for t in rnd["tables"] for p in combinations(sorted(t["seats"]), 2)
        ):
            clean += 1
        else:
            still_clean = False
    last = doc["rounds"][-1] if doc["rounds"] else None
    if last is not None:
        assert {pid for t in last["tables"] for pid in t["seats"]} == active, "last session does not seat the field"
    repeats = sum(c - 1 for c in meetings.values() if c > 1)
    return {"repeats": repeats, "max": max(meetings.values(), default=0), "clean": clean, "meetings": meetings}


def run_cli(args: list[str], capsys: Any) -> tuple[int, str, str]:
    """Run the fairdraw CLI in-process the way the console script does (errors mapped to
    exit statuses); returns (status, stdout, stderr)."""
    from fairdraw.cli.app import run_app

    code = 0
    try:
        run_app(args)
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err
