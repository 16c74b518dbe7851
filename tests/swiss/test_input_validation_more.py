"""`fairdraw pair` (FIDE Dutch, club Swiss, Keizer) refuses input that contradicts itself,
the same way whatever the system, and reads files however an editor saved them.

Each test reproduces a fault an audit found: a player listed twice, a round seating one
twice, a bad ``meta.initial_colour``, two byes for one player, ``--rounds 0`` on JSON, a
byte order mark, mixed line ends in a TRF16 file.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant, Round, Table
from fairdraw.core.registry import PairingRequest, get_system
from fairdraw.formats.trf import parse_trf

if TYPE_CHECKING:
    from conftest import CliResult

SYSTEMS = ("dutch", "club-swiss", "keizer")

#: six players after two rounds (the audit's base.trf), LF line ends
TRF_LINES = [
    "012 Audit tournament",
    "XXR 5",
    "XXC white1",
    "001    1      Player 1                          2000                             1.5          4 w 1     3 b =",
    "001    2      Player 2                          1900                             1.0          5 b 0     6 w 1",
    "001    3      Player 3                          1800                             1.5          6 w 1     1 w =",
    "001    4      Player 4                          1700                             0.0          1 b 0     5 w 0",
    "001    5      Player 5                          1600                             2.0          2 w 1     4 b 1",
    "001    6      Player 6                          1500                             0.0          3 b 0     2 b 0",
]
TRF = "\n".join(TRF_LINES) + "\n"


def event(players: int = 4, rounds: list[dict[str, Any]] | None = None, system: str = "dutch",
          **meta: Any) -> dict[str, Any]:
    """A schedule JSON document: ``players`` players A, B, ... rated from 2000 down."""
    return {"format": "fairdraw.schedule/1", "system": system, "seed": None,
            "players": [{"id": i, "name": chr(64 + i), "rating": 2100 - 100 * i} for i in range(1, players + 1)],
            "rounds": rounds or [], "meta": {"total_rounds": 3, **meta}}


def round_one(*boards: tuple[int, int], byes: list[int] | None = None) -> list[dict[str, Any]]:
    """Round 1 with these boards, every game won by white."""
    tables = [{"table": i, "seats": list(seats), "result": "1-0"} for i, seats in enumerate(boards, start=1)]
    return [{"round": 1, "tables": tables, "byes": byes or []}]


def flat(text: str) -> str:
    """A message as one line (the console wraps long ones)."""
    return " ".join(text.split())


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        cli: Callable[..., CliResult]) -> Callable[..., CliResult]:
    """Run the CLI in-process in ``tmp_path``."""
    monkeypatch.chdir(tmp_path)
    return cli


def write_json(path: Path, doc: dict[str, Any], *, bom: bool = False) -> Path:
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + json.dumps(doc).encode())
    return path


# -- 1. a player listed twice ---------------------------------------------------------------------

@pytest.mark.parametrize("system", SYSTEMS)
def test_a_player_listed_twice_is_refused_by_every_system(system: str, tmp_path: Path,
                                                          run: Callable[..., CliResult]) -> None:
    doc = event(system=system)
    doc["players"].append({"id": 1, "name": "A", "rating": 2000})
    write_json(tmp_path / "dup.json", doc)
    res = run("pair", "--system", system, "dup.json", "-p", "-o", "out.txt")
    message = flat(res.err)
    assert res.code == 2, res.err
    assert "dup.json" in message and "players[4].id" in message and "player id 1 appears twice" in message
    assert not (tmp_path / "out.txt").exists()


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_systems_refuse_a_player_listed_twice_from_the_python_api(system: str) -> None:
    """Not only the CLI: a PairingRequest built by hand (web page, scripts) is checked too."""
    players = tuple(Participant(i, f"P{i}", 2000 - i) for i in (1, 2, 3, 4, 1))
    with pytest.raises(InputError) as info:
        get_system(system).pair(PairingRequest(players=players, total_rounds=3))
    assert info.value.field == "players[4].id"


# -- 2. a round seating a player twice ------------------------------------------------------------

BAD_ROUNDS = {
    "two boards": (round_one((1, 3), (1, 2)), "rounds[0].tables[1].seats", "player 1 is seated twice"),
    "against himself": (round_one((1, 3), (2, 2)), "rounds[0].tables[1].seats", "player 2 is seated against himself"),
    "seat and bye": (round_one((1, 3), (4, 2), byes=[1]), "rounds[0].byes[0]", "player 1 has a bye and a seat"),
}


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("case", BAD_ROUNDS)
def test_a_round_seating_a_player_twice_is_refused_by_every_system(case: str, system: str, tmp_path: Path,
                                                                   run: Callable[..., CliResult]) -> None:
    rounds, field, says = BAD_ROUNDS[case]
    write_json(tmp_path / "bad.json", event(rounds=rounds, system=system))
    res = run("pair", "--system", system, "bad.json", "-p")
    message = flat(res.err)
    assert res.code == 2, res.err
    assert "bad.json" in message and field in message and f"round 1: {says}" in message
    assert "Traceback" not in res.err


def test_check_dutch_refuses_a_round_seating_a_player_twice(tmp_path: Path, run: Callable[..., CliResult]) -> None:
    write_json(tmp_path / "bad.json", event(rounds=round_one((1, 3), (1, 2))))
    res = run("check", "--dutch", "bad.json")
    assert res.code == 2 and "rounds[0].tables[1].seats" in flat(res.err), res.err


@pytest.mark.parametrize("case", BAD_ROUNDS)
def test_the_dutch_engine_refuses_a_bad_history_with_an_input_error(case: str) -> None:
    """It used to stop on an assertion in its state (a traceback), or pair on a seat and a bye."""
    rounds, field, _ = BAD_ROUNDS[case]
    doc = event(rounds=rounds)
    from fairdraw.formats.schedule_json import schedule_from_dict

    schedule = schedule_from_dict(doc)
    with pytest.raises(InputError) as info:
        get_system("dutch").pair(PairingRequest(players=schedule.players, history=schedule.rounds, total_rounds=3))
    assert info.value.field == field


# -- 3. meta.initial_colour -----------------------------------------------------------------------

def _first_board(run: Callable[..., CliResult], *args: str) -> str:
    res = run("pair", *args, "-p")
    assert res.code == 0, res.err
    return res.out.split("\n")[1]


@pytest.mark.parametrize("written", ["Black", "BLACK", " black "])
def test_initial_colour_in_json_is_read_in_any_case(written: str, tmp_path: Path,
                                                    run: Callable[..., CliResult]) -> None:
    write_json(tmp_path / "given.json", event(players=6, initial_colour=written))
    write_json(tmp_path / "plain.json", event(players=6))
    expected = _first_board(run, "plain.json", "--initial-colour", "black")
    assert _first_board(run, "given.json") == expected
    assert _first_board(run, "plain.json") != expected  # white is another pairing: the test tells them apart


@pytest.mark.parametrize("written", ["purple", "", 1, True])
def test_an_unknown_initial_colour_in_json_is_refused(written: Any, tmp_path: Path,
                                                      run: Callable[..., CliResult]) -> None:
    write_json(tmp_path / "ic.json", event(players=6, initial_colour=written))
    res = run("pair", "ic.json", "-p")
    assert res.code == 2 and "meta.initial_colour" in flat(res.err) and "white or black" in flat(res.err), res.err


def test_the_dutch_engine_refuses_an_unknown_initial_colour_option() -> None:
    players = tuple(Participant(i, f"P{i}", 2000 - i) for i in range(1, 5))
    with pytest.raises(InputError) as info:
        get_system("dutch").pair(PairingRequest(players=players, total_rounds=3, options={"initial_colour": "purple"}))
    assert info.value.field == "initial_colour"


# -- 4. two byes for one player -------------------------------------------------------------------

def test_two_different_byes_for_one_player_on_the_command_line_are_refused(tmp_path: Path,
                                                                           run: Callable[..., CliResult]) -> None:
    write_json(tmp_path / "ev.json", event(players=6))
    res = run("pair", "--dutch", "ev.json", "--bye", "5:half", "--bye", "5:full", "--json", "-o", "out.json")
    assert res.code == 2 and "--bye" in flat(res.err) and "player 5" in flat(res.err), res.err
    assert not (tmp_path / "out.json").exists()
    res = run("pair", "--dutch", "ev.json", "--bye", "5:full", "--bye", "5:full", "--json", "-o", "out.json")
    assert res.code == 0, res.err  # the same bye twice says one thing
    assert json.loads((tmp_path / "out.json").read_text())["rounds"][-1]["bye_kinds"] == {"5": "full-point"}


def test_a_bye_on_the_command_line_contradicting_the_files_is_refused(tmp_path: Path,
                                                                      run: Callable[..., CliResult]) -> None:
    write_json(tmp_path / "ev.json", event(players=6, requested_byes={"5": "half-point"}))
    res = run("pair", "--dutch", "ev.json", "--bye", "5:full", "-p")
    assert res.code == 2 and "--bye" in flat(res.err) and "'half-point'" in flat(res.err), res.err
    assert run("pair", "--dutch", "ev.json", "--bye", "5:half", "-p").code == 0


def test_a_requested_bye_list_in_json_takes_a_bye_from_the_command_line(tmp_path: Path,
                                                                        run: Callable[..., CliResult]) -> None:
    """``meta.requested_byes`` may be a list of ids (absences); adding ``--bye`` crashed on it."""
    write_json(tmp_path / "ev.json", event(players=6, requested_byes=[3]))
    res = run("pair", "--dutch", "ev.json", "--bye", "4", "--json", "-o", "out.json")
    assert res.code == 0, res.err
    assert json.loads((tmp_path / "out.json").read_text())["rounds"][-1]["bye_kinds"] == {"3": "absent",
                                                                                           "4": "half-point"}


def test_a_trf_giving_one_player_two_byes_in_a_round_is_refused() -> None:
    """``0000 - F`` in player 1's column 3 and a ``240 H`` line for player 1 in round 3."""
    lines = [*TRF_LINES]
    lines[3] += "  0000 - F"
    with pytest.raises(InputError) as info:
        parse_trf("\n".join([*lines, "240 H   3    1"]) + "\n")
    assert info.value.field == "240" and info.value.line == 10 and "'0000 - F'" in info.value.message
    parse_trf("\n".join([*lines, "240 F   3    1"]) + "\n")  # the same bye twice is no contradiction
    with pytest.raises(InputError) as info:
        parse_trf(TRF + "240 H   3    2\n240 Z   3    2\n")
    assert info.value.field == "240" and info.value.line == 11


