"""The storage layer's migrations keep data across upgrades, and the CLI commands of the
web page (`fairdraw user add`, `fairdraw serve`) do what docs/web.md says."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import inspect, text
from typer.testing import CliRunner

from fairdraw.cli.app import app as cli
from fairdraw.storage import repo
from fairdraw.storage.db import alembic_config, data_dir, default_url, make_engine, migrate, session_factory


def test_default_database_is_in_the_users_data_folder() -> None:
    assert default_url({"HOME": "/home/anna"}) == "sqlite:////home/anna/.local/share/fairdraw/fairdraw.sqlite3"
    assert data_dir({"XDG_DATA_HOME": "/data", "HOME": "/h"}) == Path("/data/fairdraw")
    assert default_url({"DATABASE_URL": "postgresql+psycopg://u:p@h/db", "HOME": "/h"}) == "postgresql+psycopg://u:p@h/db"


def test_upgrade_from_the_first_schema_keeps_the_data(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    config = alembic_config(engine)
    with engine.begin() as connection:  # a database made by the first release
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO events (id, name, system, options, public_slug, created_at) "
                                "VALUES (1, 'Old open', 'berger', '{}', 'abc', '2026-01-01')"))
        connection.execute(text("INSERT INTO participants (event_id, pid, name, withdrawn) VALUES (1, 1, 'Ann', 0)"))
    assert "next_bye" not in {c["name"] for c in inspect(engine).get_columns("participants")}
    migrate(engine)  # what `fairdraw serve` does at start-up
    assert "next_bye" in {c["name"] for c in inspect(engine).get_columns("participants")}
    with session_factory(engine)() as db:
        event = repo.get_event(db, 1)
        assert event.name == "Old open" and [p.name for p in event.participants] == ["Ann"]
    migrate(engine)  # idempotent
    engine.dispose()


def test_user_add_creates_an_organiser(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'users.sqlite3'}"
    runner = CliRunner()
    result = runner.invoke(cli, ["user", "add", "chief", "--database", url], input="long password\nlong password\n")
    assert result.exit_code == 0, result.output
    engine = make_engine(url)
    with session_factory(engine)() as db:
        assert repo.authenticate(db, "chief", "long password") is not None
        assert repo.authenticate(db, "chief", "wrong password") is None
    short = runner.invoke(cli, ["user", "add", "other", "--database", url], input="short\nshort\n")
    assert short.exit_code != 0
    engine.dispose()


def test_serve_prints_the_address_and_the_setup_link(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    seen: dict[str, object] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app, **kw))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    result = CliRunner().invoke(cli, ["serve", "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert "fairdraw is running at http://127.0.0.1:8123/" in result.output
    assert "/setup?token=" in result.output
    assert (tmp_path / "fairdraw" / "fairdraw.sqlite3").exists()
    assert seen["host"] == "127.0.0.1" and seen["port"] == 8123


def test_user_list_names_every_account_with_its_events(tmp_path: Path) -> None:
    from fairdraw.storage.models import Event, EventOrganiser

    url = f"sqlite:///{tmp_path / 'users.sqlite3'}"
    runner = CliRunner()
    assert "No organiser account yet" in runner.invoke(cli, ["user", "list", "--database", url]).output
    for name in ("chief", "deputy"):
        assert runner.invoke(cli, ["user", "add", name, "--database", url],
                             input="long password\nlong password\n").exit_code == 0
    engine = make_engine(url)
    with session_factory(engine).begin() as db:
        chief, deputy = (repo.authenticate(db, n, "long password") for n in ("chief", "deputy"))
        assert chief is not None and deputy is not None
        for number in range(2):
            event = repo.create_event(db, name=f"Event {number}", system="berger", owner_id=chief.id)
            db.add(EventOrganiser(event_id=event.id, user_id=deputy.id))
        db.add(Event(name="Old", system="berger", public_slug="old-one", options={}))  # no owner
    engine.dispose()
    result = runner.invoke(cli, ["user", "list", "--database", url])
    assert result.exit_code == 0, result.output
    rows = [line.split("│")[1:4] for line in result.output.splitlines() if "│" in line]
    assert [[cell.strip() for cell in row] for row in rows] == [["chief", "2", "0"], ["deputy", "0", "2"]]
