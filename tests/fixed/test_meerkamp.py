"""Meerkamp (seed 002): group sizes, round robins per group, sit-outs, reproducible draws."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairdraw.core.errors import InputError
from fairdraw.core.model import Participant, Schedule
from fairdraw.formats.schedule_json import dump_schedule, schedule_from_dict
from fairdraw.systems.meerkamp import group_sizes, make_groups, meerkamp_schedule


def field(n: int, *, rated: bool = True) -> list[Participant]:
    # ratings deliberately not in input order, so "strongest together" is really tested
    return [Participant(id=i, name=f"P{i:02d}", rating=(1500 + (i * 37) % 400) if rated else None) for i in range(1, n + 1)]


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 80), st.integers(3, 8))
def test_group_sizes_differ_by_at_most_one_and_never_below_3(n: int, size: int) -> None:
    sizes = group_sizes(n, size)
    assert sum(sizes) == n
    assert max(sizes) - min(sizes) <= 1
    assert min(sizes) >= 3
    if n >= size:
        assert min(sizes) >= size  # "usually 4, but there can be more": never fewer than asked
    assert sizes == sorted(sizes, reverse=True)


@pytest.mark.parametrize(("n", "size"), [(2, 4), (1, 3), (10, 2), (10, 0)])
def test_impossible_groups_are_input_errors(n: int, size: int) -> None:
    with pytest.raises(InputError):
        meerkamp_schedule(field(n), group_size=size)


def check_round_robins(schedule: Schedule, double: bool) -> None:
    groups = schedule.meta["groups"]
    group_of = {pid: g for g, ids in groups.items() for pid in ids}
    meetings: Counter[frozenset[int]] = Counter()
    colours: Counter[tuple[int, int]] = Counter()
    byes: Counter[int] = Counter()
    for rnd in schedule.rounds:
        seen = rnd.seated_ids() + [b.id for b in rnd.byes]
        assert len(seen) == len(set(seen)), "somebody twice in a round"
        assert [t.table for t in rnd.tables] == list(range(1, len(rnd.tables) + 1))
        for table in rnd.tables:
            white, black = table.seats
            assert group_of[white] == group_of[black] == table.group
            meetings[frozenset(table.seats)] += 1
            colours[white, black] += 1
        for bye in rnd.byes:
            assert bye.kind == "meerkamp-bye"
            byes[bye.id] += 1
    cycles = 2 if double else 1
    for ids in groups.values():
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                assert meetings[frozenset((a, b))] == cycles
                if double:
                    assert colours[a, b] == colours[b, a] == 1
            # seed 002: an odd group gives every player one sit-out per cycle
            assert byes[a] == (cycles if len(ids) % 2 else 0)
        # a group's rounds: n-1 (even) or n (odd, with the dummy) per cycle
        played = {r.round for r in schedule.rounds for t in r.tables if t.group == group_of[ids[0]]}
        assert len(played) == cycles * (len(ids) - 1 + len(ids) % 2)
    assert sum(meetings.values()) == sum(cycles * len(g) * (len(g) - 1) // 2 for g in groups.values())


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 40), st.integers(3, 6), st.booleans(), st.sampled_from(["rating", "snake", "random"]))
def test_every_group_is_a_round_robin(n: int, size: int, double: bool, grouping: str) -> None:
    schedule = meerkamp_schedule(field(n), group_size=size, double=double, grouping=grouping, seed="club 2026")
    check_round_robins(schedule, double)
    assert sorted(p.id for p in schedule.players) == list(range(1, n + 1))


def test_seed_002_example_group_of_four() -> None:
    schedule = meerkamp_schedule(field(4))
    numbered = [[(schedule.number_of(t.seats[0]), schedule.number_of(t.seats[1])) for t in r.tables] for r in schedule.rounds]
    assert numbered == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]


def test_rating_grouping_puts_the_strongest_together() -> None:
    players = field(12)
    groups = make_groups(players, 4, "rating")
    ranked = sorted(players, key=lambda p: -(p.rating or 0))
    assert [{p.id for p in g} for g in groups] == [{p.id for p in ranked[k : k + 4]} for k in (0, 4, 8)]
    # numbering inside a group follows rating
    for g in groups:
        assert [p.rating for p in g] == sorted((p.rating for p in g), reverse=True)


def test_snake_grouping_is_serpentine() -> None:
    players = field(12)
    ranked = sorted(players, key=lambda p: -(p.rating or 0))
    rank = {p.id: i + 1 for i, p in enumerate(ranked)}
    groups = make_groups(players, 4, "snake")
    assert [[rank[p.id] for p in g] for g in groups] == [[1, 6, 7, 12], [2, 5, 8, 11], [3, 4, 9, 10]]


def test_unrated_players_go_last_in_input_order() -> None:
    players = [Participant(id=1, name="a"), Participant(id=2, name="b", rating=1200), Participant(id=3, name="c")]
    assert [p.id for p in make_groups(players, 3, "rating")[0]] == [2, 1, 3]


def test_random_grouping_is_reproducible_and_needs_a_seed() -> None:
    players = field(16)
    one = dump_schedule(meerkamp_schedule(players, grouping="random", seed="UVS 2026"))
    two = dump_schedule(meerkamp_schedule(list(reversed(players)), grouping="random", seed="UVS 2026"))
    assert one == two  # the draw depends on the seed and the players, not the file order
    other = dump_schedule(meerkamp_schedule(players, grouping="random", seed="UVS 2027"))
    assert other != one
    with pytest.raises(InputError, match="seed"):
        meerkamp_schedule(players, grouping="random")


def test_json_marks_meerkamp_byes_and_round_trips() -> None:
    schedule = meerkamp_schedule(field(10))  # groups of 5 and 5: a sit-out every round
    doc = json.loads(dump_schedule(schedule))
    first = doc["rounds"][0]
    assert len(first["byes"]) == 2
    assert first["bye_kinds"] == {str(pid): "meerkamp-bye" for pid in first["byes"]}
    assert {t["group"] for t in first["tables"]} == {"A", "B"}
    again = schedule_from_dict(doc)
    assert [[b.kind for b in r.byes] for r in again.rounds] == [[b.kind for b in r.byes] for r in schedule.rounds]


def write_players(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "players.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_cli_meerkamp_json_and_output_file(tmp_path: Path, cli) -> None:
    rows = "\n".join(f"Player {i},{2000 - 10 * i}" for i in range(1, 10))
    players = write_players(tmp_path, "name,rating\n" + rows + "\n")
    out = tmp_path / "mk.json"
    run = cli("meerkamp", str(players), "--group-size", "4", "--json", "-o", str(out))
    assert run.code == 0, run.err
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["system"] == "meerkamp"
    assert sorted(len(ids) for ids in doc["meta"]["groups"].values()) == [4, 5]
    text = cli("meerkamp", str(players), "--double", "--grouping", "snake")
    assert text.code == 0 and "meerkamp-bye" in text.out


def test_cli_meerkamp_bad_input_exits_2_and_writes_nothing(tmp_path: Path, cli) -> None:
    players = write_players(tmp_path, "name,rating\nAnna,2000\n,1900\nCees,1800\n")
    out = tmp_path / "out.json"
    run = cli("meerkamp", str(players), "--json", "-o", str(out))
    assert run.code == 2
    assert "line 3" in run.err and "name" in run.err
    assert not out.exists()
    good = write_players(tmp_path, "name\nA\nB\nC\nD\n")
    assert cli("meerkamp", str(good), "--group-size", "2").code == 2
    assert cli("meerkamp", str(good), "--grouping", "random").code == 2  # no seed


def test_a_seed_is_recorded_only_for_a_random_draw() -> None:
    """docs/formats.md: ``seed`` is the seed of a random draw, or null; rating grouping draws nothing."""
    assert meerkamp_schedule(field(8), grouping="rating", seed="xyz").seed is None
    assert meerkamp_schedule(field(8), grouping="random", seed="xyz").seed == "xyz"


def test_everyone_does_not_miss_a_group_that_has_finished() -> None:
    """A group of 4 is done after 3 evenings while a group of 5 plays 5: the checker's
    ``everyone`` must not call the first group absent in rounds 4 and 5."""
    from fairdraw.core.checker import CheckRules, check_schedule

    schedule = meerkamp_schedule(field(9), group_size=4)
    assert len(schedule.rounds) == 5
    report = check_schedule(schedule, CheckRules(no_repeats=True, max_byes=1, everyone=True))
    assert report.ok, report.breaches
    # a player of the group of 5 left out of round 4 is still missed
    fifth = next(r for r in schedule.rounds if r.round == 4)
    dropped = fifth.tables[0].seats[0]
    from dataclasses import replace

    from fairdraw.core.model import Table

    short = replace(fifth, tables=(Table(fifth.tables[0].table, (fifth.tables[0].seats[1],), group=fifth.tables[0].group),)
                    + fifth.tables[1:])
    broken = replace(schedule, rounds=tuple(short if r.round == 4 else r for r in schedule.rounds))
    report = check_schedule(broken, CheckRules(everyone=True))
    assert any(f"{dropped}" in b and "not placed" in b for b in report.breaches), report.breaches
