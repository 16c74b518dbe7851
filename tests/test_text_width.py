"""Plain-text tables padded by the columns a terminal shows (found by an audit: names in Chinese,
with emoji or with combining accents pushed the rest of their row out of line)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from fairdraw.formats.text_width import pad_left, pad_right, shown_width
from tests.conftest import CliResult


def test_wide_and_combining_characters_count_as_shown() -> None:
    assert shown_width("王小明") == 6
    assert shown_width("e\u0301mile") == 5  # é as e + combining acute
    assert shown_width("Anna") == 4
    assert pad_left("王", 4) == "王  " and pad_right("王", 4) == "  王"


@given(st.lists(st.sampled_from(["a", "王", "e\u0301", "😀", " "]), max_size=12), st.integers(0, 30))
def test_padding_reaches_the_width_and_never_cuts(pieces: list[str], width: int) -> None:
    text = "".join(pieces)
    padded = pad_left(text, width)
    assert padded.startswith(text) and shown_width(padded) == max(width, shown_width(text))


def test_a_round_robin_text_table_lines_up_with_a_chinese_name(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    players = tmp_path / "p.csv"
    players.write_text("name\n王小明\nAnna\nJose\u0301\nBob\n", encoding="utf-8")
    result = cli("roundrobin", str(players))
    assert result.code == 0
    first_round = result.out.split("Round 2")[0]  # each round's table has widths of its own
    lines = [line for line in first_round.splitlines() if line[:1].isdigit()]
    assert len(lines) == 2
    starts = {shown_width(line[: [m.start() for m in re.finditer(r"\d+\. ", line)][-1]]) for line in lines}
    assert len(starts) == 1, result.out  # the Black column starts at one place on every board
