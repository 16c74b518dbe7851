"""Refusals that name the way out (docs audit I): `check --explain` alone named only a TRF,
though a Dutch event's JSON works too; `league-reseat --from-session` past a season's end gave
a bare range, though `--sessions` lengthens the season."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.conftest import CliResult

Cli = Callable[..., CliResult]


def test_explain_alone_names_both_files_dutch_takes(cli: Cli) -> None:
    result = cli("check", "--explain")
    assert result.code == 2
    assert "--dutch FILE" in result.err and "TRF16" in result.err and "JSON" in result.err


def test_a_session_past_the_season_says_sessions_lengthens_it(cli: Cli, tmp_path: Path) -> None:
    season = tmp_path / "season.json"
    assert cli("league", "-n", "12", "-s", "6", "--json", "-o", str(season)).code == 0
    before = season.read_bytes()
    refused = cli("league-reseat", str(season), "--from-session", "7", "--json", "-o", str(tmp_path / "x.json"))
    assert refused.code == 2
    assert "between 1 and 6" in refused.err and "--sessions 7 or more" in refused.err
    gap = cli("league-reseat", str(season), "--from-session", "9", "--json", "-o", str(tmp_path / "x.json"))
    assert gap.code == 2 and "must be in the file" in gap.err
    assert season.read_bytes() == before
    # the way out the message names works
    longer = tmp_path / "longer.json"
    assert cli("league-reseat", str(season), "--from-session", "7", "--sessions", "7", "--json",
               "-o", str(longer)).code == 0
    assert '"round": 7' in longer.read_text(encoding="utf-8")
