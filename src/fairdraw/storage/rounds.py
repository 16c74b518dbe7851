"""Stored rounds and results: the core model's view of an event, storing a round, recording
results with optimistic concurrency, and undoing the last round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, update
from sqlalchemy.orm import Session

from fairdraw.core import model
from fairdraw.core.errors import InputError
from fairdraw.storage.errors import BoardConflict, ConflictError, NotFoundError
from fairdraw.storage.events import REQUESTABLE_BYES, keep_later_byes, later_byes_of
from fairdraw.storage.models import Board, Event, Participant, RoundRow


def to_core_participant(row: Participant) -> model.Participant:
    """The core model's view of a stored player."""
    return model.Participant(id=row.pid, name=row.name, rating=row.rating, federation=row.federation, club=row.club)


def _supported(cls: type, name: str) -> bool:
    """Whether the core model has this field (results fields arrive with issue 6)."""
    return name in getattr(cls, "__dataclass_fields__", {})


def _core_game(g: dict[str, Any]) -> model.Game:
    extra: dict[str, Any] = {}
    for key in ("scores", "penalties"):
        if g.get(key) is not None and _supported(model.Game, key):
            extra[key] = tuple(g[key])
    return model.Game(game=int(g["game"]), seats=tuple(g["seats"]), out=tuple(g.get("out", ())), **extra)


def _core_table(b: Board) -> model.Table:
    extra: dict[str, Any] = {}
    if b.penalties is not None and _supported(model.Table, "penalties"):
        extra["penalties"] = tuple(b.penalties)
    return model.Table(
        table=b.number,
        seats=tuple(b.seats),
        group=b.group,
        games=tuple(_core_game(g) for g in (b.games or [])),
        result=b.result,
        scores=tuple(b.scores) if b.scores is not None else None,
        **extra,
    )


def to_core_round(row: RoundRow) -> model.Round:
    """The core model's view of a stored round, results included."""
    tables = tuple(_core_table(b) for b in row.boards)
    byes = tuple(model.Bye(id=int(b["id"]), kind=str(b.get("kind", "bye"))) for b in row.byes)
    return model.Round(round=row.number, tables=tables, byes=byes)


def event_schedule(event: Event) -> model.Schedule:
    """The whole event as a core ``Schedule`` (every player, every round, every result)."""
    numbers = {p.pid: p.number for p in event.participants if p.number is not None}
    meta: dict[str, Any] = {}
    if event.total_rounds is not None:
        meta["total_rounds"] = event.total_rounds
    return model.Schedule(
        system=event.system,
        players=tuple(to_core_participant(p) for p in event.participants),
        rounds=tuple(to_core_round(r) for r in event.rounds),
        numbers=numbers,
        seed=event.seed,
        meta=meta,
    )


def store_rounds(session: Session, event: Event, rounds: Iterable[model.Round], meta: dict[str, Any],
                 numbers: dict[int, int]) -> list[RoundRow]:
    """Store newly paired rounds. A round number already stored is a conflict (two clicks)."""
    existing = {r.number for r in event.rounds}
    rounds = list(rounds)
    stored: list[RoundRow] = []
    for rnd in rounds:
        if rnd.round in existing:
            raise ConflictError([BoardConflict(rnd.round, "-", "already paired", "a new pairing")])
        row = RoundRow(
            event_id=event.id,
            number=rnd.round,
            byes=[{"id": b.id, "kind": b.kind} for b in rnd.byes],
            meta=meta,
        )
        session.add(row)
        stored.append(row)
    session.flush()  # round ids for the boards
    # boards in one multi-row INSERT: a whole round robin schedule has thousands
    board_rows = [
        {
            "round_id": row.id,
            "position": position,
            "number": table.table,
            "group": table.group,
            "seats": list(table.seats),
            "games": [_game_row(g) for g in table.games] or None,
            "result": table.result,
            "scores": list(table.scores) if table.scores is not None else None,
            "penalties": _list_or_none(getattr(table, "penalties", None)),
            "version": 0,
        }
        for row, rnd in zip(stored, rounds, strict=True)
        for position, table in enumerate(rnd.tables, start=1)
    ]
    if board_rows:
        session.execute(insert(Board), board_rows)
    _store_numbers(event, numbers, first=not existing)
    _move_byes_on(event, max(existing | {rnd.round for rnd in rounds}, default=0))
    session.flush()
    session.expire(event, ["rounds"])
    return stored


