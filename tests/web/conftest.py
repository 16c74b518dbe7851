"""Fixtures of the web tests: a fresh database per test, on SQLite and (with
TEST_POSTGRES=1) on PostgreSQL, the app on it, and signed-in organiser clients.

PostgreSQL: ``TEST_DATABASE_URL`` names a server and a role that may create databases
(the Makefile's ``postgres`` target starts a local cluster and sets it); every test gets
its own throw-away database, dropped afterwards.
"""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from fairdraw.storage import repo
from fairdraw.storage.db import make_engine, migrate, session_factory
from fairdraw.web import create_app

PASSWORD = "correct horse battery"
BACKENDS = ["sqlite", "postgresql"]


def _postgres_admin_url() -> str:
    return os.environ.get("TEST_DATABASE_URL", "postgresql+psycopg://fairdraw:fairdraw@127.0.0.1:5432/postgres")


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL of an empty database on the backend under test."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'fairdraw.sqlite3'}"
        return
    if os.environ.get("TEST_POSTGRES") != "1":
        pytest.skip("PostgreSQL run not requested (set TEST_POSTGRES=1; `make test` does via .ci/run)")
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    admin_url = make_url(_postgres_admin_url())
    name = f"fairdraw_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield admin_url.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def add_user(url: str, username: str = "organiser", password: str = PASSWORD) -> None:
    engine = make_engine(url)
    migrate(engine)
    with session_factory(engine).begin() as db:
        repo.create_user(db, username, password)
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
    page = client.get("/login")
    response = client.post("/login", data={"username": "organiser", "password": PASSWORD,
                                           "csrf_token": csrf_of(page.text)}, follow_redirects=False)
    assert response.status_code == 303, response.text
    return client


@pytest.fixture
def client(app) -> TestClient:  # type: ignore[no-untyped-def]
    """A signed-in organiser's browser."""
    return signed_in(app)
