"""Keizer: a 10-player, 8-round club evening series whose values converge; fixed points.

The fixed-point check recomputes values and scores here, independently of the module:
value of place i (0-based) = first - i x step; a win earns the opponent's value, a draw
half of it, a loss nothing; a bye 2/3 and an absence 1/3 of the own value; plus the own
value once.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from fairdraw.core.model import Bye, Participant, Round, Schedule, Table
from fairdraw.scoring.keizer import KeizerParams, initial_ranking, keizer
from fairdraw.scoring.results import chess_entries
from fairdraw.scoring.standings import compute_standings
from fairdraw.systems.berger import berger_rounds

RESULTS = ("1-0", "1/2-1/2", "0-1")


def club_series(seed: int, n: int = 10, rounds: int = 8, absent_rate: float = 0.1) -> Schedule:
    """Berger pairings for ``n`` players, ``rounds`` evenings; the stronger player usually
    wins; some players are absent (their opponent then has a bye)."""
    rng = random.Random(seed)
    players = tuple(Participant(id=i, name=f"P{i}", rating=2200 - 50 * i) for i in range(1, n + 1))
    built = []
    for r, pairs in enumerate(berger_rounds(n)[:rounds], start=1):
        tables, byes = [], []
        for w, b in pairs:
            if rng.random() < absent_rate:
                absent, present = (w, b) if rng.random() < 0.5 else (b, w)
                byes += [Bye(absent, "absent"), Bye(present, "bye")]
                continue
            stronger_white = w < b
            roll = rng.random()
            result = RESULTS[0 if roll < 0.55 else 1 if roll < 0.8 else 2]
            if not stronger_white:
                result = {"1-0": "0-1", "0-1": "1-0"}.get(result, result)
            tables.append(Table(table=len(tables) + 1, seats=(w, b), result=result))
        built.append(Round(round=r, tables=tuple(tables), byes=tuple(byes)))
    return Schedule(system="test", players=players, rounds=tuple(built))


def independent_ranking_after(schedule: Schedule, ranking: tuple[int, ...]) -> tuple[int, ...]:
    """Score every player with values from ``ranking`` and rank them again (ties: rating order)."""
    n = len(ranking)
    value = {pid: F(n - i) for i, pid in enumerate(ranking)}
    score = {p.id: value[p.id] for p in schedule.players}
    for rnd in schedule.rounds:
        for t in rnd.tables:
            w, b = t.seats
            if t.result == "1-0":
                score[w] += value[b]
            elif t.result == "0-1":
                score[b] += value[w]
            else:
                score[w] += value[b] / 2
                score[b] += value[w] / 2
        for bye in rnd.byes:
            score[bye.id] += value[bye.id] * (F(2, 3) if bye.kind == "bye" else F(1, 3))
    start = sorted(schedule.players, key=lambda p: -(p.rating or 0))
    pos = {p.id: i for i, p in enumerate(start)}
    return tuple(sorted(score, key=lambda pid: (-score[pid], pos[pid])))


def test_ten_players_eight_rounds_converge_to_a_fixed_point() -> None:
    schedule = club_series(seed=8)
    entries = chess_entries(schedule)
    result = keizer(entries, initial_ranking(schedule.players, {}), KeizerParams())
    assert result.converged
    assert 2 <= result.iterations <= 20  # the rating order is not already stable here
    assert independent_ranking_after(schedule, result.ranking) == result.ranking
    # values: 10 for the leader down to 1
    assert sorted(result.values.values()) == [F(v) for v in range(1, 11)]
    # the standings follow the Keizer ranking and publish the iteration count
    st = compute_standings(schedule, "keizer", [])
    assert tuple(r.id for r in st.rows) == result.ranking
    assert st.meta["iterations"] == result.iterations and st.meta["converged"] is True


def test_configured_first_value_and_step() -> None:
    schedule = club_series(seed=3)
    params = KeizerParams(first_value=F(50), step=F(2), draw=F(1, 2), bye=F(1), absence=F(1, 2))
    result = keizer(chess_entries(schedule), initial_ranking(schedule.players, {}), params)
    assert sorted(result.values.values(), reverse=True)[:3] == [50, 48, 46]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(4, 12), absent=st.sampled_from([0.0, 0.1, 0.3]))
def test_keizer_terminates_deterministically(seed: int, n: int, absent: float) -> None:
    rounds = n - 1 if n % 2 == 0 else n
    schedule = club_series(seed, n=n - (n % 2), rounds=min(rounds, 8), absent_rate=absent)
    entries = chess_entries(schedule)
    start = initial_ranking(schedule.players, {})
    first = keizer(entries, start, KeizerParams())
    again = keizer(entries, start, KeizerParams())
    assert first == again
    assert sorted(first.ranking) == sorted(p.id for p in schedule.players)
    if first.converged:
        assert independent_ranking_after(schedule, first.ranking) == first.ranking
    else:
        assert first.cycle_length >= 2 or first.iterations == KeizerParams().max_iterations


def test_a_cycle_is_detected_and_resolved_deterministically() -> None:
    # Found by search: these eight players' rankings cycle instead of settling.
    schedule = club_series(0, n=8, rounds=7, absent_rate=0.2)
    entries = chess_entries(schedule)
    start = initial_ranking(schedule.players, {})
    result = keizer(entries, start, KeizerParams())
    assert not result.converged and result.cycle_length >= 2
    assert result == keizer(entries, start, KeizerParams())
    # the ranking chosen is one of the cycle's and its scores are the ones its values give
    assert independent_ranking_after(schedule, result.ranking) != result.ranking
    st = compute_standings(schedule, "keizer", [])
    assert st.meta["cycle_length"] == result.cycle_length


def test_percentages_as_text() -> None:
    from fairdraw.scoring.keizer import params_from

    params = params_from({"draw": "50%", "bye": "2/3", "absence": "0.25", "first_value": "30"})
    assert (params.draw, params.bye, params.absence, params.first_value) == (F(1, 2), F(2, 3), F(1, 4), 30)


def test_a_withdrawn_player_earns_no_absence_share_from_the_withdrawal_on() -> None:
    """Found by an audit: a player who lost round 1 and withdrew was second after round 3 on
    two absence shares (1/3 of the own value each), ahead of a player who won two of three.
    From ``meta.withdrawn_at`` (as `pair --withdraw` records it) on, nothing is earned; the
    rounds before keep their points, an absence before the withdrawal its share."""
    from fairdraw.scoring.keizer import KeizerScoring

    players = tuple(Participant(id=i, name=f"P{i}", rating=2000 - 100 * i) for i in range(1, 6))
    rounds = (
        Round(1, (Table(1, (1, 2), result="1-0"), Table(2, (3, 4), result="1-0")), (Bye(5, "bye"),)),
        Round(2, (Table(1, (1, 3), result="0-1"), Table(2, (4, 5), result="1-0")), (Bye(2, "absent"),)),
        Round(3, (Table(1, (3, 5), result="0-1"), Table(2, (1, 4), result="1-0")), ()),  # 2 not listed
        Round(4, (Table(1, (1, 5), result="1-0"), Table(2, (3, 4), result="1/2-1/2")), (Bye(2, "absent"),)),
    )
    base = Schedule("keizer", players, rounds, numbers={p.id: p.id for p in players})
    withdrawn = Schedule("keizer", players, rounds, numbers=base.numbers, meta={"withdrawn_at": {"2": 3}})
    before, after = KeizerScoring().score(base), KeizerScoring().score(withdrawn)
    # the same values for player 2's opponents' wins aside, 2's own total loses exactly the
    # shares of rounds 3 and 4 (1/3 of the own value each), and keeps round 2's
    values_after = after.meta["values"]
    own = F(values_after["2"]).limit_denominator(1000)
    entries_after = [e for e in chess_entries(withdrawn)[2] if e.round < 3]
    assert len(entries_after) == 2  # the game of round 1 and the absence of round 2 stay
    assert after.points[2] == own + own / 3  # own value once (classic Keizer) + round 2's share
    assert before.points[2] > after.points[2]
    # without the record nothing changes for anyone: the shares stay (an announced absence)
    assert KeizerScoring().score(replace(withdrawn, meta={})).points == before.points


def test_a_damaged_withdrawal_record_is_named() -> None:
    from fairdraw.core.errors import InputError
    from fairdraw.scoring.keizer import KeizerScoring

    players = tuple(Participant(id=i, name=f"P{i}") for i in (1, 2))
    rounds = (Round(1, (Table(1, (1, 2), result="1-0"),)),)
    for damaged in ([2], {"2": "three"}, {"x": 3}, {"2": 0}):
        try:
            KeizerScoring().score(Schedule("keizer", players, rounds, meta={"withdrawn_at": damaged}))
        except InputError as exc:
            assert exc.field == "meta.withdrawn_at"
        else:
            raise AssertionError(f"{damaged!r} taken")


def test_the_ladder_pairs_from_the_ranking_without_shares_after_a_withdrawal() -> None:
    """The ranking a Keizer round is paired from (``keizer_ranking``) follows the standings:
    the withdrawn player's shares from ``withdrawn_at`` on are gone there too."""
    from fairdraw.systems.keizer import keizer_ranking

    players = tuple(Participant(id=i, name=f"P{i}", rating=2000 - 100 * i) for i in range(1, 6))
    history = (
        Round(1, (Table(1, (2, 1), result="1-0"), Table(2, (3, 4), result="0-1")), (Bye(5, "bye"),)),
        Round(2, (Table(1, (1, 3), result="1-0"), Table(2, (4, 5), result="1-0")), (Bye(2, "absent"),)),
        Round(3, (Table(1, (3, 5), result="1-0"), Table(2, (1, 4), result="1-0")), (Bye(2, "absent"),)),
    )
    _, with_shares, _ = keizer_ranking(players, history, {})
    _, without, _ = keizer_ranking(players, history, {}, {2: 2})
    assert without[2] < with_shares[2]
    assert {pid for pid in with_shares if with_shares[pid] != without[pid]} >= {2}
