"""Requests that name players the event does not have, and limits no schedule can mean, are
refused with the field (or option), the value and what was expected: both Swiss engines read
their player options through ``fairdraw.core.player_rules``, and ``fairdraw check`` bounds
every numeric limit (``fairdraw.core.check_limits``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from fairdraw.core.checker import CheckRules
from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant, Round, Schedule, Table
from fairdraw.core.registry import PairingRequest, get_system
from fairdraw.formats.schedule_json import dump_schedule
from tests.swiss.test_pair_cli import TRF as PAIR_CLI_TRF

if TYPE_CHECKING:
    from conftest import CliResult

ENGINES = ("dutch", "club-swiss")
PLAYERS = tuple(Participant(id=i, name=f"P{i}", rating=2200 - 10 * i) for i in range(1, 7))

TRF = PAIR_CLI_TRF  # the five-player club file of the pair CLI tests, round 1 played


def _pair(engine: str, options: dict[str, Any]) -> Schedule:
    return get_system(engine).pair(PairingRequest(players=PLAYERS, total_rounds=5, seed="s", options=options))


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("options", "field", "match"), [
    ({"forbidden_pairs": [[1, 99]]}, "forbidden_pairs", r"forbidden pair \[1, 99\] names 99, who is not a player"),
    ({"forbidden_pairs": [[1, "x"]]}, "forbidden_pairs", "names 'x', which is not a player id"),
    ({"forbidden_pairs": [[0, 2, 3]]}, "forbidden_pairs", "names 0, who is not a player"),
    ({"requested_byes": {"99": "half-point"}}, "requested_byes", "requested bye names 99, who is not a player"),
    ({"requested_byes": {"abc": "half-point"}}, "requested_byes", "names 'abc', which is not a player id"),
    ({"absent": [99]}, "absent", "absence names 99, who is not a player"),
    ({"withdrawn": [99]}, "withdrawn", "withdrawn list names 99, who is not a player"),
    ({"withdrawn": ["5", 98]}, "withdrawn", "withdrawn list names 98"),
    ({"withdrawn": [True]}, "withdrawn", "names True, which is not a player id"),
    ({"withdrawn": "5"}, "withdrawn", "withdrawn must be a list of player ids"),
    ({"accelerations": {"99": [10, 10]}}, "accelerations", "acceleration names 99, who is not a player"),
    ({"accelerations": {"1": [1.5]}}, "accelerations", "expected a list of whole numbers"),
])
def test_an_unknown_player_id_is_refused_naming_the_field(engine: str, options: dict[str, Any], field: str,
                                                          match: str) -> None:
    with pytest.raises(InputError, match=match) as info:
        _pair(engine, options)
    assert info.value.field == field
    if "who is not a player" in match:
        assert "expected the id of a player in the event, from 1 to 6" in str(info.value)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("group", "match"), [
    ([3, 3], r"forbidden pair \[3, 3\] names player 3 twice"),
    ([1, 2, 1], "names player 1 twice"),
    ([3], "names fewer than two players"),
    (3, "each forbidden pair must be a list of two or more player ids"),
])
def test_a_forbidden_pair_must_be_different_players(engine: str, group: object, match: str) -> None:
    with pytest.raises(InputError, match=match) as info:
        _pair(engine, {"forbidden_pairs": [group]})
    assert info.value.field == "forbidden_pairs"


@pytest.mark.parametrize("engine", ENGINES)
def test_a_forbidden_group_of_three_forbids_each_pair_in_both_engines(engine: str) -> None:
    """TRF ``XXP a b c``: none of the three may meet; the club Swiss refused groups of three."""
    group = [1, 2, 3]
    rnd = _pair(engine, {"forbidden_pairs": [group]}).rounds[-1]
    assert all(len(set(t.seats) & set(group)) < 2 for t in rnd.tables)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("kind", ["half-point", "full-point", "zero-point"])
def test_a_withdrawn_player_may_not_ask_for_a_bye(engine: str, kind: str) -> None:
    with pytest.raises(InputError, match=f"player 5 is withdrawn and also asks for a {kind} bye") as info:
        _pair(engine, {"withdrawn": [5], "requested_byes": {"5": kind}})
    assert info.value.field == "withdrawn"


@pytest.mark.parametrize("engine", ENGINES)
def test_a_withdrawn_player_announced_absent_is_the_same_absence(engine: str) -> None:
    rnd = _pair(engine, {"withdrawn": [5], "requested_byes": {"5": "absent"}}).rounds[-1]
    assert 5 not in rnd.seated_ids()
    assert [b.kind for b in rnd.byes if b.id == 5] == ["absent"]


@pytest.mark.parametrize("engine", ENGINES)
def test_two_different_byes_for_one_player_are_refused(engine: str) -> None:
    with pytest.raises(InputError, match="player 2 is given two byes for the round, 'half-point' and 'absent'"):
        _pair(engine, {"requested_byes": {"2": "half-point"}, "absent": [2]})


# --- the command line: exit 2, the message names the field and the id, nothing is written ---


@pytest.mark.parametrize("system", ENGINES)
def test_pair_refuses_an_xxp_line_naming_an_unknown_player(tmp_path: Path, cli: Callable[..., CliResult],
                                                           system: str) -> None:
    path = tmp_path / "t.trf"
    path.write_text(TRF.replace("XXC white1\n", "XXC white1\nXXP 1 99\n"))
    out = tmp_path / "out.txt"
    res = cli("pair", "--system", system, str(path), str(out))
    assert res.code == 2, res.err
    # the TRF reader may refuse the line itself (with its number), else the engine does (the field)
    assert "XXP" in res.err and ("names 99" in res.err or "start rank 99" in res.err)
    assert not out.exists()


def test_check_dutch_refuses_an_xxp_line_naming_an_unknown_player(tmp_path: Path,
                                                                  cli: Callable[..., CliResult]) -> None:
    path = tmp_path / "t.trf"
    path.write_text(TRF.replace("XXC white1\n", "XXC white1\nXXP 2 7\n"))
    res = cli("check", "--dutch", str(path))
    assert res.code == 2
    assert "XXP" in res.err and ("names 7, who is not a player of the event" in res.err or "start rank 7" in res.err)


def _schedule_json(tmp_path: Path, meta: dict[str, Any]) -> Path:
    rnd = Round(1, (Table(1, (1, 4), result="1-0"), Table(2, (5, 2), result="0-1"), Table(3, (3, 6), result="1/2-1/2")))
    path = tmp_path / "s.json"
    path.write_text(dump_schedule(Schedule(system="dutch", players=PLAYERS, rounds=(rnd,),
                                           meta={"total_rounds": 5, **meta})))
    return path


@pytest.mark.parametrize("system", ENGINES)
@pytest.mark.parametrize(("meta", "field", "value"), [
    ({"forbidden_pairs": [[1, 2], [3, 42]]}, "forbidden_pairs", "42"),
    ({"withdrawn": [42]}, "withdrawn", "42"),
    ({"requested_byes": {"42": "half-point"}}, "requested_byes", "42"),
    ({"accelerations": {"42": [10]}}, "accelerations", "42"),
    ({"forbidden_pairs": [[4, 4]]}, "forbidden_pairs", "4"),
    ({"withdrawn": [6], "requested_byes": {"6": "full-point"}}, "withdrawn", "6"),
])
def test_pair_refuses_json_meta_naming_an_unknown_player(tmp_path: Path, cli: Callable[..., CliResult], system: str,
                                                         meta: dict[str, Any], field: str, value: str) -> None:
    """``pair --json`` writes the rules to ``meta`` and reads them back: the same checks apply."""
    out = tmp_path / "next.json"
    res = cli("pair", "--system", system, str(_schedule_json(tmp_path, meta)), "--json", str(out))
    assert res.code == 2, res.err
    assert f"field '{field}'" in res.err
    assert f"player {value}" in res.err or f"names {value}" in res.err
    assert not out.exists()


def test_pair_json_round_trip_still_pairs(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    """Valid meta written by ``pair --json`` (ids as JSON strings and numbers) pairs again."""
    first = _schedule_json(tmp_path, {"withdrawn": [6], "forbidden_pairs": [[1, 2, 3]],
                                      "accelerations": {"1": [10, 10]}})
    out = tmp_path / "r2.json"
    assert cli("pair", "--dutch", str(first), "--json", str(out)).code == 0
    meta = json.loads(out.read_text())["meta"]
    assert meta["withdrawn"] == [6] and meta["forbidden_pairs"] == [[1, 2, 3]]


# --- fairdraw check: every numeric limit in its range ---


@pytest.mark.parametrize(("option", "value", "low"), [
    ("--max-meetings", "-1", 1), ("--max-meetings", "0", 1),
    ("--max-colour-diff", "-1", 0),
    ("--max-colour-run", "-1", 1), ("--max-colour-run", "0", 1),
    ("--max-byes", "-1", 0),
    ("--table-size", "0", 2), ("--table-size", "1", 2), ("--table-size", "-4", 2),
])
def test_check_refuses_a_limit_out_of_range(tmp_path: Path, cli: Callable[..., CliResult], option: str, value: str,
                                            low: int) -> None:
    res = cli("check", str(_schedule_json(tmp_path, {})), option, value)
    assert res.code == 2
    assert option in res.err and f"greater than or equal to {low}" in res.err
    assert "Per participant" not in res.out  # refused before the schedule is read


@pytest.mark.parametrize(("option", "value"), [
    ("--max-meetings", "1"), ("--max-colour-diff", "0"), ("--max-colour-run", "1"), ("--max-byes", "0"),
    ("--table-size", "2"),
])
def test_check_takes_the_smallest_meaningful_limit(tmp_path: Path, cli: Callable[..., CliResult], option: str,
                                                   value: str) -> None:
    res = cli("check", str(_schedule_json(tmp_path, {})), option, value)
    assert res.code in (0, 1), res.err  # checked: the verdict, not a refusal
    assert "Per participant" in res.out


@pytest.mark.parametrize(("name", "value", "match"), [
    ("max_meetings", -1, "--max-meetings must be a whole number of at least 1, got -1"),
    ("max_colour_diff", -1, "--max-colour-diff must be a whole number of at least 0"),
    ("max_colour_run", 0, "--max-colour-run must be a whole number of at least 1"),
    ("max_byes", -3, "--max-byes must be a whole number of at least 0"),
    ("table_size", 1, "--table-size must be a whole number of at least 2"),
    ("table_size", 2.5, "got 2.5"),
    ("max_byes", True, "got True"),
])
def test_check_rules_refuse_a_limit_out_of_range(name: str, value: object, match: str) -> None:
    """Callers other than the CLI (Python, the web) meet the same ranges."""
    with pytest.raises(InputError, match=match) as info:
        CheckRules(**{name: value})  # type: ignore[arg-type]
    assert info.value.field == name


@pytest.mark.parametrize("points", [3, "3-1-0", {"win": 30}])
def test_a_point_system_typed_by_hand_is_refused_by_name(points: object) -> None:
    """``points`` is the event's point system (a TRF's BB* lines, ``meta.points``); typed into the
    web page's options box as ``points=3`` the Dutch pairing stopped on an AttributeError."""
    players = tuple(Participant(id=i, name=f"P{i}", rating=2000 - i) for i in range(1, 7))
    with pytest.raises(InputError, match="points: expected the event's point system"):
        get_system("dutch").pair(PairingRequest(players=players, total_rounds=5, options={"points": points}))
