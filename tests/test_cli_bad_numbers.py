"""Numbers no command can use, found by an audit of bad input: each was a traceback with exit 1
(reserved for a check's breaches) or a command that hung, where bad input exits 2 naming the
file or option, and nothing is written."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CliResult


def _rr(tmp_path: Path, cli: Callable[..., CliResult]) -> Path:
    players = tmp_path / "p.csv"
    players.write_text("name,rating\n" + "".join(f"P{i},{2000 - i}\n" for i in range(1, 5)))
    event = tmp_path / "rr.json"
    assert cli("roundrobin", str(players), "--json", "-o", str(event)).code == 0
    return event


def test_a_number_of_thousands_of_digits_in_json_is_named(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    event = _rr(tmp_path, cli)
    text = event.read_text()
    damaged = tmp_path / "big.json"
    damaged.write_text(text.replace('"round": 1', '"round": 1' + "0" * 5000, 1))
    players = tmp_path / "players.json"
    players.write_text('[{"name": "A", "rating": 1' + "0" * 5000 + "}]")
    for args in (("check", str(damaged)), ("standings", str(damaged)), ("pair", str(damaged)),
                 ("roundrobin", str(players))):
        result = cli(*args)
        assert result.code == 2, (args, result.err)
        assert "a number too long to read" in result.err


@pytest.mark.parametrize("args", [("heller", "10000000000"), ("seat", "-r", "5", "-n", "10000000000")])
def test_a_field_far_too_large_is_refused_before_any_work(cli: Callable[..., CliResult], args: tuple[str, ...]) -> None:
    result = cli(*args)
    assert result.code == 2 and "players" in result.err


@pytest.mark.parametrize("option", ["win=1e400", "win=1e99999999", "draw=1/0", "loss=10000000000"])
def test_a_scoring_option_beyond_any_use_is_refused(tmp_path: Path, cli: Callable[..., CliResult], option: str) -> None:
    event = _rr(tmp_path, cli)
    result = cli("standings", str(event), "-O", option)
    assert result.code == 2 and option.split("=")[0] in result.err


@pytest.mark.parametrize("damaged", [{"1": "x"}, {"abc": 2}, {"1": None}, [1, 2]])
def test_a_damaged_withdrawal_record_is_named_by_pair_and_undo(tmp_path: Path, cli: Callable[..., CliResult],
                                                                damaged: object) -> None:
    players = tmp_path / "p.csv"
    players.write_text("name,rating\n" + "".join(f"P{i},{2000 - i}\n" for i in range(1, 7)))
    event = tmp_path / "swiss.json"
    assert cli("pair", "--dutch", str(players), "--rounds", "5", "--json", "-o", str(event)).code == 0
    data = json.loads(event.read_text())
    data["meta"]["withdrawn_at"] = damaged
    for table in data["rounds"][0]["tables"]:
        table["result"] = "1-0"
    event.write_text(json.dumps(data))
    before = event.read_bytes()
    for args in (("pair", str(event), "--json", "-o", str(event)), ("undo", str(event), "--force")):
        result = cli(*args)
        assert result.code == 2 and "meta.withdrawn_at" in result.err, (args, result.err)
        assert event.read_bytes() == before


@pytest.mark.parametrize("name", ["A\u202eB", "A\x01B", "x" * 201])
def test_a_newcomer_s_name_follows_the_players_file_rule(tmp_path: Path, cli: Callable[..., CliResult],
                                                         name: str) -> None:
    """`reseat --add` and `league-reseat --add` stored a direction override, a control character
    or a 300-character name, and every later command refused the file."""
    seating, season = tmp_path / "seat.json", tmp_path / "league.json"
    assert cli("seat", "-n", "12", "-r", "4", "--json", "-o", str(seating)).code == 0
    assert cli("league", "-n", "9", "--sessions", "3", "--json", "-o", str(season)).code == 0
    for args in (("reseat", str(seating), "--from-round", "2", "--drop", "1", "--add", name),
                 ("league-reseat", str(season), "--from-session", "2", "--add", name)):
        before = Path(args[1]).read_bytes()
        result = cli(*args, "--json", "-o", args[1])
        assert result.code == 2 and "add" in result.err, (args[0], result.err)
        assert Path(args[1]).read_bytes() == before


def test_a_chess_schedule_with_a_table_of_four_is_refused(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    """A round robin's JSON with one board of four seats was scored as mahjong (every player on
    0, the chess results dropped) by `standings`; a chess system seats two at every board."""
    event = _rr(tmp_path, cli)
    data = json.loads(event.read_text())
    first = data["rounds"][0]["tables"]
    first[0]["seats"] = first[0]["seats"] + first[1]["seats"]
    del first[1]
    event.write_text(json.dumps(data))
    for args in (("standings", str(event)), ("check", str(event))):
        result = cli(*args)
        assert result.code == 2 and "a berger board seats 2 players, got 4" in result.err, result.err


def test_check_dutch_refuses_what_it_would_not_check(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    """`check SCHEDULE --dutch TRF --no-repeats` re-paired the TRF and exited 0, the schedule
    (even one with a breach, or one that did not exist) never read."""
    from tests.swiss.golden import GOLDEN

    trf = next(iter(sorted(GOLDEN.glob("*.trf"))))
    event = _rr(tmp_path, cli)
    for args in (("check", str(event), "--dutch", str(trf)), ("check", "--dutch", str(trf), "--no-repeats"),
                 ("check", str(tmp_path / "missing.json"), "--dutch", str(trf)), ("check", str(event), "--explain")):
        result = cli(*args)
        assert result.code == 2 and ("--dutch" in result.err or "--explain" in result.err), (args, result.err)


def test_trf_keeps_its_name_on_one_line_and_says_what_it_cuts(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    players = tmp_path / "p.csv"
    long_name = "Maximiliane Alexandrina von Hohenzollern-Sigmaringen"
    players.write_text("name,rating,federation\n" + f"{long_name},2100,NETHERLANDS\n"
                       + "".join(f"P{i},{2000 - i},NED\n" for i in range(1, 6)))
    event = tmp_path / "swiss.json"
    assert cli("pair", "--dutch", str(players), "--rounds", "3", "--json", "-o", str(event)).code == 0
    data = json.loads(event.read_text())
    for table in data["rounds"][0]["tables"]:
        table["result"] = "1-0"
    event.write_text(json.dumps(data))
    result = cli("trf", str(event), "--name", "My Open\nXXR 1")
    assert result.code == 0
    assert [line for line in result.out.splitlines() if line.startswith("XXR")] == ["XXR 3"]
    assert "cut to fit for " + long_name[:40] in " ".join(result.err.split())
    assert cli("trf", str(event), "--name", "My\x01Open").code == 2


def test_result_on_a_chess_board_refuses_mahjong_options(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    event = _rr(tmp_path, cli)
    before = event.read_bytes()
    for extra in (("--uma", "1,-1"), ("--penalties", "1,2"), ("--chombo", "3"), ("--start", "5")):
        result = cli("result", str(event), "-r", "1", "-t", "1", *extra, "1-0")
        assert result.code == 2 and "is a chess board" in result.err and extra[0] in result.err, result.err
        assert event.read_bytes() == before
    assert cli("result", str(event), "-r", "1", "-t", "1", "1-0").code == 0


@pytest.mark.parametrize("url", ["nosuch://x", "sqlite:///{tmp}", "sqlite:///{tmp}/not_a_db.json"])
def test_user_commands_name_a_database_they_cannot_open(tmp_path: Path, cli: Callable[..., CliResult],
                                                        url: str) -> None:
    (tmp_path / "not_a_db.json").write_text('{"format": "fairdraw.schedule/1"}' * 200)
    result = cli("user", "list", "--database", url.format(tmp=tmp_path))
    assert result.code == 2 and "cannot open the database" in result.err, result.err


def test_a_user_name_with_a_control_character_is_refused(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    url = f"sqlite:///{tmp_path}/accounts.db"
    result = cli("user", "add", "c\x01d", "--database", url, "--password", "long enough 1")
    assert result.code == 2 and "control character" in result.err
    assert cli("user", "add", "clara", "--database", url, "--password", "long enough 1").code == 0


@pytest.mark.parametrize(("column", "value"), [("id", "1_0"), ("rating", "1_000"), ("rating", "１５００"),
                                               ("rating", "١٥٠٠")])
def test_numbers_in_a_players_file_are_ascii_digits(tmp_path: Path, cli: Callable[..., CliResult], column: str,
                                                     value: str) -> None:
    """Python's int() read "1_0" as id 10 and full-width or Arabic-Indic digits as ratings."""
    rows = {"id": ["1", "2", "3", "4"], "rating": ["1500", "1400", "1300", "1200"]}
    rows[column][0] = value
    players = tmp_path / "p.csv"
    players.write_text("id,name,rating\n" + "".join(f"{rows['id'][i]},P{i},{rows['rating'][i]}\n" for i in range(4)),
                       encoding="utf-8")
    result = cli("roundrobin", str(players))
    assert result.code == 2 and f"field '{column}'" in result.err and "expected a whole number" in result.err


