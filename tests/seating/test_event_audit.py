"""Findings of a whole mahjong event run from the command line (2026-12-04), each pinned.

seat-ranked read a names-only standings CSV as players 1, 2, 3 ... and seated the wrong players
at the top table; a blank rank cell silently fell back to the file order; a rank of null in
standings JSON was a traceback. A player could not leave once only ranked rounds remained. A
--report folder that could not be written left the re-seated schedule written. `seat -o` over
an event file with results lost them. `result --uma` re-scored the rounds already entered, and
an uma that did not add up to 0 was taken.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from fairdraw.scoring.mahjong import params_from
from tests.conftest import CliResult

Cli = Callable[..., CliResult]


def _event_with_results(cli: Cli, tmp_path: Path, rounds_played: int = 4) -> Path:
    """16 players over 6 rounds, the last 2 by ranking, results in the first ``rounds_played``."""
    event = tmp_path / "event.json"
    assert cli("seat", "-n", "16", "-r", "6", "--ranked-last", "2", "--json", "-o", str(event)).code == 0
    rng = random.Random(4)
    for rnd in json.loads(event.read_text())["rounds"][:rounds_played]:
        for table in rnd["tables"]:
            scores = [30000 + d for d in rng.sample([-12000, -3000, 5000, 10000], 4)]
            assert cli("result", str(event), "-r", str(rnd["round"]), "-t", str(table["table"]),
                       *map(str, scores)).code == 0
    return event


def _leaders(cli: Cli, event: Path, tmp_path: Path) -> list[int]:
    standings = tmp_path / "standings.json"
    assert cli("standings", str(event), "--json", "-o", str(standings)).code == 0
    return [row["id"] for row in json.loads(standings.read_text())["standings"]]


def test_seat_ranked_matches_a_names_only_csv_to_the_players_by_name(cli: Cli, tmp_path: Path) -> None:
    event = _event_with_results(cli, tmp_path)
    order = _leaders(cli, event, tmp_path)
    names = {p["id"]: p["name"] for p in json.loads(event.read_text())["players"]}
    ranking = tmp_path / "names.csv"
    ranking.write_text("name\n" + "".join(f"{names[pid]}\n" for pid in order))
    out = tmp_path / "ranked.json"
    assert cli("seat-ranked", str(ranking), "--schedule", str(event), "--json", "-o", str(out)).code == 0
    top = json.loads(out.read_text())["rounds"][-1]["tables"][0]
    assert sorted(top["seats"]) == sorted(order[:4])  # was players 1-4, whoever led


def test_seat_ranked_refuses_names_that_are_not_players(cli: Cli, tmp_path: Path) -> None:
    event = _event_with_results(cli, tmp_path)
    ranking = tmp_path / "fake.csv"
    ranking.write_text("name\n" + "".join(f"Nobody {i}\n" for i in range(1, 17)))
    result = cli("seat-ranked", str(ranking), "--schedule", str(event))
    assert result.code == 2
    assert "line 2" in result.err and "'Nobody 1' is not a player of the event" in result.err


def test_seat_ranked_refuses_a_blank_rank_cell(cli: Cli, tmp_path: Path) -> None:
    event = _event_with_results(cli, tmp_path)
    standings = tmp_path / "standings.csv"
    assert cli("standings", str(event), "--csv", "-o", str(standings)).code == 0
    lines = standings.read_text().splitlines()
    lines[3] = "," + lines[3].split(",", 1)[1]  # row of rank 3, rank cell emptied
    standings.write_text("\n".join(lines) + "\n")
    result = cli("seat-ranked", str(standings), "--schedule", str(event))
    assert result.code == 2 and "line 4" in result.err and "rank is empty" in result.err


@pytest.mark.parametrize("rank", [None, "1", 0, True])
def test_seat_ranked_names_a_bad_rank_in_standings_json(cli: Cli, tmp_path: Path, rank: object) -> None:
    event = _event_with_results(cli, tmp_path)
    standings = tmp_path / "standings.json"
    assert cli("standings", str(event), "--json", "-o", str(standings)).code == 0
    data = json.loads(standings.read_text())
    data["standings"][2]["rank"] = rank
    standings.write_text(json.dumps(data))
    result = cli("seat-ranked", str(standings), "--schedule", str(event))
    assert result.code == 2 and "standings[2].rank" in result.err  # was a TypeError traceback


def test_a_player_leaves_before_the_ranked_rounds(cli: Cli, tmp_path: Path) -> None:
    event = _event_with_results(cli, tmp_path)
    left = tmp_path / "left.json"
    assert cli("reseat", str(event), "--from-round", "5", "--drop", "3", "--byes", "--json", "-o", str(left)).code == 0
    data = json.loads(left.read_text())
    assert len(data["rounds"]) == 4 and data["meta"]["left"] == {"3": 5}
    ranked = tmp_path / "ranked.json"
    standings = tmp_path / "standings.json"
    assert cli("standings", str(left), "--json", "-o", str(standings)).code == 0
    assert cli("seat-ranked", str(standings), "--schedule", str(left), "--json", "-o", str(ranked)).code == 0
    round5 = json.loads(ranked.read_text())["rounds"][4]
    seated = [p for t in round5["tables"] for p in t["seats"]] + round5["byes"]
    assert sorted(seated) == [p for p in range(1, 17) if p != 3]
    assert cli("check", str(ranked), "--everyone").code == 0
    # and one round further is still out of range, named before the results are
    result = cli("reseat", str(event), "--from-round", "6", "--drop", "3")
    assert result.code == 2 and "between 1 and 5" in result.err


def test_a_report_folder_that_cannot_be_written_leaves_the_schedule_alone(cli: Cli, tmp_path: Path) -> None:
    event = _event_with_results(cli, tmp_path, rounds_played=2)
    before = event.read_bytes()
    blocker = tmp_path / "afile"
    blocker.write_text("")
    result = cli("reseat", str(event), "--from-round", "3", "--drop", "5", "--byes", "--json", "-o", str(event),
                 "--report", str(blocker))
    assert result.code == 2 and "cannot write the report" in result.err
    assert event.read_bytes() == before  # was re-seated, and a retry then said player 5 had left


@pytest.mark.parametrize("command", [
    ["seat", "-n", "16", "-r", "4", "--json"],
    ["league", "-n", "16", "--json"],
])
def test_a_new_event_is_not_written_over_one_with_results(cli: Cli, tmp_path: Path, command: list[str]) -> None:
    event = _event_with_results(cli, tmp_path, rounds_played=1)
    before = event.read_bytes()
    result = cli(*command, "-o", str(event))
    assert result.code == 2 and "holds the results of 4 table(s)" in result.err
    assert event.read_bytes() == before
    assert cli(*command, "-o", str(event), "--force").code == 0


def test_result_refuses_an_uma_that_would_rescore_entered_rounds(cli: Cli, tmp_path: Path) -> None:
    event = _event_with_results(cli, tmp_path, rounds_played=2)
    before = event.read_bytes()
    result = cli("result", str(event), "-r", "3", "-t", "1", "--uma", "20,10,-10,-20", "30000", "30000", "30000", "30000")
    assert result.code == 2 and "re-score every round entered" in result.err
    assert event.read_bytes() == before
    same = cli("result", str(event), "-r", "3", "-t", "1", "--uma", "15,5,-5,-15", "30000", "30000", "30000", "30000")
    assert same.code == 0  # the default (EMA) uma given by name changes nothing


@pytest.mark.parametrize("uma, message", [
    ("50,50,50,50", "add up to 0"),
    ("-15,-5,5,15", "at most the one before"),
])
def test_an_uma_must_move_points_from_the_last_places_to_the_first(uma: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        params_from({"uma": uma})
    assert params_from({"uma": "30,10,-10,-30"}).uma == (30000, 10000, -10000, -30000)


def test_standings_of_a_seating_with_no_round_yet_are_mahjong_standings(cli: Cli, tmp_path: Path) -> None:
    event = tmp_path / "ranked.json"
    assert cli("seat", "-n", "8", "-r", "3", "--ranked-last", "3", "--json", "-o", str(event)).code == 0
    result = cli("standings", str(event))
    assert result.code == 0 and "Standings (mahjong)" in result.out and "BH" not in result.out


def test_a_chess_scoring_on_mahjong_tables_names_the_scoring(cli: Cli, tmp_path: Path) -> None:
    event = _event_with_results(cli, tmp_path, rounds_played=1)
    result = cli("standings", str(event), "--scoring", "standard")
    assert result.code == 2 and "field '--scoring'" in result.err  # blamed --tiebreaks


def test_force_says_which_results_it_drops(cli: Cli, tmp_path: Path) -> None:
    event = _event_with_results(cli, tmp_path, rounds_played=3)
    result = cli("reseat", str(event), "--from-round", "2", "--force", "--json", "-o", str(tmp_path / "new.json"))
    assert result.code == 0
    assert "note: --force: the results entered in round 2 (4 table(s)), round 3 (4 table(s)) are dropped" in result.err


def test_a_newcomer_dropped_before_playing_leaves_no_joined_entry(cli: Cli, tmp_path: Path) -> None:
    event = tmp_path / "event.json"
    assert cli("seat", "-n", "16", "-r", "6", "--json", "-o", str(event)).code == 0
    joined = tmp_path / "joined.json"
    assert cli("reseat", str(event), "--from-round", "4", "--add", "Late", "--byes", "--json", "-o", str(joined)).code == 0
    late = next(p["id"] for p in json.loads(joined.read_text())["players"] if p["name"] == "Late")
    gone = tmp_path / "gone.json"
    assert cli("reseat", str(joined), "--from-round", "3", "--drop", str(late), "--json", "-o", str(gone)).code == 0
    data = json.loads(gone.read_text())
    assert str(late) not in (data["meta"].get("joined") or {})
    assert late not in {p["id"] for p in data["players"]}
    assert cli("check", str(gone), "--everyone").code == 0


def test_seat_ranked_says_when_the_standings_count_fewer_rounds_than_have_results(cli: Cli, tmp_path: Path) -> None:
    event = _event_with_results(cli, tmp_path, rounds_played=4)
    old = tmp_path / "old.json"
    assert cli("standings", str(event), "--after-round", "2", "--json", "-o", str(old)).code == 0
    assert json.loads(old.read_text())["meta"]["after_round"] == 2
    result = cli("seat-ranked", str(old), "--schedule", str(event), "-o", str(tmp_path / "out.txt"))
    assert result.code == 0 and "counts results up to round 2, but round 4 has results too" in result.err
    fresh = tmp_path / "fresh.json"
    assert cli("standings", str(event), "--json", "-o", str(fresh)).code == 0
    assert "out of date" not in cli("seat-ranked", str(fresh), "--schedule", str(event), "-o",
                                    str(tmp_path / "out2.txt")).err


def test_a_score_beyond_any_game_is_refused(cli: Cli, tmp_path: Path) -> None:
    event = _event_with_results(cli, tmp_path, rounds_played=0)
    huge = str(10**27)
    result = cli("result", str(event), "-r", "1", "-t", "1", huge, "30000", "30000", str(120000 - 60000 - 10**27))
    assert result.code == 2 and "beyond any game's" in result.err  # the sum was right, so it was taken


@pytest.mark.parametrize("key", ["design", "metrics"])
def test_reseat_of_a_file_whose_meta_was_edited_by_hand_still_reports(cli: Cli, tmp_path: Path, key: str) -> None:
    """A number where ``meta.design`` (or ``metrics``) held a mapping: the re-seat wrote its file and
    then stopped with an AttributeError in its summary line."""
    event = tmp_path / "event.json"
    assert cli("seat", "-n", "16", "-r", "5", "--json", "-o", str(event)).code == 0
    data = json.loads(event.read_text())
    data["meta"][key] = 5
    event.write_text(json.dumps(data))
    out = tmp_path / "out.json"
    result = cli("reseat", str(event), "--from-round", "3", "--drop", "2", "--byes", "--json", "-o", str(out))
    assert result.code == 0 and "repeats" in result.err
    assert json.loads(out.read_text())["rounds"]


def test_seat_ranked_wants_a_rank_in_every_standing_or_in_none(cli: Cli, tmp_path: Path) -> None:
    """One standing without its rank took its place in the list wherever the others' ranks put
    them; it is named now, and a list without any rank still ranks by its order."""
    event = _event_with_results(cli, tmp_path)
    standings = tmp_path / "standings.json"
    assert cli("standings", str(event), "--json", "-o", str(standings)).code == 0
    data = json.loads(standings.read_text())
    del data["standings"][3]["rank"]
    holed = tmp_path / "holed.json"
    holed.write_text(json.dumps(data))
    result = cli("seat-ranked", str(holed), "--schedule", str(event))
    assert result.code == 2 and "standings[3].rank" in result.err and "rank is missing" in result.err
    for row in data["standings"]:
        row.pop("rank", None)
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(data))
    out = tmp_path / "ranked.json"
    assert cli("seat-ranked", str(bare), "--schedule", str(event), "--json", "-o", str(out)).code == 0
    top = json.loads(out.read_text())["rounds"][-1]["tables"][0]
    assert sorted(top["seats"]) == sorted(row["id"] for row in data["standings"][:4])


def test_reseat_says_when_a_leaver_is_named_twice(cli: Cli, tmp_path: Path) -> None:
    event = tmp_path / "event.json"
    assert cli("seat", "-n", "16", "-r", "5", "--json", "-o", str(event)).code == 0
    result = cli("reseat", str(event), "--from-round", "3", "--drop", "1", "--drop", "1", "--byes",
                 "--json", "-o", str(tmp_path / "out.json"))
    assert result.code == 0 and "--drop names 1 more than once" in result.err
    assert json.loads((tmp_path / "out.json").read_text())["meta"]["withdrawn"] == [1]
