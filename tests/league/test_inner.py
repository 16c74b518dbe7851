"""Inside a group: winds and sit-outs (issue 5, item 2), as property tests."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from fairdraw.systems.league.inner import group_games

members = st.lists(st.integers(min_value=1, max_value=10_000), min_size=4, max_size=5, unique=True)


@given(members, st.integers(0, 40))
def test_every_member_sits_each_wind_once_and_out_once_in_a_group_of_5(group: list[int], turn: int) -> None:
    games = group_games(group, turn)
    assert len(games) == len(group) == max(4, len(group))
    assert [g.game for g in games] == list(range(1, len(group) + 1))
    winds: dict[int, Counter[int]] = {p: Counter() for p in group}
    outs: Counter[int] = Counter()
    for game in games:
        assert len(game.seats) == 4
        assert len(set(game.seats) | set(game.out)) == len(group)  # everyone there exactly once
        assert set(game.seats) | set(game.out) == set(group)
        for wind, pid in enumerate(game.seats):
            winds[pid][wind] += 1
        outs.update(game.out)
    for pid in group:
        assert winds[pid] == Counter({0: 1, 1: 1, 2: 1, 3: 1}), (pid, winds[pid])
    if len(group) == 5:
        assert outs == Counter(dict.fromkeys(group, 1))
    else:
        assert not outs


@given(st.lists(st.integers(), min_size=4, max_size=4, unique=True))
def test_group_of_4_gives_everyone_each_other_as_next_player(group: list[int]) -> None:
    nexts: dict[int, set[int]] = {p: set() for p in group}
    for game in group_games(group):
        for i, pid in enumerate(game.seats):
            nexts[pid].add(game.seats[(i + 1) % 4])
    assert all(nexts[p] == set(group) - {p} for p in group)


def test_the_sit_out_and_the_opening_east_move_on_each_session() -> None:
    """Over five sessions, the first member of a group of 5 sits out each hanchan once, and the
    first member of a group of 4 opens each game as East once over four (an audit: pairing
    number 1 sat out hanchan 1 in all 20 sessions of a season)."""
    five = [1, 2, 3, 4, 5]
    assert sorted(next(g.game for g in group_games(five, turn) if 1 in g.out) for turn in range(5)) == [1, 2, 3, 4, 5]
    four = [1, 2, 3, 4]
    assert sorted(next(g.game for g in group_games(four, turn) if g.seats[0] == 1) for turn in range(4)) == [1, 2, 3, 4]
