"""Shipped seed tables and construction blocks, checked by an independent count."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from itertools import combinations

import pytest

from fairdraw.systems.league.blocks import block_plan
from fairdraw.systems.league.partition import try_partition


def _count(sessions: list[list[list[int]]]) -> Counter[tuple[int, int]]:
    c: Counter[tuple[int, int]] = Counter()
    for s in sessions:
        for g in s:
            c.update(combinations(sorted(g), 2))
    return c


#: What seed 000/001 claims for its league tables: players -> sessions.
SEED_CLAIMS = {30: 6, 40: 6, 45: 6, 50: 7}


@pytest.mark.parametrize("players, sessions", sorted(SEED_CLAIMS.items()))
def test_shipped_seed_table_is_what_the_seed_claims(players: int, sessions: int) -> None:
    path = resources.files("fairdraw") / "data" / "league" / f"seed-{players}.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["players"] == players and len(doc["sessions"]) == sessions
    for s in doc["sessions"]:
        assert sorted(p for g in s for p in g) == list(range(1, players + 1))
        assert all(len(g) == 5 for g in s)
    assert max(_count(doc["sessions"]).values()) == 1


def test_a_typo_in_a_table_is_caught() -> None:
    """The check used for shipped tables rejects a copying slip (a player twice)."""
    from fairdraw.systems.league.blocks import verified_prefix

    path = resources.files("fairdraw") / "data" / "league" / "seed-30.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    sessions = [[tuple(p - 1 for p in g) for g in s] for s in doc["sessions"]]
    assert verified_prefix(30, 5, sessions) == 6
    broken = [list(map(list, s)) for s in sessions]
    broken[3][0][0] = broken[3][1][0]  # one player written twice in session 4
    assert verified_prefix(30, 5, [[tuple(g) for g in s] for s in broken]) == 3


@pytest.mark.parametrize("prefer", [5, 4])
@pytest.mark.parametrize("players", range(16, 101))
def test_block_plans_are_repeat_free_for_their_claimed_sessions(players: int, prefer: int) -> None:
    shape = try_partition(players, prefer)
    assert shape is not None
    plan = block_plan(shape)
    if plan is None:
        return
    season = plan.sessions(plan.clean)
    counts = _count([[list(g) for g in s] for s in season])
    assert max(counts.values(), default=1) == 1
    for s in season:
        assert sorted(p for g in s for p in g) == list(range(players))
        assert sorted((len(g) for g in s), reverse=True) == list(shape.sizes())
