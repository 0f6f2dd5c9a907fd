"""What rating a section did (:class:`PoolOutcome`) and why something could not be done
(:class:`Failed`): shared by the rating loop (:mod:`arpad.ledger.rating`), the runs of
sections (:mod:`arpad.ledger.lookahead`) and the writer (:mod:`arpad.ledger.writer`)."""

from __future__ import annotations

from typing import Any, NamedTuple

from sqlalchemy.exc import DBAPIError

from arpad.errors import ConfigError, InputError, RatingError, os_error_line
from arpad.ledger.db import database_problem
from arpad.model import Pool
from arpad.systems import EventRating
from arpad.titles import NormResult


class Failed(NamedTuple):
    """Why something could not be done: a refusal of the input (``error`` ``None``) or an
    exception of arpad itself (``error`` names its class)."""

    message: str
    error: str | None

    @classmethod
    def of(cls, exc: Exception) -> Failed:
        """One line: the refusal, the machine's failure in words (a full disk, a read-only
        ledger: issue 24.2), or arpad's own failure to report."""
        if isinstance(exc, (RatingError, InputError, ConfigError)):
            return cls(str(exc), None)
        if isinstance(exc, DBAPIError):
            return cls(f"cannot write the ledger: {database_problem(exc)}", type(exc).__name__)
        if isinstance(exc, OSError):
            return cls(os_error_line(exc), type(exc).__name__)
        first = (str(exc).strip().splitlines() or [""])[0]
        return cls(
            f"arpad failed ({type(exc).__name__}: {first}); please report it", type(exc).__name__
        )


class PoolOutcome(NamedTuple):
    """What rating one section did in one pool."""

    pool: Pool
    result: EventRating[Any] | None
    status: str
    """``rated``, ``skipped`` or ``failed``."""
    message: str | None
    norms: tuple[NormResult, ...] = ()
    """The norms earned, when the system has a norm system (:mod:`arpad.ledger.norms`)."""
    error: str | None = None
    """For ``failed``: the exception's class when arpad itself failed (``None``: the system
    refused the input)."""
    norms_failure: Failed | None = None
    """Why the norms of a ``rated`` section could not be checked (it is rated all the same)."""
