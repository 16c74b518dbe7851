"""Small slips an audit of the organiser's page found, each kept fixed by a test: a chombo
saved on a table without scores, event names and texts unchecked at creation, a rating of 0
shown blank, formulas in the players CSV export, and uploads the page cannot read as text."""

from __future__ import annotations

import csv
import html
import io
import json

import pytest
from fastapi.testclient import TestClient

from fairdraw.formats.schedule_json import schedule_from_dict
from fairdraw.storage import repo
from tests.web.conftest import csrf_of
from tests.web.helpers import board_fields, create_event, field_csv, form_base, import_players, post


def _schedule(client: TestClient, event: int):  # type: ignore[no-untyped-def]
    return schedule_from_dict(json.loads(client.get(f"/events/{event}/export/json").text))


def _create(client: TestClient, **fields: str) -> str:
    """The page after submitting the "new event" form (a berger event named "x" unless given)."""
    page = client.get("/")
    data = {"name": "x", "system": "berger", "csrf_token": csrf_of(page.text), **fields}
    return html.unescape(client.post("/events", data=data).text)


def _event_names(client: TestClient) -> list[str]:
    with client.app.state.web.sessions() as db:  # type: ignore[attr-defined]
        return [e.name for e in repo.list_events(db)]


def test_a_penalty_without_scores_is_refused_naming_the_table(client: TestClient, toy_systems: None) -> None:
    event = create_event(client, "toy-tables", rounds="1")
    import_players(client, event, field_csv(4))
    post(client, event, "/pair")
    page = client.get(f"/events/{event}/rounds/1").text
    board = board_fields(page)[0]
    data = {**form_base(page), f"v{board['id']}": board["version"], f"o{board['id']}": board["shown"],
            f"p{board['id']}_0": "8000"}  # a chombo, every score left empty
    response = client.post(f"/events/{event}/rounds/1/results", data=data)
    text = html.unescape(response.text)
    assert response.status_code == 400 and "Saved" not in text
    assert "table 1: a penalty (chombo) needs the table's final scores" in text
    table = _schedule(client, event).rounds[0].tables[0]
    assert table.scores is None and table.penalties is None


def test_the_event_name_seed_and_tie_breaks_are_checked_at_creation_and_in_the_settings(
        client: TestClient) -> None:
    assert "Not created" in (text := _create(client, name="x" * 500)) and "at most 200" in text
    assert "Not created" in (text := _create(client, seed="s" * 201)) and "seed: 201 characters" in text
    assert "Not created" in (text := _create(client, tiebreaks="BH," * 70)) and "tie-breaks: 210 characters" in text
    assert _event_names(client) == []
    event = create_event(client, "berger", name="Club\tevening\nspring", seed="s" * 200)
    assert _event_names(client) == ["Club evening spring"]  # one line, as the settings form keeps it
    for fields, said in (({"seed": "s" * 201}, "seed: 201 characters"),
                         ({"tiebreaks": "BH," * 70}, "tie-breaks: 210 characters"),
                         ({"name": "y" * 201}, "at most 200")):
        text = html.unescape(post(client, event, "/settings", **{"name": "Club", **fields}).text)
        assert "Not done" in text and said in text, fields
    assert _event_names(client) == ["Club evening spring"]


def test_a_rating_of_0_is_shown_in_the_player_list(client: TestClient) -> None:
    event = create_event(client, "berger")
    import_players(client, event, "name,rating\nZero,0\nNone,")
    page = client.get(f"/events/{event}").text
    assert '<td class="name">Zero</td><td>0</td>' in page
    assert '<td class="name">None</td><td></td>' in page


@pytest.mark.parametrize(
    ("filename", "content", "said"),
    [
        ("neither.csv", b"name,rating\nJo\x81s,1500\n", "the file is not UTF-8 text, nor Windows-1252"),
        ("zeros.csv", b"\x00" * 64, "the file is not text"),
        ("book.xlsx", b"PK\x03\x04\x14\x00\x06\x00" + b"\x00" * 32, "the file is not text"),
    ],
)
def test_an_upload_the_page_cannot_read_gets_advice_and_no_raw_bytes(
        client: TestClient, filename: str, content: bytes, said: str) -> None:
    event = create_event(client, "berger")
    page = client.get(f"/events/{event}")
    response = client.post(f"/events/{event}/players/import", data={"csrf_token": csrf_of(page.text)},
                           files={"file": (filename, content, "text/csv")})
    text = html.unescape(response.text)
    assert f"{filename}: {said}" in text
    assert "Save it as CSV UTF-8 in the spreadsheet program" in text
    assert "\x00" not in response.text
    assert _schedule(client, event).players == ()


