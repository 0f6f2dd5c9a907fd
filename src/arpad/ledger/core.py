"""The :class:`Ledger`: one object over a database, with the operations the CLI offers."""

from __future__ import annotations

import datetime as dt
import hashlib
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlalchemy import Engine, delete, select
from sqlalchemy.exc import IntegrityError

from arpad.collector import collection_paused
from arpad.errors import InputError
from arpad.io import file_format
from arpad.ledger import corrections, officer, publications, queries, schema
from arpad.ledger.bulk import bulk_transaction
from arpad.ledger.check import check
from arpad.ledger.corrections import AuditEntry
from arpad.ledger.db import DEFAULT_DB, LedgerError, bump_generation, make_engine, upgrade
from arpad.ledger.fide_list import FORMAT as FIDE_LIST_FORMAT
from arpad.ledger.fide_list import ListImported, fide_ratings, import_list
from arpad.ledger.identity import Known, OnConflict, resolve
from arpad.ledger.merges import Merged, merge, split
from arpad.ledger.officer import Corrected
from arpad.ledger.publications import Preview, Publication, Published
from arpad.ledger.queries import (
    EventRow,
    HistoryRow,
    PlayerInfo,
    RatedSection,
    RatingList,
    StoredFailure,
)
from arpad.ledger.rating import (
    Failure,
    Progress,
    RateReport,
    ledger_systems,
    rate_pending,
)
from arpad.ledger.rollback import delete_sections, forget_empty, roll_back, roll_back_failed
from arpad.ledger.store import (
    PlayerKey,
    PreparedImport,
    file_sha256,
    prepare_events,
    prepare_file,
    refuse_known,
    store,
)
from arpad.model import Event, Pool
from arpad.systems import ALIASES, REGISTRY, get_system

DEFAULT_SYSTEM = "uscf"
"""The system ``rate-pending`` starts with when the ledger keeps none yet."""


@dataclass(frozen=True, slots=True)
class Imported:
    """One file stored."""

    source: str
    events: int
    sections: int
    games: int
    namesakes: tuple[tuple[str, str], ...] = ()
    """Players of this file without a federation id who have the name of another player
    (``(this file's, the other)``): not joined; ``arpad player merge`` joins them."""
    players_list: ListImported | None = None
    """What FIDE's players list stored, when the file is one (it has no events)."""


@dataclass(frozen=True, slots=True)
class ImportResult:
    stored: tuple[Imported, ...]
    errors: tuple[InputError, ...]
    """One error per file refused (nothing from such a file was stored)."""


@dataclass(frozen=True, slots=True)
class Removed:
    system: str
    sections: int
    """Sections whose ratings by the system were deleted."""


@dataclass(frozen=True, slots=True)
class Deleted:
    key: str
    sections: int
    rolled_back: int
    """Other sections whose rating was rolled back, to be rated again by rate-pending."""


def _fingerprint(event: Event) -> str:
    """A compact text that changes whenever anything rated in ``event`` changes."""
    players = ";".join(
        f"{p.id},{p.rating!r},{p.games},{p.birth_date},{p.fide!r},{p.adult}" for p in event.players
    )
    games = ";".join(f"{g.white},{g.black},{g.score!r},{g.round},{g.rated}" for g in event.games)
    head = f"{event.id}|{event.end_date}|{event.pool}|{event.kind}|{event.dual_rated}"
    return f"{head}|{players}|{games}|{event.unplayed!r}\n"


def _is_players_list(path: str | Path, fmt: str | None) -> bool:
    """Whether ``path`` is FIDE's players list (given by ``--format`` or detected)."""
    if fmt is not None:
        return fmt == FIDE_LIST_FORMAT
    try:
        return file_format(path) == FIDE_LIST_FORMAT
    except InputError:
        return False  # the event import reports it


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


