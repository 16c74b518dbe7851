"""Byes asked ahead on the players list: a player who will miss round 5 says so on day one.

The page took a bye for the next round only (and a TRF16 import named the byes a file asked
ahead, to be asked again, and dropped them). A bye asked for a later round of a Swiss or Keizer
event is stored, shown on the players list, cancellable, handed to the system when its round
is paired (the request the next-round bye makes), kept across an undo, exported as the CLI's
``meta.byes_later`` and TRF16 columns, and read back by the TRF16 import.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from fastapi.testclient import TestClient

from fairdraw.formats.schedule_json import schedule_from_dict
from tests.web.helpers import create_event, field_csv, import_players, post, results_form


def _event(client: TestClient, players: int = 6, rounds: str = "5") -> int:
    event = create_event(client, "dutch", rounds=rounds)
    import_players(client, event, field_csv(players))
    return event


def _pair_and_score(client: TestClient, event: int, number: int) -> None:
    """Pair round ``number`` and give every board a white win."""
    assert f"Round {number} is paired" in post(client, event, "/pair", round=str(number)).text
    page = client.get(f"/events/{event}/rounds/{number}").text
    boards = len(re.findall(r'name="v\d+"', page))
    assert "Saved" in client.post(f"/events/{event}/rounds/{number}/results",
                                  data=results_form(page, dict.fromkeys(range(boards), "1"))).text


def _exported(client: TestClient, event: int) -> dict[str, Any]:
    return json.loads(client.get(f"/events/{event}/export/json").text)


def _byes(client: TestClient, event: int, number: int) -> set[tuple[int, str]]:
    rnd = schedule_from_dict(_exported(client, event)).rounds[number - 1]
    return {(b.id, b.kind) for b in rnd.byes}


def _seated(client: TestClient, event: int, number: int) -> set[int]:
    rnd = schedule_from_dict(_exported(client, event)).rounds[number - 1]
    return {pid for t in rnd.tables for pid in t.seats}


def _ask(client: TestClient, event: int, pid: int, number: int | str, kind: str = "half-point") -> str:
    return html.unescape(post(client, event, f"/players/{pid}/bye-ahead", round=str(number), bye=kind).text)


def _players_list(client: TestClient, event: int) -> str:
    page = html.unescape(client.get(f"/events/{event}").text)
    return page[page.index('id="player-list"'):]


def _paired_by_cli(cli: Any, tmp_path: Any, exported: dict[str, Any]) -> dict[str, Any]:
    """`fairdraw pair` on the page's JSON export: the schedule JSON it writes, the next round added."""
    path = tmp_path / "event.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    assert cli("pair", str(path), "--json", "-o", str(tmp_path / "next.json")).code == 0
    written: dict[str, Any] = json.loads((tmp_path / "next.json").read_text(encoding="utf-8"))
    return written


def test_a_bye_asked_ahead_is_listed_and_given_in_its_round_only(client: TestClient) -> None:
    event = _event(client)
    said = _ask(client, event, 3, 3)
    assert "Player 3: ½-point bye in round 3." in said, said
    assert "½-point bye in round 3" in _players_list(client, event)
    _pair_and_score(client, event, 1)
    _pair_and_score(client, event, 2)
    assert 3 in _seated(client, event, 1) and 3 in _seated(client, event, 2)
    _pair_and_score(client, event, 3)
    assert (3, "half-point") in _byes(client, event, 3) and 3 not in _seated(client, event, 3)
    _pair_and_score(client, event, 4)
    assert 3 in _seated(client, event, 4)  # for its own round only
    assert "bye in round 3" not in _players_list(client, event)


def test_a_bye_asked_ahead_for_the_next_round_is_the_next_rounds_bye(client: TestClient) -> None:
    """Round 2 asked while round 1 is next: once round 1 is paired, round 2's select shows it."""
    event = _event(client)
    _ask(client, event, 4, 2, "zero-point")
    _pair_and_score(client, event, 1)
    row = _players_list(client, event).split("Player 4", 1)[1].split("</tr>", 1)[0]
    assert re.search(r'<option value="zero-point" selected>', row), row
    _ask(client, event, 5, 2)  # the next round named: the next-round request itself
    _pair_and_score(client, event, 2)
    assert {(4, "zero-point"), (5, "half-point")} <= _byes(client, event, 2)


