"""A rating TRF16 cannot write is refused when it is typed, not when the TRF16 export is due.

An audit entered 1000000 and -5 on the page: both were stored, and only the TRF16 export
said "does not fit TRF16's rating field (0 to 9999)", when the rating officer's file was due.
Every entry (the add and edit forms, a pasted or uploaded list, a players file on the command
line) now refuses such a rating, naming the field and the range, and stores nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from fairdraw.core.errors import InputError
from fairdraw.formats.players import MAX_RATING, MIN_RATING, parse_players_csv, parse_players_json, read_players
from fairdraw.formats.schedule_json import schedule_from_dict
from tests.conftest import CliResult
from tests.web.helpers import create_event, import_players, post


def _players(client: TestClient, event: int) -> list[tuple[str, int | None]]:
    schedule = schedule_from_dict(json.loads(client.get(f"/events/{event}/export/json").text))
    return [(p.name, p.rating) for p in schedule.players]


@pytest.mark.parametrize("rating", ["10000", "1000000", "-5"])
def test_the_add_form_refuses_a_rating_trf16_cannot_write(client: TestClient, rating: str) -> None:
    event = create_event(client, "dutch")
    text = post(client, event, "/players", name="Big", rating=rating).text
    assert "Not done" in text and "rating" in text and "between 0 and 9999" in text, text
    assert _players(client, event) == []


def test_the_edit_form_refuses_it_and_keeps_the_rating(client: TestClient) -> None:
    event = create_event(client, "dutch")
    post(client, event, "/players", name="Anna", rating="1500")
    text = post(client, event, "/players/1/edit", name="Anna", rating="15000", federation="", club="").text
    assert "Not done" in text and "between 0 and 9999" in text, text
    assert _players(client, event) == [("Anna", 1500)]


@pytest.mark.parametrize("listed", ["name,rating\nAnna,1500\nBen,12345\n",
                                    '[{"name": "Anna", "rating": 1500}, {"name": "Ben", "rating": -1}]'])
def test_an_imported_list_with_such_a_rating_adds_nobody(client: TestClient, listed: str) -> None:
    event = create_event(client, "dutch")
    text = import_players(client, event, listed)
    assert "Not done" in text and "rating" in text and "between 0 and 9999" in text, text
    assert _players(client, event) == []


def test_the_range_s_ends_are_taken_and_export_as_trf16(client: TestClient) -> None:
    event = create_event(client, "dutch")
    import_players(client, event, "name,rating\nZero,0\nTop,9999\n")
    assert _players(client, event) == [("Zero", 0), ("Top", 9999)]
    response = client.get(f"/events/{event}/export/trf", follow_redirects=False)
    assert response.status_code == 200 and " 9999 " in response.text


def test_a_players_file_on_the_command_line_is_refused_alike(tmp_path: Path) -> None:
    """`fairdraw` reads players files with the same reader: a rating `fairdraw trf` would refuse
    later is refused on reading, with the line and the field."""
    path = tmp_path / "players.csv"
    path.write_text("name,rating\nAnna,1500\nBen,10000\n")
    with pytest.raises(InputError, match="between 0 and 9999") as caught:
        read_players(path)
    assert caught.value.line == 3 and caught.value.field == "rating"
    with pytest.raises(InputError, match="between 0 and 9999"):
        parse_players_json('[{"name": "Anna", "rating": -1}]')
    assert [p.rating for p in parse_players_csv("name,rating\nA,0\nB,9999\n")] == [0, 9999]


def test_the_rating_boxes_say_the_range_the_server_takes(client: TestClient) -> None:
    """The add and edit forms' rating boxes carry TRF16's range (the browser stops 12000 before it
    is sent, as it does a round count), from the constants the server checks by."""
    event = create_event(client, "dutch")
    post(client, event, "/players", name="Anna", rating="1500")
    page = client.get(f"/events/{event}").text
    boxes = re.findall(r'<input name="rating"[^>]*>', page)
    assert len(boxes) == 2  # the add form and Anna's edit form
    for box in boxes:
        assert f'type="number" min="{MIN_RATING}" max="{MAX_RATING}" step="1"' in box, box


@pytest.mark.parametrize("rating", [12000, -1])
def test_a_schedule_json_with_such_a_rating_is_refused_on_reading(
        tmp_path: Path, rating: int, cli: Callable[..., CliResult]) -> None:
    """`fairdraw standings` took a schedule's 12000 (only `fairdraw trf` refused it, at export):
    the schedule reader now refuses it, naming the file, the player and the field."""
    event = {"system": "dutch", "players": [{"id": 1, "name": "Anna", "rating": 0},
                                            {"id": 2, "name": "Ben", "rating": rating},
                                            {"id": 3, "name": "Cleo", "rating": 9999}],
             "rounds": [{"round": 1, "tables": [{"table": 1, "seats": [1, 2], "result": "1-0"}], "byes": [3]}]}
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event), encoding="utf-8")
    result = cli("standings", str(path))
    assert result.code == 2
    assert f"{path}, field 'players.1.rating': player 2 (Ben): rating must be between 0 and 9999" in result.err
    assert f"got {rating}" in result.err
    event["players"][1]["rating"] = 9999  # the range's ends are read
    path.write_text(json.dumps(event), encoding="utf-8")
    assert cli("standings", str(path)).code == 0


def test_the_new_event_rounds_box_says_the_range_the_server_takes(client: TestClient) -> None:
    """The new-event form's rounds box stopped at 1000 where the server takes up to the model's
    limit (an audit): both now come from ``core.model.MAX_ROUNDS``."""
    from fairdraw.core.model import MAX_ROUNDS

    page = client.get("/").text
    box = re.search(r'<input name="rounds"[^>]*>', page)
    assert box is not None and f'min="1" max="{MAX_ROUNDS}"' in box.group(0), box
