"""The rating officer's tables: publications (official lists, frozen), the audit log of
corrections, and FIDE's players list as imported (issue 21).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def _publications() -> None:
    op.create_table(
        "publications",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("system", sa.String(40), nullable=False),
        sa.Column("pool", sa.String(20), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("cutoff", sa.Date, nullable=False),
        sa.Column("published_at", sa.String(40), nullable=False),
        sa.Column("published_by", sa.String(100), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("sections", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_publications"),
        sa.UniqueConstraint("system", "pool", "version", name="uq_publications_version"),
    )
    op.create_table(
        "publication_rows",
        sa.Column("publication_id", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("player_id", sa.String(200), nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("established", sa.Boolean, nullable=False),
        sa.Column("mark", sa.String(20), nullable=False),
        sa.Column("last_event", sa.Date, nullable=False),
        sa.Column("title", sa.String(40)),
        sa.Column("federation", sa.String(40)),
        sa.Column("fide_id", sa.String(40)),
        sa.ForeignKeyConstraint(
            ["publication_id"],
            ["publications.id"],
            name="fk_publication_rows_publication_id_publications",
        ),
        sa.PrimaryKeyConstraint("publication_id", "rank", name="pk_publication_rows"),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "publication_texts",
        sa.Column("publication_id", sa.Integer, nullable=False),
        sa.Column("format", sa.String(10), nullable=False),
        sa.Column("text", sa.LargeBinary, nullable=False),
        sa.ForeignKeyConstraint(
            ["publication_id"],
            ["publications.id"],
            name="fk_publication_texts_publication_id_publications",
        ),
        sa.PrimaryKeyConstraint("publication_id", "format", name="pk_publication_texts"),
    )
    op.create_table(
        "publication_sections",
        sa.Column("publication_id", sa.Integer, nullable=False),
        sa.Column("section_key", sa.String(200), nullable=False),
        sa.Column("end_date", sa.Date, nullable=False),
        sa.ForeignKeyConstraint(
            ["publication_id"],
            ["publications.id"],
            name="fk_publication_sections_publication_id_publications",
        ),
        sa.PrimaryKeyConstraint("publication_id", "section_key", name="pk_publication_sections"),
        sqlite_with_rowid=False,
    )


def _audit_and_fide() -> None:
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("at", sa.String(40), nullable=False),
        sa.Column("by", sa.String(100), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("target", sa.Text, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("before", sa.Text, nullable=False),
        sa.Column("after", sa.Text, nullable=False),
        sa.Column("undoes", sa.Integer),
        sa.Column("undone_by", sa.Integer),
        sa.PrimaryKeyConstraint("id", name="pk_audit_log"),
    )
    op.create_table(
        "fide_players",
        sa.Column("fide_id", sa.String(40), nullable=False),
        sa.Column("player_id", sa.String(200), nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("federation", sa.String(40)),
        sa.Column("sex", sa.String(10)),
        sa.Column("title", sa.String(40)),
        sa.Column("women_title", sa.String(40)),
        sa.Column("other_titles", sa.String(80)),
        sa.Column("foa_title", sa.String(40)),
        sa.Column("birth_year", sa.Integer),
        sa.Column("flag", sa.String(10)),
        sa.Column("list_date", sa.Date, nullable=False),
        sa.Column("import_id", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("fide_id", name="pk_fide_players"),
    )
    op.create_table(
        "fide_ratings",
        sa.Column("fide_id", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("list_date", sa.Date, nullable=False),
        sa.Column("rating", sa.Integer, nullable=False),
        sa.Column("games", sa.Integer),
        sa.Column("k", sa.Integer),
        sa.Column("import_id", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("fide_id", "kind", "list_date", name="pk_fide_ratings"),
        sqlite_with_rowid=False,
    )


def upgrade() -> None:
    _publications()
    _audit_and_fide()


def downgrade() -> None:
    for table in (
        "fide_ratings",
        "fide_players",
        "audit_log",
        "publication_sections",
        "publication_texts",
        "publication_rows",
        "publications",
    ):
        op.drop_table(table)
