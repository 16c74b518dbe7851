"""A form sent twice (a double click, a reload of a POST, a browser retrying) must not do its
work twice (QA of issue 7, "nothing typed may ever be lost", and docs/web.md: "a double click
or a second tab never removes a second round"). The results form, *Pair* and *Undo* were safe
already; a players list, a single player and a new event were added twice, so a Swiss paired
every player against their own copy. The second copy is now refused and nothing is written;
namesakes entered on purpose still get in."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from fairdraw.storage import repo
from tests.web.conftest import csrf_of
from tests.web.helpers import create_event, import_players, post


def _names(client: TestClient, event: int) -> list[str]:
    return [p["name"] for p in json.loads(client.get(f"/events/{event}/export/json").text)["players"]]


def test_a_players_list_sent_twice_is_added_once(client: TestClient) -> None:
    event = create_event(client, "dutch", rounds="5")
    text = "name,rating,club\nAnna,1800,Kings\nBert,1700,\nCarla,,Rooks"
    assert "Imported 3 players" in import_players(client, event, text)
    again = import_players(client, event, text)
    assert "Not done" in again and "already in the event" in again and "nobody was added" in again
    assert _names(client, event) == ["Anna", "Bert", "Carla"]
    # a list that brings someone new is imported whole, the namesakes pointed out as before
    mixed = import_players(client, event, "name,rating,club\nAnna,1800,Kings\nDirk,1600,")
    assert "Imported 2 players" in mixed and "same name" in mixed
    assert _names(client, event) == ["Anna", "Bert", "Carla", "Anna", "Dirk"]


def test_the_same_player_added_twice_in_a_row_is_added_once(client: TestClient) -> None:
    event = create_event(client, "dutch", rounds="5")
    page = client.get(f"/events/{event}").text
    form = {"csrf_token": csrf_of(page), "name": "Eva Schmidt", "rating": "1650", "federation": "GER", "club": ""}
    assert "Added Eva Schmidt" in client.post(f"/events/{event}/players", data=form).text
    second = client.post(f"/events/{event}/players", data=form).text
    assert "Not done" in second and "just added" in second
    assert _names(client, event) == ["Eva Schmidt"]
    # a namesake with other details, or the same one after someone else, is a new player
    assert "Added" in post(client, event, "/players", name="Eva Schmidt", rating="1400").text
    post(client, event, "/players", name="Frank")
    assert "Added" in post(client, event, "/players", name="Eva Schmidt", rating="1650", federation="GER").text
    assert _names(client, event) == ["Eva Schmidt", "Eva Schmidt", "Frank", "Eva Schmidt"]


def test_a_new_event_sent_twice_is_made_once(client: TestClient) -> None:
    page = client.get("/").text
    form = {"csrf_token": csrf_of(page), "name": "Spring open", "system": "dutch", "rounds": "7", "scoring": "",
            "tiebreaks": "", "seed": "", "options": ""}
    first = client.post("/events", data=form, follow_redirects=False)
    assert first.status_code == 303
    second = client.post("/events", data=form, follow_redirects=False)
    assert second.status_code == 303 and second.headers["location"] == first.headers["location"]
    assert "was just made" in client.get(second.headers["location"]).text
    with client.app.state.web.sessions() as db:  # type: ignore[attr-defined]
        assert [e.name for e in repo.list_events(db)] == ["Spring open"]
    # once it has players it is an event in use: the same form makes a second one
    event = int(first.headers["location"].split("/")[2])
    import_players(client, event, "name\nA\nB")
    assert client.post("/events", data=form, follow_redirects=False).headers["location"] != first.headers["location"]

