"""`seat-ranked` records per round the wind breaches its tables make (found by an audit: a
round that ended 8 earlier breaches and made none was recorded as -8, and said "leave -8 wind
breaches"). The count is the new breaches of that round, never below 0, and agrees with a
recount of the rounds before and after."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from fairdraw.formats.schedule_json import schedule_from_dict
from fairdraw.systems.mahjong.wind_repair import wind_breach_count
from tests.conftest import CliResult


def _breaches_by_player(path: Path, upto: int) -> dict[int, int]:
    schedule = schedule_from_dict(json.loads(path.read_text()))
    played: dict[int, list[int]] = {}
    for rnd in sorted(schedule.rounds, key=lambda r: r.round)[:upto]:
        for table in rnd.tables:
            for seat, pid in enumerate(table.seats):
                played.setdefault(pid, []).append(seat)
    return {pid: wind_breach_count(seq, 4) for pid, seq in played.items()}


def test_the_ranked_rounds_record_no_negative_count(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    first = tmp_path / "seat.json"
    assert cli("seat", "-n", "24", "-r", "9", "--ranked-last", "2", "--seed", "Rånk 🀄", "--json", "-o",
               str(first)).code == 0
    ranking = [23, 14, 10, 22, 19, 11, 5, 13, 7, 4, 24, 6, 16, 3, 18, 2, 8, 15, 1, 17, 21, 12, 9, 20]
    standings = tmp_path / "standings.json"
    standings.write_text(json.dumps({"standings": [{"rank": i + 1, "id": pid} for i, pid in enumerate(ranking)]}))
    eighth, ninth = tmp_path / "r8.json", tmp_path / "r9.json"
    assert cli("seat-ranked", str(standings), "--schedule", str(first), "--json", "-o", str(eighth)).code == 0
    result = cli("seat-ranked", str(standings), "--schedule", str(eighth), "--json", "-o", str(ninth))
    assert result.code == 0 and "leave -" not in result.err
    recorded = json.loads(ninth.read_text())["meta"].get("ranked_wind_breaches", {})
    assert all(count > 0 for count in recorded.values()), recorded
    before, after = _breaches_by_player(eighth, 8), _breaches_by_player(ninth, 9)
    made = sum(max(0, after[pid] - before.get(pid, 0)) for pid in after)
    assert recorded.get("9", 0) == made
