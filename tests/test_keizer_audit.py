"""The Keizer ladder after an audit (2026-12-05): standings follow the ranking the next round is
paired from when the ranking cycles, settings out of range are refused, --rematch-after 1 (no
limit at all) is refused, a late entry typed in mid-list takes the next free number and earns no
absence share for the rounds before it joined. Each test fails on the code before its fix."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

SIX = "name,rating\nA,2000\nB,1900\nC,1800\nD,1700\nE,1600\nF,1500\n"


def _white_wins(event: Path) -> None:
    doc = json.loads(event.read_text())
    for table in doc["rounds"][-1]["tables"]:
        table["result"] = "1-0"
    event.write_text(json.dumps(doc))


def _ladder(tmp_path: Path, cli: Callable[..., Any], rounds: int) -> Path:
    (tmp_path / "p.csv").write_text(SIX)
    event = tmp_path / "e.json"
    assert cli("pair", "--system", "keizer", str(tmp_path / "p.csv"), "--json", "-o", str(event)).code == 0
    _white_wins(event)
    for _ in range(rounds - 1):
        assert cli("pair", str(event), "--json", "-o", str(event)).code == 0
        _white_wins(event)
    return event


def test_a_cycling_ladder_is_listed_in_the_ranking_the_next_round_is_paired_from(
        tmp_path: Path, cli: Callable[..., Any]) -> None:
    """Six players, White wins every game of three rounds: the ranking cycles (9 rankings);
    the standings sorted by points (A C F B E D) while round 4 was paired from A C B E F D."""
    event = _ladder(tmp_path, cli, 3)
    standings = json.loads(cli("standings", str(event), "--json").out)
    assert standings["meta"]["converged"] is False and standings["meta"]["cycle_length"] > 0
    listed = [row["name"] for row in standings["standings"]]
    paired = cli("pair", str(event), "--explain").out
    places = {name: int(paired.split(f"{name} (place ")[1].split(")")[0]) for name in listed}
    assert [places[name] for name in listed] == [1, 2, 3, 4, 5, 6]
    assert "listed in the one the next round is paired from" in cli("standings", str(event)).out


@pytest.mark.parametrize("option", ["max_iterations=0", "max_iterations=-1", "step=-1", "first_value=0",
                                    "draw=150%", "absence=-1/3"])
def test_keizer_settings_out_of_range_are_refused(tmp_path: Path, cli: Callable[..., Any], option: str) -> None:
    event = _ladder(tmp_path, cli, 1)
    res = cli("standings", str(event), "-O", option)
    assert res.code == 2 and option.split("=")[0] in res.err


def test_a_rematch_window_of_one_round_is_refused(tmp_path: Path, cli: Callable[..., Any]) -> None:
    (tmp_path / "p.csv").write_text(SIX)
    res = cli("pair", "--system", "keizer", str(tmp_path / "p.csv"), "--rematch-after", "1")
    assert res.code == 2 and "at least 2" in res.err


def test_a_late_entry_typed_in_mid_list_takes_the_next_number(tmp_path: Path, cli: Callable[..., Any]) -> None:
    event = _ladder(tmp_path, cli, 2)
    doc = json.loads(event.read_text())
    doc["players"].insert(2, {"id": 7, "name": "Late", "rating": 1650})
    event.write_text(json.dumps(doc))
    assert cli("pair", str(event), "--json", "-o", str(event)).code == 0
    numbers = {p["name"]: p["number"] for p in json.loads(event.read_text())["players"]}
    assert numbers == {"A": 1, "B": 2, "C": 3, "D": 4, "E": 5, "F": 6, "Late": 7}


def test_a_late_entry_earns_no_absence_share_before_joining(tmp_path: Path, cli: Callable[..., Any]) -> None:
    from fairdraw.formats.schedule_json import load_schedule
    from fairdraw.scoring.keizer import KeizerScoring

    event = _ladder(tmp_path, cli, 2)
    doc = json.loads(event.read_text())
    doc["players"].append({"id": 7, "name": "Late", "rating": 1650})
    event.write_text(json.dumps(doc))
    assert cli("pair", str(event), "--json", "-o", str(event)).code == 0
    _white_wins(event)
    sheet = KeizerScoring().score(load_schedule(event))
    values = {int(k): v for k, v in sheet.meta["values"].items()}
    late_games = json.loads(event.read_text())["rounds"][2]
    # round 3 is the late entry's first: its points are its own value once (own) and that game only
    board = next(t for t in late_games["tables"] if 7 in t["seats"]) if any(
        7 in t["seats"] for t in late_games["tables"]) else None
    won = board is not None and board["seats"][0] == 7
    expected = values[7] + (values[board["seats"][1]] if won else 0)
    if board is None:  # the bye: its share of the own value
        expected = values[7] + values[7] * 2 / 3
    assert abs(float(sheet.points[7]) - expected) < 1e-9


def test_check_verifies_a_rematch_window(tmp_path: Path, cli: Callable[..., Any]) -> None:
    """`check` had only --no-repeats and --max-meetings: a ladder's window went unchecked."""
    (tmp_path / "p.csv").write_text("name,rating\nA,2000\nB,1900\nC,1800\nD,1700\n")
    event = tmp_path / "e.json"
    assert cli("pair", "--system", "keizer", str(tmp_path / "p.csv"), "--rematch-after", "2", "--json",
               "-o", str(event)).code == 0
    for _ in range(5):
        _white_wins(event)
        assert cli("pair", str(event), "--json", "-o", str(event)).code == 0
    assert cli("check", str(event), "--rematch-after", "2").code == 0
    res = cli("check", str(event), "--rematch-after", "9")  # 4 players over 6 rounds must meet again
    assert res.code == 1 and "apart (at least 9 asked)" in res.out
    assert cli("check", str(event), "--rematch-after", "1").code == 2


def test_a_bad_setting_is_named_where_it_was_given(tmp_path: Path, cli: Callable[..., Any]) -> None:
    event = _ladder(tmp_path, cli, 1)
    typed = cli("standings", str(event), "-O", "bogus=1")
    assert typed.code == 2 and "field '--option'" in typed.err
    doc = json.loads(event.read_text())
    doc["meta"]["keizer"] = {"bogus": 1}
    event.write_text(json.dumps(doc))
    stored = cli("standings", str(event))
    assert stored.code == 2 and "field 'meta.keizer'" in stored.err  # was '--option', never typed
    window = cli("pair", str(event), "--rematch-after", "-1")
    assert window.code == 2 and "field '--rematch-after'" in window.err
