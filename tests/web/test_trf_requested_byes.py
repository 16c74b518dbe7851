"""The byes asked for the next round, and a withdrawal while a round is under way, travel through
the page's TRF16 export and import: the copy pairs the round the event pairs.

An audit asked a half-point and a zero-point bye on the page, exported TRF16 and imported it into
a new event: the byes were not in the file and the copy paired both players. And a player
withdrawn while the last round still had results missing was not in the file at all (it stops
before that round), so the copy paired them again.
"""

from __future__ import annotations

import html
import json
from typing import Any

from fastapi.testclient import TestClient

from tests.web.helpers import create_event, field_csv, import_players, post, results_form


def _event_after_round_1(client: TestClient) -> int:
    event = create_event(client, "dutch", rounds="5")
    import_players(client, event, field_csv(6))
    post(client, event, "/pair", round="1")
    page = client.get(f"/events/{event}/rounds/1").text
    assert "Saved 3 results" in client.post(f"/events/{event}/rounds/1/results",
                                            data=results_form(page, {0: "1", 1: "=", 2: "0"})).text
    return event


def _round(client: TestClient, event: int, number: int) -> dict[str, Any]:
    rnd = json.loads(client.get(f"/events/{event}/export/json").text)["rounds"][number - 1]
    return {"tables": [t["seats"] for t in rnd["tables"]],
            "byes": {str(pid): rnd.get("bye_kinds", {}).get(str(pid), "bye") for pid in rnd["byes"]}}


def _copy(client: TestClient, trf: str) -> tuple[int, str]:
    copy = create_event(client, "dutch", name="Copy", rounds="5")
    return copy, import_players(client, copy, trf)


def test_byes_asked_for_the_next_round_travel_and_the_copy_pairs_the_same_round(client: TestClient) -> None:
    event = _event_after_round_1(client)
    post(client, event, "/players/1/bye", bye="half-point")
    post(client, event, "/players/6/bye", bye="zero-point")
    trf = client.get(f"/events/{event}/export/trf").text
    lines = {int(line[4:8]): line.rstrip() for line in trf.splitlines() if line.startswith("001")}
    assert lines[1].endswith("0000 - H") and lines[6].endswith("0000 - Z")
    copy, note = _copy(client, trf)
    assert "Imported 1 round" in note and "Withdrawn" not in note, note
    assert "Round 2 is paired" in post(client, event, "/pair", round="2").text
    assert "Round 2 is paired" in post(client, copy, "/pair", round="2").text
    made = _round(client, event, 2)
    assert made["byes"]["1"] == "half-point" and made["byes"]["6"] == "zero-point"
    assert _round(client, copy, 2) == made


def test_a_round_under_way_travels_with_its_absences_and_the_copy_pairs_it_again(client: TestClient) -> None:
    """Player 5 withdrawn and player 1 on a half-point bye before round 2 was paired; one result
    of round 2 is in: the file ends with round 1 and announces both for round 2."""
    event = _event_after_round_1(client)
    post(client, event, "/players/1/bye", bye="half-point")
    post(client, event, "/players/5/withdraw", withdrawn="1")
    assert "Round 2 is paired" in post(client, event, "/pair", round="2").text
    page = client.get(f"/events/{event}/rounds/2").text
    assert "Saved 1 result" in client.post(f"/events/{event}/rounds/2/results", data=results_form(page, {0: "1"})).text
    trf = client.get(f"/events/{event}/export/trf").text
    copy, note = _copy(client, trf)
    assert "Imported 1 round" in note and "Withdrawn: Player 5" in note, note
    assert "Round 2 is paired" in post(client, copy, "/pair", round="2").text
    assert _round(client, copy, 2) == _round(client, event, 2)


def test_a_withdrawal_after_the_round_under_way_was_paired_refuses_the_export_naming_the_results(
        client: TestClient) -> None:
    event = _event_after_round_1(client)
    assert "Round 2 is paired" in post(client, event, "/pair", round="2").text
    post(client, event, "/players/6/withdraw", withdrawn="1")
    answer = client.get(f"/events/{event}/export/trf")
    text = html.unescape(answer.text)
    assert "Not exported" in text and "round 2 has results missing (board 1, 2, 3)" in text, text
    assert "Player 6 withdrew after round 2 was paired" in text


def test_a_bye_typed_ahead_in_the_file_is_kept_for_its_round(client: TestClient) -> None:
    """A bye typed ahead (round 4's column) was named in the note, to be asked again, and dropped:
    it is kept on the players list for round 4 (tests/web/test_byes_ahead.py: the rest)."""
    trf = client.get(f"/events/{_event_after_round_1(client)}/export/trf").text
    lines = [line if not line.startswith("001    2") else line.rstrip().ljust(119) + "  0000 - H"
             for line in trf.splitlines()]
    copy, note = _copy(client, "\n".join(lines) + "\n")
    note = html.unescape(note)
    assert "Byes asked ahead, on the players list: Player 2: ½-point bye in round 4." in note, note
    assert "ask for them again" not in note
    assert json.loads(client.get(f"/events/{copy}/export/json").text)["meta"]["byes_later"] == {"4": {"2": "half-point"}}
