"""Finite ratings only: CHECK constraints on every rating column.

A ledger never stores an infinite or NaN rating (issue 24.3): before this revision
``fide1986 -o change=performance`` could store ``inf`` for a perfect score, which then
sorted first on the list and broke ``player``, ``history`` and ``crosstable``. The model
now refuses such a result (:class:`arpad.systems.PlayerRating`); these constraints are
the database's own guard. A ledger that already holds a non-finite rating has that
system's ratings rolled back from the first such event, so ``arpad rate-pending`` rates
them again under the corrected rule.

SQLite cannot add a constraint to a table, so the tables are recreated (batch mode) from
the definitions below, which keep their ``WITHOUT ROWID`` clustering and indexes.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-27
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None

FINITE = "{0} IS NULL OR abs({0}) < 1e308"
"""SQL true of NULL and of a finite number; false of ±Infinity and (PostgreSQL) NaN."""

CHECKED: dict[str, tuple[str, ...]] = {
    "rating_changes": ("pre", "post", "score", "expected", "k", "bonus", "floor"),
    "player_states": ("rating",),
    "entries": ("rating",),
}
"""The rating columns each table constrains (``performance`` may be ±∞: a perfect score)."""


def _checks(table: str) -> list[sa.CheckConstraint]:
    return [
        sa.CheckConstraint(FINITE.format(c), name=f"ck_{table}_{c}_finite") for c in CHECKED[table]
    ]


def _tables(metadata: sa.MetaData) -> dict[str, sa.Table]:
    """The three tables as revision 0004 left them (for SQLite's copy)."""
    sa.Table("sections", metadata, sa.Column("id", sa.Integer, primary_key=True))
    sa.Table("players", metadata, sa.Column("id", sa.String(200), primary_key=True))
    sa.Table("event_ratings", metadata, sa.Column("id", sa.Integer, primary_key=True))
    fk = sa.ForeignKey
    return {
        "entries": sa.Table(
            "entries",
            metadata,
            sa.Column("section_id", sa.Integer, fk("sections.id"), primary_key=True),
            sa.Column("ordinal", sa.Integer, primary_key=True),
            sa.Column("player_id", sa.String(200), fk("players.id"), nullable=False),
            sa.Column("name", sa.Text, nullable=False),
            sa.Column("rating", sa.Float),
            sa.Column("games", sa.Integer, nullable=False),
            sa.Column("data", sa.Text),
            sa.Index("ix_entries_player_id", "player_id"),
            sqlite_with_rowid=False,
        ),
        "rating_changes": sa.Table(
            "rating_changes",
            metadata,
            sa.Column("event_rating_id", sa.Integer, fk("event_ratings.id"), primary_key=True),
            sa.Column("player_id", sa.String(200), primary_key=True),
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
            sa.Index("ix_rating_changes_player", "player_id"),
            sqlite_with_rowid=False,
        ),
        "player_states": sa.Table(
            "player_states",
            metadata,
            sa.Column("event_rating_id", sa.Integer, fk("event_ratings.id"), primary_key=True),
            sa.Column("player_id", sa.String(200), primary_key=True),
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
            sa.Index(
                "ix_player_states_current",
                "system",
                "pool",
                "player_id",
                sqlite_where=sa.text("next_id IS NULL"),
                postgresql_where=sa.text("next_id IS NULL"),
            ),
            sa.Index("ix_player_states_next", "next_id"),
            sqlite_with_rowid=False,
        ),
    }


def _roll_back_non_finite() -> None:
    """Roll back each system's ratings from its first event rating that holds a
    non-finite value (as ``arpad delete-event`` rolls back: later states made current
    again are the ones before it, so nothing after it survives)."""
    conn = op.get_bind()
    bad = " OR ".join(f"NOT ({FINITE.format(c)})" for c in CHECKED["rating_changes"])
    rows = conn.execute(
        sa.text(
            "SELECT system, end_date, position FROM event_ratings WHERE id IN "
            f"(SELECT event_rating_id FROM rating_changes WHERE {bad}) OR id IN "
            "(SELECT event_rating_id FROM player_states WHERE "
            f"NOT ({FINITE.format('rating')}))"
        )
    ).all()
    first: dict[str, tuple[dt.date, int]] = {}
    for system, end_date, position in rows:
        day = end_date if isinstance(end_date, dt.date) else dt.date.fromisoformat(end_date)
        first[system] = min(first.get(system, (day, position)), (day, position))
    from arpad.ledger.rollback import roll_back_from

    for system, (day, position) in first.items():
        roll_back_from(conn, system, day, position, inclusive=True)


def upgrade() -> None:
    _roll_back_non_finite()
    sqlite = op.get_bind().dialect.name == "sqlite"
    tables = _tables(sa.MetaData())
    for name in CHECKED:
        if sqlite:
            for check in _checks(name):
                tables[name].append_constraint(check)
            with op.batch_alter_table(name, copy_from=tables[name], recreate="always"):
                pass
        else:
            for check in _checks(name):
                op.create_check_constraint(check.name, name, check.sqltext)  # type: ignore[arg-type]


def downgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    tables = _tables(sa.MetaData())
    for name in CHECKED:
        if sqlite:
            with op.batch_alter_table(name, copy_from=tables[name], recreate="always"):
                pass
        else:
            for check in _checks(name):
                op.drop_constraint(check.name, name, type_="check")  # type: ignore[arg-type]
