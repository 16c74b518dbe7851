"""The hanchan schedule inside one league group (issue 5, item 2).

A group of 4 plays 4 hanchan and every player sits every wind once: the rows of a 4x4
Latin square. The square used here is chosen so that, over the four games, every
player also has each of the other three as the next player in turn order (shimocha) at
least once, instead of always the same neighbour as a plain rotation would give.

A group of 5 plays 5 hanchan; in game k member k sits out and the other four take the
winds in cyclic order from member k+1. Member j then sits wind (j-k-1) mod 5 in game k,
which runs over all four winds as k runs over the four games j plays: every player sits
out exactly once and sits each wind exactly once, the best balance 4 games allow.

Both schedules start ``turn`` games further on (the session's number less one), so the game
a member sits out, or opens as East, moves from session to session. Why: members are in
pairing-number order, so the lowest number of a group is nearly always its first member; an
audit found pairing number 1 sitting out the first hanchan in all 20 sessions of an
80-player season, and number 80 the last (2026-12-05).
"""

from __future__ import annotations

from collections.abc import Sequence

from fairdraw.core.model import Game

#: Rows are games, columns the winds E, S, W, N; entries index the group's members.
_FOUR = ((0, 1, 2, 3), (1, 3, 0, 2), (2, 0, 3, 1), (3, 2, 1, 0))


def group_games(members: Sequence[int], turn: int = 0) -> tuple[Game, ...]:
    """The games of a group of 4 or 5 members (ids), seats in wind order E, S, W, N, the
    schedule started ``turn`` games on (see the module's docstring)."""
    size = len(members)
    if size == 4:
        rows = [_FOUR[(k + turn) % 4] for k in range(4)]
        return tuple(Game(game=k + 1, seats=tuple(members[i] for i in row), out=()) for k, row in enumerate(rows))
    if size == 5:
        return tuple(
            Game(
                game=k + 1,
                seats=tuple(members[(k + turn + w) % 5] for w in range(1, 5)),
                out=(members[(k + turn) % 5],),
            )
            for k in range(5)
        )
    raise ValueError(f"a league group has 4 or 5 members, got {size}")
