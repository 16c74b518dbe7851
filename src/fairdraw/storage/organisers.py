"""Who manages an event: its owner and the co-organisers the owner named (issue 7 item 4: only
the organiser can change anything; a tournament often has two, a chief arbiter and a deputy at
another laptop, who would otherwise share one account and its password).

A co-organiser sees and changes the event as the owner does (players, rounds, results,
settings); naming or removing co-organisers and deleting the event stay with the owner.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from fairdraw.core.errors import InputError
from fairdraw.storage.errors import ForbiddenError, NotFoundError
from fairdraw.storage.models import Event, EventOrganiser, User


@dataclass(frozen=True)
class Managers:
    """Who manages an event: the owner's account (None: an event every account shares, from
    before events had owners) and the co-organisers the owner named."""

    owner: str | None
    owner_id: int | None
    co_organisers: list[str]


def event_managers(session: Session, event_id: int) -> Managers:
    owner_id = session.scalar(select(Event.owner_id).where(Event.id == event_id))
    return Managers(owner_name(session, event_id), owner_id, co_organisers(session, event_id))


def accounts_overview(session: Session) -> list[tuple[str, int, int]]:
    """Every organiser account by name, with the events it made and those it manages as a
    co-organiser (``fairdraw user list``: the owner needs the exact name to share an event)."""
    owned = {row[0]: row[1] for row in session.execute(
        select(Event.owner_id, func.count()).where(Event.owner_id.is_not(None)).group_by(Event.owner_id))}
    shared = {row[0]: row[1] for row in session.execute(
        select(EventOrganiser.user_id, func.count()).group_by(EventOrganiser.user_id))}
    users = [(row[0], row[1]) for row in session.execute(select(User.id, User.username).order_by(User.username))]
    return [(name, int(owned.get(uid, 0)), int(shared.get(uid, 0))) for uid, name in users]


def is_co_organiser(session: Session, event_id: int, user_id: int) -> bool:
    row = session.execute(select(EventOrganiser.user_id).where(
        EventOrganiser.event_id == event_id, EventOrganiser.user_id == user_id)).first()
    return row is not None


def co_organisers(session: Session, event_id: int) -> list[str]:
    """The co-organisers' account names, in alphabetical order."""
    query = (select(User.username).join(EventOrganiser, EventOrganiser.user_id == User.id)
             .where(EventOrganiser.event_id == event_id).order_by(User.username))
    return list(session.scalars(query))


def owner_name(session: Session, event_id: int) -> str | None:
    """The owner's account name; None for an event shared by every account (stored before
    events had owners)."""
    query = select(User.username).join(Event, Event.owner_id == User.id).where(Event.id == event_id)
    return session.scalar(query)


def check_is_owner(session: Session, event_id: int, user_id: int, doing: str) -> Event:
    """The event, when ``user_id`` owns it (or nobody does: an event from before owners);
    ForbiddenError naming the owner otherwise. ``doing`` says what was refused."""
    event = session.get(Event, event_id)
    if event is None:
        raise NotFoundError(f"no event {event_id}")
    if event.owner_id is not None and event.owner_id != user_id:
        raise ForbiddenError(f"only the account that made this event, {owner_name(session, event_id)}, can {doing}")
    return event


def add_co_organiser(session: Session, event_id: int, user_id: int, username: str) -> str:
    """Let the account ``username`` manage the event; the message for the page."""
    event = check_is_owner(session, event_id, user_id, "name its co-organisers")
    if event.owner_id is None:
        raise InputError("this event was made before events had owners: every organiser account manages it already",
                         field="username")
    name = username.strip()
    if not name:
        raise InputError("type the name of an organiser account", field="username")
    account = session.scalar(select(User).where(User.username == name))
    if account is None:
        raise InputError(f"there is no organiser account named {name[:80]!r}: create it first (`fairdraw user add "
                         "NAME` on the server)", field="username")
    if account.id == event.owner_id:
        raise InputError(f"{name} made this event and manages it already", field="username")
    if is_co_organiser(session, event_id, account.id):  # the form sent twice: nothing to add
        return f"{name} manages this event already."
    session.add(EventOrganiser(event_id=event_id, user_id=account.id))
    session.flush()
    return f"{name} now manages this event too: players, rounds, results and settings."


def remove_co_organiser(session: Session, event_id: int, user_id: int, username: str) -> str:
    """Take the event back from the account ``username``; the message for the page."""
    check_is_owner(session, event_id, user_id, "change its co-organisers")
    name = username.strip()
    account_id = session.scalar(select(User.id).where(User.username == name))
    if account_id is None or not is_co_organiser(session, event_id, account_id):
        raise InputError(f"{name[:80]!r} is not a co-organiser of this event", field="username")
    session.execute(delete(EventOrganiser).where(EventOrganiser.event_id == event_id,
                                                 EventOrganiser.user_id == account_id))
    return f"{name} no longer manages this event."
