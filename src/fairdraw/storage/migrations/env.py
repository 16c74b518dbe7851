"""Alembic environment: run migrations on the connection handed over by ``migrate``.

fairdraw never runs Alembic from an ``alembic.ini``; ``fairdraw.storage.db.migrate`` builds
the configuration in code and passes an open connection, so the same code path serves
SQLite and PostgreSQL, the server start-up and the tests.
"""

from __future__ import annotations

from alembic import context

from fairdraw.storage.models import Base

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only when someone runs the alembic CLI by hand
    raise RuntimeError("run migrations through fairdraw.storage.db.migrate(engine)")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
