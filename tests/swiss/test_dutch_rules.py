"""One test per rule of the Dutch system, on small hand-made tournaments."""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairdraw.core.errors import UnsolvableError
from fairdraw.core.registry import PairingRequest
from fairdraw.systems.dutch.colours import allocate
from fairdraw.systems.dutch.matcher import Matcher, RustworkxMatcher
from fairdraw.systems.dutch.state import (
    Player,
    Points,
    baku_accelerations,
    build_context,
)

from .helpers import pair, pairs_of, players, rnd


def test_round_one_pairs_top_half_against_bottom_half_with_alternating_colours() -> None:
    # C.04.3: S1 = top half, S2 = bottom half, 1-5, 2-6, ...; colours alternate (E.5).
    r = pair(8, [])
    assert [t.seats for t in r.tables] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    black_first = pair(8, [], initial_colour="black")
    assert [t.seats for t in black_first.tables] == [(5, 1), (2, 6), (7, 3), (4, 8)]


def test_odd_field_gives_the_bye_to_the_lowest_ranked_player() -> None:
    r = pair(7, [])
    assert [(b.id, b.kind) for b in r.byes] == [(7, "bye")]
    assert len(r.tables) == 3


def test_no_rematch_c1() -> None:
    r1 = rnd(1, [(1, 3, "1-0"), (4, 2, "0-1")])
    r2 = pair(4, [r1])
    assert not pairs_of(r2) & pairs_of(r1)


def test_a_forfeited_game_is_not_a_meeting() -> None:
    # 4 players: after round 1 forfeits, the winners meet, then the losers, and in
    # round 3 only the forfeit pairs are left: they may meet because they never played.
    r1 = rnd(1, [(1, 3, "+/-"), (4, 2, "-/+")])
    r2 = pair(4, [r1], total=3)
    r2 = rnd(2, [(t.seats[0], t.seats[1], "1-0") for t in r2.tables])
    r3 = pair(4, [r1, r2], total=3)
    played = pairs_of(r2)
    assert not pairs_of(r3) & played
    assert pairs_of(r3) & pairs_of(r1)  # a forfeit pair meets again


def test_no_second_pairing_allocated_bye_c2() -> None:
    r1 = pair(5, [])
    bye1 = r1.byes[0].id
    r1 = rnd(1, [(t.seats[0], t.seats[1], "1/2-1/2") for t in r1.tables], [(bye1, "bye")])
    r2 = pair(5, [r1])
    assert r2.byes[0].id != bye1


def test_bye_not_to_a_player_who_scored_a_forfeit_win() -> None:
    # Player 5 (lowest) won by forfeit: C.2 forbids a bye for a point won without playing.
    r1 = rnd(1, [(1, 4, "1-0"), (5, 2, "+/-")], [(3, "bye")])
    r2 = pair(5, [r1])
    assert r2.byes[0].id not in (3, 5)


def test_same_absolute_colour_preferences_do_not_meet_c3() -> None:
    # 1 and 3 both had White twice (absolute preference for Black): they must not meet.
    r1 = rnd(1, [(1, 2, "1-0"), (3, 4, "1-0"), (5, 6, "0-1")])
    r2 = rnd(2, [(1, 5, "1-0"), (3, 6, "1-0"), (4, 2, "1/2-1/2")])
    r3 = pair(6, [r1, r2], total=5)
    assert frozenset((1, 3)) not in pairs_of(r3)


def test_half_point_bye_request_is_honoured() -> None:
    r = pair(6, [], requested_byes={2: "half-point"})
    assert (2, "half-point") in [(b.id, b.kind) for b in r.byes]
    assert all(2 not in t.seats for t in r.tables)
    assert [b.kind for b in r.byes].count("bye") == 1  # 5 players left: one allocated bye


def test_unsolvable_raises() -> None:
    # Two players who already met cannot be paired again.
    r1 = rnd(1, [(1, 2, "1-0")])
    with pytest.raises(UnsolvableError):
        pair(2, [r1])


def _p(pid: int, rank: int, pref: str | None, imbalance: int = 0, repeated: str | None = None,
       strong: bool = False) -> Player:
    return Player(id=pid, rank=rank, matches=[], preference=pref, imbalance=imbalance, repeated=repeated, strong=strong)


