"""What an audit of the organiser's page found in the settings and the pairing numbers, each
kept fixed by a test: scoring options and a scoring for another game accepted (then every
results save failed), options silently kept while the page said "Settings saved.", two
players with one pairing number after a remade schedule, a club Swiss renumbering the field
every round, a round robin keeping a round count its schedule does not have, and the
settings form rewriting options it was only shown."""

from __future__ import annotations

import html
import json
import re

import pytest
from fastapi.testclient import TestClient

from fairdraw.formats.schedule_json import schedule_from_dict
from fairdraw.formats.trf import parse_trf
from fairdraw.storage import repo
from tests.web.conftest import csrf_of
from tests.web.helpers import create_event, enter_mahjong_round, field_csv, import_players, post, results_form


def _schedule(client: TestClient, event: int):  # type: ignore[no-untyped-def]
    return schedule_from_dict(json.loads(client.get(f"/events/{event}/export/json").text))


def _stored(client: TestClient, event: int):  # type: ignore[no-untyped-def]
    with client.app.state.web.sessions() as db:  # type: ignore[attr-defined]
        return repo.get_event(db, event)


def _try_create(client: TestClient, system: str, **fields: str) -> str:
    """The page shown after submitting *New event* (the notice says whether it was made)."""
    page = client.get("/")
    response = client.post("/events", data={"name": "x", "system": system, "csrf_token": csrf_of(page.text),
                                            **fields})
    return html.unescape(response.text)


def _settings_form(client: TestClient, event: int) -> dict[str, str]:
    """The settings form's fields as the page fills them in (what a browser submits unchanged)."""
    page = client.get(f"/events/{event}").text
    form = re.search(r'<form method="post" action="/events/\d+/settings".*?</form>', page, re.S)
    assert form
    data = {m.group(1): html.unescape(m.group(2))
            for m in re.finditer(r'<input (?:type="hidden" )?name="(\w+)"[^>]*value="([^"]*)"', form.group(0))}
    options = re.search(r'<textarea name="options"[^>]*>(.*?)</textarea>', form.group(0), re.S)
    if options:
        data["options"] = html.unescape(options.group(1))
    return data


def test_scoring_options_and_a_scoring_for_another_game_are_refused_with_the_field_named(
        client: TestClient) -> None:
    for system, fields, named in (
            ("mahjong", {"options": "scoring.start=abc"}, "scoring.start"),
            ("dutch", {"rounds": "3", "options": "scoring.win=abc"}, "scoring.win"),
            ("dutch", {"rounds": "3", "options": "scoring.bogus=1"}, "bogus"),
            ("dutch", {"rounds": "3", "scoring": "mahjong"}, "scoring"),
            ("mahjong", {"rounds": "2", "scoring": "standard"}, "scoring")):
        text = _try_create(client, system, **fields)
        assert "Not created" in text and named in text, (system, fields)
    with client.app.state.web.sessions() as db:  # type: ignore[attr-defined]
        assert repo.list_events(db) == []
    event = create_event(client, "dutch", rounds="3")
    bad = html.unescape(post(client, event, "/settings", name="x", rounds="3", scoring="", tiebreaks="",
                             seed="", options="scoring.win=abc").text)
    assert "Not done" in bad and "scoring.win" in bad
    wrong_game = html.unescape(post(client, event, "/settings", name="x", rounds="3", scoring="mahjong",
                                    tiebreaks="", seed="", options="").text)
    assert "Not done" in wrong_game and "scoring" in wrong_game
    stored = _stored(client, event)
    assert (stored.scoring, stored.options) == (None, {})


def test_scoring_options_change_after_pairing_and_a_system_option_is_refused_by_name(client: TestClient) -> None:
    event = create_event(client, "mahjong", rounds="2", options="scoring.start=25000")
    import_players(client, event, field_csv(8))
    post(client, event, "/pair")
    saved = post(client, event, "/settings", name="Club evening", rounds="2", scoring="", tiebreaks="",
                 options="scoring.start=30000")
    assert "Settings saved" in saved.text
    assert _stored(client, event).options == {"scoring.start": 30000}
    refused = html.unescape(post(client, event, "/settings", name="Renamed", rounds="2", scoring="", tiebreaks="",
                                 options="scoring.start=30000\nseparate=club").text)
    assert "Settings saved" not in refused and "separate" in refused and "round is made" in refused
    stored = _stored(client, event)
    assert (stored.name, stored.options) == ("Club evening", {"scoring.start": 30000})  # nothing of it written


