"""Failed officer logins in the ledger, so that the limit holds across the server's
worker processes (issue 23: two workers each counting their own allowed 20 attempts where
the setting said 10).

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "web_login_failures",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("client", sa.String(100), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_web_login_failures"),
    )
    op.create_index("ix_web_login_failures_client", "web_login_failures", ["client", "at"])


def downgrade() -> None:
    op.drop_index("ix_web_login_failures_client", table_name="web_login_failures")
    op.drop_table("web_login_failures")
