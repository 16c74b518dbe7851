"""`fairdraw trf` of an event with groups (seed 002's Meerkamp): TRF16 has no groups, so a file
of every group reads back as one event, which `standings` ranks as one table (an audit: the
JSON gets a table per group, docs/standings.md). ``--group`` writes one group's own round robin,
whose standings are that group's; without it a note says so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def _meerkamp_with_results(cli: Any, tmp_path: Path) -> Path:
    players = tmp_path / "players.csv"
    players.write_text("name,rating\n" + "".join(f"P{i},{2100 - 10 * i}\n" for i in range(1, 11)), encoding="utf-8")
    event = tmp_path / "event.json"
    assert cli("meerkamp", str(players), "--group-size", "5", "--json", "-o", str(event)).code == 0
    data = json.loads(event.read_text(encoding="utf-8"))
    outcomes = ["1-0", "0-1", "1/2-1/2"]
    for number, rnd in enumerate(data["rounds"]):
        for index, table in enumerate(rnd["tables"]):
            table["result"] = outcomes[(number + index) % 3]
    event.write_text(json.dumps(data), encoding="utf-8")
    return event


def _points(cli: Any, *args: str) -> dict[str, float]:
    done = cli("standings", *args, "--json")
    assert done.code == 0, done.err
    return {row["name"]: float(row["points"]) for row in json.loads(done.out)["standings"]}


def test_one_groups_trf_scores_as_that_groups_standings(cli: Any, tmp_path: Path) -> None:
    event = _meerkamp_with_results(cli, tmp_path)
    for group in ("A", "B"):
        trf = tmp_path / f"{group}.trf"
        done = cli("trf", str(event), "--group", group, "-o", str(trf))
        assert done.code == 0, done.err
        assert trf.read_text(encoding="utf-8").count("\n001 ") == 5  # the group's five players only
        assert _points(cli, str(trf)) == _points(cli, str(event), "--group", group)


def test_the_whole_events_trf_says_it_loses_the_groups_and_an_unknown_group_is_named(
        cli: Any, tmp_path: Path) -> None:
    event = _meerkamp_with_results(cli, tmp_path)
    whole = cli("trf", str(event), "-o", str(tmp_path / "all.trf"))
    assert whole.code == 0 and "TRF16 has no groups" in whole.err and "--group" in whole.err
    wrong = cli("trf", str(event), "--group", "C", "-o", str(tmp_path / "c.trf"))
    assert wrong.code == 2 and "there is no group 'C'" in wrong.err and "groups: A, B" in wrong.err
    assert not (tmp_path / "c.trf").exists()
