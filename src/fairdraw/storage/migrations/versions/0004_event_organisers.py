"""Co-organisers: an event's owner lets other organiser accounts manage it too (a deputy
arbiter at another laptop), instead of sharing one account and its password.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a new table only: no existing table is altered, so no row of any event is touched
    op.create_table(
        "event_organisers",
        sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_event_organisers_user_id", "event_organisers", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_event_organisers_user_id", table_name="event_organisers")
    op.drop_table("event_organisers")
