"""Findings of an exploratory review, each pinned: forfeits are no meetings for the checker,
files that are not what they claim are refused, events do not run past their rounds."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from fairdraw.core.checker import CheckRules, check_schedule
from fairdraw.core.errors import InputError, UnsolvableError
from fairdraw.core.model import Participant, Round, Schedule, Table
from fairdraw.core.registry import PairingRequest, get_system
from fairdraw.formats.schedule_json import dump_schedule, load_schedule
from fairdraw.formats.trf import read_trf
from fairdraw.scoring.base import get_scoring

PLAYERS = tuple(Participant(id=i, name=f"P{i}", rating=2000 - 10 * i) for i in range(1, 5))


def _forfeit_then_rematch(result: str) -> Schedule:
    return Schedule(system="dutch", players=PLAYERS, rounds=(
        Round(1, (Table(1, (1, 3), result=result), Table(2, (4, 2), result=result))),
        Round(2, (Table(1, (3, 1), result="1-0"), Table(2, (2, 4), result="0-1"))),
    ))


@pytest.mark.parametrize("result", ["+/-", "-/+", "-/-"])
def test_a_forfeit_is_no_meeting_and_no_colour(result: str) -> None:
    report = check_schedule(_forfeit_then_rematch(result), CheckRules(no_repeats=True, max_colour_run=1))
    assert report.ok, report.breaches
    assert report.meetings[(1, 3)] == 1 and report.meetings[(2, 4)] == 1
    assert report.colour_balance[1] == -1 and report.colour_balance[3] == 1  # only round 2 counts


def test_a_played_game_still_counts_as_a_meeting() -> None:
    report = check_schedule(_forfeit_then_rematch("1-0"), CheckRules(no_repeats=True))
    assert any("1 and 3 meet 2 times" in b for b in report.breaches)
    assert any("2 and 4 meet 2 times" in b for b in report.breaches)


def test_structural_breaches_are_reported() -> None:
    s = _forfeit_then_rematch("1-0")
    bad = replace(s, players=s.players + (s.players[0],),
                  rounds=(s.rounds[0], replace(s.rounds[1], round=1, tables=(Table(1, (3, 1), result="2-0"),))))
    breaches = check_schedule(bad).breaches
    assert any("participant 1 is listed 2 times" in b for b in breaches)
    assert any("round 1 appears 2 times" in b for b in breaches)
    assert any("unknown chess result '2-0'" in b for b in breaches)


def _json(tmp_path: Path, edit) -> Path:  # type: ignore[no-untyped-def]
    data = json.loads(dump_schedule(_forfeit_then_rematch("1-0")))
    edit(data)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    return path


def test_schedule_json_refuses_guessed_numbers_and_unknown_bye_kinds(tmp_path: Path) -> None:
    def seat_true(d: dict) -> None:  # type: ignore[type-arg]
        d["rounds"][0]["tables"][0]["seats"][0] = True

    def weird_bye(d: dict) -> None:  # type: ignore[type-arg]
        d["rounds"][0]["byes"] = [1]
        d["rounds"][0]["bye_kinds"] = {"1": "weird"}

    with pytest.raises(InputError, match="rounds.0.tables.0.seats.0"):
        load_schedule(_json(tmp_path, seat_true))
    with pytest.raises(InputError, match="unknown bye kind 'weird'") as info:
        load_schedule(_json(tmp_path, weird_bye))
    assert info.value.field == "rounds.0.bye_kinds.1"


def test_schedule_json_errors_quote_no_more_than_the_bad_value(tmp_path: Path) -> None:
    """A missing field names the field and quotes nothing (the "input" of that error is the whole
    enclosing object, for a missing 'rounds' the whole document); a bad value is quoted, cut short."""
    def no_rounds(d: dict) -> None:  # type: ignore[type-arg]
        del d["rounds"]

    def long_id(d: dict) -> None:  # type: ignore[type-arg]
        d["players"][1]["id"] = "abc" * 200

    with pytest.raises(InputError) as info:
        load_schedule(_json(tmp_path, no_rounds))
    assert info.value.field == "rounds" and str(info.value).endswith("Field required")
    with pytest.raises(InputError) as info:
        load_schedule(_json(tmp_path, long_id))
    assert info.value.field == "players.1.id" and "(got 'abcabc" in str(info.value)
    assert len(str(info.value).split("(got ", 1)[1]) <= 81  # the quote, cut to 80 characters, and ")"


@pytest.mark.parametrize("text", ["", "hello world\n", "name\nA\nB\n"])
def test_a_file_without_player_lines_is_no_trf(tmp_path: Path, text: str) -> None:
    path = tmp_path / "x.trf"
    path.write_text(text)
    with pytest.raises(InputError, match="no 001 player lines"):
        read_trf(path)


def test_contradicting_results_name_both_lines(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text(
        "012 T\nXXR 3\n"
        "001    1      A                                 2000                             1.0    1     2 w 1\n"
        "001    2      B                                 1900                             1.0    2     1 b 1\n")
    with pytest.raises(InputError, match="player 2 \\(line 4\\) give out more than one point") as info:
        read_trf(path)
    assert info.value.line == 3


@pytest.mark.parametrize("system", ["dutch", "club-swiss"])
def test_no_round_past_the_configured_total(system: str) -> None:
    history = (Round(1, (Table(1, (1, 3), result="1-0"), Table(2, (4, 2), result="1-0"))),)
    engine = get_system(system)
    with pytest.raises(UnsolvableError, match="all 1 configured rounds"):
        engine.pair(PairingRequest(players=PLAYERS, history=history, total_rounds=1))
    with pytest.raises(InputError, match="at least 1"):
        engine.pair(PairingRequest(players=PLAYERS, history=(), total_rounds=0))
    assert len(engine.pair(PairingRequest(players=PLAYERS, history=history, total_rounds=2)).rounds) == 2


def test_the_free_round_of_an_odd_round_robin_earns_nothing() -> None:
    players = PLAYERS[:3]
    schedule = get_system("berger").pair(PairingRequest(players=players))
    first = schedule.rounds[0]
    resting = first.byes[0].id
    played = replace(first, tables=tuple(replace(t, result="1-0") for t in first.tables))
    sheet = get_scoring("standard").score(replace(schedule, rounds=(played,)))
    assert sheet.points[resting] == Fraction(0)
    assert sorted(sheet.points.values()) == [0, 0, 1]


def test_balanced_seats_and_everyone_are_checked() -> None:
    from tests.seating.helpers import seat

    schedule = seat(16, 5)
    assert check_schedule(schedule, CheckRules(balanced_seats=True, everyone=True)).ok
    third = schedule.rounds[2]
    gapped = replace(schedule, rounds=(*schedule.rounds[:2], replace(third, tables=third.tables[:-1]), *schedule.rounds[3:]))
    missing = set(third.tables[-1].seats)
    breaches = check_schedule(gapped, CheckRules(everyone=True)).breaches
    assert breaches == [f"round 3: participants {', '.join(map(str, sorted(missing)))} are not placed"]
    # seats sorted by id: the lowest id sits East at every table it joins
    sorted_seats = replace(schedule, rounds=tuple(
        replace(r, tables=tuple(replace(t, seats=tuple(sorted(t.seats))) for t in r.tables)) for r in schedule.rounds))
    assert any("participant 1: seat 1 5 times in 5 games" in b
               for b in check_schedule(sorted_seats, CheckRules(balanced_seats=True)).breaches)


def test_club_swiss_honours_forbidden_pairs_and_withdrawals() -> None:
    players = tuple(Participant(id=i, name=f"P{i}", rating=2400 - 7 * i) for i in range(1, 8))
    engine = get_system("club-swiss")
    plain = engine.pair(PairingRequest(players=players, total_rounds=5, seed="s")).rounds[-1]
    first_pair = set(plain.tables[0].seats)
    options = {"forbidden_pairs": [sorted(first_pair)], "withdrawn": [7]}
    rnd = engine.pair(PairingRequest(players=players, total_rounds=5, seed="s", options=options)).rounds[-1]
    assert all(set(t.seats) != first_pair for t in rnd.tables)
    assert 7 not in rnd.seated_ids() and all(b.id != 7 for b in rnd.byes)
    assert len(rnd.tables) == 3 and not rnd.byes
    with pytest.raises(InputError, match="withdrawn list names 99, who is not a player of the event"):
        engine.pair(PairingRequest(players=players, total_rounds=5, options={"withdrawn": [99]}))


def test_result_takes_forfeits_without_dashes_and_can_be_cleared(tmp_path: Path) -> None:
    from fairdraw.cli.app import run_app

    path = tmp_path / "rr.json"
    path.write_text(dump_schedule(get_system("berger").pair(PairingRequest(players=PLAYERS))))
    run_app(["result", str(path), "-r", "1", "-t", "1", "-/+"])
    assert load_schedule(path).rounds[0].tables[0].result == "-/+"
    run_app(["result", str(path), "-r", "1", "-t", "1", "--clear"])
    assert load_schedule(path).rounds[0].tables[0].result is None
    with pytest.raises(SystemExit) as info:
        run_app(["result", str(path), "-r", "1", "-t", "1", "--clear"])
    assert info.value.code == 2


def test_check_dutch_reads_a_blank_entry_as_absent(tmp_path: Path) -> None:
    """Player 5 has no round-1 entry (the line just ends): absent, as 0000 says in so many words."""
    from fairdraw.cli.app import run_app

    lines = [
        "012 Late entry", "XXR 3",
        "001    1      A                                 2000                             1.0    1     3 w 1",
        "001    2      B                                 1900                             1.0    2     4 b 1",
        "001    3      C                                 1800                             0.0    3     1 b 0",
        "001    4      D                                 1700                             0.0    4     2 w 0",
        "001    5      E                                 1600                             0.0    5",
    ]
    for name, last in (("blank.trf", lines[-1]), ("zero.trf", lines[-1] + "  0000")):
        path = tmp_path / name
        path.write_text("\n".join(lines[:-1] + [last]) + "\n")
        run_app(["check", "--dutch", str(path)])  # returns on status 0, exits otherwise


def test_league_reports_no_more_clean_sessions_than_it_has() -> None:
    players = tuple(Participant(id=i, name=f"P{i}") for i in range(1, 38))
    season = get_system("mahjong-league").pair(PairingRequest(players=players, options={"sessions": 6}))
    assert len(season.rounds) == 6
    assert season.meta["sessions_without_repeat"] == 6


def test_reseat_design_meta_is_recounted_and_ranked_rounds_stop_at_the_total(tmp_path: Path) -> None:
    from fairdraw.systems.mahjong.changes import reseat
    from fairdraw.systems.mahjong.ranked import seat_ranked
    from tests.seating.helpers import seat

    base = load_schedule_from(dump_schedule(seat(40, 10, seed="X")), tmp_path)
    new = reseat(base, 5, drop=[3], byes=True)
    clean = new.meta["design"]["clean_rounds"]
    met: set[frozenset[int]] = set()
    leading = 0
    for rnd in new.rounds:
        pairs = [frozenset((a, b)) for t in rnd.tables for i, a in enumerate(t.seats) for b in t.seats[i + 1:]]
        if any(p in met for p in pairs) or len(set(pairs)) < len(pairs):
            break
        met.update(pairs)
        leading += 1
    assert clean == leading
    planned = seat(16, 3, ranked_last=1)
    full = seat_ranked(list(planned.players), planned)
    assert len(full.rounds) == 3
    with pytest.raises(InputError, match="all 3 rounds of the event are seated"):
        seat_ranked(list(full.players), full)


def load_schedule_from(text: str, tmp_path: Path) -> Schedule:
    path = tmp_path / "base.json"
    path.write_text(text)
    return load_schedule(path)


@pytest.mark.parametrize("options, match", [
    ({"requested_byes": {"3": "banana"}}, "unknown kind 'banana'"),
    ({"requested_byes": {"9": "half-point"}}, "requested bye names 9, who is not a player of the event"),
    ({"withdrawn": [99]}, "withdrawn list names 99, who is not a player of the event"),
])
def test_dutch_names_bad_absences(options: dict, match: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(InputError, match=match):
        get_system("dutch").pair(PairingRequest(players=PLAYERS, total_rounds=3, options=options))


@pytest.mark.parametrize("text, line, match", [
    ('name,rating\nAnna,2000\n"Bert,1900\nCees,1800\n', 3, "a quote opened here is never closed"),
    ("name,name\nA,B\n", 1, "names the column 'name' twice"),
    ("id,name\n0,A\n2,B\n", 2, "id must be at least 1"),
])
def test_players_file_mistakes_are_named(text: str, line: int, match: str) -> None:
    from fairdraw.formats.players import parse_players_csv

    with pytest.raises(InputError, match=match) as info:
        parse_players_csv(text, source="p.csv")
    assert info.value.line == line


def test_a_quoted_cell_may_still_span_lines() -> None:
    from fairdraw.formats.players import parse_players_csv

    players = parse_players_csv('name,note\nA,"two\nlines"\nB,x\n', source="p.csv")
    assert [p.name for p in players] == ["A", "B"]


def test_tiebreak_codes_are_case_blind() -> None:
    from fairdraw.tiebreaks.base import parse_spec

    assert parse_spec("bh:c1") == parse_spec("BH:C1")


def test_after_round_must_be_a_round_of_the_event(tmp_path: Path) -> None:
    from fairdraw.cli.app import run_app

    path = tmp_path / "rr.json"
    path.write_text(dump_schedule(get_system("berger").pair(PairingRequest(players=PLAYERS))))
    for bad in ("0", "4"):
        with pytest.raises(SystemExit) as info:
            run_app(["standings", str(path), "--after-round", bad])
        assert info.value.code == 2


def test_an_output_that_cannot_be_written_exits_2_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from fairdraw.cli.app import run_app

    players = tmp_path / "p.csv"
    players.write_text("name\nA\nB\n")
    target = tmp_path / "missing" / "rr.txt"
    with pytest.raises(SystemExit) as info:
        run_app(["roundrobin", str(players), "-o", str(target)])
    assert info.value.code == 2
    assert f"{target}: cannot write the output" in capsys.readouterr().err.replace("\n", "")


def test_seat_ranked_standings_must_rank_everyone_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from fairdraw.cli.app import run_app
    from tests.seating.helpers import seat

    schedule = tmp_path / "s.json"
    schedule.write_text(dump_schedule(seat(16, 6, ranked_last=2)))
    cases = {
        "dup.json": (list(range(1, 16)) + [1], "standings[15].id", "id 1 is ranked twice"),
        "short.json": (list(range(1, 13)), "standings", "4 players of the event are not in the standings"),
    }
    for name, (ids, field, message) in cases.items():
        path = tmp_path / name
        path.write_text(json.dumps({"standings": [{"rank": r + 1, "id": i} for r, i in enumerate(ids)]}))
        with pytest.raises(SystemExit) as info:
            run_app(["seat-ranked", str(path), "--schedule", str(schedule), "--json", "-o", str(tmp_path / "x.json")])
        err = capsys.readouterr().err.replace("\n", "")
        assert info.value.code == 2 and f"field '{field}'" in err and message in err, err
        assert not (tmp_path / "x.json").exists()


def test_seat_ranked_refuses_a_schedule_given_as_the_standings(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A schedule JSON also lists players: read as a players file in rank order it would seat
    the field in id order without a word, so it is refused with what to pass instead."""
    from fairdraw.cli.app import run_app
    from tests.seating.helpers import seat

    schedule = tmp_path / "s.json"
    schedule.write_text(dump_schedule(seat(16, 6, ranked_last=2)))
    with pytest.raises(SystemExit) as info:
        run_app(["seat-ranked", str(schedule), "--schedule", str(schedule), "--json", "-o", str(tmp_path / "x.json")])
    err = capsys.readouterr().err.replace("\n", "")
    assert info.value.code == 2 and f"{schedule}, field 'standings'" in err and "not standings" in err, err
    assert not (tmp_path / "x.json").exists()


