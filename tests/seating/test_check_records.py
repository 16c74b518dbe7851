"""`fairdraw check` on a seating's own records (issue 4 item 4: anyone verifies a published draw).

Before ``cli/check_records.py`` the checker read only the rounds: a mahjong seating whose ``meta``
was damaged (``reseat`` and ``seat-ranked`` refuse it, naming the field) was reported OK, and so
was a file claiming "0 repeats" over rounds that repeat. Now both are breaches (exit 1), and the
files fairdraw itself writes (seat, reseat, seat-ranked, league, league-reseat) stay clean.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairdraw import __version__
from fairdraw.formats.schedule_json import dump_schedule
from tests.conftest import CliResult
from tests.seating.helpers import seat
from tests.seating.test_damaged_seating_files import CASES, _damaged


Cli = Callable[..., CliResult]


def _run(cli: Cli, *args: str) -> tuple[int, str]:
    """``fairdraw ARGS`` through the shared ``cli`` fixture: the exit status and all it printed,
    on one line (Rich wraps long breaches)."""
    result = cli(*args)
    return result.code, (result.out + result.err).replace("\n", " ")


@pytest.fixture(scope="module")
def seating() -> dict[str, Any]:
    return json.loads(dump_schedule(seat(16, 6, seed="qa", ranked_last=2)))


@pytest.mark.parametrize(("edit", "field", "words"), [c for c in CASES if c[1].startswith("meta.")])
def test_a_damaged_record_is_a_breach_named_by_field(tmp_path: Path, cli: Cli,
                                                      seating: dict[str, Any], edit: str, field: str,
                                                      words: str) -> None:
    path = tmp_path / "seating.json"
    path.write_text(json.dumps(_damaged(seating, edit)))
    code, out = _run(cli, "check", str(path))
    assert code == 1 and f"file record: field '{field}'" in out, out


@pytest.mark.parametrize(("edit", "field", "words"), CASES)
def test_no_damaged_seating_is_reported_ok(tmp_path: Path, cli: Cli,
                                            seating: dict[str, Any], edit: str, field: str, words: str) -> None:
    """Damaged rounds are the core checker's breaches, damaged records this module's: either way
    the file `reseat` refuses is not OK."""
    path = tmp_path / "seating.json"
    path.write_text(json.dumps(_damaged(seating, edit)))
    code, out = _run(cli, "check", str(path))
    assert code == 1 and "OK:" not in out, out


@pytest.mark.parametrize(("key", "value"), [("repeats", 3), ("max_meetings", 2), ("pairs_met", 1)])
def test_a_claimed_figure_the_rounds_contradict_is_a_breach(tmp_path: Path, cli: Cli,
                                                           seating: dict[str, Any], key: str, value: int) -> None:
    data = json.loads(json.dumps(seating))
    data["meta"]["metrics"][key] = value
    path = tmp_path / "seating.json"
    path.write_text(json.dumps(data))
    code, out = _run(cli, "check", str(path))
    assert code == 1 and f"field 'meta.metrics.{key}' claims {value}" in out, out


def test_a_hidden_repeat_under_a_zero_claim_is_caught(tmp_path: Path, cli: Cli,
                                                      seating: dict[str, Any]) -> None:
    """Round 2 replaced by a copy of round 1: the file still says 0 repeats."""
    data = json.loads(json.dumps(seating))
    data["rounds"][1]["tables"] = json.loads(json.dumps(data["rounds"][0]["tables"]))
    path = tmp_path / "seating.json"
    path.write_text(json.dumps(data))
    code, out = _run(cli, "check", str(path))
    assert code == 1 and "field 'meta.metrics.repeats' claims 0, the rounds give 24" in out, out


def test_files_fairdraw_writes_are_clean(tmp_path: Path, cli: Cli) -> None:
    """Every command that writes a seating or a season writes records its rounds bear out (with
    byes, a re-seat that drops and adds, a ranked round, a league re-plan)."""
    made = []

    def write(name: str, args: list[str]) -> Path:
        path = tmp_path / name
        assert cli(*args, "--json", "-o", str(path)).code == 0, args
        made.append(path)
        return path

    first = write("seat.json", ["seat", "-n", "23", "-r", "9", "--byes", "--ranked-last", "1"])
    write("reseat.json", ["reseat", str(first), "--from-round", "4", "--drop", "2", "--add", "Ann", "--add", "Bo",
                          "--byes"])
    ids = [p["id"] for p in json.loads(first.read_text())["players"]]
    standings = tmp_path / "standings.json"
    standings.write_text(json.dumps({"standings": [{"id": pid} for pid in reversed(ids)]}))
    write("ranked.json", ["seat-ranked", str(standings), "--schedule", str(first)])
    season = write("league.json", ["league", "-n", "21", "-s", "8"])
    write("replan.json", ["league-reseat", str(season), "--from-session", "3", "--drop", "2", "--add", "Cy"])
    for path in made:
        code, out = _run(cli, "check", str(path))
        assert code == 0 and "file record" not in out, (path.name, out)


def test_a_damaged_season_record_is_a_breach(tmp_path: Path, cli: Cli) -> None:
    path = tmp_path / "league.json"
    assert cli("league", "-n", "13", "-s", "4", "--json", "-o", str(path)).code == 0
    data = json.loads(path.read_text())
    data["meta"]["prefer"] = 7
    data["meta"]["repeats"] = data["meta"]["repeats"] + 5
    path.write_text(json.dumps(data))
    code, out = _run(cli, "check", str(path))
    assert code == 1 and "file record: field 'meta.prefer'" in out and "field 'meta.repeats' claims" in out, out


# --- check --redraw: the seating drawn again from its own records (issue 4 item 4) ------------


@pytest.mark.parametrize("args", [
    ["-n", "16", "-r", "5"],
    ["-n", "23", "-r", "7", "--byes", "--seed", "Spring open"],
    ["-n", "15", "-r", "4", "--table-size", "3"],
    ["-n", "25", "-r", "3", "--table-size", "5", "--seed", "ÉMA 2026"],
    ["-n", "20", "-r", "6", "--ranked-last", "2"],
])
def test_a_seating_as_seat_wrote_it_is_the_seeds_draw(tmp_path: Path, cli: Cli,
                                                      args: list[str]) -> None:
    path = tmp_path / "seating.json"
    assert _run(cli, "seat", *args, "--json", "-o", str(path))[0] == 0
    code, out = _run(cli, "check", "--redraw", str(path))
    assert code == 0 and "every drawn table is the same" in out, out


def test_clubs_kept_apart_and_a_ranked_round_appended_still_redraw(tmp_path: Path,
                                                                   cli: Cli) -> None:
    """--separate reads the clubs from the file's players; seat-ranked counts ranked_last down
    as it seats (the draw left 2 rounds, the file then says 1 more and lists round 5 as ranked)."""
    names = tmp_path / "players.csv"
    names.write_text("name,club\n" + "".join(f"P{i},C{i % 5}\n" for i in range(1, 21)))
    path = tmp_path / "seating.json"
    assert _run(cli, "seat", "--names", str(names), "-r", "6", "--separate", "club", "--ranked-last", "2",
                "--json", "-o", str(path))[0] == 0
    ids = [p["id"] for p in json.loads(path.read_text())["players"]]
    standings = tmp_path / "standings.json"
    standings.write_text(json.dumps({"standings": [{"id": pid} for pid in reversed(ids)]}))
    ranked = tmp_path / "ranked.json"
    assert _run(cli, "seat-ranked", str(standings), "--schedule", str(path), "--json", "-o", str(ranked))[0] == 0
    code, out = _run(cli, "check", "--redraw", str(ranked))
    assert code == 0 and "every drawn table is the same" in out, out


@pytest.mark.parametrize("edit", [
    'r = d["rounds"][2]["tables"]; r[0]["seats"][0], r[1]["seats"][0] = r[1]["seats"][0], r[0]["seats"][0]',
    'r = d["rounds"][1]["tables"]; r[0]["seats"][0], r[0]["seats"][1] = r[0]["seats"][1], r[0]["seats"][0]',
    'd["meta"]["draw"]["seed"] = "another seed"',
    'd["players"][0]["name"] = "Somebody Else"',
    'd["rounds"][0]["tables"][0]["table"], d["rounds"][0]["tables"][1]["table"] = 2, 1',
])
def test_a_seating_not_drawn_from_its_seed_is_caught(tmp_path: Path, cli: Cli,
                                                     seating: dict[str, Any], edit: str) -> None:
    """Two players swapped between tables, two winds swapped at one table, another seed, another
    field, two tables renumbered: each is a seating the recorded seed does not give."""
    path = tmp_path / "seating.json"
    path.write_text(json.dumps(_damaged(seating, edit)))
    code, out = _run(cli, "check", "--redraw", str(path))
    assert code == 1 and "redraw: round" in out and "the seed's draw seats" in out, out


def _re_seated(tmp_path: Path, cli: Cli) -> Path:
    """16 players drawn, then re-seated from round 3 (one leaves, one joins, sit-outs) and from
    round 4 again with a seed of its own (another leaves: 15 players, sit-outs)."""
    first = tmp_path / "seating.json"
    assert _run(cli, "seat", "-n", "16", "-r", "5", "--seed", "Club night", "--json", "-o", str(first))[0] == 0
    second = tmp_path / "reseated.json"
    assert _run(cli, "reseat", str(first), "--from-round", "3", "--drop", "4", "--add", "Late",
                "--byes", "--json", "-o", str(second))[0] == 0
    third = tmp_path / "reseated-again.json"
    assert _run(cli, "reseat", str(second), "--from-round", "4", "--drop", "9", "--seed", "second change", "--byes",
                "--json", "-o", str(third))[0] == 0
    return third


def test_a_re_seated_file_replays_its_re_seats_after_the_draw(tmp_path: Path, cli: Cli) -> None:
    path = _re_seated(tmp_path, cli)
    code, out = _run(cli, "check", "--redraw", str(path))
    assert code == 0 and "its 2 recorded re-seats replayed: every drawn table is the same" in out, out


@pytest.mark.parametrize(("edit", "field"), [
    ('del d["meta"]["reseats"]', "meta.reseat"),  # re-seated by a version that kept no record
    ('d["meta"]["reseats"][1]["from_round"] = "four"', "meta.reseats.1.from_round"),
    ('d["meta"]["reseats"][0]["tail"] = "mended"', "meta.reseats.0.tail"),
    ('d["meta"]["reseats"][0]["field"].append(999)', "meta.reseats.0.field"),
    ('d["meta"]["reseats"][0]["added"] = [{"name": "Late"}]', "meta.reseats.0.added.0"),
    ('d["meta"]["reseats"] = {"from_round": 3}', "meta.reseats"),
])
def test_a_re_seat_record_that_cannot_be_replayed_is_named(tmp_path: Path, cli: Cli, edit: str, field: str) -> None:
    path = _re_seated(tmp_path, cli)
    path.write_text(json.dumps(_damaged(json.loads(path.read_text()), edit)))
    code, out = _run(cli, "check", "--redraw", str(path))
    assert code == 2 and f"field '{field}'" in out, out


@pytest.mark.parametrize("edit", [
    'r = d["rounds"][4]["tables"]; r[0]["seats"][0], r[1]["seats"][0] = r[1]["seats"][0], r[0]["seats"][0]',
    'r = d["rounds"][1]["tables"]; r[0]["seats"][0], r[1]["seats"][0] = r[1]["seats"][0], r[0]["seats"][0]',
    'd["meta"]["draw"]["seed"] = "another seed"',
    'd["meta"]["reseats"][0]["dropped"] = [5]',
])
def test_a_re_seated_file_changed_by_hand_is_caught(tmp_path: Path, cli: Cli, edit: str) -> None:
    """A swap in a re-seated round and in a round before the re-seats, another seed for the
    draw, another player named as the one who left: none is what the replay gives."""
    path = _re_seated(tmp_path, cli)
    path.write_text(json.dumps(_damaged(json.loads(path.read_text()), edit)))
    code, out = _run(cli, "check", "--redraw", str(path))
    assert code == 1 and "redraw: round" in out, out


def test_a_file_without_a_draw_record_is_named(tmp_path: Path, cli: Cli,
                                               seating: dict[str, Any]) -> None:
    data = json.loads(json.dumps(seating))
    del data["meta"]["draw"]
    path = tmp_path / "seating.json"
    path.write_text(json.dumps(data))
    code, out = _run(cli, "check", "--redraw", str(path))
    assert code == 2 and "field 'meta.draw.seed'" in out, out


@settings(max_examples=12, deadline=None)
@given(n=st.integers(8, 40), rounds=st.integers(1, 8), size=st.sampled_from([3, 4, 5]),
       seed=st.text(min_size=1, max_size=12), swap=st.data())
def test_every_draw_redraws_and_any_swap_across_tables_is_seen(n: int, rounds: int, size: int, seed: str,
                                                               swap: st.DataObject) -> None:
    from fairdraw.core.model import Table
    from fairdraw.systems.mahjong.redraw import redraw_differences

    drawn = seat(n, rounds, seed=seed, table_size=size, byes=n % size != 0)
    assert redraw_differences(drawn) == []
    r = swap.draw(st.integers(0, rounds - 1))
    tables = list(drawn.rounds[r].tables)
    if len(tables) < 2:
        return
    a, b = swap.draw(st.lists(st.integers(0, len(tables) - 1), min_size=2, max_size=2, unique=True))
    sa, sb = list(tables[a].seats), list(tables[b].seats)
    sa[0], sb[0] = sb[0], sa[0]
    tables[a], tables[b] = Table(tables[a].table, tuple(sa)), Table(tables[b].table, tuple(sb))
    rounds_after = list(drawn.rounds)
    rounds_after[r] = replace(drawn.rounds[r], tables=tuple(tables))
    assert len(redraw_differences(replace(drawn, rounds=tuple(rounds_after)))) == 2


def test_a_drawn_round_passed_off_as_seated_by_ranking_is_caught(tmp_path: Path, cli: Cli) -> None:
    """Rounds seated by ranking are not compared (they come from the standings); listing a drawn
    round among them to hide an arranged round is named, and so is the round the draw lost."""
    path = tmp_path / "seating.json"
    assert _run(cli, "seat", "-n", "16", "-r", "5", "--ranked-last", "1", "--json", "-o", str(path))[0] == 0
    data = json.loads(path.read_text())
    data["meta"]["seated_by_ranking"] = [3]
    tables = data["rounds"][2]["tables"]
    tables[0]["seats"][0], tables[1]["seats"][0] = tables[1]["seats"][0], tables[0]["seats"][0]
    path.write_text(json.dumps(data))
    code, out = _run(cli, "check", "--redraw", str(path))
    assert code == 1 and "round 3 is listed as seated by ranking" in out, out


@settings(max_examples=6, deadline=None)
@given(n=st.integers(8, 24), size=st.sampled_from([3, 4, 5]), rounds=st.integers(3, 6), data=st.data())
def test_any_chain_of_re_seats_redraws_and_a_swap_after_it_is_seen(n: int, size: int, rounds: int,
                                                                   data: st.DataObject) -> None:
    """Whatever re-seats follow the draw (from any round, players leaving and joining, a seed of
    their own), the file redraws clean, through a JSON round trip as a published file is read;
    two players swapped between tables of the last round are then a difference."""
    from fairdraw.core.model import Table
    from fairdraw.formats.schedule_json import schedule_from_dict, schedule_to_dict
    from fairdraw.systems.mahjong.changes import reseat
    from fairdraw.systems.mahjong.redraw import redraw_differences

    schedule = seat(n, rounds, seed="chain", table_size=size, byes=True)
    for step in range(data.draw(st.integers(1, 2))):
        active = [p.id for p in schedule.players if p.id not in set(schedule.meta.get("withdrawn") or ())]
        leaving = data.draw(st.lists(st.sampled_from(active), max_size=min(2, len(active) - size), unique=True))
        joining = data.draw(st.lists(st.sampled_from(["Ann", "Bo", "Cy"]), max_size=2))
        start = data.draw(st.integers(1, len(schedule.rounds)))
        own_seed = data.draw(st.none() | st.sampled_from(["later", f"step {step}"]))
        schedule = reseat(schedule, start, drop=leaving, add=joining, seed=own_seed, byes=True)
        schedule = schedule_from_dict(json.loads(json.dumps(schedule_to_dict(schedule))))
    assert redraw_differences(schedule) == []
    last = schedule.rounds[-1]
    if len(last.tables) < 2:
        return
    first, second = last.tables[0], last.tables[1]
    swapped = (Table(first.table, (second.seats[0], *first.seats[1:])),
               Table(second.table, (first.seats[0], *second.seats[1:])), *last.tables[2:])
    changed = replace(schedule, rounds=(*schedule.rounds[:-1], replace(last, tables=swapped)))
    assert len(redraw_differences(changed)) == 2


@pytest.mark.parametrize(("software", "noted"), [("fairdraw 0.0.1", True), (None, True), ("same", False),
                                                 (f"fairdraw {__version__}", True)])
def test_a_redraw_that_differs_names_the_version_that_drew_the_file(tmp_path: Path, cli: Cli,
                                                                    seating: dict[str, Any],
                                                                    software: str | None, noted: bool) -> None:
    """The draw is the same for the same seed, players and version; when the redraw differs and
    the file was drawn by another version (or says nothing), the reader is told (the breaches
    stay: a note, not a verdict). The seating method's revision counts too: a file of the same
    package version drawn before a change to the seating got no note (audit 2026-12-05)."""
    from fairdraw.systems.mahjong.draw import SEATING_REVISION

    data = _damaged(seating, 'r = d["rounds"][0]["tables"]; r[0]["seats"][0], r[1]["seats"][0] = '
                             'r[1]["seats"][0], r[0]["seats"][0]')
    assert data["meta"]["draw"]["software"] == f"fairdraw {__version__}, seating {SEATING_REVISION}"  # seat records it
    if software is None:
        del data["meta"]["draw"]["software"]
    elif software != "same":
        data["meta"]["draw"]["software"] = software
    path = tmp_path / "seating.json"
    path.write_text(json.dumps(data))
    code, out = _run(cli, "check", "--redraw", str(path))
    assert code == 1 and "redraw: round 1" in out
    assert ("redraw with the version that drew it" in out) == noted, out
    if software == "fairdraw 0.0.1":
        assert "drawn by fairdraw 0.0.1" in out
