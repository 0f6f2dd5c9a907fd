"""The rating_failures table: why a system could not rate a section (or check its norms).

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


def downgrade() -> None:
    op.drop_table("rating_failures")
