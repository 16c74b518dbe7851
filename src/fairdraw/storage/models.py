"""SQLAlchemy 2 models of what an organiser runs: users, events, players, rounds, boards.

The tables mirror the core model (``fairdraw.core.model``) so that an event converts to a
``Schedule`` and back without loss. Seats, byes and games are stored as JSON lists of
participant ids because their length depends on the system (2 seats for chess, 4 for
mahjong, groups of 5 in a league) and they are always read and written as a whole.

``Board.version`` is the optimistic-concurrency counter of issue 7 item 5: a result is
written with ``UPDATE … WHERE version = <the version the organiser saw>``, so a second
browser that saw an older version changes nothing and is told.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base of every fairdraw table."""


class User(Base):
    """An organiser who may change events (password hashed with argon2id)."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(80), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class Setting(Base):
    """Installation-wide values kept across restarts (the cookie-signing secret)."""

    __tablename__ = "settings"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Event(Base):
    """A tournament or league run with one pairing system."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    system: Mapped[str] = mapped_column(String(64))
    total_rounds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    scoring: Mapped[str | None] = mapped_column(String(32), nullable=True)
    tiebreaks: Mapped[str | None] = mapped_column(String(200), nullable=True)
    seed: Mapped[str | None] = mapped_column(String(200), nullable=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    public_slug: Mapped[str] = mapped_column(String(40), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    #: the organiser account that made the event and alone may see or change it on the page;
    #: None for an event stored before events had owners (migration 0003), shared by every account
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True,
                                                 index=True)

    participants: Mapped[list[Participant]] = relationship(
        back_populates="event", cascade="all, delete-orphan", order_by="Participant.pid"
    )
    rounds: Mapped[list[RoundRow]] = relationship(
        back_populates="event", cascade="all, delete-orphan", order_by="RoundRow.number"
    )


class EventOrganiser(Base):
    """Another organiser account that manages an event beside its owner (a deputy arbiter, a
    second match secretary): it sees and changes the event as the owner does, except who
    manages it and deleting it (migration 0004)."""

    __tablename__ = "event_organisers"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True)
    added_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class Participant(Base):
    """A player of one event; ``pid`` is the participant id of the core model."""

    __tablename__ = "participants"
    __table_args__ = (UniqueConstraint("event_id", "pid", name="uq_participant_pid"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    pid: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(200))
    rating: Mapped[int | None] = mapped_column(Integer, nullable=True)
    federation: Mapped[str | None] = mapped_column(String(16), nullable=True)
    club: Mapped[str | None] = mapped_column(String(200), nullable=True)
    number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    withdrawn: Mapped[bool] = mapped_column(Boolean, default=False)
    #: a bye asked for the next round of a per-round system ("half-point", "zero-point");
    #: handed to the system as ``requested_byes`` and cleared once that round is paired (then
    #: set from ``later_byes`` when a bye was asked ahead for the round now next)
    next_bye: Mapped[str | None] = mapped_column(String(16), nullable=True)
    #: byes asked ahead for rounds after the next, round number (as text, a JSON key) -> kind
    #: (``{"5": "half-point"}``): an organiser knows on day one who misses round 5. Each moves
    #: to ``next_bye`` when the round before it is paired (``storage.rounds``), and back on undo
    #: (migration 0005; NULL in rows stored before it: none)
    later_byes: Mapped[dict[str, str] | None] = mapped_column(JSON(none_as_null=True), nullable=True)

    event: Mapped[Event] = relationship(back_populates="participants")


class RoundRow(Base):
    """One round (chess round, mahjong hanchan, league session) of an event."""

    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("event_id", "number", name="uq_round_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    #: ``[{"id": 5, "kind": "bye"}, …]`` (kinds: fairdraw.core.model.BYE_KINDS)
    byes: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    #: what the system published with this round (explanations, design source, metrics)
    meta: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    event: Mapped[Event] = relationship(back_populates="rounds")
    boards: Mapped[list[Board]] = relationship(
        back_populates="round", cascade="all, delete-orphan", order_by="Board.position"
    )


class Board(Base):
    """A board or table of a round, with its result once entered."""

    __tablename__ = "boards"
    __table_args__ = (UniqueConstraint("round_id", "position", name="uq_board_position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    number: Mapped[int] = mapped_column(Integer)
    group: Mapped[str | None] = mapped_column("grp", String(64), nullable=True)
    seats: Mapped[list[int]] = mapped_column(JSON)
    games: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)
    result: Mapped[str | None] = mapped_column(String(16), nullable=True)
    scores: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    #: mahjong penalties per seat (chombo), subtracted after uma (issue 6)
    penalties: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=0)

    round: Mapped[RoundRow] = relationship(back_populates="boards")
