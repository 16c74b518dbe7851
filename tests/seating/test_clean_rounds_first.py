"""Rounds that repeat no pair go first (issue 4 (a): no pair meets twice for as long as possible)."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from fairdraw.systems.mahjong import clean_rounds_first, leading_clean_rounds

from .helpers import seat


def _pairs(rnd: list[tuple[int, ...]]) -> set[tuple[int, int]]:
    return {pair for table in rnd for pair in combinations(sorted(table), 2)}


def _random_rounds(players: int, count: int, seed: int) -> list[list[tuple[int, ...]]]:
    """``count`` random rounds of ``2 * players`` players at tables of two."""
    rng = random.Random(seed)
    rounds = []
    for _ in range(count):
        order = rng.sample(range(2 * players), 2 * players)
        rounds.append([tuple(order[i:i + 2]) for i in range(0, len(order), 2)])
    return rounds


def test_a_later_round_that_fits_moves_up() -> None:
    """Round 3 clashes with round 1, round 4 with neither 1 nor 2: 1, 2, 4 go first."""
    rounds = [[(0, 1), (2, 3)], [(0, 2), (1, 3)], [(0, 1), (2, 3)], [(0, 3), (1, 2)]]
    byes: list[list[int]] = [[10], [11], [12], [13]]
    ordered, moved_byes = clean_rounds_first(rounds, byes)
    assert leading_clean_rounds(ordered) == 3
    assert moved_byes == [[10], [11], [13], [12]]  # the sit-outs travel with their rounds


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 9), st.integers(2, 12), st.integers(0, 10**6))
def test_the_front_is_a_largest_clean_family(players: int, count: int, seed: int) -> None:
    rounds = _random_rounds(players, count, seed)
    ordered, _ = clean_rounds_first(rounds, [[] for _ in rounds])
    assert sorted(map(sorted, ordered)) == sorted(map(sorted, rounds))  # the same rounds
    clean = leading_clean_rounds(ordered)
    # no round left behind fits after the clean front (a largest family is maximal)
    front = set().union(*(_pairs(r) for r in ordered[:clean])) if clean else set()
    assert all(not front.isdisjoint(_pairs(r)) for r in ordered[clean:])
    assert clean >= leading_clean_rounds(rounds)


def test_17_players_5_rounds_with_sit_outs_have_4_clean_rounds() -> None:
    """The audit's case: the first repeat came in round 4 where round 5 could go before it."""
    schedule = seat(17, 5, byes=True)
    assert schedule.meta["design"]["clean_rounds"] == 4
    assert schedule.meta["metrics"]["repeats"] == 1


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 5), st.integers(2, 11), st.integers(0, 10**6))
def test_the_front_is_as_large_as_any_clean_family(players: int, count: int, seed: int) -> None:
    """Against every subset of rounds: none repeating no pair is larger than the front."""
    rounds = _random_rounds(players, count, seed)
    pair_sets = [_pairs(r) for r in rounds]
    largest = max(size for size in range(1, count + 1) for family in combinations(range(count), size)
                  if all(pair_sets[a].isdisjoint(pair_sets[b]) for a, b in combinations(family, 2)))
    ordered, _ = clean_rounds_first(rounds, [[] for _ in rounds])
    assert leading_clean_rounds(ordered) == largest


def test_a_schedule_longer_than_the_recursion_limit() -> None:
    """1,500 rounds (the search once went one call deeper per round, and stopped with
    RecursionError past about 1,000): the front is found, every round kept."""
    base = [[(0, 1), (2, 3)], [(0, 2), (1, 3)], [(0, 3), (1, 2)]]
    rounds = [base[r % 3] for r in range(1500)]
    ordered, _ = clean_rounds_first(rounds, [[] for _ in rounds])
    assert len(ordered) == 1500 and leading_clean_rounds(ordered) == 3
