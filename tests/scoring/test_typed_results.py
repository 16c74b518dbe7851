"""One reader of a typed chess result for the page and ``fairdraw result``: a draw typed
``1/2``, ``0.5`` or ``½`` on the page was recorded, and the same text given to the command
exited 2 (docs audit F)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairdraw.core.model import Participant, Round, Schedule, Table
from fairdraw.formats.schedule_json import dump_schedule, load_schedule
from fairdraw.scoring.results import TYPED_RESULTS, read_typed_result


@pytest.fixture()
def board_file(tmp_path: Path) -> Path:
    players = tuple(Participant(id=i, name=f"Player {i}", rating=2000 - i) for i in range(1, 3))
    path = tmp_path / "event.json"
    path.write_text(dump_schedule(Schedule("berger", players, (Round(1, (Table(1, (1, 2)),)),))), encoding="utf-8")
    return path


@pytest.mark.parametrize(("typed", "canonical"), [
    ("1/2", "1/2-1/2"), ("0.5", "1/2-1/2"), ("½", "1/2-1/2"), (".5", "1/2-1/2"), ("D", "1/2-1/2"),
    ("1", "1-0"), ("0", "0-1"), ("+", "+/-"), ("-", "-/+"), ("0.5-0.5", "1/2-1/2"), ("1-0f", "+/-"),
])
def test_the_command_records_what_the_page_takes(cli, board_file: Path, typed: str,  # type: ignore[no-untyped-def]
                                                  canonical: str) -> None:
    result = cli("result", str(board_file), "-r", "1", "-t", "1", typed)
    assert result.code == 0, result.err
    assert load_schedule(board_file).rounds[0].tables[0].result == canonical


@pytest.mark.parametrize("typed", ["2-0", "1-1", "1/3", "5", "win"])
def test_what_is_no_result_is_refused_with_the_spellings(cli, board_file: Path, typed: str) -> None:  # type: ignore[no-untyped-def]
    before = board_file.read_bytes()
    result = cli("result", str(board_file), "-r", "1", "-t", "1", typed)
    assert result.code == 2
    assert "unknown chess result" in result.err and "1/2" in result.err
    assert board_file.read_bytes() == before


#: every spelling a person types for one board, and what it means (the page's shortcuts, the
#: halves, forfeits, the spellings of score sheets and other programs)
SPELLINGS = {
    "1": "1-0", "1-0": "1-0", "W": "1-0", "1:0": "1-0", "1\u20130": "1-0",
    "0": "0-1", "0-1": "0-1", "b": "0-1",
    "=": "1/2-1/2", "\u00bd": "1/2-1/2", "1/2": "1/2-1/2", "0.5": "1/2-1/2", ".5": "1/2-1/2", "d": "1/2-1/2",
    "\u00bd-\u00bd": "1/2-1/2", "1/2-1/2": "1/2-1/2", "0.5-0.5": "1/2-1/2", "=-=": "1/2-1/2",
    "+": "+/-", "+/-": "+/-", "+-": "+/-", "1-0f": "+/-", "+/\u2212": "+/-",
    "-": "-/+", "-/+": "-/+", "-+": "-/+", "0-1f": "-/+",
    "--": "-/-", "-/-": "-/-",
}


def test_the_page_and_the_command_read_every_spelling_alike() -> None:
    """The page's result fields and ``fairdraw result`` read each spelling as the same result,
    upper case too, and refuse the same nonsense."""
    from fairdraw.core.errors import InputError
    from fairdraw.web.workflow import parse_chess_result

    for typed, meant in SPELLINGS.items():
        for variant in (typed, typed.upper()):
            assert read_typed_result(variant) == meant, variant
            assert parse_chess_result(variant, board="1") == meant, variant
    for nonsense in ("2-0", "1-1", "x", "1/3"):
        with pytest.raises(ValueError):
            read_typed_result(nonsense)
        with pytest.raises(InputError):
            parse_chess_result(nonsense, board="1")
