"""The backtracking search that seats a short field's extras without a repeat (``--byes``)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairdraw.designs import candidates, constructions
from fairdraw.designs.extra_search import (
    _cyclic_seats,
    _least_constraining,
    _Options,
    _translation,
    seat_extras_by_search,
)
from fairdraw.designs.substitute import seat_extras


def check_seats(base, n: int, seats, seated: int) -> None:
    """Recount from scratch: the first ``seated`` extras each hold at most one seat a round,
    no seat twice, every base player gives up a seat at most once, every extra sits out at
    most once, and no pair involving a seated extra meets twice."""
    base_n = sum(len(t) for t in base[0])
    extras = set(range(base_n, base_n + seated))
    assert set(seats.values()) <= extras
    per_round = Counter((r, e) for (r, _, _), e in seats.items())
    assert all(c == 1 for c in per_round.values())
    given_up = Counter(base[r][ti][si] for (r, ti, si) in seats)
    assert all(c == 1 for c in given_up.values())
    plays = Counter(e for (_, e) in per_round)
    assert all(plays[e] >= len(base) - 1 for e in extras)
    met: Counter[tuple[int, int]] = Counter()
    for r, rnd in enumerate(base):
        for ti, table in enumerate(rnd):
            people = [seats.get((r, ti, si), p) for si, p in enumerate(table)]
            met.update(pair for pair in combinations(sorted(people), 2) if pair[1] in extras)
    assert max(met.values(), default=1) == 1


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_two_extras_over_all_of_ag34(seed: int) -> None:
    """66 players over AG(3,4)'s 21 rounds (the bound for 64): every extra must meet 60-63 of
    the others once each. The greedy choice and CP-SAT (30 work units) left 8 repeats; the
    search seats both extras cleanly."""
    base = constructions.affine_space(4, 3)
    seats, seated = seat_extras_by_search(base, 66, seed=seed)
    assert seated == 2
    check_seats(base, 66, seats, seated)
    rounds, byes = seat_extras(base, 66, seed=seed)
    assert max(Counter(p for rnd in rounds for t in rnd for p in combinations(sorted(t), 2)).values()) == 1
    assert max(Counter(p for out in byes for p in out).values()) == 1


def test_one_extra_over_the_hundred_player_design() -> None:
    """101 players over all 33 rounds of the 100-player design: 3 repeats before, 0 now."""
    base = candidates(100, 4)[0].rounds
    seats, seated = seat_extras_by_search(base, 101, seed=0)
    assert seated == 1
    check_seats(base, 101, seats, seated)


@pytest.mark.parametrize("seed", [0, 2])
def test_two_extras_over_the_cyclotomic_112_player_design(seed: int) -> None:
    """114 players over all 37 rounds of the 112-player design (no table the symmetric rule can
    use): with the shuffled order alone the second extra found no seats for these seeds (7 and
    5 repeats); the least-constraining order seats both."""
    base = candidates(112, 4)[0].rounds
    assert _translation(base) is not None and _cyclic_seats(base, 114, random.Random(seed)) is None
    seats, seated = seat_extras_by_search(base, 114, seed=seed)
    assert seated == 2
    check_seats(base, 114, seats, seated)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_property_least_constraining_order_recounted(seed: int) -> None:
    """The order puts first the options that close the fewest open ones, counted here from
    the seats themselves: j is closed by i when they share a tablemate or a sitter."""
    rng = random.Random(seed)
    base = constructions.affine_space(4, 3)[:8]
    opts = _Options(base, 65, {}, set())
    free = [rng.random() < 0.7 for _ in opts.seat]
    r = rng.randrange(len(base))
    here = [i for i in range(int(opts.start[r]), int(opts.start[r + 1])) if free[i]]
    rng.shuffle(here)

    def mates(i: int) -> set[int]:
        rnd, (ti, si) = int(opts.round[i]), opts.seat[i]
        return {p for sj, p in enumerate(base[rnd][ti]) if sj != si}

    def closes(i: int) -> int:
        return sum(1 for j in range(len(opts.seat)) if free[j] and (mates(i) & mates(j) or opts.sitter[i] == opts.sitter[j]))

    ordered = _least_constraining(opts, np.array(free), here)
    assert sorted(ordered) == sorted(here)
    counts = [closes(i) for i in ordered]
    assert counts == sorted(counts)
    assert ordered == sorted(here, key=lambda i: (closes(i), here.index(i)))  # ties keep the order


def test_proves_the_affine_plane_has_no_clean_seat() -> None:
    """AG(2,4), 5 rounds, one extra: its five triples (lines less a point, one per parallel
    class) would have to be disjoint, but such lines meet pairwise, so the search, which
    covers the whole tree, seats nobody."""
    base = constructions.affine_space(4)
    assert seat_extras_by_search(base, 17, seed=0) == ({}, 0)
    assert seat_extras_by_search(base[:3], 17, seed=0)[1] == 1


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([16, 24, 28, 36, 40, 48]), st.integers(1, 2), st.integers(0, 10**6), st.data())
def test_property_what_it_seats_is_repeat_free(base_n: int, extras: int, seed: int, data: st.DataObject) -> None:
    design = candidates(base_n, 4)[0]
    rounds = data.draw(st.integers(1, design.clean_rounds))
    base = design.rounds[:rounds]
    seats, seated = seat_extras_by_search(base, base_n + extras, seed=seed)
    assert 0 <= seated <= extras
    check_seats(base, base_n + extras, seats, seated)


def test_developed_designs_seat_their_extras_by_symmetry() -> None:
    """The 116-player design is a base round developed over Z_38 (3 blocks of 38 plus 2
    fixed players): both extras of 118 players follow one seat of round 0 around the group,
    so they meet each of the 114 moving players once and give up one block's seats each."""
    base = candidates(116, 4)[0].rounds
    assert _translation(base) == (38, 3)
    assert _translation(constructions.affine_space(4, 3)) is None
    for seed in range(12):
        seats, seated = seat_extras_by_search(base, 118, seed=seed)
        assert seated == 2
        check_seats(base, 118, seats, seated)
        blocks = {e: {base[r][ti][si] // 38 for (r, ti, si), f in seats.items() if f == e} for e in (116, 117)}
        assert all(len(b) == 1 for b in blocks.values()) and blocks[116] != blocks[117]


def test_symmetry_needs_every_other_player_in_its_own_block() -> None:
    """Tables of 5 over Z_7 x 5 blocks where every table keeps two players of one block after
    any seat is given up: following a seat around the group would meet one player twice (the
    pair moves onto itself), so no seat is taken from the symmetry and the search decides."""
    blocks = [
        [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
        [(0, 2), (0, 3), (1, 2), (1, 3), (2, 1)],
        [(0, 4), (0, 5), (1, 4), (1, 5), (2, 2)],
        [(2, 3), (2, 4), (3, 0), (3, 1), (4, 0)],
        [(2, 5), (2, 6), (3, 2), (3, 3), (4, 1)],
        [(0, 6), (3, 4), (3, 5), (4, 2), (4, 3)],
        [(1, 6), (3, 6), (4, 4), (4, 5), (4, 6)],
    ]
    rounds = [[tuple(c * 7 + (x + g) % 7 for c, x in t) for t in blocks] for g in range(3)]
    assert _translation(rounds) == (7, 5)
    assert _cyclic_seats(rounds, 36, random.Random(0)) is None
    seats, seated = seat_extras_by_search(rounds, 36, seed=0)
    check_seats(rounds, 36, seats, seated)
