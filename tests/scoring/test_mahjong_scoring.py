"""Mahjong scoring: uma split on tied scores, oka, chombo, and a 16-player 5-round event."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairdraw.core.errors import InputError
from fairdraw.core.model import Game, Participant, Round, Schedule, Table
from fairdraw.scoring.mahjong import MahjongParams, game_results
from fairdraw.scoring.standings import compute_standings

SEATS = (1, 2, 3, 4)


EMA = MahjongParams()


def points_of(scores: list[int], params: MahjongParams = EMA, penalties: list[int] | None = None) -> dict[int, F]:
    return {r.player: r.points for r in game_results(1, 1, 0, SEATS, scores, penalties, params)}


def test_ema_uma_without_ties() -> None:
    assert points_of([45000, 32000, 25000, 18000]) == {1: 30, 2: 7, 3: -10, 4: -27}


def test_tied_scores_split_the_uma_of_their_places() -> None:
    # two tied for first share (15 + 5) / 2; two tied for third share (-5 - 15) / 2
    assert points_of([35000, 35000, 25000, 25000]) == {1: 15, 2: 15, 3: -15, 4: -15}
    # a tie for second and third shares (5 - 5) / 2 = 0
    assert points_of([40000, 30000, 30000, 20000]) == {1: 25, 2: 0, 3: 0, 4: -25}
    # all four tied: nobody gets uma
    assert points_of([30000] * 4) == {1: 0, 2: 0, 3: 0, 4: 0}
    # three tied for first: (15 + 5 - 5) / 3 = 5 each
    assert points_of([35000, 35000, 35000, 15000]) == {1: 10, 2: 10, 3: 10, 4: -30}


def test_shared_placements_are_averaged() -> None:
    res = game_results(1, 1, 0, SEATS, [35000, 35000, 25000, 25000], None, MahjongParams())
    assert [r.placement for r in res] == [F(3, 2), F(3, 2), F(7, 2), F(7, 2)]


def test_oka_goes_to_the_winner_and_is_split_on_a_tie() -> None:
    params = MahjongParams(start=25000, return_=30000, uma=(15000, 5000, -5000, -15000))
    # oka = 4 x 5000 = 20000 to first place
    assert points_of([40000, 30000, 20000, 10000], params) == {1: 45, 2: 5, 3: -15, 4: -35}
    assert points_of([35000, 35000, 20000, 10000], params) == {1: 25, 2: 25, 3: -15, 4: -35}


def test_chombo_is_subtracted_after_uma_and_keeps_the_placement() -> None:
    res = game_results(1, 1, 0, SEATS, [45000, 32000, 25000, 18000], [0, 20000, 0, 0], MahjongParams())
    by = {r.player: r for r in res}
    assert by[2].points == 7 - 20 and by[2].placement == 2  # still second, 20 points less


def test_scores_must_add_up() -> None:
    with pytest.raises(InputError, match="add up to 119000, expected 120000"):
        points_of([45000, 32000, 25000, 17000])
    with pytest.raises(InputError, match="expected 4 scores"):
        points_of([45000, 32000, 43000])


def event(seed: int, chombos: int = 2) -> Schedule:
    """16 players, 5 rounds of four tables, random final scores adding up to 120,000."""
    rng = random.Random(seed)
    players = tuple(Participant(id=i, name=f"M{i:02d}") for i in range(1, 17))
    rounds = []
    for r in range(1, 6):
        ids = [p.id for p in players]
        rng.shuffle(ids)
        tables = []
        for t in range(4):
            cuts = sorted(rng.randrange(0, 1201) for _ in range(3))
            parts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 1200 - cuts[2]]
            scores = tuple(100 * p for p in parts)
            pens = None
            if chombos and rng.random() < 0.2:
                pens = tuple(20000 if i == rng.randrange(4) else 0 for i in range(4))
                chombos -= 1
            tables.append(Table(table=t + 1, seats=tuple(ids[4 * t : 4 * t + 4]), scores=scores, penalties=pens))
        rounds.append(Round(round=r, tables=tuple(tables)))
    return Schedule(system="mahjong", players=players, rounds=tuple(rounds))


def independent_totals(schedule: Schedule) -> dict[int, F]:
    """Uma 15/5/-5/-15 thousand, return 30,000, ties split, penalties after: written out here."""
    uma = [15000, 5000, -5000, -15000]
    total = {p.id: F(0) for p in schedule.players}
    for rnd in schedule.rounds:
        for t in rnd.tables:
            for seat, pid in enumerate(t.seats):
                mine = t.scores[seat]
                better = sum(1 for s in t.scores if s > mine)
                same = sum(1 for s in t.scores if s == mine)
                share = F(sum(uma[better : better + same]), same)
                pen = t.penalties[seat] if t.penalties else 0
                total[pid] += (mine - 30000 + share - pen) / F(1000)
    return total


def test_sixteen_players_five_rounds() -> None:
    schedule = event(seed=16)
    st = compute_standings(schedule)  # the mahjong scoring and tie-breaks are the defaults
    assert st.scoring == "mahjong" and st.tiebreaks == ("BEST", "PLC")
    expected = independent_totals(schedule)
    assert {r.id: r.points for r in st.rows} == expected
    assert sorted(r.id for r in st.rows) == list(range(1, 17))
    keys = [(-r.points, -r.tiebreaks["BEST"], r.tiebreaks["PLC"]) for r in st.rows]
    assert keys == sorted(keys)
    penalties = sum(sum(t.penalties or ()) for rnd in schedule.rounds for t in rnd.tables)
    assert penalties > 0  # the event has a chombo
    assert sum(r.points for r in st.rows) == F(-penalties, 1000)  # zero-sum apart from penalties


def test_league_group_games_are_scored() -> None:
    players = tuple(Participant(id=i, name=f"L{i}") for i in range(1, 6))
    games = (
        Game(1, (1, 2, 3, 4), (5,), scores=(40000, 30000, 30000, 20000)),
        Game(2, (5, 1, 2, 3), (4,), scores=(30000, 30000, 30000, 30000)),
    )
    schedule = Schedule("league", players, (Round(1, (Table(1, (1, 2, 3, 4, 5), group="A", games=games),)),))
    st = compute_standings(schedule)
    assert {r.id: r.points for r in st.rows} == {1: 25, 2: 0, 3: 0, 4: -25, 5: 0}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 600), min_size=3, max_size=3))
def test_uma_always_sums_to_zero(cuts: list[int]) -> None:
    a, b, c = sorted(cuts)
    scores = [100 * a, 100 * (b - a), 100 * (c - b), 100 * (1200 - c)]
    pts = points_of(scores)
    assert sum(pts.values()) == 0
    order = sorted(SEATS, key=lambda p: -scores[p - 1])
    assert all(pts[x] >= pts[y] for x, y in zip(order, order[1:], strict=False))
