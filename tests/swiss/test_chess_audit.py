"""Findings of a chess event run from the command line by an arbiter (2026-12-04), each pinned.

`pair ... -o event.json` without --json wrote the pairing list over the event and its results;
a TRF export dropped withdrawals, Baku acceleration and the kind of event; `pair` rewrote a
Meerkamp event as a Dutch Swiss; `trf` ended in a KeyError on a result it could not read; a
round number used twice hid a round's results; `undo` could not take back a mistaken
--withdraw.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CliResult

Cli = Callable[..., CliResult]

PLAYERS = """name,rating,federation
Alice,2100,NED
Bob,2050,NED
Carol,1990,GER
Dave,1950,BEL
Eve,1900,NED
Frank,1850,GER
Grace,1800,ENG
Heidi,1750,FRA
Ivan,1700,NED
Judy,,NED
Karl,1650,GER
"""


def _played(cli: Cli, tmp_path: Path, rounds: int = 1, *extra: str) -> Path:
    """An 11-player Dutch Swiss with ``rounds`` rounds paired and played (white wins)."""
    players = tmp_path / "players.csv"
    players.write_text(PLAYERS)
    event = tmp_path / "event.json"
    assert cli("pair", "--dutch", str(players), "--rounds", "5", "--json", "-o", str(event)).code == 0
    for number in range(1, rounds + 1):
        if number > 1:
            assert cli("pair", "--dutch", str(event), "--json", "-o", str(event), *extra).code == 0
        data = json.loads(event.read_text())
        for table in data["rounds"][-1]["tables"]:
            table["result"] = "1-0"
        event.write_text(json.dumps(data))
    return event


@pytest.mark.parametrize("args", [
    ["pair", "--dutch", "{event}", "-o", "{event}"],
    ["pair", "--dutch", "{event}", "-p", "-o", "{event}"],
    ["pair", "--dutch", "{players}", "--rounds", "5", "--json", "-o", "{event}"],
    ["standings", "{event}", "-o", "{event}"],
    ["trf", "{event}", "-o", "{event}"],
    ["heller", "6", "-o", "{event}"],
])
def test_nothing_writes_over_an_event_with_results(cli: Cli, tmp_path: Path, args: list[str]) -> None:
    event = _played(cli, tmp_path)
    before = event.read_bytes()
    result = cli(*(a.format(event=event, players=tmp_path / "players.csv") for a in args))
    assert result.code == 2 and "holds the results of" in result.err
    assert event.read_bytes() == before


def test_pair_adds_the_round_to_its_own_event_file_with_json(cli: Cli, tmp_path: Path) -> None:
    event = _played(cli, tmp_path)
    assert cli("pair", "--dutch", str(event), "--json", "-o", str(event)).code == 0
    assert len(json.loads(event.read_text())["rounds"]) == 2


def _pairs_by_name(data: dict) -> set[frozenset[str]]:
    names = {p["id"]: p["name"] for p in data["players"]}
    rnd = data["rounds"][-1]
    pairs = {frozenset(names[x] for x in t["seats"]) for t in rnd["tables"]}
    return pairs | {frozenset({names[b["id"]] if isinstance(b, dict) else names[b], "bye"}) for b in rnd["byes"]}


def test_a_trf_export_pairs_as_the_json_does_after_a_withdrawal(cli: Cli, tmp_path: Path) -> None:
    event = _played(cli, tmp_path)
    assert cli("pair", "--dutch", str(event), "--withdraw", "7", "--json", "-o", str(event)).code == 0
    data = json.loads(event.read_text())
    for table in data["rounds"][-1]["tables"]:
        table["result"] = "0-1"
    event.write_text(json.dumps(data))
    trf = tmp_path / "event.trf"
    assert cli("trf", str(event), "-o", str(trf)).code == 0
    text = trf.read_text()
    assert "092 Individual: Swiss-System" in text
    grace = next(line for line in text.splitlines() if "Grace" in line)
    assert grace.rstrip().endswith("0000 - -")  # not paired in round 3
    from_json, from_trf = tmp_path / "a.json", tmp_path / "b.json"
    assert cli("pair", "--dutch", str(event), "--json", "-o", str(from_json)).code == 0
    assert cli("pair", "--dutch", str(trf), "--json", "-o", str(from_trf)).code == 0
    pairs = _pairs_by_name(json.loads(from_json.read_text()))
    assert pairs == _pairs_by_name(json.loads(from_trf.read_text()))  # Grace was paired from the TRF
    assert not any("Grace" in pair for pair in pairs if "bye" not in pair)  # on no board (absent, if listed)


def test_a_trf_export_carries_baku(cli: Cli, tmp_path: Path) -> None:
    event = _played(cli, tmp_path)
    data = json.loads(event.read_text())
    data["meta"]["baku"] = True
    event.write_text(json.dumps(data))
    result = cli("trf", str(event))
    assert result.code == 0 and "192 FIDE_DUTCH_2025_BAKU" in result.out


def test_pair_refuses_a_meerkamp_event(cli: Cli, tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text(PLAYERS)
    event = tmp_path / "mk.json"
    assert cli("meerkamp", str(players), "--json", "-o", str(event)).code == 0
    result = cli("pair", "--dutch", str(event), "--json", "-o", str(tmp_path / "out.json"))
    assert result.code == 2 and "'meerkamp' event" in result.err


def test_trf_names_a_result_it_cannot_read(cli: Cli, tmp_path: Path) -> None:
    event = _played(cli, tmp_path)
    data = json.loads(event.read_text())
    data["rounds"][0]["tables"][0]["result"] = "2-0"
    event.write_text(json.dumps(data))
    result = cli("trf", str(event))
    assert result.code == 2 and "rounds[0].tables[0].result" in result.err  # was a KeyError traceback


@pytest.mark.parametrize("command", [["standings"], ["trf"], ["pair", "--dutch", "-p"]])
def test_a_round_numbered_twice_is_refused(cli: Cli, tmp_path: Path, command: list[str]) -> None:
    event = _played(cli, tmp_path, rounds=2)
    data = json.loads(event.read_text())
    data["rounds"][1]["round"] = 1
    event.write_text(json.dumps(data))
    result = cli(*command[:1], str(event), *command[1:])
    assert result.code == 2 and "rounds[1].round" in result.err and "used twice" in result.err


def test_undo_takes_back_a_withdrawal_entered_with_the_round(cli: Cli, tmp_path: Path) -> None:
    event = _played(cli, tmp_path)
    assert cli("pair", "--dutch", str(event), "--withdraw", "9", "--json", "-o", str(event)).code == 0
    assert json.loads(event.read_text())["meta"]["withdrawn"] == [9]
    result = cli("undo", str(event))
    assert result.code == 0 and "withdrawal of 9 taken back" in result.err
    meta = json.loads(event.read_text())["meta"]
    assert "withdrawn" not in meta and "withdrawn_at" not in meta


def test_the_pairing_lists_all_number_players_by_pairing_number(cli: Cli, tmp_path: Path) -> None:
    """Judy (id 10) is unrated, so her pairing number is 11 and Karl's (id 11) is 10; the text
    list and -p showed ids while --html and --explain showed pairing numbers."""
    players = tmp_path / "players.csv"
    players.write_text(PLAYERS)
    listed = cli("pair", "--dutch", str(players), "--rounds", "5", "-p")
    assert listed.code == 0 and listed.out.splitlines()[-1] == "11 0"  # Judy's bye, by pairing number
    text = cli("pair", "--dutch", str(players), "--rounds", "5")
    assert "   10 Karl" in text.out and "11 Judy" in text.out
    event = _played(cli, tmp_path)
    trf = tmp_path / "event.trf"
    assert cli("trf", str(event), "-o", str(trf)).code == 0
    assert cli("pair", "--dutch", str(event), "-p").out == cli("pair", "--dutch", str(trf), "-p").out


def test_small_slips_get_plain_answers(cli: Cli, tmp_path: Path) -> None:
    event = _played(cli, tmp_path)
    rematch = cli("pair", "--dutch", str(event), "--rematch-after", "2")
    assert rematch.code == 2 and "Keizer rule" in rematch.err  # was written into the JSON, doing nothing
    trf = tmp_path / "event.trf"
    assert cli("trf", str(event), "-o", str(trf)).code == 0
    result = cli("result", str(trf), "-r", "1", "-t", "1", "1-0")
    assert result.code == 2 and "this looks like a TRF16 file" in result.err
    folder = tmp_path / "two"
    folder.mkdir()
    two = _played(cli, folder, rounds=2)
    data = json.loads(two.read_text())
    data["rounds"][0]["tables"][0]["result"] = None  # round 2 was paired from it
    two.write_text(json.dumps(data))
    check = cli("check", "--dutch", str(two))
    assert check.code == 2 and f"{two}" in check.err  # the file is named
