"""TRF16 input that used to be read silently is refused with file, line, column and what was
expected: XXR below the rounds played, unknown XXC words, fields shifted out of their columns,
a points column the results contradict, games whose two lines do not mirror each other."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from fairdraw.cli.app import run_app
from fairdraw.core.errors import InputError
from fairdraw.core.model import Bye, Participant, Round, Table
from fairdraw.formats.trf import PlayerLine, PointSystem, RoundEntry, parse_trf, read_trf, rounds_to_trf


def _player(number: int, rating: int, points: int, games: list[RoundEntry]) -> str:
    """A 001 line with every identity field filled, in the TRF16 columns (the writer's)."""
    return PlayerLine(number=number, name=f"Player {number}", sex="m", title="FM", rating=rating, federation="NED",
                      fide_id=f"{1000000 + number}", birth="1990/01/01", points=points, rank=number,
                      games=games).format()


#: 1-3 and 2-4 in round 1 (white wins), 1-2 and 3-4 in round 2 (draw, white wins).
GAMES = {
    1: [RoundEntry(3, "w", "1"), RoundEntry(2, "w", "=")],
    2: [RoundEntry(4, "w", "1"), RoundEntry(1, "b", "=")],
    3: [RoundEntry(1, "b", "0"), RoundEntry(4, "w", "1")],
    4: [RoundEntry(2, "b", "0"), RoundEntry(3, "b", "0")],
}
POINTS = {1: 15, 2: 15, 3: 10, 4: 0}
HEAD = ["012 Hardening", "XXR 3", "XXC white1"]  # the 001 lines are lines 4-7


def _lines() -> list[str]:
    return HEAD + [_player(n, 2100 - 100 * n, POINTS[n], GAMES[n]) for n in (1, 2, 3, 4)]


def _put(line: str, column: int, text: str) -> str:
    """``line`` with ``text`` written from 1-based ``column`` on (as an editor would)."""
    return line[: column - 1] + text + line[column - 1 + len(text):]


def _write(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "t.trf"
    path.write_text("\r".join(lines) + "\r", encoding="utf-8")
    return path


def _refused(tmp_path: Path, lines: list[str], match: str) -> InputError:
    path = _write(tmp_path, lines)
    with pytest.raises(InputError, match=match) as info:
        read_trf(path)
    assert info.value.source == str(path)
    return info.value


def _exit_code(argv: list[str]) -> int:
    try:
        run_app(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def test_the_base_file_reads() -> None:
    """The fixture itself is well-formed: every test below changes one thing in it."""
    doc = parse_trf("\n".join(_lines()) + "\n")
    assert [(p.number, p.rating, p.federation, p.fide_id, p.points) for p in doc.players][0] == (
        1, 2000, "NED", "1000001", 15)


# -- 1. XXR below the rounds in the file ----------------------------------------------------------

@pytest.mark.parametrize("tag", ["XXR", "142"])
def test_rounds_line_below_the_rounds_played_is_refused(tmp_path: Path, tag: str) -> None:
    lines = _lines()
    lines[1] = f"{tag} 1"
    error = _refused(tmp_path, lines, f"{tag} says the tournament has 1 round, but the 001 lines hold 2 rounds")
    assert (error.line, error.column, error.field) == (2, 5, "rounds")


def test_a_bye_announced_past_the_last_round_is_refused(tmp_path: Path) -> None:
    lines = _lines()
    lines[1] = "XXR 2"
    lines[3] += "  0000 - H"
    error = _refused(tmp_path, lines, "has 2 rounds, but the 001 lines hold 3 rounds \\(line 4 has an entry in round 3\\)")
    assert error.line == 2


def test_rounds_line_equal_to_the_rounds_played_reads(tmp_path: Path) -> None:
    lines = _lines()
    lines[1] = "XXR 2"
    lines[4] += "          "  # a blank trailing column is no round
    assert read_trf(_write(tmp_path, lines)).total_rounds == 2


def test_two_rounds_lines_that_disagree_are_refused(tmp_path: Path) -> None:
    lines = _lines()
    lines.insert(2, "142 5")
    error = _refused(tmp_path, lines, "142 5 contradicts 'XXR 3' on line 2")
    assert error.line == 3


# -- 2. XXC words ----------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("xxc", "match", "column"),
    [
        ("XXC purple", "unknown word 'purple'; accepted: white1 or black1, and rank", 5),
        ("XXC White1", "unknown word 'White1'", 5),
        ("XXC white1 ranked", "unknown word 'ranked'", 12),
        ("XXC white1 black1", "white1 and black1 contradict each other", 12),
        ("XXC", "XXC needs white1 or black1", 4),
    ],
)
def test_unknown_xxc_words_are_refused(tmp_path: Path, xxc: str, match: str, column: int) -> None:
    lines = _lines()
    lines[2] = xxc
    error = _refused(tmp_path, lines, match)
    assert (error.line, error.column, error.field) == (3, column, "XXC")


@pytest.mark.parametrize(("xxc", "colour", "rank"),
                         [("XXC white1 rank", "white", True), ("XXC rank", None, True), ("XXC black1", "black", False)])
def test_known_xxc_words_read(tmp_path: Path, xxc: str, colour: str | None, rank: bool) -> None:
    lines = _lines()
    lines[2] = xxc
    doc = read_trf(_write(tmp_path, lines))
    assert (doc.initial_colour, doc.use_rank) == (colour, rank)


def test_colour_lines_that_disagree_are_refused(tmp_path: Path) -> None:
    lines = _lines()
    lines.insert(3, "152 B")
    error = _refused(tmp_path, lines, "initial colour black contradicts 'XXC white1' on line 3")
    assert error.line == 4


# -- 3. fields out of their TRF16 columns ----------------------------------------------------------

def _shift(field_text: str, column: int) -> Callable[[str], str]:
    return lambda line: _put(line, column, field_text)


@pytest.mark.parametrize(
    ("edit", "column", "match"),
    [
        # rating 2000 written in columns 50-53: used to read as 200
        (_shift(" 2000", 49), 53, "column 53 must be blank between rating \\(columns 49-52\\) and federation"),
        # rating written in columns 48-51: used to read as 0
        (_shift("2000 ", 48), 48, "column 48 must be blank between name \\(columns 15-47\\) and rating \\(columns 49-52\\)"),
        (_shift("    1", 5), 9, "column 9 must be blank between start rank \\(columns 5-8\\) and sex"),
        (_shift("  1.5", 81), 85, "column 85 must be blank between points \\(columns 81-84\\) and rank"),
        (_shift("    1", 86), 90, "columns 90-91 must be blank between rank \\(columns 86-89\\) and round 1"),
        (_shift("2000", 53), 53, "column 53 must be blank"),
        (_shift("200", 54), 54, "federation \\(columns 54-56\\) must be letters, got '200'"),
        (_shift("1", 10), 10, "sex \\(column 10\\) must be letters"),
        (_shift("2M", 12), 12, "title \\(columns 11-13\\) must be letters"),
        (_shift("    10000O1", 58), 58, "FIDE id \\(columns 58-68\\) must be a whole number, got '10000O1'"),
        (_shift("1990/Ja/01", 70), 75, "birth date \\(columns 70-79\\) must be a date YYYY/MM/DD"),
        (_shift("20x0", 49), 49, "rating \\(columns 49-52\\) must be a whole number, got '20x0'"),
    ],
)
def test_a_field_out_of_its_columns_is_refused(tmp_path: Path, edit: Callable[[str], str], column: int,
                                               match: str) -> None:
    lines = _lines()
    lines[3] = edit(lines[3])
    error = _refused(tmp_path, lines, match)
    assert (error.line, error.column) == (4, column)


def test_short_names_and_blank_fields_still_read(tmp_path: Path) -> None:
    """Only impossible layouts are refused: blank optional fields and names of any length up to
    33 characters are TRF16."""
    lines = _lines()
    lines[3] = _put(lines[3], 10, " " * 38)  # no sex, title or name
    lines[4] = _put(lines[4], 15, "X" * 33)  # a name filling columns 15-47
    lines[5] = _put(lines[5], 49, " " * 31)  # no rating, federation, FIDE id, birth date
    doc = read_trf(_write(tmp_path, lines))
    assert doc.players[0].name == "" and doc.players[1].name == "X" * 33 and doc.players[2].rating is None


# -- 4. points column against the results ----------------------------------------------------------

def test_points_column_contradicting_the_results_is_refused(tmp_path: Path) -> None:
    lines = _lines()
    lines[5] = _put(lines[5], 81, " 2.0")
    error = _refused(tmp_path, lines, "points \\(columns 81-84\\) say 2.0 but the results on this line \\(rounds 1-2\\) "
                                      "total 1.0 under the file's point system \\(win 1.0, draw 0.5, loss 0.0\\)")
    assert (error.line, error.column, error.field) == (6, 81, "points")


def test_points_column_in_another_point_system_needs_its_lines(tmp_path: Path) -> None:
    """3-1-0 points: refused under FIDE's 1/½/0, read when BBW/BBD declare them."""
    lines = HEAD + [_player(n, 2000, {1: 40, 2: 40, 3: 30, 4: 0}[n], GAMES[n]) for n in (1, 2, 3, 4)]
    _refused(tmp_path, lines, "say 4.0 but the results on this line \\(rounds 1-2\\) total 1.5")
    declared = lines[:1] + ["BBW  3.0", "BBD  1.0"] + lines[1:]
    assert [p.points for p in read_trf(_write(tmp_path, declared)).players] == [40, 40, 30, 0]


def test_points_column_may_hold_announced_byes_and_acceleration(tmp_path: Path) -> None:
    """As bbpPairings reads it: the column may count the next round's announced bye (H) and the
    player's acceleration (XXA); a blank column is not checked."""
    lines = _lines()
    lines[3] = _put(lines[3], 81, " 2.0") + "  0000 - H"  # 1.5 + the half-point bye of round 3
    lines[4] = _put(lines[4], 81, " 2.5")  # 1.5 + 1.0 of acceleration
    lines[5] = _put(lines[5], 81, "    ")
    lines.append("XXA    2  1.0  1.0  1.0")
    doc = read_trf(_write(tmp_path, lines))
    assert [p.points for p in doc.players] == [20, 25, None, 0]


def test_baku_points_column_may_hold_the_acceleration(tmp_path: Path) -> None:
    lines = _lines()
    lines.insert(1, "192 FIDE_DUTCH_2025_BAKU")
    lines[4] = _put(lines[4], 81, " 2.5")
    assert read_trf(_write(tmp_path, lines)).players[0].points == 25


# -- 5. the two lines of a game ----------------------------------------------------------------------

@pytest.mark.parametrize(
    ("result_1", "result_3", "match"),
    [
        ("0", "0", "round 1: result '0' here \\('3 w 0', line 4\\) and '0' on the line of player 3 \\('1 b 0', line 6\\) "
                   "do not mirror each other; expected 1 against 0"),
        ("=", "0", "result '=' here \\('3 w =', line 4\\) and '0' on the line of player 3 \\('1 b 0', line 6\\)"),
        ("+", "0", "result '\\+' here \\('3 w \\+', line 4\\) and '0' on the line of player 3"),
        ("1", "L", "result '1' here \\('3 w 1', line 4\\) and 'L' on the line of player 3"),
        ("1", "1", "result '1' here and '1' on the line of player 3 \\(line 6\\) give out more than one point "
                   "\\(entries '3 w 1' and '1 b 1'\\)"),
    ],
)
def test_results_that_do_not_mirror_name_both_lines(tmp_path: Path, result_1: str, result_3: str, match: str) -> None:
    lines = _lines()
    lines[3] = _put(lines[3], 99, result_1)
    lines[5] = _put(lines[5], 99, result_3)
    error = _refused(tmp_path, lines, match)
    assert (error.line, error.column, error.field) == (4, 99, "round 1 result")


def test_an_opponent_who_met_someone_else_names_both_entries(tmp_path: Path) -> None:
    lines = _lines()
    lines[5] = _put(lines[5], 92, "   2 b 0")  # player 3 says he met 2, player 1 says he met 3
    error = _refused(tmp_path, lines, "round 1 contradicts the entry of player 3: line 4 \\(player 1\\) has '3 w 1', "
                                      "line 6 \\(player 3\\) has '2 b 0'")
    assert (error.line, error.column) == (4, 92)


def test_an_opponent_without_that_round_names_both_entries(tmp_path: Path) -> None:
    lines = _lines()
    lines[6] = lines[6][:101].rstrip()  # player 4's line ends after round 1: no round 2 entry
    _refused(tmp_path, lines, "round 2 contradicts the entry of player 4: line 6 \\(player 3\\) has '4 w 1', "
                              "line 7 \\(player 4\\) has nothing")


# -- other malformed input --------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("edit", "match"),
    [
        (lambda ls: ls + ["XXP    1    9"], "XXP: start rank 9 has no 001 line"),
        (lambda ls: ls + ["XXA    9  1.0"], "XXA: start rank 9 has no 001 line"),
        (lambda ls: [*ls[:-1], ls[-1] + "  0000 w U"], "an entry without opponent has colour '-' or blank"),
        (lambda ls: [*ls[:-1], _put(ls[-1], 5, "   1")], "start rank 1 already used on line 4"),
        (lambda ls: [*ls[:-1], _put(ls[-1], 92, "   4")], "a player cannot meet himself"),
        # the line of the player who met number 1 takes start rank 1 too: the opponent column then
        # names the line's own number, and the message must point at both places (a typo in
        # either), not only at the opponent, where the mistake is not
        (lambda ls: [*ls[:4], _put(ls[4], 5, "   1"), *ls[5:]],
         "the opponent here is this line's own start rank 1 \\(columns 5-8\\)"),
        (lambda ls: [*ls[:3], _put(ls[3], 92, "   9"), *ls[4:]], "opponent 9 has no 001 line"),
        (lambda ls: [*ls[:-1], _put(ls[-1], 99, "x")], "result must be one of 1 0 = \\+ - W D L U F H Z, got 'x'"),
    ],
)
def test_other_malformed_input_is_refused(tmp_path: Path, edit: Callable[[list[str]], list[str]], match: str) -> None:
    _refused(tmp_path, edit(_lines()), match)


def test_written_files_with_another_point_system_read_back() -> None:
    """``rounds_to_trf`` writes the points column under its point system, so it declares it
    (BBW, BBD, BBU) and the reader's points check accepts its own output."""
    players = [Participant(id=i, name=f"P{i}") for i in (1, 2, 3)]
    rounds = [Round(1, (Table(1, (1, 2), result="1/2-1/2"),), byes=(Bye(3, "bye"),))]
    football = PointSystem(win=30, draw=10, allocated_bye=10)
    doc = parse_trf(rounds_to_trf(players, rounds, points=football).dump())
    assert doc.points == football and [p.points for p in doc.players] == [10, 10, 10]


# -- the CLI: exit 2 and the message ------------------------------------------------------------------

@pytest.mark.parametrize("command", [["standings"], ["pair", "--dutch"]])
@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda ls: [ls[0], "XXR 1", *ls[2:]], "line 2, column 5"),
        (lambda ls: [*ls[:2], "XXC purple", *ls[3:]], "line 3, column 5"),
        (lambda ls: [*ls[:3], _put(ls[3], 49, " 2000"), *ls[4:]], "line 4, column 53"),
        (lambda ls: [*ls[:3], _put(ls[3], 99, "0"), *ls[4:]], "line 4, column 99"),
    ],
)
def test_cli_exits_2_naming_file_line_and_column(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 command: list[str], edit: Callable[[list[str]], list[str]],
                                                 expected: str) -> None:
    path = _write(tmp_path, edit(_lines()))
    assert _exit_code([*command, str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and expected in err


def test_pair_refuses_a_points_column_the_results_contradict(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Pairing ranks on the points, so a contradicting column is an error there (exit 2)."""
    lines = _lines()
    lines[5] = _put(lines[5], 81, " 2.0")
    path = _write(tmp_path, lines)
    assert _exit_code(["pair", "--dutch", str(path)]) == 2
    assert "line 6, column 81" in capsys.readouterr().err


def test_standings_score_the_results_whatever_the_points_column_says(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Standings recompute the points from the results under the scoring asked for, so a file
    whose column was written under 3-1-0 (no BBW lines) is read with ``-O win=3 -O draw=1``."""
    lines = HEAD + [_player(n, 2000, {1: 40, 2: 40, 3: 30, 4: 0}[n], GAMES[n]) for n in (1, 2, 3, 4)]
    path = _write(tmp_path, lines)
    assert _exit_code(["standings", str(path), "-O", "win=3", "-O", "draw=1", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"points": "4"' in out or '"points": 4' in out, out[:400]


def test_a_windows_1252_file_keeps_its_names(tmp_path: Path) -> None:
    """The ANSI export of Windows software: read as Latin-1, "Šarić" lost its Š (0x8A is a
    control character there) and quotes and € vanished, without a word."""
    name = "\u0160aric \u201cQ\u201d \u20ac \u00d8b"
    line = f"001    1      {name:<33} 2000                             0.0    1"
    path = tmp_path / "ansi.trf"
    path.write_bytes(("012 Test\n" + line + "\n" + line.replace("   1      ", "   2      ", 1).replace(
        "0.0    1", "0.0    2") + "\n").encode("cp1252"))
    players = read_trf(path).players
    assert players[0].name == name
    latin = tmp_path / "latin.trf"  # a byte Windows-1252 leaves undefined (0x81): read as Latin-1, a control
    odd = "Caf\x81 \u00e9"        # character in a name, named rather than printed
    latin.write_bytes(f"012 Test\n001    1      {odd:<33} 2000                             0.0    1\n".encode("latin-1"))
    with pytest.raises(InputError, match="control character") as caught:
        read_trf(latin)
    assert caught.value.line == 2 and caught.value.field == "name"


@pytest.mark.parametrize("bad", ["\u0007", "\u202e", "\u0085"])
def test_a_name_that_would_not_print_as_it_reads_is_refused_in_trf_and_json(tmp_path: Path, bad: str) -> None:
    """A bell or a direction override in a TRF16 or schedule JSON name reached every printout,
    where a players file refuses it."""
    import json

    from fairdraw.formats.schedule_json import schedule_from_dict

    name = f"Ann{bad}a"
    path = tmp_path / "bad.trf"
    path.write_text(f"012 Test\n001    1      {name:<33} 2000                             0.0    1\n", encoding="utf-8")
    with pytest.raises(InputError, match="name"):
        read_trf(path)
    doc = {"format": "fairdraw.schedule/1", "system": "dutch", "rounds": [],
           "players": [{"id": 1, "name": name}, {"id": 2, "name": "Bob"}]}
    with pytest.raises(InputError, match="players.0.name") as caught:
        schedule_from_dict(json.loads(json.dumps(doc)))
    assert "Value error" not in str(caught.value)
    with pytest.raises(InputError) as caught:  # a list where the document should be
        schedule_from_dict([])
    assert "expected a JSON object" in str(caught.value) and "ScheduleDoc" not in str(caught.value)