@pytest.mark.parametrize(
    ("content", "noted"),
    [
        ("name;rating\r\nJosé Müller;1500\r\nØdegaard;1400\r\n".encode("cp1252"), True),  # Excel's plain CSV
        ("name\trating\r\nJosé Müller\t1500\r\nØdegaard\t1400\r\n".encode("utf-16"), False),  # "Unicode text"
    ],
)
def test_a_spreadsheet_list_not_in_utf8_is_read_with_its_names_right(
        client: TestClient, content: bytes, noted: bool) -> None:
    """Excel on Windows saves plain "CSV" in Windows-1252 and "Unicode text" in UTF-16: both were
    refused as "not UTF-8 text"; they are read, the 8-bit one with a note to check the names."""
    event = create_event(client, "berger")
    page = client.get(f"/events/{event}")
    response = client.post(f"/events/{event}/players/import", data={"csrf_token": csrf_of(page.text)},
                           files={"file": ("club.csv", content, "text/csv")})
    text = html.unescape(response.text)
    assert "Imported 2 players" in text, text
    assert ("read as Windows-1252" in text) == noted
    assert [p.name for p in _schedule(client, event).players] == ["José Müller", "Ødegaard"]


def test_a_results_form_without_its_round_fingerprint_is_refused(client) -> None:  # type: ignore[no-untyped-def]
    """Board ids come back after an undo (SQLite reuses them): a results form without the round's
    fingerprint wrote onto the boards of a round paired again since ("Saved 4 results")."""
    from tests.web.helpers import results_form

    event = create_event(client, "dutch", "Fingerprint")
    import_players(client, event, field_csv(8))
    post(client, event, "/pair")
    page = client.get(f"/events/{event}/rounds/1").text
    data = results_form(page, {0: "1", 1: "1"})
    data.pop("pairing")
    response = client.post(f"/events/{event}/rounds/1/results", data=data)
    assert response.status_code == 400 and "round fingerprint" in html.unescape(response.text)
    data = results_form(page, {0: "1"})
    board = board_fields(page)[0]
    data[f"v{board['id']}"] = "9" * 25
    response = client.post(f"/events/{event}/rounds/1/results", data=data)
    assert response.status_code == 400 and "bad version field" in response.text  # was a 404 about the address


@pytest.mark.parametrize("option", ["requested_byes=1", 'requested_byes={"1":"half"}', "withdrawn=3"])
def test_an_option_the_page_keeps_for_itself_is_refused(client, option: str) -> None:  # type: ignore[no-untyped-def]
    """Typed into the options box, ``requested_byes=1`` made an event that could not be paired
    (TypeError: 'int' object is not iterable) until the option was removed."""
    page = client.get("/")
    response = client.post("/events", data={"name": "x", "system": "dutch", "csrf_token": csrf_of(page.text),
                                            "options": option})
    assert response.status_code == 400 and "kept by the page itself" in html.unescape(response.text)


def test_withdraw_takes_only_1_or_0(client) -> None:  # type: ignore[no-untyped-def]
    event = create_event(client, "dutch", "Withdraw flag")
    import_players(client, event, field_csv(4))
    response = post(client, event, "/players/1/withdraw", withdrawn="maybe")
    assert "field 'withdrawn': expected 1 (withdraw) or 0" in html.unescape(response.text)  # it withdrew
    assert "withdrawn from the rounds still to pair" in html.unescape(post(client, event, "/players/1/withdraw",
                                                                            withdrawn="1").text)


def test_an_option_the_system_does_not_read_is_refused_by_name(client) -> None:  # type: ignore[no-untyped-def]
    """``grup_size=5`` for a Meerkamp was stored and ignored: the groups came out of 4."""
    page = _create(client, name="Club groups", system="meerkamp", options="grup_size=5")
    assert "meerkamp has no option 'grup_size'" in page and "group_size" in page
    assert "Club groups" not in _event_names(client)
    _create(client, name="Club groups", system="meerkamp", options="group_size=5\nscoring.win=2")
    assert "Club groups" in _event_names(client)


