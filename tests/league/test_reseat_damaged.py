"""Damaged season files given to `league-reseat` (QA audit 2026-12-05).

Issue 5 item 4 keeps the sessions played as they are and re-plans the rest from them, so the
file must be a season `fairdraw league` could have written. Before: a damaged `meta.dropped`,
`meta.joined` or `meta.left` ended in a Python traceback (exit 1); a session with a group of 3
or 6, a player seated twice or missing (or seated after meta.left), sessions out of order, two players with one pairing number, or an
unknown `meta.prefer` / `meta.separate` were taken silently (a "4" quietly became groups of 5).
Each must exit 2 naming the file and the field, and write nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CliResult

Cli = Callable[..., CliResult]
Edit = Callable[[dict[str, Any]], None]


def _first_group(data: dict[str, Any]) -> dict[str, Any]:
    return data["rounds"][0]["tables"][0]


DAMAGE: list[tuple[str, Edit, str]] = [
    ("dropped-not-ids", lambda d: d["meta"].__setitem__("dropped", ["abc"]), "meta.dropped"),
    ("dropped-not-list", lambda d: d["meta"].__setitem__("dropped", 5), "meta.dropped"),
    ("dropped-stranger", lambda d: d["meta"].__setitem__("dropped", [999]), "meta.dropped"),
    ("joined-not-session", lambda d: d["meta"].__setitem__("joined", {"1": "x"}), "meta.joined"),
    ("joined-not-object", lambda d: d["meta"].__setitem__("joined", [1, 2]), "meta.joined"),
    ("left-null", lambda d: d["meta"].__setitem__("left", {"2": None}), "meta.left"),
    ("left-not-id", lambda d: d["meta"].__setitem__("left", {"x": 2}), "meta.left"),
    ("prefer-text", lambda d: d["meta"].__setitem__("prefer", "4"), "meta.prefer"),
    ("prefer-true", lambda d: d["meta"].__setitem__("prefer", True), "meta.prefer"),
    ("separate-text", lambda d: d["meta"].__setitem__("separate", "club"), "meta.separate"),
    ("group-of-3", lambda d: _first_group(d).__setitem__("seats", _first_group(d)["seats"][:3]), "rounds"),
    ("group-of-6", lambda d: _first_group(d)["seats"].append(d["rounds"][0]["tables"][1]["seats"].pop()), "rounds"),
    ("seated-twice", lambda d: d["rounds"][0]["tables"][1]["seats"].__setitem__(0, _first_group(d)["seats"][0]),
     "rounds"),
    ("session-numbers", lambda d: d["rounds"][1].__setitem__("round", 1), "rounds.1.round"),
    ("sessions-reversed", lambda d: d.__setitem__("rounds", d["rounds"][::-1]), "rounds.0.round"),
    ("number-twice", lambda d: d["players"][1].__setitem__("number", 1), "players.number"),
    ("group-missing", lambda d: d["rounds"][0]["tables"].pop(), "rounds"),
    ("leaver-seated", lambda d: d["meta"].__setitem__("left", {str(_first_group(d)["seats"][0]): 1}), "rounds"),
]


@pytest.mark.parametrize("edit, field", [(e, f) for _, e, f in DAMAGE], ids=[n for n, _, _ in DAMAGE])
def test_a_damaged_season_exits_2_naming_the_field(cli: Cli, tmp_path: Path, edit: Edit, field: str) -> None:
    season = tmp_path / "season.json"
    assert cli("league", "-n", "30", "-s", "6", "--json", "-o", str(season)).code == 0
    data = json.loads(season.read_text())
    edit(data)
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps(data))
    out = tmp_path / "out.json"
    result = cli("league-reseat", str(damaged), "--from-session", "4", "--drop", "2", "--json", "-o", str(out))
    assert result.code == 2, result.err
    assert "Traceback" not in result.err
    assert "damaged.json" in result.err and f"field '{field}'" in result.err
    assert not out.exists()


def test_an_undamaged_season_without_the_newer_meta_entries_still_re_plans(cli: Cli, tmp_path: Path) -> None:
    """Files written before `prefer`, `joined` and `left` were recorded stay readable."""
    season = tmp_path / "season.json"
    assert cli("league", "-n", "30", "-s", "6", "--json", "-o", str(season)).code == 0
    data = json.loads(season.read_text())
    for key in ("prefer", "joined", "left", "dropped", "separate"):
        data["meta"].pop(key, None)
    season.write_text(json.dumps(data))
    out = tmp_path / "out.json"
    assert cli("league-reseat", str(season), "--from-session", "4", "--drop", "2", "--json", "-o", str(out)).code == 0


def test_a_leaver_from_the_first_session_is_said_to_play_none(cli: Cli, tmp_path: Path) -> None:
    """Issue 5 item 4, the printed season lists who leaves when: dropped from session 1, the text
    said "Player 1 leaves after session 0"."""
    season = tmp_path / "season.json"
    assert cli("league", "-n", "30", "-s", "6", "--json", "-o", str(season)).code == 0
    result = cli("league-reseat", str(season), "--from-session", "1", "--drop", "1", "--add", "X")
    assert result.code == 0, result.err
    assert "session 0" not in result.out
    assert "Player 1 plays no session (left before session 1)" in result.out
