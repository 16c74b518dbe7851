"""What an arbiter does to a running Swiss event from the command line besides pairing: undo a
round, correct a result, add a late entry, hand the event on as TRF16 (found by an audit of a
whole event run from the CLI, 2026-12-05). Each test fails on the code before its fix."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

PLAYERS = "name,id,rating\n" + "".join(f"P{i},{i},{2100 - 37 * i}\n" for i in range(1, 12))


def _event(tmp_path: Path, cli: Callable[..., Any], system: str = "dutch") -> Path:
    """An 11-player event (a bye every round) with round 1 paired and every result in."""
    (tmp_path / "players.csv").write_text(PLAYERS)
    event = tmp_path / "event.json"
    extra = ["--seed", "s"] if system != "dutch" else []
    assert cli("pair", "--system", system, str(tmp_path / "players.csv"), "--rounds", "5", *extra,
               "--json", "-o", str(event)).code == 0
    _results(event, 1)
    return event


def _results(event: Path, number: int) -> None:
    doc = json.loads(event.read_text())
    for table in doc["rounds"][number - 1]["tables"]:
        table["result"] = "1-0"
    event.write_text(json.dumps(doc))


@pytest.mark.parametrize("system", ["dutch", "club-swiss", "keizer"])
@pytest.mark.parametrize("where", ["requested_byes", "byes_later"])
def test_undo_then_pair_makes_the_same_round_when_a_bye_was_announced(
        tmp_path: Path, cli: Callable[..., Any], system: str, where: str) -> None:
    """`pair` uses up a bye announced in the file; `undo` put the round back without it, so the
    player who had asked for the bye was paired and another got the pairing-allocated bye."""
    event = _event(tmp_path, cli, system)
    doc = json.loads(event.read_text())
    doc["meta"][where] = {"6": "half-point"} if where == "requested_byes" else {"2": {"6": "half-point"}}
    event.write_text(json.dumps(doc))
    assert cli("pair", "--system", system, str(event), "--json", "-o", str(event)).code == 0
    first = event.read_bytes()
    assert json.loads(first)["rounds"][1]["bye_kinds"]["6"] == "half-point"
    undone = cli("undo", str(event))
    assert undone.code == 0 and "6 half-point" in undone.err
    assert cli("pair", "--system", system, str(event), "--json", "-o", str(event)).code == 0
    assert event.read_bytes() == first


def test_an_undone_rounds_pairing_bye_and_withdrawals_are_not_announced_again(
        tmp_path: Path, cli: Callable[..., Any]) -> None:
    event = _event(tmp_path, cli)
    assert cli("pair", "--dutch", str(event), "--withdraw", "3", "--json", "-o", str(event)).code == 0
    assert cli("undo", str(event)).code == 0
    meta = json.loads(event.read_text())["meta"]
    assert "byes_later" not in meta and "withdrawn" not in meta  # the allocated bye and 3's absence


def test_a_result_corrected_after_the_next_round_was_paired_is_said(tmp_path: Path, cli: Callable[..., Any]) -> None:
    event = _event(tmp_path, cli)
    assert cli("pair", "--dutch", str(event), "--json", "-o", str(event)).code == 0
    first = cli("result", str(event), "-r", "2", "-t", "1", "0-1")  # the newest round: nothing to say
    assert first.code == 0 and "note" not in first.err
    fixed = cli("result", str(event), "-r", "1", "-t", "1", "--force", "0-1")
    assert fixed.code == 0 and "round 2 was paired before this change and stays as paired" in fixed.err
    cleared = cli("result", str(event), "-r", "1", "-t", "2", "--clear")
    assert cleared.code == 0 and "round 2 was paired before this change" in cleared.err
    cli("result", str(event), "-r", "1", "-t", "2", "1-0")
    checked = cli("check", "--dutch", str(event))
    if checked.code == 1:  # round 2 re-paired from the corrected result may differ; said so
        assert "a result corrected after a later round was paired" in checked.err


def test_a_seating_result_says_nothing_of_later_rounds(tmp_path: Path, cli: Callable[..., Any]) -> None:
    seating = tmp_path / "s.json"
    assert cli("seat", "-n", "8", "-r", "2", "--json", "-o", str(seating)).code == 0
    res = cli("result", str(seating), "-r", "1", "-t", "1", "40000", "30000", "30000", "20000")
    assert res.code == 0 and "note" not in res.err


def test_a_late_entry_takes_the_next_number_and_is_expected_from_its_first_round(
        tmp_path: Path, cli: Callable[..., Any]) -> None:
    event = _event(tmp_path, cli)
    doc = json.loads(event.read_text())
    doc["players"].append({"id": 12, "name": "Late", "rating": 2050})
    event.write_text(json.dumps(doc))
    assert cli("pair", "--dutch", str(event), "--json", "-o", str(event)).code == 0
    doc = json.loads(event.read_text())
    assert doc["meta"]["joined"] == {"12": 2}
    assert {p["id"]: p["number"] for p in doc["players"]}[12] == 12
    assert cli("check", str(event), "--everyone").code == 0  # was: "round 1: participant 12 not placed"
    _results(event, 2)
    assert cli("pair", "--dutch", str(event), "--json", "-o", str(event)).code == 0
    assert json.loads(event.read_text())["meta"]["joined"] == {"12": 2}  # kept, not moved on


def test_a_late_entry_with_a_number_in_use_is_refused(tmp_path: Path, cli: Callable[..., Any]) -> None:
    """The field was renumbered from the shared number down without a word."""
    event = _event(tmp_path, cli)
    doc = json.loads(event.read_text())
    doc["players"].append({"id": 12, "name": "Late", "rating": 2050, "number": 5})
    event.write_text(json.dumps(doc))
    before = event.read_bytes()
    res = cli("pair", "--dutch", str(event), "--json", "-o", str(event))
    assert res.code == 2 and "players.11.number" in res.err and "pairing number 5" in res.err
    assert event.read_bytes() == before


def test_the_trf_export_says_a_withdrawal_is_kept_one_round_only(tmp_path: Path, cli: Callable[..., Any]) -> None:
    event = _event(tmp_path, cli)
    assert cli("pair", "--dutch", str(event), "--withdraw", "3", "--json", "-o", str(event)).code == 0
    _results(event, 2)
    res = cli("trf", str(event), "-o", str(tmp_path / "e.trf"))
    assert res.code == 0 and "TRF16 cannot record a withdrawal: P3" in res.err
    other = tmp_path / "other"
    other.mkdir()
    quiet = cli("trf", str(_event(other, cli)), "-o", str(other / "e.trf"))
    assert quiet.code == 0 and "withdrawal" not in quiet.err


def test_small_cli_slips_are_named(tmp_path: Path, cli: Callable[..., Any]) -> None:
    event = _event(tmp_path, cli)
    before = event.read_bytes()
    res = cli("result", str(event), "-r", "1", "-t", "1", "--bogus", "1-0")
    assert res.code == 2 and "no such option: --bogus" in res.err
    res = cli("pair", "--dutch", str(event), "--seed", "x", "--json", "-o", str(event))
    assert res.code == 2 and "--seed" in res.err and "draws nothing at random" in res.err
    res = cli("pair", "--system", "swiss", str(event), "--json", "-o", str(event))
    assert res.code == 2 and "note:" not in res.err  # no "paired by 'swiss' as asked" before the refusal
    assert event.read_bytes() == before
    password = [line for line in cli("user", "add", "--help").out.splitlines() if "--password" in line]
    assert password and "[required]" not in password[0]  # the prompt asks for it


def test_a_withdrawal_handed_on_as_trf_pairs_with_the_withdraw_its_note_asks_for(
        tmp_path: Path, cli: Callable[..., Any]) -> None:
    """`trf` writes a withdrawal as the next round's "0000 - -" and says to give it again with
    --withdraw; reading the mark back as a zero-point bye made that --withdraw a contradiction
    (exit 2: "withdrawn and also asks for a zero-point bye"). Audit 2026-12-05."""
    event = _event(tmp_path, cli)
    assert cli("pair", "--dutch", str(event), "--withdraw", "6", "--json", "-o", str(event)).code == 0
    _results(event, 2)
    trf = tmp_path / "event.trf"
    exported = cli("trf", str(event), "-o", str(trf))
    assert exported.code == 0 and "--withdraw" in exported.err
    paired = cli("pair", "--dutch", str(trf), "--withdraw", "6", "--json", "-o", str(tmp_path / "next.json"))
    assert paired.code == 0, paired.err
    third = json.loads((tmp_path / "next.json").read_text())["rounds"][2]
    assert all(6 not in table["seats"] for table in third["tables"])
    same = cli("pair", "--dutch", str(trf), "--json", "-o", str(tmp_path / "plain.json"))  # without it, the same round
    assert same.code == 0
    assert json.loads((tmp_path / "plain.json").read_text())["rounds"][2]["tables"] == third["tables"]


def test_a_player_listed_twice_is_refused_by_standings_and_trf(tmp_path: Path, cli: Callable[..., Any]) -> None:
    """`standings` ranked the player twice, exit 0, where `pair` and `check` refuse the file."""
    event = _event(tmp_path, cli)
    doc = json.loads(event.read_text())
    doc["players"].append(dict(doc["players"][0]))
    event.write_text(json.dumps(doc))
    for command in (("standings", str(event)), ("trf", str(event))):
        result = cli(*command)
        assert result.code == 2 and "players[11].id" in result.err and "appears twice" in result.err


def test_trf_refuses_two_players_with_one_pairing_number(tmp_path: Path, cli: Callable[..., Any]) -> None:
    """`trf` renumbered them 1..n silently: the start ranks no longer matched the lists printed."""
    event = _event(tmp_path, cli)
    doc = json.loads(event.read_text())
    doc["players"][1]["number"] = doc["players"][0]["number"]
    event.write_text(json.dumps(doc))
    result = cli("trf", str(event), "-o", str(tmp_path / "x.trf"))
    assert result.code == 2 and "players.1.number" in result.err and not (tmp_path / "x.trf").exists()


def test_a_tie_break_asked_for_twice_is_refused(tmp_path: Path, cli: Callable[..., Any]) -> None:
    """`-t DE,BH,DE` printed two DE columns, the JSON kept one value (the later, all zeros)."""
    event = _event(tmp_path, cli)
    result = cli("standings", str(event), "-t", "DE,BH,de", "--json")
    assert result.code == 2 and "listed twice" in result.err
    assert cli("standings", str(event), "-t", "BH,BH:C1", "--json").code == 0  # a cut is another tie-break
