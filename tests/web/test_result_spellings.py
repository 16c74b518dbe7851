"""Chess results as organisers type or paste them (QA): the page takes every spelling the
command line's ``fairdraw result`` takes (docs/standings.md lists ``0.5-0.5``), and the
dashes of its own printouts ("+/−", U+2212) and of text editors ("1–0", U+2013)."""

from __future__ import annotations

import pytest

from fairdraw.core.errors import InputError
from fairdraw.scoring.results import normalise_result
from fairdraw.web.workflow import parse_chess_result


@pytest.mark.parametrize(("typed", "canonical"), [
    ("0.5-0.5", "1/2-1/2"), (".5-.5", "1/2-1/2"), ("1:0", "1-0"), ("1-0f", "+/-"),
    ("1\u20130", "1-0"), ("0\u20141", "0-1"), ("\u00bd\u2013\u00bd", "1/2-1/2"),
    ("+/\u2212", "+/-"), ("\u2212/+", "-/+"), ("\u2212/\u2212", "-/-"), ("\u2212\u2212", "-/-"),
])
def test_the_page_reads_what_the_command_line_and_the_printouts_spell(typed: str, canonical: str) -> None:
    assert parse_chess_result(typed, board="1") == canonical


def test_the_command_line_reads_the_printed_minus_sign_too() -> None:
    assert normalise_result("+/\u2212") == "+/-"
    assert normalise_result("1\u20130") == "1-0"


@pytest.mark.parametrize("typed", ["2-0", "1-1", "0-0", "1/2 1", "5", "\u2013\u2013\u2013"])
def test_what_is_no_result_is_still_refused_by_board(typed: str) -> None:
    with pytest.raises(InputError, match="board 4: .* is not a result"):
        parse_chess_result(typed, board="4")


def test_mahjong_scores_as_score_sheets_print_them() -> None:
    """Thousands separators and a minus sign copied from a printout were refused ("32,000",
    "−10000"); a decimal stays refused, and a pasted page is not echoed whole."""
    from fairdraw.core.errors import InputError
    from fairdraw.web.workflow import parse_chess_result, parse_scores

    assert parse_scores(["32,000", "\u221210000", "28.000", "50 000"], board="1") == (32000, -10000, 28000, 50000)
    with pytest.raises(InputError, match="whole numbers, got 32.5"):
        parse_scores(["32.5", "1", "2", "3"], board="1")
    with pytest.raises(InputError) as caught:
        parse_scores(["9" * 100_000 + "x", "1", "2", "3"], board="1")
    assert len(str(caught.value)) < 200
    with pytest.raises(InputError) as caught:
        parse_chess_result("1" * 100_000, board="1")
    assert len(str(caught.value)) < 200
