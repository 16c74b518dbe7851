"""Holes an audit of `fairdraw check` found (2026-12-05): a crash on a negative round with
--everyone, gigabytes for a round numbered 10⁹, a Meerkamp game between groups passed under an
unknown group label, a file without its player list passing every rule, players seated after
leaving (or before joining) and damaged records passing without --everyone, two players with one
pairing number, a bye kind naming nobody. Each test fails on the code before its fix."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

PLAYERS = "name\n" + "".join(f"P{i}\n" for i in range(1, 9))


def _round_robin(tmp_path: Path, cli: Callable[..., Any]) -> dict[str, Any]:
    (tmp_path / "p.csv").write_text(PLAYERS)
    assert cli("roundrobin", str(tmp_path / "p.csv"), "--json", "-o", str(tmp_path / "rr.json")).code == 0
    doc: dict[str, Any] = json.loads((tmp_path / "rr.json").read_text())
    return doc


def _check(tmp_path: Path, cli: Callable[..., Any], doc: dict[str, Any], *rules: str) -> Any:
    path = tmp_path / "x.json"
    path.write_text(json.dumps(doc))
    return cli("check", str(path), *rules)


def test_a_negative_round_is_a_breach_with_everyone(tmp_path: Path, cli: Callable[..., Any]) -> None:
    doc = _round_robin(tmp_path, cli)
    doc["rounds"][0]["round"] = -1
    res = _check(tmp_path, cli, doc, "--everyone")
    assert res.code == 1 and "round -1 is numbered below 1" in res.out


def test_a_huge_round_number_is_named_without_listing_every_gap(tmp_path: Path, cli: Callable[..., Any]) -> None:
    doc = _round_robin(tmp_path, cli)
    doc["rounds"][-1]["round"] = 10**12  # the whole range took a MemoryError
    res = _check(tmp_path, cli, doc)
    assert res.code == 1 and f"numbered up to {10**12} without rounds 7, 8, 9" in res.out and " ..." in res.out


def test_gaps_are_listed_gap_by_gap() -> None:
    from fairdraw.core.checker import _first_gaps

    assert _first_gaps([1, 2, 5, 9], 11) == [3, 4, 6, 7, 8]
    assert _first_gaps([-3, 0, 2], 11) == [1]
    assert _first_gaps([10**15], 3) == [1, 2, 3]
    assert _first_gaps([], 5) == []


@pytest.mark.parametrize("label", [None, "X"])
def test_a_meerkamp_table_outside_the_groups_is_a_breach(tmp_path: Path, cli: Callable[..., Any],
                                                         label: str | None) -> None:
    (tmp_path / "p.csv").write_text(PLAYERS + "P9\n")
    assert cli("meerkamp", str(tmp_path / "p.csv"), "--json", "-o", str(tmp_path / "m.json")).code == 0
    doc = json.loads((tmp_path / "m.json").read_text())
    doc["rounds"][0]["tables"][0]["group"] = label
    res = _check(tmp_path, cli, doc, "--no-repeats")
    assert res.code == 1 and f"group {label!r} is not one of the groups in meta.groups" in res.out


def test_a_file_without_its_players_is_a_breach(tmp_path: Path, cli: Callable[..., Any]) -> None:
    doc = _round_robin(tmp_path, cli)
    doc["players"] = []
    res = _check(tmp_path, cli, doc, "--no-repeats")
    assert res.code == 1 and "participant 1 is not in the player list" in res.out


@pytest.mark.parametrize("record", ["withdrawn_at", "left", "joined"])
def test_seated_outside_the_recorded_rounds_is_a_breach_without_everyone(tmp_path: Path, cli: Callable[..., Any],
                                                                          record: str) -> None:
    doc = _round_robin(tmp_path, cli)
    doc["meta"][record] = {"1": 3} if record != "joined" else {"1": 3}
    res = _check(tmp_path, cli, doc)
    expected = "joined from round 3 but is seated" if record == "joined" else "left before round 3 but is seated"
    assert res.code == 1 and expected in res.out


@pytest.mark.parametrize("record, value", [("withdrawn_at", {"4": "x"}), ("withdrawn", "4"), ("joined", {"3": "soon"})])
def test_a_damaged_record_is_a_breach_without_everyone(tmp_path: Path, cli: Callable[..., Any],
                                                       record: str, value: Any) -> None:
    doc = _round_robin(tmp_path, cli)
    doc["meta"][record] = value
    res = _check(tmp_path, cli, doc)
    assert res.code == 1 and f"field 'meta.{record}'" in res.out


def test_one_pairing_number_for_two_players_is_a_breach(tmp_path: Path, cli: Callable[..., Any]) -> None:
    doc = _round_robin(tmp_path, cli)
    doc["players"][1]["number"] = doc["players"][0]["number"]
    res = _check(tmp_path, cli, doc)
    assert res.code == 1 and "pairing number 1 is held by participants 1, 2" in res.out


def test_a_bye_kind_naming_nobody_in_the_byes_is_refused(tmp_path: Path, cli: Callable[..., Any]) -> None:
    doc = _round_robin(tmp_path, cli)
    doc["rounds"][0]["bye_kinds"] = {"3": "absent"}
    res = _check(tmp_path, cli, doc)
    assert res.code == 2 and "rounds.0.bye_kinds.3" in res.err


def test_redraw_on_broken_rounds_lists_every_breach(tmp_path: Path, cli: Callable[..., Any]) -> None:
    """A player placed twice made --redraw exit 2 with one error, the breaches unlisted."""
    seating = tmp_path / "s.json"
    assert cli("seat", "-n", "16", "-r", "3", "--seed", "x", "--json", "-o", str(seating)).code == 0
    doc = json.loads(seating.read_text())
    first, second = doc["rounds"][2]["tables"][:2]
    second["seats"][0] = first["seats"][0]
    res = _check(tmp_path, cli, doc, "--redraw")
    assert res.code == 1 and "is placed 2 times" in res.out and "redraw: not made" in res.out


def test_a_key_nobody_reads_is_named(tmp_path: Path, cli: Callable[..., Any]) -> None:
    """A result under a misspelt key ("reslut") vanished without a word; the files fairdraw
    writes draw no such note."""
    doc = _round_robin(tmp_path, cli)
    assert "not read" not in _check(tmp_path, cli, doc).err
    doc["rounds"][0]["tables"][0]["reslut"] = "1-0"
    doc["rounds"][1]["bye"] = [3]
    res = _check(tmp_path, cli, doc)
    assert "not read, so not checked: rounds.0.tables.0.reslut, rounds.1.bye" in res.err
