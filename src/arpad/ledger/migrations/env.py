"""Alembic environment: migrations run on the connection :mod:`arpad.ledger.db` passes in.

Developers can also run Alembic by hand (``alembic -x db=arpad.db upgrade head`` with a
config whose ``script_location`` is ``arpad.ledger:migrations``).
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from arpad.ledger.schema import metadata


def _run(connection: object) -> None:
    context.configure(
        connection=connection,  # type: ignore[arg-type]
        target_metadata=metadata,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = context.get_x_argument(as_dictionary=True).get("db", "sqlite:///arpad.db")
    with create_engine(url).connect() as conn:
        _run(conn)


if hasattr(context, "config"):  # imported by Alembic (not by a doctest collector)
    main()
