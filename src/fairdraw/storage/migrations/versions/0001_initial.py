"""Initial schema: users, settings, events, participants, rounds, boards.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("username", sa.String(80), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("system", sa.String(64), nullable=False),
        sa.Column("total_rounds", sa.Integer, nullable=True),
        sa.Column("scoring", sa.String(32), nullable=True),
        sa.Column("tiebreaks", sa.String(200), nullable=True),
        sa.Column("seed", sa.String(200), nullable=True),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("public_slug", sa.String(40), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "participants",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False, index=True),
        sa.Column("pid", sa.Integer, nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("rating", sa.Integer, nullable=True),
        sa.Column("federation", sa.String(16), nullable=True),
        sa.Column("club", sa.String(200), nullable=True),
        sa.Column("number", sa.Integer, nullable=True),
        sa.Column("withdrawn", sa.Boolean, nullable=False),
        sa.UniqueConstraint("event_id", "pid", name="uq_participant_pid"),
    )
    op.create_table(
        "rounds",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False, index=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("byes", sa.JSON, nullable=False),
        sa.Column("meta", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("event_id", "number", name="uq_round_number"),
    )
    op.create_table(
        "boards",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("round_id", sa.Integer, sa.ForeignKey("rounds.id", ondelete="CASCADE"), nullable=False, index=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("grp", sa.String(64), nullable=True),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("games", sa.JSON, nullable=True),
        sa.Column("result", sa.String(16), nullable=True),
        sa.Column("scores", sa.JSON, nullable=True),
        sa.Column("penalties", sa.JSON, nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.UniqueConstraint("round_id", "position", name="uq_board_position"),
    )


def downgrade() -> None:
    for table in ("boards", "rounds", "participants", "events", "settings", "users"):
        op.drop_table(table)
