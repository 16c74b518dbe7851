"""Every field 12-120 over a 6-session season: well formed, never below the lower bound,
and never worse than the best of a plain random-restart baseline (make test-all)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from fairdraw.systems.league.partition import try_partition
from fairdraw.systems.league.planner import plan_season
from fairdraw.systems.league.season import repeat_lower_bound


def _score(season) -> tuple[int, int]:
    c: Counter[tuple[int, int]] = Counter()
    for s in season:
        for g in s:
            c.update(combinations(sorted(g), 2))
    return sum(v - 1 for v in c.values() if v > 1), max(c.values())


@pytest.mark.slow
@pytest.mark.parametrize("players", range(12, 121))
def test_field_is_well_formed_and_beats_random(players: int) -> None:
    shape = try_partition(players)
    assert shape is not None
    plan = plan_season(players, 6, shape)
    for session in plan.sessions:
        assert sorted(p for g in session for p in g) == list(range(players))
        assert sorted(map(len, session), reverse=True) == list(shape.sizes())
    repeats, _ = _score(plan.sessions)
    assert repeats == plan.repeats >= repeat_lower_bound(players, shape.sizes(), 6)
    rng = random.Random(players)
    best_random = min(
        _score(
            [
                [order[i : i + 5] for i in range(0, 5 * shape.fives, 5)]
                + [order[5 * shape.fives + i : 5 * shape.fives + i + 4] for i in range(0, 4 * shape.fours, 4)]
                for order in (rng.sample(range(players), players) for _ in range(6))
            ]
        )
        for _ in range(200)
    )
    assert repeats <= best_random[0]
