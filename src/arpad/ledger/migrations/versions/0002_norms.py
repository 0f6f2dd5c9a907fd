"""The norms table: title norms earned in each event rating (arpad.titles).

Events a ledger rated before this revision have no norms stored; ``arpad rate-pending
--from-scratch`` rates them again and stores them (D-ledger-16).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "norms",
        sa.Column("event_rating_id", sa.Integer, nullable=False),
        sa.Column("ordinal", sa.Integer, nullable=False),
        sa.Column("player_id", sa.String(200), nullable=False),
        sa.Column("norm_system", sa.String(40), nullable=False),
        sa.Column("title", sa.String(40), nullable=False),
        sa.Column("earned", sa.Boolean, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("required", sa.Float),
        sa.Column("facts", sa.Text, nullable=False),
        sa.ForeignKeyConstraint(
            ["event_rating_id"],
            ["event_ratings.id"],
            name="fk_norms_event_rating_id_event_ratings",
        ),
        sa.PrimaryKeyConstraint("event_rating_id", "ordinal", name="pk_norms"),
        sqlite_with_rowid=False,
    )
    op.create_index("ix_norms_player", "norms", ["player_id"])


def downgrade() -> None:
    op.drop_table("norms")
