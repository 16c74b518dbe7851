"""What the stored-event operations raise besides ``InputError``: a missing event, round or board,
and a board someone else saved first (optimistic concurrency, see ``fairdraw.storage.rounds``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fairdraw.core.errors import FairdrawError


class NotFoundError(FairdrawError):
    """The event, round or board asked for does not exist."""


class ForbiddenError(FairdrawError):
    """The event belongs to another organiser account (issue 7 item 4): refused, nothing read
    or written."""


@dataclass(frozen=True)
class BoardConflict:
    """One board whose stored state differs from what the organiser saw."""

    round: int
    board: str
    current: str
    attempted: str
    #: what the organiser calls it: a chess "board", a mahjong "table"
    kind: str = "board"


class ConflictError(FairdrawError):
    """Someone else saved first; nothing of this submission was written."""

    def __init__(self, conflicts: Sequence[BoardConflict], message: str | None = None) -> None:
        self.conflicts = list(conflicts)
        if message is None:
            text = "; ".join(
                f"round {c.round} {c.kind} {c.board} now holds {c.current or 'no result'} (you entered {c.attempted})"
                for c in self.conflicts
            )
            kinds = sorted({c.kind for c in self.conflicts}) or ["board"]
            message = f"someone else changed these {' and '.join(k + 's' for k in kinds)} while you were editing: {text}"
        super().__init__(message)

