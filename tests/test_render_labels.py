"""How a player is labelled in text and HTML seatings: "number. name", except for a field made
without names whose draw numbered it otherwise, where "5. Player 13" read as two numbers for one
player (an audit); there the generated name alone is shown."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from tests.conftest import CliResult


def test_an_unnamed_mahjong_field_shows_names_only(cli: Callable[..., CliResult]) -> None:
    done = cli("seat", "-n", "8", "-r", "2")
    assert done.code == 0, done.err
    assert not re.search(r"\d+\. Player \d+", done.out), done.out
    assert len(re.findall(r"Player \d+", done.out)) == 16


def test_a_named_field_keeps_its_draw_numbers(cli: Callable[..., CliResult], tmp_path: Path) -> None:
    names = tmp_path / "names.txt"
    names.write_text("name\n" + "".join(f"Ana {chr(65 + i)}\n" for i in range(8)), encoding="utf-8")
    done = cli("seat", "-n", "8", "-r", "1", "--names", str(names))
    assert done.code == 0, done.err
    assert sorted(int(n) for n in re.findall(r"(\d+)\. Ana [A-H]", done.out)) == list(range(1, 9))


def test_players_named_as_their_ids_keep_the_numbers(cli: Callable[..., CliResult], tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text("name\n" + "".join(f"Player {i}\n" for i in range(1, 5)), encoding="utf-8")
    done = cli("roundrobin", str(players))
    assert done.code == 0, done.err
    assert re.search(r"1\. Player 1\b", done.out), done.out
