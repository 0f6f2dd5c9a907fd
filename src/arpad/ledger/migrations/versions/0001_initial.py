"""The first ledger schema: imports, players, events, sections, entries, games, unplayed
rounds, titles, systems, event ratings, rating changes and player states.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

ID = sa.String(200)


def upgrade() -> None:
    op.create_table(
        "meta",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("value", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_meta"),
    )
    op.bulk_insert(
        sa.table("meta", sa.column("key", sa.String), sa.column("value", sa.Integer)),
        [{"key": "generation", "value": 0}],
    )
    op.create_table(
        "imports",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("format", sa.String(40), nullable=False),
        sa.Column("imported_at", sa.String(40), nullable=False),
        sa.Column("events", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_imports"),
        sa.UniqueConstraint("sha256", name="uq_imports_sha256"),
    )
    op.create_table(
        "players",
        sa.Column("id", ID, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("birth_date", sa.Date),
        sa.Column("fide_id", sa.String(40)),
        sa.Column("federation", sa.String(40)),
        sa.Column("title", sa.String(40)),
        sa.Column("sex", sa.String(10)),
        sa.PrimaryKeyConstraint("id", name="pk_players"),
    )
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("key", ID, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("end_date", sa.Date, nullable=False),
        sa.Column("import_id", sa.Integer, nullable=False),
        sa.ForeignKeyConstraint(["import_id"], ["imports.id"], name="fk_events_import_id_imports"),
        sa.PrimaryKeyConstraint("id", name="pk_events"),
        sa.UniqueConstraint("key", name="uq_events_key"),
    )
    op.create_index("ix_events_import_id", "events", ["import_id"])
    op.create_table(
        "sections",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("event_id", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("key", ID, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("end_date", sa.Date, nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("pool", sa.String(20), nullable=False),
        sa.Column("dual_rated", sa.Boolean, nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("youth", sa.Boolean, nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name="fk_sections_event_id_events"),
        sa.PrimaryKeyConstraint("id", name="pk_sections"),
        sa.UniqueConstraint("key", name="uq_sections_key"),
        sa.UniqueConstraint("position", name="uq_sections_position"),
    )
    op.create_index("ix_sections_event_id", "sections", ["event_id"])
    op.create_index("ix_sections_order", "sections", ["end_date", "position"])
    op.create_table(
        "entries",
        sa.Column("section_id", sa.Integer, nullable=False),
        sa.Column("ordinal", sa.Integer, nullable=False),
        sa.Column("player_id", ID, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("rating", sa.Float),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("data", sa.Text),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name="fk_entries_player_id_players"),
        sa.ForeignKeyConstraint(
            ["section_id"], ["sections.id"], name="fk_entries_section_id_sections"
        ),
        sa.PrimaryKeyConstraint("section_id", "ordinal", name="pk_entries"),
        sqlite_with_rowid=False,
    )
    op.create_index("ix_entries_player_id", "entries", ["player_id"])
    op.create_table(
        "games",
        sa.Column("section_id", sa.Integer, nullable=False),
        sa.Column("ordinal", sa.Integer, nullable=False),
        sa.Column("round", sa.Integer),
        sa.Column("white", ID, nullable=False),
        sa.Column("black", ID, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("line", sa.Integer),
        sa.ForeignKeyConstraint(
            ["section_id"], ["sections.id"], name="fk_games_section_id_sections"
        ),
        sa.PrimaryKeyConstraint("section_id", "ordinal", name="pk_games"),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "unplayed",
        sa.Column("section_id", sa.Integer, nullable=False),
        sa.Column("ordinal", sa.Integer, nullable=False),
        sa.Column("player_id", ID, nullable=False),
        sa.Column("kind", sa.String(2), nullable=False),
        sa.Column("round", sa.Integer),
        sa.Column("opponent", ID),
        sa.Column("line", sa.Integer),
        sa.ForeignKeyConstraint(
            ["section_id"], ["sections.id"], name="fk_unplayed_section_id_sections"
        ),
        sa.PrimaryKeyConstraint("section_id", "ordinal", name="pk_unplayed"),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "player_titles",
        sa.Column("player_id", ID, nullable=False),
        sa.Column("section_id", sa.Integer, nullable=False),
        sa.Column("title", sa.String(40), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name="fk_player_titles_player_id_players"
        ),
        sa.ForeignKeyConstraint(
            ["section_id"], ["sections.id"], name="fk_player_titles_section_id_sections"
        ),
        sa.PrimaryKeyConstraint("player_id", "section_id", name="pk_player_titles"),
    )
    op.create_table(
        "systems",
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("config", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("name", name="pk_systems"),
    )
    op.create_table(
        "event_ratings",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("section_id", sa.Integer, nullable=False),
        sa.Column("system", sa.String(40), nullable=False),
        sa.Column("pool", sa.String(20), nullable=False),
        sa.Column("end_date", sa.Date, nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("notes", sa.Text),
        sa.ForeignKeyConstraint(
            ["section_id"], ["sections.id"], name="fk_event_ratings_section_id_sections"
        ),
        sa.ForeignKeyConstraint(
            ["system"], ["systems.name"], name="fk_event_ratings_system_systems"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_event_ratings"),
        sa.UniqueConstraint("section_id", "system", "pool", name="uq_event_ratings_unit"),
    )
    op.create_index("ix_event_ratings_order", "event_ratings", ["system", "end_date", "position"])
    op.create_table(
        "rating_changes",
        sa.Column("event_rating_id", sa.Integer, nullable=False),
        sa.Column("player_id", ID, nullable=False),
        sa.Column("pre", sa.Float),
        sa.Column("post", sa.Float),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("expected", sa.Float),
        sa.Column("k", sa.Float),
        sa.Column("bonus", sa.Float, nullable=False),
        sa.Column("method", sa.String(40), nullable=False),
        sa.Column("performance", sa.Float),
        sa.Column("floor", sa.Float),
        sa.Column("notes", sa.Text),
        sa.ForeignKeyConstraint(
            ["event_rating_id"],
            ["event_ratings.id"],
            name="fk_rating_changes_event_rating_id_event_ratings",
        ),
        sa.PrimaryKeyConstraint("event_rating_id", "player_id", name="pk_rating_changes"),
        sqlite_with_rowid=False,
    )
    op.create_index("ix_rating_changes_player", "rating_changes", ["player_id"])
    op.create_table(
        "player_states",
        sa.Column("event_rating_id", sa.Integer, nullable=False),
        sa.Column("player_id", ID, nullable=False),
        sa.Column("system", sa.String(40), nullable=False),
        sa.Column("pool", sa.String(20), nullable=False),
        sa.Column("end_date", sa.Date, nullable=False),
        sa.Column("next_id", sa.Integer),
        sa.Column("next_end_date", sa.Date),
        sa.Column("rating", sa.Float),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("established", sa.Boolean, nullable=False),
        sa.Column("mark", sa.String(20), nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.ForeignKeyConstraint(
            ["event_rating_id"],
            ["event_ratings.id"],
            name="fk_player_states_event_rating_id_event_ratings",
        ),
        sa.PrimaryKeyConstraint("event_rating_id", "player_id", name="pk_player_states"),
        sqlite_with_rowid=False,
    )
    op.create_index(
        "ix_player_states_current",
        "player_states",
        ["system", "pool", "player_id"],
        sqlite_where=sa.text("next_id IS NULL"),
        postgresql_where=sa.text("next_id IS NULL"),
    )
    op.create_index("ix_player_states_next", "player_states", ["next_id"])


def downgrade() -> None:
    for table in (
        "player_states",
        "rating_changes",
        "event_ratings",
        "systems",
        "player_titles",
        "unplayed",
        "games",
        "entries",
        "sections",
        "events",
        "players",
        "imports",
        "meta",
    ):
        op.drop_table(table)
