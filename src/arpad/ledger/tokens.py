"""API tokens: who may write to the ledger through ``arpad serve`` (D-web-5).

A token is 32 random bytes (``secrets.token_urlsafe``) shown once when it is created;
the ledger keeps only its SHA-256, so a copy of the database gives nobody a token. A
token's hash needs no salt or slow key derivation: it is not a password a person chose,
and 256 random bits cannot be guessed from their hash.

>>> from arpad.ledger import Ledger
>>> with Ledger.open(":memory:") as ledger, ledger.engine.begin() as conn:
...     made = create_token(conn, "club officer")
...     verify_token(conn, made.token) == made.info.id, verify_token(conn, "guess")
(True, None)
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from dataclasses import dataclass

from sqlalchemy import Connection, func, insert, select, update

from arpad.ledger import schema
from arpad.ledger.db import LedgerError

TOKEN_PREFIX = "arpad_"
"""Every token starts with this, so a leaked one is easy to recognise and search for."""


@dataclass(frozen=True, slots=True)
class TokenInfo:
    id: int
    name: str
    created_at: str
    revoked_at: str | None


@dataclass(frozen=True, slots=True)
class NewToken:
    info: TokenInfo
    token: str
    """The token itself: shown once, never stored."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def create_token(conn: Connection, name: str) -> NewToken:
    """Create a token called ``name`` (who holds it, for the list).

    Raises:
        LedgerError: an empty or overlong name.
    """
    name = " ".join(name.split())
    if not name or len(name) > 100:
        raise LedgerError("a token needs a name of 1 to 100 characters (who holds it)")
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    t = schema.api_tokens
    next_id = int(conn.execute(select(func.coalesce(func.max(t.c.id), 0))).scalar_one()) + 1
    created = _now()
    conn.execute(
        insert(t),
        [{"id": next_id, "name": name, "sha256": token_hash(token), "created_at": created}],
    )
    return NewToken(TokenInfo(next_id, name, created, None), token)


def list_tokens(conn: Connection) -> list[TokenInfo]:
    t = schema.api_tokens
    return [
        TokenInfo(r.id, r.name, r.created_at, r.revoked_at)
        for r in conn.execute(select(t).order_by(t.c.id))
    ]


def revoke_token(conn: Connection, token_id: int) -> TokenInfo:
    """Revoke a token by its id (from the list); it stops working at once.

    Raises:
        LedgerError: no such token.
    """
    t = schema.api_tokens
    row = conn.execute(select(t).where(t.c.id == token_id)).first()
    if row is None:
        raise LedgerError(f"no token with id {token_id} (see 'arpad token list')")
    revoked = row.revoked_at or _now()
    conn.execute(update(t).where(t.c.id == token_id).values(revoked_at=revoked))
    return TokenInfo(row.id, row.name, row.created_at, revoked)


def verify_token(conn: Connection, token: str) -> int | None:
    """The id of the live token ``token``, or ``None`` (unknown or revoked)."""
    if not token.startswith(TOKEN_PREFIX) or len(token) > 200:
        return None
    t = schema.api_tokens
    row = conn.execute(
        select(t.c.id, t.c.sha256).where(t.c.sha256 == token_hash(token), t.c.revoked_at.is_(None))
    ).first()
    # The lookup is by hash; compare again in constant time all the same.
    if row is None or not secrets.compare_digest(row.sha256, token_hash(token)):
        return None
    return int(row.id)


def token_alive(conn: Connection, token_id: int) -> bool:
    t = schema.api_tokens
    row = conn.execute(select(t.c.id).where(t.c.id == token_id, t.c.revoked_at.is_(None))).first()
    return row is not None


__all__ = [
    "NewToken",
    "TokenInfo",
    "create_token",
    "list_tokens",
    "revoke_token",
    "token_alive",
    "verify_token",
]
