"""Correcting a result once a later round is paired (QA): the correction is saved and counts in
the standings, and the page says that the rounds already paired stay as they are (FIDE C.04.2,
general handling rules of Swiss events: a corrected result only affects pairings yet to be
made), where it used to say only "Saved"."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.helpers import create_event, import_players, post, results_form


def test_a_correction_after_the_next_round_was_paired_says_that_round_stays(client: TestClient) -> None:
    """A result corrected in round 1 once round 2 is paired is saved (FIDE C.04.2: it affects
    only the pairings yet to be made), and the organiser is told round 2 stays as paired; a
    correction in the last round, or in a fixed schedule, needs no such note."""
    event = create_event(client, "dutch", rounds="3")
    import_players(client, event, "name,rating\n" + "\n".join(f"P{i},{2000 - 10 * i}" for i in range(1, 7)))
    post(client, event, "/pair")
    page = client.get(f"/events/{event}/rounds/1").text
    assert "Note" not in client.post(f"/events/{event}/rounds/1/results", data=results_form(page, dict.fromkeys(range(3), "1"))).text
    post(client, event, "/pair")
    page = client.get(f"/events/{event}/rounds/1").text
    corrected = client.post(f"/events/{event}/rounds/1/results", data=results_form(page, {0: "0"})).text
    assert "Saved 1 result. Note: round 2 was paired before this change and stays as paired" in corrected