class Ledger:
    """A rating ledger in a SQLite file or a PostgreSQL database.

    >>> with Ledger.open(":memory:") as ledger:
    ...     ledger.systems()
    []
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @classmethod
    def open(cls, db: str | Path = DEFAULT_DB) -> Ledger:
        """Open (creating or upgrading) the ledger at ``db``: a path or a database URL.

        Raises:
            LedgerError: the database cannot be opened.
        """
        engine = make_engine(db)
        upgrade(engine)
        return cls(engine)

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # -- importing ------------------------------------------------------------------------

    def import_files(
        self,
        paths: Sequence[str | Path],
        *,
        fmt: str | None = None,
        player_key: PlayerKey = PlayerKey.AUTO,
        default_date: dt.date | None = None,
        partial: bool = False,
        event_id: str | None = None,
        progress: Callable[[int, int], None] | None = None,
        on_conflict: OnConflict = OnConflict.REFUSE,
    ) -> ImportResult:
        """Import files, each in one transaction.

        Every file is read and checked first. If any file is bad (unreadable, malformed,
        imported before, or naming an event already in the ledger), nothing at all is
        stored, unless ``partial``: then the good files are stored and the bad ones reported.
        ``event_id`` names the event of a single file holding one event (D-ident-1).
        A player known under another name or birth date is refused unless
        ``on_conflict`` says otherwise (:mod:`arpad.ledger.identity`).
        ``progress(done, total)`` is called after each file is read and after each is stored.

        Raises:
            InputError: ``event_id`` with several files.
        """
        options: dict[str, Any] = {
            "fmt": fmt,
            "player_key": player_key,
            "default_date": default_date,
            "partial": partial,
            "event_id": event_id,
            "progress": progress,
            "on_conflict": on_conflict,
        }
        lists = [p for p in paths if _is_players_list(p, fmt)]
        if lists:  # stored first, so that the event files find their players
            return self._lists_then_events(lists, paths, **options)
        return self._import_event_files(paths, **options)

    def _import_event_files(  # noqa: C901
        self,
        paths: Sequence[str | Path],
        *,
        fmt: str | None,
        player_key: PlayerKey,
        default_date: dt.date | None,
        partial: bool,
        event_id: str | None,
        progress: Callable[[int, int], None] | None,
        on_conflict: OnConflict,
    ) -> ImportResult:
        """:meth:`import_files` of event files (FIDE's players lists stored already)."""
        if event_id is not None and len(paths) != 1:
            raise InputError(f"--event-id names the event of one file, not of {len(paths)}")
        prepared: list[PreparedImport] = []
        errors: list[InputError] = []
        hashes: dict[str, str] = {}
        keys: dict[str, str] = {}
        total = 2 * len(paths)
        known: dict[str, Known] = {}
        for done, path in enumerate(paths, 1):
            if progress is not None:
                progress(done, total)
            try:
                p = prepare_file(
                    path,
                    fmt,
                    player_policy=player_key,
                    default_date=default_date,
                    event_id=event_id,
                )
                if p.sha256 in hashes:
                    raise InputError(
                        f"the same file as {hashes[p.sha256]}; nothing stored", path=p.source
                    )
                for e in p.events:
                    for k in (e.key, *(s.event.id for s in e.sections)):
                        if k in keys and keys[k] != p.source:
                            raise InputError(
                                f"event {k!r} is also in {keys[k]}; nothing stored", path=p.source
                            )
                with self.engine.connect() as conn:
                    refuse_known(conn, p)
                    p = resolve(conn, p, on_conflict, known)
            except InputError as exc:
                errors.append(exc.located(str(path)))
                continue
            hashes[p.sha256] = p.source
            for e in p.events:
                for k in (e.key, *(s.event.id for s in e.sections)):
                    keys[k] = p.source
            prepared.append(p)
        if errors and not partial:
            return ImportResult((), tuple(errors))
        stored = []
        for i, p in enumerate(prepared, 1):
            try:
                stored.append(self._store(p))
            except InputError as exc:
                errors.append(exc)
            if progress is not None:
                progress(len(paths) + i, total)
        return ImportResult(tuple(stored), tuple(errors))

    def _lists_then_events(
        self,
        lists: Sequence[str | Path],
        paths: Sequence[str | Path],
        **options: Any,
    ) -> ImportResult:
        """Store FIDE's players lists, then (unless one failed and ``partial`` is not set)
        the other files through :meth:`import_files`."""
        listed = self._import_lists(lists, options["default_date"])
        rest = [p for p in paths if p not in lists]
        if (listed.errors and not options["partial"]) or not rest:
            return listed
        events = self._import_event_files(rest, **options)
        return ImportResult(listed.stored + events.stored, listed.errors + events.errors)

    def _import_lists(self, paths: Sequence[str | Path], list_date: dt.date | None) -> ImportResult:
        """Store FIDE's players lists, each in one transaction (:mod:`arpad.ledger.fide_list`)."""
        stored, errors = [], []
        for path in paths:
            try:
                sha = file_sha256(path)
                with collection_paused(), self.engine.begin() as conn:
                    done = import_list(conn, path, sha, _now(), list_date=list_date)
            except InputError as exc:
                errors.append(exc.located(str(path)))
                continue
            except OSError as exc:
                errors.append(InputError(f"cannot read file: {exc.strerror}", path=str(path)))
                continue
            except IntegrityError as exc:
                errors.append(InputError(f"cannot store the file: {exc.orig}", path=str(path)))
                continue
            stored.append(Imported(str(path), 0, 0, 0, players_list=done))
        return ImportResult(tuple(stored), tuple(errors))

    def import_events(
        self,
        events: Sequence[Event],
        source: str,
        *,
        fmt: str = "events",
        player_key: PlayerKey = PlayerKey.AUTO,
        default_date: dt.date | None = None,
        on_conflict: OnConflict = OnConflict.REFUSE,
    ) -> Imported:
        """Import events built in memory as if read from one file called ``source``
        (its hash is that of the events' ``arpad-event/1`` JSON).

        Raises:
            InputError: as for a file.
        """
        digest = hashlib.sha256()
        for e in events:
            digest.update(_fingerprint(e).encode())
        p = prepare_events(
            events,
            source,
            digest.hexdigest(),
            fmt,
            player_policy=player_key,
            default_date=default_date,
        )
        with self.engine.connect() as conn:
            p = resolve(conn, p, on_conflict)
        return self._store(p)

    def import_prepared(self, prepared: PreparedImport) -> Imported:
        """Store a file already read and checked (:func:`arpad.ledger.store.prepare_file`),
        as ``arpad serve`` does after showing its preview.

        Raises:
            InputError: the file or one of its events is in the ledger by now.
        """
        return self._store(prepared)

    def _store(self, p: PreparedImport) -> Imported:
        try:
            with collection_paused(), bulk_transaction(self.engine) as conn:
                bump_generation(conn)
                refuse_known(conn, p)
                store(conn, p, _now())
        except IntegrityError as exc:
            raise InputError(f"cannot store the file: {exc.orig}", path=p.source) from None
        return Imported(p.source, len(p.events), p.sections, p.games, p.namesakes)

    # -- rating ---------------------------------------------------------------------------

    def systems(self) -> list[str]:
        """The systems this ledger rates with."""
        with self.engine.connect() as conn:
            return ledger_systems(conn)

    def rate_pending(
        self,
        systems: Sequence[str] | None = None,
        options: dict[str, str] | None = None,
        *,
        from_scratch: bool = False,
        progress: Progress | None = None,
        batch: int = 5000,
        batch_seconds: float = 5.0,
        retry_failed: bool = False,
    ) -> RateReport:
        """Rate every pending event for ``systems`` (default: the ledger's systems, or
        ``uscf`` for a new ledger); see :mod:`arpad.ledger.rating`.

        With ``retry_failed``, the sections each system failed on are rated again (and
        everything after the first of them). A system the ledger keeps but this arpad does
        not know is reported as a failure (``arpad remove-system`` removes it).
        """
        names = list(systems) if systems else (self.systems() or [DEFAULT_SYSTEM])
        unknown = [] if systems else [n for n in names if n not in REGISTRY]
        if retry_failed and not from_scratch:
            with self.engine.begin() as conn:
                bump_generation(conn)
                for name in names:
                    if name not in unknown:
                        roll_back_failed(conn, get_system(name).name)
        report = rate_pending(
            self.engine,
            [n for n in names if n not in unknown],
            options,
            from_scratch=from_scratch,
            progress=progress,
            batch=batch,
            batch_seconds=batch_seconds,
        )
        for name in unknown:
            message = (
                f"this version of arpad has no rating system {name!r}; to drop its ratings, "
                f"run: arpad remove-system {shlex.quote(name)}"
            )
            report.failures.append(Failure(name, "", None, message, None, "system"))
        return report

    def rate_again(self) -> RateReport:
        """Rate what a change made pending (a merge, a split, a correction, an undo) with
        the ledger's own systems; an empty report when it rates with none yet. The one
        re-rating step every such change takes."""
        return self.rate_pending() if self.systems() else RateReport()

    def remove_system(self, name: str) -> Removed:
        """Remove a rating system from the ledger with everything it rated: its event
        ratings, rating changes, states, norms and recorded failures. The events stay.

        Raises:
            LedgerError: the ledger does not keep ``name``.
        """
        kept = self.systems()
        key = name if name in kept else ALIASES.get(name, name)
        if key not in kept:
            shown = ", ".join(kept) if kept else "none"
            raise LedgerError(f"this ledger does not keep the system {name!r} (it keeps: {shown})")
        with self.engine.begin() as conn:
            bump_generation(conn)
            sections = roll_back(conn, schema.event_ratings.c.system == key)
            conn.execute(delete(schema.systems).where(schema.systems.c.name == key))
        return Removed(key, len(sections))

    def failures(self, system: str | None = None) -> list[StoredFailure]:
        """The failures recorded in the ledger, in rating order (see ``rating_failures``)."""
        with self.engine.connect() as conn:
            return queries.stored_failures(conn, system)

    def delete_event(self, key: str) -> Deleted:
        """Delete an event (or one section of it) and roll back every rating from its date
        on, in every system; ``rate_pending`` then rates the later events again. An import
        left without events is forgotten (its file may be imported again), and so are
        players left without entries.

        Raises:
            LedgerError: no such event.
        """
        s, en = schema.sections, schema.entries
        with self.engine.begin() as conn:
            bump_generation(conn)
            ids = queries.find_sections(conn, key)
            event_ids = set(conn.execute(select(s.c.event_id).where(s.c.id.in_(ids))).scalars())
            players = set(
                conn.execute(select(en.c.player_id).where(en.c.section_id.in_(ids))).scalars()
            )
            rolled = delete_sections(conn, ids)
            forget_empty(conn, event_ids, players)
        return Deleted(key, len(ids), rolled)

    # -- players --------------------------------------------------------------------------

    def merge_players(self, kept: str, merged: str) -> Merged:
        """Make ``merged`` the same player as ``kept`` (:mod:`arpad.ledger.merges`); the
        sections affected are pending again (``rate_pending`` rates them).

        Raises:
            LedgerError: unknown players, or two players of one section.
        """
        with self.engine.begin() as conn:
            bump_generation(conn)
            return merge(conn, kept, merged, _now())

    def split_player(self, merged: str) -> Merged:
        """Undo the merge of ``merged`` (:mod:`arpad.ledger.merges`).

        Raises:
            LedgerError: no such merge.
        """
        with self.engine.begin() as conn:
            bump_generation(conn)
            return split(conn, merged)

    # -- queries --------------------------------------------------------------------------

    def rating_list(
        self, system: str, pool: Pool, *, as_of: dt.date | None = None, limit: int | None = None
    ) -> RatingList:
        with self.engine.connect() as conn:
            return queries.rating_list(conn, system, pool, as_of=as_of, limit=limit)

    def player(self, player_id: str) -> PlayerInfo:
        with self.engine.connect() as conn:
            return queries.player_info(conn, player_id)

    def fide_ratings(self, player_id: str) -> list[tuple[str, dt.date, int, int | None]]:
        """The player's ratings from FIDE's players lists imported: ``(kind, list date,
        rating, games)``, newest list first (:mod:`arpad.ledger.fide_list`)."""
        with self.engine.connect() as conn:
            return fide_ratings(conn, player_id)

    def history(self, player_id: str, system: str | None = None) -> list[HistoryRow]:
        with self.engine.connect() as conn:
            return queries.history(conn, player_id, system)

    def rated_sections(self, key: str, system: str) -> list[RatedSection]:
        with self.engine.connect() as conn:
            return queries.rated_sections(conn, key, system)

    def events(self, limit: int | None = None) -> list[EventRow]:
        with self.engine.connect() as conn:
            return queries.list_events(conn, limit=limit)

    def pending(self) -> dict[str, int]:
        """Sections each of the ledger's systems has not rated yet."""
        with self.engine.connect() as conn:
            return queries.pending_sections(conn, ledger_systems(conn))

    # -- the rating officer (arpad.ledger.officer) ----------------------------------------

    def publish(
        self,
        system: str,
        pool: Pool,
        cutoff: dt.date,
        by: str,
        render: publications.Render | None = None,
    ) -> Published:
        """Publish the next version of a (system, pool)'s list with a cut-off date
        (:mod:`arpad.ledger.publications`), in one transaction; ``render`` gives the texts
        to store with it (``arpad publish`` stores the CSV and JSON of ``arpad list``).

        Raises:
            LedgerError: sections ending by the cut-off are not rated yet, or the ledger
                does not rate with ``system``.
        """
        return officer.publish(self, system, pool, cutoff, by, render)

    def publications(
        self, system: str | None = None, pool: Pool | None = None
    ) -> list[Publication]:
        with self.engine.connect() as conn:
            return publications.publications(conn, system, pool)

    def find_publication(self, system: str, pool: Pool, version: int | None = None) -> Publication:
        """Version ``version`` of a (system, pool)'s publications (default: the latest).

        Raises:
            LedgerError: no such publication.
        """
        with self.engine.connect() as conn:
            return publications.find_publication(conn, system, pool, version)

    def published_list(
        self, system: str, pool: Pool, version: int | None = None
    ) -> tuple[Publication, RatingList]:
        """A publication (default: the latest) and its rows exactly as published.

        Raises:
            LedgerError: no such publication.
        """
        with self.engine.connect() as conn:
            found = publications.find_publication(conn, system, pool, version)
            return found, publications.frozen_rows(conn, found.id)

    def published_text(self, publication: Publication, fmt: str) -> str | None:
        """The text stored with ``publication`` in format ``fmt`` (``None``: none stored)."""
        with self.engine.connect() as conn:
            return publications.published_text(conn, publication.id, fmt)

    def published_bytes(self, publication: Publication, fmt: str) -> bytes | None:
        """:meth:`published_text` as UTF-8 bytes (printed without decoding)."""
        with self.engine.connect() as conn:
            return publications.published_bytes(conn, publication.id, fmt)

    def list_records(
        self, player_ids: Sequence[str], publication: Publication | None = None
    ) -> dict[str, tuple[str | None, str | None, str | None]]:
        """``player_id → (title, federation, FIDE ID)``: as frozen in ``publication``, or
        as the players table holds them now."""
        with self.engine.connect() as conn:
            if publication is not None:
                return publications.frozen_records(conn, publication.id)
            return publications.player_records(conn, player_ids)

    def preview(self, system: str, pool: Pool) -> Preview:
        """The next list as it stands (unofficial), against the latest publication."""
        with self.engine.connect() as conn:
            return publications.preview(conn, system, pool)

    def correct_game(
        self,
        event: str,
        round_: int,
        white: str,
        black: str,
        *,
        score: float | None = None,
        annul: bool = False,
        reason: str,
        by: str,
        dry_run: bool = False,
    ) -> Corrected:
        """Correct a game's result (``score``: white's) or annul it, re-rate what depends
        on it and report whose ratings moved (:mod:`arpad.ledger.corrections`).

        Raises:
            LedgerError: no such game, nothing to change, or sections waiting to be rated.
        """
        return officer.correct_game(
            self,
            event,
            round_,
            white,
            black,
            score=score,
            annul=annul,
            reason=reason,
            by=by,
            dry_run=dry_run,
        )

    def correct_rating(
        self,
        player_id: str,
        system: str,
        pool: Pool,
        rating: float,
        *,
        reason: str,
        by: str,
        dry_run: bool = False,
    ) -> Corrected:
        """Set a player's current rating by an officer's decision, logged.

        Raises:
            LedgerError: the player has no current state there, or the system's state has
                no rating field.
        """
        return officer.correct_rating(
            self, player_id, system, pool, rating, reason=reason, by=by, dry_run=dry_run
        )

    def undo(self, entry_id: int, *, reason: str, by: str, dry_run: bool = False) -> Corrected:
        """Undo an entry of the audit log and re-rate.

        Raises:
            LedgerError: no such entry, or one that cannot (or can no longer) be undone.
        """
        return officer.undo(self, entry_id, reason=reason, by=by, dry_run=dry_run)

    def audit(self) -> list[tuple[AuditEntry, bool]]:
        """The audit log, oldest first, each entry with whether it is still in effect."""
        with self.engine.connect() as conn:
            return [(e, corrections.in_effect(conn, e)) for e in corrections.entries(conn)]

    def check(self) -> list[str]:
        """Inconsistencies found (empty when sound); see :func:`arpad.ledger.check.check`."""
        with self.engine.connect() as conn:
            return check(conn)


__all__ = [
    "DEFAULT_DB",
    "Deleted",
    "ImportResult",
    "Imported",
    "Ledger",
    "LedgerError",
    "Removed",
]