def test_a_round_paired_already_or_past_the_events_rounds_is_refused_by_name(client: TestClient) -> None:
    event = _event(client)
    _pair_and_score(client, event, 1)
    paired = _ask(client, event, 2, 1)
    assert "Not done" in paired and "field 'round'" in paired and "round 1 is paired already" in paired, paired
    past = _ask(client, event, 2, 6)
    assert "Not done" in past and "field 'round'" in past and "round 6: the event has 5 rounds" in past, past
    typo = _ask(client, event, 2, "fifth")
    assert "Not done" in typo and "round: expected a whole number" in typo, typo
    assert "bye in round" not in _players_list(client, event)
    assert "byes_later" not in _exported(client, event)["meta"]


def test_a_bye_asked_ahead_is_cancelled_and_the_player_paired_in_that_round(client: TestClient) -> None:
    event = _event(client)
    _ask(client, event, 2, 2)
    _ask(client, event, 2, 4, "zero-point")
    said = _ask(client, event, 2, 2, "")
    assert "Player 2: the bye in round 2 is cancelled." in said, said
    assert "bye in round 2" not in _players_list(client, event)
    assert "0-point bye in round 4" in _players_list(client, event)  # the other one stays
    again = _ask(client, event, 2, 2, "")
    assert "Not done" in again and "Player 2 has no bye asked for round 2" in again, again
    _pair_and_score(client, event, 1)
    _pair_and_score(client, event, 2)
    assert 2 in _seated(client, event, 2)


def test_a_bye_past_rounds_cut_since_is_shown_so_left_out_of_the_exports_and_cancellable(
        client: TestClient) -> None:
    event = _event(client)
    _ask(client, event, 2, 5)
    post(client, event, "/settings", name="Club evening", rounds="4", scoring="", tiebreaks="", options="")
    assert "½-point bye in round 5 (after the event's last round)" in _players_list(client, event)
    assert "byes_later" not in _exported(client, event)["meta"]
    assert "0000 - H" not in client.get(f"/events/{event}/export/trf").text
    said = _ask(client, event, 2, 5, "")
    assert "Player 2: the bye in round 5 is cancelled." in said, said
    assert "bye in round 5" not in _players_list(client, event)
    zero = _ask(client, event, 2, 0)
    assert "Not done" in zero and "rounds are numbered from 1, not 0" in zero, zero


def test_a_schedule_made_whole_takes_no_bye_ahead(client: TestClient) -> None:
    event = create_event(client, "berger")
    import_players(client, event, field_csv(4))
    said = _ask(client, event, 1, 2)
    assert "Not done" in said and "field 'bye'" in said and "a berger schedule is made whole" in said, said


def test_undo_keeps_a_bye_for_the_round_after_the_one_undone_for_that_round(client: TestClient) -> None:
    """Before, a bye asked for round 2 (the next round, once round 1 was paired) moved to round 1
    when round 1 was undone, and round 1 was paired again without the player."""
    event = _event(client)
    _ask(client, event, 3, 2)
    assert "Round 1 is paired" in post(client, event, "/pair", round="1").text
    assert "Round 1 and its results are removed" in post(client, event, "/undo", round="1").text
    assert "½-point bye in round 2" in _players_list(client, event)
    _pair_and_score(client, event, 1)
    assert 3 in _seated(client, event, 1)
    _pair_and_score(client, event, 2)
    assert (3, "half-point") in _byes(client, event, 2)


def test_undo_of_the_round_of_a_bye_asked_ahead_asks_it_again(client: TestClient) -> None:
    event = _event(client)
    _ask(client, event, 6, 2, "zero-point")
    _pair_and_score(client, event, 1)
    _pair_and_score(client, event, 2)
    made = schedule_from_dict(_exported(client, event)).rounds[1]
    post(client, event, "/undo", round="2")
    assert "Round 2 is paired" in post(client, event, "/pair", round="2").text
    again = schedule_from_dict(_exported(client, event)).rounds[1]
    assert (6, "zero-point") in {(b.id, b.kind) for b in again.byes}
    assert [t.seats for t in again.tables] == [t.seats for t in made.tables]


