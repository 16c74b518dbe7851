"""TRF16 input: the file's point-system lines set the scoring; the points column is matched."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fairdraw.formats.trf import PlayerLine, PointSystem, RoundEntry
from fairdraw.scoring.base import get_scoring
from fairdraw.scoring.standard import options_from_tenths, tenths_of
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


_TENTHS = st.integers(min_value=0, max_value=100)


@given(win=st.integers(min_value=1, max_value=100), draw=_TENTHS, loss=_TENTHS, zero_bye=_TENTHS,
       forfeit_loss=_TENTHS, allocated_bye=_TENTHS)
def test_the_point_system_of_a_scoring_is_the_one_it_was_made_from(**tenths: int) -> None:
    """``tenths_of`` inverts ``options_from_tenths``: a Swiss scored by a file's BB lines, or the web
    page's scoring made from them, is paired on the very points the standings count."""
    made = PointSystem(**tenths)
    assert tenths_of(get_scoring("standard", **options_from_tenths(made))) == tenths


@pytest.mark.parametrize(("options", "named"), [({"draw": "1/3"}, "draw"), ({"loss": -1}, "loss"),
                                                ({"byes": "bye:0.25"}, "byes (bye)")])
def test_points_a_swiss_cannot_pair_on_are_refused_naming_the_option(options: dict[str, object], named: str) -> None:
    with pytest.raises(ValueError, match=re.escape(named) + ": a Swiss is paired on points of 0 or more in tenths"):
        tenths_of(get_scoring("standard", **options))


def test_football_pairs_on_three_one_nothing() -> None:
    assert tenths_of(get_scoring("football")) == {"win": 30, "draw": 10, "loss": 0, "zero_bye": 0, "forfeit_loss": 0,
                                                  "allocated_bye": 30}
