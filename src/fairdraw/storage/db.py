"""Where the database lives, how to connect, and bringing its schema up to date.

Default: a SQLite file in the user's data folder (``$XDG_DATA_HOME/fairdraw`` or
``~/.local/share/fairdraw``), so a laptop at the venue needs no database server.
``--database URL`` or ``DATABASE_URL`` selects another, e.g.
``postgresql+psycopg://user:password@host/dbname``. Migrations ship inside the package
and run at every start-up (Alembic records the applied revision, so this is idempotent).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import Session, sessionmaker

from fairdraw.core.errors import InputError

MIGRATIONS = Path(__file__).with_name("migrations")


def data_dir(env: Mapping[str, str] | None = None) -> Path:
    """The user's fairdraw data folder (XDG base directory rules)."""
    env = os.environ if env is None else env
    base = env.get("XDG_DATA_HOME") or str(Path(env.get("HOME", str(Path.home()))) / ".local" / "share")
    return Path(base) / "fairdraw"


def default_url(env: Mapping[str, str] | None = None) -> str:
    """``DATABASE_URL`` when set, else the SQLite file in the data folder."""
    env = os.environ if env is None else env
    if env.get("DATABASE_URL"):
        return env["DATABASE_URL"]
    return f"sqlite:///{data_dir(env) / 'fairdraw.sqlite3'}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; for SQLite the folder is created and foreign keys enforced.

    SQLite enforces ``ON DELETE CASCADE`` only with ``PRAGMA foreign_keys=ON`` per
    connection, and waits (instead of failing at once) when another writer holds the lock.
    WAL mode keeps the default ``synchronous=FULL``: every commit is on disk before the
    page says "saved", so neither a crash nor a power cut loses an entered result.
    """
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise InputError(f"not a database URL: {exc}", field="database") from None
    kwargs: dict[str, Any] = {"future": True}
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
    else:
        kwargs["pool_pre_ping"] = True
    engine = create_engine(parsed, **kwargs)
    if parsed.get_backend_name() == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            # write-ahead log: readers never wait for the writer, a commit is one append
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.close()

    return engine


def alembic_config(engine: Engine) -> Config:
    """An in-code Alembic configuration pointing at the packaged migrations."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False).replace("%", "%%"))
    return config


def migrate(engine: Engine) -> None:
    """Apply every migration not yet applied (one transaction)."""
    config = alembic_config(engine)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def session_factory(engine: Engine) -> sessionmaker[Session]:
    """Sessions that keep loaded objects usable after commit (pages render after writes)."""
    return sessionmaker(bind=engine, expire_on_commit=False)
