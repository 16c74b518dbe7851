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
        parse_players_csv("naam,rating\nAnna,1\n", source="x.csv")
    assert info.value.line == 1 and info.value.field == "name"


def test_existing_output_untouched_on_bad_input(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "out.json"
    out.write_text("precious")
    bad = write(tmp_path, "name,rating\nAnna,x\n")
    assert cli("roundrobin", str(bad), "--json", "-o", str(out)).code == 2
    assert out.read_text() == "precious"
