"""The ``standings`` and ``result`` commands: formats, atomic writes, exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fairdraw.cli.app import run_app
from fairdraw.core.model import Participant, Round, Schedule, Table
from fairdraw.formats.schedule_json import dump_schedule, load_schedule
from tests.scoring.test_golden_standings import FILES


def run(argv: list[str]) -> int:
    try:
        run_app(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


@pytest.fixture()
def chess_file(tmp_path: Path) -> Path:
    players = tuple(Participant(id=i, name=f"Player {i}", rating=2000 - i) for i in range(1, 5))
    rounds = (
        Round(1, (Table(1, (1, 4), result="1-0"), Table(2, (2, 3)))),
        Round(2, (Table(1, (4, 3)), Table(2, (1, 2)))),
    )
    path = tmp_path / "event.json"
    path.write_text(dump_schedule(Schedule("berger", players, rounds)), encoding="utf-8")
    return path


@pytest.fixture()
def mahjong_file(tmp_path: Path) -> Path:
    players = tuple(Participant(id=i, name=f"M{i}") for i in range(1, 9))
    rounds = (Round(1, (Table(1, (1, 2, 3, 4)), Table(2, (5, 6, 7, 8)))),)
    path = tmp_path / "mj.json"
    path.write_text(dump_schedule(Schedule("mahjong", players, rounds)), encoding="utf-8")
    return path


def test_result_is_recorded_in_canonical_form(chess_file: Path) -> None:
    assert run(["result", str(chess_file), "--round", "1", "--table", "2", "½-½"]) == 0
    schedule = load_schedule(chess_file)
    assert schedule.rounds[0].tables[1].result == "1/2-1/2"


def test_a_filled_table_needs_force(chess_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = chess_file.read_bytes()
    assert run(["result", str(chess_file), "--round", "1", "--table", "1", "0-1"]) == 2
    assert "--force" in capsys.readouterr().err
    assert chess_file.read_bytes() == before
    assert run(["result", str(chess_file), "--round", "1", "--table", "1", "0-1", "--force"]) == 0
    assert load_schedule(chess_file).rounds[0].tables[0].result == "0-1"


@pytest.mark.parametrize("bad", ["2-0", "1-1", "win"])
def test_a_bad_result_exits_2_and_writes_nothing(
    chess_file: Path, bad: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = chess_file.read_bytes()
    assert run(["result", str(chess_file), "--round", "2", "--table", "1", bad]) == 2
    assert "unknown chess result" in capsys.readouterr().err
    assert chess_file.read_bytes() == before
    assert not list(chess_file.parent.glob("*.tmp"))


def test_unknown_round_or_table(chess_file: Path) -> None:
    assert run(["result", str(chess_file), "--round", "9", "--table", "1", "1-0"]) == 2
    assert run(["result", str(chess_file), "--round", "1", "--table", "7", "1-0"]) == 2


def test_mahjong_scores_must_add_up(mahjong_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = mahjong_file.read_bytes()
    assert run(["result", str(mahjong_file), "-r", "1", "-t", "1", "40000", "30000", "30000", "19000"]) == 2
    err = capsys.readouterr().err
    assert "add up to 119000, expected 120000" in err and "off by -1000" in err
    assert mahjong_file.read_bytes() == before
    assert run(["result", str(mahjong_file), "-r", "1", "-t", "1", "40000,30000,30000"]) == 2
    assert "expected 4 scores" in capsys.readouterr().err


def test_mahjong_scores_and_chombo_are_recorded(mahjong_file: Path) -> None:
    argv = [
        "result",
        str(mahjong_file),
        "-r",
        "1",
        "-t",
        "2",
        "--chombo",
        "6",
        "--",
        "52000",
        "31000",
        "21000",
        "16000",
    ]
    assert run(argv) == 0
    table = load_schedule(mahjong_file).rounds[0].tables[1]
    assert table.scores == (52000, 31000, 21000, 16000)
    assert table.penalties == (0, 20000, 0, 0)


def test_a_score_corrected_with_force_keeps_the_tables_chombo(mahjong_file: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Fixing a score typo with --force wiped the table's chombo without a word; new penalties
    replace them, none given keeps them (said)."""
    assert run(["result", str(mahjong_file), "-r", "1", "-t", "2", "--chombo", "6", "--",
                "52000", "31000", "21000", "16000"]) == 0
    assert run(["result", str(mahjong_file), "-r", "1", "-t", "2", "--force", "--",
                "51000", "32000", "21000", "16000"]) == 0
    table = load_schedule(mahjong_file).rounds[0].tables[1]
    assert table.scores == (51000, 32000, 21000, 16000) and table.penalties == (0, 20000, 0, 0)
    assert "penalties [0, 20000, 0, 0] stay" in capsys.readouterr().err
    assert run(["result", str(mahjong_file), "-r", "1", "-t", "2", "--force", "--penalties", "0,0,0,0", "--",
                "51000", "32000", "21000", "16000"]) == 0
    assert load_schedule(mahjong_file).rounds[0].tables[1].penalties is None


