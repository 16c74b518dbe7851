"""Signing out ends the session (audit 2026-12-05): the cookie is signed, not stored, so *Sign
out* only rewrote this browser's copy, and a copy taken before (a shared venue laptop, a synced
browser profile) still changed events for up to 14 days. Now the moment is recorded and every
session of the account signed in before it is over."""

from __future__ import annotations

import html

from fastapi.testclient import TestClient

from fairdraw.web.auth import COOKIE as COOKIE_NAME
from tests.web.conftest import csrf_of, signed_in
from tests.web.helpers import create_event


def test_a_copy_of_the_cookie_taken_before_signing_out_changes_nothing(app) -> None:  # type: ignore[no-untyped-def]
    client = signed_in(app)
    event = create_event(client, "dutch", rounds="5")
    page = client.get(f"/events/{event}").text
    token, kept = csrf_of(page), client.cookies.get(COOKIE_NAME)
    client.post("/logout", data={"csrf_token": token})

    thief = TestClient(app)
    thief.cookies.set(COOKIE_NAME, kept)
    response = thief.post(f"/events/{event}/players", data={"csrf_token": token, "name": "After sign-out"},
                          follow_redirects=False)
    assert response.status_code in (303, 403)
    assert "/login" in response.headers.get("location", "/login")
    again = signed_in(app)  # signing in again works, and the event is as it was
    assert "After sign-out" not in html.unescape(again.get(f"/events/{event}").text)
    added = again.post(f"/events/{event}/players", data={"csrf_token": csrf_of(again.get(f"/events/{event}").text),
                                                         "name": "Signed in again"})
    assert "Added Signed in again" in html.unescape(added.text)
