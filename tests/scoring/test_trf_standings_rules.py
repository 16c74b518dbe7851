"""Standings from a TRF: the event's kind (round robin or Swiss) from its ``092`` and ``XXR``
lines, its point system (``BB*`` lines, ``-O``), and options named when they are wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fairdraw.cli.app import run_app
from fairdraw.cli.results import trf_event_kind

_ROUND_ROBIN_IN_PROGRESS = """012 test
XXR 3
092 Individual: round robin
001    1      P1                                2000                             0.0    1     4 w 1     3 b 1
001    2      P2                                1900                             0.0    2     3 w +     4 w =
001    3      P3                                1800                             0.0    3     2 b -     1 w 0
001    4      P4                                1700                             0.0    4     1 b 0     2 b =
"""

_SWISS_WHERE_ALL_MET = """012 test
XXR 3
092 Individual: Swiss-System
001    1      P1                                2000                             0.0    1     3 w 1     2 b +     4 w 1
001    2      P2                                1900                             0.0    2     4 b 1     1 w -     3 b 1
001    3      P3                                1800                             0.0    3     1 b 0     4 w 1     2 w 0
001    4      P4                                1700                             0.0    4     2 w 0     3 b 0     1 b 0
"""

_ABSENCE_WITH_BBZ = """012 test
XXR 2
BBW  3.0
BBD  2.0
BBL  1.0
BBZ  1.0
001    1      P1                                2000                             0.0    1     2 w 1     3 b 1
001    2      P2                                1900                             0.0    2     1 b 0          
001    3      P3                                1800                             0.0    3  0000 - Z     1 w 0
"""


def _standings(tmp_path: Path, text: str, *args: str) -> tuple[int, dict, str]:
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "standings.json"
    try:
        run_app(["standings", str(path), "--json", "-o", str(out), *args])
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    data = json.loads(out.read_text(encoding="utf-8")) if code == 0 else {}
    return code, data, str(path)


def _rows(data: dict) -> dict[int, dict]:
    return {row["id"]: row for row in data["standings"]}


@pytest.mark.parametrize(
    ("tournament_type", "total_rounds", "players", "expected"),
    [
        ("Individual: round robin", None, 10, "roundrobin"),
        ("Individual: Round-Robin", None, 10, "roundrobin"),
        ("Berger", None, 6, "roundrobin"),
        ("Individual: Swiss-System", 3, 4, "swiss"),   # the 092 line decides, even when XXR fits
        ("Individual: Dutch system", None, 40, "swiss"),
        (None, 5, 6, "roundrobin"),     # n - 1 rounds: all-play-all
        (None, 7, 7, "roundrobin"),     # an odd field: n rounds
        (None, 10, 6, "roundrobin"),    # double round robin
        (None, 9, 60, "trf"),           # a Swiss's rounds
        (None, None, 6, "trf"),
    ],
)
def test_event_kind_from_the_092_and_xxr_lines(tournament_type: str | None, total_rounds: int | None,
                                               players: int, expected: str) -> None:
    assert trf_event_kind(tournament_type, total_rounds, players) == expected


def test_round_robin_in_progress_is_scored_as_a_round_robin(tmp_path: Path) -> None:
    """C.07: in a round robin a forfeit counts as a game against the scheduled opponent, so P2's
    Buchholz is P3's 0 plus P4's 1/2 (a Swiss would put a dummy opponent in P3's place)."""
    code, data, _ = _standings(tmp_path, _ROUND_ROBIN_IN_PROGRESS, "-t", "BH,SB")
    assert code == 0
    rows = _rows(data)
    assert rows[2]["tiebreaks"]["BH"] == pytest.approx(0.5)
    assert rows[2]["tiebreaks"]["SB"] == pytest.approx(0.25)
    assert rows[3]["tiebreaks"]["BH"] == pytest.approx(3.5)
    code, data, _ = _standings(tmp_path, _ROUND_ROBIN_IN_PROGRESS)
    assert list(_rows(data)[1]["tiebreaks"]) == ["DE", "SB", "WIN", "KS"]


def test_a_swiss_where_every_pair_met_stays_a_swiss(tmp_path: Path) -> None:
    """C.07 section 16: P1's forfeit win is a game against a dummy opponent with P1's own 3 points."""
    code, data, _ = _standings(tmp_path, _SWISS_WHERE_ALL_MET, "-t", "BH")
    assert code == 0
    rows = _rows(data)
    assert rows[1]["tiebreaks"]["BH"] == pytest.approx(4)
    assert rows[2]["tiebreaks"]["BH"] == pytest.approx(3)


def test_an_absence_scores_the_files_zero_point_bye(tmp_path: Path) -> None:
    """BBZ applies to a blank round as it does when pairing (TRF16 point lines)."""
    code, data, _ = _standings(tmp_path, _ABSENCE_WITH_BBZ, "-t", "none")
    assert code == 0
    rows = _rows(data)
    assert rows[2]["points"] == pytest.approx(2)  # a loss (BBL 1) and an absence (BBZ 1)
    assert rows[3]["points"] == pytest.approx(2)  # a zero-point bye (BBZ 1) and a loss


def test_a_win_option_moves_the_draw_when_the_file_sets_no_point_system(tmp_path: Path) -> None:
    code, data, _ = _standings(tmp_path, _ROUND_ROBIN_IN_PROGRESS, "-O", "win=3", "-t", "none")
    assert code == 0
    rows = _rows(data)
    assert rows[2]["points"] == pytest.approx(4.5)  # a forfeit win 3 and a draw 1.5
    assert rows[4]["points"] == pytest.approx(1.5)


def test_the_file_point_system_stays_pinned_under_another_option(tmp_path: Path) -> None:
    code, data, _ = _standings(tmp_path, _ABSENCE_WITH_BBZ, "-O", "loss=0", "-t", "none")
    assert code == 0
    assert _rows(data)[1]["points"] == pytest.approx(6)  # two wins at BBW 3


@pytest.mark.parametrize(
    ("option", "named"),
    [("win=1/0", "win"), ("draw=abc", "draw"), ("win=-1", "win"), ("byes=x", "byes"),
     ("byes=holiday:1", "holiday")],
)
def test_a_bad_option_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, named: str) -> None:
    code, _, path = _standings(tmp_path, _ROUND_ROBIN_IN_PROGRESS, "-O", option)
    assert code == 2
    err = capsys.readouterr().err
    assert path in err and "--option" in err and named in err


