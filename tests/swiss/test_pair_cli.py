"""`fairdraw pair` and `dutch_check`: formats, exit statuses, nothing written on bad input."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from fairdraw.cli.swiss import dutch_check
from fairdraw.formats.trf import read_trf, trf_round, truncated

from .golden import FILES

if TYPE_CHECKING:
    from conftest import CliResult

TRF = (
    "012 Club\n"
    "XXR 5\n"
    "XXC white1\n"
    "001    1      Alpha                             2200                             1.0    1     4 w 1\n"
    "001    2      Bravo                             2100                             0.0    2     5 b 0\n"
    "001    3      Charlie                           2000                             1.0    3  0000 - U\n"
    "001    4      Delta                             1900                             0.0    4     1 b 0\n"
    "001    5      Echo                              1800                             1.0    5     2 w 1\n"
)


@dataclass
class Result:
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, cli: Callable[..., CliResult]) -> Callable[..., Result]:
    """Run the CLI in-process (the shared ``cli`` fixture) in a given folder."""

    def _run(*args: str, cwd: Path) -> Result:
        monkeypatch.chdir(cwd)
        res = cli(*args)
        return Result(res.code, res.out, res.err)

    return _run


def test_pair_writes_the_engine_list_format(tmp_path: Path, run: Callable[..., Result]) -> None:
    (tmp_path / "t.trf").write_text(TRF)
    res = run("pair", "--dutch", "t.trf", "-p", "out.txt", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    lines = (tmp_path / "out.txt").read_text().split("\n")
    count = int(lines[0])
    boards = [tuple(map(int, line.split())) for line in lines[1 : 1 + count]]
    assert len(boards) == 3
    assert [b for b in boards if b[1] == 0] == [boards[-1]]  # the bye last, as "id 0"
    seen = [pid for b in boards for pid in b if pid]
    assert sorted(seen) == [1, 2, 3, 4, 5]
    assert boards[-1][0] != 3  # 3 had the bye in round 1 (C.2)


def test_pair_json_and_explain(tmp_path: Path, run: Callable[..., Result]) -> None:
    (tmp_path / "t.trf").write_text(TRF)
    res = run("pair", "--system", "dutch", "t.trf", "--json", "out.json", "--explain", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    doc = json.loads((tmp_path / "out.json").read_text())
    assert doc["format"] == "fairdraw.schedule/1" and len(doc["rounds"]) == 2
    assert "Bracket" in res.stdout and "Board 1" in res.stdout
    # the JSON written can be paired again (results missing: a clear error, exit 2)
    res2 = run("pair", "--dutch", "out.json", cwd=tmp_path)
    assert res2.returncode == 2 and "result" in res2.stderr


def test_round_one_from_a_players_file_in_the_initial_order(tmp_path: Path, run: Callable[..., Result]) -> None:
    """A Swiss starts from the club's list, in any row order: pairing numbers go by rating,
    highest first, unrated last, then by name (FIDE C.04.2); the JSON written pairs round 2."""
    (tmp_path / "p.csv").write_text("name,rating\nZed,1500\nAnna,2100\nBen,\nCor,1900\nDirk,2100\n")
    res = run("pair", "--dutch", "p.csv", "--rounds", "5", "--json", "-o", "r1.json", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    doc = json.loads((tmp_path / "r1.json").read_text())
    assert [p["name"] for p in doc["players"]] == ["Anna", "Dirk", "Cor", "Zed", "Ben"]
    ids = {p["name"]: p["id"] for p in doc["players"]}
    # S1 = {1, 2} against S2 = {3, 4} (C.04.3 D.1); the lowest, 5, gets the bye
    assert [sorted(t["seats"]) for t in doc["rounds"][0]["tables"]] == [
        sorted([ids["Anna"], ids["Cor"]]), sorted([ids["Dirk"], ids["Zed"]])]
    assert doc["rounds"][0]["byes"] == [ids["Ben"]] and doc["meta"]["total_rounds"] == 5
    listed = [{"name": "Zed", "rating": 1500}, {"name": "Anna", "rating": 2100}]
    for name, doc in (("p.json", listed), ("q.json", {"players": listed})):  # both players JSON forms
        (tmp_path / name).write_text(json.dumps(doc))
        res = run("pair", "--system", "club-swiss", name, "-p", cwd=tmp_path)
        assert res.returncode == 0 and res.stdout.split()[0] == "1", res.stdout + res.stderr
        assert sorted(res.stdout.split()[1:]) == ["1", "2"]  # one board: the two players by id


def test_check_dutch_re_pairs_a_schedule_json(tmp_path: Path, run: Callable[..., Result]) -> None:
    """The JSON a Swiss is run on checks like its TRF: every round re-paired from the ones before;
    a player withdrawn after round 1 still took part in it."""
    rows = "".join(f"P{i},{2000 - 10 * i}\n" for i in range(1, 9))
    (tmp_path / "p.csv").write_text("name,rating\n" + rows)
    assert run("pair", "--dutch", "p.csv", "--rounds", "3", "--json", "-o", "e.json", cwd=tmp_path).returncode == 0
    for rnd in (1, 2):
        doc = json.loads((tmp_path / "e.json").read_text())
        for table in doc["rounds"][-1]["tables"]:
            table["result"] = "1-0" if table["table"] % 2 else "1/2-1/2"
        if rnd == 1:
            doc["meta"]["withdrawn"] = [8]
        (tmp_path / "e.json").write_text(json.dumps(doc))
        assert run("pair", "--dutch", "e.json", "--json", "-o", "e.json", cwd=tmp_path).returncode == 0
    res = run("check", "--dutch", "e.json", cwd=tmp_path)
    assert res.returncode == 0 and "3/3 rounds equal" in res.stdout, res.stdout + res.stderr
    doc = json.loads((tmp_path / "e.json").read_text())
    first, second = doc["rounds"][1]["tables"][:2]
    first["seats"][1], second["seats"][1] = second["seats"][1], first["seats"][1]
    (tmp_path / "bad.json").write_text(json.dumps(doc))
    res = run("check", "--dutch", "bad.json", cwd=tmp_path)
    assert res.returncode == 1 and "round 2: DIFFERS" in res.stdout and "round 1: equal" in res.stdout
    (tmp_path / "ladder.json").write_text(json.dumps({**doc, "system": "keizer"}))
    res = run("check", "--dutch", "ladder.json", cwd=tmp_path)  # another system's rounds: no verdict
    assert res.returncode == 2 and "paired by 'keizer'" in res.stderr


def test_trf_writes_a_json_event_that_pairs_the_same(tmp_path: Path, run: Callable[..., Result]) -> None:
    """``fairdraw trf``: the JSON a Swiss is run on, as the TRF16 a rating officer or another
    engine reads; the next round paired from either file is the same."""
    rows = "".join(f"P{i},{2100 - 13 * i}\n" for i in range(1, 12))
    (tmp_path / "p.csv").write_text("name,rating\n" + rows)
    assert run("pair", "--dutch", "p.csv", "--rounds", "5", "--json", "-o", "e.json", cwd=tmp_path).returncode == 0
    for result in ("1-0", "1/2-1/2"):
        doc = json.loads((tmp_path / "e.json").read_text())
        for table in doc["rounds"][-1]["tables"]:
            table["result"] = result if table["table"] % 3 else "0-1"
        (tmp_path / "e.json").write_text(json.dumps(doc))
        assert run("pair", "--dutch", "e.json", "--json", "-o", "e.json", cwd=tmp_path).returncode == 0
    doc = json.loads((tmp_path / "e.json").read_text())
    doc["rounds"] = doc["rounds"][:2]
    (tmp_path / "two.json").write_text(json.dumps(doc))
    res = run("trf", "two.json", "-o", "two.trf", "--name", "Club Swiss", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    text = (tmp_path / "two.trf").read_text()
    assert text.startswith("012 Club Swiss\n092 Individual: Swiss-System\nXXR 5\n") and text.count("\n001 ") == 11
    from_json = run("pair", "--dutch", "two.json", "-p", cwd=tmp_path)
    from_trf = run("pair", "--dutch", "two.trf", "-p", cwd=tmp_path)
    assert from_json.returncode == from_trf.returncode == 0 and from_json.stdout == from_trf.stdout
    (tmp_path / "mj.json").write_text(json.dumps({"format": "fairdraw.schedule/1", "system": "mahjong",
                                                  "players": [{"id": i, "name": f"M{i}"} for i in range(1, 5)],
                                                  "rounds": [{"round": 1, "tables": [{"table": 1, "seats": [1, 2, 3, 4]}]}]}))
    res = run("trf", "mj.json", "-o", "mj.trf", cwd=tmp_path)
    assert res.returncode == 2 and "chess format" in res.stderr and not (tmp_path / "mj.trf").exists()


def test_byes_and_withdrawals_from_the_command_line(tmp_path: Path, run: Callable[..., Result]) -> None:
    """``--bye ID[:kind]`` for the round being paired and ``--withdraw ID`` from now on, as a
    TRF's H/Z entries and a JSON's meta say them; the withdrawal is kept in the JSON written."""
    (tmp_path / "t.trf").write_text(TRF)
    res = run("pair", "--dutch", "t.trf", "--bye", "2:zero", "--bye", "4", "--withdraw", "5", "--json", "-o", "o.json",
              cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    doc = json.loads((tmp_path / "o.json").read_text())
    last = doc["rounds"][-1]
    assert last["bye_kinds"] == {"2": "zero-point", "4": "half-point", "5": "absent"}
    assert [sorted(t["seats"]) for t in last["tables"]] == [[1, 3]] and doc["meta"]["withdrawn"] == [5]
    for args, message in ((("--bye", "3:holiday"), "the kind must be one of"), (("--bye", "9"), "not a player"),
                          (("--withdraw", "x"), "takes player ids")):
        res = run("pair", "--dutch", "t.trf", *args, "-p", "-o", "bad.txt", cwd=tmp_path)
        assert res.returncode == 2 and message in res.stderr.replace("\n", " "), res.stderr
        assert not (tmp_path / "bad.txt").exists()


def test_pair_html_prints_the_new_round(tmp_path: Path, run: Callable[..., Result]) -> None:
    (tmp_path / "t.trf").write_text(TRF)
    res = run("pair", "--dutch", "t.trf", "--html", "-o", "r2.html", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    page = (tmp_path / "r2.html").read_text()
    assert "t: round 2 pairings</h1>" in page and page.count("<tr><td>") == 2 and "<th>Pts</th>" in page
    assert "Bye: " in page and "Alpha" in page
    boards = re.findall(r"<tr><td>\d+</td><td>([^<]+)</td><td>([^<]*)</td><td>([^<]+)</td><td>([^<]*)</td>", page)
    points = {name: pts for board in boards for name, pts in (board[:2], board[2:])}
    assert points["1. Alpha"] == "1" and points["4. Delta"] == "0"  # after round 1: Alpha won, Delta lost
    text = run("pair", "--dutch", "t.trf", cwd=tmp_path).stdout
    assert "Alpha (1)" in text and "Delta (0)" in text
    assert run("pair", "--dutch", "t.trf", "--html", "--json", cwd=tmp_path).returncode == 2


def test_undo_removes_the_last_round_and_pair_makes_it_again(tmp_path: Path, run: Callable[..., Result]) -> None:
    """A late bye request after the pairing was published: undo, then pair with the bye."""
    (tmp_path / "t.trf").write_text(TRF)
    assert run("pair", "--dutch", "t.trf", "--json", "-o", "e.json", cwd=tmp_path).returncode == 0
    before = json.loads((tmp_path / "e.json").read_text())
    res = run("undo", "e.json", cwd=tmp_path)
    assert res.returncode == 0 and "round 2 removed" in res.stderr
    after = json.loads((tmp_path / "e.json").read_text())
    assert len(after["rounds"]) == len(before["rounds"]) - 1 and "explanation" not in after["meta"]
    res = run("undo", "e.json", cwd=tmp_path)  # round 1 has results: kept unless forced
    assert res.returncode == 2 and "--force" in res.stderr
    assert json.loads((tmp_path / "e.json").read_text()) == after
    assert run("pair", "--dutch", "e.json", "--bye", "4", "--json", "-o", "e.json", cwd=tmp_path).returncode == 0
    again = json.loads((tmp_path / "e.json").read_text())["rounds"][-1]
    assert again["round"] == 2 and again["bye_kinds"].get("4") == "half-point"
    for system, stale in (("club-swiss", "order"), ("keizer", "keizer_scores")):  # what those systems write
        assert run("pair", "--system", system, "t.trf", "--json", "-o", f"{system}.json", cwd=tmp_path).returncode == 0
        assert stale in json.loads((tmp_path / f"{system}.json").read_text())["meta"]
        assert run("undo", f"{system}.json", cwd=tmp_path).returncode == 0
        assert stale not in json.loads((tmp_path / f"{system}.json").read_text())["meta"]
    (tmp_path / "rr.json").write_text(json.dumps({**before, "system": "berger"}))
    res = run("undo", "rr.json", cwd=tmp_path)
    assert res.returncode == 2 and "not paired round by round" in res.stderr


def test_the_pairing_list_shows_points_under_the_files_point_system(tmp_path: Path,
                                                                     run: Callable[..., Result]) -> None:
    lines = [line[:80] + " 3.0" + line[84:] if line.startswith("001") and line[80:84] == " 1.0" else line
             for line in TRF.splitlines()]
    (tmp_path / "t.trf").write_text("\n".join([*lines, "BBW  3.0", "BBD  1.0"]) + "\n")
    text = run("pair", "--dutch", "t.trf", cwd=tmp_path).stdout
    assert "Alpha (3)" in text and "Delta (0)" in text, text


def test_the_json_written_keeps_the_point_system(tmp_path: Path, run: Callable[..., Result]) -> None:
    """A JSON paired under meta.points (or a TRF's BBW/BBD lines) is written with that point
    system, so the next round is paired under it too; FIDE's default is not written."""
    lines = [line[:80] + " 3.0" + line[84:] if line.startswith("001") and line[80:84] == " 1.0" else line
             for line in TRF.splitlines()]
    (tmp_path / "t.trf").write_text("\n".join([*lines, "BBW  3.0", "BBD  1.0"]) + "\n")
    assert run("pair", "--dutch", "t.trf", "--json", "-o", "e.json", cwd=tmp_path).returncode == 0
    points = json.loads((tmp_path / "e.json").read_text())["meta"]["points"]
    assert points["win"] == 3 and points["draw"] == 1
    doc = json.loads((tmp_path / "e.json").read_text())
    for table in doc["rounds"][-1]["tables"]:
        table["result"] = "1-0"
    (tmp_path / "e.json").write_text(json.dumps(doc))
    assert run("pair", "--dutch", "e.json", "--json", "-o", "f.json", cwd=tmp_path).returncode == 0
    assert json.loads((tmp_path / "f.json").read_text())["meta"]["points"] == points
    (tmp_path / "plain.trf").write_text(TRF)
    assert run("pair", "--dutch", "plain.trf", "--json", "-o", "p.json", cwd=tmp_path).returncode == 0
    assert "points" not in json.loads((tmp_path / "p.json").read_text())["meta"]


def test_the_output_file_once_as_out_or_with_o(tmp_path: Path, run: Callable[..., Result]) -> None:
    (tmp_path / "t.trf").write_text(TRF)
    assert run("pair", "--dutch", "t.trf", "-p", "-o", "a.txt", cwd=tmp_path).returncode == 0
    assert run("pair", "--dutch", "t.trf", "-p", "a.txt", cwd=tmp_path).returncode == 0
    res = run("pair", "--dutch", "t.trf", "-p", "b.txt", "-o", "c.txt", cwd=tmp_path)
    assert res.returncode == 2 and "once" in res.stderr and not (tmp_path / "b.txt").exists()


def test_malformed_trf_exits_2_with_line_and_column_and_writes_nothing(tmp_path: Path, run: Callable[..., Result]) -> None:
    bad = TRF.replace("    4 w 1\n", "    4 x 1\n", 1)
    (tmp_path / "t.trf").write_text(bad)
    res = run("pair", "--dutch", "t.trf", "-p", "out.txt", cwd=tmp_path)
    assert res.returncode == 2
    assert "line 4" in res.stderr and "column 97" in res.stderr
    assert not (tmp_path / "out.txt").exists()


def test_unknown_system_exits_2(tmp_path: Path, run: Callable[..., Result]) -> None:
    (tmp_path / "t.trf").write_text(TRF)
    res = run("pair", "--system", "nope", "t.trf", cwd=tmp_path)
    assert res.returncode == 2 and "nope" in res.stderr


@pytest.mark.skipif(not FILES, reason="golden files not available")
def test_dutch_check_equal_and_differing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = next(f for f in FILES if f.name.startswith("n0011"))
    assert dutch_check(path) == 0
    # swap the colours of one game in the last round: the check must report it
    doc = read_trf(path)
    last = doc.rounds_in_file
    victim = next(p for p in doc.players if p.games[last - 1].opponent is not None)
    opp = doc.player(victim.games[last - 1].opponent or 0)
    for p in (victim, opp):
        g = p.games[last - 1]
        p.games[last - 1] = type(g)(g.opponent, "b" if g.colour == "w" else "w", g.result)
    changed = tmp_path / "changed.trf"
    changed.write_text(doc.dump(), newline="")
    capsys.readouterr()
    assert dutch_check(changed) == 1
    assert f"round {last}: DIFFERS" in capsys.readouterr().out


@pytest.mark.skipif(not FILES, reason="golden files not available")
def test_truncated_file_pairs_like_the_reference(tmp_path: Path, run: Callable[..., Result]) -> None:
    path = next(f for f in FILES if f.name.startswith("n0013"))
    doc = read_trf(path)
    t = truncated(doc, 2, total_rounds=doc.rounds_in_file, initial_colour="white")
    (tmp_path / "t.trf").write_text(t.dump(), newline="")
    res = run("pair", "--dutch", "t.trf", "-p", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.split("\n")
    boards = {tuple(map(int, line.split())) for line in lines[1 : 1 + int(lines[0])]}
    ref = trf_round(doc, 3)
    expected = {t.seats for t in ref.tables} | {(b.id, 0) for b in ref.byes if b.kind == "bye"}
    assert boards == expected


def test_pair_names_the_player_an_id_takes_and_says_when_the_rounds_are_unknown(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """--bye and --withdraw take ids where the printed lists show pairing numbers (an arbiter
    typing the number seen gave another player the bye): the player taken is named with the
    number. Without XXR or --rounds no round is paired as the last one: said, not guessed."""
    players = tmp_path / "p.csv"
    players.write_text("name,rating\nAnna,1500\nBert,2000\nCees,1800\nDirk,1700\nEva,1600\nFrank,1900\n")
    asked = cli("pair", "--dutch", str(players), "--rounds", "5", "--bye", "1", "-p")
    assert asked.code == 0
    assert "--bye 1: Anna (pairing number 6)" in asked.err and "number of rounds is not given" not in asked.err
    unknown = cli("pair", "--dutch", str(players), "-p")
    assert unknown.code == 0 and "number of rounds is not given" in unknown.err


def test_later_rounds_240_and_260_lines_survive_the_json(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """TRF-2026 240 byes and 260 groups for rounds after the one paired were dropped from the
    JSON written, so the next round from the JSON paired players the file had excused or kept
    apart. Round 5 from the JSON must equal round 5 from the TRF that still has the lines."""
    from tests.swiss.golden import GOLDEN

    full = read_trf(GOLDEN / "n0030_r06_s1325342712.trf")
    later = ["240 H   5    6   11", "260   4   6    3    5", "260   5   5    1    2"]
    base = truncated(full, 3, total_rounds=6).dump()
    trf = tmp_path / "event.trf"
    trf.write_text(base.rstrip("\r\n") + "\n" + "\n".join(later) + "\n", encoding="utf-8")
    event = tmp_path / "event.json"
    assert cli("pair", str(trf), "--json", "-o", str(event)).code == 0
    meta = json.loads(event.read_text())["meta"]
    assert meta["byes_later"] == {"5": {"6": "half-point", "11": "half-point"}}
    assert {tuple(g["players"]) for g in meta["forbidden_later"]} == {(3, 5), (1, 2)}
    rnd = json.loads(event.read_text())["rounds"][-1]
    for table in rnd["tables"]:
        assert cli("result", str(event), "-r", str(rnd["round"]), "-t", str(table["table"]), "1-0").code == 0
    from_json = cli("pair", str(event), "-p")
    assert from_json.code == 0
    back = tmp_path / "back.trf"
    assert cli("trf", str(event), "-o", str(back)).code == 0
    back.write_text(back.read_text().rstrip("\r\n") + "\n" + "\n".join(later) + "\n", encoding="utf-8")
    from_trf = cli("pair", str(back), "-p")
    assert from_trf.code == 0 and from_json.out == from_trf.out
    pairs = {tuple(sorted(map(int, line.split()))) for line in from_json.out.splitlines()[1:]}
    assert (1, 2) not in pairs and (3, 5) not in pairs and not any({6, 11} & set(p) - {0} for p in pairs if 0 not in p)


def test_the_engines_list_of_an_xxc_rank_file_is_by_start_rank(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """With XXC rank the 001 lines' order is the pairing order and the start ranks identify the
    players; -p wrote line positions, which match no opponent field of the file (bbpPairings
    writes start ranks)."""
    from tests.swiss.golden import GOLDEN

    text = truncated(read_trf(GOLDEN / "n0030_r06_s1325342712.trf"), 3, total_rounds=6).dump()
    lines = text.replace("\r\n", "\n").replace("\r", "\n").splitlines()
    players = [line for line in lines if line.startswith("001")]
    others = [line for line in lines if not line.startswith("001")]
    players[2], players[5] = players[5], players[2]  # two lines out of start-rank order
    path = tmp_path / "rank.trf"
    path.write_text("\n".join([*others, "XXC rank", *players]) + "\n", encoding="utf-8")
    listed = cli("pair", str(path), "-p")
    as_json = tmp_path / "rank.json"
    assert listed.code == 0 and cli("pair", str(path), "--json", "-o", str(as_json)).code == 0
    last = json.loads(as_json.read_text())["rounds"][-1]
    expected = {f"{t['seats'][0]} {t['seats'][1]}" for t in last["tables"]}
    expected |= {f"{b['id'] if isinstance(b, dict) else b} 0" for b in last.get("byes", [])
                 if (last.get("bye_kinds") or {}).get(str(b if isinstance(b, int) else b["id"]), "bye") == "bye"}
    assert set(listed.out.splitlines()[1:]) == expected


@pytest.mark.parametrize("key, value", [("byes_later", {"5": ["6"]}), ("byes_later", [1]),
                                        ("forbidden_later", [{"rounds": [4], "players": [1, 2]}]),
                                        ("forbidden_later", {"rounds": [4, 5]})])
def test_a_damaged_later_round_record_exits_2_naming_it(cli, tmp_path: Path, key: str, value: object) -> None:  # type: ignore[no-untyped-def]
    players = tmp_path / "p.csv"
    players.write_text("name,rating\n" + "".join(f"P{i},{2000 - i}\n" for i in range(1, 7)))
    event = tmp_path / "event.json"
    assert cli("pair", "--dutch", str(players), "--rounds", "5", "--json", "-o", str(event)).code == 0
    data = json.loads(event.read_text())
    for table in data["rounds"][0]["tables"]:
        table["result"] = "1-0"
    data["meta"][key] = value
    event.write_text(json.dumps(data))
    before = event.read_bytes()
    result = cli("pair", str(event), "--json", "-o", str(event))
    assert result.code == 2 and str(event) in result.err and f"meta.{key}" in result.err
    assert event.read_bytes() == before


def test_a_bye_typed_ahead_in_a_later_column_survives_the_json(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """An H typed in a 001 line's column two rounds ahead (the next one left blank) was read
    for nothing: the JSON written by `pair` lost it and the later round paired the player.
    It travels as meta.byes_later, as a TRF-2026 240 line does, and is applied in its round."""
    from tests.swiss.golden import GOLDEN

    full = read_trf(GOLDEN / "n0030_r06_s1325342712.trf")
    lines = truncated(full, 3, total_rounds=6).dump().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("001") and int(line[4:8]) == 7)
    lines[at] = lines[at].rstrip().ljust(91 + 10 * 4)[: 91 + 10 * 4] + "0000 - H"  # round 5's column
    trf = tmp_path / "event.trf"
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    event = tmp_path / "event.json"
    assert cli("pair", str(trf), "--json", "-o", str(event)).code == 0
    data = json.loads(event.read_text())
    assert data["meta"]["byes_later"] == {"5": {"7": "half-point"}}
    assert any(7 in table["seats"] for table in data["rounds"][-1]["tables"])  # round 4: 7 plays
    rnd = data["rounds"][-1]
    for table in rnd["tables"]:
        assert cli("result", str(event), "-r", str(rnd["round"]), "-t", str(table["table"]), "1-0").code == 0
    assert cli("pair", str(event), "--json", "-o", str(event)).code == 0
    fifth = json.loads(event.read_text())["rounds"][-1]
    assert fifth["round"] == 5 and 7 in fifth["byes"], fifth
    assert fifth["bye_kinds"]["7"] == "half-point"


def test_start_ranks_with_a_gap_are_paired_and_said(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """bbpPairings refuses a TRF whose start ranks skip a number ("A pairing number is
    missing"); `pair` pairs it as the field renumbered in order (the same pairing) and says so."""
    from tests.swiss.golden import GOLDEN

    full = read_trf(GOLDEN / "n0030_r06_s1325342712.trf")
    lines = truncated(full, 0, total_rounds=6).dump().splitlines()
    last = max(i for i, line in enumerate(lines) if line.startswith("001"))
    rank = int(lines[last][4:8])
    lines[last] = lines[last][:4] + f"{rank + 4:4d}" + lines[last][8:]
    trf = tmp_path / "gap.trf"
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cli("pair", str(trf), "-p")
    assert result.code == 0
    assert f"the start ranks skip {rank}, {rank + 1}, {rank + 2}, {rank + 3}" in " ".join(result.err.split())
    assert str(rank + 4) in result.out.split()
