"""Legal but suspicious player files: the list is read, and a note names what may be a slip."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from fairdraw.cli.app import app as cli
from fairdraw.formats.players import read_players, read_players_noted


def write(tmp_path: Path, text: str, name: str = "players.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_unread_columns_are_named_once_in_file_order(tmp_path: Path) -> None:
    players, notes = read_players_noted(write(tmp_path, "Name;Fed;Elo;Fed2\nAnna;NED;2100;x\nBen;GER;2000;y\n"))
    assert [p.federation for p in players] == [None, None]  # "Fed" is not "federation": nothing read
    assert notes == ["'fed', 'elo', 'fed2' are not read (fairdraw reads the columns id, name, rating, federation, club)"]


def test_a_clean_file_has_no_notes(tmp_path: Path) -> None:
    _, notes = read_players_noted(write(tmp_path, "id,name,rating,federation,club\n1,Anna,2100,NED,UVS\n2,Ben,,,\n"))
    assert notes == []


def test_shared_names_letter_case_aside(tmp_path: Path) -> None:
    players, notes = read_players_noted(write(tmp_path, "name\nAnn Lee\nBob\nann lee\nBob\nCarl\nANN LEE\n"))
    assert len(players) == 6  # two members may share a name: read all, only note it
    assert notes == ["the same name on more than one row, two entries of one player? "
                     "'Ann Lee' (lines 2, 4 and 7); 'Bob' (lines 3 and 5)"]


def test_json_keys_and_names(tmp_path: Path) -> None:
    doc = [{"name": "Anna", "Rating": 2100}, {"name": "Anna", "club": "UVS"}]
    players, notes = read_players_noted(write(tmp_path, json.dumps(doc), "p.json"))
    assert players[0].rating is None
    assert notes == ["'Rating' is not read (fairdraw reads the keys id, name, rating, federation, club)",
                     "the same name on more than one row, two entries of one player? 'Anna' (players 1 and 2)"]


def test_a_schedule_read_as_players_has_no_notes(tmp_path: Path) -> None:
    """fairdraw's own schedule JSON carries each player's draw number: reading it back is no slip."""
    from fairdraw.formats.schedule_json import dump_schedule
    from tests.seating.helpers import seat

    path = write(tmp_path, dump_schedule(seat(16, 1)), "schedule.json")
    players, notes = read_players_noted(path)
    assert len(players) == 16 and notes == []
    assert read_players(path) == players


def test_cli_prints_notes_on_stderr_and_still_pairs(tmp_path: Path) -> None:
    path = write(tmp_path, "Name;Fed\nAnna;NED\nBen;GER\nCarl;NED\nAnna;GER\n")
    result = CliRunner().invoke(cli, ["roundrobin", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["players"][3]["name"] == "Anna"
    assert f"note: {path}: 'fed' is not read" in result.stderr
    assert "'Anna' (lines 2 and 5)" in result.stderr
