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


def test_the_page_and_the_command_read_every_spelling_alike() -> None:
    """The page's own table of spellings (web.workflow) must read as the shared reader does,
    upper case too, so neither takes a spelling the other refuses."""
    from fairdraw.core.errors import InputError
    from fairdraw.web.workflow import CHESS_RESULTS, parse_chess_result

    def on_the_page(typed: str) -> str:
        try:
            return parse_chess_result(typed, board="1") or ""
        except InputError:
            return "refused"

    def by_the_command(typed: str) -> str:
        try:
            return read_typed_result(typed)
        except ValueError:
            return "refused"

    typed_forms = {*CHESS_RESULTS, *TYPED_RESULTS, "0.5-0.5", "1:0", "+/\u2212", "\u00bd\u2013\u00bd", "1-0f", "2-0"}
    for typed in typed_forms:
        for variant in (typed, typed.upper()):
            assert by_the_command(variant) == on_the_page(variant), variant
    assert by_the_command("1/2") == "1/2-1/2"  # not both refusing