# -- 5. --rounds 0 --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["ev.json", "ev.trf"])
def test_rounds_zero_is_refused_on_json_as_on_trf(name: str, tmp_path: Path, run: Callable[..., CliResult]) -> None:
    if name.endswith(".json"):
        write_json(tmp_path / name, event(players=6))
    else:
        (tmp_path / name).write_text(TRF)
    res = run("pair", "--dutch", name, "--rounds", "0", "-p", "-o", "out.txt")
    assert res.code == 2 and "--rounds" in flat(res.err), res.err
    assert not (tmp_path / "out.txt").exists()


# -- 6. a byte order mark -------------------------------------------------------------------------

PLAYED = round_one((1, 4), (5, 2), (3, 6))  # as the Dutch pairs it: check --dutch finds it equal


@pytest.mark.parametrize("command", [("pair", "bom.json", "-p"), ("check", "--dutch", "bom.json"),
                                     ("trf", "bom.json"), ("standings", "bom.json"), ("undo", "bom.json", "--force")])
def test_a_schedule_json_with_a_byte_order_mark_is_read(command: tuple[str, ...], tmp_path: Path,
                                                        run: Callable[..., CliResult]) -> None:
    write_json(tmp_path / "bom.json", event(players=6, rounds=PLAYED), bom=True)
    res = run(*command)
    assert res.code == 0, res.err
    assert "BOM" not in res.err and "001" not in res.err


