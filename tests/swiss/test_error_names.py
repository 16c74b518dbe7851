"""Errors in a Swiss input name the file, and the line where there is one."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CliResult

from .test_input_validation_more import TRF_LINES


@pytest.mark.parametrize("system", ["club-swiss", "keizer", "dutch"])
def test_a_bad_result_in_the_history_names_the_file(tmp_path: Path, cli: Callable[..., CliResult],
                                                    system: str) -> None:
    event = {"system": system, "players": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}],
             "rounds": [{"round": 1, "tables": [{"table": 1, "seats": [1, 2], "result": "x"}]}]}
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event), encoding="utf-8")
    result = cli("pair", "--system", system, str(path), "-p")
    err = result.err
    assert result.code == 2
    assert str(path) in err and "history" not in err.split(":")[0] and "<schedule>" not in err


def test_an_xxp_line_with_one_rank_names_its_line(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    path = tmp_path / "event.trf"
    path.write_text("012 t\nXXP    1\n"
                    "001    1      A                                 2000                             0.0\n"
                    "001    2      B                                 1900                             0.0\n",
                    encoding="utf-8")
    result = cli("pair", str(path), "-p")
    assert result.code == 2 and "line 2" in result.err


def test_a_240_bye_for_a_round_the_player_played_is_refused(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    """One player, one game or one bye a round: a 240 line giving a bye in a round the
    player's own line shows a game for contradicts it (the arbiter says which holds)."""
    path = tmp_path / "event.trf"
    path.write_text("\n".join([*TRF_LINES, "240 H   2    1"]) + "\n", encoding="utf-8")
    result = cli("pair", str(path), "-p")
    assert result.code == 2
    assert f"line {len(TRF_LINES) + 1}" in result.err and "has a game in that round" in result.err


def test_a_players_table_under_another_suffix_starts_a_swiss(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    """`players.txt` with a name header is a players file (it was read as a TRF: "no 001 lines")."""
    path = tmp_path / "players.txt"
    path.write_text("name;rating\nA;2000\nB;1900\nC;1800\nD;1700\n", encoding="utf-8")
    result = cli("pair", str(path), "-p")
    assert result.code == 0 and result.out.split()[:5] == ["2", "1", "3", "4", "2"]
