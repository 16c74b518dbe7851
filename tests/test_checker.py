"""The checker catches what it must: rematches, double seating, colour runs, too many byes."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from fairdraw.core.checker import CheckRules, check_schedule
from fairdraw.core.model import Bye, Participant, Round, Schedule, Table
from fairdraw.core.registry import PairingRequest, get_system
from fairdraw.formats.schedule_json import dump_schedule


def berger(size: int) -> Schedule:
    players = tuple(Participant(id=i, name=f"P{i}") for i in range(1, size + 1))
    return get_system("berger").pair(PairingRequest(players=players))


def test_clean_schedule_passes() -> None:
    report = check_schedule(berger(6), CheckRules(no_repeats=True, max_colour_diff=1, max_colour_run=2, max_byes=0))
    assert report.ok, report.breaches


def test_injected_rematch_is_caught() -> None:
    s = berger(6)
    first = s.rounds[0].tables[0].seats
    bad_round = replace(s.rounds[1], tables=(Table(1, first),) + s.rounds[1].tables[1:])
    # keep occupancy legal: swap the displaced players in elsewhere is not needed for this check
    s2 = replace(s, rounds=(s.rounds[0], bad_round) + s.rounds[2:])
    report = check_schedule(s2, CheckRules(no_repeats=True))
    assert any("meet 2 times" in b for b in report.breaches)
    assert report.repeat_count >= 1


def test_player_seated_twice_is_caught() -> None:
    s = berger(4)
    r = s.rounds[0]
    bad = replace(r, tables=(Table(1, (1, 4)), Table(2, (1, 3))))
    report = check_schedule(replace(s, rounds=(bad,)), CheckRules())
    assert any("participant 1 is placed 2 times" in b for b in report.breaches)


def test_seated_and_bye_in_same_round_is_caught() -> None:
    players = tuple(Participant(id=i, name=f"P{i}") for i in (1, 2, 3))
    s = Schedule("x", players, (Round(1, (Table(1, (1, 2)),), (Bye(2),)),))
    assert not check_schedule(s).ok


def test_three_same_colours_in_a_row_is_caught() -> None:
    players = tuple(Participant(id=i, name=f"P{i}") for i in (1, 2, 3, 4))
    rounds = (
        Round(1, (Table(1, (1, 2)), Table(2, (3, 4)))),
        Round(2, (Table(1, (1, 3)), Table(2, (4, 2)))),
        Round(3, (Table(1, (1, 4)), Table(2, (2, 3)))),
    )
    report = check_schedule(Schedule("x", players, rounds), CheckRules(max_colour_run=2, max_colour_diff=2))
    assert any("participant 1: 3 games in a row" in b for b in report.breaches)
    assert any("participant 1: whites minus blacks is +3" in b for b in report.breaches)


def test_cli_exit_codes(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    good = tmp_path / "good.json"
    good.write_text(dump_schedule(berger(5)))
    assert cli("check", str(good), "--no-repeats", "--max-colour-run", "2", "--max-byes", "1").code == 0
    data = json.loads(good.read_text())
    data["rounds"][1]["tables"][0]["seats"] = data["rounds"][0]["tables"][0]["seats"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = cli("check", str(bad), "--no-repeats")
    assert result.code == 1
    assert "breach" in result.out


def test_mahjong_seat_counts() -> None:
    players = tuple(Participant(id=i, name=f"P{i}") for i in range(1, 5))
    rounds = tuple(Round(r, (Table(1, tuple((i + r) % 4 + 1 for i in range(4))),)) for r in range(4))
    report = check_schedule(Schedule("m", players, rounds), CheckRules(table_size=4))
    assert all(counts == [1, 1, 1, 1] for counts in report.seat_counts.values())
    assert report.repeat_count == 3 * 6


def test_colour_runs_follow_round_numbers_not_file_order() -> None:
    """A file that lists rounds 1, 2, 4, 3 still has participant 1 White in rounds 1-3."""
    players = (Participant(id=1, name="A"), Participant(id=2, name="B"))
    rounds = (Round(1, (Table(1, (1, 2)),)), Round(2, (Table(1, (1, 2)),)),
              Round(4, (Table(1, (2, 1)),)), Round(3, (Table(1, (1, 2)),)))
    report = check_schedule(Schedule("test", players, rounds), CheckRules(max_colour_run=2))
    assert any("participant 1: 3 games in a row" in b for b in report.breaches), report.breaches


def test_a_round_numbered_below_one_is_a_breach() -> None:
    players = (Participant(id=1, name="A"), Participant(id=2, name="B"))
    report = check_schedule(Schedule("test", players, (Round(0, (Table(1, (1, 2)),)),)), CheckRules())
    assert any("round 0 is numbered below 1" in b for b in report.breaches)


def test_a_table_of_one_seat_is_a_breach() -> None:
    s = berger(4)
    first = s.rounds[0]
    (a, b), rest = first.tables[0].seats, first.tables[1:]
    split = replace(first, tables=(Table(1, (a,)), Table(5, (b,))) + rest)
    report = check_schedule(replace(s, rounds=(split,) + s.rounds[1:]), CheckRules(no_repeats=True))
    assert sum("a table seats at least 2" in b for b in report.breaches) == 2


def test_no_repeats_and_more_meetings_contradict() -> None:
    import pytest

    from fairdraw.core.errors import InputError

    with pytest.raises(InputError, match="--no-repeats"):
        CheckRules(no_repeats=True, max_meetings=2)
    CheckRules(no_repeats=True, max_meetings=1)  # the same rule twice is no contradiction


def test_max_byes_counts_the_byes_the_schedule_hands_out() -> None:
    """FIDE C.04.1 c limits the pairing-allocated bye; a requested half-point bye or rounds
    absent after a withdrawal are the player's own, reported apart and not a breach."""
    players = tuple(Participant(id=i, name=f"P{i}") for i in (1, 2, 3))
    rounds = (Round(1, (Table(1, (1, 2)),), (Bye(3),)),
              Round(2, (Table(1, (2, 1)),), (Bye(3, "half-point"),)),
              Round(3, (Table(1, (1, 2)),), (Bye(3, "absent"),)))
    report = check_schedule(Schedule("x", players, rounds), CheckRules(max_byes=1))
    assert report.ok, report.breaches
    assert (report.byes[3], report.absences[3]) == (1, 2)
    second = Round(4, (Table(1, (2, 3)),), (Bye(1, "bye"),))
    third = Round(5, (Table(1, (1, 3)),), (Bye(2, "meerkamp-bye"),))
    fourth = Round(6, (Table(1, (1, 2)),), (Bye(3, "bye"),))
    report = check_schedule(Schedule("x", players, (*rounds, second, third, fourth)), CheckRules(max_byes=1))
    assert report.breaches == ["participant 3: 2 byes (at most 1 allowed)"]



