"""1ST counts a shared first place as a first place for each player sharing it.

Tied players share their places and split their uma (docs/standings.md), so their placement
is an average: two tied for first place 1.5, three 2, four 2.5. ``placement < 2`` therefore
missed three or four tied for the top score (audit: 40000/40000/40000/0 gave each winner 0).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from fairdraw.core.model import Game, Participant, Round, Schedule, Table
from fairdraw.scoring.standings import compute_standings

PLAYERS = tuple(Participant(id=i, name=f"P{i}") for i in range(1, 9))


def first_places(*tables: tuple[int, ...]) -> dict[int, F]:
    """1ST after one round whose table t seats players 4t+1..4t+4 with the scores given."""
    seated = tuple(Table(t + 1, tuple(range(4 * t + 1, 4 * t + 5)), scores=s) for t, s in enumerate(tables))
    schedule = Schedule("mahjong", PLAYERS[: 4 * len(tables)], (Round(1, seated),))
    return {r.id: r.tiebreaks["1ST"] for r in compute_standings(schedule, "mahjong", ["1ST"]).rows}


@pytest.mark.parametrize(
    "scores, firsts",
    [
        ((40000, 40000, 40000, 0), {1, 2, 3}),  # the audit's table: placement 2 each
        ((30000, 30000, 30000, 30000), {1, 2, 3, 4}),  # all four share first: 2.5 each
        ((35000, 35000, 25000, 25000), {1, 2}),
        ((45000, 35000, 25000, 15000), {1}),  # a sole second also places 2: not a first
        ((20000, 40000, 40000, 20000), {2, 3}),
    ],
)
def test_a_shared_first_place_counts_for_everyone_sharing_it(scores: tuple[int, ...], firsts: set[int]) -> None:
    assert first_places(scores) == {pid: F(pid in firsts) for pid in range(1, 5)}


def test_first_places_are_counted_per_table_and_over_rounds() -> None:
    got = first_places((40000, 40000, 40000, 0), (60000, 30000, 20000, 10000))
    assert got == {1: 1, 2: 1, 3: 1, 4: 0, 5: 1, 6: 0, 7: 0, 8: 0}


def test_league_games_share_first_place_too() -> None:
    games = (
        Game(1, (1, 2, 3, 4), (5,), scores=(40000, 40000, 40000, 0)),
        Game(2, (5, 1, 2, 3), (4,), scores=(50000, 30000, 30000, 10000)),
    )
    schedule = Schedule("league", PLAYERS[:5], (Round(1, (Table(1, (1, 2, 3, 4, 5), group="A", games=games),)),))
    got = {r.id: r.tiebreaks["1ST"] for r in compute_standings(schedule, "mahjong", ["1ST"]).rows}
    assert got == {1: 1, 2: 1, 3: 1, 4: 0, 5: 1}


def test_a_player_without_a_game_places_last_of_a_game_of_four_in_a_league_group() -> None:
    """PLC without a game is last place everywhere: in a league group of 5 the games are of 4,
    so 4, not the group's 5 (a 5 ranked the player below anyone who ever finished last)."""
    games = (Game(1, (1, 2, 3, 4), (5,), scores=(45000, 35000, 25000, 15000)),)
    schedule = Schedule("league", PLAYERS[:6], (Round(1, (Table(1, (1, 2, 3, 4, 5), group="A", games=games),)),))
    got = {r.id: r.tiebreaks["PLC"] for r in compute_standings(schedule, "mahjong", ["PLC"]).rows}
    assert got[4] == got[5] == got[6] == 4