def _move_byes_on(event: Event, paired: int) -> None:
    """After rounds up to ``paired`` are stored: the next round's bye (``next_bye``) was used
    and applies to one round only; a bye asked ahead for the round now next becomes its
    ``next_bye``, the request the pairing reads and the next-round form shows, and those for
    rounds paired are dropped (a withdrawn player's, announced absent instead)."""
    for participant in event.participants:
        later = {number: kind for number, kind in later_byes_of(participant).items() if number > paired}
        participant.next_bye = later.pop(paired + 1, None)
        keep_later_byes(participant, later)


def _move_byes_back(event: Event, undone: RoundRow) -> None:
    """Undo of round ``undone``: the byes its players had asked for in it (half-, zero-point) are
    asked for it again, so the pairing made again honours them; a bye asked for the round after
    it (``next_bye`` until now) goes back to wait for that round, not to the one undone (it was
    applied to the re-pairing of the round before, a round early)."""
    asked = {int(b["id"]): str(b.get("kind")) for b in undone.byes or [] if b.get("kind") in REQUESTABLE_BYES}
    after = undone.number + 1
    for participant in event.participants:
        later = later_byes_of(participant)
        if participant.next_bye is not None and (event.total_rounds is None or after <= event.total_rounds):
            later[after] = participant.next_bye
        participant.next_bye = asked.get(participant.pid)
        keep_later_byes(participant, later)


def _store_numbers(event: Event, numbers: dict[int, int], *, first: bool) -> None:
    """Pairing numbers after a pairing, unique within the event.

    The first rounds made (none stored before) number the field afresh with the system's
    numbers. Later rounds keep every number given (FIDE C.04.1 A.2: the numbers come from the
    order before round 1; a club Swiss reports its current ranking as numbers, which must not
    renumber the printed lists of past rounds); a player without one takes the system's
    number when free, else the next free. A player the system does not number (one withdrawn
    before the schedule was made) takes the next free number after everyone's: keeping an old
    number gave two players the same one, and no number at all shows the place in the list
    (``Schedule.number_of``), which may be taken too."""
    if first:
        for participant in event.participants:
            participant.number = numbers.get(participant.pid)
    taken = {p.number for p in event.participants if p.number is not None}
    unnumbered = {p.pid: p for p in event.participants if p.number is None}
    for pid, number in sorted(numbers.items(), key=lambda item: (item[1], item[0])):
        if pid not in unnumbered:
            continue
        participant = unnumbered.pop(pid)
        if number in taken:
            number = max(taken | {0}) + 1
        participant.number = number
        taken.add(number)
    for participant in sorted(unnumbered.values(), key=lambda p: p.pid):
        participant.number = max(taken | {0}) + 1
        taken.add(participant.number)


GameScores = tuple[tuple[int, tuple[int, ...] | None], ...]


def game_scores_of(board: Board) -> GameScores:
    """The scores entered per game of a league group, in game order."""
    return tuple((int(g["game"]), tuple(g["scores"]) if g.get("scores") is not None else None)
                 for g in (board.games or []))


def _list_or_none(values: Sequence[int] | None) -> list[int] | None:
    return None if values is None else list(values)


def _game_row(game: model.Game) -> dict[str, Any]:
    row: dict[str, Any] = {"game": game.game, "seats": list(game.seats), "out": list(game.out)}
    for key in ("scores", "penalties"):
        value = getattr(game, key, None)
        if value is not None:
            row[key] = list(value)
    return row


@dataclass(frozen=True)
class ResultEntry:
    """What the organiser submitted for one board, and the version they saw."""

    board_id: int
    seen_version: int
    result: str | None = None
    scores: tuple[int, ...] | None = None
    #: per game of a league group: (game number, scores or None), when the form had them
    game_scores: GameScores | None = None
    #: the value shown on the organiser's form; a board left as shown is not a change
    seen_result: str | None = None
    seen_scores: tuple[int, ...] | None = None
    seen_game_scores: GameScores | None = None
    #: mahjong penalties per seat (chombo), positive amounts; None = none / not on the form
    penalties: tuple[int, ...] | None = None
    seen_penalties: tuple[int, ...] | None = None

    def untouched(self) -> bool:
        """True when the organiser submitted exactly what the form showed."""
        return (self.result, self.scores, self.game_scores, self.penalties) == (
            self.seen_result, self.seen_scores, self.seen_game_scores, self.seen_penalties)


