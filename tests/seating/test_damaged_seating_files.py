"""A damaged or hand-edited seating given to ``reseat`` or ``seat-ranked`` (issue 4 items 5-6).

Each command builds on the file's rounds and meta. Before ``systems/mahjong/validate.py`` a
table size of ``"x"`` or ``[4]`` was a traceback, ``0``/``true``/``-4`` a crash in the search, a
round that seats a player twice, a stranger or a short table was built on silently (the new file
then failed ``fairdraw check``), and ``seat-ranked`` with a Swiss schedule blamed the standings
("id 16 is not in the schedule"). Now: exit 2, the schedule file and the field named, nothing
written.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fairdraw.cli.app import run_app
from fairdraw.formats.schedule_json import dump_schedule
from tests.seating.helpers import seat


def _succeeds(args: list[str]) -> None:
    """Run the command; it must not stop with an error (success returns, or exits 0)."""
    try:
        run_app(args)
    except SystemExit as exc:
        assert exc.code in (0, None), args


def _damaged(base: dict[str, Any], edit: str) -> dict[str, Any]:
    data = json.loads(json.dumps(base))
    exec(edit, {"d": data})  # each case is one line of hand-editing
    return data


#: (edit of the seating, field named, words of the message)
CASES = [
    ('d["meta"]["table_size"] = "x"', "meta.table_size", "whole number from 2 on"),
    ('d["meta"]["table_size"] = [4]', "meta.table_size", "whole number from 2 on"),
    ('d["meta"]["table_size"] = 0', "meta.table_size", "whole number from 2 on"),
    ('d["meta"]["table_size"] = True', "meta.table_size", "whole number from 2 on"),
    ('d["meta"]["table_size"] = -4', "meta.table_size", "whole number from 2 on"),
    ('d["rounds"][1]["tables"][0]["seats"][0] = 99', "rounds.1", "id 99, who is not in the players list"),
    ('d["rounds"][1]["tables"][0]["seats"][0] = d["rounds"][1]["tables"][1]["seats"][0]', "rounds.1", "places player"),
    ('d["rounds"][1]["tables"][0]["seats"].pop()', "rounds.1.tables.0.seats", "3 seats, expected 4"),
    ('d["rounds"][0]["round"] = 3', "rounds.0.round", "numbered 1, 2, 3"),
    ('d["players"].append(dict(d["players"][0]))', "players", "listed twice"),
    ('d["meta"]["withdrawn"] = "abc"', "meta.withdrawn", "list of player ids"),
    ('d["meta"]["withdrawn"] = [99]', "meta.withdrawn", "id 99"),
    ('d["meta"]["ranked_last"] = "x"', "meta.ranked_last", "whole number"),
    ('d["meta"]["rounds_total"] = "x"', "meta.rounds_total", "whole number"),
    ('d["meta"]["seated_by_ranking"] = 5', "meta.seated_by_ranking", "list of round numbers"),
    ('d["meta"]["left"] = "x"', "meta.left", "player id -> round number"),
    ('d["meta"]["joined"] = {"x": 1}', "meta.joined", "'x'"),
    ('d["meta"]["ranked_wind_breaches"] = [1]', "meta.ranked_wind_breaches", "round number -> count"),
    # --report read these: a traceback (matplotlib's tick labels)
    ('d["meta"]["seats"] = ["E"]', "meta.seats", "names of the 4 seats"),
    ('d["meta"]["seats"] = 5', "meta.seats", "names of the 4 seats"),
    # copied into the output, which then could not be redrawn or checked (audit 2026-12-05)
    ('d["meta"]["rounds_total"] = 3', "meta.rounds_total", "4 rounds, more than the 3"),
    ('d["meta"]["reseats"] = [{"from_round": "x"}]', "meta.reseats.0.from_round", ""),
    ('d["rounds"][0]["tables"][1]["table"] = 1', "rounds.0.tables", "2 tables numbered 1"),
]


@pytest.fixture(scope="module")
def seating() -> dict[str, Any]:
    """16 players, 6 rounds, the last 2 left to seat-ranked: both commands take it."""
    return json.loads(dump_schedule(seat(16, 6, seed="qa", ranked_last=2)))


@pytest.mark.parametrize("command", ["reseat", "seat-ranked"])
@pytest.mark.parametrize(("edit", "field", "words"), CASES)
def test_a_damaged_seating_is_named_by_file_and_field(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      seating: dict[str, Any], command: str, edit: str,
                                                      field: str, words: str) -> None:
    path = tmp_path / "seating.json"
    path.write_text(json.dumps(_damaged(seating, edit)))
    standings = tmp_path / "standings.json"
    standings.write_text(json.dumps({"standings": [{"rank": i, "id": i} for i in range(1, 17)]}))
    target = tmp_path / "out.json"
    args = (["reseat", str(path), "--from-round", "3", "--report", str(tmp_path / "report")] if command == "reseat"
            else ["seat-ranked", str(standings), "--schedule", str(path)])
    with pytest.raises(SystemExit) as info:
        run_app([*args, "--json", "-o", str(target)])
    err = capsys.readouterr().err.replace("\n", "")
    assert info.value.code == 2, err
    assert f"{path}, field '{field}'" in err and words in err, err
    assert "Traceback" not in err and not target.exists() and not (tmp_path / "report").exists()


def test_seat_ranked_names_the_schedule_not_the_standings_for_a_swiss_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The schedule is checked before the standings are read against it: a Swiss file used to
    make every standings id "not in the schedule", an error naming the wrong file."""
    swiss = tmp_path / "swiss.json"
    swiss.write_text(json.dumps({"format": "fairdraw.schedule/1", "system": "swiss",
                                 "players": [{"id": 1, "name": "A"}], "rounds": []}))
    standings = tmp_path / "standings.json"
    standings.write_text(json.dumps({"standings": [{"rank": i, "id": i} for i in range(1, 17)]}))
    with pytest.raises(SystemExit) as info:
        run_app(["seat-ranked", str(standings), "--schedule", str(swiss), "--json"])
    err = capsys.readouterr().err.replace("\n", "")
    assert info.value.code == 2 and f"{swiss}, field 'system'" in err and "'swiss'" in err, err


