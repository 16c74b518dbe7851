"""`fairdraw check` on a seating's own records (issue 4 item 4: anyone verifies a published draw).

Before ``cli/check_records.py`` the checker read only the rounds: a mahjong seating whose ``meta``
was damaged (``reseat`` and ``seat-ranked`` refuse it, naming the field) was reported OK, and so
was a file claiming "0 repeats" over rounds that repeat. Now both are breaches (exit 1), and the
files fairdraw itself writes (seat, reseat, seat-ranked, league, league-reseat) stay clean.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fairdraw.cli.app import run_app
from fairdraw.formats.schedule_json import dump_schedule
from tests.seating.helpers import seat
from tests.seating.test_damaged_seating_files import CASES, _damaged


def _check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """The exit status of `fairdraw check FILE` (a return is 0) and what it printed."""
    try:
        run_app(["check", str(path)])
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, capsys.readouterr().out.replace("\n", " ")


@pytest.fixture(scope="module")
def seating() -> dict[str, Any]:
    return json.loads(dump_schedule(seat(16, 6, seed="qa", ranked_last=2)))


@pytest.mark.parametrize(("edit", "field", "words"), [c for c in CASES if c[1].startswith("meta.")])
def test_a_damaged_record_is_a_breach_named_by_field(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      seating: dict[str, Any], edit: str, field: str,
                                                      words: str) -> None:
    path = tmp_path / "seating.json"
    path.write_text(json.dumps(_damaged(seating, edit)))
    code, out = _check(path, capsys)
    assert code == 1 and f"file record: field '{field}'" in out, out


@pytest.mark.parametrize(("edit", "field", "words"), CASES)
def test_no_damaged_seating_is_reported_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            seating: dict[str, Any], edit: str, field: str, words: str) -> None:
    """Damaged rounds are the core checker's breaches, damaged records this module's: either way
    the file `reseat` refuses is not OK."""
    path = tmp_path / "seating.json"
    path.write_text(json.dumps(_damaged(seating, edit)))
    code, out = _check(path, capsys)
    assert code == 1 and "OK:" not in out, out


@pytest.mark.parametrize(("key", "value"), [("repeats", 3), ("max_meetings", 2), ("pairs_met", 1)])
def test_a_claimed_figure_the_rounds_contradict_is_a_breach(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           seating: dict[str, Any], key: str, value: int) -> None:
    data = json.loads(json.dumps(seating))
    data["meta"]["metrics"][key] = value
    path = tmp_path / "seating.json"
    path.write_text(json.dumps(data))
    code, out = _check(path, capsys)
    assert code == 1 and f"field 'meta.metrics.{key}' claims {value}" in out, out


def test_a_hidden_repeat_under_a_zero_claim_is_caught(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      seating: dict[str, Any]) -> None:
    """Round 2 replaced by a copy of round 1: the file still says 0 repeats."""
    data = json.loads(json.dumps(seating))
    data["rounds"][1]["tables"] = json.loads(json.dumps(data["rounds"][0]["tables"]))
    path = tmp_path / "seating.json"
    path.write_text(json.dumps(data))
    code, out = _check(path, capsys)
    assert code == 1 and "field 'meta.metrics.repeats' claims 0, the rounds give 24" in out, out


def test_files_fairdraw_writes_are_clean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every command that writes a seating or a season writes records its rounds bear out (with
    byes, a re-seat that drops and adds, a ranked round, a league re-plan)."""
    made = []

    def write(name: str, args: list[str]) -> Path:
        path = tmp_path / name
        try:
            run_app([*args, "--json", "-o", str(path)])
        except SystemExit as exc:
            assert exc.code in (0, None), args
        made.append(path)
        return path

    first = write("seat.json", ["seat", "-n", "23", "-r", "9", "--byes", "--ranked-last", "1"])
    write("reseat.json", ["reseat", str(first), "--from-round", "4", "--drop", "2", "--add", "Ann", "--add", "Bo",
                          "--byes"])
    ids = [p["id"] for p in json.loads(first.read_text())["players"]]
    standings = tmp_path / "standings.json"
    standings.write_text(json.dumps({"standings": [{"id": pid} for pid in reversed(ids)]}))
    write("ranked.json", ["seat-ranked", str(standings), "--schedule", str(first)])
    season = write("league.json", ["league", "-n", "21", "-s", "8"])
    write("replan.json", ["league-reseat", str(season), "--from-session", "3", "--drop", "2", "--add", "Cy"])
    capsys.readouterr()
    for path in made:
        code, out = _check(path, capsys)
        assert code == 0 and "file record" not in out, (path.name, out)


def test_a_damaged_season_record_is_a_breach(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "league.json"
    try:
        run_app(["league", "-n", "13", "-s", "4", "--json", "-o", str(path)])
    except SystemExit as exc:
        assert exc.code in (0, None)
    data = json.loads(path.read_text())
    data["meta"]["prefer"] = 7
    data["meta"]["repeats"] = data["meta"]["repeats"] + 5
    path.write_text(json.dumps(data))
    code, out = _check(path, capsys)
    assert code == 1 and "file record: field 'meta.prefer'" in out and "field 'meta.repeats' claims" in out, out
