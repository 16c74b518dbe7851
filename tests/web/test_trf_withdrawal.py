"""A withdrawal travels through the page's TRF16 export and import.

An audit withdrew a player of a club Swiss, exported the event as TRF16 and imported the file
into a new event: the next round paired the withdrawn player again. TRF16 has no mark for a
withdrawal; fairdraw writes one as an absence announced for the next round ("0000 - -",
``fairdraw trf`` on the JSON export did, the page's own TRF16 export did not). The page's export
now writes it too, and an import that brings the rounds withdraws a player so announced, saying
so and how to bring them back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from fastapi.testclient import TestClient

from tests.conftest import CliResult
from tests.web.helpers import create_event, field_csv, import_players, post, results_form


def _withdrawn_after_round_1(client: TestClient) -> int:
    event = create_event(client, "club-swiss", rounds="5")
    import_players(client, event, field_csv(6))
    post(client, event, "/pair", round="1")
    page = client.get(f"/events/{event}/rounds/1").text
    assert "Saved 3 results" in client.post(f"/events/{event}/rounds/1/results",
                                            data=results_form(page, {0: "1", 1: "=", 2: "0"})).text
    assert "withdrawn" in post(client, event, "/players/6/withdraw", withdrawn="1").text
    return event


def _player_line(trf: str, rank: int) -> str:
    return next(line for line in trf.splitlines() if line.startswith("001") and int(line[4:8]) == rank)


def test_the_trf16_export_announces_a_withdrawn_player_absent_as_the_command_line_does(
        client: TestClient, tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    event = _withdrawn_after_round_1(client)
    trf = client.get(f"/events/{event}/export/trf").text
    assert _player_line(trf, 6).rstrip().endswith("0000 - -")
    exported = tmp_path / "event.json"
    exported.write_text(client.get(f"/events/{event}/export/json").text, encoding="utf-8")
    result = cli("trf", str(exported))
    assert result.code == 0, result.err
    assert [line for line in trf.splitlines() if line.startswith("001")] == [
        line for line in result.out.splitlines() if line.startswith("001")]


def test_an_imported_trf16_keeps_the_withdrawal_and_says_so(client: TestClient) -> None:
    trf = client.get(f"/events/{_withdrawn_after_round_1(client)}/export/trf").text
    copy = create_event(client, "club-swiss", name="Copy", rounds="5")
    text = import_players(client, copy, trf)
    assert "Imported 1 round" in text and "Withdrawn: Player 6" in text, text
    assert "Bring back" in text and "byes for the next round other than H and Z" not in text
    data = json.loads(client.get(f"/events/{copy}/export/json").text)
    assert data["meta"]["withdrawn"] == [6]
    assert "Round 2 is paired" in post(client, copy, "/pair", round="2").text
    second = json.loads(client.get(f"/events/{copy}/export/json").text)["rounds"][1]
    assert 6 not in {pid for table in second["tables"] for pid in table["seats"]}
    assert 6 in second["byes"] and second["bye_kinds"]["6"] == "absent"
