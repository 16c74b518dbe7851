"""The page's CSV downloads are safe to open in a spreadsheet, and its players CSV imports back.

An audit entered players named ``=cmd|' /C calc'!A0`` and clubs ``+SUM(1)``: the players CSV
download wrote them as typed, so a spreadsheet opening it would run them. Every text cell that
a spreadsheet would run now starts with an apostrophe (``formats.csv_cells``), and importing the
download into another event gives back the names and clubs as typed.
"""

from __future__ import annotations

import csv
import io
import json

from fastapi.testclient import TestClient

from fairdraw.formats.schedule_json import schedule_from_dict
from tests.web.helpers import create_event, import_players, post

PLAYERS = [{"name": "=cmd|' /C calc'!A0", "rating": 1500, "club": "+SUM(1)"},
           {"name": "@x", "rating": 1400, "federation": "-NL"},
           {"name": "+1", "rating": 1300, "club": "'=quoted"},
           {"name": "Plain", "rating": 1200, "club": "Rooks"}]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _download(client: TestClient, event: int, kind: str) -> list[list[str]]:
    text = client.get(f"/events/{event}/export/{kind}").text.removeprefix("\ufeff")
    return list(csv.reader(io.StringIO(text)))


def _field(client: TestClient, event: int) -> list[tuple[str, int | None, str | None, str | None]]:
    schedule = schedule_from_dict(json.loads(client.get(f"/events/{event}/export/json").text))
    return [(p.name, p.rating, p.federation, p.club) for p in schedule.players]


def test_no_download_hands_a_spreadsheet_a_formula_and_the_players_csv_imports_back(client: TestClient) -> None:
    event = create_event(client, "berger")
    assert "Imported 4 players" in import_players(client, event, json.dumps(PLAYERS))
    assert "Round" in post(client, event, "/pair").text
    typed = _field(client, event)
    for kind in ("csv", "players.csv"):
        for row in _download(client, event, kind)[1:]:
            assert not any(cell.startswith(FORMULA_STARTS) for cell in row), (kind, row)
    players_csv = client.get(f"/events/{event}/export/players.csv").text
    again = create_event(client, "berger", name="Copy")
    assert "Imported 4 players" in import_players(client, again, players_csv)
    assert _field(client, again) == typed
