"""Forms opened before another tab changed what they show (audit 2026-12-05): the settings form
and a player's Edit, Delete, Withdraw and bye forms were taken as they came, so an old tab put
back a co-organiser's correction, and an old *Delete Temp?* button deleted the newcomer who had
been given Temp's id. Now each carries a mark of what it showed and is refused when that
changed, with a "Conflict:" message; a bye request also names its round."""

from __future__ import annotations

import html
import json
import re

from fastapi.testclient import TestClient

from tests.web.conftest import csrf_of, signed_in
from tests.web.helpers import create_event, import_players


def _form(page: str, action: str) -> dict[str, str]:
    """The hidden fields of the form posting to ``action`` as the page drew it."""
    match = re.search(rf'<form method="post" action="{re.escape(action)}".*?</form>', page, re.S)
    assert match, action
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', match.group(0)))


def _tab(client: TestClient, event: int, action: str) -> dict[str, str]:
    return _form(client.get(f"/events/{event}").text, action)


def _send(client: TestClient, action: str, hidden: dict[str, str], **typed: str):  # type: ignore[no-untyped-def]
    return client.post(action, data={**hidden, **typed})


def _players(client: TestClient, event: int) -> dict[int, dict]:  # type: ignore[type-arg]
    data = json.loads(client.get(f"/events/{event}/export/json").text)
    return {p["id"]: p for p in data["players"]}


def test_an_old_settings_form_does_not_put_back_newer_settings(app) -> None:  # type: ignore[no-untyped-def]
    client = signed_in(app)
    event = create_event(client, "dutch", name="Spring cup", rounds="5")
    action = f"/events/{event}/settings"
    tab_a, tab_b = _tab(client, event, action), _tab(client, event, action)
    fields = {"name": "Spring cup", "rounds": "5", "scoring": "", "tiebreaks": "BH,SB", "options": ""}
    assert "Settings saved" in _send(client, action, tab_b, **{**fields, "rounds": "7", "tiebreaks": "DE"}).text
    stale = _send(client, action, tab_a, **{**fields, "name": "Spring cup renamed"})
    assert "changed after this page was opened" in html.unescape(stale.text)
    page = client.get(f"/events/{event}").text
    assert 'name="rounds" inputmode="numeric" size="4" value="7"' in page and "Spring cup renamed" not in page
    fresh = _tab(client, event, action)  # reloaded, the same change goes through
    assert "Settings saved" in _send(client, action, fresh, **{**fields, "rounds": "7", "name": "Renamed"}).text


def _two_tabs(app, players: str, action: str) -> tuple[TestClient, int, str, dict[str, str], dict[str, str]]:  # type: ignore[no-untyped-def]
    """A Swiss event with ``players``, and the form posting to ``action`` (its path after the
    event's) as two tabs opened now show it."""
    client = signed_in(app)
    event = create_event(client, "dutch", rounds="5")
    import_players(client, event, players)
    path = f"/events/{event}{action}"
    return client, event, path, _tab(client, event, path), _tab(client, event, path)


def test_an_old_delete_button_does_not_delete_the_newcomer_given_the_same_id(app) -> None:  # type: ignore[no-untyped-def]
    client, event, delete, tab_a, tab_b = _two_tabs(app, "name,rating\nAnna,2000\nTemp,1500", "/players/2/delete")
    assert "Deleted Temp" in html.unescape(_send(client, delete, tab_b).text)
    add = _form(client.get(f"/events/{event}").text, f"/events/{event}/players")
    _send(client, f"/events/{event}/players", add, name="Real", rating="1700")
    assert _players(client, event)[2]["name"] == "Real"  # the id came back
    stale = _send(client, delete, tab_a)
    assert "player 2 (now Real)" in html.unescape(stale.text)
    assert _players(client, event)[2]["name"] == "Real"


def test_an_old_edit_form_does_not_undo_a_correction(app) -> None:  # type: ignore[no-untyped-def]
    client, event, edit, tab_a, tab_b = _two_tabs(app, "name,rating,club\nAnna,1500,Rooks", "/players/1/edit")
    assert "Saved Anna" in _send(client, edit, tab_b, name="Anna", rating="1600", club="Rooks").text
    stale = _send(client, edit, tab_a, name="Anna", rating="1500", club="Knights")
    assert "changed after this page was opened" in html.unescape(stale.text)
    assert _players(client, event)[1]["rating"] == 1600


def test_a_bye_asked_for_before_a_round_was_paired_is_not_moved_to_the_next(app) -> None:  # type: ignore[no-untyped-def]
    client = signed_in(app)
    event = create_event(client, "dutch", rounds="5")
    import_players(client, event, "name,rating\n" + "\n".join(f"P{i},{2000 - i}" for i in range(1, 7)))
    bye = f"/events/{event}/players/3/bye"
    old_tab = _tab(client, event, bye)
    assert old_tab["round"] == "1"
    page = client.get(f"/events/{event}").text
    client.post(f"/events/{event}/pair", data={"csrf_token": csrf_of(page), "round": "1"})
    stale = _send(client, bye, old_tab, bye="half-point")
    assert "for round 1" in html.unescape(stale.text)
    fresh = _tab(client, event, bye)
    assert "half-point bye in the next round" in _send(client, bye, fresh, bye="half-point").text


def test_more_ranked_rounds_than_rounds_is_refused_when_typed(app) -> None:  # type: ignore[no-untyped-def]
    """Audit 2026-12-05: `ranked_last=5` on a 3-round seating was stored and refused only at
    *Pair*, under the command line's option name."""
    client = signed_in(app)
    page = client.get("/")
    refused = client.post("/events", data={"csrf_token": csrf_of(page.text), "name": "Final day", "system": "mahjong",
                                           "rounds": "3", "options": "ranked_last=5"})
    assert "ranked_last is 5, more than the event's 3 rounds" in html.unescape(refused.text)
    event = create_event(client, "mahjong", name="Final day", rounds="3", options="ranked_last=2")
    action = f"/events/{event}/settings"
    fewer = _send(client, action, _tab(client, event, action), name="Final day", rounds="1", scoring="", tiebreaks="",
                  options="ranked_last=2")
    assert "ranked_last is 2, more than the event's 1 round" in html.unescape(fewer.text)


def test_a_refused_player_keeps_what_was_typed(app) -> None:  # type: ignore[no-untyped-def]
    """Audit 2026-12-05: a refused *Add a player* came back as an empty form (the list import
    kept its text); now the name, rating, federation and club are there to correct."""
    client = signed_in(app)
    event = create_event(client, "dutch", rounds="5")
    add = _tab(client, event, f"/events/{event}/players")
    refused = _send(client, f"/events/{event}/players", add, name="Anna <de Vries>", rating="fast", club="Rooks")
    page = html.unescape(refused.text)
    assert refused.status_code == 400 and "rating" in page
    form = re.search(r'<form method="post" action="/events/\d+/players" class="card" id="add-player">.*?</form>',
                     refused.text, re.S)
    assert form and 'value="Anna &lt;de Vries&gt;"' in form.group(0) and 'value="fast"' in form.group(0)
    assert 'value="Rooks"' in form.group(0) and 'role="alert"' in form.group(0)
    assert _players(client, event) == {}
