"""Small builders for Dutch-system tests: players, rounds from (white, black, result)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fairdraw.core.model import Bye, Participant, Round, Table
from fairdraw.core.registry import PairingRequest
from fairdraw.systems.dutch.system import next_round


def players(n: int) -> tuple[Participant, ...]:
    return tuple(Participant(id=i, name=f"P{i}", rating=2500 - 10 * i) for i in range(1, n + 1))


def rnd(number: int, games: Sequence[tuple[int, int, str]], byes: Sequence[tuple[int, str]] = ()) -> Round:
    return Round(
        round=number,
        tables=tuple(Table(table=i + 1, seats=(w, b), result=r) for i, (w, b, r) in enumerate(games)),
        byes=tuple(Bye(pid, kind) for pid, kind in byes),
    )


def pair(n: int, history: Sequence[Round], total: int = 9, **options: Any) -> Round:
    options.setdefault("initial_colour", "white")
    request = PairingRequest(players=players(n), history=tuple(history), total_rounds=total, options=options)
    return next_round(request)[0]


def pairs_of(r: Round) -> set[frozenset[int]]:
    return {frozenset(t.seats) for t in r.tables}
