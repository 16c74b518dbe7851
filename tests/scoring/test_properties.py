"""Property tests over random chess events: conservation of points and order invariants."""

from __future__ import annotations

import random
from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from fairdraw.core.model import Bye, Participant, Round, Schedule, Table
from fairdraw.scoring.results import normalise_result
from fairdraw.scoring.standings import compute_standings

RESULTS = ["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"]
BYES = ["bye", "half-point", "full-point", "zero-point", "absent", "meerkamp-bye"]
BYE_POINTS = {"bye": 1, "half-point": F(1, 2), "full-point": 1, "zero-point": 0, "absent": 0, "meerkamp-bye": 1}
GAME_POINTS = {"1-0": 1, "0-1": 1, "1/2-1/2": 1, "+/-": 1, "-/+": 1, "-/-": 0}


def random_event(seed: int, n: int, rounds: int, unplayed: float) -> Schedule:
    rng = random.Random(seed)
    players = tuple(Participant(i, f"P{i}", rating=1500 + rng.randrange(800)) for i in range(1, n + 1))
    built = []
    for r in range(1, rounds + 1):
        ids = [p.id for p in players]
        rng.shuffle(ids)
        tables, byes = [], []
        while len(ids) >= 2:
            a, b = ids.pop(), ids.pop()
            if rng.random() < unplayed:
                byes += [Bye(a, rng.choice(BYES)), Bye(b, rng.choice(BYES))]
                continue
            weights = [10, 10, 8] + ([1, 1, 1] if rng.random() < unplayed else [0, 0, 0])
            tables.append(Table(len(tables) + 1, (a, b), result=rng.choices(RESULTS, weights)[0]))
        byes += [Bye(pid, "bye") for pid in ids]
        built.append(Round(r, tuple(tables), tuple(byes)))
    return Schedule("test", players, tuple(built))


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6), n=st.integers(2, 30), rounds=st.integers(1, 9), unplayed=st.sampled_from([0, 0.1, 0.3])
)
def test_points_are_conserved_and_order_holds(seed: int, n: int, rounds: int, unplayed: float) -> None:
    schedule = random_event(seed, n, rounds, unplayed)
    st_ = compute_standings(schedule, "standard", ["BH", "BH:C1", "BH:C2", "BH:M1", "SB", "PS", "WIN"])
    expected = sum(GAME_POINTS[t.result] for r in schedule.rounds for t in r.tables) + sum(
        BYE_POINTS[b.kind] for r in schedule.rounds for b in r.byes
    )
    assert sum(row.points for row in st_.rows) == expected
    assert sorted(row.id for row in st_.rows) == list(range(1, n + 1))
    keys = [(-row.points, *(-row.tiebreaks[c] for c in st_.tiebreaks)) for row in st_.rows]
    assert keys == sorted(keys)
    for row in st_.rows:
        tb = row.tiebreaks
        assert tb["BH:C2"] <= tb["BH:C1"] <= tb["BH"]
        assert tb["BH:M1"] <= tb["BH:C1"]
        assert 0 <= tb["SB"] <= tb["BH"]
        assert tb["WIN"] <= rounds


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 16))
def test_football_is_standard_rescaled_without_draws(seed: int, n: int) -> None:
    """With no draws and no half-point byes, football points are three times standard points."""
    rng = random.Random(seed)
    players = tuple(Participant(i, f"P{i}") for i in range(1, n + 1))
    ids = list(range(1, n + 1))
    rng.shuffle(ids)
    tables = tuple(Table(i + 1, (ids[2 * i], ids[2 * i + 1]), result=rng.choice(["1-0", "0-1"])) for i in range(n // 2))
    schedule = Schedule("t", players, (Round(1, tables, tuple(Bye(p, "bye") for p in ids[2 * (n // 2) :])),))
    std = {r.id: r.points for r in compute_standings(schedule, "standard", []).rows}
    foot = {r.id: r.points for r in compute_standings(schedule, "football", []).rows}
    assert foot == {pid: 3 * v for pid, v in std.items()}


@given(st.sampled_from(["1-0", "0-1", "1/2-1/2", "½-½", "=", "+/-", "-/+", "-/-", " 1 - 0 ", "1:0"]))
def test_accepted_spellings_normalise_to_canonical(text: str) -> None:
    assert normalise_result(text) in ("1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-")


def test_unknown_scoring_options_are_refused() -> None:
    import pytest

    from fairdraw.scoring import get_scoring

    with pytest.raises(ValueError, match="unknown standard scoring option"):
        get_scoring("standard", wn=3)
    with pytest.raises(ValueError, match="unknown Keizer option"):
        get_scoring("keizer", first=3).score(random_event(1, 4, 1, 0))
    with pytest.raises(ValueError, match="unknown mahjong option"):
        get_scoring("mahjong", umaa="1").score(random_event(1, 4, 1, 0))