def test_a_trf_with_a_byte_order_mark_is_read(tmp_path: Path, run: Callable[..., CliResult]) -> None:
    (tmp_path / "bom.trf").write_bytes(b"\xef\xbb\xbf" + TRF.encode())
    (tmp_path / "plain.trf").write_text(TRF)
    res = run("pair", "bom.trf", "-p")
    assert res.code == 0, res.err
    assert res.out == run("pair", "plain.trf", "-p").out
    assert run("standings", "bom.trf").code == 0


# -- 7. mixed line ends in a TRF ------------------------------------------------------------------

def test_a_trf_with_mixed_line_ends_is_read_line_by_line(tmp_path: Path, run: Callable[..., CliResult]) -> None:
    mixed = TRF_LINES[0] + "\r\n" + "\n".join(TRF_LINES[1:]) + "\n"
    doc = parse_trf(mixed)
    assert [p.number for p in doc.players] == [1, 2, 3, 4, 5, 6]
    assert doc.line_ending == "\n" and doc.dump() == TRF  # written back with the commonest line end
    (tmp_path / "mixed.trf").write_bytes(mixed.encode())
    (tmp_path / "plain.trf").write_text(TRF)
    res = run("pair", "mixed.trf", "-p")
    assert res.code == 0, res.err
    assert res.out == run("pair", "plain.trf", "-p").out


@pytest.mark.parametrize("ending", ["\r\n", "\r", "\n"])
def test_the_commonest_line_end_is_kept(ending: str) -> None:
    text = TRF_LINES[0] + "\n" + TRF_LINES[1] + "\r" + ending.join(TRF_LINES[2:]) + ending
    doc = parse_trf(text)
    assert doc.line_ending == ending and len(doc.players) == 6
    assert parse_trf(TRF.replace("\n", ending)).dump() == TRF.replace("\n", ending)  # one style: byte for byte


def test_history_check_reports_a_board_of_three_seats() -> None:
    """The shared check also names a board that is not two seats (the Keizer ladder unpacked it blindly)."""
    players = tuple(Participant(i, f"P{i}") for i in range(1, 5))
    history = (Round(1, (Table(1, (1, 2, 3), result="1-0"),)),)
    with pytest.raises(InputError) as info:
        get_system("keizer").pair(PairingRequest(players=players, history=history))
    assert info.value.field == "rounds[0].tables[0].seats"
