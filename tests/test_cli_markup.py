"""Text from files and data reaches the terminal as written: Rich must not read it as markup.

Rich takes ``[word]`` for a style tag and drops it, so before this a players file named
``players[club].csv`` was reported as ``players.csv``, a player ``Bob [b]`` was printed as a
bold ``Bob``, and the seating summary lost the data file its design came from.
"""

from __future__ import annotations

from pathlib import Path


def test_error_names_the_file_as_written(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "players[club].csv"
    bad.write_text("nme\nAnn\n", encoding="utf-8")
    result = cli("seat", "--names", str(bad), "--rounds", "1")
    assert result.code == 2
    assert "players[club].csv, line 1, field 'name'" in result.err


def test_names_with_brackets_in_the_check_table(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    players = tmp_path / "players.csv"
    players.write_text("name\nAnn [NED]\nBob [b]\nCara\nDirk\n", encoding="utf-8")
    schedule = tmp_path / "s.json"
    assert cli("seat", "--names", str(players), "--rounds", "1", "--json", "-o", str(schedule)).code == 0
    result = cli("check", str(schedule), "--table-size", "4")
    assert result.code == 0
    assert "Ann [NED]" in result.out and "Bob [b]" in result.out


def test_seating_summary_keeps_the_data_file(cli) -> None:  # type: ignore[no-untyped-def]
    result = cli("seat", "--players", "24", "--rounds", "7", "--json")
    assert result.code == 0
    assert "[data/mahjong/cyclic_024_k4.json]" in result.err
