"""A mahjong seating made on the page, exported as JSON, draws again from its seed with
`fairdraw check --redraw` (issue 4 item 4: anyone can verify the draw), as a file written by
`fairdraw seat` does; the export carries the draw record, not the figures, which an undo would
leave stale."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

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
    assert code == 0 and "every drawn table is the seed's" in out, out

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
    assert code == 0 and "every drawn table is the seed's" in out, out


def test_a_chess_event_has_no_draw_record_and_no_seating_to_redraw(client: TestClient) -> None:
    event, slug = _made(client, "berger", 6)
    assert "draw" not in json.loads(client.get(f"/events/{event}/export/json").text).get("meta", {})
    assert client.get(f"/p/{slug}/seating.json").status_code == 404
    assert 'id="verify"' not in client.get(f"/p/{slug}").text
