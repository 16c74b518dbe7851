"""A mahjong seating's final rounds seated by ranking on the page (issue 4 item 6; seed 001,
EMA-style: ranks 1-4 at table 1, 5-8 at table 2, ...), as `fairdraw seat-ranked` seats them on
the command line. Before, the page made the drawn rounds, cut the event to them ("the system
fixes the count") and offered nothing for the last ones."""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from pathlib import Path

from fastapi.testclient import TestClient

from tests.conftest import CliResult
from tests.web.helpers import create_event, enter_mahjong_round, field_csv, import_players, post


def _said(response) -> str:  # type: ignore[no-untyped-def]
    return html.unescape(response.text)


def test_the_last_rounds_are_seated_from_the_standings(client: TestClient, tmp_path: Path,
                                                       cli: Callable[..., CliResult]) -> None:
    event = create_event(client, "mahjong", rounds="5", options="ranked_last=2", seed="Final day")
    import_players(client, event, field_csv(16))
    post(client, event, "/pair")
    page = _said(client.get(f"/events/{event}"))
    assert "· 5 rounds" in page and "Round 3" in page and "Round 4" not in page  # 3 drawn, 5 in all
    assert 'disabled title="enter every result of round 3 first">Seat round 4 by ranking' in page
    for number in (1, 2, 3):
        enter_mahjong_round(client, event, number)
    assert 'id="pair" >Seat round 4 by ranking' in _said(client.get(f"/events/{event}"))
    said = _said(post(client, event, "/pair"))
    assert "Round 4 is seated by ranking" in said
    data = json.loads(client.get(f"/events/{event}/export/json").text)
    order = _standings_order_before(data, 3)
    tables = sorted(data["rounds"][3]["tables"], key=lambda t: t["table"])
    assert [sorted(t["seats"]) for t in tables] == [sorted(order[i:i + 4]) for i in range(0, 16, 4)]

    # round 5 waits for round 4's results, then is seated by ranking as well
    assert "enter every result of round 4 first" in _said(post(client, event, "/pair"))
    enter_mahjong_round(client, event, 4)
    assert "Round 5 is seated by ranking" in _said(post(client, event, "/pair"))
    assert 'id="pair"' not in _said(client.get(f"/events/{event}"))  # every round is seated

    # the export redraws: the drawn rounds are the seed's, the ranked ones are the standings'
    path = tmp_path / "event.json"
    exported = json.loads(client.get(f"/events/{event}/export/json").text)
    assert exported["meta"]["seated_by_ranking"] == [4, 5] and exported["meta"]["ranked_last"] == 0
    path.write_text(json.dumps(exported))
    result = cli("check", "--redraw", str(path))
    assert result.code == 0 and "every drawn table is the same" in result.out, result.out + result.err


def _standings_order_before(data: dict, rounds: int) -> list[int]:  # type: ignore[type-arg]
    """The standings after the first ``rounds`` rounds, by the scoring layer (independent of the page)."""
    from fairdraw.formats.schedule_json import schedule_from_dict
    from fairdraw.scoring.standings import compute_group_standings

    cut = dict(data, rounds=data["rounds"][:rounds])
    return [row.id for row in compute_group_standings(schedule_from_dict(cut), None, None)[0].rows]


def _two_rounds_played(client: TestClient, *, rounds: int, players: int, seed: str) -> int:
    """A seating of ``rounds`` rounds whose last one is left to the standings (sit-outs
    allowed), made, with scores in rounds 1 and 2."""
    event = create_event(client, "mahjong", rounds=str(rounds), options="ranked_last=1\nbyes=true", seed=seed)
    import_players(client, event, field_csv(players))
    post(client, event, "/pair")
    for number in (1, 2):
        enter_mahjong_round(client, event, number)
    return event


def test_a_withdrawal_and_a_field_that_does_not_fill_the_tables(client: TestClient) -> None:
    """18 players with sit-outs, one withdrawn before the ranked round: the 17 left are seated
    from the standings, one of those with the fewest sit-outs sits out, the withdrawn nowhere."""
    event = _two_rounds_played(client, rounds=3, players=18, seed="Open")
    post(client, event, "/players/7/withdraw", withdrawn="1")
    assert "Round 3 is seated by ranking" in _said(post(client, event, "/pair"))
    data = json.loads(client.get(f"/events/{event}/export/json").text)
    last = data["rounds"][2]
    seated = [pid for t in last["tables"] for pid in t["seats"]]
    assert len(seated) == 16 and 7 not in seated and 7 not in last["byes"] and len(last["byes"]) == 1
    sat_out_before = {pid for r in data["rounds"][:2] for pid in r["byes"]}
    assert last["byes"][0] not in sat_out_before  # the fewest sit-outs so far sit out


