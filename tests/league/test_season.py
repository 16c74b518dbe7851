"""Whole seasons through the CLI, checked by the independent count in league_check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from league_check import independent_check, run_cli

#: Seed 000/001: field size -> sessions reached without a repeat (the bar to meet).
SEED_SESSIONS = {25: 6, 30: 6, 35: 7, 40: 6, 45: 6, 50: 7, 55: 11, 65: 13}


@pytest.mark.parametrize("players, sessions", sorted(SEED_SESSIONS.items()))
def test_seed_field_sizes_reach_the_seed_sessions_without_a_repeat(players: int, sessions: int, capsys) -> None:
    code, out, err = run_cli(
        ["league", "--players", str(players), "--sessions", str(sessions), "--seed", "t", "--json"], capsys
    )
    assert code == 0, err
    doc = json.loads(out)
    found = independent_check(doc)
    assert found["repeats"] == 0 and found["clean"] == sessions
    groups = -(-players // 5)  # fewest groups
    assert all(len(r["tables"]) == groups for r in doc["rounds"])
    assert doc["meta"]["sessions_without_repeat"] >= sessions
    # the project's checker (fairdraw check --no-repeats) agrees, and so does the design
    # verifier (every one of these fields is all groups of 5)
    from fairdraw.core.checker import CheckRules, check_schedule
    from fairdraw.designs import verify
    from fairdraw.formats.schedule_json import schedule_from_dict

    report = check_schedule(schedule_from_dict(doc), CheckRules(no_repeats=True, table_size=5))
    assert report.ok and report.repeat_count == 0, report.breaches

    number = {p["id"]: p["number"] - 1 for p in doc["players"]}
    rounds = [[tuple(number[i] for i in t["seats"]) for t in r["tables"]] for r in doc["rounds"]]
    assert verify(rounds, 5, players).clean


def test_every_group_has_its_hanchan(capsys) -> None:
    code, out, _ = run_cli(["league", "--players", "23", "--sessions", "2", "--json"], capsys)
    assert code == 0
    doc = json.loads(out)
    for rnd in doc["rounds"]:
        names = [t["group"] for t in rnd["tables"]]
        assert names == ["A", "B", "C", "D", "E"]
        for t in rnd["tables"]:
            assert len(t["games"]) == max(4, len(t["seats"]))
            for g in t["games"]:
                assert len(g["seats"]) == 4 and set(g["seats"]) | set(g["out"]) == set(t["seats"])


@pytest.mark.parametrize("players", [30, 22])  # a block season and a searched one
def test_same_seed_same_bytes_other_seed_other_mapping(players: int, capsys) -> None:
    args = ["league", "--players", str(players), "--sessions", "6", "--json"]
    first = run_cli([*args, "--seed", "club night 2026"], capsys)[1]
    again = run_cli([*args, "--seed", "club night 2026"], capsys)[1]
    other = run_cli([*args, "--seed", "club night 2027"], capsys)[1]
    assert first == again
    numbers = lambda text: [(p["id"], p["number"]) for p in json.loads(text)["players"]]
    assert numbers(first) != numbers(other)


def _players_csv(path: Path, clubs: int, per_club: int) -> Path:
    rows = ["name,club"] + [f"P{c}-{i},Club{c}" for c in range(clubs) for i in range(per_club)]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_separate_club_where_the_design_allows(tmp_path: Path, capsys) -> None:
    names = _players_csv(tmp_path / "p.csv", clubs=5, per_club=5)
    base = ["league", "--names", str(names), "--sessions", "4", "--json", "--seed", "s"]
    code, out, err = run_cli([*base, "--separate", "club"], capsys)
    assert code == 0, err
    doc = json.loads(out)
    club = {p["id"]: p["club"] for p in doc["players"]}
    together = sum(
        1
        for r in doc["rounds"]
        for t in r["tables"]
        for i, a in enumerate(t["seats"])
        for b in t["seats"][i + 1 :]
        if club[a] == club[b]
    )
    assert together == doc["meta"]["separate"]["same_group_meetings"] == 0
    assert independent_check(doc)["repeats"] == 0
    plain = json.loads(run_cli(base, capsys)[1])
    club_plain = {p["id"]: p["club"] for p in plain["players"]}
    assert together <= sum(
        1
        for r in plain["rounds"]
        for t in r["tables"]
        for i, a in enumerate(t["seats"])
        for b in t["seats"][i + 1 :]
        if club_plain[a] == club_plain[b]
    )


def test_reseat_keeps_played_sessions_and_replans_the_rest(tmp_path: Path, capsys) -> None:
    first = tmp_path / "season.json"
    code, _, err = run_cli(
        ["league", "--players", "35", "--sessions", "7", "--seed", "x", "--json", "-o", str(first)], capsys
    )
    assert code == 0, err
    old = json.loads(first.read_text())
    code, out, err = run_cli(
        ["league-reseat", str(first), "--from-session", "4", "--drop", "3,5", "--drop", "8", "--add", "Zed", "--json"],
        capsys,
    )
    assert code == 0, err
    new = json.loads(out)
    assert new["rounds"][:3] == old["rounds"][:3]
    assert len(new["rounds"]) == 7
    later = {pid for r in new["rounds"][3:] for t in r["tables"] for pid in t["seats"]}
    assert not later & {3, 5, 8}
    zed = next(p["id"] for p in new["players"] if p["name"] == "Zed")
    assert zed in later and len(later) == 33
    found = independent_check(new)
    assert found["repeats"] == new["meta"]["repeats"] == 0


def test_reseat_bad_drop_exits_2_and_writes_nothing(tmp_path: Path, capsys) -> None:
    first = tmp_path / "season.json"
    run_cli(["league", "--players", "25", "--sessions", "3", "--json", "-o", str(first)], capsys)
    target = tmp_path / "new.json"
    code, _, err = run_cli(
        ["league-reseat", str(first), "--from-session", "2", "--drop", "99", "--json", "-o", str(target)], capsys
    )
    assert code == 2 and "99" in err
    assert not target.exists()
    leave = ",".join(str(i) for i in range(1, 15))  # 11 players stay: no split into 4s and 5s
    code, _, err = run_cli(["league-reseat", str(first), "--from-session", "2", "--drop", leave, "--json"], capsys)
    assert code == 2 and "10 or 12" in err.replace("\n", " ")


def test_bad_players_file_exits_2(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "p.csv"
    bad.write_text("name,rating\nAnn,12x\n", encoding="utf-8")
    code, _, err = run_cli(["league", "--names", str(bad)], capsys)
    assert code == 2 and "line 2" in err


def test_league_table_rows(capsys) -> None:
    code, out, err = run_cli(["league-table", "--from", "24", "--to", "25", "--sessions", "6"], capsys)
    assert code == 0, err
    rows = {line.split()[0]: line for line in out.splitlines()[1:]}
    assert rows["25"].split()[1:5] == ["5×5", "6", "0", "1"]  # AG(2,5): the bound 24 // 4, no "+"
    assert rows["24"].split()[1:7] == ["4×5", "+", "1×4", "6+", "0", "1"]  # no repeat met; 23 // 3 = 7 may exist
    code, out, _ = run_cli(["league-table", "--from", "11", "--to", "11", "--sessions", "2", "--html"], capsys)
    assert code == 0 and "<table>" in out and "no split" in out


def test_csv_has_a_row_per_seat_per_hanchan_and_html_every_group(capsys) -> None:
    code, out, _ = run_cli(["league", "--players", "23", "--sessions", "2", "--csv"], capsys)
    assert code == 0
    rows = [line.split(",") for line in out.strip().splitlines()]
    assert rows[0] == ["session", "group", "game", "wind", "id", "number", "name"]
    # 3 groups of 5 (5 hanchan, 5 rows each) and 2 groups of 4 (4 hanchan, 4 rows) per session
    assert len(rows) - 1 == 2 * (3 * 5 * 5 + 2 * 4 * 4)
    per_player = {}
    for row in rows[1:]:
        per_player.setdefault((row[0], row[4]), []).append(row[3])
    for winds in per_player.values():
        assert sorted(w for w in winds if w != "out") == ["East", "North", "South", "West"]
    code, out, _ = run_cli(["league", "--players", "23", "--sessions", "2", "--html"], capsys)
    assert code == 0 and out.count("<h3>Group ") == 10 and out.count("<h2>Session ") == 2


def test_reseat_metrics_count_the_kept_meetings_of_players_who_left(tmp_path: Path, capsys) -> None:
    # 20 players cannot go 3 sessions without a repeat; dropping a player who took part in
    # a repeat of the kept sessions must not hide that repeat: the published repeats, max
    # and sessions without a repeat describe the whole season as written (issue 5, item 4)
    first = tmp_path / "season.json"
    code, _, err = run_cli(
        ["league", "--players", "20", "--sessions", "6", "--seed", "q", "--json", "-o", str(first)], capsys
    )
    assert code == 0, err
    old = json.loads(first.read_text())
    kept = independent_check({**old, "rounds": old["rounds"][:3]})
    leaver = next(a for (a, b), c in sorted(kept["meetings"].items()) if c > 1)
    code, out, err = run_cli(
        ["league-reseat", str(first), "--from-session", "4", "--drop", str(leaver), "--json"], capsys
    )
    assert code == 0, err
    new = json.loads(out)
    found = independent_check(new)
    meta = new["meta"]
    assert (meta["repeats"], meta["max_meetings"], meta["sessions_without_repeat"]) == (
        found["repeats"], found["max"], found["clean"]
    )


def test_reseat_keeps_the_seasons_prefer_4_unless_told(tmp_path: Path, capsys) -> None:
    # 40 players: --prefer 4 gives 10 groups of 4, the default 8 groups of 5. A swap of one
    # player mid-season must not turn a groups-of-4 league into a groups-of-5 one.
    first = tmp_path / "season.json"
    code, _, err = run_cli(
        ["league", "--players", "40", "--sessions", "4", "--prefer", "4", "--json", "-o", str(first)], capsys
    )
    assert code == 0, err
    assert json.loads(first.read_text())["meta"]["prefer"] == 4
    base = ["league-reseat", str(first), "--from-session", "3", "--drop", "5", "--add", "Newbie", "--json"]
    code, out, err = run_cli(base, capsys)
    assert code == 0, err
    new = json.loads(out)
    assert [len(r["tables"]) for r in new["rounds"]] == [10, 10, 10, 10]
    assert new["meta"]["prefer"] == 4
    code, out, err = run_cli([*base, "--prefer", "5"], capsys)
    assert code == 0, err
    assert [len(r["tables"]) for r in json.loads(out)["rounds"]] == [10, 10, 8, 8]


def test_reseat_from_a_session_past_the_file_exits_2(tmp_path: Path, capsys) -> None:
    # a 6-session file re-planned "from session 9" would plan 7 and 8 as well and record
    # a newcomer as joining in 9 while seating them from 7: refuse, naming the range
    first = tmp_path / "season.json"
    code, _, err = run_cli(["league", "--players", "30", "--sessions", "6", "--json", "-o", str(first)], capsys)
    assert code == 0, err
    target = tmp_path / "new.json"
    code, _, err = run_cli(
        ["league-reseat", str(first), "--from-session", "9", "--sessions", "10", "--add", "Late", "--json",
         "-o", str(target)],
        capsys,
    )
    assert code == 2 and "from-session" in err and "1 and 7" in err
    assert not target.exists()
    code, out, err = run_cli(
        ["league-reseat", str(first), "--from-session", "7", "--sessions", "8", "--add", "Late", "--json"], capsys
    )
    assert code == 0, err
    new = json.loads(out)
    late = next(p["id"] for p in new["players"] if p["name"] == "Late")
    assert new["meta"]["joined"] == {str(late): 7}
    assert [r["round"] for r in new["rounds"] if any(late in t["seats"] for t in r["tables"])] == [7, 8]


def test_reseat_records_who_left_so_the_checker_catches_a_return(tmp_path: Path, capsys) -> None:
    from dataclasses import replace

    from fairdraw.core.checker import CheckRules, check_schedule
    from fairdraw.formats.schedule_json import schedule_from_dict

    first = tmp_path / "season.json"
    code, _, err = run_cli(["league", "--players", "25", "--sessions", "4", "--json", "-o", str(first)], capsys)
    assert code == 0, err
    code, out, err = run_cli(["league-reseat", str(first), "--from-session", "3", "--drop", "7", "--json"], capsys)
    assert code == 0, err
    new = json.loads(out)
    assert new["meta"]["left"] == {"7": 3}
    schedule = schedule_from_dict(new)
    assert check_schedule(schedule, CheckRules(everyone=True)).ok
    last = schedule.rounds[-1]
    back = replace(last, tables=(replace(last.tables[0], seats=(*last.tables[0].seats[:-1], 7)),) + last.tables[1:])
    report = check_schedule(replace(schedule, rounds=(*schedule.rounds[:-1], back)), CheckRules(everyone=True))
    assert any("participant 7 left before round 3" in b for b in report.breaches), report.breaches