# --- a documentation review: what the docs promised and the commands did not do ----------


def _run(args: list[str]) -> int:
    from fairdraw.cli.app import run_app

    try:
        run_app(args)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def test_pair_refuses_a_mahjong_seating_naming_its_system(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.seating.helpers import seat

    path = tmp_path / "seating.json"
    path.write_text(dump_schedule(seat(16, 3)))
    for system in ("dutch", "club-swiss"):
        assert _run(["pair", "--system", system, str(path), "-p"]) == 2
        err = capsys.readouterr().err.replace("\n", "")
        assert f"{path}, field 'system'" in err and "'mahjong' schedule with tables of 4" in err, err


def test_pair_refuses_a_fixed_system_and_reads_the_colour_in_either_case(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "open.json"
    path.write_text(dump_schedule(Schedule(system="dutch", players=PLAYERS, rounds=(), meta={"total_rounds": 3})))
    assert _run(["pair", "--system", "berger", str(path)]) == 2
    assert "plans a whole schedule at once" in capsys.readouterr().err.replace("\n", " ")
    assert _run(["pair", "--dutch", str(path), "--initial-colour", "Black", "-p"]) == 0
    out = capsys.readouterr().out.split()
    assert out[:3] == ["2", "3", "1"]  # pairing number 1 (id 1) has black on board 1: 3 - 1


def test_check_everyone_expects_a_newcomer_only_from_the_round_they_joined(tmp_path: Path) -> None:
    from tests.seating.helpers import seat

    path = tmp_path / "s.json"
    path.write_text(dump_schedule(seat(32, 8)))
    assert _run(["reseat", str(path), "--from-round", "5", "--drop", "12", "--add", "Late Player", "--json",
                 "-o", str(tmp_path / "r.json")]) == 0
    again = load_schedule(tmp_path / "r.json")
    assert again.meta["joined"] == {"33": 5}
    assert check_schedule(again, CheckRules(everyone=True, table_size=4)).ok
    # the record is what lets it pass: without it the newcomer is missed in rounds 1-4
    bare = replace(again, meta={k: v for k, v in again.meta.items() if k != "joined"})
    breaches = check_schedule(bare, CheckRules(everyone=True, table_size=4)).breaches
    assert [b.split(":")[0] for b in breaches] == ["round 1", "round 2", "round 3", "round 4"]


def test_league_reseat_refuses_a_tournament_seating(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.seating.helpers import seat

    path = tmp_path / "s.json"
    path.write_text(dump_schedule(seat(16, 4)))
    assert _run(["league-reseat", str(path), "--from-session", "3", "--drop", "1", "--json",
                 "-o", str(tmp_path / "x.json")]) == 2
    assert "not a league season" in capsys.readouterr().err.replace("\n", " ")
    assert not (tmp_path / "x.json").exists()


def test_seat_ranked_counts_down_the_rounds_left_to_it() -> None:
    from fairdraw.systems.mahjong.ranked import seat_ranked
    from tests.seating.helpers import seat

    planned = seat(16, 6, ranked_last=2)
    assert planned.meta["ranked_last"] == 2
    once = seat_ranked(list(planned.players), planned)
    assert once.meta["ranked_last"] == 1 and once.meta["seated_by_ranking"] == [5]


def test_standings_errors_name_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mj.json"
    rnd = Round(1, (Table(1, (1, 2, 3, 4), scores=(40000, 30000, 30000, 10000)),))
    path.write_text(dump_schedule(Schedule(system="mahjong", players=PLAYERS, rounds=(rnd,))))
    assert _run(["standings", str(path), "-O", "start=25000"]) == 2
    assert str(path) in capsys.readouterr().err.replace("\n", "")
    assert _run(["standings", str(path), "-O", "start=abc"]) == 2
    assert "mahjong scoring" in capsys.readouterr().err.replace("\n", " ")


# --- a second mahjong pass: reseat, seat-ranked and the checker on changed fields --------


def test_reseat_metrics_count_the_meetings_of_players_who_left(tmp_path: Path) -> None:
    from fairdraw.systems.mahjong.changes import reseat
    from tests.seating.helpers import seat

    after = reseat(seat(16, 8), 7, drop=[1, 2, 3, 4])
    report = check_schedule(after, CheckRules(table_size=4))
    assert after.meta["metrics"]["repeats"] == sum(c - 1 for _, _, c in report.repeats)  # was 50, the checker 60
    assert after.meta["left"] == {"1": 7, "2": 7, "3": 7, "4": 7}


def test_seat_ranked_skips_a_player_who_left_and_recounts_the_metrics(tmp_path: Path) -> None:
    from fairdraw.systems.mahjong.changes import reseat
    from tests.seating.helpers import seat

    path = tmp_path / "s.json"
    path.write_text(dump_schedule(reseat(seat(20, 6, ranked_last=2), 3, drop=[5], add=["Newbie"])))
    standings = tmp_path / "st.json"
    standings.write_text(json.dumps({"standings": [{"rank": i, "id": i} for i in range(1, 22)]}))
    assert _run(["seat-ranked", str(standings), "--schedule", str(path), "--json", "-o", str(tmp_path / "r.json")]) == 0
    ranked = load_schedule(tmp_path / "r.json")
    last = ranked.rounds[-1]
    assert 5 not in last.seated_ids() and 21 in last.seated_ids()
    assert ranked.meta["metrics"]["repeats"] == sum(c - 1 for _, _, c in check_schedule(ranked, CheckRules()).repeats)
    assert check_schedule(ranked, CheckRules(table_size=4, everyone=True)).ok


def test_check_flags_a_leaver_seated_again_and_a_table_number_used_twice() -> None:
    from tests.seating.helpers import seat

    base = seat(20, 5)
    first = base.rounds[0]
    twice = replace(first, tables=(replace(first.tables[0], table=1), replace(first.tables[1], table=1),
                                   *first.tables[2:]))
    bad = replace(base, rounds=(twice, *base.rounds[1:]))
    assert any("table 1 is used by 2 tables" in b for b in check_schedule(bad, CheckRules()).breaches)
    who = base.rounds[3].tables[0].seats[0]
    left = replace(base, meta={**base.meta, "left": {str(who): 4}})
    breaches = check_schedule(left, CheckRules(everyone=True)).breaches
    assert [b.split(":")[0] for b in breaches] == ["round 4", "round 5"]


def test_reseat_leaves_ranked_rounds_to_seat_ranked_again() -> None:
    from fairdraw.systems.mahjong.changes import reseat
    from fairdraw.systems.mahjong.ranked import seat_ranked
    from tests.seating.helpers import seat

    planned = seat(16, 6, ranked_last=2)
    once = seat_ranked(list(planned.players), planned)  # round 5 by ranking
    again = reseat(once, 3)
    assert [r.round for r in again.rounds] == [1, 2, 3, 4]
    assert again.meta["seated_by_ranking"] == [] and again.meta["ranked_last"] == 2


def test_league_reseat_takes_a_name_with_a_comma_whole(tmp_path: Path) -> None:
    path = tmp_path / "l.json"
    assert _run(["league", "--players", "24", "--sessions", "4", "--json", "-o", str(path)]) == 0
    assert _run(["league-reseat", str(path), "--from-session", "3", "--add", "Smith, John", "--json",
                 "-o", str(tmp_path / "l2.json")]) == 0
    names = [p.name for p in load_schedule(tmp_path / "l2.json").players]
    assert len(names) == 25 and "Smith, John" in names


def test_reseat_swaps_players_to_keep_the_winds_when_no_repeat_is_added() -> None:
    """16 players, 4 of them leave after round 3: the repeat search's tables leave 8 wind
    breaches; swapping players between tables (no new repeat, no pair above the most
    meetings) removes all of them. (Before the re-seat mended the old rounds, its tables left
    6, of which 4 would have taken a pair to a 4th meeting: quality (b) comes before (c), and
    what stays is reported in meta.reseat.wind_breaches.)"""
    import fairdraw.systems.mahjong.changes as changes
    from tests.seating.helpers import seat

    base = seat(16, 8)
    repaired = changes.reseat(base, 4, drop=[5, 6, 7, 8])
    original = changes.repair_winds

    def no_swaps(*args, **kwargs):  # type: ignore[no-untyped-def]
        return original(*args, budget=1)

    changes.repair_winds = no_swaps  # type: ignore[assignment]
    try:
        plain = changes.reseat(base, 4, drop=[5, 6, 7, 8])
    finally:
        changes.repair_winds = original  # type: ignore[assignment]
    rules = CheckRules(balanced_seats=True, everyone=True)
    assert len(check_schedule(plain, rules).breaches) == 8
    assert len(check_schedule(repaired, rules).breaches) == repaired.meta["reseat"]["wind_breaches"] == 0
    assert repaired.meta["metrics"]["repeats"] == plain.meta["metrics"]["repeats"]
    assert repaired.meta["metrics"]["max_meetings"] == plain.meta["metrics"]["max_meetings"] == 3


def test_reseat_wind_swaps_never_raise_the_most_meetings_of_a_pair() -> None:
    """Quality (b) before (c): 16 players over 10 rounds, 2 leave and 2 join from round 3. The
    repeat search reaches at most 2 meetings of a pair (3 before the re-seat mended the old
    rounds); a wind swap that kept the repeat count but made one pair meet once more than any
    other used to be accepted."""
    import fairdraw.systems.mahjong.changes as changes
    from tests.seating.helpers import seat

    base = seat(16, 10, seed="fairdraw")  # `fairdraw seat -n 16 -r 10`
    original = changes.repair_winds
    before: list[int] = []

    def spy(kept_seats, kept_pos, new_rounds, k, rng, budget=30):  # type: ignore[no-untyped-def]
        from itertools import combinations

        met: dict[tuple[int, int], int] = {}
        for rnd in [*kept_pos, *new_rounds]:
            for table in rnd:
                for a, b in combinations(sorted(table), 2):
                    met[(a, b)] = met.get((a, b), 0) + 1
        before.append(max(met.values()))
        return original(kept_seats, kept_pos, new_rounds, k, rng, budget)

    changes.repair_winds = spy  # type: ignore[assignment]
    try:
        new = changes.reseat(base, 3, drop=[3, 7], add=["Late One", "Late Two"])
    finally:
        changes.repair_winds = original  # type: ignore[assignment]
    assert new.meta["metrics"]["max_meetings"] == before[0] == 2


def test_csv_outputs_never_hand_a_spreadsheet_a_formula() -> None:
    import csv
    import io

    from fairdraw.formats.render import render_csv
    from tests.seating.helpers import seat

    players = [Participant(id=1, name="=cmd|'/C calc'!A0"), *(Participant(id=i, name=f"P{i}") for i in range(2, 17))]
    rows = list(csv.reader(io.StringIO(render_csv(seat(16, 2, players=players)))))
    names = {row[6] for row in rows[1:]}
    assert "'=cmd|'/C calc'!A0" in names and not any(n.startswith("=") for n in names)


def test_seat_ranked_sits_out_those_who_sat_out_least() -> None:
    from fairdraw.systems.mahjong.ranked import seat_ranked
    from tests.seating.helpers import seat

    planned = seat(19, 6, byes=True, ranked_last=2)
    sat_out: dict[int, int] = {}
    for rnd in planned.rounds:
        for bye in rnd.byes:
            sat_out[bye.id] = sat_out.get(bye.id, 0) + 1
    # rank the players who sat out already at the bottom: they must not sit out again
    ranking = sorted(planned.players, key=lambda p: (sat_out.get(p.id, 0), p.id))
    once = seat_ranked(ranking, planned)
    resting = [b.id for b in once.rounds[-1].byes]
    assert len(resting) == 3 and all(sat_out.get(pid, 0) == 0 for pid in resting)
    counts = dict(sat_out)
    for pid in resting:
        counts[pid] = counts.get(pid, 0) + 1
    assert max(counts.values()) - min(counts.get(p.id, 0) for p in planned.players) <= 1


def test_pair_json_keeps_the_events_rules_for_the_next_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A schedule JSON written by `pair --json` is the next round's input: the total rounds,
    withdrawals and forbidden pairs must survive it (they used to be dropped, so round 2
    paired a forbidden pair and gave the withdrawn player the bye)."""
    players = tuple(Participant(id=i, name=f"P{i}", rating=2000 - i) for i in range(1, 6))
    path = tmp_path / "wd.json"
    path.write_text(dump_schedule(Schedule(system="dutch", players=players, rounds=(),
                                           meta={"total_rounds": 3, "withdrawn": [5], "forbidden_pairs": [[1, 2]]})))
    out = tmp_path / "wd1.json"
    assert _run(["pair", "--dutch", str(path), "--json", str(out)]) == 0
    meta = load_schedule(out).meta
    assert meta["total_rounds"] == 3 and meta["withdrawn"] == [5] and meta["forbidden_pairs"] == [[1, 2]]


@pytest.mark.parametrize(
    ("code", "said"),
    [("ARO:C1:C2", "two cut modifiers"), ("BH:U1400", "takes no unrated-rating modifier"),
     ("KS:L1", "cannot read the modifier 'L1'"), ("ARO:P", "takes no :P modifier")],
)
def test_a_bad_tiebreak_modifier_exits_2_naming_file_field_and_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], code: str, said: str
) -> None:
    path = tmp_path / "rr.json"
    path.write_text(dump_schedule(get_system("berger").pair(PairingRequest(players=PLAYERS))))
    assert _run(["standings", str(path), "-t", code]) == 2
    err = capsys.readouterr().err.replace("\n", " ")
    assert str(path) in err and "--tiebreaks" in err and said in err


def test_a_players_file_or_trf_where_a_schedule_is_expected_is_named_as_such(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The commonest slip with these commands: the wrong one of the user's files. The message
    says what the file looks like, not only that it is no JSON."""
    players = tmp_path / "p.csv"
    players.write_text("name,rating\nA,1500\nB,1400\n")
    trf = tmp_path / "e.trf"
    trf.write_text("012 Club\nXXR 5\n")
    assert _run(["standings", str(players)]) == 2
    assert "a players file has no rounds or results" in capsys.readouterr().err.replace("\n", " ")
    assert _run(["check", str(players)]) == 2
    assert "looks like a players file" in capsys.readouterr().err.replace("\n", " ")
    assert _run(["check", str(trf)]) == 2
    assert "looks like a TRF16 file" in capsys.readouterr().err.replace("\n", " ")


def test_separate_without_any_club_says_it_has_nothing_to_do(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["seat", "-n", "16", "-r", "3", "--separate", "club", "--json", "-o", str(tmp_path / "s.json")]) == 0
    assert "no player has a club" in capsys.readouterr().err.replace("\n", " ")
    names = tmp_path / "p.csv"
    names.write_text("name,club\n" + "".join(f"P{i},C{i % 4}\n" for i in range(16)))
    assert _run(["seat", "--names", str(names), "-r", "3", "--separate", "club", "--json",
                 "-o", str(tmp_path / "t.json")]) == 0
    assert "nothing to keep apart" not in capsys.readouterr().err


@pytest.mark.parametrize("command", [("check",), ("standings",), ("reseat", "--from-round", "2"),
                                     ("seat", "-n", "8", "-r", "2", "--names")])
def test_json_nested_a_thousand_deep_is_bad_input_not_a_traceback(cli, tmp_path, command) -> None:  # type: ignore[no-untyped-def]
    """Python's JSON reader raises RecursionError about a thousand levels deep: it came out as a
    traceback with exit 1, the code of a check's breaches."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 1000 + "]" * 1000, encoding="utf-8")
    args = [*command, str(deep)] if command[0] != "reseat" else [command[0], str(deep), *command[1:]]
    result = cli(*args)
    assert result.code == 2
    assert str(deep) in result.err and "nested too deeply" in result.err
    assert "Traceback" not in result.err


def test_a_field_too_large_to_seat_is_refused_before_any_work(cli) -> None:  # type: ignore[no-untyped-def]
    """100,000 players ran the machine out of memory (the pair counts grow with the square)."""
    result = cli("seat", "-n", "100000", "-r", "2")
    assert result.code == 2
    assert "at most 4,000 players" in result.err and "players" in result.err
