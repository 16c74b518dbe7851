"""Two organisers adding different players at the same moment both get them added.

A new player takes the event's highest id + 1, read before the row is written: an audit posted
8 adds at once behind a barrier and 7 came back "Conflict: someone else changed this event at
the same moment". The add that the unique key refused now runs again and takes the next id
(``storage.retry``); a form sent twice is still caught, and a stale form is still refused.
"""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fairdraw.core.model import Participant
from fairdraw.storage import repo
from tests.web.conftest import csrf_of, signed_in
from tests.web.helpers import create_event, import_players


def _field(client: TestClient, event: int) -> list[tuple[int, str]]:
    data = json.loads(client.get(f"/events/{event}/export/json").text)
    return sorted((p["id"], p["name"]) for p in data["players"])


def _rival_adds_first(app: Any, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """The race, made certain: right after the next read of the event (the page's add reading its
    highest id), another organiser's add of ``name`` is committed, taking the id the page's add is
    about to use. Armed after the page is loaded, so the add's own read is the one raced."""
    original = repo.get_event
    raced: list[bool] = []

    def read_then_rival(session: Any, event_id: int, **kwargs: Any) -> Any:
        event = original(session, event_id, **kwargs)
        if not raced:
            raced.append(True)
            with app.state.web.sessions.begin() as other:
                rival_event = original(other, event_id)
                taken = max((p.pid for p in rival_event.participants), default=0) + 1
                repo.add_participants(other, rival_event, [Participant(id=taken, name=name)])
        return event

    monkeypatch.setattr(repo, "get_event", read_then_rival)


def test_an_add_that_lost_the_race_for_its_id_takes_the_next(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    client = signed_in(app)
    event = create_event(client, "dutch")
    import_players(client, event, "name\nAnna\nBen")
    token = csrf_of(client.get(f"/events/{event}").text)
    _rival_adds_first(app, monkeypatch, "Rival")
    text = client.post(f"/events/{event}/players", data={"csrf_token": token, "name": "Cara", "rating": "1500"}).text
    assert "Added Cara." in text and "Conflict" not in text, text
    assert _field(client, event) == [(1, "Anna"), (2, "Ben"), (3, "Rival"), (4, "Cara")]


def test_a_list_imported_while_someone_adds_is_renumbered_not_refused(app: Any,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    client = signed_in(app)
    event = create_event(client, "dutch")
    import_players(client, event, "name\nAnna")
    token = csrf_of(client.get(f"/events/{event}").text)
    _rival_adds_first(app, monkeypatch, "Rival")
    text = client.post(f"/events/{event}/players/import", data={"csrf_token": token, "text": "name\nBen\nCara"}).text
    assert "Imported 2 players." in text and "Conflict" not in text, text
    assert _field(client, event) == [(1, "Anna"), (2, "Rival"), (3, "Ben"), (4, "Cara")]


def test_eight_adds_at_once_are_all_added_with_their_own_ids(app: Any) -> None:
    """The audit's run: 8 browsers post an add behind a barrier."""
    owner = signed_in(app)
    event = create_event(owner, "dutch")
    browsers = [signed_in(app) for _ in range(8)]
    tokens = [csrf_of(b.get(f"/events/{event}").text) for b in browsers]
    barrier = threading.Barrier(len(browsers))
    notices = [""] * len(browsers)

    def add(index: int) -> None:
        barrier.wait()
        response = browsers[index].post(f"/events/{event}/players",
                                         data={"csrf_token": tokens[index], "name": f"N{index}",
                                               "rating": str(1500 + index)})
        notices[index] = response.text

    threads = [threading.Thread(target=add, args=(i,)) for i in range(len(browsers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(f"Added N{i}." in notice for i, notice in enumerate(notices)), [
        "Conflict" in n for n in notices]
    field = _field(owner, event)
    assert [pid for pid, _ in field] == list(range(1, 9))
    assert sorted(name for _, name in field) == [f"N{i}" for i in range(8)]


def test_a_form_sent_twice_at_once_still_adds_the_player_once(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same add arriving while its first copy is written: run again, the second copy sees the
    first and is refused as sent twice, not added as a second Cara."""
    client = signed_in(app)
    event = create_event(client, "dutch")
    token = csrf_of(client.get(f"/events/{event}").text)
    _rival_adds_first(app, monkeypatch, "Cara")
    text = client.post(f"/events/{event}/players", data={"csrf_token": token, "name": "Cara"}).text
    assert "the form sent twice?" in text, text
    assert _field(client, event) == [(1, "Cara")]

