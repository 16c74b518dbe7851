"""Page wording (QA): a round robin of two players has one round, and the page said "The
schedule has 1 rounds"."""

from __future__ import annotations

import html

from fastapi.testclient import TestClient

from tests.web.helpers import create_event, import_players, post


def test_a_one_round_schedule_is_one_round(client: TestClient) -> None:
    event = create_event(client, "berger", rounds="3")
    import_players(client, event, "name\nAnna\nBert")
    said = html.unescape(post(client, event, "/pair").text)
    assert "The schedule has 1 round (the system fixes the count; the 3 asked for do not apply)" in said
