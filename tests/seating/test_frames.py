"""Kirkman frames (designs/frames.py): the frame property, inflation, filling, the sizes it reaches."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from fairdraw.designs import candidates, upper_bound, verify
from fairdraw.designs.frames import (
    Frame,
    fill,
    frame_3_5,
    frame_sizes,
    framed_design,
    inflate,
    unmet_clique,
)


def assert_is_frame(frame: Frame) -> None:
    """Every holey round seats everybody outside its group once; cross-group pairs meet once,
    pairs inside a group never; every group is left out by the same number of holey rounds."""
    group_of = {p: g for g, grp in enumerate(frame.groups) for p in grp}
    assert sorted(group_of) == list(range(frame.n))
    per_group = {len(r) for r in frame.holey}
    assert len(per_group) == 1 and per_group.pop() * 3 == len(frame.groups[0])
    meetings: Counter[tuple[int, int]] = Counter()
    for g, rounds in enumerate(frame.holey):
        outside = sorted(p for p in range(frame.n) if group_of[p] != g)
        for holey_round in rounds:
            assert all(len(t) == 4 for t in holey_round)
            assert sorted(p for t in holey_round for p in t) == outside
            for t in holey_round:
                meetings.update(combinations(sorted(t), 2))
    for a, b in combinations(range(frame.n), 2):
        expected = 0 if group_of[a] == group_of[b] else 1
        assert meetings[(a, b)] == expected, (a, b)


def test_frame_3_5_is_a_frame() -> None:
    assert_is_frame(frame_3_5())


@pytest.mark.parametrize("m", [4, 5, 7])
def test_inflated_frame_is_a_frame(m: int) -> None:
    frame = inflate(frame_3_5(), m)
    assert frame.n == 15 * m and len(frame.groups[0]) == 3 * m
    assert_is_frame(frame)


def test_inflate_refuses_a_factor_without_a_resolvable_td() -> None:
    with pytest.raises(ValueError, match="prime power m >= 4"):
        inflate(frame_3_5(), 6)


def test_108_players_reach_the_upper_bound() -> None:
    """Frame 3^5 x TD(4,7), holes filled with 3 new players by the 24-player 4-RGDD of type 3^8."""
    assert frame_sizes(108) == [(7, 3)]
    inner = candidates(24, 4)[0].rounds
    rounds = framed_design(108, inner, 7, 3)
    assert rounds is not None and len(rounds) == 35 == upper_bound(108, 4)
    assert verify(rounds, 4, 108).clean
    assert candidates(108, 4)[0].clean_rounds == 35


def test_a_filling_whose_new_players_meet_is_refused() -> None:
    """The 3 players standing in for W must never meet: pick 3 who do, and the union repeats."""
    inner = candidates(24, 4)[0].rounds[:7]
    assert unmet_clique(inner, 24, 3) is not None
    met = inner[0][0][:3]
    rounds = fill(inflate(frame_3_5(), 7), 3, inner, met)
    assert not verify(rounds, 4, 108).clean


def test_unmet_clique_none_when_everybody_met() -> None:
    inner = candidates(16, 4)[0].rounds  # AG(2,4): every pair meets
    assert unmet_clique(inner, 16, 2) is None


@pytest.mark.slow
@pytest.mark.parametrize("n", [136, 168, 196])
def test_larger_framed_sizes_reach_the_bound(n: int) -> None:
    best = candidates(n, 4)[0]
    assert best.clean_rounds == upper_bound(n, 4)
    assert "frame" in best.source and verify(best.rounds, 4, n).clean


def test_100_players_meet_everybody_exactly_once() -> None:
    """The shipped 100-player design (frame 3^33 + one player, tools/search_frames.py) is a
    resolvable (100,4,1) design: 33 rounds and every pair at one table exactly once."""
    best = candidates(100, 4)[0]
    assert best.clean_rounds == 33 == upper_bound(100, 4)
    assert "3^33" in best.source
    counts = verify(best.rounds, 4, 100).pair_counts
    assert len(counts) == 100 * 99 // 2 and set(counts.values()) == {1}