def test_colour_rules_e1_to_e5() -> None:
    ctx = build_context(PairingRequest(players=players(2), options={"initial_colour": "white"}))
    # E.1 both preferences granted
    assert allocate(ctx, _p(1, 0, "b"), _p(2, 1, "w"))[0] == "b"
    # E.2 absolute beats strong
    assert allocate(ctx, _p(1, 0, "w", 1, strong=True), _p(2, 1, "w", 2))[0] == "b"
    # E.4 same mild preference: the higher-ranked player gets it
    assert allocate(ctx, _p(1, 0, "w"), _p(2, 1, "w"))[0] == "w"
    # E.5 no preference: the higher-ranked player with an odd pairing number gets the initial colour
    assert allocate(ctx, _p(1, 0, None), _p(2, 1, None))[0] == "w"
    assert allocate(ctx, _p(1, 1, None), _p(2, 2, None))[0] == "b"


def test_baku_accelerates_the_top_half_for_half_the_rounds() -> None:
    acc = baku_accelerations(list(range(1, 11)), 9, Points())
    assert set(acc) == {1, 2, 3, 4, 5}
    assert acc[1] == [10, 10, 10, 5, 5]


@pytest.mark.parametrize("make", [Matcher, RustworkxMatcher], ids=["default", "rustworkx"])
@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=4, max_value=14), st.integers(min_value=0, max_value=2**32 - 1))
def test_matcher_compression_keeps_the_optimum(make, n: int, seed: int) -> None:
    """Weights with many fields, some constant or equal: the compressed rustworkx solve
    (and the default backend, packed exactly) reaches the same optimum as networkx on the
    uncompressed big integers."""
    rng = random.Random(seed)
    fields = [(200, 2, "top", 0)] + [(200 - 8 * (k + 1), 8, "n", 0) for k in range(20)]
    m = make(n, fields)
    full: dict[tuple[int, int], int] = {}
    pattern = [rng.choice((0, 1, 2)) for _ in range(20)]
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < 0.2:
                continue
            hi = 1 << 200
            for k, kind in enumerate(pattern):
                value = 0 if kind == 0 else 1 if kind == 1 else rng.randrange(2)
                hi |= value << (200 - 8 * (k + 1))
            low = rng.randrange(-3, 4)
            m.inner = n
            m.set(u, v, hi, low)
            full[(u, v)] = (hi << 8) + low
    mate = m.solve()
    mine = sum(full[(u, mate[u])] for u in range(n) if u < mate[u])
    g = nx.Graph()
    g.add_weighted_edges_from((u, v, w) for (u, v), w in full.items())
    best = nx.max_weight_matching(g)
    ref = sum(full[(min(a, b), max(a, b))] for a, b in best)
    assert mine == ref


@pytest.mark.parametrize("name", ["n0021", "n0041", "n0099"])
@pytest.mark.parametrize("single_downfloater", [False, True])
def test_outside_weights_equal_the_general_weight(name: str, single_downfloater: bool) -> None:
    """The fast per-player construction of the weights outside the bracket gives, pair for
    pair, the value of ``base_weight`` with neither end in the bracket or next group."""
    from fairdraw.formats.trf import read_trf, trf_to_request
    from fairdraw.systems.dutch.weights import (
        ByeInfo,
        Layout,
        OutsideWeights,
        base_weight,
        float_of,
    )

    from .golden import FILES

    path = next(f for f in FILES if f.name.startswith(name))
    ctx = build_context(trf_to_request(read_trf(path), upto_round=4))
    ranked = sorted(ctx.players, key=lambda p: (-ctx.acc(p), p.rank))
    lay = Layout.build(ctx, ranked)
    scores = sorted({ctx.acc(p) for p in ranked})
    bye = ByeInfo(score=scores[len(scores) // 2], single_downfloater=single_downfloater)
    for games in {p.played_games for p in ranked}:
        bye.unplayed_rank[games] = games % 3
    floats = {p.id: (float_of(ctx, p, 1), float_of(ctx, p, 2)) for p in ranked}
    outside = OutsideWeights.build(ctx, lay, ranked, bye)
    nonzero = 0
    for j in range(len(ranked)):
        for i in range(j):
            expected = base_weight(ctx, lay, ranked[i], ranked[j], False, False, bye, floats)
            assert outside.weight(ctx, i, j, ranked[i], ranked[j]) == expected
            nonzero += expected > 0
    assert nonzero > 0
