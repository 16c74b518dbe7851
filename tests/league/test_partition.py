"""Session shapes: groups of 4 and 5 (issue 5, item 1) and the exit-2 rule."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from league_check import run_cli

from fairdraw.core.errors import InputError
from fairdraw.systems.league.partition import nearest_workable, partition_field, try_partition


def _splits(n: int) -> list[tuple[int, int]]:
    """Every (fives, fours) with 5·fives + 4·fours = n, by enumeration."""
    return [(a, (n - 5 * a) // 4) for a in range(n // 5 + 1) if (n - 5 * a) % 4 == 0]


@given(st.integers(min_value=1, max_value=400))
def test_default_is_fewest_groups_and_prefer_4_most_fours(n: int) -> None:
    options = _splits(n)
    shape = try_partition(n)
    if not options:
        assert shape is None
        return
    assert shape is not None and 5 * shape.fives + 4 * shape.fours == n
    assert shape.groups == min(a + b for a, b in options)
    four = try_partition(n, prefer=4)
    assert four is not None and four.fours == max(b for _, b in options)


def test_unsplittable_fields_are_exactly_the_known_ones() -> None:
    assert [n for n in range(1, 200) if try_partition(n) is None] == [1, 2, 3, 6, 7, 11]


@pytest.mark.parametrize("n, below, above", [(11, 10, 12), (7, 5, 8), (6, 5, 8), (3, None, 4)])
def test_nearest_workable(n: int, below: int | None, above: int) -> None:
    assert nearest_workable(n) == (below, above)
    with pytest.raises(InputError) as err:
        partition_field(n)
    assert str(above) in str(err.value)


def test_cli_unsplittable_field_exits_2_with_nearest_counts(tmp_path, capsys) -> None:
    out = tmp_path / "s.json"
    code, _, err = run_cli(["league", "--players", "11", "--json", "-o", str(out)], capsys)
    assert code == 2
    assert "10 or 12" in err.replace("\n", " ")
    assert not out.exists()


def test_cli_prefer_4_shapes_every_session(capsys) -> None:
    code, out, err = run_cli(["league", "--players", "26", "--sessions", "2", "--prefer", "4", "--json"], capsys)
    assert code == 0, err
    doc = json.loads(out)
    for rnd in doc["rounds"]:
        assert sorted(len(t["seats"]) for t in rnd["tables"]) == [4, 4, 4, 4, 5, 5]


@pytest.mark.parametrize(
    "args, field, bound",
    [
        (["league", "--players", "100000"], "players", "300"),
        (["league", "--players", "30", "--sessions", "1000"], "sessions", "100"),
        (["league-table", "--from", "10", "--to", "100000"], "to", "300"),
    ],
)
def test_cli_huge_requests_exit_2_naming_the_field_and_its_range(args, field, bound, tmp_path, capsys) -> None:
    # a field of 100,000 or a season of 1,000 sessions used to search for hours: refuse it
    # at once, naming the field and the range (issue 5's CLI: bad input exits 2)
    import signal

    def too_slow(*_: object) -> None:
        raise TimeoutError("no answer within 30 s")

    out = tmp_path / "s.json"
    previous = signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(30)
    try:
        code, _, err = run_cli([*args, "-o", str(out)], capsys)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert code == 2
    assert f"'{field}'" in err and bound in err
    assert not out.exists()


def test_cli_unsplittable_players_file_is_named(tmp_path, capsys) -> None:
    names = tmp_path / "club.csv"
    names.write_text("name\n" + "".join(f"P{i}\n" for i in range(11)), encoding="utf-8")
    code, _, err = run_cli(["league", "--names", str(names), "--json"], capsys)
    assert code == 2
    assert "club.csv" in err and "'players'" in err and "10 or 12" in err.replace("\n", " ")


def test_cli_reseat_to_an_unsplittable_field_names_the_season_file(tmp_path, capsys) -> None:
    season = tmp_path / "autumn.json"
    assert run_cli(["league", "--players", "12", "--sessions", "3", "--json", "-o", str(season)], capsys)[0] == 0
    code, _, err = run_cli(["league-reseat", str(season), "--from-session", "2", "--drop", "1", "--json"], capsys)
    assert code == 2
    assert "autumn.json" in err and "'players'" in err and "10 or 12" in err.replace("\n", " ")