def test_byes_option_from_the_command_line(tmp_path: Path) -> None:
    code, data, _ = _standings(tmp_path, _ABSENCE_WITH_BBZ, "-O", "byes=zero-point:0,absent:0", "-t", "none")
    assert code == 0
    rows = _rows(data)
    assert rows[2]["points"] == pytest.approx(1)
    assert rows[3]["points"] == pytest.approx(1)


def test_a_bad_keizer_option_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = _standings(tmp_path, _ROUND_ROBIN_IN_PROGRESS, "--scoring", "keizer", "-O", "first_value=1/0")
    assert code == 2
    assert "first_value" in capsys.readouterr().err


def test_a_json_event_is_scored_under_its_meta_points(tmp_path: Path) -> None:
    """`pair --json` keeps the point system in meta.points; the standings score by it, as the
    TRF export of the same event does (a win 3, a draw 1, the allocated bye a win's 3)."""
    event = {
        "system": "dutch",
        "players": [{"id": i, "name": f"P{i}"} for i in range(1, 4)],
        "rounds": [{"round": 1, "tables": [{"table": 1, "seats": [1, 2], "result": "1/2-1/2"}], "byes": [3]},
                   {"round": 2, "tables": [{"table": 1, "seats": [3, 1], "result": "1-0"}], "byes": [2]}],
        "meta": {"points": {"win": 3, "draw": 1}},
    }
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event), encoding="utf-8")
    out = tmp_path / "standings.json"
    try:
        run_app(["standings", str(path), "--json", "-o", str(out), "-t", "none"])
    except SystemExit as exc:
        assert not exc.code
    rows = {row["id"]: row["points"] for row in json.loads(out.read_text(encoding="utf-8"))["standings"]}
    assert rows == {1: 1, 2: 4, 3: 6}


def _trf(rows: dict[int, tuple[str, list[str]]], *head: str) -> str:
    """A TRF16 file: for each start rank, its points column and its round entries (10 columns
    each, from column 92), under the given header lines."""
    lines = ["012 test", *head]
    for number, (points, entries) in rows.items():
        lines.append(f"001 {number:4d}      P{number:<32}{'':33}{points:>4} {number:4d}  " + "  ".join(entries))
    return "\n".join(lines) + "\n"


