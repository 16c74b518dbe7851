"""Each organiser account manages its own events (QA of issue 7 item 4, "only the organiser
can change anything"): a second account on the same installation can neither see nor change
an event it did not make, on any page or form under ``/events/N``, and its dashboard does not
list it. Events stored before events had an owner stay shared by every account, so an upgrade
locks nobody out. The public page stays open to everyone."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient
from sqlalchemy import update

from fairdraw.storage.models import Event
from tests.web.conftest import add_user, csrf_of, signed_in
from tests.web.helpers import create_event, field_csv, import_players, post, results_form


def _other(app, app_url: str) -> TestClient:  # type: ignore[no-untyped-def]
    add_user(app_url, "second")
    client = TestClient(app)
    login = client.get("/login")
    response = client.post("/login", data={"username": "second", "password": "correct horse battery",
                                           "csrf_token": csrf_of(login.text)}, follow_redirects=False)
    assert response.status_code == 303
    return client


def _results(client: TestClient, event: int) -> list[str | None]:
    data = json.loads(client.get(f"/events/{event}/export/json").text)
    return [t.get("result") for t in data["rounds"][0]["tables"]]


def test_another_account_can_neither_see_nor_change_the_event(app, app_url: str) -> None:  # type: ignore[no-untyped-def]
    owner = signed_in(app)
    event = create_event(owner, "berger", name="Anna's club evening")
    import_players(owner, event, field_csv(4))
    post(owner, event, "/pair")
    page = owner.get(f"/events/{event}/rounds/1").text
    owner.post(f"/events/{event}/rounds/1/results", data=results_form(page, {0: "1"}))
    slug = re.search(r"/p/([A-Za-z0-9_-]+)", owner.get(f"/events/{event}").text).group(1)  # type: ignore[union-attr]

    other = _other(app, app_url)
    assert "Anna&#39;s club evening" not in other.get("/").text  # not on their dashboard
    for path in ("", "/rounds/1", "/standings", "/export/json", "/export/trf"):
        response = other.get(f"/events/{event}{path}")
        assert response.status_code == 403, path
        assert "another organiser account" in response.text, path
        assert "Anna" not in response.text, path
    token = csrf_of(other.get("/").text)
    for path, data in (("/undo", {"round": "3"}), ("/pair", {}), ("/players", {"name": "Intruder"}),
                       ("/players/import", {"text": "name\nX"}), ("/rounds/1/results", {"r1": "0"}),
                       ("/delete", {"confirm": "Anna's club evening"}), ("/settings", {"name": "Taken"})):
        response = other.post(f"/events/{event}{path}", data={"csrf_token": token, **data})
        assert response.status_code == 403, path
    # nothing of theirs was written: the owner still sees the event as it was
    schedule = json.loads(owner.get(f"/events/{event}/export/json").text)
    assert len(schedule["rounds"]) == 3 and len(schedule["players"]) == 4
    assert _results(owner, event)[0] == "1-0"
    assert "Anna&#39;s club evening" in owner.get("/").text
    # the public page is public: anyone, signed in as anybody or not, may read it
    assert other.get(f"/p/{slug}").status_code == 200
    assert TestClient(app).get(f"/p/{slug}").status_code == 200


def test_no_other_spelling_of_the_event_number_gets_past_the_owner_check(app, app_url: str) -> None:  # type: ignore[no-untyped-def]
    """The router reads "+1", " 1", "1.0" or "+01" as event 1; the owner check knew plain digits
    only, so another account read and changed the event under those spellings (found
    2026-12-05). Every such address is now refused before any route runs."""
    owner = signed_in(app)
    event = create_event(owner, "berger", name="Anna's club evening")
    import_players(owner, event, field_csv(4))
    other = _other(app, app_url)
    spellings = (f"+{event}", f"%20{event}", f"{event}%20", f"{event}.0", f"+0{event}", f"%2B{event}", f"{event}_")
    for spelling in spellings:
        for path in ("", "/rounds/1", "/standings", "/export/json", "/export/trf"):
            response = other.get(f"/events/{spelling}{path}")
            assert response.status_code == 404, (spelling, path)
            assert "Anna" not in response.text, (spelling, path)
    token = csrf_of(other.get("/").text)
    for spelling in spellings:
        for path, data in (("/players", {"name": "Intruder"}), ("/settings", {"name": "Taken", "rounds": "5"}),
                           ("/pair", {}), ("/undo", {"round": "1"})):
            response = other.post(f"/events/{spelling}{path}", data={"csrf_token": token, **data})
            assert response.status_code == 404, (spelling, path)
    schedule = json.loads(owner.get(f"/events/{event}/export/json").text)
    assert len(schedule["players"]) == 4 and not schedule["rounds"]
    assert "Intruder" not in owner.get(f"/events/{event}").text
    assert "Anna&#39;s club evening" in owner.get("/").text and "Taken" not in owner.get("/").text
    assert owner.get(f"/events/{event}").status_code == 200  # the plain number still works


def test_an_event_stored_before_events_had_owners_stays_shared(app, app_url: str) -> None:  # type: ignore[no-untyped-def]
    owner = signed_in(app)
    event = create_event(owner, "berger", name="Old event")
    with app.state.web.sessions.begin() as db:
        db.execute(update(Event).where(Event.id == event).values(owner_id=None))
    other = _other(app, app_url)
    assert "Old event" in other.get("/").text
    assert other.get(f"/events/{event}").status_code == 200
    assert "Imported 4 players" in import_players(other, event, field_csv(4))


def test_the_upgrade_keeps_every_event_with_its_players_and_shares_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Migration 0003 adds the owner without recreating the events table (on SQLite a batch
    copy would drop it, and the foreign keys' ON DELETE CASCADE every player with it)."""
    from alembic import command
    from sqlalchemy import inspect, text

    from fairdraw.storage import repo
    from fairdraw.storage.db import alembic_config, make_engine, migrate, session_factory

    engine = make_engine(f"sqlite:///{tmp_path / 'before-owners.sqlite3'}")
    config = alembic_config(engine)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO events (id, name, system, options, public_slug, created_at) "
                                "VALUES (1, 'Old open', 'berger', '{}', 'abc', '2026-01-01')"))
        connection.execute(text("INSERT INTO participants (event_id, pid, name, withdrawn) "
                                "VALUES (1, 1, 'Ann', 0), (1, 2, 'Bob', 0)"))
    migrate(engine)
    assert "owner_id" in {c["name"] for c in inspect(engine).get_columns("events")}
    with session_factory(engine)() as db:
        event = repo.get_event(db, 1)
        assert [p.name for p in event.participants] == ["Ann", "Bob"] and event.owner_id is None
        assert [e.id for e in repo.list_events(db, 7)] == [1]  # shared with every account
        repo.check_owner(db, 1, 7)  # no refusal
    engine.dispose()
