"""The club Swiss keeps the pairing numbers of round 1 on the command line, as the page does:
`pair` renumbered the field by each round's order (a player was #6 in round 1, #3 in round 2,
#8 in round 4), so the lists printed for earlier rounds no longer matched the file; and round 1
numbered unrated players by the seeded hash, where every other system takes rating, then name."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from tests.conftest import CliResult


def _numbers(path: Path) -> dict[str, int]:
    data = json.loads(path.read_text())
    return {p["name"]: p["number"] for p in data["players"]}


def test_numbers_stay_those_of_round_one(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    players = tmp_path / "players.csv"
    players.write_text("name,rating\nZoe,1500\nAnna,1900\nBram,1800\nLars,\nDirk,\nHanna,\nCees,1700\nEva,1600\n")
    first = tmp_path / "r1.json"
    assert cli("pair", "--system", "club-swiss", str(players), "--rounds", "5", "--seed", "uvs", "--json",
               "-o", str(first)).code == 0
    numbers = _numbers(first)
    # rating first, unrated last, then by name (FIDE C.04.2's initial order, as the Dutch)
    assert sorted(numbers, key=numbers.__getitem__) == ["Anna", "Bram", "Cees", "Eva", "Zoe", "Dirk", "Hanna", "Lars"]
    data = json.loads(first.read_text())
    for table in data["rounds"][0]["tables"]:
        table["result"] = "1-0"  # White wins everywhere: the order changes a lot
    first.write_text(json.dumps(data))
    second = tmp_path / "r2.json"
    assert cli("pair", str(first), "--json", "-o", str(second)).code == 0
    assert _numbers(second) == numbers
    order = [row["id"] for row in json.loads(second.read_text())["meta"]["order"]]
    ids = {p["name"]: p["id"] for p in data["players"]}
    assert order != sorted(ids.values(), key=lambda pid: numbers[next(n for n, i in ids.items() if i == pid)])
