"""Uploads, their compact previews and officers' sessions in the ledger (D-web-7), so that
an upload is read by a background job, never in a request, and several worker processes
share them. Follows the publications revision 0005.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "upload_previews",
        sa.Column("id", sa.String(40), nullable=False),
        sa.Column("token_id", sa.Integer, nullable=False),
        sa.Column("filename", sa.String(120), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("created_at", sa.String(40), nullable=False),
        sa.Column("updated_at", sa.String(40), nullable=False),
        sa.Column("error", sa.Text),
        sa.Column("summary", sa.Text),
        sa.PrimaryKeyConstraint("id", name="pk_upload_previews"),
    )
    op.create_index("ix_upload_previews_state", "upload_previews", ["state"])
    op.create_table(
        "upload_preview_items",
        sa.Column("upload_id", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("doc", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("upload_id", "kind", "seq", name="pk_upload_preview_items"),
    )
    op.create_table(
        "web_sessions",
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("token_id", sa.Integer, nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("sha256", name="pk_web_sessions"),
    )


def downgrade() -> None:
    op.drop_table("web_sessions")
    op.drop_table("upload_preview_items")
    op.drop_index("ix_upload_previews_state", table_name="upload_previews")
    op.drop_table("upload_previews")
