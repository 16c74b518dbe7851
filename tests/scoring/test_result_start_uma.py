"""``fairdraw result`` keeps the mahjong start and uma in the file (meta.scoring), so the
standings and later entries score the event as its scores were entered."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fairdraw.cli.app import run_app


def _run(argv: list[str]) -> int:
    try:
        run_app(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def _seating(tmp_path: Path, players: int, size: int) -> Path:
    path = tmp_path / "seating.json"
    assert _run(["seat", "--players", str(players), "--rounds", "1", "--table-size", str(size),
                 "--json", "-o", str(path)]) == 0
    return path


def test_the_start_is_kept_for_the_standings_and_the_next_table(tmp_path: Path) -> None:
    path = _seating(tmp_path, 16, 4)
    assert _run(["result", str(path), "-r", "1", "-t", "1", "25000", "25000", "35000", "15000", "--start", "25000"]) == 0
    assert json.loads(path.read_text())["meta"]["scoring"] == {"name": "mahjong", "options": {"start": 25000}}
    # the next table is checked under the kept start without repeating --start
    assert _run(["result", str(path), "-r", "1", "-t", "2", "30000", "30000", "30000", "30000"]) == 2
    assert _run(["result", str(path), "-r", "1", "-t", "2", "25000", "25000", "25000", "25000"]) == 0
    out = tmp_path / "standings.json"
    assert _run(["standings", str(path), "--json", "-o", str(out)]) == 0
    assert json.loads(out.read_text())["standings"]


def test_a_second_start_is_refused_once_scores_are_in(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _seating(tmp_path, 16, 4)
    assert _run(["result", str(path), "-r", "1", "-t", "1", "25000", "25000", "25000", "25000", "--start", "25000"]) == 0
    before = path.read_bytes()
    assert _run(["result", str(path), "-r", "1", "-t", "2", "30000", "30000", "30000", "30000", "--start", "30000"]) == 2
    assert "--start" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_tables_of_five_take_an_uma(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _seating(tmp_path, 25, 5)
    scores = ["40000", "35000", "30000", "25000", "20000"]
    assert _run(["result", str(path), "-r", "1", "-t", "1", *scores]) == 2
    assert "--uma" in capsys.readouterr().err
    assert _run(["result", str(path), "-r", "1", "-t", "1", *scores, "--uma", "15,5,0,-5,-15"]) == 0
    data = json.loads(path.read_text())
    assert data["meta"]["scoring"]["options"]["uma"] == [15000, 5000, 0, -5000, -15000]
    out = tmp_path / "standings.json"
    assert _run(["standings", str(path), "--json", "-o", str(out)]) == 0
    rows = {row["id"]: row["points"] for row in json.loads(out.read_text())["standings"]}
    first = data["rounds"][0]["tables"][0]["seats"][0]
    assert rows[first] == pytest.approx(10 + 15)  # 40000 - 30000 in thousands, plus the first uma