def test_check_reports_missing_rounds_and_unreadable_claims(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    event = _rr(tmp_path, cli)
    data = json.loads(event.read_text())
    data["rounds"][1]["round"] = 7  # rounds 1, 7, 3: round 2 gone
    gap = tmp_path / "gap.json"
    gap.write_text(json.dumps(data))
    result = cli("check", str(gap))
    assert result.code == 1 and "numbered up to 7 without rounds 2, 4, 5, 6" in " ".join(result.out.split())
    seating = tmp_path / "seat.json"
    assert cli("seat", "-n", "12", "-r", "3", "--json", "-o", str(seating)).code == 0
    data = json.loads(seating.read_text())
    data["meta"]["metrics"]["repeats"] = "x"
    seating.write_text(json.dumps(data))
    result = cli("check", str(seating))
    assert result.code == 1 and "field 'meta.metrics.repeats' holds 'x', expected a whole number" in result.out


def test_a_round_robin_of_more_than_a_thousand_is_refused_at_once(tmp_path: Path,
                                                                  cli: Callable[..., CliResult]) -> None:
    """3,000 players took 37 s and 1.5 GB before a 140 MB output; a round robin stops at 1,000."""
    from fairdraw.systems.berger import MAX_ROUND_ROBIN, berger_rounds

    players = tmp_path / "p.csv"
    players.write_text("name\n" + "".join(f"P{i}\n" for i in range(1, MAX_ROUND_ROBIN + 2)))
    output = tmp_path / "rr.json"
    for args in (("roundrobin", str(players)), ("meerkamp", str(players), "--group-size", "1001")):
        result = cli(*args, "--json", "-o", str(output))
        assert result.code == 2 and "at most 1,000 players" in result.err, result.err
        assert not output.exists()
    assert len(berger_rounds(MAX_ROUND_ROBIN)) == MAX_ROUND_ROBIN - 1  # the largest one is still made


def test_standings_read_a_schedule_json_as_utf8_as_the_other_commands_do(tmp_path: Path,
                                                                        cli: Callable[..., CliResult]) -> None:
    players = tmp_path / "p.csv"
    players.write_text("name\nJosé\nAnna\nBob\nCora\n", encoding="utf-8")
    event = tmp_path / "rr.json"
    assert cli("roundrobin", str(players), "--json", "-o", str(event)).code == 0
    ansi = tmp_path / "ansi.json"
    ansi.write_bytes(event.read_text(encoding="utf-8").encode("cp1252"))
    for command in ("standings", "check", "trf"):
        result = cli(command, str(ansi))
        assert result.code == 2 and "not UTF-8" in result.err, (command, result.err)
