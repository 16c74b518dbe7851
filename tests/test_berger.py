"""Berger round robin against FIDE's published tables (C.05 Annex 1) and its invariants."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fairdraw.core.model import Participant
from fairdraw.core.registry import PairingRequest, get_system
from fairdraw.systems.berger import berger_rounds, double_berger_rounds

DATA = Path(__file__).parent / "data" / "berger_published.txt"


def published() -> dict[int, list[list[tuple[int, int]]]]:
    tables: dict[int, list[list[tuple[int, int]]]] = {}
    for line in DATA.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        size, _round, boards = (part.strip() for part in line.split(":"))
        pairs = [tuple(int(x) for x in board.split("-")) for board in boards.split()]
        tables.setdefault(int(size), []).append(pairs)  # type: ignore[arg-type]
    return tables


@pytest.mark.parametrize("size", [4, 6, 8, 10, 12, 14])
def test_even_fields_equal_published_tables(size: int) -> None:
    assert berger_rounds(size) == published()[size]


@pytest.mark.parametrize("size", [3, 5, 7, 9, 11, 13])
def test_odd_fields_use_next_table_with_highest_number_as_bye(size: int) -> None:
    assert berger_rounds(size) == published()[size + 1]


@pytest.mark.parametrize("size", [15, 16])
def test_fifteen_sixteen_follow_fides_rotation_rule(size: int) -> None:
    """C.05 Annex 1: the next round adds n/2 to every number but n (mod n−1), n's board alternates colour."""
    n = 16
    rounds = berger_rounds(size)
    assert rounds[0] == [(1, 16)] + [(b, n + 1 - b) for b in range(2, 9)]
    for r in range(1, n - 1):
        prev, cur = rounds[r - 1], rounds[r]
        shift = lambda k: (k - 1 + n // 2) % (n - 1) + 1  # noqa: E731
        expected = [(shift(w) if w != n else n, shift(b) if b != n else n) for w, b in prev]
        first = expected[0]
        expected[0] = (first[1], first[0])  # the player facing n swaps colour each round
        assert cur == expected


def test_seed_002_example_through_the_system() -> None:
    players = tuple(Participant(id=i, name=f"P{i}") for i in range(1, 5))
    schedule = get_system("berger").pair(PairingRequest(players=players))
    rounds = [[t.seats for t in r.tables] for r in schedule.rounds]
    assert rounds == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]


def test_double_four_players() -> None:
    """Second cycle reversed; last two rounds of the first cycle swapped (FIDE advice)."""
    assert double_berger_rounds(4) == [
        [(1, 4), (2, 3)],
        [(2, 4), (3, 1)],
        [(4, 3), (1, 2)],
        [(4, 1), (3, 2)],
        [(3, 4), (2, 1)],
        [(4, 2), (1, 3)],
    ]


@pytest.mark.parametrize("size", [4, 6])
def test_double_has_no_three_same_colours_in_a_row(size: int) -> None:
    colours: dict[int, list[str]] = {i: [] for i in range(1, size + 1)}
    for rnd in double_berger_rounds(size):
        for w, b in rnd:
            colours[w].append("W")
            colours[b].append("B")
    for seq in colours.values():
        text = "".join(seq)
        assert "WWW" not in text and "BBB" not in text
        assert seq.count("W") == seq.count("B")


@given(st.integers(min_value=2, max_value=60))
def test_every_pair_meets_once_colours_and_byes(size: int) -> None:
    players = tuple(Participant(id=100 + i, name=f"P{i}") for i in range(size))
    schedule = get_system("berger").pair(PairingRequest(players=players))
    meetings: Counter[tuple[int, int]] = Counter()
    balance: Counter[int] = Counter()
    byes: Counter[int] = Counter()
    for rnd in schedule.rounds:
        placed = [pid for t in rnd.tables for pid in t.seats] + [b.id for b in rnd.byes]
        assert sorted(placed) == sorted(p.id for p in players)
        assert len(rnd.byes) == size % 2
        for t in rnd.tables:
            meetings[tuple(sorted(t.seats))] += 1  # type: ignore[index]
            balance[t.seats[0]] += 1
            balance[t.seats[1]] -= 1
        byes.update(b.id for b in rnd.byes)
    assert set(meetings) == {tuple(sorted(p)) for p in combinations([p.id for p in players], 2)}
    assert set(meetings.values()) == {1}
    assert all(abs(balance[p.id]) <= 1 for p in players)
    if size % 2:
        assert all(byes[p.id] == 1 for p in players)


def test_large_field_is_complete() -> None:
    rounds = berger_rounds(1000)
    assert len(rounds) == 999 and all(len(r) == 500 for r in rounds)
