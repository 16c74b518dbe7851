"""``clean_prefix`` in one pass gives what its definition says: the longest clean verify prefix."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from fairdraw.designs import constructions
from fairdraw.designs.verify import _regular_prefix, clean_prefix, verify


def by_definition(rounds, k: int, n: int) -> int:
    return max(length for length in range(len(rounds) + 1) if verify(rounds[:length], k, n).clean)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["none", "swap", "double", "short", "unknown", "negative", "drop"]))
def test_property_one_pass_equals_the_definition(seed: int, damage: str) -> None:
    rng = random.Random(seed)
    rounds = [list(r) for r in constructions.affine_space(4)]  # 16 players, 5 clean rounds
    rng.shuffle(rounds)
    rounds += [list(rounds[rng.randrange(5)])] * rng.randrange(2)  # sometimes a repeated round
    r = rng.randrange(len(rounds))
    tables = [list(t) for t in rounds[r]]
    if damage == "swap":  # two players of different tables change places: pairs may repeat
        a, b = rng.sample(range(4), 2)
        tables[a][0], tables[b][0] = tables[b][0], tables[a][0]
    elif damage == "double":
        tables[0][0] = tables[1][0]
    elif damage == "short":
        tables[0] = tables[0][:3]
    elif damage == "unknown":
        tables[0][0] = 16
    elif damage == "negative":
        tables[0][0] = -1
    elif damage == "drop":
        tables = tables[1:]
    rounds[r] = [tuple(t) for t in tables]
    assert clean_prefix(rounds, 4, 16) == by_definition(rounds, 4, 16)


def test_stops_at_the_first_repeat() -> None:
    ag = constructions.affine_space(4)
    assert clean_prefix(ag, 4, 16) == 5
    assert clean_prefix([*ag[:3], ag[1], *ag[3:]], 4, 16) == 3


def test_the_array_path_is_taken_for_full_rounds_and_agrees_with_the_loop() -> None:
    """Rounds of n/k tables of k go through numpy (``_regular_prefix``), others through the loop;
    on a 64-player TD with a damaged tail both give the definition's answer."""
    td = constructions.transversal(16, 4)  # 64 players, 16 clean rounds
    moved = [list(t) for t in td[0]]
    moved[0][0], moved[1][0] = moved[1][0], moved[0][0]  # round 0 with two players swapped: repeats
    rounds = [*td[1:9], [tuple(t) for t in moved], *td[9:]]
    assert _regular_prefix(rounds, 4, 64) == 8 == by_definition(rounds, 4, 64)
    assert _regular_prefix([*td[:3], td[2][:-1]], 4, 64) is None  # a table short: the loop decides
    assert clean_prefix([*td[:3], td[2][:-1]], 4, 64) == 3
    assert _regular_prefix(td, 4, 64) == 16
