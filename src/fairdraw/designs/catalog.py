"""Designs shipped as data (src/fairdraw/data/mahjong/*.json): searched once, verified by tests.

Two kinds of file:
  * ``"kind": "cyclic"`` -- a base round developed over an abelian group
    (``fairdraw.designs.cyclic.CyclicSpec``): n, k, group (moduli), classes, fixed, base;
  * ``"kind": "rounds"`` -- explicit rounds (player numbers 0..n-1), e.g. a seed's table
    after the independent check.
Reading package data is the only I/O here; it is read-only and cached.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from fairdraw.designs.cyclic import CyclicSpec

Round = list[tuple[int, ...]]


@lru_cache(maxsize=1)
def _entries() -> tuple[dict[str, Any], ...]:
    out: list[dict[str, Any]] = []
    try:
        folder = resources.files("fairdraw") / "data" / "mahjong"
        files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")), key=lambda f: f.name)
    except (FileNotFoundError, NotADirectoryError):
        return ()
    for f in files:
        doc = json.loads(f.read_text(encoding="utf-8"))
        for entry in doc.get("designs", []):
            entry = dict(entry)
            entry["file"] = f.name
            out.append(entry)
    return tuple(out)


def shipped(n: int, k: int) -> list[tuple[str, list[Round]]]:
    """Every shipped design for n players in tables of k: (source, rounds)."""
    found = []
    for e in _entries():
        if e["n"] != n or e["k"] != k:
            continue
        if e["kind"] == "cyclic":
            spec = CyclicSpec(
                n=e["n"], k=e["k"], group=tuple(e["group"]), classes=e["classes"], fixed=e["fixed"],
                base=tuple(tuple(b) for b in e["base"]),
            )
            found.append((f"{e['source']} [data/mahjong/{e['file']}]", spec.develop()))
        elif e["kind"] == "rounds":
            rounds = [[tuple(t) for t in rnd] for rnd in e["rounds"]]
            found.append((f"{e['source']} [data/mahjong/{e['file']}]", rounds))
    return found


def all_entries() -> tuple[dict[str, Any], ...]:
    """Raw entries (for tests that verify every shipped design)."""
    return _entries()
