"""Big events through the page's forms (QA, issue 7 "nothing typed may ever be lost"): the
results form of a round with hundreds of boards, a pasted list over the form parser's default
part size, and a players list far beyond any event, each answered on the organiser's page
(never FastAPI's JSON) with what was refused and nothing half-written."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from fairdraw.storage import events as storage_events
from fairdraw.web import pages
from tests.web.conftest import csrf_of
from tests.web.helpers import board_fields, create_event, import_players, post, results_form


def _players(client: TestClient, event: int) -> int:
    return len(json.loads(client.get(f"/events/{event}/export/json").text)["players"])


def test_the_results_of_a_round_with_400_boards_are_saved(client: TestClient, toy_systems: None) -> None:
    # 800 players: 400 boards, three fields each (result, version, shown value), 1,202 fields in
    # all: Starlette's default of 1,000 form fields answered {"detail": "Too many fields..."}
    # as JSON and saved nothing, so a big open's round could not be entered from the page
    event = create_event(client, "toy-swiss", rounds="1")
    csv_text = "name,rating\n" + "\n".join(f"P{i},{2000 - i}" for i in range(1, 801))
    assert "Imported 800 players" in import_players(client, event, csv_text)
    assert "Round 1 is paired" in post(client, event, "/pair").text
    page = client.get(f"/events/{event}/rounds/1").text
    assert len(board_fields(page)) == 400
    response = client.post(f"/events/{event}/rounds/1/results", data=results_form(page, dict.fromkeys(range(400), "1")))
    assert response.status_code == 200
    assert "Saved 400 results" in response.text


def test_a_form_too_large_to_read_gets_the_page_with_a_clear_message(client: TestClient) -> None:
    event = create_event(client, "berger")
    page = client.get(f"/events/{event}").text
    text = "name\n" + "x" * (pages.FORM_MAX_PART_BYTES + 10)
    response = client.post(f"/events/{event}/players/import", data={"csrf_token": csrf_of(page), "text": text})
    assert response.status_code == 413
    assert response.headers["content-type"].startswith("text/html")
    assert "too large" in response.text and "nothing was saved" in response.text.lower()
    assert _players(client, event) == 0


def test_a_players_list_beyond_the_event_limit_is_refused_by_name_and_adds_nobody(client: TestClient) -> None:
    event = create_event(client, "dutch", rounds="5")
    limit = storage_events.MAX_PLAYERS
    too_many = "name\n" + "\n".join(f"P{i}" for i in range(limit + 1))
    response = client.post(f"/events/{event}/players/import", data={"csrf_token": csrf_of(client.get(f"/events/{event}").text)},
                           files={"file": ("big.csv", too_many.encode(), "text/csv")})
    # counted before reading (a million rows once took 20 s to read only to be refused)
    assert f"{limit + 1:,} rows, but an event holds at most {limit:,} players" in response.text
    assert "field &#39;players&#39;" in response.text
    assert _players(client, event) == 0
    # the limit counts the players already there: one more beyond it is refused as well
    assert "Imported 3 players" in import_players(client, event, "name\nA\nB\nC")
    almost = "name\n" + "\n".join(f"Q{i}" for i in range(limit - 2))
    assert f"at most {limit:,} players" in import_players(client, event, almost)
    assert _players(client, event) == 3


def test_an_uploaded_file_over_the_size_limit_is_refused_before_it_is_read(client: TestClient) -> None:
    event = create_event(client, "dutch", rounds="5")
    page = client.get(f"/events/{event}").text
    body = b"name\n" + b"Somebody\n" * (pages.PLAYER_FILE_MAX_BYTES // 9 + 2)
    response = client.post(f"/events/{event}/players/import", data={"csrf_token": csrf_of(page)},
                           files={"file": ("huge.csv", body, "text/csv")})
    assert "huge.csv" in response.text and "too large" in response.text
    assert _players(client, event) == 0


def test_a_form_the_parser_cannot_read_gets_the_page_not_json(client: TestClient) -> None:
    event = create_event(client, "berger")
    response = client.post(f"/events/{event}/players/import", content=b"--x\r\nbroken",
                           headers={"content-type": "multipart/form-data"})  # no boundary
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("text/html")
    assert "could not be read" in response.text and "nothing was saved" in response.text
    assert _players(client, event) == 0
