"""A mahjong seating made on the page, exported as JSON, draws again from its seed with
`fairdraw check --redraw` (issue 4 item 4: anyone can verify the draw), as a file written by
`fairdraw seat` does; the export carries the draw record, not the figures, which an undo would
leave stale."""

from __future__ import annotations

import html
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fastapi.testclient import TestClient

from tests.conftest import CliResult
from tests.web.helpers import create_event, field_csv, import_players, post


def _redraw(cli: Callable[..., CliResult], path: Path) -> tuple[int, str]:
    """``fairdraw check --redraw FILE`` through the shared ``cli`` fixture, its output on one line."""
    result = cli("check", "--redraw", str(path))
    return result.code, (result.out + result.err).replace("\n", " ")


def test_a_seating_made_on_the_page_redraws_from_its_export(client: TestClient, tmp_path: Path,
                                                           cli: Callable[..., CliResult]) -> None:
    event = create_event(client, "mahjong", rounds="4", seed="Club night 12")
    import_players(client, event, field_csv(20))
    post(client, event, "/pair")
    exported = client.get(f"/events/{event}/export/json").text
    data = json.loads(exported)
    assert data["meta"]["draw"]["seed"] == "Club night 12" and "metrics" not in data["meta"]
    path = tmp_path / "event.json"
    path.write_text(exported)
    code, out = _redraw(cli, path)
    assert code == 0 and "every drawn table is the same" in out, out

    data["rounds"][1]["tables"][0]["seats"].reverse()  # the winds at one table turned round
    path.write_text(json.dumps(data))
    code, out = _redraw(cli, path)
    assert code == 1 and "redraw: round 2, table" in out, out


def _made(client: TestClient, system: str, players: int, **fields: str) -> tuple[int, str]:
    """An event of ``system`` with its players and first pairing made; its id and public code."""
    event = create_event(client, system, **fields)
    import_players(client, event, field_csv(players))
    post(client, event, "/pair")
    slug = re.search(r'href="/p/([^"/]+)"', client.get(f"/events/{event}").text).group(1)  # type: ignore[union-attr]
    return event, slug


def test_the_public_page_offers_the_seating_to_redraw(client: TestClient, tmp_path: Path,
                                                      cli: Callable[..., CliResult]) -> None:
    """No sign-in: a player holding the public address downloads the seating and redraws it."""
    _, slug = _made(client, "mahjong", 16, rounds="3", seed="Open <2026>")
    client.cookies.clear()  # a visitor, not the organiser
    public = client.get(f"/p/{slug}").text
    assert "Drawn from the public seed <code>Open &lt;2026&gt;</code>" in public
    assert f'href="/p/{slug}/seating.json"' in public
    response = client.get(f"/p/{slug}/seating.json")
    assert response.status_code == 200
    path = tmp_path / "seating.json"
    path.write_text(response.text)
    code, out = _redraw(cli, path)
    assert code == 0 and "every drawn table is the same" in out, out


def test_a_chess_event_has_no_draw_record_and_no_seating_to_redraw(client: TestClient) -> None:
    event, slug = _made(client, "berger", 6)
    assert "draw" not in json.loads(client.get(f"/events/{event}/export/json").text).get("meta", {})
    assert client.get(f"/p/{slug}/seating.json").status_code == 404
    assert 'id="verify"' not in client.get(f"/p/{slug}").text


