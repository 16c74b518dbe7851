"""Small helpers that drive the web page the way a browser's forms do."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.web.conftest import csrf_of


def create_event(client: TestClient, system: str, name: str = "Club evening", **fields: str) -> int:
    page = client.get("/")
    data = {"name": name, "system": system, "csrf_token": csrf_of(page.text), **fields}
    response = client.post("/events", data=data, follow_redirects=False)
    assert response.status_code == 303, response.text
    match = re.match(r"/events/(\d+)", response.headers["location"])
    assert match, response.headers["location"]
    return int(match.group(1))


def post(client: TestClient, event_id: int, path: str, **data: str):  # type: ignore[no-untyped-def]
    page = client.get(f"/events/{event_id}")
    return client.post(f"/events/{event_id}{path}", data={"csrf_token": csrf_of(page.text), **data})


def import_players(client: TestClient, event_id: int, text: str) -> str:
    return post(client, event_id, "/players/import", text=text).text


def field_csv(count: int) -> str:
    return "name,rating\n" + "\n".join(f"Player {i},{2400 - 10 * i}" for i in range(1, count + 1))


def board_fields(html: str) -> list[dict[str, str]]:
    """Per board on a round page: its id, version and the value shown."""
    boards = []
    for match in re.finditer(r'name="v(\d+)" value="(\d+)">\s*<input type="hidden" name="o\1" value="([^"]*)"', html):
        boards.append({"id": match.group(1), "version": match.group(2), "shown": match.group(3)})
    return boards


def form_base(html: str) -> dict[str, str]:
    """What every results form sends besides its boards: the CSRF token and the round's
    fingerprint (``pairing``), which the page refuses a results form without."""
    data = {"csrf_token": csrf_of(html)}
    token = re.search(r'name="pairing" value="([^"]*)"', html)
    if token:
        data["pairing"] = token.group(1)
    return data


def results_form(html: str, results: dict[int, str]) -> dict[str, str]:
    """The results form of a chess round with ``results`` (board index -> typed text)."""
    data = {"csrf_token": csrf_of(html)}
    token = re.search(r'name="pairing" value="([^"]*)"', html)
    if token:
        data["pairing"] = token.group(1)  # the round's fingerprint, as the browser sends it
    for index, board in enumerate(board_fields(html)):
        data[f"v{board['id']}"] = board["version"]
        data[f"o{board['id']}"] = board["shown"]
        data[f"r{board['id']}"] = results.get(index, board["shown"])
    return data


def enter_mahjong_round(client: TestClient, event: int, number: int) -> None:
    """Every table of a mahjong round gets the scores 40000, 30000, 30000, 20000."""
    page = client.get(f"/events/{event}/rounds/{number}").text
    data = {"csrf_token": csrf_of(page)}
    token = re.search(r'name="pairing" value="([^"]*)"', page)
    if token:
        data["pairing"] = token.group(1)
    for board in board_fields(page):
        data[f"v{board['id']}"], data[f"o{board['id']}"] = board["version"], board["shown"]
        for seat, score in enumerate((40000, 30000, 30000, 20000)):
            data[f"s{board['id']}_{seat}"] = str(score)
    assert "Saved" in client.post(f"/events/{event}/rounds/{number}/results", data=data).text
