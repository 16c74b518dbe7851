"""Outputs of the fixed systems read back and print whole: every JSON they write passes
``fairdraw check``, a Meerkamp sit-out names its group, big round robins render fast."""

from __future__ import annotations

import csv
import io
import json
import time
from pathlib import Path

from fairdraw.core.model import Participant
from fairdraw.core.registry import PairingRequest, get_system
from fairdraw.formats.render import render_csv, render_html, render_text
from fairdraw.systems.meerkamp import meerkamp_schedule


def test_check_reads_every_scheme_of_a_several_schemes_heller_file(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """``heller --schemes K --json`` writes fairdraw.heller-schemes/1 (docs/fixed-systems.md);
    ``check`` stopped on it with "field 'system': Field required" and the whole document."""
    out = tmp_path / "schemes.json"
    assert cli("heller", "8", "--schemes", "2", "--json", "-o", str(out)).code == 0
    run = cli("check", str(out), "--no-repeats", "--max-colour-diff", "1", "--max-colour-run", "2")
    assert run.code == 0, run.out + run.err
    assert "Scheme 1 of 2" in run.out and "Scheme 2 of 2" in run.out
    doc = json.loads(out.read_text(encoding="utf-8"))
    second = doc["schemes"][1]["rounds"]
    second[1]["tables"][0]["seats"] = second[0]["tables"][0]["seats"]  # a rematch in scheme 2 only
    second[1]["tables"][1]["seats"] = second[0]["tables"][1]["seats"]
    out.write_text(json.dumps(doc), encoding="utf-8")
    bad = cli("check", str(out), "--no-repeats")
    assert bad.code == 1 and "breach" in bad.out.split("Scheme 2 of 2")[1]


def grouped() -> list[Participant]:
    # 7 players in groups of 3: A has 4 (no byes), B has 3 (a sit-out every evening)
    return [Participant(id=i, name=f"P{i}", rating=2000 - 10 * i) for i in range(1, 8)]


def test_a_meerkamp_sit_out_keeps_its_group_in_csv_text_and_html() -> None:
    """Numbers restart in every group, so "bye: 1. P5" alone does not say which group sits
    out; the CSV left the group column of a bye row empty (lost when filtering by group)."""
    schedule = meerkamp_schedule(grouped(), group_size=3)
    rows = list(csv.DictReader(io.StringIO(render_csv(schedule))))
    byes = [r for r in rows if r["seat"] == "meerkamp-bye"]
    assert len(byes) == 3 and {r["group"] for r in byes} == {"B"}
    assert "bye: 1. P5 (group B, meerkamp-bye)" in render_text(schedule)
    assert "Bye: 1. P5 (group B, meerkamp-bye)" in render_html(schedule)


def test_a_round_robin_bye_is_printed_as_before() -> None:
    players = tuple(Participant(id=i, name=f"P{i}") for i in range(1, 6))
    schedule = get_system("berger").pair(PairingRequest(players=players))
    assert "  bye: 1. P1\n" in render_text(schedule)
    assert [r["group"] for r in csv.DictReader(io.StringIO(render_csv(schedule))) if r["seat"] == "bye"] == [""] * 5


def test_a_thousand_player_round_robin_renders_in_seconds() -> None:
    """Any size up to 1,000 (issue 2 item 6): every seat looked its player up by a scan of
    the whole field, so the CSV of 1,000 players took about 40 s."""
    players = tuple(Participant(id=i, name=f"P{i}") for i in range(1, 1001))
    schedule = get_system("berger").pair(PairingRequest(players=players))
    started = time.process_time()
    text = render_csv(schedule)
    assert time.process_time() - started < 10
    assert text.count("\n") == 1 + 999 * 1000