@pytest.mark.parametrize("key, value", [("left", {"5": "three"}), ("joined", {"x17": 3}), ("withdrawn", 5),
                                        ("dropped", [[1]]), ("withdrawn_at", [2]), ("groups", {"A": ["a"]})])
def test_a_damaged_record_is_a_breach_naming_its_field_not_a_traceback(key: str, value: object) -> None:
    """With --everyone the checker read meta.left, joined, withdrawn, dropped and groups with a
    bare int(): a damaged record was a traceback with exit 1, the code of a report."""
    schedule = replace(berger(6), meta={key: value})
    report = check_schedule(schedule, CheckRules(everyone=True))
    assert any(line.startswith(f"file record: field 'meta.{key}'") for line in report.breaches), report.breaches


def test_a_game_across_meerkamp_groups_is_a_breach() -> None:
    """Two players swapped between groups repeat nobody: it passed every check."""
    players = tuple(Participant(id=i, name=f"P{i}", rating=2000 - i) for i in range(1, 11))
    made = get_system("meerkamp").pair(PairingRequest(players=players, options={"group_size": 5}))
    assert check_schedule(made, CheckRules(no_repeats=True, everyone=True)).ok
    first = made.rounds[0]
    a, b = first.tables[0], next(t for t in first.tables if t.group != first.tables[0].group)
    swapped = (replace(a, seats=(b.seats[0], a.seats[1])), replace(b, seats=(a.seats[0], b.seats[1])))
    tables = tuple(swapped[0] if t is a else swapped[1] if t is b else t for t in first.tables)
    damaged = replace(made, rounds=(replace(first, tables=tables), *made.rounds[1:]))
    breaches = check_schedule(damaged, CheckRules()).breaches
    assert any(f"participant {b.seats[0]} is not in group {a.group}" in line for line in breaches), breaches
    assert any(f"participant {a.seats[0]} is not in group {b.group}" in line for line in breaches), breaches


def test_a_swiss_player_seated_after_withdrawing_is_a_breach() -> None:
    """meta.withdrawn_at (pair --withdraw) was not read: a player seated after it passed."""
    schedule = berger(4)
    seated = replace(schedule, meta={"withdrawn": [1], "withdrawn_at": {"1": 2}})
    breaches = check_schedule(seated, CheckRules(everyone=True)).breaches
    assert any("participant 1 left before round 2 but is seated" in line for line in breaches), breaches


def test_a_breach_says_where_to_look() -> None:
    """"participants 1 and 7 meet 2 times" and "4 games in a row with the same colour" named no
    round: a human had to recount by hand to find them."""
    s = berger(6)
    first = s.rounds[0].tables[0].seats
    rematch = replace(s, rounds=(s.rounds[0], replace(s.rounds[1], tables=(Table(1, first),) + s.rounds[1].tables[1:]),
                                 *s.rounds[2:]))
    pair = sorted(first)
    assert f"participants {pair[0]} and {pair[1]} meet 2 times, in rounds 1, 2 (at most 1 allowed)" in check_schedule(
        rematch, CheckRules(no_repeats=True)).breaches
    players = tuple(Participant(id=i, name=f"P{i}") for i in (1, 2, 3, 4))
    rounds = tuple(Round(r, (Table(1, (1, 2)), Table(2, (3, 4)))) for r in (1, 2, 3))
    runs = check_schedule(Schedule("swiss", players, rounds), CheckRules(max_colour_run=2)).breaches
    assert "participant 1: 3 games in a row with the same colour (white in rounds 1-3; limit 2)" in runs


def test_a_chess_result_on_a_table_of_four_is_a_breach() -> None:
    players = tuple(Participant(id=i, name=f"P{i}") for i in range(1, 5))
    schedule = Schedule("mahjong", players, (Round(1, (Table(1, (1, 2, 3, 4), result="1-0"),)),))
    assert any("the result '1-0' is a board's" in line for line in check_schedule(schedule, CheckRules()).breaches)
