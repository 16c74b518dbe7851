"""Koya (KS, FIDE C.07 2023 art. 9.2): the 50 % mark is half the maximum possible score.

In a round robin the maximum possible score is what a participant could score in the games
they are scheduled to play (plus what a round without an opponent gives): an odd field's
free round lowers it, so it is win x (players - 1) per cycle, not win x rounds. Every cross
table below is written out by hand, with the pairings of FIDE's Berger tables (C.05 Annex 1).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from fairdraw.core.model import Schedule
from fairdraw.scoring.standings import compute_standings
from tests.scoring.helpers import chess_schedule


def _ks(schedule: Schedule) -> dict[int, F]:
    return {r.id: r.tiebreaks["KS"] for r in compute_standings(schedule, "standard", ["KS"]).rows}


# Five players, single round robin (Berger, 5 rounds, one free round each, worth nothing):
#
#        1   2   3   4   5  | pts
#   P1   -   1   0   1   1  | 3
#   P2   0   -   1   ½   1  | 2.5
#   P3   1   0   -   ½   ½  | 2
#   P4   0   ½   ½   -   ½  | 1.5
#   P5   0   0   ½   ½   -  | 1      (10 games, 10 points)
#
# Each player plays 4 games: the maximum possible score is 4, its 50 % is 2, so P1 (3),
# P2 (2.5) and P3 (2) count. (Win x 5 rounds / 2 = 2.5 would leave P3 out.)
#   KS P1: vs P2 1 + vs P3 0           = 1
#   KS P2: vs P1 0 + vs P3 1           = 1
#   KS P3: vs P1 1 + vs P2 0           = 1
#   KS P4: vs P1 0 + vs P2 ½ + vs P3 ½ = 1
#   KS P5: vs P1 0 + vs P2 0 + vs P3 ½ = ½
ODD_SINGLE = chess_schedule(
    5,
    [
        ([(2, 5, "1-0"), (3, 4, "1/2-1/2")], {1: "bye"}),
        ([(5, 3, "1/2-1/2"), (1, 2, "1-0")], {4: "bye"}),
        ([(3, 1, "1-0"), (4, 5, "1/2-1/2")], {2: "bye"}),
        ([(1, 4, "1-0"), (2, 3, "1-0")], {5: "bye"}),
        ([(4, 2, "1/2-1/2"), (5, 1, "0-1")], {3: "bye"}),
    ],
    system="berger",
)


def test_koya_odd_single_round_robin_the_free_round_lowers_the_maximum() -> None:
    st = compute_standings(ODD_SINGLE, "standard", ["KS"])
    assert {r.id: r.points for r in st.rows} == {1: 3, 2: F(5, 2), 3: 2, 4: F(3, 2), 5: 1}
    assert _ks(ODD_SINGLE) == {1: 1, 2: 1, 3: 1, 4: 1, 5: F(1, 2)}


# Three players, double round robin (Berger, 6 rounds, two free rounds each):
#
#        1      2      3    | pts
#   P1   -     1 1    ½ ½   | 3
#   P2  0 0     -     1 1   | 2
#   P3  ½ ½    0 0     -    | 1
#
# Each player plays 4 games: maximum 4, 50 % = 2, so P1 (3) and P2 (2) count.
# (Win x 6 rounds / 2 = 3 would leave P2 out and give P1 nothing.)
#   KS P1: vs P2 1 + 1 = 2;  KS P2: vs P1 0 + 0 = 0;  KS P3: vs P1 ½ + ½, vs P2 0 + 0 = 1
ODD_DOUBLE = chess_schedule(
    3,
    [
        ([(2, 3, "1-0")], {1: "bye"}),
        ([(1, 2, "1-0")], {3: "bye"}),
        ([(3, 1, "1/2-1/2")], {2: "bye"}),
        ([(3, 2, "0-1")], {1: "bye"}),
        ([(2, 1, "0-1")], {3: "bye"}),
        ([(1, 3, "1/2-1/2")], {2: "bye"}),
    ],
    system="berger",
)


def test_koya_odd_double_round_robin_two_free_rounds() -> None:
    assert _ks(ODD_DOUBLE) == {1: 2, 2: 0, 3: 1}


# Four players, double round robin (6 rounds, no free round):
#
#        1      2      3      4    | pts
#   P1   -     1 1    1 1    1 1   | 6
#   P2  0 0     -     ½ ½    1 1   | 3
#   P3  0 0    ½ ½     -     0 1   | 2
#   P4  0 0    0 0    1 0     -    | 1
#
# Each player plays 6 games: maximum 6, 50 % = 3, so P1 (6) and P2 (3) count; P3 (2) does
# not (it would with one cycle's 3 / 2 = 1.5).
#   KS P1: vs P2 2 = 2;  KS P2: vs P1 0 = 0;  KS P3: vs P2 ½ + ½ = 1;  KS P4: 0
EVEN_DOUBLE = chess_schedule(
    4,
    [
        ([(1, 4, "1-0"), (2, 3, "1/2-1/2")], {}),
        ([(4, 3, "1-0"), (1, 2, "1-0")], {}),
        ([(2, 4, "1-0"), (3, 1, "0-1")], {}),
        ([(4, 1, "0-1"), (3, 2, "1/2-1/2")], {}),
        ([(3, 4, "1-0"), (2, 1, "0-1")], {}),
        ([(4, 2, "0-1"), (1, 3, "1-0")], {}),
    ],
    system="berger",
)


def test_koya_even_double_round_robin() -> None:
    assert _ks(EVEN_DOUBLE) == {1: 2, 2: 0, 3: 1, 4: 0}


# A Meerkamp group of three (seed 002): the sit-out is worth a point, so it is part of the
# maximum possible score (the opponents' scores it is compared with include it too).
#   R1: 2-3 1-0, 1 sits out;  R2: 1-2 0-1, 3 sits out;  R3: 3-1 0-1, 2 sits out.
#   P1 1 + 0 + 1 = 2;  P2 1 + 1 + 1 = 3;  P3 0 + 1 + 0 = 1.
# Maximum 2 games + 1 sit-out = 3, 50 % = 1.5: P1 (2) and P2 (3) count, P3 (1) does not.
#   KS P1: vs P2 0 = 0;  KS P2: vs P1 1 = 1;  KS P3: vs P1 0 + vs P2 0 = 0
# (Counting the games only, 2 / 2 = 1, would let P3 count and give P1 1 and P2 2.)
MEERKAMP = chess_schedule(
    3,
    [
        ([(2, 3, "1-0")], {1: "meerkamp-bye"}),
        ([(1, 2, "0-1")], {3: "meerkamp-bye"}),
        ([(3, 1, "0-1")], {2: "meerkamp-bye"}),
    ],
    system="meerkamp",
)


def test_koya_meerkamp_sit_out_point_is_part_of_the_maximum() -> None:
    assert _ks(MEERKAMP) == {1: 0, 2: 1, 3: 0}


def test_koya_in_progress_round_robin_counts_the_rounds_with_results() -> None:
    """After round 2 of the five-player event: P1 and P4 have had their free round, the
    others played both rounds, so the maximum is 2 and the mark 1.
    R1: 2-5 1-0, 3-4 =;  R2: 5-3 =, 1-2 1-0.  P1 1, P2 1, P3 1, P4 ½, P5 ½.
      KS P1: vs P2 (1) 1 = 1;  P2: vs P5 (½) no, vs P1 (1) 0 = 0;  P3: vs P4 no, vs P5 no = 0;
      P4: vs P3 (1) ½ = ½;  P5: vs P2 (1) 0, vs P3 (1) ½ = ½."""
    partial = replace(ODD_SINGLE, rounds=ODD_SINGLE.rounds[:2])
    assert _ks(partial) == {1: 1, 2: 0, 3: 0, 4: F(1, 2), 5: F(1, 2)}


def test_an_imported_round_robin_scores_its_free_round_as_nothing_whatever_its_name() -> None:
    """A round-robin schedule made elsewhere ("roundrobin", "round-robin", "varma") has the
    same free round as a Berger table (C.05 Annex 1): the plain bye earns no point there, as it
    does under ``berger`` (the five-player table above: P1 3 points, not 4)."""
    for name in ("roundrobin", "round-robin", "varma"):
        st = compute_standings(replace(ODD_SINGLE, system=name), "standard", ["KS"])
        assert {r.id: r.points for r in st.rows} == {1: 3, 2: F(5, 2), 3: 2, 4: F(3, 2), 5: 1}, name


def test_koya_limit_modifier_moves_the_mark_by_half_points() -> None:
    """KS:L-n / KS:L+n: the 50 % mark (2 in ODD_SINGLE) moved by n half-points. L-1 (1.5)
    adds P4 (1.5); L+1 (2.5) leaves P3 (2) out; L+2 (3) keeps only P1."""
    rows = compute_standings(ODD_SINGLE, "standard", ["KS:L-1", "KS:L+1", "ks/l+2"]).rows
    v = {r.id: r.tiebreaks for r in rows}
    # L-1: P1 vs 2,3,4: 1+0+1; P2 vs 1,3,4: 0+1+½; P3 vs 1,2,4: 1+0+½; P4 vs 1,2,3: 0+½+½; P5: 0+0+½+½
    assert [v[p]["KS:L-1"] for p in range(1, 6)] == [2, F(3, 2), F(3, 2), 1, 1]
    # L+1: P1 and P2 count. P1 vs 2: 1; P2 vs 1: 0; P3: 1 + 0; P4: 0 + ½; P5: 0 + 0
    assert [v[p]["KS:L+1"] for p in range(1, 6)] == [1, 0, 1, F(1, 2), 0]
    assert [v[p]["KS:L+2"] for p in range(1, 6)] == [0, 0, 1, 0, 0]


def test_a_limit_modifier_is_koya_only() -> None:
    with pytest.raises(ValueError, match="Koya only"):
        compute_standings(ODD_SINGLE, "standard", ["BH:L-1"])
    with pytest.raises(ValueError, match="KS:L-1"):
        compute_standings(ODD_SINGLE, "standard", ["KS:L1"])
