"""The rating_failures table: why a system could not rate a section (or check its norms);
the player_merges table: players merged by ``arpad player merge`` (to split them again).

Events a ledger rated as ``failed`` before this revision keep their reason in
``event_ratings.notes``; they have no ``rating_failures`` row until they are rated again
(``arpad rate-pending --retry-failed``).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "rating_failures",
        sa.Column("event_rating_id", sa.Integer, nullable=False),
        sa.Column("stage", sa.String(10), nullable=False),
        sa.Column("error", sa.String(80)),
        sa.Column("message", sa.Text, nullable=False),
        sa.ForeignKeyConstraint(
            ["event_rating_id"],
            ["event_ratings.id"],
            name="fk_rating_failures_event_rating_id_event_ratings",
        ),
        sa.PrimaryKeyConstraint("event_rating_id", "stage", name="pk_rating_failures"),
    )
    op.create_table(
        "player_merges",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("kept", sa.String(200), nullable=False),
        sa.Column("merged", sa.String(200), nullable=False),
        sa.Column("merged_at", sa.String(40), nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_player_merges"),
        sa.UniqueConstraint("merged", name="uq_player_merges_merged"),
    )


def downgrade() -> None:
    op.drop_table("player_merges")
    op.drop_table("rating_failures")
