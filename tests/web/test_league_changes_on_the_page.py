"""A league season on the page when attendance changes (issue 5 item 4, as `fairdraw
league-reseat` does it): sessions undone are planned again for the field as it now is. Before,
a player withdrawn after session 1 was still grouped in sessions 2 and 3, and a newcomer made
the page ask for the whole season to be remade."""

from __future__ import annotations

import html
import json

from fastapi.testclient import TestClient

from tests.web.helpers import create_event, field_csv, import_players, post


def _said(response) -> str:  # type: ignore[no-untyped-def]
    return html.unescape(response.text)


def _season(client: TestClient, event: int) -> dict:  # type: ignore[type-arg]
    return json.loads(client.get(f"/events/{event}/export/json").text)


def test_a_withdrawal_and_a_newcomer_re_plan_the_sessions_left(client: TestClient) -> None:
    event = create_event(client, "mahjong-league", rounds="4", seed="Spring league")
    import_players(client, event, field_csv(18))
    post(client, event, "/pair")
    first = _season(client, event)["rounds"][0]
    for number in ("4", "3", "2"):
        post(client, event, "/undo", round=number)
    post(client, event, "/players/5/withdraw", withdrawn="1")
    import_players(client, event, "name\nLate Comer\n")
    assert "Rounds 2–4 are made" in _said(post(client, event, "/pair"))
    season = _season(client, event)
    assert season["rounds"][0] == first  # the session played stays as it was
    late = next(p["id"] for p in season["players"] if p["name"] == "Late Comer")
    for session in season["rounds"][1:]:
        seated = [pid for group in session["tables"] for pid in group["seats"]]
        assert 5 not in seated and late in seated and len(seated) == len(set(seated)) == 18
        assert all(len(group["seats"]) in (4, 5) for group in session["tables"])


def test_a_withdrawal_alone_takes_the_player_out_of_the_later_sessions(client: TestClient) -> None:
    event = create_event(client, "mahjong-league", rounds="3", seed="Autumn")
    import_players(client, event, field_csv(21))
    post(client, event, "/pair")
    post(client, event, "/undo", round="3")
    post(client, event, "/players/9/withdraw", withdrawn="1")
    assert "Round 3 is paired" in _said(post(client, event, "/pair"))
    season = _season(client, event)
    last = [pid for group in season["rounds"][2]["tables"] for pid in group["seats"]]
    assert 9 not in last and sorted(last) == [pid for pid in range(1, 22) if pid != 9]


def test_a_league_re_planned_on_the_page_exports_who_joined_and_left(client: TestClient, tmp_path,
                                                                     cli) -> None:  # type: ignore[no-untyped-def]
    """The page's export of a re-planned league had no meta.joined / meta.left, so `fairdraw
    check` refused the page's own file ("ids 10 are not seated, though meta.joined and meta.left
    do not say they were away"), where `league-reseat`'s file of the same change passes."""
    event = create_event(client, "mahjong-league", rounds="3", seed="lg")
    import_players(client, event, field_csv(9))
    post(client, event, "/pair")
    post(client, event, "/players/5/withdraw", withdrawn="1")
    import_players(client, event, "name\nLate Comer\n")
    post(client, event, "/undo", round="3")
    assert "Round 3 is paired" in _said(post(client, event, "/pair"))
    season = _season(client, event)
    late = next(p["id"] for p in season["players"] if p["name"] == "Late Comer")
    assert season["meta"]["joined"] == {str(late): 3} and season["meta"]["left"] == {"5": 3}
    assert "replans" not in season["meta"]
    path = tmp_path / "league.json"
    path.write_text(json.dumps(season))
    for args in (("check", str(path)), ("check", "--everyone", str(path))):
        result = cli(*args)
        assert result.code == 0, result.out + result.err
