"""What the page pairs and ranks by travels with its exports: ``fairdraw standings`` and
``fairdraw pair`` on the page's JSON (and ``pair`` on its TRF16) give the page's standings and
next round (docs/web.md, *Export*).

An audit found settings the page used and the exports left out: a Keizer ladder's scoring
options (with the scoring box empty the export named no scoring, and the command line ranked
by Keizer's defaults) and its ``rematch_after``, a Dutch event's forbidden pairs, and the point
system a Dutch event is scored by (typed as ``points`` it was refused at every pairing). An
``absent`` typed into the options box made players absent in every round, out of reach of the
page's own withdrawal and bye controls: it is refused by name, as the options the page keeps.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fairdraw.formats.schedule_json import schedule_from_dict
from tests.web.conftest import csrf_of
from tests.web.helpers import create_event, field_csv, import_players, post, results_form


def _score(client: TestClient, event: int, number: int, results: dict[int, str]) -> None:
    """Pair round ``number`` on the page and enter ``results`` (board index -> typed; "1" else)."""
    assert f"Round {number} is paired" in html.unescape(post(client, event, "/pair", round=str(number)).text)
    _enter(client, event, number, results)


def _enter(client: TestClient, event: int, number: int, results: dict[int, str]) -> None:
    page = client.get(f"/events/{event}/rounds/{number}").text
    boards = len(re.findall(r'name="v\d+"', page))
    typed = {index: results.get(index, "1") for index in range(boards)}
    assert "Saved" in client.post(f"/events/{event}/rounds/{number}/results", data=results_form(page, typed)).text


def _export(client: TestClient, event: int, tmp_path: Path, kind: str = "json") -> Path:
    path = tmp_path / f"event.{kind}"
    path.write_text(client.get(f"/events/{event}/export/{kind}").text, encoding="utf-8")
    return path


def _page_round(client: TestClient, event: int) -> tuple[list[tuple[int, int]], list[int]]:
    """The page's last round: boards (white, black) and byes, by player id."""
    rnd = schedule_from_dict(json.loads(client.get(f"/events/{event}/export/json").text)).rounds[-1]
    return [t.seats for t in rnd.tables], sorted(b.id for b in rnd.byes)  # type: ignore[misc]


def _cli_round(cli, source: Path, tmp_path: Path,  # type: ignore[no-untyped-def]
               *args: str) -> tuple[list[tuple[int, int]], list[int]]:
    """The next round ``fairdraw pair`` makes from ``source``, by player id (a TRF16's start
    ranks are the page's pairing numbers, mapped back to ids through the page's JSON)."""
    out = tmp_path / "next.json"
    out.unlink(missing_ok=True)  # `pair` keeps a file with results from being written over
    result = cli("pair", str(source), *args, "--json", "-o", str(out))
    assert result.code == 0, result.err
    rnd = schedule_from_dict(json.loads(out.read_text(encoding="utf-8"))).rounds[-1]
    return [t.seats for t in rnd.tables], sorted(b.id for b in rnd.byes if b.kind == "bye")  # type: ignore[misc]


def _page_points(client: TestClient, event: int) -> dict[int, float]:
    page = client.get(f"/events/{event}/standings").text
    rows = re.findall(r'<tr data-id="(\d+)">(?:<td>[^<]*</td>){2}<td>[^<]*</td><td class="pts">([^<]*)</td>', page)
    assert rows, page
    return {int(pid): float(points) for pid, points in rows}


def _cli_points(cli, source: Path) -> dict[int, float]:  # type: ignore[no-untyped-def]
    result = cli("standings", str(source), "--json")
    assert result.code == 0, result.err
    return {row["id"]: round(float(row["points"]), 2) for row in json.loads(result.out)["standings"]}


