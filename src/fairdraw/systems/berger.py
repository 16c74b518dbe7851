"""Berger round robin (FIDE C.05 Annex 1), single or double.

The tables are generated, not stored: in round r (1-based) of an n-player table (n even;
an odd field adds a dummy with the highest number n), board b pairs the numbers
w = ((b-1) + (r-1)·n/2) mod (n-1) + 1 and, for b ≥ 2, x = ((n-b) + (r-1)·n/2) mod (n-1) + 1,
w with White. Board 1 pairs that w with n: n has Black in odd rounds and White in even rounds.
This reproduces FIDE's published tables board for board (tests compare 3–16 players)
and seed 002's 4-player example `1-4 2-3 / 4-3 1-2 / 2-4 3-1`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fairdraw.core.errors import InputError
from fairdraw.core.model import Bye, Round, Schedule, Table
from fairdraw.core.option_values import flag_option
from fairdraw.core.registry import PairingRequest, PairingSystem, register

Pairing = tuple[int, int]

#: The largest round robin made: 1,000 players play 999 rounds of 500 boards. A larger field is
#: a wrong file or a slip (3,000 players took 37 s and 1.5 GB before the output was written).
MAX_ROUND_ROBIN = 1000


def berger_rounds(count: int) -> list[list[Pairing]]:
    """The rounds of the Berger table for ``count`` numbers (an odd count gets a dummy).

    Each round is a list of (white, black) pairing numbers in board order; with an odd
    count the pair holding the dummy ``count + 1`` is kept, so callers can turn it into a bye.
    """
    if count < 2:
        raise ValueError("a round robin needs at least 2 players")
    if count > MAX_ROUND_ROBIN:
        raise InputError(f"a round robin of {count:,} players would take {count - 1 + count % 2:,} rounds: at most "
                         f"{MAX_ROUND_ROBIN:,} players (a wrong file, or a Meerkamp's group size?)", field="players")
    n = count + (count % 2)
    half = n // 2
    rounds: list[list[Pairing]] = []
    for r in range(1, n):
        shift = (r - 1) * half
        boards: list[Pairing] = []
        first = shift % (n - 1) + 1
        boards.append((first, n) if r % 2 == 1 else (n, first))
        for b in range(2, half + 1):
            white = ((b - 1) + shift) % (n - 1) + 1
            black = ((n - b) + shift) % (n - 1) + 1
            boards.append((white, black))
        rounds.append(boards)
    return rounds


def double_berger_rounds(count: int) -> list[list[Pairing]]:
    """Two cycles; the second repeats the first with colours reversed.

    FIDE C.05 Annex 1 advises swapping the last two rounds of the first cycle in a double
    round robin, so that nobody gets three games in a row with the same colour at the turn.
    """
    single = berger_rounds(count)
    first = single[:-2] + [single[-1], single[-2]] if len(single) >= 2 else list(single)
    second = [[(b, w) for (w, b) in rnd] for rnd in single]
    return first + second


def rounds_to_schedule_rounds(
    rounds: list[list[Pairing]],
    by_number: dict[int, int],
    *,
    group: str | None = None,
    bye_kind: str = "bye",
    first_round: int = 1,
) -> list[Round]:
    """Map pairing numbers to participant ids; a pair with a missing number is a bye."""
    result: list[Round] = []
    for index, pairs in enumerate(rounds):
        tables: list[Table] = []
        byes: list[Bye] = []
        for white, black in pairs:
            if white in by_number and black in by_number:
                tables.append(Table(table=len(tables) + 1, seats=(by_number[white], by_number[black]), group=group))
            else:
                present = white if white in by_number else black
                byes.append(Bye(id=by_number[present], kind=bye_kind))
        result.append(Round(round=first_round + index, tables=tuple(tables), byes=tuple(byes)))
    return result


@register
class Berger(PairingSystem):
    """FIDE Berger tables; ``options``: ``double`` (bool), ``varma`` (bool)."""

    name = "berger"
    description = "Round robin by FIDE's Berger tables (C.05 Annex 1), single or double, optional Varma numbering"
    kind = "fixed"
    option_names = frozenset({"double", "varma"})
    seats_per_table = 2

    def check_options(self, options: Mapping[str, Any]) -> None:
        """``double`` and ``varma`` read as yes or no, as ``pair`` reads them."""
        flag_option(options, "varma")
        flag_option(options, "double")

    def pair(self, request: PairingRequest) -> Schedule:
        players = list(request.players)
        if len(players) < 2:
            raise InputError(f"a round robin needs at least 2 players, got {len(players)}", field="players")
        varma = flag_option(request.options, "varma")
        if varma:
            from fairdraw.systems.varma import varma_order

            players = varma_order(players)
        double = flag_option(request.options, "double")
        numbers = {p.id: i for i, p in enumerate(players, start=1)}
        by_number = {i: p.id for i, p in enumerate(players, start=1)}
        table = double_berger_rounds(len(players)) if double else berger_rounds(len(players))
        return Schedule(
            system=self.name,
            players=tuple(players),
            rounds=tuple(rounds_to_schedule_rounds(table, by_number)),
            numbers=numbers,
            seed=request.seed,
            meta={"double": double, "varma": varma},
        )
