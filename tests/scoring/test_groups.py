"""Events with groups (seed 002's Meerkamp): one standings table per group; sit-outs score 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fairdraw.core.model import Bye, Participant, Round, Schedule, Table
from fairdraw.formats.schedule_json import dump_schedule
from fairdraw.scoring.standings import compute_group_standings
from fairdraw.systems.berger import berger_rounds
from tests.scoring.test_cli_results import run


def meerkamp() -> Schedule:
    """Group A: players 1-4 (Berger for 4); group B: players 5-9 (Berger for 5, one sit-out a
    round). White always wins, so points follow the colours."""
    players = tuple(Participant(i, f"P{i}") for i in range(1, 10))
    rounds = []
    a_rounds, b_rounds = berger_rounds(4), berger_rounds(5)
    for r in range(max(len(a_rounds), len(b_rounds))):
        tables, byes = [], []
        for group, offset, sched in (("A", 0, a_rounds), ("B", 4, b_rounds)):
            if r >= len(sched):
                continue
            for w, b in sched[r]:
                if w > (4 if group == "A" else 5) or b > (4 if group == "A" else 5):
                    sitter = min(w, b)
                    byes.append(Bye(sitter + offset, "meerkamp-bye"))
                    continue
                tables.append(Table(len(tables) + 1, (w + offset, b + offset), group=group, result="1-0"))
        rounds.append(Round(r + 1, tuple(tables), tuple(byes)))
    return Schedule("meerkamp", players, tuple(rounds))


def test_one_table_per_group_with_sit_out_points() -> None:
    schedule = meerkamp()
    tables = compute_group_standings(schedule, "standard", [])
    assert [st.group for st in tables] == ["A", "B"]
    a, b = tables
    assert sorted(r.id for r in a.rows) == [1, 2, 3, 4] and sorted(r.id for r in b.rows) == [5, 6, 7, 8, 9]
    assert sum(r.points for r in a.rows) == 6  # 6 games, one point each
    assert sum(r.points for r in b.rows) == 10 + 5  # 10 games and 5 sit-outs worth a point
    assert a.rows[0].rank == 1 and b.rows[0].rank == 1


def test_cli_writes_groups(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mk.json"
    path.write_text(dump_schedule(meerkamp()), encoding="utf-8")
    assert run(["standings", str(path), "--json", "-t", "SB"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {row["group"] for row in doc["standings"]} == {"A", "B"}
    assert [row["rank"] for row in doc["standings"] if row["group"] == "B"][0] == 1
    assert run(["standings", str(path), "--group", "B", "--crosstable"]) == 0
    out = capsys.readouterr().out
    assert "Group B" in out and "Group A" not in out and "Cross table" in out
    assert run(["standings", str(path), "--group", "Z"]) == 2
