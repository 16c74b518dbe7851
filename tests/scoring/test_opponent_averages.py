"""PTP, APRO, APPO, AOB and FB (FIDE C.07 2023 sections 8 and 10), worked by hand."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fairdraw.scoring.standings import compute_standings
from fairdraw.tiebreaks.opponent_averages import expected_score, perfect_performance
from tests.scoring.test_fide_tiebreaks import RR, SWISS


@pytest.mark.parametrize(
    ("rating", "opponent", "pd"),
    [
        (2000, 2000, F(50, 100)), (2003, 2000, F(50, 100)), (2004, 2000, F(51, 100)), (1996, 2000, F(49, 100)),
        # FIDE B.02 table 8.1.2 reads 392-411 as 0.92 and 412-432 as 0.93 (the Technical
        # Commission's tie-break server has 0.93 from 411, and 0.99 at 610 alone: typos there)
        (2411, 2000, F(92, 100)), (2412, 2000, F(93, 100)), (2000, 2412, F(7, 100)),
        (2610, 2000, F(98, 100)), (2620, 2000, F(99, 100)), (2735, 2000, F(99, 100)), (2736, 2000, 1),
        (3000, 2000, 1), (1000, 2000, 0),  # beyond 800 reads as 800
    ],
)
def test_expected_score_reads_the_fide_table(rating: int, opponent: int, pd: F) -> None:
    assert expected_score(rating, opponent) == pd


def test_perfect_performance_limits() -> None:
    assert perfect_performance(F(0), [2000, 2100]) == 1200  # zero: the lowest opponent less 800
    assert perfect_performance(F(1, 2), [2000]) == 1997  # 0.50 holds down to a difference of 3
    assert perfect_performance(F(1), [2000]) == 2736  # a win needs PD 1.00: a difference of 736
    assert perfect_performance(F(3, 2), [2000, 2000]) == 2189  # 0.75 each: a difference of 189
    assert perfect_performance(F(1), []) == 0


@given(
    opponents=st.lists(st.integers(1000, 2800), min_size=1, max_size=12),
    halves=st.integers(1, 24),
)
def test_perfect_performance_is_the_lowest_rating_that_reaches_the_score(opponents: list[int], halves: int) -> None:
    """C.07 section 10: PTP is the *lowest* rating whose expected score reaches the score (a
    search that stops one point high or low fails)."""
    score = F(min(halves, 2 * len(opponents)), 2)
    ptp = perfect_performance(score, opponents)

    def expected(rating: int) -> F:
        return sum((expected_score(rating, r) for r in opponents), F(0))

    if expected(max(opponents) + 800) >= score:
        assert expected(ptp) >= score > expected(ptp - 1)


def _values(codes: list[str], schedule=RR) -> dict[int, dict[str, F]]:  # type: ignore[no-untyped-def]
    return {r.id: r.tiebreaks for r in compute_standings(schedule, "standard", codes).rows}


def test_ptp_of_a_round_robin_player() -> None:
    # A (2000) scored 1.5 against 1800, 1900, 2100. At 1930: 0.68 + 0.54 + 0.28 = 1.50;
    # at 1929: 0.67 + 0.54 + 0.27 = 1.48. So 1930, below A's TPR of 1933.
    v = _values(["PTP", "TPR"])
    assert v[1]["PTP"] == 1930 and v[1]["TPR"] == 1933


def test_apro_averages_the_opponents_tpr() -> None:
    # TPR: A 1933, B 2000 (ARO 2000, 50 %), C 1967 + 125 = 2092, D 1900 - 125 = 1775.
    v = _values(["APRO", "APPO", "PTP"])
    assert v[1]["APRO"] == 1956  # (2000 + 2092 + 1775) / 3 = 1955.67
    assert v[3]["APRO"] == 1903  # (1775 + 1933 + 2000) / 3 = 1902.67
    ptp = {pid: v[pid]["PTP"] for pid in v}
    assert v[1]["APPO"] == round((ptp[2] + ptp[3] + ptp[4]) / 3)  # the opponents' PTP, averaged


def test_aob_averages_the_opponents_buchholz_met_over_the_board() -> None:
    # BH (test_fide_tiebreaks): 1 8.5, 2 9, 3 8, 4 9.5, 5 9, 6 2.5. Byes and forfeits bring no opponent.
    v = _values(["AOB"], SWISS)
    assert v[1]["AOB"] == F(888, 100)  # 2, 4, 5, 3: 35.5 / 4 = 8.875, half up
    assert v[4]["AOB"] == F(863, 100)  # 3, 1, 2, 5: 34.5 / 4 = 8.625
    assert v[3]["AOB"] == F(683, 100)  # 4, 6, 1: 20.5 / 3 = 6.833 (the half-point bye left out)
    assert v[2]["AOB"] == 9 and v[5]["AOB"] == 9  # 2: 1, 5, 4 (not the PAB); 5: 2, 1, 4 (not the forfeit)
    assert v[6]["AOB"] == 8  # only 3 met over the board


def test_fore_buchholz_draws_every_final_pairing() -> None:
    # Final round of SWISS: 1-3 drawn already, 4-5 0-1 read as a draw; 2's PAB and 6's absence keep
    # their points. FB scores: 1 3, 2 1, 3 2.5, 4 2.5, 5 2.5, 6 0 (adjusted 0.5 as an opponent).
    fb = {pid: v["FB"] for pid, v in _values(["FB", "BH"], SWISS).items()}
    assert fb == {1: F(17, 2),  # 2 (1) + 4 (2.5) + 5 (2.5) + 3 (2.5)
                  2: 9,  # 1 (3) + 5 (2.5) + 4 (2.5) + the PAB's dummy (own 1)
                  3: F(17, 2),  # 4 (2.5) + the half-point bye's dummy (own 2.5) + 6 (0.5) + 1 (3); BH was 8
                  4: 9, 5: 9, 6: F(5, 2)}


def test_fore_buchholz_reads_a_final_forfeit_as_a_drawn_game() -> None:
    from tests.scoring.helpers import chess_schedule

    # R1: 1 beats 2, 4 beats 3; R2: 1 wins 3 by forfeit, 2-4 1-0. FB: R2 drawn, so 1 1.5, 2 0.5,
    # 3 0.5, 4 1.5, and 1's forfeit is a game against 3 (0.5), not a dummy worth 1's own 1.5.
    event = chess_schedule(4, [([(1, 2, "1-0"), (4, 3, "1-0")], {}), ([(1, 3, "+/-"), (2, 4, "1-0")], {})])
    fb = {pid: v["FB"] for pid, v in _values(["FB", "FB:C1"], event).items()}
    assert fb == {1: 1, 2: 3, 3: 3, 4: 1}  # 1: 2 + 3; 2: 1 + 4; 3: 4 + 1; 4: 3 + 2


def test_rating_cuts_remove_the_lowest_and_highest_opponent() -> None:
    # A (2000) met B 1800 (won), C 1900 (lost), D 2100 (drew).
    v = _values(["ARO:C1", "ARO:M1", "TPR:C1", "PTP:C1"])[1]
    assert v["ARO:C1"] == 2000  # (1900 + 2100) / 2
    assert v["ARO:M1"] == 1900
    assert v["TPR:C1"] == 2000 - 193  # 0.5 of 2 left: 25 %, dp -193
    # PTP over C (1900) and D (2100) with 0.5: at 1794, differences 106 and 306 give
    # 0.36 + 0.14 = 0.50; at 1793, 107 and 307 give 0.35 + 0.14 = 0.49
    assert v["PTP:C1"] == 1794


def test_a_cut_is_spent_on_an_unrated_opponent_first() -> None:
    from tests.scoring.helpers import chess_schedule

    # 1 meets 2 (1800), 3 (unrated) and 4 (2200): ARO 2000 over the two rated; the cut removes
    # the unrated opponent, not 2, so ARO:C1 stays 2000.
    event = chess_schedule(
        4, [([(1, 2, "1-0"), (3, 4, "0-1")], {}), ([(1, 3, "1-0"), (2, 4, "0-1")], {}), ([(1, 4, "0-1"), (2, 3, "1-0")], {})],
        ratings={1: 2000, 2: 1800, 4: 2200},
    )
    v = _values(["ARO", "ARO:C1", "ARO:C2"], event)[1]
    assert v["ARO"] == 2000 and v["ARO:C1"] == 2000 and v["ARO:C2"] == 2200


def test_unrated_opponents_count_at_the_rating_the_modifier_gives() -> None:
    """``:U1400``: an unrated opponent counts at 1400 instead of being left out (as FIDE's TC
    tie-break server reads ``ARO/U1400``). RR with player 4 unrated: player 1 met 2 (1800,
    won), 3 (1900, lost) and 4 (unrated, drew)."""
    unrated = replace(RR, players=tuple(replace(p, rating=None) if p.id == 4 else p for p in RR.players))
    v = _values(["ARO", "ARO:U1400", "ARO:C1:U1400", "TPR:U1400", "APRO:U1400"], unrated)[1]
    assert v["ARO"] == 1850  # (1800 + 1900) / 2: player 4 left out
    assert v["ARO:U1400"] == 1700  # (1800 + 1900 + 1400) / 3
    assert v["ARO:C1:U1400"] == 1850  # the cut now takes the 1400, the lowest
    assert v["TPR:U1400"] == 1700  # 50 %: dp 0
    # APRO:U1400 averages the opponents' TPR:U1400: 2, 3 and 4 each met 1 and two others
    tpr = _values(["TPR:U1400"], unrated)
    assert v["APRO:U1400"] == round((tpr[2]["TPR:U1400"] + tpr[3]["TPR:U1400"] + tpr[4]["TPR:U1400"]) / 3)


@pytest.mark.parametrize(
    ("code", "message"),
    [("BH:U1400", "unrated-rating"), ("ARO:C1:C2", "two cut"), ("ARO:X1", "modifier 'X1'"), ("KS:L-1:L+1", "two limit")],
)
def test_modifiers_are_checked(code: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _values([code])
