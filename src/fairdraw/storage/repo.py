"""Operations on stored events, each meant to run inside ONE transaction of the caller.

The web layer opens a session per request and commits once (``with session.begin()``),
so every change the organiser makes is all-or-nothing (issue 7 item 5). Results are
written with optimistic concurrency: ``UPDATE boards … WHERE id = :id AND version = :seen``.
If another browser saved the board first, no row matches, ``ConflictError`` is raised and
the caller's transaction rolls back, so nothing of the second submission is written.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import argon2
from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.orm import Session, selectinload

from fairdraw.core import model
from fairdraw.core.errors import FairdrawError, InputError
from fairdraw.formats.players import MAX_CLUB, MAX_FEDERATION, MAX_ID, MAX_NAME, MAX_RATING, tidy_text
from fairdraw.storage.models import Board, Event, Participant, RoundRow, Setting, User

#: argon2id with the OWASP Password Storage Cheat Sheet's first recommended setting
#: (19 MiB, 2 passes, 1 lane): about 0.1 s per sign-in on a venue laptop, while a GPU
#: attacker still pays 19 MiB per guess. Hashes record their parameters, so raising these
#: later still verifies old hashes (and ``check_needs_rehash`` can upgrade them).
_hasher = argon2.PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)


class NotFoundError(FairdrawError):
    """The event, round or board asked for does not exist."""


@dataclass(frozen=True)
class BoardConflict:
    """One board whose stored state differs from what the organiser saw."""

    round: int
    board: str
    current: str
    attempted: str


class ConflictError(FairdrawError):
    """Someone else saved first; nothing of this submission was written."""

    def __init__(self, conflicts: Sequence[BoardConflict], message: str | None = None) -> None:
        self.conflicts = list(conflicts)
        if message is None:
            text = "; ".join(
                f"round {c.round} board {c.board} now holds {c.current or 'no result'} (you entered {c.attempted})"
                for c in self.conflicts
            )
            message = f"someone else changed these boards while you were editing: {text}"
        super().__init__(message)


# --- users and settings --------------------------------------------------------------


def user_count(session: Session) -> int:
    """How many organiser accounts exist (0 on first run)."""
    return int(session.scalar(select(func.count()).select_from(User)) or 0)


def create_user(session: Session, username: str, password: str) -> User:
    """A new organiser account; the password is stored as an argon2id hash only."""
    username = username.strip()
    if not username:
        raise InputError("the user name is empty", field="username")
    if len(password) < 8:
        raise InputError("the password needs at least 8 characters", field="password")
    if session.scalar(select(User).where(User.username == username)) is not None:
        raise InputError(f"the user {username!r} already exists", field="username")
    user = User(username=username, password_hash=_hasher.hash(password))
    session.add(user)
    session.flush()
    return user


def authenticate(session: Session, username: str, password: str) -> User | None:
    """The user when the password matches, else None (same work either way)."""
    user = session.scalar(select(User).where(User.username == username.strip()))
    if user is None:
        try:  # spend the same time as a real check, so names cannot be probed by timing
            _hasher.verify(_dummy_hash(), password)
        except argon2.exceptions.VerificationError:
            pass
        return None
    try:
        _hasher.verify(user.password_hash, password)
    except (argon2.exceptions.VerificationError, argon2.exceptions.InvalidHashError):
        return None
    return user


_DUMMY: list[str] = []


def _dummy_hash() -> str:
    if not _DUMMY:
        _DUMMY.append(_hasher.hash("not the password of anyone"))
    return _DUMMY[0]


def secret_key(session: Session) -> str:
    """The cookie-signing secret, created once and kept in the database across restarts."""
    row = session.get(Setting, "secret_key")
    if row is None:
        row = Setting(key="secret_key", value=secrets.token_urlsafe(48))
        session.add(row)
        session.flush()
    return row.value


# --- events and players --------------------------------------------------------------


def list_events(session: Session) -> list[Event]:
    """Every event, newest first."""
    return list(session.scalars(select(Event).order_by(Event.id.desc())))


_LARGEST_KEY = 2**31 - 1


def get_event(session: Session, event_id: int, *, boards_of: int | None = None) -> Event:
    """The event with its players, rounds and boards loaded.

    ``boards_of`` loads the boards of that round only (the other rounds' board lists stay
    empty): a round page of a 99-round event need not read its 4,950 boards.
    """
    # ids and round numbers are 32-bit integers in PostgreSQL (64-bit in SQLite): a number
    # from an address beyond that names nothing, and must not reach the database
    if not 0 < event_id <= _LARGEST_KEY:
        raise NotFoundError(f"no event {event_id}")
    if boards_of is not None and not 0 < boards_of <= _LARGEST_KEY:
        raise NotFoundError(f"no round {boards_of}")
    boards = RoundRow.boards
    if boards_of is not None:
        wanted = select(RoundRow.id).where(RoundRow.event_id == event_id, RoundRow.number == boards_of)
        boards = RoundRow.boards.and_(Board.round_id.in_(wanted.scalar_subquery()))  # type: ignore[assignment]
    event = session.scalar(
        select(Event)
        .where(Event.id == event_id)
        .options(selectinload(Event.participants), selectinload(Event.rounds).selectinload(boards))
    )
    if event is None:
        raise NotFoundError(f"no event {event_id}")
    return event


def get_event_by_slug(session: Session, slug: str) -> Event:
    """The event whose public page has this slug."""
    event_id = session.scalar(select(Event.id).where(Event.public_slug == slug))
    if event_id is None:
        raise NotFoundError("no such public page")
    return get_event(session, event_id)


def create_event(
    session: Session,
    *,
    name: str,
    system: str,
    total_rounds: int | None = None,
    scoring: str | None = None,
    tiebreaks: str | None = None,
    seed: str | None = None,
    options: dict[str, Any] | None = None,
) -> Event:
    """A new event with no players yet, its name and texts checked as the settings form
    checks them (one line, within the columns' sizes)."""
    name = _event_name(name)
    _check_setting_lengths(seed=seed, tiebreaks=tiebreaks)
    event = Event(
        name=name,
        system=system,
        total_rounds=total_rounds,
        scoring=scoring or None,
        tiebreaks=tiebreaks or None,
        seed=seed or None,
        options=dict(options or {}),
        public_slug=secrets.token_urlsafe(9),
    )
    session.add(event)
    session.flush()
    return event


def delete_event(session: Session, event_id: int, *, confirm: str) -> str:
    """Delete an event with its players, rounds and results; returns its name.

    ``confirm`` is the name the organiser typed: it must be the event's name as stored now
    (surrounding spaces aside), checked in the same transaction as the delete, so a
    misplaced click, a stale tab or a rename in another tab deletes nothing (InputError).
    Boards, rounds and players are deleted explicitly rather than left to the foreign keys'
    ``ON DELETE CASCADE``, which an SQLite connection without ``PRAGMA foreign_keys`` would
    not apply: no orphan row is left on any backend.
    """
    if not 0 < event_id <= _LARGEST_KEY:
        raise NotFoundError(f"no event {event_id}")
    name = session.scalar(select(Event.name).where(Event.id == event_id).with_for_update())
    if name is None:
        raise NotFoundError(f"no event {event_id}")
    typed = confirm.strip()
    if not typed:
        raise InputError(f"type the event's name, {name}, to confirm; nothing was deleted", field="confirm")
    if typed != name:
        raise InputError(f"the name typed, {typed[:200]}, is not the event's name, {name}; nothing was deleted",
                         field="confirm")
    rounds = select(RoundRow.id).where(RoundRow.event_id == event_id).scalar_subquery()
    session.execute(delete(Board).where(Board.round_id.in_(rounds)).execution_options(synchronize_session=False))
    session.execute(delete(RoundRow).where(RoundRow.event_id == event_id).execution_options(synchronize_session=False))
    session.execute(delete(Participant).where(Participant.event_id == event_id)
                    .execution_options(synchronize_session=False))
    session.execute(delete(Event).where(Event.id == event_id).execution_options(synchronize_session=False))
    session.flush()
    return name


#: the sizes of the events table's ``seed`` and ``tiebreaks`` columns (``String(200)``)
MAX_SEED = 200
MAX_TIEBREAKS = 200


def _event_name(name: str) -> str:
    """The event's name on one line and within its column, the same rule at creation and in
    the settings: creation used to store a 500-character name or one with line breaks,
    which PostgreSQL refuses (a 500 page) and which splits the TRF16 ``012`` line."""
    name = tidy_text(name, field="name", limit=MAX_NAME)
    if not name:
        raise InputError("the event needs a name", field="name")
    return name


def _check_setting_lengths(*, seed: str | None, tiebreaks: str | None) -> None:
    """Refuse a seed or tie-break list longer than its column, naming the field: PostgreSQL
    refuses the row with an error the organiser cannot read, SQLite stores it silently."""
    for field, value, limit in (("seed", seed, MAX_SEED), ("tie-breaks", tiebreaks, MAX_TIEBREAKS)):
        if value and len(value) > limit:
            raise InputError(f"{field}: {len(value)} characters long (at most {limit})",
                             field="tiebreaks" if field == "tie-breaks" else field)


#: (option key, value before, value asked for) -> why it may not change once a round is made,
#: or None when it may
OptionRule = Callable[[str, Any, Any], str | None]


def _scoring_options_only(key: str, old: Any, new: Any) -> str | None:
    """The default rule: scoring options (``scoring.*``) change at any time, the system's not."""
    if key.startswith(("scoring.", "scoring_")):
        return None
    return "the system's options decided the rounds made"


def update_event(session: Session, event: Event, *, name: str, total_rounds: int | None, scoring: str | None,
                 tiebreaks: str | None, seed: str | None = None, options: dict[str, Any] | None = None,
                 option_rule: OptionRule = _scoring_options_only) -> Event:
    """Change an event's settings. The seed decided the rounds made, so it changes only while
    there is none (``None`` keeps it); the name, the number of rounds, the scoring and the
    tie-breaks may change at any time (standings are recomputed from the results), but never
    to fewer rounds than are paired. Once a round exists, an option changes only where
    ``option_rule`` allows (scoring options do: they only change how results count); any
    other change is refused naming the option, never dropped while the page says "saved"."""
    name = _event_name(name)
    _check_setting_lengths(seed=seed, tiebreaks=tiebreaks)
    if total_rounds is not None and total_rounds < len(event.rounds):
        raise InputError(f"rounds: {len(event.rounds)} rounds are paired already, so at least {len(event.rounds)}",
                         field="rounds")
    if event.rounds and seed is not None and (seed or None) != event.seed:
        raise InputError("seed: the seed is fixed once a round is made (it decided the rounds)", field="seed")
    if event.rounds and options is not None:
        before, after = dict(event.options or {}), dict(options)
        for key in sorted(set(before) | set(after), key=str):
            if before.get(key, _ABSENT) == after.get(key, _ABSENT):
                continue
            reason = option_rule(key, before.get(key), after.get(key))
            if reason:
                change = f"{key}={after[key]!r}" if key in after else f"removing {key}"
                raise InputError(f"options: {change} cannot be saved once a round is made: {reason}",
                                 field="options")
    event.name = name
    event.total_rounds = total_rounds
    event.scoring = scoring or None
    event.tiebreaks = tiebreaks or None
    if not event.rounds and seed is not None:
        event.seed = seed or None
    if options is not None:
        event.options = dict(options)
    session.flush()
    return event


_ABSENT = object()


def follow_schedule_length(session: Session, event: Event, schedule_rounds: int) -> bool:
    """Make the event's round count the length of the fixed schedule just made; True when
    it changed.

    Why: a round robin of 6 makes 5 rounds whatever was typed at creation; a stored
    "3 rounds" then blocked every save of the settings (never fewer than the rounds paired)
    and the TRF16 export said ``XXR 3`` over 5 rounds, which no reader accepts."""
    if event.total_rounds is None or event.total_rounds == schedule_rounds or schedule_rounds < 1:
        return False
    event.total_rounds = schedule_rounds
    session.flush()
    return True


def add_participants(session: Session, event: Event, players: Iterable[model.Participant]) -> list[Participant]:
    """Add players; ids that clash with the event's are renumbered after the highest.

    A pasted CSV without an ``id`` column numbers its rows from 1, which would clash with
    players already entered; renumbering keeps the order and never merges two people.
    """
    incoming = list(players)
    taken = {p.pid for p in event.participants}
    clash = any(p.id in taken for p in incoming) or len({p.id for p in incoming}) != len(incoming)
    next_id = max(taken | {0}) + 1
    added: list[Participant] = []
    for player in incoming:
        fields = _checked_fields(player)
        pid = next_id if clash else player.id
        if clash:
            next_id += 1
        if not 1 <= pid <= MAX_ID:
            raise InputError(f"id must be between 1 and {MAX_ID}, got {pid}", field="id")
        row = Participant(event_id=event.id, pid=pid, withdrawn=False, **fields)
        session.add(row)
        event.participants.append(row)
        added.append(row)
    session.flush()
    return added


def _checked_fields(player: model.Participant) -> dict[str, Any]:
    """A player's stored fields, each on one line and within the columns' bounds (the same
    limits as the players CSV reader), or InputError naming the field."""
    name = tidy_text(player.name, field="name", limit=MAX_NAME)
    if not name:
        raise InputError("a player needs a name", field="name")
    if player.rating is not None and not -MAX_RATING <= player.rating <= MAX_RATING:
        raise InputError(f"rating must be between {-MAX_RATING} and {MAX_RATING}, got {player.rating}",
                         field="rating")
    return {
        "name": name,
        "rating": player.rating,
        "federation": tidy_text(player.federation or "", field="federation", limit=MAX_FEDERATION) or None,
        "club": tidy_text(player.club or "", field="club", limit=MAX_CLUB) or None,
    }


def _participant(event: Event, pid: int) -> Participant:
    for participant in event.participants:
        if participant.pid == pid:
            return participant
    raise NotFoundError(f"no player {pid} in this event")


def update_participant(session: Session, event: Event, pid: int, player: model.Participant) -> Participant:
    """Correct a player's name, rating, federation or club (a misspelt name is no reason to
    withdraw and re-add someone); the id, the pairing number and every round stay."""
    row = _participant(event, pid)
    for key, value in _checked_fields(player).items():
        setattr(row, key, value)
    session.flush()
    return row


def delete_participant(session: Session, event: Event, pid: int) -> str:
    """Remove a player entered by mistake; refused once a stored round names them (then
    *Withdraw* is the way: the rounds played keep their players)."""
    row = _participant(event, pid)
    for rnd in event.rounds:
        if any(pid in b.seats for b in rnd.boards) or any(int(b["id"]) == pid for b in rnd.byes or []):
            raise InputError(f"{row.name} is in round {rnd.number}: withdraw them instead (the rounds made "
                             "name them)", field="player")
    name = row.name
    event.participants.remove(row)
    session.delete(row)
    session.flush()
    return name


def set_withdrawn(session: Session, event: Event, pid: int, withdrawn: bool) -> Participant:
    """Withdraw a player from the rounds still to be paired (or bring them back)."""
    participant = _participant(event, pid)
    participant.withdrawn = withdrawn
    session.flush()
    return participant


REQUESTABLE_BYES = ("half-point", "zero-point")


def set_next_bye(session: Session, event: Event, pid: int, kind: str | None) -> Participant:
    """Record (or clear) a bye a player asked for in the next round (FIDE: H or Z)."""
    if kind is not None and kind not in REQUESTABLE_BYES:
        raise InputError(f"a requested bye is one of {', '.join(REQUESTABLE_BYES)}, not {kind!r}", field="bye")
    participant = _participant(event, pid)
    participant.next_bye = kind
    session.flush()
    return participant


# --- rounds and results --------------------------------------------------------------


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
    for participant in event.participants:
        participant.next_bye = None  # a requested bye applies to one round only
    session.flush()
    session.expire(event, ["rounds"])
    return stored


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


def _shown(result: str | None, scores: Sequence[int] | None, games: GameScores | None = None) -> str:
    if games:
        return "; ".join(f"game {n}: " + (" ".join(map(str, sc)) if sc else "-") for n, sc in games)
    if scores is not None:
        return " ".join(str(s) for s in scores)
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
                              _shown(board.result, board.scores, game_scores_of(board) if board.games else None),
                              _shown(entry.result, entry.scores, entry.game_scores) or "no result")
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
    for in the removed round are asked for again (a re-pairing must honour them).
    """
    if not event.rounds:
        raise InputError("there is no round to undo")
    last = max(event.rounds, key=lambda r: r.number)
    if expected is not None and expected != last.number:
        raise ConflictError([], f"round {expected} is no longer the last round (round {last.number} is); "
                                f"nothing was removed")
    number, round_id = last.number, last.id
    requested = {int(b["id"]): str(b.get("kind")) for b in last.byes or [] if b.get("kind") in REQUESTABLE_BYES}
    for participant in event.participants:
        if participant.pid in requested and participant.next_bye is None:
            participant.next_bye = requested[participant.pid]
    session.execute(delete(Board).where(Board.round_id == round_id))
    session.execute(delete(RoundRow).where(RoundRow.id == round_id))
    session.expire(event)
    session.flush()
    return number
