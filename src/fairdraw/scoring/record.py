"""Recording results in the model (pure): one table's result, validated, in a new Schedule.

The CLI's ``fairdraw result`` edits the JSON document itself (to keep every field it does
not know); the web page and library users record results on the model with these
functions. Both refuse the same things: an unknown round or table, a result that is not a
chess result, scores that do not add up, a filled table without ``force``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from fairdraw.core.errors import InputError
from fairdraw.core.model import Round, Schedule, Table
from fairdraw.scoring.mahjong import MahjongParams, check_game, check_penalties
from fairdraw.scoring.results import normalise_result


def _locate(schedule: Schedule, rnd: int, table: int, group: str | None) -> tuple[int, int]:
    rounds = [i for i, r in enumerate(schedule.rounds) if r.round == rnd]
    if not rounds:
        raise InputError(f"there is no round {rnd}", field="round")
    tables = [
        j
        for j, t in enumerate(schedule.rounds[rounds[0]].tables)
        if t.table == table and (group is None or t.group == group)
    ]
    if not tables:
        raise InputError(f"round {rnd} has no table {table}" + (f" in group {group}" if group else ""), field="table")
    if len(tables) > 1:
        raise InputError(f"round {rnd} has several tables {table}; name the group", field="group")
    return rounds[0], tables[0]


def _replace_table(schedule: Schedule, ri: int, ti: int, new: Table) -> Schedule:
    old_round = schedule.rounds[ri]
    tables = old_round.tables[:ti] + (new,) + old_round.tables[ti + 1 :]
    rounds: tuple[Round, ...] = schedule.rounds[:ri] + (replace(old_round, tables=tables),) + schedule.rounds[ri + 1 :]
    return replace(schedule, rounds=rounds)


def with_chess_result(
    schedule: Schedule, rnd: int, table: int, result: str, *, group: str | None = None, force: bool = False
) -> Schedule:
    """The schedule with this board's result set (canonical spelling)."""
    ri, ti = _locate(schedule, rnd, table, group)
    board = schedule.rounds[ri].tables[ti]
    where = f"round {rnd} table {table}"
    if len(board.seats) != 2:
        raise InputError(f"{where} seats {len(board.seats)}: give scores, not a chess result", field="result")
    try:
        canonical = normalise_result(result)
    except ValueError as exc:
        raise InputError(f"{where}: {exc}", field="result") from None
    if board.result is not None and not force:
        raise InputError(f"{where} already has the result {board.result}; force to replace it", field="result")
    return _replace_table(schedule, ri, ti, replace(board, result=canonical))


def with_mahjong_scores(
    schedule: Schedule,
    rnd: int,
    table: int,
    scores: Sequence[int],
    *,
    penalties: Sequence[int] | None = None,
    game: int | None = None,
    group: str | None = None,
    start: int = 30000,
    uma: Sequence[int] | None = None,
    force: bool = False,
) -> Schedule:
    """The schedule with this table's (or league group game's) final scores set. ``uma`` (raw
    points per place, as ``MahjongParams.uma``) is needed where no default fits: tables of 5."""
    ri, ti = _locate(schedule, rnd, table, group)
    target = schedule.rounds[ri].tables[ti]
    where = f"round {rnd} table {table}" + (f" game {game}" if game is not None else "")
    seats = target.seats
    gi = None
    if game is not None:
        found = [i for i, g in enumerate(target.games) if g.game == game]
        if not found:
            raise InputError(f"round {rnd} table {table} has no game {game}", field="game")
        gi = found[0]
        seats = target.games[gi].seats
        filled = target.games[gi].scores is not None
    elif target.games:
        raise InputError(f"{where} is a group with games; name the game", field="game")
    else:
        filled = target.scores is not None
    problem = check_game(list(scores), len(seats),
                         MahjongParams(start=start, uma=tuple(uma) if uma is not None else None))
    if problem:
        raise InputError(f"{where}: {problem}", field="scores")
    pens = tuple(penalties) if penalties is not None and any(penalties) else None
    pen_problem = check_penalties(pens, len(seats)) if pens is not None else None
    if pen_problem:
        raise InputError(f"{where}: {pen_problem}", field="penalties")
    if filled and not force:
        raise InputError(f"{where} already has scores; force to replace them", field="scores")
    if gi is None:
        new = replace(target, scores=tuple(scores), penalties=pens)
    else:
        games = list(target.games)
        games[gi] = replace(games[gi], scores=tuple(scores), penalties=pens)
        new = replace(target, games=tuple(games))
    return _replace_table(schedule, ri, ti, new)
