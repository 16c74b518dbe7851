"""The migrations make the tables the models describe, and migration 0005 (byes asked ahead)
upgrades a database in use without touching its events.

Why: the page creates and upgrades its schema only through the Alembic migrations (``serve`` at
start-up); a column added to a model without a migration works in no installed database.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from sqlalchemy import inspect, text

from fairdraw.storage import repo
from fairdraw.storage.db import alembic_config, make_engine, migrate, session_factory
from fairdraw.storage.models import Base


def test_every_table_and_column_of_the_models_is_made_by_the_migrations(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
    migrate(engine)
    found = inspect(engine)
    tables = set(found.get_table_names()) - {"alembic_version"}
    assert tables == set(Base.metadata.tables)
    for name, table in Base.metadata.tables.items():
        columns = {c["name"]: c["nullable"] for c in found.get_columns(name)}
        assert set(columns) == {c.name for c in table.columns}, name
        for column in table.columns:
            if not column.primary_key:
                assert columns[column.name] == column.nullable, f"{name}.{column.name}"
    engine.dispose()


def test_the_upgrade_to_byes_asked_ahead_keeps_every_player_and_their_next_bye(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'before-byes-ahead.sqlite3'}")
    config = alembic_config(engine)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0004")
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO events (id, name, system, total_rounds, options, public_slug, created_at) "
                                "VALUES (1, 'Old open', 'dutch', 5, '{}', 'abc', '2026-01-01')"))
        connection.execute(text("INSERT INTO participants (event_id, pid, name, withdrawn, next_bye) "
                                "VALUES (1, 1, 'Ann', 0, 'half-point'), (1, 2, 'Bob', 0, NULL)"))
    assert "later_byes" not in {c["name"] for c in inspect(engine).get_columns("participants")}
    migrate(engine)
    assert "later_byes" in {c["name"] for c in inspect(engine).get_columns("participants")}
    with session_factory(engine).begin() as db:
        event = repo.get_event(db, 1)
        assert [(p.name, p.next_bye, p.later_byes) for p in event.participants] == [
            ("Ann", "half-point", None), ("Bob", None, None)]
        repo.set_bye_ahead(db, event, 2, 4, "zero-point")  # an upgraded database takes a bye ahead
    with session_factory(engine)() as db:
        assert repo.byes_asked_ahead(repo.get_event(db, 1)) == {4: {2: "zero-point"}}
    migrate(engine)  # idempotent
    engine.dispose()