def test_standings_json_shape(chess_file: Path, tmp_path: Path) -> None:
    run(["result", str(chess_file), "-r", "1", "-t", "2", "0-1"])
    out = tmp_path / "st.json"
    assert run(["standings", str(chess_file), "--tiebreaks", "BH:C1,SB", "--json", "-o", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    first = doc["standings"][0]
    assert set(first) == {"rank", "id", "name", "points", "tiebreaks"}
    assert list(first["tiebreaks"]) == ["BH:C1", "SB"]
    assert [row["points"] for row in doc["standings"]] == [1, 1, 0, 0]
    assert {row["id"] for row in doc["standings"][:2]} == {1, 3}


def test_standings_formats_and_crosstable(chess_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["standings", str(chess_file), "--csv", "-t", "SB"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "rank,id,name,points,SB"
    assert run(["standings", str(chess_file), "--html", "--crosstable"]) == 0
    page = capsys.readouterr().out
    assert "<table>" in page and "Cross table" in page
    assert run(["standings", str(chess_file), "--json", "--crosstable"]) == 0
    cross = json.loads(capsys.readouterr().out)["crosstable"]
    assert cross[0]["results"]  # the leader's win is in the table


def test_bad_tiebreak_or_scoring_exits_2(chess_file: Path) -> None:
    assert run(["standings", str(chess_file), "-t", "NOPE"]) == 2
    assert run(["standings", str(chess_file), "--scoring", "golf"]) == 2
    assert run(["standings", str(chess_file), "--scoring", "mahjong"]) == 2


@pytest.mark.skipif(not FILES, reason="golden TRF files not available")
def test_standings_from_trf(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["standings", str(FILES[0]), "--json", "-t", "BH:C1,SB,DE"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["standings"]) == int(FILES[0].name[1:5])
    assert list(doc["standings"][0]["tiebreaks"]) == ["BH:C1", "SB", "DE"]


def test_keizer_and_mahjong_from_the_cli(
    mahjong_file: Path, chess_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(["result", str(mahjong_file), "-r", "1", "-t", "1", "40000", "30000", "30000", "20000"])
    capsys.readouterr()
    assert run(["standings", str(mahjong_file), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["standings"][0] == {"rank": 1, "id": 1, "name": "M1", "points": 25, "tiebreaks": {"BEST": 25, "PLC": 1}}
    assert run(["standings", str(chess_file), "--scoring", "keizer", "-O", "first_value=40", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["meta"]["converged"] is True


def test_league_game_scores_need_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from fairdraw.core.model import Game

    players = tuple(Participant(id=i, name=f"L{i}") for i in range(1, 6))
    games = tuple(Game(g, tuple(p for p in range(1, 6) if p != 6 - g)[:4], (6 - g,)) for g in range(1, 6))
    path = tmp_path / "league.json"
    schedule = Schedule("league", players, (Round(1, (Table(1, (1, 2, 3, 4, 5), group="A", games=games),)),))
    path.write_text(dump_schedule(schedule), encoding="utf-8")
    assert run(["result", str(path), "-r", "1", "-t", "1", "40000", "30000", "30000", "20000"]) == 2
    assert "add --game" in capsys.readouterr().err
    assert run(["result", str(path), "-r", "1", "-t", "1", "--game", "2", "40000", "30000", "30000", "20000"]) == 0
    saved = load_schedule(path).rounds[0].tables[0].games[1]
    assert saved.scores == (40000, 30000, 30000, 20000)
    assert run(["standings", str(path), "--json", "--after-round", "1"]) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    assert rows[0]["id"] == saved.seats[0] and rows[0]["points"] == 25


def test_scorings_lists_every_code(capsys: pytest.CaptureFixture[str]) -> None:
    from fairdraw.tiebreaks import all_tiebreaks

    assert run(["scorings"]) == 0
    out = capsys.readouterr().out
    for name in ("standard", "football", "keizer", "mahjong"):
        assert name in out
    for tb in all_tiebreaks():
        assert tb.code in out


def test_standings_name_the_tables_of_a_started_round_still_without_a_result(
    chess_file: Path, mahjong_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A forgotten result scores like a game not played: the standings say where one is missing
    (only in rounds with results; a round not started yet is no slip)."""
    assert run(["standings", str(chess_file)]) == 0
    err = capsys.readouterr().err.replace("\n", " ")
    assert f"{chess_file}: round 1 has no result yet at board 2" in err and "round 2" not in err, err
    assert run(["result", str(chess_file), "--round", "1", "--table", "2", "0-1"]) == 0
    capsys.readouterr()
    assert run(["standings", str(chess_file)]) == 0
    assert "no result yet" not in capsys.readouterr().err
    assert run(["result", str(mahjong_file), "--round", "1", "--table", "2", "40000", "30000", "30000", "20000"]) == 0
    capsys.readouterr()
    assert run(["standings", str(mahjong_file)]) == 0
    assert "round 1 has no result yet at table 1;" in capsys.readouterr().err.replace("\n", " ")


def test_pending_tables_lists_league_games_by_group() -> None:
    from fairdraw.core.model import Game
    from fairdraw.scoring.results import pending_tables

    games = (Game(1, (1, 2, 3, 4), out=(5,), scores=(40000, 30000, 30000, 20000)), Game(2, (2, 3, 4, 5), out=(1,)))
    rounds = [Round(1, (Table(1, (1, 2, 3, 4, 5), group="A", games=games),)), Round(2, (Table(1, (1, 2, 3, 4, 5), group="A"),))]
    assert pending_tables(rounds) == [(1, ["group A game 2"])]


def test_a_wide_cross_table_prints_on_a_landscape_page(tmp_path: Path) -> None:
    """A 40-player round robin's cross table ran off an A4 page in portrait."""
    players = tmp_path / "p.csv"
    players.write_text("name\n" + "".join(f"Player {i}\n" for i in range(1, 41)))
    rr = tmp_path / "rr.json"
    assert run(["roundrobin", str(players), "--json", "-o", str(rr)]) == 0
    assert run(["result", str(rr), "-r", "1", "-t", "1", "1-0"]) == 0
    page = tmp_path / "st.html"
    assert run(["standings", str(rr), "--crosstable", "--html", "-o", str(page)]) == 0
    text = page.read_text()
    assert '<section class="wide">' in text and '<table class="wide">' in text and "size: A4 landscape" in text
    small = tmp_path / "small.json"
    players.write_text("name\n" + "".join(f"Player {i}\n" for i in range(1, 9)))
    assert run(["roundrobin", str(players), "--json", "-o", str(small)]) == 0
    assert run(["result", str(small), "-r", "1", "-t", "1", "1-0"]) == 0
    assert run(["standings", str(small), "--crosstable", "--html", "-o", str(page)]) == 0
    assert 'class="wide"' not in page.read_text()
