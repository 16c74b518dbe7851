"""Seats by player, the sheet a mahjong organiser posts by the entrance (issue 4 item 1: seats in
wind order; the CLI's HTML has it as "Player by player"): every player's table and wind round by
round, players in natural name order, read back against the rounds."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient

from fairdraw.formats.render import seat_labels
from tests.web.helpers import create_event, field_csv, import_players, post


def _slug(client: TestClient, event: int) -> str:
    return re.search(r'href="/p/([^"/]+)"', client.get(f"/events/{event}").text).group(1)  # type: ignore[union-attr]


def _rows(page: str) -> dict[str, list[str]]:
    """Player name -> the places in their row, from the printed table."""
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th>(.*?)</tr>', page)
    return {name: re.findall(r"<td>([^<]*)</td>", cells) for name, cells in rows}


def test_each_player_finds_their_table_and_wind_in_every_round(client: TestClient) -> None:
    event = create_event(client, "mahjong", rounds="4", seed="Posted sheet")
    import_players(client, event, field_csv(17))  # one sits out each round
    post(client, event, "/settings", name="Club evening", rounds="4", scoring="", tiebreaks="", options="byes=true")
    post(client, event, "/pair")
    slug = _slug(client, event)
    assert f'href="/p/{slug}/print/seats"' in client.get(f"/events/{event}").text
    client.cookies.clear()  # a printout of the public pages: no sign-in
    assert f'href="/p/{slug}/print/seats"' in client.get(f"/p/{slug}").text
    page = client.get(f"/p/{slug}/print/seats")
    assert page.status_code == 200
    rows = _rows(page.text)
    data = json.loads(client.get(f"/p/{slug}/seating.json").text)
    names = {p["id"]: p["name"] for p in data["players"]}
    assert list(rows) == sorted(names.values(), key=lambda n: int(n.split()[-1]))  # Player 2 before Player 10
    for index, rnd in enumerate(data["rounds"]):
        for table in rnd["tables"]:
            for wind, pid in zip(seat_labels(4), table["seats"], strict=True):
                assert rows[names[pid]][index] == f"T{table['table']} {wind}"
        for pid in rnd["byes"]:
            assert rows[names[pid]][index] == "sits out"


def test_a_chess_event_points_to_its_pairings_list(client: TestClient) -> None:
    event = create_event(client, "berger")
    import_players(client, event, field_csv(4))
    post(client, event, "/pair")
    page = client.get(f"/p/{_slug(client, event)}/print/seats").text
    assert "pairings list is the sheet to post" in page and "<tbody>" not in page


def test_a_long_event_posts_its_rounds_in_blocks_that_fit_the_page(client: TestClient) -> None:
    """Ten rounds side by side ran off an A4 sheet: at most 8 rounds a table, each block
    repeating the names, and the blocks together hold every round in order."""
    event = create_event(client, "mahjong", rounds="10", seed="Long evening")
    import_players(client, event, field_csv(12))
    post(client, event, "/pair")
    slug = _slug(client, event)
    page = client.get(f"/p/{slug}/print/seats").text
    heads = re.findall(r"<thead><tr><th>Player</th>(.*?)</tr></thead>", page)
    assert [len(re.findall(r"<th>R\d+</th>", head)) for head in heads] == [8, 2]
    joined: dict[str, list[str]] = {}
    for name, cells in re.findall(r'<tr><th scope="row">([^<]+)</th>(.*?)</tr>', page):
        joined.setdefault(name, []).extend(re.findall(r"<td>([^<]*)</td>", cells))
    data = json.loads(client.get(f"/p/{slug}/seating.json").text)
    names = {p["id"]: p["name"] for p in data["players"]}
    for index, rnd in enumerate(data["rounds"]):
        for table in rnd["tables"]:
            for wind, pid in zip(seat_labels(4), table["seats"], strict=True):
                assert joined[names[pid]][index] == f"T{table['table']} {wind}"