def test_a_keizer_ladders_settings_travel_with_its_export(
        client: TestClient, cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The scoring box left empty, the Keizer settings and the rematch window in the options box:
    the export named no scoring and carried neither ``meta.keizer`` nor ``rematch_after``, so
    ``standings`` on it gave the leader 26 points where the page showed 93, and ``pair`` made
    another round 3 than the page."""
    event = create_event(client, "keizer", rounds="6",
                         options="scoring.first_value=40\nscoring.step=3\nrematch_after=3")
    import_players(client, event, field_csv(11))
    _score(client, event, 1, {1: "0", 3: "="})
    _score(client, event, 2, {0: "0", 2: "="})
    exported = _export(client, event, tmp_path)
    assert _cli_points(cli, exported) == _page_points(client, event)
    by_cli = _cli_round(cli, exported, tmp_path)
    assert "Round 3 is paired" in post(client, event, "/pair", round="3").text
    assert by_cli == _page_round(client, event)
    meta = json.loads(exported.read_text(encoding="utf-8"))["meta"]
    assert meta["scoring"]["name"] == "keizer"  # the system's default, named
    assert meta["rematch_after"] == 3 and meta["keizer"] == {"first_value": 40, "step": 3}


def _forbidding_event(client: TestClient) -> tuple[int, list[int]]:
    """A Dutch event whose round 2 would pair the pair this returns, made again with that pair
    forbidden (so the rule decides round 2), with round 1 scored alike."""
    probe = create_event(client, "dutch", name="probe", rounds="5")
    import_players(client, probe, field_csv(10))
    _score(client, probe, 1, {1: "0", 3: "0"})
    assert "Round 2 is paired" in post(client, probe, "/pair", round="2").text
    pair = sorted(_page_round(client, probe)[0][0])
    event = create_event(client, "dutch", rounds="5", options=f'{{"forbidden_pairs": [{json.dumps(pair)}]}}')
    import_players(client, event, field_csv(10))
    _score(client, event, 1, {1: "0", 3: "0"})
    return event, pair


def test_forbidden_pairs_travel_with_the_json_and_trf_exports(
        client: TestClient, cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``forbidden_pairs`` kept the pair apart on the page, but neither export carried it, so
    ``pair`` on either file paired them."""
    event, pair = _forbidding_event(client)
    as_json = _export(client, event, tmp_path)
    as_trf = _export(client, event, tmp_path, "trf")
    by_json = _cli_round(cli, as_json, tmp_path)
    by_trf = _cli_round(cli, as_trf, tmp_path)
    assert "Round 2 is paired" in post(client, event, "/pair", round="2").text
    by_page = _page_round(client, event)
    assert not any(sorted(board) == pair for board in by_page[0])
    assert by_json == by_page
    assert by_trf == by_page  # field_csv's ratings descend: the start ranks are the ids
    assert json.loads(as_json.read_text(encoding="utf-8"))["meta"]["forbidden_pairs"] == [pair]


@pytest.mark.parametrize("options", ["initial_colour=black", "baku=true", '{"accelerations": {"12": [20, 20]}}'])
def test_the_dutchs_other_settings_travel_with_both_exports(
        client: TestClient, cli, tmp_path: Path, options: str) -> None:  # type: ignore[no-untyped-def]
    """The initial colour (TRF16 XXC), Baku acceleration (192) and accelerations (XXA) typed in
    the options box: ``pair`` on either export makes the page's round 2."""
    event = create_event(client, "dutch", rounds="5", options=options)
    import_players(client, event, field_csv(12))
    for number in (1, 2):  # round 1 from the players alone (the initial colour decides it), then round 2
        by_json = _cli_round(cli, _export(client, event, tmp_path), tmp_path)
        by_trf = _cli_round(cli, _export(client, event, tmp_path, "trf"), tmp_path)
        assert f"Round {number} is paired" in post(client, event, "/pair", round=str(number)).text
        by_page = _page_round(client, event)
        assert by_json == by_page, number
        assert by_trf == by_page, number
        _enter(client, event, number, {0: "=", 3: "0"})


def test_a_football_scored_dutch_event_is_paired_on_its_points_by_the_page_and_the_cli(
        client: TestClient, cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The Dutch scores its brackets by the event's point system (FIDE C.04.3 A.3): with
    football scoring two draws (2 points) rank below a win (3), where FIDE's 1/½/0 put them
    level. The page paired on 1/½/0 and exported no point system; ``points=3,1,0`` typed as an
    option was refused at every pairing."""
    def run(scoring: str, name: str) -> tuple[list[tuple[int, int]], list[int]]:
        event = create_event(client, "dutch", name=name, rounds="5", scoring=scoring)
        import_players(client, event, field_csv(12))
        _score(client, event, 1, {0: "=", 1: "=", 3: "=", 4: "0", 5: "="})
        _score(client, event, 2, {0: "=", 1: "=", 2: "=", 3: "=", 4: "0"})
        exported = _export(client, event, tmp_path)
        if scoring == "football":
            assert _cli_points(cli, exported) == _page_points(client, event)
            trf = _export(client, event, tmp_path, "trf")
            assert "BBW  3.0" in trf.read_text(encoding="utf-8")
            assert _cli_round(cli, trf, tmp_path) == _cli_round(cli, exported, tmp_path)
        by_cli = _cli_round(cli, exported, tmp_path)
        assert "Round 3 is paired" in post(client, event, "/pair", round="3").text
        by_page = _page_round(client, event)
        assert by_cli == by_page
        if scoring == "football":
            meta = json.loads(exported.read_text(encoding="utf-8"))["meta"]
            assert meta["points"]["win"] == 3 and meta["points"]["draw"] == 1
        return by_page

    assert run("football", "3-1-0") != run("", "1-½-0")  # the point system decided round 3
    refused = client.post("/events", data={"name": "x", "system": "dutch", "options": "points=3,1,0",
                                           "csrf_token": csrf_of(client.get("/").text)})
    said = html.unescape(refused.text)
    assert refused.status_code == 400 and "field 'options.points'" in said and "choose football" in said, said


def test_points_the_dutch_cannot_pair_on_are_refused_when_typed(client: TestClient) -> None:
    """A draw worth 1/3 is a scoring the standings can count but no point system the Dutch (nor
    TRF16's BB lines) can hold: refused by name at creation, not at the first pairing."""
    refused = client.post("/events", data={"name": "x", "system": "dutch", "options": "scoring.draw=1/3",
                                           "csrf_token": csrf_of(client.get("/").text)})
    said = html.unescape(refused.text)
    assert refused.status_code == 400 and "scoring.draw: a Swiss is paired on points of 0 or more in tenths" in said
    create_event(client, "berger", options="scoring.draw=1/3")  # a round robin is paired on no points


@pytest.mark.parametrize("option", ["absent=3,4", '{"absent": {"3": "zero-point"}}', "byes_later=1"])
def test_an_absence_typed_as_an_option_is_refused_by_name_pointing_to_the_players_list(
        client: TestClient, option: str) -> None:
    """``absent=3,4`` made those players absent in every round, could not be removed once round
    1 was paired, and no export carried it: the page's own withdrawal and bye controls do this."""
    response = client.post("/events", data={"name": "x", "system": "dutch", "options": option,
                                            "csrf_token": csrf_of(client.get("/").text)})
    said = html.unescape(response.text)
    key = "absent" if option.startswith("{") else option.split("=", 1)[0]
    assert response.status_code == 400 and f"field 'options.{key}'" in said and "players" in said, said


def test_an_absence_stored_before_the_check_can_be_removed_after_round_1(
        app, client: TestClient) -> None:  # type: ignore[no-untyped-def]
    from sqlalchemy import update

    from fairdraw.storage.models import Event

    event = create_event(client, "dutch", rounds="5")
    import_players(client, event, field_csv(6))
    with app.state.web.sessions.begin() as db:
        db.execute(update(Event).where(Event.id == event).values(options={"absent": [3, 4]}))
    _score(client, event, 1, {})
    kept = html.unescape(post(client, event, "/settings", name="Club evening", rounds="5", scoring="", tiebreaks="",
                              options="absent=3,4").text)
    assert "Not done" in kept and "absent" in kept, kept
    said = html.unescape(post(client, event, "/settings", name="Club evening", rounds="5", scoring="",
                              tiebreaks="", options="").text)
    assert "Settings saved" in said, said
    _score(client, event, 2, {})
    assert {3, 4} <= {pid for board in _page_round(client, event)[0] for pid in board}


def test_every_option_a_per_round_system_pairs_by_is_exported_or_refused() -> None:
    """A guard for systems and options to come: each option a person may give a per-round system
    either travels in the JSON export (``EXPORTED_PAIRING_OPTIONS``), is refused by the page
    (``PAGE_KEPT_OPTIONS``), or is named as changing no pairing."""
    from fairdraw.core.registry import all_systems, typed_options
    from fairdraw.web.event_settings import PAGE_KEPT_OPTIONS
    from fairdraw.web.workflow import EXPORTED_PAIRING_OPTIONS, OPTIONS_NOT_PAIRED_BY

    for cls in all_systems():
        if cls.kind != "per-round":
            continue
        left: list[Any] = [k for k in typed_options(cls) if k not in EXPORTED_PAIRING_OPTIONS
                           and k not in PAGE_KEPT_OPTIONS and k not in OPTIONS_NOT_PAIRED_BY]
        assert not left, (cls.name, left)
