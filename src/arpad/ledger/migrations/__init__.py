"""Alembic migrations of the ledger schema (run by :func:`arpad.ledger.db.upgrade`)."""
