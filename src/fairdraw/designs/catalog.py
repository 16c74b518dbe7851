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


def entry_rounds(entry: dict[str, Any]) -> list[Round] | None:
    """The rounds an entry describes (a cyclic base round developed, or explicit rounds);
    None for a kind this reader does not know. Shared by ``shipped``, the tests of the shipped
    files and the offline tools' writer, so all three read an entry the same way."""
    if entry["kind"] == "cyclic":
        spec = CyclicSpec(
            n=entry["n"], k=entry["k"], group=tuple(entry["group"]), classes=entry["classes"],
            fixed=entry["fixed"], base=tuple(tuple(b) for b in entry["base"]),
        )
        return spec.develop()
    if entry["kind"] == "rounds":
        return [[tuple(t) for t in rnd] for rnd in entry["rounds"]]
    return None


def shipped(n: int, k: int) -> list[tuple[str, list[Round]]]:
    """Every shipped design for n players in tables of k: (source, rounds)."""
    found = []
    for e in _entries():
        if e["n"] != n or e["k"] != k:
            continue
        rounds = entry_rounds(e)
        if rounds is not None:
            found.append((f"{e['source']} [data/mahjong/{e['file']}]", rounds))
    return found


def all_entries() -> tuple[dict[str, Any], ...]:
    """Raw entries (for tests that verify every shipped design)."""
    return _entries()
