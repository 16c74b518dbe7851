"""Organiser accounts and the site's settings: password hashing and the cookie secret."""

from __future__ import annotations

import secrets
import time

import argon2
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from fairdraw.core.errors import InputError
from fairdraw.storage.models import Setting, User


#: argon2id with the OWASP Password Storage Cheat Sheet's first recommended setting
#: (19 MiB, 2 passes, 1 lane): about 0.1 s per sign-in on a venue laptop, while a GPU
#: attacker still pays 19 MiB per guess. Hashes record their parameters, so raising these
#: later still verifies old hashes (and ``check_needs_rehash`` can upgrade them).
_hasher = argon2.PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)


def user_count(session: Session) -> int:
    """How many organiser accounts exist (0 on first run)."""
    return int(session.scalar(select(func.count()).select_from(User)) or 0)


def create_user(session: Session, username: str, password: str) -> User:
    """A new organiser account; the password is stored as an argon2id hash only."""
    username = username.strip()
    if not username:
        raise InputError("the user name is empty", field="username")
    from fairdraw.formats.players import unprintable

    problem = unprintable(username)
    if problem:  # a bell or a direction override in a name others type to share an event
        raise InputError(f"the user name {problem}", field="username")
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



def _signed_out_key(user_id: int) -> str:
    return f"signed_out:{user_id}"


def record_sign_out(session: Session, user_id: int) -> None:
    """Note the moment an organiser signed out: every session of the account signed in before
    it ends, a copy of the cookie kept on a shared venue laptop included (the cookie alone is
    signed, not stored, so signing out only rewrote this browser's copy)."""
    row = session.get(Setting, _signed_out_key(user_id))
    if row is None:
        session.add(Setting(key=_signed_out_key(user_id), value=repr(time.time())))
    else:
        row.value = repr(time.time())
    session.flush()


def signed_out_at(session: Session, user_id: int) -> float | None:
    """When the organiser last signed out (seconds since the epoch), or None."""
    row = session.get(Setting, _signed_out_key(user_id))
    return None if row is None else float(row.value)