def test_a_re_seat_before_the_ranked_rounds_still_redraws(client: TestClient, tmp_path: Path,
                                                          cli: Callable[..., CliResult]) -> None:
    """A player leaves before the last drawn round, which is made again for the new field; the
    ranked rounds follow. The export replays the re-seat and leaves the ranked rounds out."""
    event = _two_rounds_played(client, rounds=4, players=17, seed="Mixed")
    post(client, event, "/undo", round="3")
    post(client, event, "/players/4/withdraw", withdrawn="1")
    assert "Round 3 is paired" in _said(post(client, event, "/pair"))  # re-seated for the 16 left
    enter_mahjong_round(client, event, 3)
    assert "Round 4 is seated by ranking" in _said(post(client, event, "/pair"))
    data = json.loads(client.get(f"/events/{event}/export/json").text)
    assert [r["from_round"] for r in data["meta"]["reseats"]] == [3] and data["meta"]["seated_by_ranking"] == [4]
    assert all(4 not in t["seats"] for r in data["rounds"][2:] for t in r["tables"])
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    result = cli("check", "--redraw", str(path))
    assert result.code == 0 and "its 1 recorded re-seat replayed" in result.out, result.out + result.err


def test_the_number_of_rounds_stays_once_a_round_is_seated_by_ranking(client: TestClient, tmp_path: Path,
                                                                      cli: Callable[..., CliResult]) -> None:
    """Raising the count after the ranked rounds and seating one more made the honest draw fail
    `check --redraw` on the public file (37 breaches): the count is fixed once a round is seated
    by ranking; the other settings still change."""
    event = create_event(client, "mahjong", rounds="4", options="ranked_last=1", seed="Final day")
    import_players(client, event, field_csv(16))
    post(client, event, "/pair")
    for number in (1, 2, 3):
        enter_mahjong_round(client, event, number)
    post(client, event, "/pair")
    refused = _said(post(client, event, "/settings", name="Final day", rounds="5", scoring="", tiebreaks="",
                         options="ranked_last=1"))
    assert "round 4 is seated by ranking already, so the number of rounds stays 4" in refused
    saved = _said(post(client, event, "/settings", name="Final day, renamed", rounds="4", scoring="", tiebreaks="",
                       options="ranked_last=1"))
    assert "Settings saved" in saved
    path = tmp_path / "event.json"
    path.write_text(client.get(f"/events/{event}/export/json").text)
    assert cli("check", "--redraw", str(path)).code == 0


def test_a_player_withdrawn_before_a_ranked_round_is_left_out_on_the_command_line_too(
        client: TestClient, tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    """Audit 2026-12-05: the page left the withdrawn player out of the ranked round, but its
    export named no withdrawal, so `check --everyone` found them missing and `seat-ranked` on
    the export seated them; the page's message also spoke of a table 2 the round did not have."""
    event = create_event(client, "mahjong", rounds="3", options="ranked_last=2", seed="s")
    import_players(client, event, field_csv(8))
    post(client, event, "/pair")
    enter_mahjong_round(client, event, 1)
    post(client, event, "/pair")
    enter_mahjong_round(client, event, 2)
    post(client, event, "/players/8/withdraw", withdrawn="1")
    before = json.loads(client.get(f"/events/{event}/export/json").text)
    assert before["meta"]["withdrawn"] == [8] and before["meta"]["left"] == {"8": 3}
    said = _said(post(client, event, "/pair"))
    assert "Round 3 is seated by ranking" in said and "table 2" not in said and "3 players sit out" in said
    after = json.loads(client.get(f"/events/{event}/export/json").text)
    assert all(8 not in t["seats"] for t in after["rounds"][2]["tables"])
    path = tmp_path / "after.json"
    path.write_text(json.dumps(after))
    checked = cli("check", "--everyone", str(path))
    assert checked.code == 0, checked.out + checked.err

    # the command line, given the export before round 3 and the standings, seats what the page did
    schedule, standings = tmp_path / "before.json", tmp_path / "standings.csv"
    schedule.write_text(json.dumps(before))
    order = _standings_order_before(before, 2)
    standings.write_text("id,name\n" + "\n".join(f"{pid},Player {pid}" for pid in order))
    seated = cli("seat-ranked", str(standings), "--schedule", str(schedule), "--json", "-o", str(tmp_path / "r3.json"))
    assert seated.code == 0, seated.err
    ranked = json.loads((tmp_path / "r3.json").read_text())["rounds"][2]
    assert sorted(sorted(t["seats"]) for t in ranked["tables"]) == sorted(
        sorted(t["seats"]) for t in after["rounds"][2]["tables"])
