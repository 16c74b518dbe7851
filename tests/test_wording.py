"""Counted nouns in printed lines (fairdraw.formats.wording)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairdraw.formats.wording import counted


@pytest.mark.parametrize(
    ("count", "noun", "plural", "expected"),
    [(1, "round", None, "1 round"), (0, "round", None, "0 rounds"), (2, "round", None, "2 rounds"),
     (1, "repeat meeting", None, "1 repeat meeting"), (3, "match", "matches", "3 matches"), (1, "match", "matches", "1 match")],
)
def test_counted(count: int, noun: str, plural: str | None, expected: str) -> None:
    assert counted(count, noun, plural) == expected


def test_check_of_one_round_says_round(tmp_path: Path) -> None:
    """`fairdraw check` heads a one-round schedule "1 round, 16 participants"."""
    from typer.testing import CliRunner

    from fairdraw.cli.app import app as cli
    from fairdraw.formats.schedule_json import dump_schedule
    from tests.seating.helpers import seat

    path = tmp_path / "one.json"
    path.write_text(dump_schedule(seat(16, 1)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path), "--table-size", "4", "--no-repeats"])
    assert result.exit_code == 0, result.output
    assert "1 round, 16 participants," in result.output
