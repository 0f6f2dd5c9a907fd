"""Who may write: an API token (``Authorization: Bearer …``) or an officer's browser
session opened with such a token, whose forms carry a CSRF token (D-web-5).

Sessions live in the ledger (table ``web_sessions``), so every worker process of the
server knows them; the cookie holds only a random session id (``HttpOnly``,
``SameSite=Strict``) and the ledger only its SHA-256. Every write checks again that the
session's API token has not been revoked meanwhile.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass

from sqlalchemy import delete, func, insert, select

from arpad.errors import ArpadError
from arpad.ledger import Ledger, schema
from arpad.ledger.tokens import token_alive, verify_token

SESSION_COOKIE = "arpad_session"


class NotAllowed(ArpadError):
    """A write without a valid token, session or CSRF token (HTTP 401/403)."""

    def __init__(self, message: str, status: int = 401) -> None:
        super().__init__(message)
        self.status = status


class TooManyAttempts(ArpadError):
    """Too many failed logins from one address (HTTP 429)."""


@dataclass(frozen=True, slots=True)
class Session:
    token_id: int
    csrf: str
    expires: float


def _digest(sid: str) -> str:
    return hashlib.sha256(sid.encode()).hexdigest()


class Sessions:
    """Officer sessions, kept in the ledger (table ``web_sessions``, only each cookie's
    SHA-256) so that every worker process of the server knows them; and the failed logins,
    also in the ledger (table ``web_login_failures``) so that the limit holds across the
    worker processes (kept per process, two workers allowed twice the limit: issue 23)."""

    def __init__(self, ledger: Ledger, ttl_seconds: int, max_failed_logins: int) -> None:
        self.ledger = ledger
        self.ttl = ttl_seconds
        self.max_failed = max_failed_logins

    def open(self, token_id: int) -> tuple[str, Session]:
        sid = secrets.token_urlsafe(32)
        session = Session(token_id, secrets.token_urlsafe(32), time.time() + self.ttl)
        t = schema.web_sessions
        with self.ledger.engine.begin() as conn:
            conn.execute(delete(t).where(t.c.expires < time.time()))
            conn.execute(
                insert(t).values(
                    sha256=_digest(sid),
                    token_id=session.token_id,
                    csrf=session.csrf,
                    expires=session.expires,
                )
            )
        return sid, session

    def get(self, sid: str | None) -> Session | None:
        if not sid or len(sid) > 100:
            return None
        t = schema.web_sessions
        with self.ledger.engine.connect() as conn:
            row = conn.execute(select(t).where(t.c.sha256 == _digest(sid))).first()
        if row is None or row.expires < time.time():
            return None
        return Session(row.token_id, row.csrf, row.expires)

    def close(self, sid: str | None) -> None:
        if sid:
            t = schema.web_sessions
            with self.ledger.engine.begin() as conn:
                conn.execute(delete(t).where(t.c.sha256 == _digest(sid)))

    def check_attempts(self, client: str) -> None:
        """Refuse a login from ``client`` after too many failures in the last ten minutes
        (counted in the ledger: every worker process sees every failure)."""
        t = schema.web_login_failures
        since = time.time() - LOGIN_WINDOW
        with self.ledger.engine.connect() as conn:
            recent = conn.execute(
                select(func.count())
                .select_from(t)
                .where(t.c.client == _client_key(client), t.c.at >= since)
            ).scalar_one()
        if recent >= self.max_failed:
            raise TooManyAttempts("too many failed logins; try again in ten minutes")

    def failed(self, client: str) -> None:
        """Count a failed login from ``client`` (and forget those older than the window)."""
        t = schema.web_login_failures
        now = time.time()
        with self.ledger.engine.begin() as conn:
            conn.execute(delete(t).where(t.c.at < now - LOGIN_WINDOW))
            conn.execute(insert(t).values(client=_client_key(client), at=now))


LOGIN_WINDOW = 600.0
"""Seconds over which failed logins are counted against ``max_failed_logins``."""


def _client_key(client: str) -> str:
    return client[:100]  # an address is at most 45 characters; the column holds 100


def bearer_token(header: str | None) -> str | None:
    if header is None:
        return None
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


def token_writer(ledger: Ledger, header: str | None) -> int:
    """The token id behind an ``Authorization`` header.

    Raises:
        NotAllowed: no token, or an unknown or revoked one.
    """
    token = bearer_token(header)
    if token is None:
        raise NotAllowed(
            "writing needs an API token: send 'Authorization: Bearer TOKEN' "
            "(create one with 'arpad token create NAME')"
        )
    with ledger.engine.connect() as conn:
        token_id = verify_token(conn, token)
    if token_id is None:
        raise NotAllowed("this API token is unknown or revoked")
    return token_id


def session_writer(ledger: Ledger, session: Session | None, csrf: str | None) -> int:
    """The token id behind an officer's session, checking the form's CSRF token.

    Raises:
        NotAllowed: not logged in, a revoked token, or a missing or wrong CSRF token.
    """
    if session is None:
        raise NotAllowed("log in as a rating officer first (with an API token)")
    if csrf is None or not secrets.compare_digest(csrf, session.csrf):
        raise NotAllowed("the form's CSRF token is missing or wrong; reload the page", 403)
    with ledger.engine.connect() as conn:
        if not token_alive(conn, session.token_id):
            raise NotAllowed("the API token of this session was revoked; log in again")
    return session.token_id


def login(ledger: Ledger, token: str) -> int | None:
    with ledger.engine.connect() as conn:
        return verify_token(conn, token.strip())