def test_byes_can_be_turned_on_for_a_mahjong_seating_to_re_seat_a_smaller_field(client: TestClient) -> None:
    """The docs name byes=true as the way to re-seat a field that no longer fills the tables;
    the settings form said "Settings saved." and kept the options as they were."""
    event = create_event(client, "mahjong", rounds="4")
    import_players(client, event, field_csv(12))
    post(client, event, "/pair")
    enter_mahjong_round(client, event, 1)
    post(client, event, "/players/3/withdraw", withdrawn="1")
    for number in ("4", "3", "2"):
        post(client, event, "/undo", round=number)
    assert "byes=true" in html.unescape(post(client, event, "/pair").text)  # 11 do not fill tables of 4
    saved = post(client, event, "/settings", name="Club evening", rounds="4", scoring="", tiebreaks="",
                 options="byes=true")
    assert "Settings saved" in saved.text and _stored(client, event).options == {"byes": True}
    assert "Rounds 2–4 are made" in html.unescape(post(client, event, "/pair").text)
    assert all(3 not in t.seats for r in _schedule(client, event).rounds[1:] for t in r.tables)
    # turning it off again would change rounds made with it: refused, and said why
    off = html.unescape(post(client, event, "/settings", name="Club evening", rounds="4", scoring="", tiebreaks="",
                             options="byes=false").text)
    assert "byes" in off and "Settings saved" not in off


@pytest.mark.parametrize(("system", "count", "leaving"), [("berger", 6, (2,)), ("heller", 8, (1,)),
                                                         ("meerkamp", 8, (1,)), ("mahjong", 12, (1, 2, 3, 4))])
def test_pairing_numbers_stay_unique_when_a_schedule_is_made_again_without_a_player(
        client: TestClient, system: str, count: int, leaving: tuple[int, ...]) -> None:
    event = create_event(client, system, rounds="3" if system in ("heller", "mahjong") else "")
    import_players(client, event, field_csv(count))
    post(client, event, "/pair")
    for number in range(len(_schedule(client, event).rounds), 0, -1):
        post(client, event, "/undo", round=str(number))
    for pid in leaving:
        post(client, event, f"/players/{pid}/withdraw", withdrawn="1")
    assert "are made" in post(client, event, "/pair").text
    schedule = _schedule(client, event)
    numbers = [schedule.number_of(p.id) for p in schedule.players]
    assert sorted(numbers) == list(range(1, count + 1)), numbers
    seated = {x for r in schedule.rounds for t in r.tables for x in t.seats}
    assert {schedule.number_of(pid) for pid in leaving} == set(range(count - len(leaving) + 1, count + 1))
    assert not seated & set(leaving)


def test_a_club_swiss_keeps_the_pairing_numbers_of_round_1(client: TestClient) -> None:
    event = create_event(client, "club-swiss", rounds="4")
    import_players(client, event, field_csv(6))
    post(client, event, "/pair")
    slug = client.get(f"/events/{event}").text.split("/p/")[1].split('"')[0].split("/")[0]
    first = _schedule(client, event)
    numbers = {p.id: first.number_of(p.id) for p in first.players}
    printed = client.get(f"/p/{slug}/print/pairings?round=1").text
    page = client.get(f"/events/{event}/rounds/1").text
    client.post(f"/events/{event}/rounds/1/results", data=results_form(page, {0: "0", 1: "0", 2: "0"}))
    assert "Round 2 is paired" in post(client, event, "/pair").text
    after = _schedule(client, event)
    assert {p.id: after.number_of(p.id) for p in after.players} == numbers
    reprinted = client.get(f"/p/{slug}/print/pairings?round=1").text
    assert re.findall(r"\d+\. Player \d+", reprinted) == re.findall(r"\d+\. Player \d+", printed)


def test_a_round_robin_takes_the_round_count_of_the_schedule_it_made(client: TestClient) -> None:
    event = create_event(client, "berger", rounds="3")
    import_players(client, event, field_csv(6))
    made = html.unescape(post(client, event, "/pair").text)
    assert "Rounds 1–5 are made" in made and "now has 5" in made
    assert _stored(client, event).total_rounds == 5
    form = _settings_form(client, event)
    assert form["rounds"] == "5"
    form["name"] = "Renamed"
    assert "Settings saved" in post(client, event, "/settings", **form).text
    text = client.get(f"/events/{event}/export/trf").text
    assert "XXR 5" in text
    parse_trf(text)  # the TRF16 reader takes it back


@pytest.mark.parametrize("options", ['{"a": {"b": 1}}', '{"s": "a,b"}', '{"x": null}', '{"n": "1"}',
                                     '{"t": "true"}', '{"l": [1, [2, 3]]}', "uma=15,5,-5,-15\nflag", "v=1.5"])
def test_the_settings_form_saved_unchanged_keeps_the_options(client: TestClient, toy_systems: None,
                                                             options: str) -> None:
    """Options of every shape read back as they were saved. A toy system takes any key (it
    declares no ``option_names``); a built-in one refuses keys it does not read."""
    event = create_event(client, "toy-tables", options=options)
    before = dict(_stored(client, event).options)
    assert "Settings saved" in post(client, event, "/settings", **_settings_form(client, event)).text
    assert dict(_stored(client, event).options) == before
    import_players(client, event, field_csv(4))
    post(client, event, "/pair")  # and once a round is made the unchanged form is no change either
    assert "Settings saved" in post(client, event, "/settings", **_settings_form(client, event)).text
    assert dict(_stored(client, event).options) == before