def test_a_seating_re_seated_on_the_page_redraws_from_its_export(client: TestClient, tmp_path: Path,
                                                                 cli: Callable[..., CliResult]) -> None:
    """A player leaves after round 1 and another joins: the page re-seats rounds 2-4; after
    round 2 one more leaves (11 players: sit-outs turned on) and rounds 3-4 are re-seated again.
    The export records both re-seats, and the redraw replays them after the draw (before, the
    organiser's own file was reported as not the seed's); a swap in a re-seated round is seen."""
    event = create_event(client, "mahjong", rounds="4", seed="Winter league")
    import_players(client, event, field_csv(12))
    post(client, event, "/pair")
    for number in ("4", "3", "2"):
        post(client, event, "/undo", round=number)
    post(client, event, "/players/3/withdraw", withdrawn="1")
    import_players(client, event, "name\nLate Comer\n")
    post(client, event, "/pair")
    for number in ("4", "3"):
        post(client, event, "/undo", round=number)
    post(client, event, "/players/5/withdraw", withdrawn="1")
    post(client, event, "/settings", name="Club evening", rounds="4", scoring="", tiebreaks="", options="byes=true")
    assert "Rounds 3–4 are made" in html.unescape(post(client, event, "/pair").text)
    data = json.loads(client.get(f"/events/{event}/export/json").text)
    assert [(r["from_round"], r["tail"]) for r in data["meta"]["reseats"]] == [(2, "drawn"), (3, "drawn")]
    slug = re.search(r'href="/p/([^"/]+)"', client.get(f"/events/{event}").text).group(1)  # type: ignore[union-attr]
    assert "re-seated by rule, and the seating records each change" in client.get(f"/p/{slug}").text
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    code, out = _redraw(cli, path)
    assert code == 0 and "its 2 recorded re-seats replayed: every drawn table is the same" in out, out
    # who joined and who left when travels too, as `reseat` records it: --everyone expected the
    # newcomer from round 1 and the leavers in every round
    assert data["meta"]["joined"] == {"13": 2} and data["meta"]["left"] == {"3": 2, "5": 3}
    assert sorted(data["meta"]["withdrawn"]) == [3, 5]
    everyone = cli("check", str(path), "--table-size", "4", "--everyone")
    assert everyone.code == 0, everyone.out + everyone.err

    tables = data["rounds"][2]["tables"]
    tables[0]["seats"][0], tables[1]["seats"][0] = tables[1]["seats"][0], tables[0]["seats"][0]
    path.write_text(json.dumps(data))
    code, out = _redraw(cli, path)
    assert code == 1 and "redraw: round 3, table" in out, out


def _changes_on_the_page(client: TestClient, seed: int) -> tuple[dict[str, Any], list[str]]:
    """A seating made on the page, then one to three field changes drawn from ``seed``: rounds
    undone back to a random point, players withdrawn and entered, sit-outs on, rounds made
    again. The export and what was done."""
    rng = random.Random(seed)
    count, rounds = rng.choice([12, 13, 16, 20, 21]), rng.randint(3, 6)
    event = create_event(client, "mahjong", rounds=str(rounds), seed=f"page {seed}")
    import_players(client, event, field_csv(count))
    settings = {"name": "Club evening", "rounds": str(rounds), "scoring": "", "tiebreaks": "", "options": "byes=true"}
    post(client, event, "/settings", **settings)
    post(client, event, "/pair")
    played, active, done = 0, list(range(1, count + 1)), []
    for _ in range(rng.randint(1, 3)):
        if played >= rounds - 1:
            break
        played = rng.randint(played + 1, rounds - 1)
        for number in range(rounds, played, -1):
            post(client, event, "/undo", round=str(number))
        for _ in range(rng.randint(0, 2)):
            pid = active.pop(rng.randrange(len(active)))
            post(client, event, f"/players/{pid}/withdraw", withdrawn="1")
            done.append(f"after round {played}: {pid} withdrawn")
        for _ in range(rng.randint(0, 2)):
            import_players(client, event, f"name\nNewcomer {len(done)}\n")
            done.append(f"after round {played}: a newcomer")
        post(client, event, "/pair")
    return json.loads(client.get(f"/events/{event}/export/json").text), done


@pytest.mark.parametrize("seed", [
    *range(4), *(pytest.param(seed, marks=pytest.mark.slow) for seed in range(4, 30))])
def test_any_field_changes_on_the_page_redraw(client: TestClient, tmp_path: Path, cli: Callable[..., CliResult],
                                              seed: int) -> None:
    """Whatever the organiser changes on the page (30 sequences in `make test-all`: up to three
    changes, up to six rounds, fields that do and do not fill the tables), the export redraws."""
    data, done = _changes_on_the_page(client, seed)
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    code, out = _redraw(cli, path)
    assert code == 0 and "every drawn table is the same" in out, (done, out)
    # and the field's changes travel as `reseat` records them: everyone placed but the leavers
    # from the round they left, the newcomers from the round they joined, the records sound
    everyone = cli("check", str(path), "--everyone")
    assert everyone.code == 0, (done, everyone.out)


def test_a_player_withdrawn_before_the_draw_is_no_part_of_it(client: TestClient, tmp_path: Path,
                                                             cli: Callable[..., CliResult]) -> None:
    """The export lists every player entered; one withdrawn before the first round was not in
    the draw, and the redraw leaves them out as the page did (before: 13 players redrawn, every
    table reported)."""
    event = create_event(client, "mahjong", rounds="3", seed="Spring")
    import_players(client, event, field_csv(13))
    post(client, event, "/players/13/withdraw", withdrawn="1")
    post(client, event, "/pair")
    path = tmp_path / "event.json"
    path.write_text(client.get(f"/events/{event}/export/json").text)
    assert len(json.loads(path.read_text())["players"]) == 13
    code, out = _redraw(cli, path)
    assert code == 0 and "every drawn table is the same" in out, out
