"""Events belong to the organiser account that made them (issue 7 item 4: only the organiser
can change anything; a second account on the same installation must not see or change another
account's events). Events stored before keep no owner and stay shared by every account.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ALTER TABLE ... ADD COLUMN on every backend, never a batch "move and copy": on
    # SQLite that recreates the events table, and dropping the old one cascades (the players',
    # rounds' and boards' ON DELETE CASCADE) to every player and round of every event.
    if op.get_bind().dialect.name == "sqlite":
        # SQLite takes a foreign key in ADD COLUMN (the column defaults to NULL); Alembic's
        # add_column refuses one there, so the statement is written out
        op.execute("ALTER TABLE events ADD COLUMN owner_id INTEGER "
                   "REFERENCES users (id) ON DELETE SET NULL")
    else:
        op.add_column("events", sa.Column("owner_id", sa.Integer, nullable=True))
        op.create_foreign_key("fk_events_owner_id_users", "events", "users", ["owner_id"], ["id"],
                              ondelete="SET NULL")
    op.create_index("ix_events_owner_id", "events", ["owner_id"])


def downgrade() -> None:
    op.drop_index("ix_events_owner_id", table_name="events")
    if op.get_bind().dialect.name == "sqlite":
        # SQLite drops a column itself (3.35+) but not one with a foreign key: the column is left
        # in place (unused by the older code) rather than recreate the table, which would cascade
        return
    op.drop_constraint("fk_events_owner_id_users", "events", type_="foreignkey")
    op.drop_column("events", "owner_id")
