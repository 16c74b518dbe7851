"""`fairdraw check` reads mahjong scores as `fairdraw standings` does (docs/usage.md: a result
the checker cannot read is a breach). Audit: a table with 3 scores for 4 seats, or scores not
adding up to the start total, passed the checker while standings refused them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest
from typer.testing import CliRunner

from fairdraw.cli.app import app as cli
from fairdraw.core.checker import CheckRules, check_schedule
from fairdraw.core.model import Game, Participant, Round, Schedule, Table
from fairdraw.formats.schedule_json import dump_schedule

PLAYERS = tuple(Participant(id=i, name=f"P{i}") for i in range(1, 9))
GOOD = (40000, 35000, 25000, 20000)


def one_table(scores: Any, penalties: Any = None, meta: dict[str, Any] | None = None) -> Schedule:
    """Round 1: table 1 with the scores given (held as they are, as a caller of the API may
    pass them), table 2 without a result yet."""
    tables = (Table(1, (1, 2, 3, 4), scores=cast(Any, scores), penalties=cast(Any, penalties)), Table(2, (5, 6, 7, 8)))
    return Schedule("mahjong", PLAYERS, (Round(1, tables),), meta=meta or {})


def breaches(schedule: Schedule) -> list[str]:
    return check_schedule(schedule, CheckRules()).breaches


def test_good_scores_pass() -> None:
    assert breaches(one_table(GOOD, [0, 20000, 0, 0])) == []


@pytest.mark.parametrize(
    "scores, penalties, expected",
    [
        ((40000, 30000, 50000), None, "round 1, table 1: 3 scores for 4 seats (one per seat)"),
        ((1, 2, 3, 4), None, "round 1, table 1: the scores add up to 10, expected 120000 (4 x 30000)"),
        ((40000, 35000, 25000.5, 19999.5), None, "round 1, table 1: scores must be whole numbers"),
        ((40000, 35000, True, 20000), None, "round 1, table 1: scores must be whole numbers"),
        (GOOD, (0, 0, 0), "round 1, table 1: 3 penalties for 4 seats (one per seat)"),
        (GOOD, (0, 0.5, 0, 0), "round 1, table 1: penalties must be whole numbers"),
        (GOOD, (0, -20000, 0, 0), "round 1, table 1: penalties are positive amounts to subtract"),
    ],
)
def test_a_table_standings_cannot_read_is_a_breach(scores: Any, penalties: Any, expected: str) -> None:
    found = breaches(one_table(scores, penalties))
    assert len(found) == 1 and found[0].startswith(expected), found


def test_the_sum_follows_the_recorded_scoring() -> None:
    """The start is the one standings takes: meta.scoring's options when it names mahjong."""
    low = (40000, 30000, 20000, 10000)  # 4 x 25,000
    recorded = {"scoring": {"name": "mahjong", "options": {"start": 25000, "return": 30000}}}
    assert breaches(one_table(low, meta=recorded)) == []
    assert breaches(one_table(GOOD, meta=recorded)) == [
        "round 1, table 1: the scores add up to 120000, expected 100000 (4 x 25000)"
    ]
    # options without the scoring's name are not read by standings either: the default start
    assert len(breaches(one_table(low, meta={"scoring": {"options": {"start": 25000}}}))) == 1


@pytest.mark.parametrize(
    "scoring",
    [
        {"name": "mahjong", "options": {"check_total": False}},  # scores need not add up
        {"name": "mahjong", "options": {"start": "many"}},  # options standings would refuse
        {"name": "custom"},  # another scoring: its total is unknown here
    ],
)
def test_the_sum_is_skipped_when_the_checker_cannot_know_the_total(scoring: dict[str, Any]) -> None:
    assert breaches(one_table((1, 2, 3, 4), meta={"scoring": scoring})) == []
    # the count is still checked: one score per seat does not depend on the scoring
    assert len(breaches(one_table((1, 2, 3), meta={"scoring": scoring}))) == 1


def test_league_games_are_read_too() -> None:
    games = (Game(1, (1, 2, 3, 4), (5,), scores=(40000, 30000, 30000, 20000)),
             Game(2, (5, 1, 2, 3), (4,), scores=(30000, 30000, 30000)),
             Game(3, (4, 5, 1, 2), (3,)), Game(4, (3, 4, 5, 1), (2,)), Game(5, (2, 3, 4, 5), (1,)))
    schedule = Schedule("league", PLAYERS[:5], (Round(1, (Table(1, (1, 2, 3, 4, 5), group="A", games=games),)),))
    assert breaches(schedule) == ["round 1, table 1, game 2: 3 scores for 4 seats (one per seat)"]


@pytest.mark.parametrize("scores", [(40000, 30000, 50000), (1, 2, 3, 4)])
def test_check_exits_1_on_scores_standings_refuses(tmp_path: Path, scores: tuple[int, ...]) -> None:
    path = tmp_path / "seating.json"
    path.write_text(dump_schedule(one_table(scores)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1, result.output
    standings = CliRunner().invoke(cli, ["standings", str(path)])
    assert standings.exit_code != 0  # the two commands agree that the file is wrong
