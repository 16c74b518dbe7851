"""The lifted designs for 80 and 104 players (tools/search_lifted.py, shipped as data)."""

from __future__ import annotations

from itertools import combinations

import pytest

from fairdraw.designs import candidates, upper_bound, verify


@pytest.mark.parametrize("n", [80, 104])
def test_every_player_misses_exactly_the_other_half_of_its_pair(n: int) -> None:
    """A resolvable 4-GDD of type 2^(n/2): (n-2)/3 rounds, and the only pairs that never meet
    are (2p, 2p+1), the two lifts of one point of the underlying design."""
    best = candidates(n, 4)[0]
    assert best.clean_rounds == upper_bound(n, 4) == (n - 2) // 3
    assert "type 2^" in best.source
    counts = verify(best.rounds, 4, n).pair_counts
    never = [(a, b) for a, b in combinations(range(n), 2) if (a, b) not in counts]
    assert never == [(2 * p, 2 * p + 1) for p in range(n // 2)]
    assert set(counts.values()) == {1}