def _label(board: Board) -> str:
    return f"{board.group} {board.number}" if board.group else str(board.number)


def _shown(result: str | None, scores: Sequence[int] | None, games: GameScores | None = None,
           penalties: Sequence[int] | None = None) -> str:
    """A board's stored or entered value as a conflict message quotes it, a table's chombo
    included (a chombo added in another tab left the message quoting the very scores shown)."""
    if games:
        return "; ".join(f"game {n}: " + (" ".join(map(str, sc)) if sc else "-") for n, sc in games)
    if scores is not None:
        chombo = f" (chombo: {' '.join(map(str, penalties))})" if penalties and any(penalties) else ""
        return " ".join(str(s) for s in scores) + chombo
    return {"1/2-1/2": "½-½"}.get(result or "", result or "")  # as the page shows a draw


def record_results(session: Session, event: Event, round_number: int, entries: Iterable[ResultEntry]) -> int:
    """Write the entries that change something; return how many boards changed.

    Every changed board is updated with ``WHERE version = seen_version``. When any board
    was saved by someone else in between, ``ConflictError`` names each such board with the
    value it now holds, and the caller's transaction is rolled back: nothing is written.
    """
    rnd = next((r for r in event.rounds if r.number == round_number), None)
    if rnd is None:
        raise NotFoundError(f"no round {round_number}")
    boards = {b.id: b for b in rnd.boards}
    conflicts: list[BoardConflict] = []
    changed = 0
    for entry in entries:
        board = boards.get(entry.board_id)
        if board is None:
            raise NotFoundError(f"no board {entry.board_id} in round {round_number}")
        new_scores = list(entry.scores) if entry.scores is not None else None
        same_games = entry.game_scores is None or entry.game_scores == game_scores_of(board)
        new_penalties = list(entry.penalties) if entry.penalties is not None else None
        if entry.untouched() or (board.result == entry.result and board.scores == new_scores and same_games
                                 and board.penalties == new_penalties):
            continue  # nothing to change: left as shown, or already holds this very value
        values: dict[str, Any] = {"result": entry.result, "scores": new_scores, "penalties": new_penalties,
                                  "version": Board.version + 1}
        if entry.game_scores is not None:
            by_game = dict(entry.game_scores)
            games = []
            for g in board.games or []:
                g = {k: v for k, v in g.items() if k != "scores"}
                if by_game.get(int(g["game"])) is not None:
                    g["scores"] = list(by_game[int(g["game"])] or ())
                games.append(g)
            values["games"] = games
        statement = (
            update(Board)
            .where(Board.id == board.id, Board.version == entry.seen_version)
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        outcome = session.execute(statement)
        if outcome.rowcount != 1:  # type: ignore[attr-defined]
            session.refresh(board)
            conflicts.append(
                BoardConflict(round_number, _label(board),
                              _shown(board.result, board.scores, game_scores_of(board) if board.games else None,
                                     board.penalties),
                              _shown(entry.result, entry.scores, entry.game_scores, entry.penalties) or "no result",
                              kind="board" if len(board.seats) == 2 else "table")
            )
        else:
            changed += 1
    if conflicts:
        raise ConflictError(conflicts)
    session.flush()
    for board in boards.values():
        session.refresh(board)
    return changed


def undo_last_round(session: Session, event: Event, expected: int | None = None) -> int:
    """Delete the highest round with its boards and results; returns its number.

    ``expected`` is the round the organiser's button named: when another click or tab
    has already removed it (or paired a later one), nothing is deleted and the conflict
    is reported, so a double click never removes two rounds. Byes the players had asked
    for in the removed round are asked for again (a re-pairing must honour them), and those
    asked for the round after it wait for that round again (``_move_byes_back``).
    """
    if not event.rounds:
        raise InputError("there is no round to undo")
    last = max(event.rounds, key=lambda r: r.number)
    if expected is not None and expected != last.number:
        raise ConflictError([], f"round {expected} is no longer the last round (round {last.number} is); "
                                f"nothing was removed")
    number, round_id = last.number, last.id
    _move_byes_back(event, last)
    session.execute(delete(Board).where(Board.round_id == round_id))
    session.execute(delete(RoundRow).where(RoundRow.id == round_id))
    session.expire(event)
    session.flush()
    return number
