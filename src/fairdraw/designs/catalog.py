"""Designs shipped as data (src/fairdraw/data/mahjong/*.json): searched once, verified by tests.

Three kinds of design (``"designs"`` in a ``fairdraw.designs/1`` file):
  * ``"kind": "cyclic"`` -- a base round developed over an abelian group
    (``fairdraw.designs.cyclic.CyclicSpec``): n, k, group (moduli), classes, fixed, base;
  * ``"kind": "rotational"`` -- a 1-rotational base round on G plus fixed players, developed by
    one translate per coset of the subgroup H (``fairdraw.designs.cyclic.RotationalSpec``): n, k,
    group, subgroup, base, and infinities (default 1);
  * ``"kind": "rounds"`` -- explicit rounds (player numbers 0..n-1), e.g. a seed's table
    after the independent check.
And schedules with sit-outs (``"schedules"`` in a ``fairdraw.sit-outs/1`` file, sit_outs_*.json):
n not a multiple of k, explicit rounds plus the players who sit out each round; and minimum
coverings (``"coverings"`` in a ``fairdraw.coverings/1`` file, covering_*.json): explicit rounds,
one past the longest repeat-free seating, every pair met and the fewest met twice
(``fairdraw.designs.coverings``); and annealed seatings with sit-outs (``"seatings"`` in a
``fairdraw.annealed-sit-outs/1`` file, annealed_sit_outs_*.json): like a schedule with sit-outs
but with repeats allowed, each with the repeats and maximum meetings it claims, for exactly
its number of rounds.
Reading package data is the only I/O here; it is read-only and cached.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from fairdraw.designs.coverings import covering_problems
from fairdraw.designs.cyclic import CyclicSpec, RotationalSpec

Round = list[tuple[int, ...]]


@lru_cache(maxsize=1)
def _documents() -> tuple[tuple[str, dict[str, Any]], ...]:
    """(file name, parsed JSON) of every shipped data file, in name order."""
    try:
        folder = resources.files("fairdraw") / "data" / "mahjong"
        files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")), key=lambda f: f.name)
    except (FileNotFoundError, NotADirectoryError):
        return ()
    return tuple((f.name, json.loads(f.read_text(encoding="utf-8"))) for f in files)


@lru_cache(maxsize=8)
def _listed(key: str) -> tuple[dict[str, Any], ...]:
    """The entries under ``key`` ("designs", "schedules", "coverings" or "seatings") of every
    file, each with its file name."""
    return tuple({**entry, "file": name} for name, doc in _documents() for entry in doc.get(key, []))


def _entries() -> tuple[dict[str, Any], ...]:
    return _listed("designs")


def entry_rounds(entry: dict[str, Any]) -> list[Round] | None:
    """The rounds an entry describes (a cyclic or 1-rotational base round developed, or explicit rounds);
    None for a kind this reader does not know. Shared by ``shipped``, the tests of the shipped
    files and the offline tools' writer, so all three read an entry the same way."""
    if entry["kind"] == "cyclic":
        spec = CyclicSpec(
            n=entry["n"], k=entry["k"], group=tuple(entry["group"]), classes=entry["classes"],
            fixed=entry["fixed"], base=tuple(tuple(b) for b in entry["base"]),
        )
        return spec.develop()
    if entry["kind"] == "rotational":
        return RotationalSpec(
            n=entry["n"], k=entry["k"], group=tuple(entry["group"]), subgroup=tuple(entry["subgroup"]),
            base=tuple(tuple(b) for b in entry["base"]), infinities=entry.get("infinities", 1),
        ).develop()
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


def _sit_out_entries() -> tuple[dict[str, Any], ...]:
    return _listed("schedules")


def _seated_rounds(entry: dict[str, Any]) -> tuple[list[str], list[tuple[int, tuple[int, int]]], list[int]]:
    """The round-by-round count both checkers of seatings with sit-outs start from: the problems
    of each round (every player at one table of k or sitting out, n mod k out), then every pair
    seated together as (round, pair) in play order, and each player's sit-outs. A round that
    does not hold every player once is named and left out of the counts."""
    n, k, rounds, byes = entry["n"], entry["k"], entry["rounds"], entry["byes"]
    problems = []
    if len(byes) != len(rounds):
        problems.append(f"{len(rounds)} rounds but {len(byes)} lists of sit-outs")
    meetings: list[tuple[int, tuple[int, int]]] = []
    sits = [0] * n
    for r, (rnd, out) in enumerate(zip(rounds, byes, strict=False), start=1):
        if sorted([p for t in rnd for p in t] + list(out)) != list(range(n)):
            problems.append(f"round {r}: not every player once")
            continue
        if len(out) != n % k or any(len(t) != k for t in rnd):
            problems.append(f"round {r}: {len(out)} sit out or a table is not of {k}")
        for p in out:
            sits[p] += 1
        meetings += [(r, (min(a, c), max(a, c))) for t in rnd for i, a in enumerate(t) for c in t[i + 1 :]]
    return problems, meetings, sits


