"""TRF16 input: the file's point-system lines set the scoring; the points column is matched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fairdraw.formats.trf import PlayerLine, RoundEntry
from tests.scoring.test_cli_results import run


def _line(number: int, points: int, games: list[RoundEntry]) -> str:
    return PlayerLine(number=number, name=f"Player {number}", rating=2000 - number, points=points, games=games).format()


def test_football_points_from_bb_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # three players, two rounds: 1 beats 2, 3 has the allocated bye; then 3 draws 1, 2 has a half-point bye
    lines = [
        "012 Points test",
        "BBW  3.0",
        "BBD  1.0",
        _line(1, 40, [RoundEntry(2, "w", "1"), RoundEntry(3, "b", "=")]),
        _line(2, 10, [RoundEntry(1, "b", "0"), RoundEntry(None, "-", "H")]),
        _line(3, 40, [RoundEntry(None, "-", "U"), RoundEntry(1, "w", "=")]),
    ]
    path = tmp_path / "points.trf"
    path.write_text("\r".join(lines) + "\r", encoding="utf-8")
    assert run(["standings", str(path), "--json", "-t", "none"]) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    assert {r["id"]: r["points"] for r in rows} == {1: 4, 2: 1, 3: 4}  # bye = a win (3), half-point bye = a draw (1)
    assert [r["rank"] for r in rows] == [1, 1, 3]


def test_malformed_trf_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.trf"
    path.write_text("012 Bad\r001    x\r", encoding="utf-8")
    assert run(["standings", str(path)]) == 2
    assert "line 2" in capsys.readouterr().err
