"""`league-reseat` from a session before an earlier re-plan's joins and leaves (issue 5 item 4, as
issue 4 item 5 for `reseat`): a season of 16, A and B joining from session 4, then a re-plan from
session 2 seated A and B from session 2, and a leaver recorded from a later session lost the
sessions between, without a word. A re-plan seats one field in every session it makes, so it now
refuses unless `--move-changes` says so, and then names what moved (the reader is the one
`reseat` uses: ``player_rules.later_changes``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from tests.conftest import CliResult

Cli = Callable[..., CliResult]


def _joined_from_session_4(cli: Cli, tmp_path: Path) -> Path:
    """16 players over 6 sessions; A and B (ids 17 and 18) join from session 4."""
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert cli("league", "-n", "16", "-s", "6", "--json", "-o", str(first)).code == 0
    assert cli("league-reseat", str(first), "--from-session", "4", "--add", "A", "--add", "B", "--json",
               "-o", str(second)).code == 0
    assert json.loads(second.read_text())["meta"]["joined"] == {"17": 4, "18": 4}
    return second


def test_moving_an_earlier_replans_joins_is_refused(tmp_path: Path, cli: Cli) -> None:
    season = _joined_from_session_4(cli, tmp_path)
    out = tmp_path / "c.json"
    result = cli("league-reseat", str(season), "--from-session", "2", "--json", "-o", str(out))
    assert result.code == 2 and "field 'from-session'" in result.err
    assert "17 (A), 18 (B) joined from session 4" in result.err
    assert "the newcomers would play from session 2" in result.err and "re-plan from session 4 or later" in result.err
    assert not out.exists()


def test_move_changes_moves_them_and_says_so(tmp_path: Path, cli: Cli) -> None:
    season = _joined_from_session_4(cli, tmp_path)
    out = tmp_path / "c.json"
    result = cli("league-reseat", str(season), "--from-session", "2", "--move-changes", "--json", "-o", str(out))
    assert result.code == 0, result.err
    assert "note: --move-changes: 17 (A), 18 (B) joined from session 4; now from session 2" in result.err
    data = json.loads(out.read_text())
    assert data["meta"]["joined"] == {"17": 2, "18": 2}
    assert {17, 18} <= {x for table in data["rounds"][1]["tables"] for x in table["seats"]}
    assert cli("check", str(out), "--everyone").code == 0


def test_a_later_leave_is_refused_too(tmp_path: Path, cli: Cli) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert cli("league", "-n", "17", "-s", "6", "--json", "-o", str(first)).code == 0
    assert cli("league-reseat", str(first), "--from-session", "5", "--drop", "3", "--json", "-o", str(second)).code == 0
    out = tmp_path / "c.json"
    result = cli("league-reseat", str(second), "--from-session", "3", "--json", "-o", str(out))
    assert result.code == 2 and "3 (Player 3) left from session 5" in result.err
    assert "the leavers would lose their seats from session 3" in result.err
    assert not out.exists()


def test_from_the_recorded_session_on_nothing_is_asked(tmp_path: Path, cli: Cli) -> None:
    """Re-planning from the session the newcomers joined (or later) moves nothing."""
    season = _joined_from_session_4(cli, tmp_path)
    out = tmp_path / "c.json"
    result = cli("league-reseat", str(season), "--from-session", "4", "--drop", "5", "--json", "-o", str(out))
    assert result.code == 0, result.err
    meta = json.loads(out.read_text())["meta"]
    assert meta["joined"] == {"17": 4, "18": 4} and meta["left"] == {"5": 4}


def test_dropping_the_newcomers_again_moves_nothing(tmp_path: Path, cli: Cli) -> None:
    """A newcomer dropped by the new re-plan is seated nowhere: nothing to ask about."""
    season = _joined_from_session_4(cli, tmp_path)
    out = tmp_path / "c.json"
    result = cli("league-reseat", str(season), "--from-session", "2", "--drop", "17,18", "--json", "-o", str(out))
    assert result.code == 0, result.err
    data = json.loads(out.read_text())
    assert not {17, 18} & {x for rnd in data["rounds"] for table in rnd["tables"] for x in table["seats"]}
