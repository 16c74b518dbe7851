"""Issue 7 item 4 and its acceptance: writes need a session (403), every form needs its
CSRF token (403), public pages carry no edit control, hostile names are stored and shown
as text."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, select

from fairdraw.storage.models import Participant
from tests.web.conftest import csrf_of, signed_in
from tests.web.helpers import create_event, field_csv, import_players, post

WRITES = [
    ("/events", {"name": "x", "system": "berger"}),
    ("/events/{id}/players", {"name": "Mallory"}),
    ("/events/{id}/players/import", {"text": "name\nMallory"}),
    ("/events/{id}/players/1/withdraw", {"withdrawn": "1"}),
    ("/events/{id}/pair", {}),
    ("/events/{id}/undo", {}),
    ("/events/{id}/rounds/1/results", {}),
    ("/events/{id}/delete", {"confirm": "Club evening"}),
]


def _state(app) -> tuple[int, int, list[str]]:  # type: ignore[no-untyped-def]
    """(players, rounds, results) stored: to prove a refused request changed nothing."""
    from fairdraw.storage import repo

    with app.state.web.sessions() as db:
        events = repo.list_events(db)
        players = sum(len(e.participants) for e in events)
        rounds = sum(len(e.rounds) for e in events)
        results = [b.result or "" for e in events for r in e.rounds for b in r.boards]
    return players, rounds, results


@pytest.fixture
def event_id(client: TestClient) -> int:
    event = create_event(client, "berger")
    import_players(client, event, field_csv(4))
    post(client, event, "/pair")
    return event


def test_write_without_session_is_refused(app, event_id: int) -> None:  # type: ignore[no-untyped-def]
    before = _state(app)
    stranger = TestClient(app)
    token = csrf_of(stranger.get("/login").text)  # even with a valid token of its own session
    for path, data in WRITES:
        response = stranger.post(path.format(id=event_id), data={"csrf_token": token, **data}, follow_redirects=False)
        assert response.status_code == 403, path
    assert _state(app) == before


def test_form_without_its_csrf_token_is_refused(app, client: TestClient, event_id: int) -> None:  # type: ignore[no-untyped-def]
    before = _state(app)
    for token in (None, "", "forged-token"):
        for path, data in WRITES:
            form = dict(data)
            if token is not None:
                form["csrf_token"] = token
            response = client.post(path.format(id=event_id), data=form, follow_redirects=False)
            assert response.status_code == 403, (path, token)
            assert "CSRF" in response.text
    assert _state(app) == before
    # the same request WITH its token goes through: the refusals above were the token's doing
    assert client.post(f"/events/{event_id}/players", data={"name": "Late", "csrf_token": csrf_of(
        client.get(f"/events/{event_id}").text)}, follow_redirects=False).status_code == 303


def test_token_of_another_session_is_refused(app, client: TestClient, event_id: int) -> None:  # type: ignore[no-untyped-def]
    other = signed_in(app)
    foreign = csrf_of(other.get(f"/events/{event_id}").text)
    assert foreign != csrf_of(client.get(f"/events/{event_id}").text)
    response = client.post(f"/events/{event_id}/players", data={"name": "X", "csrf_token": foreign})
    assert response.status_code == 403


def test_forged_session_cookie_is_not_a_session(app, event_id: int) -> None:  # type: ignore[no-untyped-def]
    intruder = TestClient(app)
    intruder.cookies.set("fairdraw_session", "eyJ1aWQiOjEsImNzcmYiOiJ4In0.forged.signature")
    assert intruder.get(f"/events/{event_id}", follow_redirects=False).status_code == 303
    response = intruder.post(f"/events/{event_id}/players", data={"name": "X", "csrf_token": "x"})
    assert response.status_code == 403


def test_pages_and_exports_need_the_organiser(app, event_id: int) -> None:  # type: ignore[no-untyped-def]
    stranger = TestClient(app)
    for path in ("/", f"/events/{event_id}", f"/events/{event_id}/rounds/1", f"/events/{event_id}/standings"):
        response = stranger.get(path, follow_redirects=False)
        assert response.status_code == 303 and response.headers["location"] == "/login", path
    assert stranger.get(f"/events/{event_id}/export/json").status_code == 403


def test_wrong_password_does_not_sign_in(app) -> None:  # type: ignore[no-untyped-def]
    browser = TestClient(app)
    token = csrf_of(browser.get("/login").text)
    response = browser.post("/login", data={"username": "organiser", "password": "wrong password", "csrf_token": token})
    assert response.status_code == 401
    assert browser.get("/", follow_redirects=False).headers["location"] == "/login"


EDIT_CONTROLS = re.compile(r"<(form|input|button|textarea|select)\b", re.IGNORECASE)


def test_public_pages_have_no_edit_control(app, client: TestClient, event_id: int) -> None:  # type: ignore[no-untyped-def]
    event_page = client.get(f"/events/{event_id}").text
    assert EDIT_CONTROLS.search(event_page)  # the organiser's page does have them
    slug = re.search(r'href="/p/([^"/]+)"', event_page).group(1)  # type: ignore[union-attr]
    paths = [f"/p/{slug}"] + [f"/p/{slug}/print/{kind}" for kind in
                              ("pairings", "results", "cards", "standings", "crosstable")]
    for viewer in (TestClient(app), client):  # a spectator, and the organiser looking at it
        for path in paths:
            response = viewer.get(path)
            assert response.status_code == 200, path
            assert not EDIT_CONTROLS.search(response.text), path
            assert "/events/" not in response.text, path  # no links into the organiser's pages


HOSTILE = [
    "Robert'); DROP TABLE participants;--",
    "x' OR '1'='1",
    '<script>alert("pwned")</script>',
    "Zoë \"Z\" Ørsted & co",
]


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_name_is_stored_and_shown_as_text(app, client: TestClient, name: str) -> None:  # type: ignore[no-untyped-def]
    import html

    event = create_event(client, "berger")
    response = post(client, event, "/players", name=name)
    assert response.status_code == 200
    with app.state.web.sessions() as db:
        stored = db.scalars(select(Participant.name).where(Participant.event_id == event)).all()
        assert list(stored) == [name]
        assert "participants" in inspect(db.get_bind()).get_table_names()
    page = client.get(f"/events/{event}").text
    assert name in html.unescape(page)
    assert "<script>alert" not in page
    slug = re.search(r'href="/p/([^"/]+)"', page).group(1)  # type: ignore[union-attr]
    public = TestClient(app).get(f"/p/{slug}").text
    assert "<script>alert" not in public
    assert name in html.unescape(public)


def test_setup_link_creates_the_first_account_once(database_url: str) -> None:
    from fairdraw.web import create_app

    app = create_app(database_url)
    token = app.state.web.setup_token
    assert token
    browser = TestClient(app)
    assert browser.get("/setup?token=wrong").status_code == 403
    page = browser.get(f"/setup?token={token}")
    assert page.status_code == 200
    response = browser.post("/setup", data={"token": token, "username": "chief", "password": "long enough pw",
                                            "csrf_token": csrf_of(page.text)}, follow_redirects=False)
    assert response.status_code == 303
    assert browser.get("/", follow_redirects=False).status_code == 200  # signed in as chief
    again = TestClient(app)
    assert again.get(f"/setup?token={token}").status_code == 403
    app.state.web.engine.dispose()


def test_security_headers_allow_only_our_own_scripts(app) -> None:  # type: ignore[no-untyped-def]
    response = TestClient(app).get("/login")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert response.headers["x-frame-options"] == "DENY"
    assert "<script>" not in response.text  # no inline script the policy would block