def test_a_stored_option_unknown_to_the_system_does_not_lock_the_settings() -> None:
    """An event saved before the check keeps its option (rounds made may forbid removing it);
    only a new unknown key, or a changed value of one, is refused."""
    from fairdraw.core.errors import InputError
    from fairdraw.web import event_settings

    event_settings.check_system_options("heller", {"scheme": 2, "old": 1}, {"old": 1})
    with pytest.raises(InputError, match="heller has no option 'old'"):
        event_settings.check_system_options("heller", {"old": 2}, {"old": 1})
    with pytest.raises(InputError, match="no option 'schem'"):
        event_settings.check_system_options("heller", {"schem": 2})


@pytest.mark.parametrize("value", ["abc", "2000000000", "-1"])
def test_a_bad_round_on_the_pair_button_is_refused_not_a_server_error(client: TestClient, value: str) -> None:
    """The round the *Pair* button names was read before the work that turns a refusal into a
    message, so a tampered value was a 500 (undo reads its round inside and says "Not done")."""
    event = create_event(client, "mahjong", rounds="1", seed="p5")
    import_players(client, event, field_csv(4))
    response = post(client, event, "/pair", round=value)
    assert response.status_code in (200, 400, 409, 422)
    text = html.unescape(response.text)
    assert any(said in text for said in ("nothing was paired", "round: expected a whole number", "round: " + value + " is too large"))
    assert _schedule(client, event).rounds == ()


def _players(client: TestClient, event: int) -> list[tuple[int, str, int | None]]:
    return [(p.id, p.name, p.rating) for p in _schedule(client, event).players]


def test_a_list_without_ids_comes_after_the_players_already_there(client: TestClient) -> None:
    """A list without ids took the lowest free ids (after ids 10-12, Dirk got id 1 and pairing
    number 1 in a Berger event) where docs/web.md says it is numbered after the players there."""
    event = create_event(client, "berger")
    import_players(client, event, "id,name\n10,Anna\n11,Bert\n12,Cora\n")
    import_players(client, event, "name\nDirk\n")
    assert [(pid, name) for pid, name, _ in _players(client, event)] == [
        (10, "Anna"), (11, "Bert"), (12, "Cora"), (13, "Dirk")]


def test_the_list_again_with_a_rating_corrected_is_refused_not_added_twice(client: TestClient) -> None:
    event = create_event(client, "berger")
    import_players(client, event, field_csv(4))
    before = _players(client, event)
    corrected = field_csv(4).replace("Player 2,2380", "Player 2,2385")
    text = html.unescape(import_players(client, event, corrected))
    assert "every name of this list is already in the event; Player 2 differs in rating, federation or club" in text
    assert "nobody was added" in text and _players(client, event) == before


@pytest.mark.parametrize(("system", "options", "said"), [
    ("berger", "double=maybe", "double: expected true or false, got 'maybe'"),
    ("meerkamp", "group_size=1", "group_size: the group size must be at least"),
    ("meerkamp", "grouping=alphabet", "grouping: expected one of"),
    ("heller", "scheme=0", "scheme: expected a whole number from 1"),
    ("mahjong", "byes=perhaps", "byes: expected true or false"),
    ("mahjong", "separate=city", "separate: expected club or federation"),
    ("mahjong-league", "prefer=6", "prefer: expected 4 or 5"),
])
def test_a_fixed_system_option_value_is_refused_when_typed(client: TestClient, system: str, options: str,
                                                           said: str) -> None:
    """An option's value was checked only at *Pair*, with the players all entered: the
    settings form refuses it by the system's own reading, naming the option, nothing stored."""
    text = _create(client, system=system, options=options)
    assert f"options: {said}" in text, text[:2000]
    assert "x" not in _event_names(client)


def test_the_options_named_after_a_slip_are_ones_the_page_takes() -> None:
    """The refusal of ``Absent=3`` listed ``absent`` and ``points`` among the Dutch's options,
    which the page then refuses as its own (an audit): it names only options one may type."""
    from fairdraw.core.errors import InputError
    from fairdraw.web import event_settings

    with pytest.raises(InputError) as refused:
        event_settings.check_system_options("dutch", {"Absent": 3})
    listed = refused.value.message.split("its options: ")[1].split(";")[0].split(", ")
    assert "forbidden_pairs" in listed
    assert not set(listed) & set(event_settings.PAGE_KEPT_OPTIONS), listed
