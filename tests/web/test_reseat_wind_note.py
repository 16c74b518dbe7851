"""A re-seat whose kept rounds leave some winds out of balance says so (issue 4 item 3 holds
as far as the rounds played allow), on the command line and on the page; before, the count
was only in the file's meta.reseat.wind_breaches and the page was silent."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from pathlib import Path

from fastapi.testclient import TestClient

from fairdraw.formats.schedule_json import schedule_from_dict
from fairdraw.systems.mahjong.wind_repair import breaches_after_kept
from tests.conftest import CliResult
from tests.web.helpers import create_event, field_csv, import_players, post


def test_reseat_names_the_wind_breaches_the_kept_rounds_leave(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    first, second = tmp_path / "seat.json", tmp_path / "reseat.json"
    assert cli("seat", "-n", "20", "-r", "6", "--seed", "w", "--json", "-o", str(first)).code == 0
    result = cli("reseat", str(first), "--from-round", "3", *[a for p in "1234" for a in ("--drop", p)],
                 "--json", "-o", str(second))
    assert result.code == 0, result.err
    breaches = json.loads(second.read_text())["meta"]["reseat"]["wind_breaches"]
    assert breaches > 0  # 20 players, seed w: the kept rounds fix winds no re-seat can balance
    said = " ".join(result.err.split())
    assert f"the rounds kept leave {breaches} wind breach" in said


def test_the_page_says_what_wind_breaches_a_re_seat_leaves(client: TestClient) -> None:
    event = create_event(client, "mahjong", rounds="6", seed="Winter league")
    import_players(client, event, field_csv(20))
    post(client, event, "/pair")
    for number in ("6", "5", "4", "3"):
        post(client, event, "/undo", round=number)
    for pid in (1, 2, 3, 4):
        post(client, event, f"/players/{pid}/withdraw", withdrawn="1")
    said = html.unescape(post(client, event, "/pair").text)
    data = json.loads(client.get(f"/events/{event}/export/json").text)
    assert "Rounds 3–6 are made" in said
    breaches = re.search(r"The rounds kept leave (\d+) wind breach", said)
    # the figure is the rounds' own: a recount of the breaches the made rounds hold after the kept
    schedule = schedule_from_dict(data)
    positions = {p.id: i for i, p in enumerate(schedule.players)}
    kept = [[[positions[x] for x in t.seats] for t in r.tables] for r in schedule.rounds[:2]]
    made = [[[positions[x] for x in t.seats] for t in r.tables] for r in schedule.rounds[2:]]
    expected = breaches_after_kept(kept, made, 4)
    assert expected > 0 and breaches is not None and int(breaches.group(1)) == expected
