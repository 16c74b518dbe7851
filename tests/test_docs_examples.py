"""What the documentation says of a command, checked on the command itself.

``check --dutch`` (docs/usage.md, docs/swiss.md): the rounds that differ are listed board by
board by pairing number, as ``pair`` lists them, and ``--explain`` adds the explanation of
each such round, one line per reason (not cut at the terminal's width).
"""

from __future__ import annotations

import json
from pathlib import Path


def _event_with_wrong_round_one(cli, tmp_path: Path) -> Path:  # type: ignore[no-untyped-def]
    # rows in rising rating order: id 4 gets pairing number 1, id 1 number 4
    players = tmp_path / "players.csv"
    players.write_text("name,id,rating\nAda,1,1500\nBob,2,1600\nCid,3,1700\nDee,4,1800\n", encoding="utf-8")
    event = tmp_path / "event.json"
    assert cli("pair", "--dutch", str(players), "--rounds", "3", "--json", "-o", str(event)).code == 0
    doc = json.loads(event.read_text(encoding="utf-8"))
    assert {p["id"]: p["number"] for p in doc["players"]} == {4: 1, 3: 2, 2: 3, 1: 4}
    # the Dutch pairs 1-3 and 2-4 in round 1; the file is made to say 1-2 and 3-4 instead
    doc["rounds"][0]["tables"] = [
        {"table": 1, "group": None, "seats": [4, 3]},
        {"table": 2, "group": None, "seats": [2, 1]},
    ]
    event.write_text(json.dumps(doc), encoding="utf-8")
    return event


def test_check_dutch_names_boards_by_pairing_number(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    event = _event_with_wrong_round_one(cli, tmp_path)
    result = cli("check", "--dutch", str(event))
    assert result.code == 1
    assert "round 1: DIFFERS" in result.out
    # by pairing number; by id these lines read "file has 2-1" and "file has 4-3"
    assert "file has 1-2" in result.out
    assert "file has 3-4" in result.out


def test_check_dutch_explain_keeps_each_reason_on_one_line(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    event = _event_with_wrong_round_one(cli, tmp_path)
    result = cli("check", "--dutch", str(event), "--explain")
    assert result.code == 1
    lines = result.out.splitlines()
    criteria = [line for line in lines if "Criteria applied in priority order" in line]
    assert len(criteria) == 1 and criteria[0].rstrip().endswith("C.14-C.21 floats.")
    # residents named by pairing number, as the pairing list shows them
    assert any(line.strip() == "Bracket 0: residents 1, 2, 3, 4" for line in lines)
