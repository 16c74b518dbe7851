"""Issue 7 item 2 through the page's forms, on SQLite and PostgreSQL: events, players in
(one by one, CSV, TRF16), pairing for fixed and per-round systems, results from the
keyboard shortcuts, undo, withdrawals, exports; and a restart loses nothing."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient

from fairdraw.formats.schedule_json import schedule_from_dict
from tests.web.conftest import signed_in
from tests.web.helpers import board_fields, create_event, field_csv, form_base, import_players, post, results_form


def _schedule(client: TestClient, event: int):  # type: ignore[no-untyped-def]
    response = client.get(f"/events/{event}/export/json")
    assert response.status_code == 200
    return schedule_from_dict(json.loads(response.text))


def test_fixed_system_whole_schedule_results_and_undo(client: TestClient) -> None:
    event = create_event(client, "berger")
    assert "Imported 5 players" in import_players(client, event, field_csv(5))
    assert "Rounds 1–5 are made" in post(client, event, "/pair").text
    schedule = _schedule(client, event)
    assert len(schedule.rounds) == 5  # Berger, 5 players: 5 rounds with one bye each
    assert all(len(r.byes) == 1 for r in schedule.rounds)
    assert "made already" in post(client, event, "/pair").text  # a fixed schedule is made once

    page = client.get(f"/events/{event}/rounds/1").text
    response = client.post(f"/events/{event}/rounds/1/results", data=results_form(page, {0: "1", 1: "="}))
    assert "Saved 2 results" in response.text
    first = _schedule(client, event).rounds[0]
    assert [t.result for t in first.tables] == ["1-0", "1/2-1/2"]
    # round 2 started with one result: the standings name the board still without one
    page = client.get(f"/events/{event}/rounds/2").text
    assert "Saved 1 result" in client.post(f"/events/{event}/rounds/2/results", data=results_form(page, {0: "1"})).text
    assert "Round 2: no result yet at board 2" in client.get(f"/events/{event}/standings").text
    page = client.get(f"/events/{event}/rounds/2").text
    client.post(f"/events/{event}/rounds/2/results", data=results_form(page, {0: "1", 1: "="}))
    assert "no result yet" not in client.get(f"/events/{event}/standings").text

    # a typed result is parsed; nonsense is refused and nothing is written
    page = client.get(f"/events/{event}/rounds/2").text
    bad = client.post(f"/events/{event}/rounds/2/results", data=results_form(page, {0: "0", 1: "2-0"}))
    assert bad.status_code == 400 and "is not a result" in bad.text
    assert [t.result for t in _schedule(client, event).rounds[1].tables] == ["1-0", "1/2-1/2"]

    assert "Round 5 and its results are removed" in post(client, event, "/undo", round="5").text
    assert [r.round for r in _schedule(client, event).rounds] == [1, 2, 3, 4]
    # the same deterministic schedule gives the undone round back, identical
    page = client.get(f"/events/{event}").text
    assert "Make round 5 again" in page
    assert "Round 5 is paired" in post(client, event, "/pair").text
    assert _schedule(client, event).rounds[4].tables == schedule.rounds[4].tables


def test_per_round_system_uses_results_and_stops_at_total(client: TestClient, toy_systems: None) -> None:
    event = create_event(client, "toy-swiss", rounds="2")
    post(client, event, "/players", name="Ann", rating="2000")
    import_players(client, event, "name,rating\nBob,1900\nCid,1800\nDee,1700")
    assert "Round 1 is paired" in post(client, event, "/pair").text
    blocked = post(client, event, "/pair").text
    assert "enter every result of round 1 first" in blocked
    page = client.get(f"/events/{event}/rounds/1").text
    assert "neighbours by score" in page  # the system's explanation, one click away
    client.post(f"/events/{event}/rounds/1/results", data=results_form(page, {0: "0", 1: "1"}))
    assert "Round 2 is paired" in post(client, event, "/pair").text
    second = _schedule(client, event).rounds[1]
    # toy-swiss pairs by score: the two winners (Bob id 2, Cid id 3) now meet
    assert set(second.tables[0].seats) == {2, 3}
    assert "Not done" in post(client, event, "/pair").text  # 2 of 2 rounds paired


def test_withdrawn_player_is_announced_absent_and_late_player_joins(client: TestClient, toy_systems: None) -> None:
    event = create_event(client, "toy-swiss", rounds="3")
    import_players(client, event, field_csv(4))
    post(client, event, "/pair")
    page = client.get(f"/events/{event}/rounds/1").text
    client.post(f"/events/{event}/rounds/1/results", data=results_form(page, {0: "1", 1: "1"}))
    assert "withdrawn" in post(client, event, "/players/4/withdraw", withdrawn="1").text
    post(client, event, "/players", name="Late Comer")
    post(client, event, "/pair")
    second = _schedule(client, event).rounds[1]
    seated = {pid for t in second.tables for pid in t.seats}
    assert 5 in seated  # the late player is paired
    # the toy system seats whoever it is given; the page must not hide the withdrawn player
    # from a per-round system's field (history refers to them) - it announces the absence
    assert len(_schedule(client, event).players) == 5


def test_players_from_trf16(client: TestClient) -> None:
    def line(number: int, name: str, rating: int, federation: str) -> str:
        # TRF16 columns: 4-7 start rank, 14-46 name, 48-51 rating, 53-55 federation, 80-83 points
        return f"001 {number:>4}      {name:<33} {rating:>4} {federation:<3} {'':>11} {'':<10} {'0.0':>4} {number:>4}"

    trf = "012 Test open\n" + "\n".join(
        [line(1, "Alpha, Ann", 2100, "NED"), line(2, "Beta, Bob", 2000, "BEL"), line(3, "Gamma, Cid", 1900, "GER")])
    event = create_event(client, "berger")
    text = import_players(client, event, trf)
    if "not available yet" in text:  # the TRF16 reader of issue 3 is not on this branch
        return
    assert "Imported 3 players" in text
    players = _schedule(client, event).players
    assert [(p.id, p.name, p.rating, p.federation) for p in players] == [
        (1, "Alpha, Ann", 2100, "NED"), (2, "Beta, Bob", 2000, "BEL"), (3, "Gamma, Cid", 1900, "GER")]


def test_bad_csv_names_line_and_field_and_adds_nothing(client: TestClient) -> None:
    event = create_event(client, "berger")
    text = import_players(client, event, "name,rating\nAnn,2000\nBob,strong\n")
    assert "line 3" in text and "rating" in text
    assert _schedule(client, event).players == ()


def test_csv_without_ids_twice_is_renumbered_not_merged(client: TestClient) -> None:
    event = create_event(client, "berger")
    import_players(client, event, "name\nAnn\nBob")
    import_players(client, event, "name\nCid\nDee")
    assert [(p.id, p.name) for p in _schedule(client, event).players] == [
        (1, "Ann"), (2, "Bob"), (3, "Cid"), (4, "Dee")]


def test_mahjong_tables_scores_and_table_cards(client: TestClient, toy_systems: None) -> None:
    event = create_event(client, "toy-tables", rounds="2")
    import_players(client, event, field_csv(8))
    post(client, event, "/pair")
    page = client.get(f"/events/{event}/rounds/1").text
    boards = board_fields(page)
    assert len(boards) == 2
    data = form_base(page)
    for board, scores in zip(boards, ([40000, 30000, 25000, 25000], [30000, 30000, 30000, 30000]), strict=True):
        data[f"v{board['id']}"] = board["version"]
        data[f"o{board['id']}"] = board["shown"]
        for seat, score in enumerate(scores):
            data[f"s{board['id']}_{seat}"] = str(score)
    assert "Saved 2 results" in client.post(f"/events/{event}/rounds/1/results", data=data).text
    assert _schedule(client, event).rounds[0].tables[0].scores == (40000, 30000, 25000, 25000)
    # half a table's scores is refused
    page = client.get(f"/events/{event}/rounds/2").text
    board = board_fields(page)[0]
    partial = {**form_base(page), f"v{board['id']}": board["version"], f"o{board['id']}": "",
               f"s{board['id']}_0": "30000"}
    assert client.post(f"/events/{event}/rounds/2/results", data=partial).status_code == 400

    slug = re.search(r'href="/p/([^"/]+)"', client.get(f"/events/{event}").text).group(1)  # type: ignore[union-attr]
    cards = TestClient(client.app).get(f"/p/{slug}/print/cards?round=1").text
    assert cards.count('class="card-print"') == 2
    first_card = cards.split('class="card-print"')[1]
    winds = re.findall(r'<th class="wind">(\w+)</th><td class="person">([^<(]+)', first_card)
    assert [(w, n.strip()) for w, n in winds] == [("East", "Player 1"), ("South", "Player 2"),
                                                  ("West", "Player 3"), ("North", "Player 4")]


def test_restart_loses_nothing(app_url: str) -> None:
    from fairdraw.web import create_app

    first = create_app(app_url)
    browser = signed_in(first)
    event = create_event(browser, "berger", name="Kept")
    import_players(browser, event, field_csv(4))
    post(browser, event, "/pair")
    page = browser.get(f"/events/{event}/rounds/1").text
    browser.post(f"/events/{event}/rounds/1/results", data=results_form(page, {0: "1", 1: "0"}))
    cookie = browser.cookies.get("fairdraw_session")
    first.state.web.engine.dispose()

    second = create_app(app_url)  # a new process on the same database
    again = TestClient(second)
    again.cookies.set("fairdraw_session", cookie)  # the signed session survives too
    response = again.get(f"/events/{event}", follow_redirects=False)
    assert response.status_code == 200 and "Kept" in response.text
    assert [t.result for t in _schedule(again, event).rounds[0].tables] == ["1-0", "0-1"]
    second.state.web.engine.dispose()


def test_exports(client: TestClient) -> None:
    event = create_event(client, "berger")
    import_players(client, event, field_csv(4))
    post(client, event, "/pair")
    csv_text = client.get(f"/events/{event}/export/csv").text
    # a byte order mark first: Excel on Windows reads a CSV without one as ANSI
    assert csv_text.startswith("\ufeff")
    csv_text = csv_text.removeprefix("\ufeff")
    assert csv_text.splitlines()[0] == "round,group,table,game,seat,id,number,name,result,score,penalty"
    assert len(csv_text.splitlines()) == 1 + 3 * 4  # 3 rounds x 2 boards x 2 seats
    players = client.get(f"/events/{event}/export/players.csv").text
    assert players.splitlines()[1] == "1,Player 1,2390,,"


def test_requested_bye_goes_to_the_system_once(client: TestClient, toy_systems: None) -> None:
    event = create_event(client, "toy-swiss", rounds="3")
    import_players(client, event, field_csv(5))
    assert "half-point bye in the next round" in post(client, event, "/players/2/bye", bye="half-point").text
    assert "not 'sabbatical'" in html.unescape(post(client, event, "/players/3/bye", bye="sabbatical").text)
    post(client, event, "/pair")
    first = _schedule(client, event).rounds[0]
    assert ("half-point" in {b.kind for b in first.byes if b.id == 2})
    assert 2 not in {pid for t in first.tables for pid in t.seats}
    page = client.get(f"/events/{event}/rounds/1").text
    client.post(f"/events/{event}/rounds/1/results", data=results_form(page, {0: "1", 1: "1"}))
    post(client, event, "/pair")  # the request was for one round only
    assert 2 in {pid for t in _schedule(client, event).rounds[1].tables for pid in t.seats}


def _score_form(page: str, board: dict[str, str], scores: list[int]) -> dict[str, str]:
    data = {**form_base(page), f"v{board['id']}": board["version"], f"o{board['id']}": board["shown"]}
    data.update({f"s{board['id']}_{seat}": str(score) for seat, score in enumerate(scores)})
    return data


def test_table_scores_must_add_up_for_the_scoring(client: TestClient, toy_systems: None) -> None:
    pytest.importorskip("fairdraw.scoring.mahjong")
    event = create_event(client, "toy-tables", rounds="1")
    import_players(client, event, field_csv(4))
    post(client, event, "/pair")
    page = client.get(f"/events/{event}/rounds/1").text
    board = board_fields(page)[0]
    wrong = client.post(f"/events/{event}/rounds/1/results", data=_score_form(page, board, [40000, 30000, 30000, 19000]))
    assert wrong.status_code == 400 and "add up to 119000, expected 120000" in html.unescape(wrong.text)
    assert _schedule(client, event).rounds[0].tables[0].scores is None
    # a 25,000 start is a scoring option of the event
    other = create_event(client, "toy-tables", rounds="1", options="scoring.start=25000\nscoring.return=30000")
    import_players(client, other, field_csv(4))
    post(client, other, "/pair")
    page = client.get(f"/events/{other}/rounds/1").text
    board = board_fields(page)[0]
    ok = client.post(f"/events/{other}/rounds/1/results", data=_score_form(page, board, [40000, 30000, 20000, 10000]))
    assert "Saved 1 result" in ok.text
    standings = client.get(f"/events/{other}/standings").text
    assert 'id="standings"' in standings  # start 25,000 / return 30,000: standings computed


def test_chombo_penalty_is_stored_and_subtracted_after_uma(client: TestClient, toy_systems: None) -> None:
    pytest.importorskip("fairdraw.scoring.mahjong")
    event = create_event(client, "toy-tables", rounds="1")
    import_players(client, event, field_csv(4))
    post(client, event, "/pair")
    page = client.get(f"/events/{event}/rounds/1").text
    board = board_fields(page)[0]
    data = _score_form(page, board, [40000, 30000, 25000, 25000])
    data[f"p{board['id']}_0"] = "20000"  # East (player 1) commits a chombo
    assert "Saved 1 result" in client.post(f"/events/{event}/rounds/1/results", data=data).text
    assert _schedule(client, event).rounds[0].tables[0].penalties == (20000, 0, 0, 0)
    standings = client.get(f"/events/{event}/standings").text
    points = dict(re.findall(r'<td>\d+</td><td>\d+</td><td>(Player \d)</td><td class="pts">([-\d.]+)</td>', standings))
    # EMA: (40000 - 30000)/1000 + 15 uma = 25, the chombo after uma: 25 - 20 = 5 (placements unchanged)
    assert float(points["Player 1"]) == 5
    # the tied third places split the uma: (25000 - 30000)/1000 + (-5 - 15)/2 = -15
    assert float(points["Player 3"]) == float(points["Player 4"]) == -15


def test_a_failing_system_is_reported_and_nothing_saved(client: TestClient, toy_systems: None,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from fairdraw.core.registry import get_system

    event = create_event(client, "toy-swiss", rounds="2")
    import_players(client, event, field_csv(4))
    cls = type(get_system("toy-swiss"))

    def broken(self, request):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(cls, "pair", broken)
    text = html.unescape(post(client, event, "/pair").text)
    assert "the pairing system 'toy-swiss' failed (ZeroDivisionError: division by zero); nothing was saved" in text
    assert _schedule(client, event).rounds == ()


def test_heller_numbers_the_field_by_strength_not_by_entry(client: TestClient) -> None:
    """Heller balances the sums of opponents' numbers, number 1 the strongest (seed 002): the
    page's players come in any order, so the numbers follow the ratings, and stay when rounds
    are undone and made again."""
    event = create_event(client, "heller", rounds="5")
    rows = [("Zoe", 1500), ("Adam", 2100), ("Bea", 1900), ("Carl", 2000), ("Dana", 1800), ("Emil", 1700),
            ("Fay", 1600), ("Gus", 1400)]
    assert "Imported 8 players" in import_players(client, event, "name,rating\n" + "\n".join(f"{n},{r}" for n, r in rows))
    post(client, event, "/pair")
    schedule = _schedule(client, event)
    by_number = sorted(schedule.players, key=lambda p: schedule.numbers[p.id])
    assert [p.name for p in by_number] == ["Adam", "Carl", "Bea", "Dana", "Emil", "Fay", "Zoe", "Gus"]
    assert "removed" in post(client, event, "/undo", round=str(len(schedule.rounds))).text
    post(client, event, "/pair")
    assert _schedule(client, event).rounds == schedule.rounds


def test_keizer_ladder_on_the_page(client: TestClient) -> None:
    """The Keizer ladder runs from the page like any per-round system, and its standings are
    the Keizer ranking its rounds are paired from."""
    event = create_event(client, "keizer", rounds="6")
    assert "Imported 6 players" in import_players(client, event, field_csv(6))
    assert "Round 1 is paired" in post(client, event, "/pair").text
    page = client.get(f"/events/{event}/rounds/1").text
    client.post(f"/events/{event}/rounds/1/results", data=results_form(page, {0: "0", 1: "1", 2: "="}))
    assert "Round 2 is paired" in post(client, event, "/pair").text
    standings = client.get(f"/events/{event}/standings").text
    assert "Keizer" in standings and 'id="standings"' in standings
    # the printed pairing list of round 2 shows the points before it (Keizer points here)
    slug = re.search(r'href="/p/([^"/]+)"', client.get(f"/events/{event}").text).group(1)  # type: ignore[union-attr]
    printed = client.get(f"/p/{slug}/print/pairings?round=2").text
    shown = re.findall(r'<span class="pts">\(([^)]+)\)</span>', printed)
    assert len(shown) == 6 and len(set(shown)) > 1, printed
    assert "pts" not in client.get(f"/p/{slug}/print/pairings?round=1").text.split("<tbody>")[1]
    first, second = _schedule(client, event).rounds
    assert not {frozenset(t.seats) for t in first.tables} & {frozenset(t.seats) for t in second.tables}


def test_a_keizer_ladder_is_paired_under_the_scoring_settings_its_standings_use() -> None:
    from fairdraw.web.event_settings import pairing_options

    options = {"rematch_after": 3, "scoring.first_value": 40}
    assert pairing_options("keizer", None, options) == {"rematch_after": 3, "keizer": {"first_value": 40}}
    assert pairing_options("keizer", "standard", options) == {"rematch_after": 3}
    assert pairing_options("dutch", None, options) == {"rematch_after": 3}


def test_the_export_carries_withdrawals_so_pair_on_it_pairs_as_the_page(client: TestClient, cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The page's JSON export lost its withdrawals: `fairdraw pair` on it gave the withdrawn
    player a bye where the page leaves him out. It now records them as `pair --withdraw` does
    (meta.withdrawn, and meta.withdrawn_at for `undo`)."""
    event = create_event(client, "club-swiss", rounds="4")
    import_players(client, event, field_csv(7))
    for number in (1, 2):
        post(client, event, "/pair")
        page = client.get(f"/events/{event}/rounds/{number}").text
        client.post(f"/events/{event}/rounds/{number}/results", data=results_form(page, dict.fromkeys(range(3), "1")))
        if number == 1:
            post(client, event, "/players/5/withdraw", withdrawn="1")
    exported = json.loads(client.get(f"/events/{event}/export/json").text)
    assert exported["meta"]["withdrawn"] == [5]
    assert exported["meta"]["withdrawn_at"] == {"5": 2}
    path = tmp_path / "event.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    result = cli("pair", str(path), "--json", "-o", str(tmp_path / "next.json"))
    assert result.code == 0, result.err
    by_cli = schedule_from_dict(json.loads((tmp_path / "next.json").read_text(encoding="utf-8"))).rounds[-1]
    post(client, event, "/pair")
    by_page = _schedule(client, event).rounds[-1]
    assert [t.seats for t in by_cli.tables] == [t.seats for t in by_page.tables]
    # the page lists the withdrawn player as absent for the round, `pair` leaves him out: the same
    assert [(b.id, b.kind) for b in by_cli.byes if b.kind != "absent"] == [
        (b.id, b.kind) for b in by_page.byes if b.kind != "absent"]
    assert 5 not in {pid for t in by_page.tables for pid in t.seats}
    assert 5 not in {b.id for b in by_cli.byes if b.kind != "absent"}


