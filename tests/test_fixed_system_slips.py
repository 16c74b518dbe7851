"""The fixed chess systems' files and their checking (an audit, 2026-12-05): a Meerkamp group's
evening missing from the file, a players file written over by its own output, a "number" column
read without a word, Varma's order of players without a federation. Each test fails on the code
before its fix."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fairdraw.core.model import Participant
from fairdraw.systems.varma import varma_numbers

NINE = "name,rating\n" + "".join(f"P{i},{2000 - 10 * i}\n" for i in range(1, 10))


@pytest.mark.parametrize("double", [False, True])
def test_a_meerkamp_groups_missing_evening_is_a_breach(tmp_path: Path, cli: Callable[..., Any], double: bool) -> None:
    (tmp_path / "p.csv").write_text(NINE)
    event = tmp_path / "m.json"
    assert cli("meerkamp", str(tmp_path / "p.csv"), *(["--double"] if double else []), "--json",
               "-o", str(event)).code == 0
    doc = json.loads(event.read_text())
    limit = ["--max-meetings", "2"] if double else ["--no-repeats"]
    assert cli("check", str(event), *limit, "--everyone").code == 0
    groups = doc["meta"]["groups"]
    last = max(groups, key=lambda g: len(groups[g]))  # the group of 5 plays every round
    rnd = doc["rounds"][1]
    rnd["tables"] = [t for t in rnd["tables"] if t["group"] != last]
    rnd["byes"] = [b for b in rnd["byes"] if b not in groups[last]]
    rnd["bye_kinds"] = {k: v for k, v in (rnd.get("bye_kinds") or {}).items() if int(k) in rnd["byes"]}
    event.write_text(json.dumps(doc))
    res = cli("check", str(event), *limit, "--everyone")
    assert res.code == 1 and "round 2:" in res.out and "not placed" in res.out


def test_output_over_the_players_file_is_refused(tmp_path: Path, cli: Callable[..., Any]) -> None:
    players = tmp_path / "p.csv"
    players.write_text(NINE)
    for args in (("roundrobin", str(players)), ("roundrobin", str(players), "--json"),
                 ("meerkamp", str(players), "--force"), ("pair", str(players), "--json"),
                 ("seat", "-n", "9", "-r", "2", "--byes", "--names", str(players)),
                 ("league", "--names", str(players), "--sessions", "2")):
        res = cli(*args, "-o", str(players))
        assert res.code == 2 and "players file the command reads" in res.err, args
        assert players.read_text() == NINE


def test_a_trf_paired_over_itself_is_refused(tmp_path: Path, cli: Callable[..., Any]) -> None:
    from shared_data import GOLDEN_FILES

    trf = tmp_path / "t.trf"
    text = GOLDEN_FILES[0].read_text()
    trf.write_text(text)
    res = cli("pair", str(trf), "-o", str(trf), "--rounds", "9")
    assert res.code == 2 and "TRF16 file the command reads" in res.err and trf.read_text() == text


def test_a_number_column_is_said_not_read(tmp_path: Path, cli: Callable[..., Any]) -> None:
    (tmp_path / "n.csv").write_text("number,name\n2,A\n1,B\n")
    res = cli("roundrobin", str(tmp_path / "n.csv"))
    assert res.code == 0 and "'number' is not read" in res.err and "order of the rows" in res.err


def test_varma_orders_players_without_a_federation_alphabetically() -> None:
    """Seed 004 step 5's alphabetical order (case and accents aside) for the federations of one
    too: "bob" and "Émile" came after "Zoe" by character codes."""
    names = ["Zoe", "bob", "Émile", "Adam", "carl", "Dave"]
    players = [Participant(id=i, name=n) for i, n in enumerate(names, start=1)]
    numbers = varma_numbers(players)
    # 2-8 players: every number is in group A, and each federation of one takes its lowest free
    # number in turn, so the numbers follow the order of the names
    assert [p.name for p in sorted(players, key=lambda p: numbers[p.id])] == ["Adam", "bob", "carl", "Dave",
                                                                              "Émile", "Zoe"]
