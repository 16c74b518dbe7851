"""Bad player files stop with exit 2 and a message naming file, line and field (issue 2, item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairdraw.core.errors import InputError
from fairdraw.formats.players import parse_players_csv, read_players


def write(tmp_path: Path, text: str, name: str = "players.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_semicolon_and_defaults(tmp_path: Path) -> None:
    players = read_players(write(tmp_path, "\ufeffName;Rating;Club\nAnna;2100;UVS\nBen;;\n"))
    assert [(p.id, p.name, p.rating, p.club) for p in players] == [(1, "Anna", 2100, "UVS"), (2, "Ben", None, None)]


def test_tab_separated_rows_pasted_from_a_spreadsheet(tmp_path: Path) -> None:
    players = read_players(write(tmp_path, "Name\tRating\tClub\nAnna\t2100\tUVS, Utrecht\nBen\t\t\n"))
    assert [(p.id, p.name, p.rating, p.club) for p in players] == [(1, "Anna", 2100, "UVS, Utrecht"), (2, "Ben", None, None)]


def test_json_players(tmp_path: Path) -> None:
    path = write(tmp_path, '[{"name": "Anna", "id": 7, "rating": 2000}, {"name": "Ben"}]', "p.json")
    assert [(p.id, p.name) for p in read_players(path)] == [(7, "Anna"), (2, "Ben")]


@pytest.mark.parametrize(
    ("text", "line", "field"),
    [
        ("name,rating\nAnna,2000\n,1900\n", 3, "name"),
        ("id,name\n1,Anna\n2,Ben\n1,Cor\n", 4, "id"),
        ("name,rating\nAnna,20.5\n", 2, "rating"),
        ("name,rating\nAnna,2000\nBen,strong\n", 3, "rating"),
    ],
)
def test_bad_rows_name_line_and_field(tmp_path: Path, cli, text: str, line: int, field: str) -> None:  # type: ignore[no-untyped-def]
    path = write(tmp_path, text)
    with pytest.raises(InputError) as info:
        read_players(path)
    assert info.value.line == line and info.value.field == field
    out = tmp_path / "out.json"
    result = cli("roundrobin", str(path), "--json", "-o", str(out))
    assert result.code == 2
    assert str(path) in result.err and f"line {line}" in result.err and f"'{field}'" in result.err
    assert not out.exists()


def test_missing_name_column() -> None:
    with pytest.raises(InputError) as info:
        parse_players_csv("firstname,rating\nAnna,1\n", source="x.csv")
    assert info.value.line == 1 and info.value.field == "name"


def test_existing_output_untouched_on_bad_input(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "out.json"
    out.write_text("precious")
    bad = write(tmp_path, "name,rating\nAnna,x\n")
    assert cli("roundrobin", str(bad), "--json", "-o", str(out)).code == 2
    assert out.read_text() == "precious"


def test_bare_cr_line_ends_read_like_any_other(tmp_path: Path) -> None:
    """A CSV saved with classic-Mac line ends (CR only) was a csv traceback, exit 1."""
    path = tmp_path / "mac.csv"
    path.write_bytes(b"name,rating\rAnna,2000\rBen,1900\r")
    assert [(p.name, p.rating) for p in read_players(path)] == [("Anna", 2000), ("Ben", 1900)]


def test_a_cell_past_the_csv_field_limit_is_named_not_a_traceback(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    path = write(tmp_path, "name,club\nAnna,UVS\nBen," + "x" * 200_000 + "\n")
    out = tmp_path / "out.json"
    result = cli("roundrobin", str(path), "--json", "-o", str(out))
    assert result.code == 2 and "Traceback" not in result.err
    assert str(path) in result.err and "line 3" in result.err and "longer than" in result.err
    assert not out.exists()


@pytest.mark.parametrize(
    ("item", "field"),
    [('{"name": ["Anna"]}', "name"), ('{"name": true}', "name"), ('{"name": "Anna", "club": {"a": 1}}', "club"),
     ('{"name": "Anna", "federation": ["NED"]}', "federation")],
)
def test_json_text_fields_must_be_text(tmp_path: Path, item: str, field: str) -> None:
    """A JSON list, object or boolean was printed on the pairings as "['Anna']"."""
    path = write(tmp_path, f'[{item}, {{"name": "Ben"}}]', "p.json")
    with pytest.raises(InputError) as info:
        read_players(path)
    assert info.value.field == field and "must be text" in info.value.message and "player 1" in info.value.message


@pytest.mark.parametrize(
    ("args", "text", "expected"),
    [
        (["roundrobin"], "name\nAnna\n", "at least 2 players"),
        (["roundrobin", "--varma"], "name\n" + "".join(f"P{i}\n" for i in range(25)), "covers 2 to 24 players, got 25"),
        (["meerkamp"], "name\nAnna\nBen\n", "at least 3 players"),
    ],
)
def test_a_field_the_system_cannot_take_names_the_file(tmp_path: Path, cli, args: list[str], text: str,  # type: ignore[no-untyped-def]
                                                         expected: str) -> None:
    path = write(tmp_path, text)
    out = tmp_path / "out.json"
    result = cli(args[0], str(path), *args[1:], "--json", "-o", str(out))
    assert result.code == 2 and expected in result.err
    assert f"{path}, field 'players'" in result.err
    assert not out.exists()


def test_a_quoted_name_with_a_line_break_in_the_last_row_is_a_name() -> None:
    """docs/formats.md: a line break inside a quoted name becomes a space, in the last row too
    (it was taken for a quote left open); a quote really left open is still named."""
    players = parse_players_csv('name,rating\nA,1600\n"Smith\nJohn",1500\n', source="t.csv")
    assert [p.name for p in players] == ["A", "Smith John"]
    with pytest.raises(InputError, match="never closed"):
        parse_players_csv('name,rating\nA,1600\n"Smith\nJohn,1500\n', source="t.csv")


def test_a_name_with_a_direction_override_is_refused() -> None:
    """"Z\\u202eevil" prints as "Zlive" on every pairing list and page (a web audit, 2026-12-04)."""
    import pytest

    from fairdraw.core.errors import InputError
    from fairdraw.formats.players import parse_players_csv

    with pytest.raises(InputError, match="direction control U\\+202E"):
        parse_players_csv("name\nZ\u202eevil\n", source="p.csv")
    assert parse_players_csv("name\nZoë\n", source="p.csv")[0].name == "Zoë"


@pytest.mark.parametrize(
    ("encoding", "noted"),
    [("cp1252", True), ("utf-16", False), ("utf-8-sig", False), ("utf-8", False)],
)
def test_a_spreadsheet_save_in_any_of_its_encodings_reads_the_names(tmp_path: Path, encoding: str,
                                                                      noted: bool) -> None:
    """Excel on Windows saves plain "CSV" in Windows-1252 (refused as "not UTF-8 text" before),
    "Unicode text" in UTF-16 with a mark, "CSV UTF-8" with a UTF-8 mark: all read the same names;
    the 8-bit guess carries a note naming the first line that is not UTF-8."""
    from fairdraw.formats.players import read_players_noted

    path = tmp_path / "club.csv"
    path.write_bytes("name;club\r\nAnna;UVS\r\nJosé Müller;Ødegaard SK\r\n".encode(encoding))
    players, notes = read_players_noted(path)
    assert [(p.name, p.club) for p in players] == [("Anna", "UVS"), ("José Müller", "Ødegaard SK")]
    assert any("read as Windows-1252" in n and "line 3" in n for n in notes) == noted


def test_bytes_that_are_no_spreadsheet_encoding_name_the_line_and_the_way_out(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "players.csv"
    path.write_bytes(b"name\nAnna\nBe\x81n\n")  # 0x81: no character in UTF-8 nor in Windows-1252
    result = cli("roundrobin", str(path))
    assert result.code == 2
    assert f"{path}, line 3: the file is not UTF-8 text, nor Windows-1252" in result.err.replace("\n", "")


@pytest.mark.parametrize("command", [["seat-ranked"], ["pair", "--dutch"], ["roundrobin"], ["seat", "-r", "1", "--names"],
                                     ["league", "-s", "1", "--names"]])
def test_every_command_reading_a_players_list_takes_a_windows_1252_save(tmp_path: Path, cli,  # type: ignore[no-untyped-def]
                                                                        command: list[str]) -> None:
    """`seat-ranked` read its rank list as UTF-8 on its own and stopped with a UnicodeDecodeError
    traceback on a spreadsheet's plain CSV; every reader now takes it, with the note."""
    path = tmp_path / "ranked.csv"
    path.write_bytes("rank,name\r\n1,José\r\n2,Bram\r\n3,Chris\r\n4,Dewi\r\n".encode("cp1252"))
    args = [*command[:1], str(path), *command[1:]] if command[0] in ("seat-ranked", "pair", "roundrobin") \
        else [*command, str(path)]
    result = cli(*args)
    assert result.code == 0, result.err
    assert "José" in result.out and "read as Windows-1252" in result.err.replace("\n", " ")


def test_a_row_without_an_id_is_told_it_took_its_position() -> None:
    """"line 3, field 'id': id 2 is already used" named an id nobody typed on line 3."""
    from fairdraw.core.errors import InputError
    from fairdraw.formats.players import parse_players_csv

    with pytest.raises(InputError, match="no id given, so it takes its position 2, but id 2 is already used"):
        parse_players_csv("id,name\n2,A\n,B\n", source="p.csv")
