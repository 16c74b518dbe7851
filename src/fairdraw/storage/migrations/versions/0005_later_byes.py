"""Byes asked ahead: a player may ask for a bye in any later round of a Swiss, not only the next
(an organiser knows on day one who misses round 5; a TRF16 file carries such byes too).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ALTER TABLE ... ADD COLUMN (NULL in every stored row: no bye asked ahead), never a
    # batch copy of the table, which on SQLite recreates it (see 0003)
    op.add_column("participants", sa.Column("later_byes", sa.JSON, nullable=True))


def downgrade() -> None:
    op.drop_column("participants", "later_byes")
