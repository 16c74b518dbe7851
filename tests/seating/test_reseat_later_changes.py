"""A re-seat from a round before an earlier re-seat's joins and leaves (audit 2026-12-05): `seat
-n 32 -r 10`, `reseat --from-round 5 --add A --add B`, then `reseat --from-round 3` seated A and
B from round 3, and a leaver recorded from a later round lost their seats from 3, without a
word. A re-seat seats one field in every round it makes, so it now refuses unless
`--move-changes` says so, and then names what moved."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from tests.conftest import CliResult

Cli = Callable[..., CliResult]


def _joined_from_round_4(cli: Cli, tmp_path: Path) -> Path:
    """16 players over 6 rounds; A and B (ids 17 and 18) join from round 4."""
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert cli("seat", "-n", "16", "-r", "6", "--json", "-o", str(first)).code == 0
    assert cli("reseat", str(first), "--from-round", "4", "--add", "A", "--add", "B", "--byes", "--json",
               "-o", str(second)).code == 0
    assert json.loads(second.read_text())["meta"]["joined"] == {"17": 4, "18": 4}
    return second


def test_moving_an_earlier_reseats_joins_is_refused(tmp_path: Path, cli: Cli) -> None:
    event = _joined_from_round_4(cli, tmp_path)
    out = tmp_path / "c.json"
    result = cli("reseat", str(event), "--from-round", "2", "--json", "-o", str(out))
    assert result.code == 2 and "field 'from-round'" in result.err
    assert "17 (A), 18 (B) joined from round 4" in result.err
    assert "the newcomers would play" in result.err and "re-seat from round 4 or later" in result.err
    assert not out.exists()


def test_move_changes_moves_them_and_says_so(tmp_path: Path, cli: Cli) -> None:
    event = _joined_from_round_4(cli, tmp_path)
    out = tmp_path / "c.json"
    result = cli("reseat", str(event), "--from-round", "2", "--move-changes", "--json", "-o", str(out))
    assert result.code == 0
    assert "note: --move-changes: 17 (A), 18 (B) joined from round 4; now from round 2" in result.err
    data = json.loads(out.read_text())
    assert data["meta"]["joined"] == {"17": 2, "18": 2}
    seated = {x for table in data["rounds"][1]["tables"] for x in table["seats"]}
    assert {17, 18} <= seated | set(data["rounds"][1].get("byes", []))  # in round 2, at a table or sitting out


def test_a_later_leave_is_refused_too(tmp_path: Path, cli: Cli) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert cli("seat", "-n", "17", "-r", "6", "--byes", "--json", "-o", str(first)).code == 0
    assert cli("reseat", str(first), "--from-round", "5", "--drop", "3", "--json", "-o", str(second)).code == 0
    result = cli("reseat", str(second), "--from-round", "3", "--json", "-o", str(tmp_path / "c.json"))
    assert result.code == 2 and "3 (Player 3) left from round 5" in result.err
    assert "the leavers would lose their seats from round 3" in result.err


def test_dropping_the_newcomers_again_moves_nothing(tmp_path: Path, cli: Cli) -> None:
    """A newcomer dropped by the new re-seat is not seated anywhere: nothing to ask about."""
    event = _joined_from_round_4(cli, tmp_path)
    out = tmp_path / "c.json"
    result = cli("reseat", str(event), "--from-round", "2", "--drop", "17,18", "--json", "-o", str(out))
    assert result.code == 0, result.err
    assert "joined" not in json.loads(out.read_text())["meta"]