@pytest.mark.parametrize("name, played", [("n0030_r06_s1325342712.trf", 4),
                                          ("n0028_r07_s1648723692.trf", 5)])  # player 8 asks for H in round 6
def test_a_trf_of_an_event_in_progress_brings_its_rounds(client: TestClient, name: str, played: int) -> None:
    """An arbiter goes on with an event another program paired: the TRF16 file's rounds and
    results come in with the players (the page kept the players and dropped the rounds without
    a word), and the next round is the reference engine's."""
    from fairdraw.formats.trf import read_trf, trf_round, truncated
    from tests.shared_data import GOLDEN_DUTCH

    full = read_trf(GOLDEN_DUTCH / name)
    total = full.rounds_in_file
    text = truncated(full, played, total_rounds=total).dump()
    event = create_event(client, "dutch", rounds=str(total))
    said = html.unescape(import_players(client, event, text))
    assert f"Imported {played} rounds with their results" in said
    schedule = _schedule(client, event)
    for number in range(1, played + 1):
        expected = trf_round(full, number)
        stored = schedule.rounds[number - 1]
        assert [(t.seats, t.result) for t in stored.tables] == [(t.seats, t.result) for t in expected.tables]
        assert sorted((b.id, b.kind) for b in stored.byes) == sorted((b.id, b.kind) for b in expected.byes)
    post(client, event, "/pair")
    made = _schedule(client, event).rounds[played]
    reference = trf_round(full, played + 1)
    assert sorted(t.seats for t in made.tables) == sorted(t.seats for t in reference.tables)
    assert sorted((b.id, b.kind) for b in made.byes) == sorted((b.id, b.kind) for b in reference.byes)
    # a second file into an event that has rounds: players only, and said
    again = create_event(client, "dutch", rounds=str(total))
    import_players(client, again, "name\nFirst Player")
    said = html.unescape(import_players(client, again, text))
    assert "were not imported" in said and not _schedule(client, again).rounds


