"""Alembic migrations shipped inside the package (applied by ``fairdraw.storage.db.migrate``)."""
