"""``fairdraw result`` keeps the mahjong start and uma in the file (meta.scoring), so the
standings and later entries score the event as its scores were entered."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CliResult

Cli = Callable[..., CliResult]


def _seating(cli: Cli, tmp_path: Path, players: int, size: int) -> Path:
    path = tmp_path / "seating.json"
    assert cli("seat", "--players", str(players), "--rounds", "1", "--table-size", str(size),
               "--json", "-o", str(path)).code == 0
    return path


def test_the_start_is_kept_for_the_standings_and_the_next_table(tmp_path: Path, cli: Cli) -> None:
    path = _seating(cli, tmp_path, 16, 4)
    assert cli("result", str(path), "-r", "1", "-t", "1", "25000", "25000", "35000", "15000", "--start", "25000").code == 0
    assert json.loads(path.read_text())["meta"]["scoring"] == {"name": "mahjong", "options": {"start": 25000}}
    # the next table is checked under the kept start without repeating --start
    assert cli("result", str(path), "-r", "1", "-t", "2", "30000", "30000", "30000", "30000").code == 2
    assert cli("result", str(path), "-r", "1", "-t", "2", "25000", "25000", "25000", "25000").code == 0
    out = tmp_path / "standings.json"
    assert cli("standings", str(path), "--json", "-o", str(out)).code == 0
    assert json.loads(out.read_text())["standings"]


def test_a_second_start_is_refused_once_scores_are_in(tmp_path: Path, cli: Cli) -> None:
    path = _seating(cli, tmp_path, 16, 4)
    assert cli("result", str(path), "-r", "1", "-t", "1", "25000", "25000", "25000", "25000", "--start", "25000").code == 0
    before = path.read_bytes()
    refused = cli("result", str(path), "-r", "1", "-t", "2", "30000", "30000", "30000", "30000", "--start", "30000")
    assert refused.code == 2 and "--start" in refused.err
    assert path.read_bytes() == before


def test_tables_of_five_take_an_uma(tmp_path: Path, cli: Cli) -> None:
    path = _seating(cli, tmp_path, 25, 5)
    scores = ["40000", "35000", "30000", "25000", "20000"]
    refused = cli("result", str(path), "-r", "1", "-t", "1", *scores)
    assert refused.code == 2 and "--uma" in refused.err
    assert cli("result", str(path), "-r", "1", "-t", "1", *scores, "--uma", "15,5,0,-5,-15").code == 0
    data = json.loads(path.read_text())
    assert data["meta"]["scoring"]["options"]["uma"] == [15000, 5000, 0, -5000, -15000]
    out = tmp_path / "standings.json"
    assert cli("standings", str(path), "--json", "-o", str(out)).code == 0
    rows = {row["id"]: row["points"] for row in json.loads(out.read_text())["standings"]}
    first = data["rounds"][0]["tables"][0]["seats"][0]
    assert rows[first] == pytest.approx(10 + 15)  # 40000 - 30000 in thousands, plus the first uma


def test_a_mahjong_option_that_is_no_number_is_named(tmp_path: Path, cli: Cli) -> None:
    path = _seating(cli, tmp_path, 16, 4)
    refused = cli("standings", str(path), "-O", "start=abc")
    assert refused.code == 2 and "start: expected a whole number of points, got 'abc'" in refused.err