def test_a_trf_into_a_fixed_system_keeps_the_players_and_says_the_rounds_are_not_taken(client: TestClient) -> None:
    from fairdraw.formats.trf import read_trf, truncated
    from tests.shared_data import GOLDEN_DUTCH

    text = truncated(read_trf(GOLDEN_DUTCH / "n0006_r03_s1315083126.trf"), 2).dump()
    event = create_event(client, "berger")
    said = html.unescape(import_players(client, event, text))
    assert "Imported 6 players" in said and "were not imported: a berger schedule is made whole" in said
    assert not _schedule(client, event).rounds


def test_a_bye_asked_for_the_next_round_travels_in_the_export(client: TestClient, cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A half-point bye asked on the page for the next round was not in the JSON export, so
    `fairdraw pair` on it paired that player (and gave someone else the bye)."""
    event = create_event(client, "club-swiss", rounds="4")
    import_players(client, event, field_csv(7))
    post(client, event, "/pair")
    page = client.get(f"/events/{event}/rounds/1").text
    client.post(f"/events/{event}/rounds/1/results", data=results_form(page, dict.fromkeys(range(3), "1")))
    post(client, event, "/players/5/bye", bye="half-point")
    exported = json.loads(client.get(f"/events/{event}/export/json").text)
    assert exported["meta"]["requested_byes"] == {"5": "half-point"}
    path = tmp_path / "event.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    assert cli("pair", str(path), "--json", "-o", str(tmp_path / "next.json")).code == 0
    by_cli = schedule_from_dict(json.loads((tmp_path / "next.json").read_text(encoding="utf-8"))).rounds[-1]
    post(client, event, "/pair")
    by_page = _schedule(client, event).rounds[-1]
    assert [t.seats for t in by_cli.tables] == [t.seats for t in by_page.tables]
    assert sorted((b.id, b.kind) for b in by_cli.byes) == sorted((b.id, b.kind) for b in by_page.byes)
    assert (5, "half-point") in {(b.id, b.kind) for b in by_page.byes}


def test_a_keizer_player_withdrawn_on_the_page_earns_no_more_absence_shares(client: TestClient) -> None:
    """The page's Keizer standings and its export agree: a player withdrawn after round 1 earns
    nothing for the rounds after (the page gives the withdrawn player an absence each round,
    which scored 1/3 of the own value every time)."""
    from fairdraw.scoring.keizer import KeizerScoring

    event = create_event(client, "keizer", rounds="6")
    import_players(client, event, field_csv(7))
    post(client, event, "/pair")
    for number in (1, 2, 3):
        page = client.get(f"/events/{event}/rounds/{number}").text
        client.post(f"/events/{event}/rounds/{number}/results", data=results_form(page, {0: "1", 1: "1", 2: "1"}))
        if number == 1:
            post(client, event, "/players/2/withdraw", withdrawn="1")
        if number < 3:
            post(client, event, "/pair")
    schedule = _schedule(client, event)
    assert schedule.meta["withdrawn_at"] == {"2": 2}
    expected = KeizerScoring().score(schedule).points
    shares = KeizerScoring().score(replace(schedule, meta={})).points
    assert expected[2] < shares[2]  # the record takes the shares of rounds 2 and 3 away
    standings = client.get(f"/events/{event}/standings").text
    shown = dict(re.findall(r'<tr data-id="(\d+)"><td>\d+</td><td>\d*</td><td>[^<]*</td><td class="pts">([-\d.]+)</td>',
                            standings))
    assert float(shown["2"]) == pytest.approx(float(expected[2]), abs=0.01)