#: 4 players over 3 rounds (XXR fits a round robin), but player 2 had the pairing-allocated
#: bye of an even field in round 2 and players 2 and 4 never met: a short Swiss
_SHORT_SWISS = {
    1: ("2.5", ["   2 w 1", "   3 w =", "   4 w 1"]),
    2: ("1.0", ["   1 b 0", "0000 - U", "   3 w 0"]),
    3: ("2.5", ["   4 w 1", "   1 b =", "   2 b 1"]),
    4: ("0.0", ["   3 b 0", "        ", "   1 b 0"]),
}

#: a 5-player round robin, each player's free round written "U"
_ODD_ROUND_ROBIN = {
    1: ("5.0", ["   4 w 1", "   2 w 1", "0000 - U", "   5 b 1", "   3 b 1"]),
    2: ("2.5", ["   3 w =", "   1 b 0", "   4 w 1", "0000 - U", "   5 b 0"]),
    3: ("2.5", ["   2 b =", "0000 - U", "   5 w =", "   4 b =", "   1 w 0"]),
    4: ("1.5", ["   1 b 0", "   5 w 0", "   2 b 0", "   3 w =", "0000 - U"]),
    5: ("3.5", ["0000 - U", "   4 b 1", "   3 b =", "   1 w 0", "   2 w 1"]),
}


def test_a_short_swiss_whose_xxr_fits_a_round_robin_is_scored_as_a_swiss(tmp_path: Path) -> None:
    """Without a 092 line, XXR 3 for 4 players alone made this a round robin, whose free round
    scores nothing: player 2's pairing-allocated bye (C.04.1 c: a win's points) was lost."""
    code, data, _ = _standings(tmp_path, _trf(_SHORT_SWISS, "XXR 3"))
    assert code == 0
    rows = _rows(data)
    assert rows[2]["points"] == pytest.approx(1)
    assert list(rows[2]["tiebreaks"]) == ["BH:C1", "BH", "SB", "DE"]
    # C.07 art. 16.4: the bye is a dummy opponent with player 2's own score
    assert rows[2]["tiebreaks"]["BH"] == pytest.approx(2.5 + 1 + 2.5)


def test_a_rematch_is_no_round_robin(tmp_path: Path) -> None:
    rows = {1: ("1.0", ["   2 w 1", "   2 b 0", "   3 w ="]), 2: ("2.0", ["   1 b 0", "   1 w 1", "   4 w 1"]),
            3: ("1.5", ["   4 w 1", "   4 b 0", "   1 b ="]), 4: ("1.0", ["   3 b 0", "   3 w 1", "   2 b 0"])}
    code, data, _ = _standings(tmp_path, _trf(rows, "XXR 3"))
    assert code == 0
    assert list(_rows(data)[1]["tiebreaks"]) == ["BH:C1", "BH", "SB", "DE"]


@pytest.mark.parametrize("head", [("XXR 5",), ("XXR 5", "092 Individual: round robin")])
def test_a_round_robins_u_counts_as_its_points_column_says(tmp_path: Path, head: tuple[str, ...]) -> None:
    """Each player's one free round in an odd field fits a round robin (DE first); the file's
    points column counts its "U" as a win, so the standings do too."""
    code, data, _ = _standings(tmp_path, _trf(_ODD_ROUND_ROBIN, *head))
    assert code == 0
    rows = _rows(data)
    assert list(rows[1]["tiebreaks"]) == ["DE", "SB", "WIN", "KS"]
    assert {pid: row["points"] for pid, row in rows.items()} == {1: 5, 2: 2.5, 3: 2.5, 4: 1.5, 5: 3.5}


def test_a_round_robins_free_round_scores_nothing_when_its_points_column_says_so(tmp_path: Path) -> None:
    rows = {pid: (f"{float(points) - 1:.1f}", entries) for pid, (points, entries) in _ODD_ROUND_ROBIN.items()}
    code, data, _ = _standings(tmp_path, _trf(rows, "XXR 5", "092 Individual: round robin"))
    assert code == 0
    assert {pid: row["points"] for pid, row in _rows(data).items()} == {1: 4, 2: 1.5, 3: 1.5, 4: 0.5, 5: 2.5}
