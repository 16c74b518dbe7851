"""``fairdraw trf`` writes the byes asked ahead and the withdrawals the way ``fairdraw pair`` reads
them from a TRF16 file (``formats.trf_announce``), so pairing the exported file makes the round
that pairing the event's JSON makes.

An audit found a JSON's ``meta.requested_byes`` dropped by the export (the player asking for a
half-point bye was paired from the TRF), and a withdrawal lost when the last round paired still
had results missing (the file stopped before that round and announced nothing).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conftest import CliResult

PLAYERS = [{"id": i, "name": name, "rating": 2100 - 100 * i} for i, name in enumerate("ABCDEF", start=1)]
ROUND_1 = {"round": 1, "tables": [{"table": 1, "seats": [1, 4], "result": "1-0"},
                                  {"table": 2, "seats": [5, 2], "result": "0-1"},
                                  {"table": 3, "seats": [3, 6], "result": "1/2-1/2"}], "byes": []}


def _write(tmp_path: Path, name: str, rounds: list[dict[str, Any]], meta: dict[str, Any]) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"system": "dutch", "players": PLAYERS, "rounds": rounds,
                                "meta": {"total_rounds": 5, **meta}}), encoding="utf-8")
    return path


def _line(trf: str, rank: int) -> str:
    return next(line for line in trf.splitlines() if line.startswith("001") and int(line[4:8]) == rank)


def _next_round(cli: Callable[..., CliResult], path: Path) -> dict[str, Any]:
    """The round ``pair`` makes from ``path``: boards as seat lists, byes as id -> kind."""
    result = cli("pair", "--json", str(path))
    assert result.code == 0, result.err
    rnd = json.loads(result.out)["rounds"][-1]
    return {"tables": [t["seats"] for t in rnd["tables"]],
            "byes": {str(pid): rnd.get("bye_kinds", {}).get(str(pid), "bye") for pid in rnd["byes"]}}


def test_requested_byes_travel_and_the_trf_pairs_the_round_the_json_pairs(
        tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    event = _write(tmp_path, "event.json", [ROUND_1],
                   {"requested_byes": {"1": "half-point", "6": "zero-point"}, "withdrawn": [5]})
    result = cli("trf", str(event), "-o", str(tmp_path / "event.trf"))
    assert result.code == 0, result.err
    trf = (tmp_path / "event.trf").read_text(encoding="utf-8")
    assert _line(trf, 1).endswith("0000 - H") and _line(trf, 6).endswith("0000 - Z")
    from_json = _next_round(cli, event)
    assert from_json["byes"]["1"] == "half-point" and from_json["byes"]["6"] == "zero-point"
    assert _next_round(cli, tmp_path / "event.trf") == from_json


def test_byes_asked_for_later_rounds_go_in_their_columns_and_stay_asked(
        tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    event = _write(tmp_path, "event.json", [ROUND_1], {"byes_later": {"2": {"3": "full-point"}, "4": {"2": "half-point"}}})
    result = cli("trf", str(event), "-o", str(tmp_path / "event.trf"))
    assert result.code == 0, result.err
    trf = (tmp_path / "event.trf").read_text(encoding="utf-8")
    assert _line(trf, 3).endswith("0000 - F")  # round 2, the next one
    assert _line(trf, 2)[121:].rstrip() == "0000 - H"  # round 4: its opponent field starts in column 122 (92 + 10 * 3)
    paired = cli("pair", "--json", str(tmp_path / "event.trf"))
    assert paired.code == 0, paired.err
    assert json.loads(paired.out)["meta"]["byes_later"] == {"4": {"2": "half-point"}}


def test_a_round_under_way_keeps_its_absences_and_byes_in_its_column(
        tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    """Round 2 is paired with player 5 withdrawn and player 1 on a half-point bye, and a result is
    missing: the file ends with round 1, and round 2's column says what was known before it was
    paired, so pairing the file makes round 2 again as it was made (the withdrawal was lost)."""
    before = _write(tmp_path, "before.json", [ROUND_1], {"requested_byes": {"1": "half-point"}, "withdrawn": [5]})
    paired = cli("pair", "--json", str(before), "-o", str(tmp_path / "event.json"))
    assert paired.code == 0, paired.err
    event = tmp_path / "event.json"
    data = json.loads(event.read_text(encoding="utf-8"))
    round_2 = data["rounds"][1]
    round_2["tables"][0]["result"] = "1-0"
    if len(round_2["tables"]) > 1:
        round_2["tables"][1]["result"] = None  # one result still to come
    event.write_text(json.dumps(data), encoding="utf-8")
    result = cli("trf", str(event), "-o", str(tmp_path / "event.trf"))
    assert result.code == 0, result.err
    trf = (tmp_path / "event.trf").read_text(encoding="utf-8")
    assert _line(trf, 5).endswith("0000 - -") and _line(trf, 1).endswith("0000 - H")
    again = _next_round(cli, tmp_path / "event.trf")
    assert again == _next_round(cli, before)
    assert again["byes"]["5"] == "absent"


def test_a_withdrawal_after_a_round_under_way_was_paired_is_refused_naming_the_missing_results(
        tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    round_2 = {"round": 2, "tables": [{"table": 1, "seats": [2, 1], "result": "1-0"},
                                      {"table": 2, "seats": [4, 3]}, {"table": 3, "seats": [6, 5]}], "byes": []}
    event = _write(tmp_path, "event.json", [ROUND_1, round_2], {"withdrawn": [6], "withdrawn_at": {"6": 3}})
    out = tmp_path / "event.trf"
    result = cli("trf", str(event), "-o", str(out))
    assert result.code == 2
    assert "round 2 has results missing (board 2, 3)" in result.err and "F withdrew after round 2" in result.err
    assert str(event) in result.err and not out.exists()


def test_a_withdrawn_player_asking_a_half_point_bye_is_refused_as_pair_refuses_it(
        tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    event = _write(tmp_path, "event.json", [ROUND_1], {"requested_byes": {"5": "half-point"}, "withdrawn": [5]})
    result = cli("trf", str(event))
    assert result.code == 2
    assert "meta.withdrawn" in result.err and "player 5 is withdrawn and also asks for a half-point bye" in result.err
