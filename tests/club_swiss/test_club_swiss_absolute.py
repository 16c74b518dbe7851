"""Property: over random 5-40-player tournaments of up to N-1 rounds, played round by round
with random results, the club Swiss never breaks an absolute rule of seed 002, and it only
says "unsolvable" when the independent reference finds no legal round either."""

from __future__ import annotations

import random

import pytest
from clubswiss_support import absolute_breaches, pair, replay, round_impossible, simulate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairdraw.core.errors import UnsolvableError
from fairdraw.core.model import Schedule


def _run(n: int, rounds: int, rng_seed: int, seed: str, absent_rate: float) -> None:
    rng = random.Random(rng_seed)
    played = 0
    last_history: tuple = ()
    for players, history, absent, outcome in simulate(n, rounds, rng, seed, absent_rate=absent_rate, analyse_limit=0):
        if isinstance(outcome, UnsolvableError):
            # only when truly impossible: the reference finds no legal round either
            refs = replay(players, history)
            present = [pid for pid in refs if pid not in absent]
            assert round_impossible(refs, present), f"round {len(history) + 1}: {outcome}"
            return
        assert isinstance(outcome, Schedule)
        assert outcome.rounds[:-1] == history
        assert absolute_breaches(outcome, rounds) == []
        played += 1
        last_history = history
    # seed 002: absolute rule 1: once the configured rounds are paired, no more
    if played == rounds:
        from clubswiss_support import with_results

        full = last_history + (with_results(outcome.rounds[-1], rng),)
        with pytest.raises(UnsolvableError, match="absolute rule 1"):
            pair(players, full, rounds, seed)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(5, 40),
    data=st.data(),
    rng_seed=st.integers(0, 2**32 - 1),
    seed=st.text(min_size=0, max_size=8),
    absent_rate=st.sampled_from([0.0, 0.0, 0.2]),
)
def test_absolute_rules_never_break(n: int, data: st.DataObject, rng_seed: int, seed: str, absent_rate: float) -> None:
    rounds = data.draw(st.integers(1, n - 1), label="rounds")
    _run(n, rounds, rng_seed, seed, absent_rate)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(5, 40), data=st.data(), rng_seed=st.integers(0, 2**32 - 1), absent_rate=st.sampled_from([0.0, 0.2])
)
def test_absolute_rules_never_break_many(n: int, data: st.DataObject, rng_seed: int, absent_rate: float) -> None:
    rounds = data.draw(st.integers(1, n - 1), label="rounds")
    _run(n, rounds, rng_seed, "slow", absent_rate)


def test_full_round_robin_length_small_fields() -> None:
    """Five players, four rounds (N-1): each round either legal or provably impossible."""
    for rng_seed in range(6):
        _run(5, 4, rng_seed, "rr", 0.0)