def test_a_withdrawn_players_bye_ahead_breaks_neither_the_pairing_nor_the_export(
        client: TestClient, cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    event = _event(client)
    _pair_and_score(client, event, 1)
    _ask(client, event, 4, 3)
    post(client, event, "/players/4/withdraw", withdrawn="1")
    assert "½-point bye in round 3 (not applied while withdrawn)" in _players_list(client, event)
    refused = _ask(client, event, 4, 4)
    assert "Not done" in refused and "Player 4 is withdrawn" in refused, refused
    refused = html.unescape(post(client, event, "/players/4/bye", bye="zero-point").text)  # the next round's
    assert "Not done" in refused and "Player 4 is withdrawn" in refused, refused
    _pair_and_score(client, event, 2)
    exported = _exported(client, event)
    assert "requested_byes" not in exported["meta"] and "byes_later" not in exported["meta"]
    by_cli = schedule_from_dict(_paired_by_cli(cli, tmp_path, exported)).rounds[-1]
    assert "Round 3 is paired" in post(client, event, "/pair", round="3").text
    by_page = schedule_from_dict(_exported(client, event)).rounds[-1]
    assert (4, "absent") in {(b.id, b.kind) for b in by_page.byes}
    assert [t.seats for t in by_cli.tables] == [t.seats for t in by_page.tables]


def test_the_json_export_carries_byes_asked_ahead_as_the_cli_reads_them(
        client: TestClient, cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    event = _event(client)
    _pair_and_score(client, event, 1)
    _ask(client, event, 5, 3)
    _ask(client, event, 2, 4, "zero-point")
    exported = _exported(client, event)
    assert exported["meta"]["byes_later"] == {"3": {"5": "half-point"}, "4": {"2": "zero-point"}}
    written = _paired_by_cli(cli, tmp_path, exported)
    assert written["meta"]["byes_later"] == exported["meta"]["byes_later"]  # `pair` keeps them for their rounds


def _lines(trf: str) -> dict[int, str]:
    return {int(line[4:8]): line.rstrip() for line in trf.splitlines() if line.startswith("001")}


def test_the_trf_export_and_import_keep_byes_asked_ahead(client: TestClient) -> None:
    event = _event(client)
    _pair_and_score(client, event, 1)
    _ask(client, event, 2, 4)
    _ask(client, event, 6, 3, "zero-point")
    trf = client.get(f"/events/{event}/export/trf").text
    lines = _lines(trf)
    assert lines[2].endswith("0000 - H") and len(lines[2]) == 89 + 4 * 10, lines[2]  # round 4's column
    assert lines[6].endswith("0000 - Z") and len(lines[6]) == 89 + 3 * 10, lines[6]  # round 3's column
    copy = create_event(client, "dutch", name="Copy", rounds="5")
    note = html.unescape(import_players(client, copy, trf))
    assert ("Byes asked ahead, on the players list: Player 6: 0-point bye in round 3; Player 2: ½-point bye in "
            "round 4.") in note, note
    assert "ask for them again" not in note
    assert _exported(client, copy)["meta"]["byes_later"] == _exported(client, event)["meta"]["byes_later"]
    assert _lines(client.get(f"/events/{copy}/export/trf").text) == lines  # the round trip keeps them
    for number in (2, 3):
        _pair_and_score(client, event, number)
        _pair_and_score(client, copy, number)
    assert (6, "zero-point") in _byes(client, copy, 3)
    assert _exported(client, copy)["rounds"] == _exported(client, event)["rounds"]


def test_a_trf_made_before_round_1_brings_its_byes(client: TestClient) -> None:
    """A file with no round yet: its byes for round 1 and those asked ahead were dropped unsaid."""
    event = _event(client)
    post(client, event, "/players/1/bye", bye="zero-point")
    _ask(client, event, 5, 2)
    trf = client.get(f"/events/{event}/export/trf").text
    copy = create_event(client, "dutch", name="Copy", rounds="5")
    note = html.unescape(import_players(client, copy, trf))
    assert "Imported 6 players" in note and "Player 5: ½-point bye in round 2" in note, note
    _pair_and_score(client, copy, 1)
    assert (1, "zero-point") in _byes(client, copy, 1)
    _pair_and_score(client, copy, 2)
    assert (5, "half-point") in _byes(client, copy, 2)


def test_a_trf_bye_ahead_the_page_cannot_ask_is_named(client: TestClient) -> None:
    """A full-point bye typed ahead has no form on the page: named in the note, not stored."""
    event = _event(client)
    _pair_and_score(client, event, 1)
    trf = client.get(f"/events/{event}/export/trf").text
    lines = [line if not line.startswith("001    2") else line.rstrip().ljust(119) + "  0000 - F"
             for line in trf.splitlines()]
    copy = create_event(client, "dutch", name="Copy", rounds="5")
    note = html.unescape(import_players(client, copy, "\n".join(lines) + "\n"))
    assert "byes asked ahead that the page has no form for (start rank 2 (a full-point bye) in round 4" in note, note
    assert "bye in round" not in _players_list(client, copy)
