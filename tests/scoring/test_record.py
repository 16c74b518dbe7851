"""Recording results on the model: the pure counterpart of ``fairdraw result``."""

from __future__ import annotations

import pytest

from fairdraw.core.errors import InputError
from fairdraw.core.model import Game, Participant, Round, Schedule, Table
from fairdraw.scoring.record import with_chess_result, with_mahjong_scores
from fairdraw.scoring.standings import compute_standings

CHESS = Schedule(
    "berger",
    tuple(Participant(i, f"P{i}") for i in range(1, 5)),
    (Round(1, (Table(1, (1, 4)), Table(2, (2, 3)))),),
)


def test_chess_result_is_set_without_touching_the_original() -> None:
    after = with_chess_result(CHESS, 1, 2, "=")
    assert after.rounds[0].tables[1].result == "1/2-1/2"
    assert CHESS.rounds[0].tables[1].result is None
    with pytest.raises(InputError, match="already has"):
        with_chess_result(after, 1, 2, "1-0")
    assert with_chess_result(after, 1, 2, "1-0", force=True).rounds[0].tables[1].result == "1-0"


@pytest.mark.parametrize(("rnd", "table", "text"), [(2, 1, "1-0"), (1, 9, "1-0"), (1, 1, "3-0")])
def test_bad_chess_input(rnd: int, table: int, text: str) -> None:
    with pytest.raises(InputError):
        with_chess_result(CHESS, rnd, table, text)


def test_mahjong_scores_on_tables_and_league_games() -> None:
    players = tuple(Participant(i, f"M{i}") for i in range(1, 6))
    games = (Game(1, (1, 2, 3, 4), (5,)), Game(2, (5, 1, 2, 3), (4,)))
    schedule = Schedule("league", players, (Round(1, (Table(1, (1, 2, 3, 4, 5), group="A", games=games),)),))
    with pytest.raises(InputError, match="name the game"):
        with_mahjong_scores(schedule, 1, 1, [40000, 30000, 30000, 20000])
    with pytest.raises(InputError, match="add up to"):
        with_mahjong_scores(schedule, 1, 1, [40000, 30000, 30000, 20001], game=1)
    after = with_mahjong_scores(schedule, 1, 1, [40000, 30000, 30000, 20000], game=2, penalties=[0, 20000, 0, 0])
    points = {r.id: r.points for r in compute_standings(after).rows}
    assert points == {5: 25, 1: -20, 2: 0, 3: -25, 4: 0}