def test_reseat_of_a_swiss_file_says_so_before_counting_rounds(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """It said "the schedule has no rounds to re-seat" of a Swiss file without rounds."""
    swiss = tmp_path / "swiss.json"
    swiss.write_text(json.dumps({"format": "fairdraw.schedule/1", "system": "swiss",
                                 "players": [{"id": 1, "name": "A"}], "rounds": []}))
    with pytest.raises(SystemExit) as info:
        run_app(["reseat", str(swiss), "--from-round", "1", "--json"])
    err = capsys.readouterr().err.replace("\n", "")
    assert info.value.code == 2 and f"{swiss}, field 'system'" in err, err


def test_a_leaver_re_seated_out_of_every_round_may_stay_in_meta_left(tmp_path: Path) -> None:
    """A re-seat from before a leaver's last game removes them from the players but keeps their
    ``meta.left`` entry: such a file is sound and must be accepted again."""
    from fairdraw.formats.schedule_json import load_schedule
    from fairdraw.systems.mahjong.changes import reseat

    first = reseat(seat(16, 5, seed="qa"), 3, drop=[3, 4, 5, 6])
    again = reseat(first, 1, seed="qa")  # player 3..6 played no kept round: out of the players
    path = tmp_path / "again.json"
    path.write_text(dump_schedule(again))
    third = reseat(load_schedule(path), 2, seed="qa")
    assert len(third.rounds) == 5


@pytest.mark.parametrize(("count", "words"), [(3, "cannot fill a table of 4"), (21, "do not fill tables of 4")])
def test_seat_names_the_players_file_whose_count_does_not_fit(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             count: int, words: str) -> None:
    """`seat --names FILE` with a field the tables cannot take: the count is the file's, so the
    error names it (it named only the field 'players', as if --players had been given)."""
    names = tmp_path / "players.csv"
    names.write_text("name\n" + "".join(f"P{i}\n" for i in range(count)))
    with pytest.raises(SystemExit) as info:
        run_app(["seat", "--names", str(names), "--rounds", "2", "--json"])
    err = capsys.readouterr().err.replace("\n", "")
    assert info.value.code == 2 and f"{names}, field 'players'" in err and words in err, err


@pytest.mark.parametrize("size", ["0", "1", "-2"])
def test_seat_ranked_without_a_schedule_refuses_a_table_size_below_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                    size: str) -> None:
    """0 was a ZeroDivisionError traceback, 1 and -2 printed a 'round' of lone players or none."""
    standings = tmp_path / "rank.csv"
    standings.write_text("name\n" + "".join(f"P{i}\n" for i in range(7)))
    with pytest.raises(SystemExit) as info:
        run_app(["seat-ranked", str(standings), "--table-size", size, "--json"])
    err = capsys.readouterr().err.replace("\n", "")
    assert info.value.code == 2 and err.startswith("error: field 'table-size'") and "at least 2" in err, err


def test_seat_ranked_matches_names_whatever_their_unicode_form(tmp_path: Path) -> None:
    """A standings CSV of names written in NFD (u + combining diaeresis, as macOS writes it)
    is matched to the event's NFC names: "Müller" was "not a player of the event"."""
    import unicodedata

    names = ["Zoë", "José", "Ångström", "Müller", *(f"P{i}" for i in range(12))]
    players = tmp_path / "players.csv"
    players.write_text("name\n" + "".join(unicodedata.normalize("NFC", n) + "\n" for n in names), encoding="utf-8")
    schedule = tmp_path / "s.json"
    _succeeds(["seat", "--names", str(players), "-r", "4", "--ranked-last", "1", "--json", "-o", str(schedule)])
    standings = tmp_path / "rank.csv"
    standings.write_text("name\n" + "".join(unicodedata.normalize("NFD", n.upper()) + "\n" for n in names),
                         encoding="utf-8")
    target = tmp_path / "out.json"
    _succeeds(["seat-ranked", str(standings), "--schedule", str(schedule), "--json", "-o", str(target)])
    last = json.loads(target.read_text())["rounds"][-1]
    assert sorted(last["tables"][0]["seats"]) == [1, 2, 3, 4]  # Zoë, José, Ångström, Müller ranked 1-4


def test_reseat_report_of_a_hand_edited_design_and_separation(tmp_path: Path) -> None:
    """meta.design and meta.separation are tolerated when hand-edited (the re-seat carries them
    over); --report used to stop on them with an AttributeError / TypeError."""
    path = tmp_path / "event.json"
    _succeeds(["seat", "-n", "16", "-r", "5", "--json", "-o", str(path)])
    data = json.loads(path.read_text())
    data["meta"]["design"] = "x"
    data["meta"]["separation"] = 5
    path.write_text(json.dumps(data))
    _succeeds(["reseat", str(path), "--from-round", "3", "--report", str(tmp_path / "rep"), "--json",
               "-o", str(tmp_path / "out.json")])
    assert "- design: n/a" in (tmp_path / "rep" / "report.md").read_text()
