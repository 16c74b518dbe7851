"""Co-organisers (issue 7 item 4, "only the organiser can change anything", for an event run by
two people: a chief arbiter and a deputy at another laptop, who would otherwise share one
account and its password). The owner names another organiser account; it then sees and
changes the event as the owner does, but only the owner changes who manages it or deletes it.
A third account still sees nothing."""

from __future__ import annotations

import html
import json

from fastapi.testclient import TestClient

from tests.web.conftest import add_user, csrf_of, signed_in
from tests.web.helpers import create_event, field_csv, import_players, post, results_form


def _account(app, app_url: str, name: str) -> TestClient:  # type: ignore[no-untyped-def]
    add_user(app_url, name)
    client = TestClient(app)
    login = client.get("/login")
    response = client.post("/login", data={"username": name, "password": "correct horse battery",
                                           "csrf_token": csrf_of(login.text)}, follow_redirects=False)
    assert response.status_code == 303
    return client


def _said(response) -> str:  # type: ignore[no-untyped-def]
    return html.unescape(response.text)


def test_a_co_organiser_runs_the_event_and_a_third_account_sees_nothing(app, app_url: str) -> None:  # type: ignore[no-untyped-def]
    owner = signed_in(app)
    event = create_event(owner, "berger", name="County final")
    import_players(owner, event, field_csv(4))
    deputy, stranger = _account(app, app_url, "deputy"), _account(app, app_url, "stranger")
    assert deputy.get(f"/events/{event}").status_code == 403  # not before the owner says so

    assert "deputy now manages this event too" in _said(post(owner, event, "/organisers", username=" deputy "))
    assert "Made by organiser; also managed by\n  deputy" in _said(owner.get(f"/events/{event}")).replace(
        "<strong>", "").replace("</strong>", "")
    dashboard = deputy.get("/").text  # on the deputy's dashboard, marked as another's event
    assert "County final</a> <span class=\"hint\">(co-organiser)</span>" in dashboard
    assert "(co-organiser)" not in owner.get("/").text
    post(deputy, event, "/pair")
    page = deputy.get(f"/events/{event}/rounds/1").text
    deputy.post(f"/events/{event}/rounds/1/results", data=results_form(page, {0: "1"}))
    data = json.loads(owner.get(f"/events/{event}/export/json").text)
    assert data["rounds"][0]["tables"][0]["result"] == "1-0"  # the owner sees the deputy's work

    assert "County final" not in stranger.get("/").text
    assert stranger.get(f"/events/{event}").status_code == 403
    response = post(stranger, event, "/organisers", username="stranger")  # cannot let itself in
    assert response.status_code == 403 and stranger.get(f"/events/{event}").status_code == 403


def test_only_the_owner_changes_who_manages_the_event_or_deletes_it(app, app_url: str) -> None:  # type: ignore[no-untyped-def]
    owner = signed_in(app)
    event = create_event(owner, "berger", name="Club cup")
    deputy = _account(app, app_url, "deputy")
    _account(app, app_url, "third")
    post(owner, event, "/organisers", username="deputy")
    page = _said(deputy.get(f"/events/{event}"))
    assert "Only organiser can change who manages this event" in page and 'id="delete-event"' not in page
    said = _said(post(deputy, event, "/organisers", username="third"))
    assert "only the account that made this event, organiser, can name its co-organisers" in said
    said = _said(post(deputy, event, "/delete", confirm="Club cup"))
    assert "Not deleted: only the account that made this event, organiser, can delete it" in said
    assert "Club cup" in owner.get("/").text and "third" not in _said(owner.get(f"/events/{event}"))

    assert "deputy no longer manages this event" in _said(post(owner, event, "/organisers/remove", username="deputy"))
    assert deputy.get(f"/events/{event}").status_code == 403 and "Club cup" not in deputy.get("/").text


def test_a_mistyped_or_repeated_account_is_said_and_changes_nothing(app, app_url: str) -> None:  # type: ignore[no-untyped-def]
    owner = signed_in(app)
    event = create_event(owner, "berger", name="Rapid")
    _account(app, app_url, "deputy")
    assert "there is no organiser account named 'depty'" in _said(post(owner, event, "/organisers", username="depty"))
    assert "organiser made this event and manages it already" in _said(
        post(owner, event, "/organisers", username="organiser"))
    assert "type the name of an organiser account" in _said(post(owner, event, "/organisers", username="  "))
    post(owner, event, "/organisers", username="deputy")
    assert "deputy manages this event already" in _said(post(owner, event, "/organisers", username="deputy"))
    page = _said(owner.get(f"/events/{event}")).replace("<strong>", "").replace("</strong>", "")
    assert page.count("Remove deputy") == 1
    assert "'nobody' is not a co-organiser" in _said(post(owner, event, "/organisers/remove", username="nobody"))


def test_deleting_the_event_takes_its_co_organisers_with_it(app, app_url: str) -> None:  # type: ignore[no-untyped-def]
    from sqlalchemy import func, select

    from fairdraw.storage.models import EventOrganiser

    owner = signed_in(app)
    event = create_event(owner, "berger", name="Blitz")
    _account(app, app_url, "deputy")
    post(owner, event, "/organisers", username="deputy")
    post(owner, event, "/delete", confirm="Blitz")
    with app.state.web.sessions() as db:
        assert db.scalar(select(func.count()).select_from(EventOrganiser)) == 0
