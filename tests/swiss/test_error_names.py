"""Errors in a Swiss input name the file, and the line where there is one."""

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


@pytest.mark.parametrize("system", ["club-swiss", "keizer", "dutch"])
def test_a_bad_result_in_the_history_names_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    system: str) -> None:
    event = {"system": system, "players": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}],
             "rounds": [{"round": 1, "tables": [{"table": 1, "seats": [1, 2], "result": "x"}]}]}
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event), encoding="utf-8")
    assert _run(["pair", "--system", system, str(path), "-p"]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "history" not in err.split(":")[0] and "<schedule>" not in err


def test_an_xxp_line_with_one_rank_names_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "event.trf"
    path.write_text("012 t\nXXP    1\n"
                    "001    1      A                                 2000                             0.0\n"
                    "001    2      B                                 1900                             0.0\n",
                    encoding="utf-8")
    assert _run(["pair", str(path), "-p"]) == 2
    assert "line 2" in capsys.readouterr().err


def test_a_240_bye_for_a_round_the_player_played_is_refused(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """One player, one game or one bye a round: a 240 line giving a bye in a round the
    player's own line shows a game for contradicts it (the arbiter says which holds)."""
    rows = [
        "001    1      Player 1                          2000                             1.5          4 w 1     3 b =",
        "001    2      Player 2                          1900                             1.0          5 b 0     6 w 1",
        "001    3      Player 3                          1800                             1.5          6 w 1     1 w =",
        "001    4      Player 4                          1700                             0.0          1 b 0     5 w 0",
        "001    5      Player 5                          1600                             2.0          2 w 1     4 b 1",
        "001    6      Player 6                          1500                             0.0          3 b 0     2 b 0",
    ]
    path = tmp_path / "event.trf"
    path.write_text("\n".join(["012 t", "XXR 5", *rows, "240 H   2    1"]) + "\n", encoding="utf-8")
    assert _run(["pair", str(path), "-p"]) == 2
    err = capsys.readouterr().err
    assert "line 9" in err and "has a game in that round" in err


def test_a_players_table_under_another_suffix_starts_a_swiss(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """`players.txt` with a name header is a players file (it was read as a TRF: "no 001 lines")."""
    path = tmp_path / "players.txt"
    path.write_text("name;rating\nA;2000\nB;1900\nC;1800\nD;1700\n", encoding="utf-8")
    assert _run(["pair", str(path), "-p"]) == 0
    assert capsys.readouterr().out.split()[:5] == ["2", "1", "3", "4", "2"]
