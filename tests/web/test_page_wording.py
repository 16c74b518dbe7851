"""Page wording (QA): a round robin of two players has one round, and the page said "The
schedule has 1 rounds"."""

from __future__ import annotations

import html

from fastapi.testclient import TestClient

from tests.web.helpers import create_event, import_players, post


def test_a_one_round_schedule_is_one_round(client: TestClient) -> None:
    event = create_event(client, "berger", rounds="3")
    import_players(client, event, "name\nAnna\nBert")
    said = html.unescape(post(client, event, "/pair").text)
    assert "The schedule has 1 round (the system fixes the count; the 3 asked for do not apply)" in said


def test_a_newcomer_to_a_seating_is_told_to_remake_only_the_rounds_not_played(client: TestClient) -> None:
    """A mahjong seating re-seats the rounds left for a changed field; the page told the
    organiser to undo every round, which throws away the results of the rounds played."""
    event = create_event(client, "mahjong", rounds="4", seed="Club night")
    import_players(client, event, "name\n" + "\n".join(f"Player {i}" for i in range(1, 13)))
    post(client, event, "/pair")
    said = html.unescape(post(client, event, "/players", name="Newcomer").text)
    assert "undo the rounds not played yet and make them again" in said
    assert "undo every round" not in said
    robin = create_event(client, "berger")
    import_players(client, robin, "name\nAnna\nBert\nCarl\nDora")
    post(client, robin, "/pair")
    said = html.unescape(post(client, robin, "/players", name="Newcomer").text)
    assert "undo every round and make it again" in said


def test_pair_on_a_finished_seating_says_every_round_is_made(client: TestClient) -> None:
    """A second click on Pair (a stale tab) after a newcomer made 13 players: the page said 13
    players do not fill tables of 4, where the answer is that the schedule is complete."""
    event = create_event(client, "mahjong", rounds="4", seed="Club night")
    import_players(client, event, "name\n" + "\n".join(f"Player {i}" for i in range(1, 13)))
    post(client, event, "/pair")
    assert "all 4 rounds are made" in html.unescape(post(client, event, "/pair").text)
    post(client, event, "/players", name="Newcomer")
    said = html.unescape(post(client, event, "/pair").text)
    assert "all 4 rounds are made" in said and "do not fill" not in said


def test_standings_figures_read_as_the_cli_prints_them() -> None:
    """The page printed a mahjong PLC as 1.166667 where the CLI prints 1.17."""
    from fairdraw.web.pages import short_number

    assert [short_number(v) for v in (1.166667, 1.3125, 5, 2.5, 22.25, -0.5)] == ["1.17", "1.31", "5", "2.5", "22.25",
                                                                                "-0.5"]
    assert short_number("") == "" and short_number(None) == ""


def test_a_withdrawn_player_still_seated_in_a_made_round_is_marked(client: TestClient) -> None:
    """A mahjong schedule made ahead keeps seating a player who withdrew until its rounds are
    made again; the round page said nothing of it."""
    event = create_event(client, "mahjong", rounds="3", seed="Club night")
    import_players(client, event, "name\n" + "\n".join(f"Player {i}" for i in range(1, 13)))
    post(client, event, "/pair")
    before = html.unescape(client.get(f"/events/{event}/rounds/2").text)
    assert "(withdrawn)" not in before
    post(client, event, "/players/5/withdraw", withdrawn="1")
    after = html.unescape(client.get(f"/events/{event}/rounds/2").text)
    assert "Player 5 (withdrawn)" in after
