"""Hand-worked tie-break examples with unplayed rounds, forfeits and byes (FIDE C.07 2023).

The six-player, four-round Swiss below has a forfeit (round 1), a half-point bye and a
zero-point bye (round 2), a pairing-allocated bye and a withdrawal (round 4). Every
expected value is worked out by hand in the comments, from the rules:

* the participant's own unplayed round counts as a dummy opponent with the participant's
  own final score (section 16); in SB it is worth that score times the round's points;
* an opponent's score is adjusted: VURs after their last non-VUR round count as draws
  (art. 16.3.2);
* cut-1 removes a VUR first (art. 14.6), otherwise the least value.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from fairdraw.core.model import Participant, Round, Schedule, Table
from fairdraw.scoring import get_scoring
from fairdraw.scoring.standings import compute_standings
from tests.scoring.helpers import chess_schedule

# R1: 1-2 1-0, 3-4 =, 5-6 +/- (6 did not show up)
# R2: 1-4 =, 2-5 0-1, 3 half-point bye, 6 zero-point bye
# R3: 5-1 0-1, 4-2 1-0, 3-6 1-0
# R4: 1-3 =, 4-5 0-1, 2 pairing-allocated bye, 6 absent (withdrawn)
SWISS = chess_schedule(
    6,
    [
        ([(1, 2, "1-0"), (3, 4, "½-½"), (5, 6, "+/-")], {}),
        ([(1, 4, "="), (2, 5, "0-1")], {3: "half-point", 6: "zero-point"}),
        ([(5, 1, "0-1"), (4, 2, "1-0"), (3, 6, "1-0")], {}),
        ([(1, 3, "1/2-1/2"), (4, 5, "0-1")], {2: "bye", 6: "absent"}),
    ],
)
# Points: P1 1+.5+1+.5 = 3; P2 0+0+0+1 = 1; P3 .5+.5+1+.5 = 2.5; P4 .5+.5+1+0 = 2;
#         P5 1+1+0+1 = 3; P6 0.
# P6's last non-VUR round is 3 (a game); its round-4 absence counts as a draw in the
# opponents' Buchholz: adjusted score 0.5.


def _tb(codes: list[str]) -> dict[int, dict[str, F]]:
    st = compute_standings(SWISS, "standard", codes)
    return {row.id: {"points": row.points, **row.tiebreaks} for row in st.rows}


def test_points() -> None:
    values = _tb([])
    assert {pid: v["points"] for pid, v in values.items()} == {1: 3, 2: 1, 3: F(5, 2), 4: 2, 5: 3, 6: 0}


def test_buchholz_with_dummy_opponents_and_adjusted_scores() -> None:
    bh = {pid: v["BH"] for pid, v in _tb(["BH"]).items()}
    assert bh[1] == F(17, 2)  # opponents 2 (1), 4 (2), 5 (3), 3 (2.5)
    assert bh[2] == 9  # 1 (3), 5 (3), 4 (2), PAB: dummy = own 1
    assert bh[3] == 8  # 4 (2), half-point bye: dummy = own 2.5, 6 (adjusted 0.5), 1 (3)
    assert bh[4] == F(19, 2)  # 3 (2.5), 1 (3), 2 (1), 5 (3)
    assert bh[5] == 9  # forfeit win: dummy = own 3, 2 (1), 1 (3), 4 (2)
    assert bh[6] == F(5, 2)  # three dummies of 0, 3 (2.5)


def test_cut_one_removes_the_voluntary_unplayed_round_first() -> None:
    c1 = {pid: v["BH:C1"] for pid, v in _tb(["BH:C1"]).items()}
    assert c1[1] == F(15, 2)  # cut 1
    assert c1[2] == 8  # the PAB is not voluntary: the least value (its dummy, 1) goes
    assert c1[3] == F(11, 2)  # the half-point bye's dummy (2.5) goes, not the 0.5
    assert c1[5] == 8  # the forfeit win is not voluntary: the least value (1) goes
    assert c1[6] == F(5, 2)  # a VUR dummy (0) goes


def test_median_cuts_the_least_and_the_most() -> None:
    m1 = {pid: v["BH:M1"] for pid, v in _tb(["BH:M1"]).items()}
    assert m1[1] == F(9, 2)  # 2 + 2.5
    assert m1[3] == F(5, 2)  # the VUR (2.5) and the highest (3) go: 2 + 0.5


def test_sonneborn_berger_with_unplayed_rounds() -> None:
    sb = {pid: v["SB"] for pid, v in _tb(["SB"]).items()}
    assert sb[1] == F(25, 4)  # 1x1 + 2x.5 + 3x1 + 2.5x.5
    assert sb[2] == 1  # PAB: own 1 x 1
    assert sb[3] == F(17, 4)  # 2x.5 + 2.5x.5 (half-point bye) + .5x1 + 3x.5
    assert sb[4] == F(15, 4)  # 2.5x.5 + 3x.5 + 1x1
    assert sb[5] == 6  # forfeit win: own 3 x 1, + 1x1 + 2x1
    assert sb[6] == 0


def test_wins_black_games_progressive() -> None:
    v = _tb(["WIN", "WON", "BPG", "PS"])
    assert [v[p]["WIN"] for p in range(1, 7)] == [2, 1, 1, 1, 3, 0]  # the PAB and the forfeit count
    assert [v[p]["WON"] for p in range(1, 7)] == [2, 0, 1, 1, 2, 0]
    assert v[1]["BPG"] == 1 and v[5]["BPG"] == 2  # the forfeit with white is not a game
    assert v[1]["PS"] == 8 and v[5]["PS"] == 8 and v[4]["PS"] == F(11, 2)


def test_black_wins_and_games_elected() -> None:
    v = _tb(["BWG", "GE"])
    assert [v[p]["BWG"] for p in range(1, 7)] == [1, 0, 0, 0, 2, 0]  # 1 won R3 with black; 5 R2 and R4
    # GE: rounds less the voluntary unplayed ones; 2's PAB and 5's forfeit win count, 3's half-point
    # bye and 6's forfeit loss, zero-point bye and absence do not
    assert [v[p]["GE"] for p in range(1, 7)] == [4, 4, 3, 4, 4, 1]
    assert [_tb(["REP"])[p]["REP"] for p in range(1, 7)] == [4, 4, 3, 4, 4, 1]  # the same count, another name


def test_a_pairing_allocated_bye_worth_less_than_a_win_is_still_elected() -> None:
    """GE counted "over the board or a win's points", as FIDE's tie-break server does; with the
    allocated bye worth a draw (BBU 0.5) player 2's bye dropped out, though art. 16.2 makes it
    no voluntary round."""
    scoring = get_scoring("standard", byes={"bye": F(1, 2)})
    st = compute_standings(SWISS, scoring, ["GE", "WIN"])
    rows = {r.id: r.tiebreaks for r in st.rows}
    assert rows[2]["GE"] == 4 and rows[2]["WIN"] == 0


def test_cut_one_orders_the_leaders() -> None:
    st = compute_standings(SWISS, "standard", ["BH:C1"])
    assert [r.id for r in st.rows[:2]] == [5, 1]  # both 3 points; BH:C1 8 against 7.5


# Round robin of four: A=1, B=2, C=3, D=4.
# R1: 1-2 1-0, 3-4 1-0; R2: 3-1 1-0, 4-2 =; R3: 1-4 =, 2-3 1-0.
# A 1.5, B 1.5, C 2, D 1. A beat B, so DE puts A first; SB (A 2, B 2.5) would not.
RR = chess_schedule(
    4,
    [
        ([(1, 2, "1-0"), (3, 4, "1-0")], {}),
        ([(3, 1, "1-0"), (4, 2, "1/2-1/2")], {}),
        ([(1, 4, "1/2-1/2"), (2, 3, "1-0")], {}),
    ],
    ratings={1: 2000, 2: 1800, 3: 1900, 4: 2100},
)


def test_direct_encounter_decides_before_sonneborn_berger() -> None:
    with_de = compute_standings(RR, "standard", ["DE", "SB"])
    assert [r.id for r in with_de.rows] == [3, 1, 2, 4]
    assert with_de.rows[1].tiebreaks == {"DE": 1, "SB": 2}
    assert with_de.rows[2].tiebreaks == {"DE": 0, "SB": F(5, 2)}
    only_sb = compute_standings(RR, "standard", ["SB"])
    assert [r.id for r in only_sb.rows] == [3, 2, 1, 4]


def test_direct_encounter_does_not_separate_a_cycle() -> None:
    # A beats B, B beats C, C beats A, all beat D: three on 2 points, 1 each among them.
    cyc = chess_schedule(
        4,
        [
            ([(1, 2, "1-0"), (3, 4, "1-0")], {}),
            ([(2, 3, "1-0"), (4, 1, "0-1")], {}),
            ([(3, 1, "1-0"), (2, 4, "1-0")], {}),
        ],
    )
    st = compute_standings(cyc, "standard", ["DE"])
    assert [r.rank for r in st.rows] == [1, 1, 1, 4]
    assert {r.tiebreaks["DE"] for r in st.rows[:3]} == {1}


def test_rating_tiebreaks_and_koya() -> None:
    st = compute_standings(RR, "standard", ["ARO", "TPR", "KS"])
    v = {r.id: r.tiebreaks for r in st.rows}
    assert v[1]["ARO"] == 1933  # (1800 + 1900 + 2100) / 3 = 1933.3
    assert v[1]["TPR"] == 1933  # 50 %: dp 0
    assert v[3]["ARO"] == 1967  # (2100 + 2000 + 1800) / 3 = 1966.7
    assert v[3]["TPR"] == 1967 + 125  # 2/3 = 0.67: dp 125
    assert v[1]["KS"] == 1  # 50 % of 3 = 1.5: against B (1.5) 1, C (2) 0; D (1) left out


def test_weerstandspunten_of_seed_002() -> None:
    wp = {r.id: r.tiebreaks["WP"] for r in compute_standings(SWISS, "standard", ["WP"]).rows}
    # P1: beat 2 (1) -> 2, drew 4 (2) -> 2, beat 5 (3) -> 6, drew 3 (2.5) -> 2.5
    assert wp[1] == F(25, 2)
    # P5: the forfeit win adds nothing (no game took place); beat 2 -> 2, beat 4 -> 4
    assert wp[5] == 6


@pytest.mark.parametrize("code", ["XX", "BH:Q1", "DE:C1", "PS:M1", "BH:C"])
def test_bad_tiebreak_codes_are_refused(code: str) -> None:
    with pytest.raises((KeyError, ValueError)):
        compute_standings(SWISS, "standard", [code])


# R1: 1-2 1-0, 3-4 0-1; R2: 1-3 -/+ (1 does not show up), 2-4 1-0; R3: 1-4 1-0, 2-3 =.
# Points: P1 2, P2 1.5, P3 1.5 (a forfeit win), P4 1.
FORFEIT = chess_schedule(
    4,
    [
        ([(1, 2, "1-0"), (3, 4, "0-1")], {}),
        ([(1, 3, "-/+"), (2, 4, "1-0")], {}),
        ([(1, 4, "1-0"), (2, 3, "1/2-1/2")], {}),
    ],
    system="dutch",  # a Swiss in which everybody happened to meet: Swiss rules apply
)


def test_a_forfeit_loss_does_not_shield_a_weak_opponent_in_sonneborn_berger_cut() -> None:
    v = {r.id: r.tiebreaks for r in compute_standings(FORFEIT, "standard", ["BH", "BH:C1", "SB", "SB:C1"]).rows}
    # P1: opponents 2 (1.5, won), forfeit loss: dummy 2 (own score, worth 0 in SB), 4 (1, won)
    assert v[1]["BH"] == F(9, 2) and v[1]["SB"] == F(5, 2)
    assert v[1]["BH:C1"] == F(5, 2)  # Buchholz: the VUR's dummy (2) is cut first, not the 1
    assert v[1]["SB:C1"] == F(3, 2)  # SB: cutting the VUR (0) would keep more; the win over 4 (1) goes


def test_koya_counts_a_forfeit_against_a_strong_opponent() -> None:
    v = {r.id: r.tiebreaks for r in compute_standings(FORFEIT, "standard", ["KS"]).rows}
    # limit 1.5 (half of 3): P3 scored 1 by forfeit against P1 (2) and 1/2 against P2 (1.5)
    assert v[3]["KS"] == F(3, 2)


def test_direct_encounter_when_not_all_tied_players_met() -> None:
    # R1: 1-2 1-0, 3-4 1-0, 5-6 1-0; R2: 1-3 1-0, 2-5 1-0, 4-6 1-0; R3: 6-1 1-0, 2-4 1-0, 3-5 1-0.
    # 1, 2 and 3 finish on 2 points; 1 beat both 2 and 3, who never met. Among the three,
    # 1 has 2 points and neither 2 nor 3 could reach more than 1 by winning their missing
    # game: 1 is ranked first (art. 6.2); 2 and 3 stay tied. 4, 5 and 6 (1 point each):
    # 4 and 5 have 1 point each against the others but could still reach 2: nobody separates.
    swiss = chess_schedule(
        6,
        [
            ([(1, 2, "1-0"), (3, 4, "1-0"), (5, 6, "1-0")], {}),
            ([(1, 3, "1-0"), (2, 5, "1-0"), (4, 6, "1-0")], {}),
            ([(6, 1, "1-0"), (2, 4, "1-0"), (3, 5, "1-0")], {}),
        ],
    )
    st = compute_standings(swiss, "standard", ["DE"])
    assert [(r.id, r.rank) for r in st.rows] == [(1, 1), (2, 2), (3, 2), (4, 4), (5, 4), (6, 4)]
    assert [r.tiebreaks["DE"] for r in st.rows[:3]] == [2, 0, 0]


def test_direct_encounter_averages_repeated_games() -> None:
    # A double round robin of two: 1 wins one game, the other is drawn; both also played 3.
    double = chess_schedule(
        3,
        [
            ([(1, 2, "1-0")], {3: "bye"}),
            ([(2, 1, "1-0")], {3: "bye"}),
            ([(1, 3, "1/2-1/2")], {2: "bye"}),
            ([(3, 2, "1/2-1/2")], {1: "bye"}),
        ],
    )
    st = compute_standings(double, "standard", ["DE"])
    # 3 leads with 3 points; 1 and 2 both have 2.5 and met twice (1-1): average 1/2 each, tied
    assert [(r.id, r.rank, r.tiebreaks["DE"]) for r in st.rows] == [(3, 1, 0), (1, 2, F(1, 2)), (2, 2, F(1, 2))]


def test_round_robin_has_no_dummy_opponent() -> None:
    """The same games as a round robin: no dummy opponent; the forfeit is a game against the
    scheduled opponent (the round-robin default of FIDE's TC tie-break server) and, being a
    game, is no VUR to cut first (art. 14.6)."""
    rr = replace(FORFEIT, system="berger")
    v = {r.id: r.tiebreaks for r in compute_standings(rr, "standard", ["BH", "SB", "BH:C1"]).rows}
    assert v[1]["BH"] == 4  # 2 (1.5) + 3 (1.5, the forfeit loss) + 4 (1)
    assert v[1]["SB"] == F(5, 2)  # beat 2 (1.5) and 4 (1); the forfeit loss gives 0 x 1.5
    assert v[1]["BH:C1"] == 3  # the lowest opponent (4) goes, not the forfeit
    assert v[3]["SB"] == F(11, 4)  # the forfeit win over 1 (2) and the draw with 2 (1.5 / 2)


def test_p_modifier_reads_a_swiss_forfeit_as_a_game() -> None:
    """``:P`` (FIDE's TC tie-break server's "P" option, when the tournament's rules say so):
    in a Swiss a forfeit counts as a game against the scheduled opponent, as in a round robin,
    instead of a dummy opponent; the plain codes keep the dummy."""
    v = {r.id: r.tiebreaks for r in compute_standings(FORFEIT, "standard", ["BH", "BH:P", "SB:P", "BH:C1:P"]).rows}
    assert v[1]["BH"] == F(9, 2) and v[1]["BH:P"] == 4  # dummy 2 (own score) -> 3's 1.5
    assert v[1]["BH:C1:P"] == 3  # the forfeit is no VUR now: the lowest opponent (4) is cut
    assert v[3]["SB:P"] == F(11, 4)  # the forfeit win over 1 (2) and the draw with 2 (1.5 / 2)


def test_direct_encounter_counts_a_forfeit_in_a_round_robin_and_with_p() -> None:
    """R1: 1-2 +/- (2 does not show up), 3-4 1-0; R2: 1-3 0-1, 2-4 1-0; R3: 1-4 0-1, 2-3 0-1.
    P1, P2 and P4 tie on 1 point. In a round robin the forfeit is their game (each then has 1
    point against the others: still tied); in a Swiss DE counts games over the board only
    (P1 has 0), unless ``DE:P``."""
    games = [
        ([(1, 2, "+/-"), (3, 4, "1-0")], {}),
        ([(1, 3, "0-1"), (2, 4, "1-0")], {}),
        ([(1, 4, "0-1"), (2, 3, "0-1")], {}),
    ]

    def de(system: str, code: str) -> dict[int, F]:
        rows = compute_standings(chess_schedule(4, games, system=system), "standard", [code]).rows
        return {r.id: r.tiebreaks[code] for r in rows if r.id != 3}

    assert de("berger", "DE") == {1: 1, 2: 1, 4: 1}
    assert de("dutch", "DE") == {1: 0, 2: 1, 4: 1}
    assert de("dutch", "DE:P") == {1: 1, 2: 1, 4: 1}


def test_wins_count_rounds_worth_a_win_under_the_scoring() -> None:
    """C.07 (2023) art. 7.1: WIN counts the rounds that gave as many points as a win. With the
    pairing-allocated bye scored as a draw (``byes={"bye": 1/2}``), P2's round-4 bye is no win;
    P5's forfeit win (1 point) still is. Football points (bye 3 = a win) keep the default count."""
    half_bye = get_scoring("standard", byes={"bye": F(1, 2)})
    v = {r.id: r.tiebreaks["WIN"] for r in compute_standings(SWISS, half_bye, ["WIN"]).rows}
    assert [v[p] for p in range(1, 7)] == [2, 0, 1, 1, 3, 0]
    v = {r.id: r.tiebreaks["WIN"] for r in compute_standings(SWISS, "football", ["WIN"]).rows}
    assert [v[p] for p in range(1, 7)] == [2, 1, 1, 1, 3, 0]


def test_weerstandspunten_count_an_opponent_whose_id_is_zero() -> None:
    # Ids 0, 1, 2. R1: 0-1 =; R2: 0-2 1-0; R3: 1-2 1-0. Totals: 0 1.5, 1 1.5, 2 0.
    # WP of 1: drew 0 (1.5) -> 1.5, beat 2 (0) -> 0: 1.5. WP of 0: drew 1 -> 1.5, beat 2 -> 0.
    players = tuple(Participant(id=i, name=f"P{i}") for i in range(3))
    rounds = tuple(
        Round(round=r, tables=(Table(table=1, seats=seats, result=res),), byes=())
        for r, (seats, res) in enumerate([((0, 1), "1/2-1/2"), ((0, 2), "1-0"), ((1, 2), "1-0")], start=1)
    )
    schedule = Schedule(system="test", players=players, rounds=rounds)
    wp = {r.id: r.tiebreaks["WP"] for r in compute_standings(schedule, "standard", ["WP"]).rows}
    assert wp == {0: F(3, 2), 1: F(3, 2), 2: 0}
