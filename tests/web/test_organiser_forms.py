"""What an organiser expects of the best tool of its kind, kept by tests: a refused *New
event* or pasted players list comes back with what was typed (escaped, never as markup), an
event can be deleted only by typing its name (with everything in it, no orphan rows), and
an import whose ids were taken says which players got new ones."""

from __future__ import annotations

import html
import re

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from fairdraw.storage import repo
from fairdraw.storage.models import Board, Event, Participant, RoundRow
from tests.web.conftest import csrf_of
from tests.web.helpers import create_event, field_csv, import_players, post

HOSTILE = '<script>alert("x")</script> & "quoted"'


def _form(page: str, form_id: str) -> str:
    match = re.search(rf'<form [^>]*id="{form_id}".*?</form>', page, re.S)
    assert match, f"no form {form_id} on the page"
    return match.group(0)


def _value(form: str, name: str) -> str:
    """The value an <input> shows, as the browser reads it."""
    match = re.search(rf'<input name="{name}"[^>]*?value="([^"]*)"', form)
    assert match, f"no value in field {name}"
    return html.unescape(match.group(1))


def _textarea(form: str, name: str) -> str:
    """A textarea's text as the browser reads it (the newline right after the tag is dropped)."""
    match = re.search(rf'<textarea name="{name}"[^>]*>(.*?)</textarea>', form, re.S)
    assert match, f"no textarea {name}"
    return html.unescape(match.group(1).removeprefix("\n"))


def _message(form: str) -> str:
    """The refusal shown inside a form (beside the fields kept as typed)."""
    match = re.search(r'<p class="notice bad" role="alert" id="error">(.*?)</p>', form, re.S)
    assert match, "no message in the form"
    return html.unescape(match.group(1))


def _counts(client: TestClient) -> tuple[int, int, int, int]:
    """(events, players, rounds, boards) stored, every event together: orphans count too."""
    with client.app.state.web.sessions() as db:  # type: ignore[attr-defined]
        return tuple(db.scalar(select(func.count()).select_from(table)) or 0  # type: ignore[return-value]
                     for table in (Event, Participant, RoundRow, Board))


def _event_names(client: TestClient) -> list[str]:
    with client.app.state.web.sessions() as db:  # type: ignore[attr-defined]
        return [e.name for e in repo.list_events(db)]


def test_a_refused_new_event_comes_back_with_everything_typed(client: TestClient) -> None:
    typed = {"name": f"Spring {HOSTILE}", "system": "dutch", "rounds": "0", "scoring": "football",
             "tiebreaks": "BH:C1,SB", "seed": "seed <b>42</b>", "options": "scoring.bogus=1\nallow_repeats=true"}
    for fields, said in (({}, "rounds"), ({"rounds": "5"}, "allow_repeats")):  # a bad round count, then a bad option
        page = client.get("/")
        response = client.post("/events", data={"csrf_token": csrf_of(page.text), **typed, **fields})
        assert response.status_code == 400
        form = _form(response.text, "new-event")
        message = _message(form)
        assert message.startswith("Not created") and said in message
        for key in ("name", "rounds", "scoring", "tiebreaks", "seed"):
            assert _value(form, key) == {**typed, **fields}[key], key
        assert _textarea(form, "options") == typed["options"]
        assert re.search(r'<option value="dutch"[^>]*selected>', form)
        assert "<script>" not in response.text and "<b>42" not in response.text  # shown as text, never markup
    assert _event_names(client) == []


def test_a_refused_pasted_list_comes_back_in_the_field_beside_the_message(client: TestClient) -> None:
    event = create_event(client, "berger")
    pasted = f"name,rating\nAnn,2000\n{HOSTILE.replace(',', ' ')}</textarea>,1900\nBob,strong\n"
    response = post(client, event, "/players/import", text=pasted)
    assert response.status_code == 400
    form = _form(response.text, "import-players")
    message = _message(form)
    assert message.startswith("Not done") and "line 4" in message and "rating" in message
    assert _textarea(form, "text") == pasted
    assert "<script>" not in response.text and "</textarea>," not in response.text
    assert _counts(client)[1] == 0  # nothing imported
    # the page still works from there: the corrected list goes in
    assert "Imported 3 players" in import_players(client, event, pasted.replace("strong", "1800"))


def _delete(client: TestClient, event: int, **data: str):  # type: ignore[no-untyped-def]
    return post(client, event, "/delete", **data)


def test_an_event_is_deleted_only_with_its_name_typed(client: TestClient) -> None:
    event = create_event(client, "berger", name="Test event")
    import_players(client, event, field_csv(4))
    post(client, event, "/pair")
    page = client.get(f"/events/{event}").text
    assert f'action="/events/{event}/delete"' in _form(page, "delete-event")
    before = _counts(client)
    assert before[:3] == (1, 4, 3) and before[3] > 0
    for data, said in (({}, "type the event's name"), ({"confirm": ""}, "type the event's name"),
                       ({"confirm": "test event"}, "is not the event's name"),
                       ({"confirm": "Test"}, "is not the event's name")):
        response = _delete(client, event, **data)
        text = html.unescape(response.text)
        assert response.url.path == f"/events/{event}" and "Not deleted" in text and said in text, data
        assert "nothing was deleted" in text
        assert _counts(client) == before


def test_deleting_an_event_removes_its_players_rounds_and_results_and_nothing_else(client: TestClient) -> None:
    keep = create_event(client, "berger", name="Keep me")
    import_players(client, keep, field_csv(4))
    post(client, keep, "/pair")
    kept = _counts(client)
    gone = create_event(client, "berger", name="Throw away")
    import_players(client, gone, field_csv(6))
    post(client, gone, "/pair")
    response = _delete(client, gone, confirm=" Throw away ")
    assert response.url.path == "/"
    assert "Deleted the event Throw away with its players, rounds and results." in html.unescape(response.text)
    assert _counts(client) == kept  # no orphan player, round or board left behind
    assert _event_names(client) == ["Keep me"]
    assert client.get(f"/events/{gone}").status_code == 404
    again = html.unescape(_delete_stale(client, gone, keep).text)
    assert "Not deleted: there is no event" in again and _counts(client) == kept


def _delete_stale(client: TestClient, gone: int, other: int):  # type: ignore[no-untyped-def]
    """A second tab's delete form of the event already deleted."""
    token = csrf_of(client.get(f"/events/{other}").text)
    return client.post(f"/events/{gone}/delete", data={"csrf_token": token, "confirm": "Throw away"})


def test_an_import_with_taken_ids_says_which_players_were_renumbered(client: TestClient) -> None:
    event = create_event(client, "berger")
    import_players(client, event, field_csv(3))
    text = html.unescape(import_players(client, event, "id,name\n10,Ann\n11,Bob\n2,Cid"))
    assert "Imported 3 players." in text
    assert "id 2 was already taken in this event" in text and "10 → 4, 11 → 5, 2 → 6" in text
    with client.app.state.web.sessions() as db:  # type: ignore[attr-defined]
        players = repo.get_event(db, event).participants
        assert [(p.pid, p.name) for p in players][3:] == [(4, "Ann"), (5, "Bob"), (6, "Cid")]
    text = html.unescape(import_players(client, event, "id,name\n20,Dee\n21,Eve"))
    assert "Imported 2 players." in text and "renumbered" not in text  # free ids are kept, and nothing said
    # a list without ids is numbered 1, 2... by the reader and simply follows the event's: no note
    text = html.unescape(import_players(client, event, "name\nFay\nGus"))
    assert "Imported 2 players." in text and "renumbered" not in text
