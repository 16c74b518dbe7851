"""Fixtures of the web tests: a fresh database per test, on SQLite and (with
TEST_POSTGRES=1) on PostgreSQL, the app on it, and signed-in organiser clients.

PostgreSQL: ``TEST_DATABASE_URL`` names a server and a role that may create databases
(the Makefile's ``postgres`` target starts a local cluster and sets it); every test gets
its own throw-away database, dropped afterwards.
"""

from __future__ import annotations

import os
import re
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from fairdraw.storage import repo
from fairdraw.storage.db import make_engine, migrate, session_factory
from fairdraw.web import create_app
from tests.web.e2e_support import browser, live, page  # noqa: F401  (browser fixtures)

PASSWORD = "correct horse battery"
BACKENDS = ["sqlite", "postgresql"]


def _postgres_admin_url() -> str:
    return os.environ.get("TEST_DATABASE_URL", "postgresql+psycopg://fairdraw:fairdraw@127.0.0.1:5432/postgres")


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A migrated SQLite file, copied for each test (migrating takes longer than copying)."""
    path = tmp_path_factory.mktemp("template") / "template.sqlite3"
    engine = make_engine(f"sqlite:///{path}")
    migrate(engine)
    with engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    engine.dispose()
    return path


@pytest.fixture(scope="session")
def postgres_database(worker_id: str) -> Iterator[str]:
    """One migrated PostgreSQL database per test worker, emptied before each test."""
    if os.environ.get("TEST_POSTGRES") != "1":
        pytest.skip("PostgreSQL run not requested (set TEST_POSTGRES=1; .ci/run does for `make test`)")
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    admin_url = make_url(_postgres_admin_url())
    name = f"fairdraw_test_{worker_id}_{uuid.uuid4().hex[:8]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = admin_url.set(database=name).render_as_string(hide_password=False)
    engine = make_engine(url)
    migrate(engine)
    engine.dispose()
    try:
        yield url
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A URL of an empty, migrated database on the backend under test."""
    if request.param == "sqlite":
        path = tmp_path / "fairdraw.sqlite3"
        shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
        return f"sqlite:///{path}"
    url: str = request.getfixturevalue("postgres_database")
    engine = make_engine(url)
    with engine.begin() as conn:
        conn.exec_driver_sql("TRUNCATE users, settings, events, participants, rounds, boards RESTART IDENTITY CASCADE")
    engine.dispose()
    return url


_HASHES: dict[str, str] = {}


def add_user(url: str, username: str = "organiser", password: str = PASSWORD) -> None:
    """An organiser account; the argon2 hash is computed once per test run (it is slow on purpose)."""
    from fairdraw.storage.models import User

    engine = make_engine(url)
    migrate(engine)
    with session_factory(engine).begin() as db:
        if password not in _HASHES:
            _HASHES[password] = repo.create_user(db, username, password).password_hash
        else:
            db.add(User(username=username, password_hash=_HASHES[password]))
    engine.dispose()


@pytest.fixture
def app_url(database_url: str) -> str:
    """The database URL with an organiser account in it."""
    add_user(database_url)
    return database_url


@pytest.fixture
def app(app_url: str):  # type: ignore[no-untyped-def]
    application = create_app(app_url)
    yield application
    application.state.web.engine.dispose()


def csrf_of(html: str) -> str:
    """The CSRF token of the first form on a page."""
    match = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert match, "no CSRF token on the page"
    return match.group(1)


def signed_in(app) -> TestClient:  # type: ignore[no-untyped-def]
    client = TestClient(app)
    login = client.get("/login")
    response = client.post("/login", data={"username": "organiser", "password": PASSWORD,
                                           "csrf_token": csrf_of(login.text)}, follow_redirects=False)
    assert response.status_code == 303, response.text
    return client


@pytest.fixture
def client(app) -> TestClient:  # type: ignore[no-untyped-def]
    """A signed-in organiser's browser."""
    return signed_in(app)


# --- toy systems: exercise the generic per-round and k-seat paths before the real ones land


def _points(history, pid: int) -> float:  # type: ignore[no-untyped-def]
    total = 0.0
    for rnd in history:
        for table in rnd.tables:
            if pid in table.seats and table.result:
                white, black = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (0.5, 0.5)}.get(table.result, (0, 0))
                total += white if table.seats[0] == pid else black
        total += sum(1 for b in rnd.byes if b.id == pid)
    return total


@pytest.fixture
def toy_systems() -> Iterator[None]:
    """Register a per-round toy ("toy-swiss": neighbours by score) and a fixed 4-seat toy
    ("toy-tables": rotating tables of 4) for the duration of a test."""
    from fairdraw.core.model import Bye, Round, Schedule, Table
    from fairdraw.core.registry import _SYSTEMS, PairingRequest, PairingSystem, register

    class ToySwiss(PairingSystem):
        name = "toy-swiss"
        description = "test only: pairs neighbours in the score order"
        kind = "per-round"

        def pair(self, request: PairingRequest) -> Schedule:
            absent = dict(request.options.get("requested_byes") or {})
            order = sorted(request.players, key=lambda p: (-_points(request.history, p.id), p.id))
            ids = [p.id for p in order if p.id not in absent]
            byes = tuple(Bye(pid, kind) for pid, kind in absent.items())
            byes += (Bye(ids.pop()),) if len(ids) % 2 else ()
            tables = tuple(Table(table=i + 1, seats=(ids[2 * i], ids[2 * i + 1])) for i in range(len(ids) // 2))
            nxt = Round(round=len(request.history) + 1, tables=tables, byes=byes)
            return Schedule(self.name, request.players, (*request.history, nxt), meta={"explanation": "neighbours by score"})

    class ToyTables(PairingSystem):
        name = "toy-tables"
        description = "test only: tables of four, seats rotating"
        kind = "fixed"

        def pair(self, request: PairingRequest) -> Schedule:
            ids = [p.id for p in request.players]
            rounds = []
            for r in range(request.total_rounds or 2):
                shifted = ids[r:] + ids[:r]
                tables = tuple(Table(table=i + 1, seats=tuple(shifted[4 * i:4 * i + 4])) for i in range(len(ids) // 4))
                rounds.append(Round(round=r + 1, tables=tables))
            return Schedule(self.name, request.players, tuple(rounds))

    register(ToySwiss)
    register(ToyTables)
    try:
        yield
    finally:
        _SYSTEMS.pop("toy-swiss", None)
        _SYSTEMS.pop("toy-tables", None)
