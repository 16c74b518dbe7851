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
    players, notes = read_players_noted(write(tmp_path, "Name;Email;Fed2;Phone\nAnna;a@x;x;1\nBen;b@x;y;2\n"))
    assert [p.federation for p in players] == [None, None]  # "Fed2" is not "federation": nothing read
    assert notes == ["'email', 'fed2', 'phone' are not read (fairdraw reads the columns id, name, rating, federation, "
                     "club)"]


def test_other_headings_of_read_columns_are_read_and_named(tmp_path: Path) -> None:
    """A club list or rating-office export says "Elo", "Fed", "Naam" (seed 002's clubs are Dutch):
    read as the rating, federation and name, and the note says so."""
    players, notes = read_players_noted(write(tmp_path, "Naam;Elo;Fed;Vereniging;Start No\nAnna;2100;NED;HSG;7\n"
                                                         "Ben;2000;GER;ASV;3\n"))
    assert [(p.id, p.name, p.rating, p.federation, p.club) for p in players] == [
        (7, "Anna", 2100, "NED", "HSG"), (3, "Ben", 2000, "GER", "ASV")]
    assert notes == ["read 'naam' as the name, 'elo' as the rating, 'fed' as the federation, 'vereniging' as the "
                     "club, 'start no' as the id"]


def test_a_column_of_its_own_name_wins_over_another_heading(tmp_path: Path) -> None:
    players, notes = read_players_noted(write(tmp_path, "name,elo,rating,country,fed\nAnna,1500,1600,NED,GER\n"))
    assert (players[0].rating, players[0].federation) == (1600, "NED")  # "rating" itself, the first heading
    assert notes == ["read 'country' as the federation",
                     "'elo', 'fed' are not read (fairdraw reads the columns id, name, rating, federation, club)"]


def test_json_takes_the_other_headings_too(tmp_path: Path) -> None:
    doc = [{"name": "Anna", "elo": 2100, "fed": "NED"}, {"name": "Ben", "elo": 2000}]
    players, notes = read_players_noted(write(tmp_path, json.dumps(doc), "p.json"))
    assert [(p.rating, p.federation) for p in players] == [(2100, "NED"), (2000, None)]
    assert notes == ["read 'elo' as the rating, 'fed' as the federation"]


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
    path = write(tmp_path, "Name;Email\nAnna;a\nBen;b\nCarl;c\nAnna;d\n")
    result = CliRunner().invoke(cli, ["roundrobin", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["players"][3]["name"] == "Anna"
    assert f"note: {path}: 'email' is not read" in result.stderr
    assert "'Anna' (lines 2 and 5)" in result.stderr


def test_a_spreadsheet_separator_line_names_the_separator(tmp_path: Path) -> None:
    """Excel's "sep=;" first line: the separator it names, the header on line 2, and line
    numbers that stay the file's."""
    import pytest

    from fairdraw.core.errors import InputError

    players, notes = read_players_noted(write(tmp_path, "sep=;\nName;Rating\nAnna;2100\nBen;2000\n"))
    assert [(p.name, p.rating) for p in players] == [("Anna", 2100), ("Ben", 2000)] and notes == []
    with pytest.raises(InputError) as info:
        read_players(write(tmp_path, "SEP=,\nname,rating\nAnna,2100\nBen,x\n"))
    assert (info.value.line, info.value.field) == (4, "rating")
    with pytest.raises(InputError) as info:
        read_players(write(tmp_path, "sep=;\n"))
    assert info.value.line == 2


def test_the_commands_see_the_header_after_a_separator_line(tmp_path: Path) -> None:
    """`seat-ranked` reads a standings file's rank column itself: after "sep=;" too."""
    rows = "".join(f"P{i};{9 - i}\n" for i in range(1, 9))  # P8 ranked first ... P1 last
    path = write(tmp_path, "sep=;\nname;rank\n" + rows)
    result = CliRunner().invoke(cli, ["seat-ranked", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    tables = json.loads(result.stdout)["rounds"][0]["tables"]
    assert sorted(tables[0]["seats"]) == [5, 6, 7, 8]  # ranks 1-4 at table 1 (ids by row)
