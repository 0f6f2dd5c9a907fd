"""The rating officer's operations on a :class:`~arpad.ledger.Ledger`: publish, correct,
undo, each in one transaction, then re-rate and report whose ratings moved; a dry run
does the same on a scratch copy (:mod:`arpad.ledger.scratch`). The rules are in
:mod:`arpad.ledger.publications` and :mod:`arpad.ledger.corrections`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import Connection

from arpad.ledger import corrections, publications
from arpad.ledger.corrections import AuditEntry, Moved
from arpad.ledger.db import LedgerError, bump_generation
from arpad.ledger.publications import Published
from arpad.ledger.rating import RateReport
from arpad.ledger.scratch import scratch_copy
from arpad.model import Pool

if TYPE_CHECKING:
    from arpad.ledger.core import Ledger


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class Corrected:
    """What a correction (or an undo) did: its audit entry, whose ratings moved, and the
    re-rating. In a dry run nothing was written: the entry's id is what it would get."""

    entry: AuditEntry
    moved: tuple[Moved, ...]
    report: RateReport
    dry_run: bool


Change = Callable[[Connection, str], int]
"""Makes one change inside a transaction (given the time) and returns its log entry's id."""


def _apply(ledger: Ledger, change: Change) -> Corrected:
    waiting = max(ledger.pending().values(), default=0)
    if waiting:
        raise LedgerError(
            f"{waiting} section(s) are waiting to be rated; run 'arpad rate-pending' first, "
            "so that the report shows what this change alone moves"
        )
    with ledger.engine.connect() as conn:
        before = corrections.snapshot(conn)
    with ledger.engine.begin() as conn:
        bump_generation(conn)
        entry_id = change(conn, now())
    report = ledger.rate_again()
    with ledger.engine.connect() as conn:
        after = corrections.snapshot(conn)
        moved = corrections.moved(conn, before, after)
        entry = corrections.entry(conn, entry_id)
    return Corrected(entry, tuple(moved), report, dry_run=False)


def apply(ledger: Ledger, change: Change, *, dry_run: bool) -> Corrected:
    """Make ``change``, re-rate and report; with ``dry_run``, on a scratch copy."""
    if not dry_run:
        return _apply(ledger, change)
    # The same kind of ledger over the copy: this module sits below arpad.ledger.core,
    # which calls it, so it takes the class from the ledger it is given.
    with scratch_copy(ledger.engine) as engine:
        done = _apply(type(ledger)(engine), change)
    return Corrected(done.entry, done.moved, done.report, dry_run=True)


def correct_game(
    ledger: Ledger,
    event: str,
    round_: int,
    white: str,
    black: str,
    *,
    score: float | None,
    annul: bool,
    reason: str,
    by: str,
    dry_run: bool = False,
) -> Corrected:
    def change(conn: Connection, at: str) -> int:
        game = corrections.find_game(conn, event, round_, white, black)
        return corrections.correct_game(
            conn, game, score=score, annul=annul, reason=reason, by=by, at=at
        )

    return apply(ledger, change, dry_run=dry_run)


def correct_rating(
    ledger: Ledger,
    player_id: str,
    system: str,
    pool: Pool,
    rating: float,
    *,
    reason: str,
    by: str,
    dry_run: bool = False,
) -> Corrected:
    def change(conn: Connection, at: str) -> int:
        return corrections.correct_rating(
            conn, system, pool, player_id, rating, reason=reason, by=by, at=at
        )

    return apply(ledger, change, dry_run=dry_run)


def undo(
    ledger: Ledger, entry_id: int, *, reason: str, by: str, dry_run: bool = False
) -> Corrected:
    def change(conn: Connection, at: str) -> int:
        return corrections.undo(conn, entry_id, reason=reason, by=by, at=at)

    return apply(ledger, change, dry_run=dry_run)


def publish(
    ledger: Ledger,
    system: str,
    pool: Pool,
    cutoff: dt.date,
    by: str,
    render: publications.Render | None = None,
) -> Published:
    """Publish the next version of a list (one transaction), logged in the audit log."""
    with ledger.engine.begin() as conn:
        bump_generation(conn)
        at = now()
        done = publications.publish(conn, system, pool, cutoff, by, at, render)
        p = done.publication
        corrections.log(
            conn,
            at=at,
            by=by,
            kind="publish",
            target=f"{p.system} {p.pool.value} version {p.version}",
            reason=f"cut-off {p.cutoff}",
            before={},
            after={"publication": p.id, "players": p.players, "sections": p.sections},
        )
    return done
