"""What a mahjong table's chombo and a league group's hanchan look like in the page's exports
and printouts (found by an audit: the CSV export, the results sheet and the cross table showed
neither the penalty nor a league player's scores, and the sheet had one line per player where
the page takes a score per hanchan)."""

from __future__ import annotations

import csv
import html
import io
import re

from fastapi.testclient import TestClient

from tests.web.helpers import board_fields, create_event, enter_mahjong_round, field_csv, form_base, import_players, post


def _slug(client: TestClient, event: int) -> str:
    return re.search(r'href="/p/([^"/]+)"', client.get(f"/events/{event}").text).group(1)  # type: ignore[union-attr]


def _board_form(page: str, board: dict[str, str]) -> dict[str, str]:
    """A results form for one table of the round page, before its scores: the form's token and
    fingerprint, the table's version and what it showed."""
    return {**form_base(page), f"v{board['id']}": board["version"], f"o{board['id']}": board["shown"]}


def _score_table_one(client: TestClient, event: int, scores: tuple[int, ...],
                     chombo: dict[int, str] | None = None) -> str:
    """Enter round 1 table 1's final scores (and chombo penalties by seat) on the page."""
    page = client.get(f"/events/{event}/rounds/1").text
    board = board_fields(page)[0]
    data = _board_form(page, board)
    for seat, score in enumerate(scores):
        data[f"s{board['id']}_{seat}"] = str(score)
    for seat, penalty in (chombo or {}).items():
        data[f"p{board['id']}_{seat}"] = penalty
    return client.post(f"/events/{event}/rounds/1/results", data=data).text


def _csv_rows(client: TestClient, event: int) -> list[dict[str, str]]:
    text = client.get(f"/events/{event}/export/csv").text.removeprefix("\ufeff")
    return list(csv.DictReader(io.StringIO(text)))


def test_a_chombo_is_in_the_csv_the_cross_table_and_the_results_sheet(client: TestClient) -> None:
    event = create_event(client, "mahjong", rounds="1", seed="chombo")
    import_players(client, event, field_csv(4))
    post(client, event, "/pair")
    # South commits a chombo
    assert "Saved 1 result" in _score_table_one(client, event, (40000, 30000, 25000, 25000), chombo={1: "8000"})
    rows = _csv_rows(client, event)
    assert [r["penalty"] for r in rows] == ["0", "8000", "0", "0"]
    assert [r["score"] for r in rows] == ["40000", "30000", "25000", "25000"]
    south = rows[1]["name"]
    standings = client.get(f"/events/{event}/standings").text
    assert re.search(rf"<td>{south}</td><td>T1 S 30000 \(chombo 8000\)</td>", standings)
    sheet = client.get(f"/p/{_slug(client, event)}/print/results").text
    assert sheet.count("chombo: 8000") == 1 and "score: 30000" in sheet


def test_a_league_group_has_a_line_per_hanchan_and_its_scores_in_the_exports(client: TestClient) -> None:
    event = create_event(client, "mahjong-league", rounds="1", seed="hanchan")
    import_players(client, event, field_csv(8))
    post(client, event, "/pair")
    page = client.get(f"/events/{event}/rounds/1").text
    board = board_fields(page)[0]
    games = sorted({int(g) for g in re.findall(rf'name="g{board["id"]}_(\d+)_0"', page)})
    assert len(games) >= 2  # a league group plays several hanchan
    data = _board_form(page, board)
    for seat, score in enumerate((41000, 29000, 27000, 23000)):  # the first hanchan only
        data[f"g{board['id']}_{games[0]}_{seat}"] = str(score)
    assert "Saved" in client.post(f"/events/{event}/rounds/1/results", data=data).text

    rows = [r for r in _csv_rows(client, event) if r["table"] == "1" and r["group"] == "A"]
    assert [r["game"] for r in rows] == [str(g) for g in games for _ in range(4)]
    first = [r for r in rows if r["game"] == str(games[0])]
    assert [r["score"] for r in first] == ["41000", "29000", "27000", "23000"]
    assert all(r["score"] == "" for r in rows if r["game"] != str(games[0]))

    east = first[0]["name"]
    standings = client.get(f"/events/{event}/standings").text
    cell = re.search(rf"<td>{east}</td><td>(G[^<]*)</td>", standings)
    # the player's score in each hanchan of the group, the ones not yet entered as a dash
    assert cell is not None and cell.group(1).endswith(" 41000" + " / –" * (len(games) - 1)), cell
    sheet = client.get(f"/p/{_slug(client, event)}/print/results").text
    for game in games:
        assert f"· hanchan {game}</td>" in sheet
    assert "score: 41000" in sheet
    # the page takes no chombo per hanchan (the CLI's `result --game --penalties` does): not asked
    assert "every hanchan" in sheet and "chombo: __" not in sheet


def test_standings_mark_a_withdrawn_player_and_name_the_default_scoring(client: TestClient) -> None:
    event = create_event(client, "mahjong", rounds="2", seed="withdrawn")
    import_players(client, event, field_csv(8))
    post(client, event, "/pair")
    enter_mahjong_round(client, event, 1)
    post(client, event, "/players/3/withdraw", withdrawn="1")
    standings = client.get(f"/events/{event}/standings").text
    names = re.findall(r'<td class="pts">', standings)
    assert len(names) == 8  # the withdrawn player's games still count: the row stays
    assert standings.count("(withdrawn)") == 1 and "<td>Player 3 (withdrawn)</td>" in standings
    assert "Scoring mahjong (the default)" in standings
    printed = client.get(f"/p/{_slug(client, event)}/print/standings").text
    assert "scoring mahjong (the default)" in printed and "<td>Player 3 (withdrawn)</td>" in printed


def test_a_start_score_the_entered_results_do_not_fit_is_refused(client: TestClient) -> None:
    """scoring.start changed after round 1 was scored made the standings vanish ("the scores
    add up to 100000, expected 120000"), for good once a round was scored under each value."""
    event = create_event(client, "mahjong", rounds="2", seed="start", options="scoring.start=25000")
    import_players(client, event, field_csv(4))
    post(client, event, "/pair")
    assert "Saved 1 result" in _score_table_one(client, event, (35000, 25000, 22000, 18000))
    said = html.unescape(post(client, event, "/settings", name="x", rounds="2", scoring="", tiebreaks="",
                              options="scoring.start=30000").text)
    assert ("the results already entered do not fit the new scoring (round 1 table 1: the scores add up to "
            "100000, expected 120000") in said
    assert 'id="standings"' in client.get(f"/events/{event}/standings").text  # still ranked
    # a change the results fit is taken (the return score moves only the points)
    said = html.unescape(post(client, event, "/settings", name="x", rounds="2", scoring="", tiebreaks="",
                              options="scoring.start=25000\nscoring.return=30000").text)
    assert "Settings saved" in said


def test_a_start_score_beyond_any_table_is_refused_at_once(client: TestClient) -> None:
    event = create_event(client, "mahjong", rounds="2", seed="start")
    for options, said in (("scoring.start=-5", "start: expected 1 to 10,000,000 points"),
                          ("scoring.uma=1000000000000000,0,0,-1000000000000000", "uma: each place at most")):
        text = html.unescape(post(client, event, "/settings", name="x", rounds="2", scoring="", tiebreaks="",
                                  options=options).text)
        assert said in text and "Settings saved" not in text