def sit_out_problems(entry: dict[str, Any]) -> list[str]:
    """What is wrong with a schedule with sit-outs (empty: nothing): every player at one table
    of k or sitting out each round, n mod k out each round, nobody out more than
    ceil(b·R/n) times, no pair at a table twice."""
    problems, meetings, sits = _seated_rounds(entry)
    met: set[tuple[int, int]] = set()
    for r, pair in meetings:
        if pair in met:
            problems.append(f"round {r}: players {pair} meet again")
        met.add(pair)
    if max(sits, default=0) > -(-(entry["n"] % entry["k"]) * len(entry["rounds"]) // entry["n"]):
        problems.append("sit-outs are not spread evenly")
    return problems


def sit_out_schedules(n: int, k: int) -> list[tuple[str, list[Round], list[list[int]]]]:
    """Every shipped repeat-free schedule for n players (n mod k > 0): (source, rounds, sit-outs).
    Checked on reading (``sit_out_problems``); an invalid one is skipped."""
    found = []
    for e in _sit_out_entries():
        if e["n"] == n and e["k"] == k and not sit_out_problems(e):
            rounds = [[tuple(t) for t in rnd] for rnd in e["rounds"]]
            found.append((f"{e['source']} [data/mahjong/{e['file']}]", rounds, [list(b) for b in e["byes"]]))
    return found


def annealed_problems(entry: dict[str, Any]) -> list[str]:
    """What is wrong with an annealed seating with sit-outs (empty: nothing): every player at one
    table of k or sitting out each round, n mod k out each round, everybody's sit-outs within
    floor/ceil(b·R/n) (issue 4, build 1), and the repeats and most meetings of a pair it claims
    are the ones counted (a damaged or hand-edited file is refused, not trusted)."""
    problems, meetings, sits = _seated_rounds(entry)
    if not entry["rounds"]:
        problems.append("no rounds")
    met: dict[tuple[int, int], int] = {}
    for _, pair in meetings:
        met[pair] = met.get(pair, 0) + 1
    b, length, n = entry["n"] % entry["k"], len(entry["rounds"]), entry["n"]
    if sits and (min(sits) < b * length // n or max(sits) > -(-b * length // n)):
        problems.append("sit-outs are not spread evenly")
    repeats = sum(c - 1 for c in met.values())
    most = max(met.values(), default=0)
    if (repeats, most) != (entry.get("repeats"), entry.get("max_meetings")):
        problems.append(f"claims {entry.get('repeats')} repeats and at most {entry.get('max_meetings')} "
                        f"meetings of a pair, counted {repeats} and {most}")
    return problems


def annealed_sit_out_seatings(n: int, k: int, rounds: int) -> list[tuple[str, list[Round], list[list[int]]]]:
    """Every shipped annealed seating of n players (n mod k > 0) over exactly ``rounds`` rounds
    that passes ``annealed_problems``: (source, rounds, sit-outs)."""
    found = []
    for e in _listed("seatings"):
        if e["n"] == n and e["k"] == k and len(e["rounds"]) == rounds and not annealed_problems(e):
            seated = [[tuple(t) for t in rnd] for rnd in e["rounds"]]
            found.append((f"{e['source']} [data/mahjong/{e['file']}]", seated, [list(b) for b in e["byes"]]))
    return found


def all_annealed_entries() -> tuple[dict[str, Any], ...]:
    """Raw annealed seatings with sit-outs (for the tests that verify every shipped one)."""
    return _listed("seatings")


def shipped_coverings(n: int, k: int) -> list[tuple[str, list[Round]]]:
    """Every shipped minimum covering for n players at tables of k that passes
    ``coverings.covering_problems``: (source, rounds). A damaged file is left out, not used."""
    found = []
    for e in _listed("coverings"):
        if e["n"] != n or e["k"] != k:
            continue
        rounds = [[tuple(t) for t in rnd] for rnd in e["rounds"]]
        if not covering_problems(rounds, n, k):
            found.append((f"{e['source']} [data/mahjong/{e['file']}]", rounds))
    return found


def all_covering_entries() -> tuple[dict[str, Any], ...]:
    """Raw minimum coverings (for the tests that verify every shipped one)."""
    return _listed("coverings")


def all_sit_out_entries() -> tuple[dict[str, Any], ...]:
    """Raw sit-out schedules (for the tests that verify every shipped one)."""
    return _sit_out_entries()


def all_entries() -> tuple[dict[str, Any], ...]:
    """Raw entries (for tests that verify every shipped design)."""
    return _entries()
