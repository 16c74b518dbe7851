"""What the field and the rounds played must be before a chess round is paired, checked once.

The per-round chess systems (the FIDE Dutch, the club Swiss, the Keizer ladder) all replay the
rounds played to pair the next one, and a field or history that contradicts itself makes that
replay meaningless: a player listed twice gets paired twice (on a board and on the bye, or
against himself), a player on two boards of one round, or on a board and on the bye, has two
results for one round (a round gives each player one game, or one bye: FIDE C.04.1 c gives
the bye to the one player left unpaired). Each system used to catch some of these on its own (the club Swiss all, the Dutch engine none:
an assertion deep in its state); now all three call ``check_chess_history`` and refuse them
the same way, naming the round and the field (``rounds[0].tables[1].seats``) so a secretary
finds the cell to fix. The caller that read the file adds its name (``InputError.source``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from fairdraw.core.errors import InputError
from fairdraw.core.model import Round

#: A chess board seats two, white then black.
BOARD_SEATS = 2


def check_unique_players(ids: Iterable[int]) -> frozenset[int]:
    """The players' ids, each of which must be listed once (a second entry would be paired as
    a second player); InputError names the second entry (``players[4].id``)."""
    first: dict[int, int] = {}
    for index, pid in enumerate(ids):
        if pid in first:
            raise InputError(f"player id {pid} appears twice (entries {first[pid] + 1} and {index + 1} of the "
                             "players); list each player once", field=f"players[{index}].id")
        first[pid] = index
    return frozenset(first)


def _check_round(index: int, rnd: Round, known: frozenset[int]) -> None:
    """One round: boards of two known players, byes of known players, nobody twice (two
    boards, one board against himself, a board and a bye, or two byes)."""
    where = f"rounds[{index}]"
    seen: set[int] = set()
    for t_index, table in enumerate(rnd.tables):
        field_ = f"{where}.tables[{t_index}].seats"
        if len(table.seats) != BOARD_SEATS:
            raise InputError(f"round {rnd.round} table {table.table}: a chess board has {BOARD_SEATS} seats, "
                             f"got {len(table.seats)}", field=field_)
        for pid in table.seats:
            if pid not in known:
                raise InputError(f"round {rnd.round}: unknown player id {pid}", field=field_)
            if pid in seen:
                how = "against himself" if table.seats.count(pid) > 1 else "twice"
                raise InputError(f"round {rnd.round}: player {pid} is seated {how}", field=field_)
            seen.add(pid)
    for b_index, bye in enumerate(rnd.byes):
        field_ = f"{where}.byes[{b_index}]"
        if bye.id not in known:
            raise InputError(f"round {rnd.round}: unknown player id {bye.id} in the byes", field=field_)
        if bye.id in seen:
            also = "a seat" if bye.id in rnd.seated_ids() else "another bye"
            raise InputError(f"round {rnd.round}: player {bye.id} has a bye and {also}", field=field_)
        seen.add(bye.id)


def check_chess_history(player_ids: Iterable[int], history: Sequence[Round]) -> frozenset[int]:
    """Refuse a field listing a player twice and rounds played that seat anyone twice, seat
    an unknown id, or hold a board that is not two seats; returns the players' ids. Results
    are left to each system, which knows its own (seed 002 and FIDE read forfeits alike, but
    not every spelling)."""
    known = check_unique_players(player_ids)
    check_round_numbers(history)
    for index, rnd in enumerate(history):
        _check_round(index, rnd, known)
    return known


def check_round_numbers(rounds: Sequence[Round]) -> None:
    """Rounds numbered from 1 up, each once, in play order: a round number used twice hid one
    round's results behind the other's (standings dropped them, pair scored without them), and
    rounds out of order were replayed in file order (other colours, a TRF column shifted)."""
    for index, rnd in enumerate(rounds):
        if rnd.round < 1:
            raise InputError(f"round numbers start at 1, got {rnd.round}", field=f"rounds[{index}].round")
        if index and rnd.round <= rounds[index - 1].round:
            what = "used twice" if rnd.round == rounds[index - 1].round else "out of order"
            raise InputError(f"round {rnd.round} is {what} (after round {rounds[index - 1].round}): list each "
                             "round once, in play order", field=f"rounds[{index}].round")
