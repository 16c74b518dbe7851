"""A chombo penalty is bounded like a table score (QA): a slip of the keyboard on the web
page's penalty field (1,000,000,000,000 for 20,000) was stored and scored a player
-999,999,995 points, while a score of that size was refused. Every entry point now refuses a
penalty beyond ``SCORE_LIMIT`` by name and writes nothing: the page's form, the library's
``with_mahjong_scores``, ``fairdraw result --penalties`` / ``--chombo-points`` and a schedule
read for standings."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairdraw.cli.app import run_app
from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant, Round, Schedule, Table
from fairdraw.formats.schedule_json import dump_schedule
from fairdraw.scoring import get_scoring
from fairdraw.scoring.mahjong import SCORE_LIMIT
from fairdraw.scoring.record import with_mahjong_scores
from fairdraw.scoring.standings import compute_standings
from fairdraw.web.workflow import parse_penalties

PLAYERS = tuple(Participant(id=i, name=f"M{i}") for i in range(1, 5))
SCORES = (40000, 30000, 30000, 20000)
WILD = SCORE_LIMIT + 1


def _run(argv: list[str]) -> int:
    try:
        run_app(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def test_the_page_refuses_a_wild_penalty_naming_the_table() -> None:
    assert parse_penalties(["", str(SCORE_LIMIT), "", ""], board="3") == (0, SCORE_LIMIT, 0, 0)
    with pytest.raises(InputError, match=r"table 3: a penalty of 10000001 is beyond any game's") as err:
        parse_penalties(["", str(WILD), "", ""], board="3")
    assert err.value.field == "penalties"


def test_the_library_refuses_a_wild_penalty() -> None:
    schedule = Schedule("mahjong", PLAYERS, (Round(1, (Table(1, (1, 2, 3, 4)),)),))
    with pytest.raises(InputError, match="beyond any game's"):
        with_mahjong_scores(schedule, 1, 1, SCORES, penalties=(0, WILD, 0, 0))


def test_standings_refuse_a_stored_wild_penalty() -> None:
    schedule = Schedule("mahjong", PLAYERS, (Round(1, (Table(1, (1, 2, 3, 4), scores=SCORES,
                                                               penalties=(0, WILD, 0, 0)),)),))
    with pytest.raises(InputError, match="beyond any game's"):
        compute_standings(schedule, get_scoring("mahjong"), [])


def test_the_command_refuses_a_wild_penalty_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "mj.json"
    path.write_text(dump_schedule(Schedule("mahjong", PLAYERS, (Round(1, (Table(1, (1, 2, 3, 4)),)),))),
                    encoding="utf-8")
    before = path.read_bytes()
    scores = [str(s) for s in SCORES]
    assert _run(["result", str(path), "-r", "1", "-t", "1", "--penalties", f"0,{WILD},0,0", "--", *scores]) == 2
    assert _run(["result", str(path), "-r", "1", "-t", "1", "--chombo", "2", "--chombo-points", str(WILD),
                 "--", *scores]) == 2
    assert path.read_bytes() == before


def test_the_library_records_a_table_of_five_with_its_uma() -> None:
    """with_mahjong_scores had no uma, so a table of 5 (no default uma) could not be recorded."""
    five = tuple(Participant(id=i, name=f"M{i}") for i in range(1, 6))
    schedule = Schedule("mahjong", five, (Round(1, (Table(1, (1, 2, 3, 4, 5)),)),))
    scores = (40000, 35000, 30000, 25000, 20000)
    with pytest.raises(InputError, match="uma"):
        with_mahjong_scores(schedule, 1, 1, scores)
    done = with_mahjong_scores(schedule, 1, 1, scores, uma=(15000, 5000, 0, -5000, -15000))
    assert done.rounds[0].tables[0].scores == scores
