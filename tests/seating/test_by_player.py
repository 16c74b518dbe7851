"""The printable seating ends with every player's table and wind round by round (issue 4,
item 1: seats in wind order; a posted sheet players look themselves up on), recounted here
from the rounds, independently of the renderer."""

from __future__ import annotations

import html
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from fairdraw.core.model import Participant
from fairdraw.formats.render import player_itineraries, render_html
from tests.seating.helpers import seat

WINDS = ("East", "South", "West", "North")


@settings(max_examples=10, deadline=None)
@given(n=st.integers(8, 30), rounds=st.integers(1, 6))
def test_each_player_s_line_is_where_the_rounds_seat_them(n: int, rounds: int) -> None:
    schedule = seat(n, rounds, byes=n % 4 != 0)
    lines = dict(player_itineraries(schedule))
    assert sorted(lines) == sorted(p.id for p in schedule.players)
    for index, rnd in enumerate(schedule.rounds):
        for table in rnd.tables:
            for wind, pid in zip(WINDS, table.seats, strict=True):
                assert lines[pid][index] == f"T{table.table} {wind}"
        for bye in rnd.byes:
            assert lines[bye.id][index] == "sits out"


def test_the_page_lists_players_by_name_numbers_read_as_numbers_names_escaped() -> None:
    players = [Participant(id=i, name=f"Player {i}") for i in range(1, 12)]
    players.append(Participant(id=12, name="<b>Bold</b> & Co"))
    page = render_html(seat(12, 2, players=players))
    section = page[page.index("Player by player"):]
    names = [html.unescape(re.sub(r"^\d+\. ", "", m)) for m in re.findall(r"<tr><td>([^<]+)</td>", section)]
    assert names == ["<b>Bold</b> & Co", *[f"Player {i}" for i in range(1, 12)]]
    assert "<b>Bold</b>" not in section


def test_chess_boards_and_huge_grids_get_no_player_section() -> None:
    from fairdraw.core.registry import PairingRequest, get_system

    field = tuple(Participant(id=i, name=f"P{i}") for i in range(1, 9))
    berger = get_system("berger").pair(PairingRequest(players=field))
    assert player_itineraries(berger) == [] and "Player by player" not in render_html(berger)
    big = seat(400, 130, byes=False)  # 52,000 cells: more than the page lists
    assert player_itineraries(big) == []


def test_a_league_season_names_each_player_s_group_by_session() -> None:
    """A league group plays several games with the winds changing between them: its line names
    the group and its table, and the table card the winds (issue 5 item 2)."""
    from fairdraw.core.registry import PairingRequest, get_system

    field = tuple(Participant(id=i, name=f"P{i}") for i in range(1, 19))
    season = get_system("mahjong-league").pair(PairingRequest(players=field, total_rounds=3, seed="s"))
    lines = dict(player_itineraries(season))
    for index, session in enumerate(season.rounds):
        for table in session.tables:
            assert table.games  # a group of 4 or 5 playing its hanchan
            for pid in table.seats:
                assert lines[pid][index] == f"Group {table.group} (T{table.table})"


def test_a_long_event_prints_player_by_player_in_blocks_of_rounds() -> None:
    """30 rounds side by side made one table some 2,000 px wide, clipped on an A4 page: each
    block holds at most 8 rounds and repeats the player column, and every round is in one."""
    from fairdraw.formats.render import ROUNDS_PER_TABLE

    schedule = seat(40, 13)
    page = render_html(schedule, "Long event")
    section = page[page.index("Player by player"):]
    heads = re.findall(r"<thead><tr><th>Player</th>(.*?)</tr></thead>", section)
    rounds = [re.findall(r"<th>R(\d+)</th>", head) for head in heads]
    assert all(len(block) <= ROUNDS_PER_TABLE for block in rounds)
    assert [int(r) for block in rounds for r in block] == [rnd.round for rnd in schedule.rounds]
    assert section.count("<tr><td>") == 40 * len(heads)
