"""The ledger's tables (SQLAlchemy Core). The Alembic migrations in
``arpad/ledger/migrations`` create exactly these (a test compares them).

Imported data::

    imports ─< events ─< sections ─< entries      (a player's line in a section)
                                   ├< games
                                   └< unplayed      (byes, forfeits)
    players ─< player_titles                        (titles as the files reported them)
    player_merges                                   (players merged, to split them again)

Who may write through ``arpad serve``: ``api_tokens`` (only each token's SHA-256 is kept).

The rating officer's records (:mod:`arpad.ledger.publications`,
:mod:`arpad.ledger.corrections`, :mod:`arpad.ledger.fide_list`)::

    publications ─< publication_rows      (the list exactly as published: frozen)
                 ─< publication_texts     (its CSV and JSON, as printed)
                 ─< publication_sections  (the sections it includes, by key)
    audit_log                             (every correction: who, when, why, before, after)
    fide_players ─< fide_ratings          (FIDE's players list as imported, by FIDE ID)

Rating results, for each rating system the ledger keeps (``systems``)::

    sections ─< event_ratings ─< rating_changes     (one per player: pre, post, K, …)
                              ├< player_states      (each player's state after the event)
                              ├< norms              (title norms earned, for systems with
                              │                      a norm system: arpad.titles)
                              └< rating_failures    (why a system could not rate it, or
                                                     could not check its norms)

An *event* is what a file reports under one name; a *section* is what is rated (one
:class:`arpad.model.Event`): the sections of a US Chess crosstable are rated separately.
An *event rating* is one section rated in one pool of one system. Player states form a
chain per (system, pool, player): ``next_id`` points to the event rating that replaced
the state (``NULL`` for the current one), so the current list is one indexed scan and a
list "as of" a date is ``end_date <= d < next_end_date``. The many-row tables are
clustered on their primary key in SQLite (``WITHOUT ROWID``). Indexes are few on purpose:
every state row is written once per player and event (a season is hundreds of thousands),
and each index costs on every write; a list as of a past date scans the pool's states.

States, configurations and the rarely used player-entry fields are stored as JSON text
written by :class:`arpad.ledger.codec.Codec` (text, not a JSON column type: floats must
round-trip exactly, ``Infinity`` included).
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Column,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    text,
)

from arpad.io.fide_players_list import FIELD_LIMITS as LIMITS
from arpad.model import MAX_SEX_LENGTH

SCHEMA_REVISION = "0008"
"""The Alembic revision these tables correspond to (the head of the migrations)."""

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(column_0_label)s",
        "uq": "uq_%(table_name)s_%(column_0_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
    }
)


def finite(*columns: str) -> list[CheckConstraint]:
    """CHECK constraints that keep ±Infinity and NaN out of rating columns (issue 24.3;
    revision 0007): true of NULL and of every finite float in both databases."""
    return [
        CheckConstraint(f"{c} IS NULL OR abs({c}) < 1e308", name=f"{c}_finite") for c in columns
    ]


meta = Table(
    "meta",
    metadata,
    Column("key", String(40), primary_key=True),
    Column("value", Integer, nullable=False),
)
"""``generation``: bumped by every writing transaction (detects a concurrent writer)."""

imports = Table(
    "imports",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("source", Text, nullable=False),
    Column("sha256", String(64), nullable=False, unique=True),
    Column("format", String(40), nullable=False),
    Column("imported_at", String(40), nullable=False),
    Column("events", Integer, nullable=False),
)

players = Table(
    "players",
    metadata,
    Column("id", String(200), primary_key=True),
    Column("name", Text, nullable=False, default=""),
    Column("birth_date", Date),
    Column("fide_id", String(40)),
    Column("federation", String(40)),
    Column("title", String(40)),
    Column("sex", String(MAX_SEX_LENGTH)),
)

events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("key", String(200), nullable=False, unique=True),
    Column("name", Text, nullable=False),
    Column("end_date", Date, nullable=False),
    Column("import_id", Integer, ForeignKey("imports.id"), nullable=False, index=True),
)

sections = Table(
    "sections",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("event_id", Integer, ForeignKey("events.id"), nullable=False, index=True),
    Column("number", Integer, nullable=False),
    Column("key", String(200), nullable=False, unique=True),
    Column("name", Text, nullable=False),
    Column("end_date", Date, nullable=False),
    Column("position", Integer, nullable=False, unique=True),
    Column("pool", String(20), nullable=False),
    Column("dual_rated", Boolean, nullable=False),
    Column("kind", String(20), nullable=False),
    Column("youth", Boolean, nullable=False),
    Index("ix_sections_order", "end_date", "position"),
)
"""``position`` is the import order; rating order is ``(end_date, position)``."""

entries = Table(
    "entries",
    metadata,
    Column("section_id", Integer, ForeignKey("sections.id"), primary_key=True),
    Column("ordinal", Integer, primary_key=True),
    Column("player_id", String(200), ForeignKey("players.id"), nullable=False, index=True),
    Column("name", Text, nullable=False),
    Column("rating", Float),
    Column("games", Integer, nullable=False),
    Column("data", Text),
    *finite("rating"),
    sqlite_with_rowid=False,
)
"""A player's line in a section, as the file gave it; ``data`` holds the other
:class:`~arpad.model.PlayerEntry` fields (codec JSON) or ``NULL``."""

games = Table(
    "games",
    metadata,
    Column("section_id", Integer, ForeignKey("sections.id"), primary_key=True),
    Column("ordinal", Integer, primary_key=True),
    Column("round", Integer),
    Column("white", String(200), nullable=False),
    Column("black", String(200), nullable=False),
    Column("score", Float, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("line", Integer),
    sqlite_with_rowid=False,
)

unplayed = Table(
    "unplayed",
    metadata,
    Column("section_id", Integer, ForeignKey("sections.id"), primary_key=True),
    Column("ordinal", Integer, primary_key=True),
    Column("player_id", String(200), nullable=False),
    Column("kind", String(2), nullable=False),
    Column("round", Integer),
    Column("opponent", String(200)),
    Column("line", Integer),
    sqlite_with_rowid=False,
)

player_titles = Table(
    "player_titles",
    metadata,
    Column("player_id", String(200), ForeignKey("players.id"), primary_key=True),
    Column("section_id", Integer, ForeignKey("sections.id"), primary_key=True),
    Column("title", String(40), nullable=False),
)

systems = Table(
    "systems",
    metadata,
    Column("name", String(40), primary_key=True),
    Column("config", Text, nullable=False),
)
"""The rating systems this ledger keeps, with the configuration each is rated under."""

event_ratings = Table(
    "event_ratings",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("section_id", Integer, ForeignKey("sections.id"), nullable=False),
    Column("system", String(40), ForeignKey("systems.name"), nullable=False),
    Column("pool", String(20), nullable=False),
    Column("end_date", Date, nullable=False),
    Column("position", Integer, nullable=False),
    Column("status", String(10), nullable=False),
    Column("notes", Text),
    UniqueConstraint("section_id", "system", "pool", name="uq_event_ratings_unit"),
    Index("ix_event_ratings_order", "system", "end_date", "position"),
)
"""``status``: ``rated``; ``skipped`` (the system does not rate the section's pool);
``failed`` (the system refused the event; ``notes`` says why)."""

rating_changes = Table(
    "rating_changes",
    metadata,
    Column("event_rating_id", Integer, ForeignKey("event_ratings.id"), primary_key=True),
    Column("player_id", String(200), primary_key=True),
    Column("pre", Float),
    Column("post", Float),
    Column("games", Integer, nullable=False),
    Column("score", Float, nullable=False),
    Column("expected", Float),
    Column("k", Float),
    Column("bonus", Float, nullable=False),
    Column("method", String(40), nullable=False),
    Column("performance", Float),
    Column("floor", Float),
    Column("notes", Text),
    Index("ix_rating_changes_player", "player_id"),
    *finite("pre", "post", "score", "expected", "k", "bonus", "floor"),
    sqlite_with_rowid=False,
)

player_states = Table(
    "player_states",
    metadata,
    Column("event_rating_id", Integer, ForeignKey("event_ratings.id"), primary_key=True),
    Column("player_id", String(200), primary_key=True),
    Column("system", String(40), nullable=False),
    Column("pool", String(20), nullable=False),
    Column("end_date", Date, nullable=False),
    Column("next_id", Integer),
    Column("next_end_date", Date),
    Column("rating", Float),
    Column("games", Integer, nullable=False),
    Column("established", Boolean, nullable=False),
    Column("mark", String(20), nullable=False),
    Column("state", Text, nullable=False),
    Index(
        "ix_player_states_current",
        "system",
        "pool",
        "player_id",
        sqlite_where=text("next_id IS NULL"),
        postgresql_where=text("next_id IS NULL"),
    ),
    Index("ix_player_states_next", "next_id"),
    *finite("rating"),
    sqlite_with_rowid=False,
)
"""``rating``, ``games``, ``established`` and ``mark`` are the system's
:class:`~arpad.systems.ListEntry` of ``state``, stored so that lists need no decoding."""

norms = Table(
    "norms",
    metadata,
    Column("event_rating_id", Integer, ForeignKey("event_ratings.id"), primary_key=True),
    Column("ordinal", Integer, primary_key=True),
    Column("player_id", String(200), nullable=False),
    Column("norm_system", String(40), nullable=False),
    Column("title", String(40), nullable=False),
    Column("earned", Boolean, nullable=False),
    Column("score", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("required", Float),
    Column("facts", Text, nullable=False),
    Index("ix_norms_player", "player_id"),
    sqlite_with_rowid=False,
)
"""The norms earned in an event rating, in the order of the norm system's report
(:class:`arpad.titles.NormResult`; ``facts`` is a JSON array of ``[label, value]`` pairs).
Written with the event's ratings, rolled back with them."""

rating_failures = Table(
    "rating_failures",
    metadata,
    Column("event_rating_id", Integer, ForeignKey("event_ratings.id"), primary_key=True),
    Column("stage", String(10), primary_key=True),
    Column("error", String(80)),
    Column("message", Text, nullable=False),
)
"""Why an event rating failed: ``stage`` ``rating`` (the event rating's status is
``failed``: the system refused the section, or arpad failed on it) or ``norms`` (rated, but
its norms could not be checked). ``error`` is the exception's class when arpad itself
failed (a bug to report), ``NULL`` when the system refused the input. Rolled back with the
event rating, so a re-rating tries again."""

player_merges = Table(
    "player_merges",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("kept", String(200), nullable=False),
    Column("merged", String(200), nullable=False, unique=True),
    Column("merged_at", String(40), nullable=False),
    Column("record", Text, nullable=False),
)
"""``arpad player merge KEPT MERGED``: the merged player's id now means the kept player
(imports follow it), and ``record`` (JSON) holds what ``arpad player split`` needs to undo
it: both players' records before the merge and the entries (section, ordinal) moved."""

api_tokens = Table(
    "api_tokens",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(100), nullable=False),
    Column("sha256", String(64), nullable=False, unique=True),
    Column("created_at", String(40), nullable=False),
    Column("revoked_at", String(40)),
)
"""API tokens for writing through ``arpad serve`` (:mod:`arpad.ledger.tokens`): only the
SHA-256 of each token is stored, never the token."""


publications = Table(
    "publications",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("system", String(40), nullable=False),
    Column("pool", String(20), nullable=False),
    Column("version", Integer, nullable=False),
    Column("cutoff", Date, nullable=False),
    Column("published_at", String(40), nullable=False),
    Column("published_by", String(100), nullable=False),
    Column("players", Integer, nullable=False),
    Column("sections", Integer, nullable=False),
    UniqueConstraint("system", "pool", "version", name="uq_publications_version"),
)
"""An official list (``arpad publish``): version N of a (system, pool), with the events
ending on or before ``cutoff`` that were rated when it was published. Never changed."""

publication_rows = Table(
    "publication_rows",
    metadata,
    Column("publication_id", Integer, ForeignKey("publications.id"), primary_key=True),
    Column("rank", Integer, primary_key=True),
    Column("player_id", String(200), nullable=False),
    Column("name", Text, nullable=False),
    Column("rating", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("established", Boolean, nullable=False),
    Column("mark", String(20), nullable=False),
    Column("last_event", Date, nullable=False),
    Column("title", String(40)),
    Column("federation", String(40)),
    Column("fide_id", String(40)),
    sqlite_with_rowid=False,
)
"""The rows of a publication, frozen: printing it reads them in rank order (clustered on
``(publication_id, rank)`` in SQLite), never the states."""

publication_texts = Table(
    "publication_texts",
    metadata,
    Column("publication_id", Integer, ForeignKey("publications.id"), primary_key=True),
    Column("format", String(10), primary_key=True),
    Column("text", LargeBinary, nullable=False),
)
"""A publication's list as ``arpad list --published --format csv|json`` prints it, written
when it is published (zlib-compressed UTF-8): printing a 1,000,000-player list copies it
out instead of formatting a million rows (docs/performance.md)."""

publication_sections = Table(
    "publication_sections",
    metadata,
    Column("publication_id", Integer, ForeignKey("publications.id"), primary_key=True),
    Column("section_key", String(200), primary_key=True),
    Column("end_date", Date, nullable=False),
    sqlite_with_rowid=False,
)
"""The sections a publication includes, by key (a section deleted later stays named)."""

audit_log = Table(
    "audit_log",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("at", String(40), nullable=False),
    Column("by", String(100), nullable=False),
    Column("kind", String(20), nullable=False),
    Column("target", Text, nullable=False),
    Column("reason", Text, nullable=False),
    Column("before", Text, nullable=False),
    Column("after", Text, nullable=False),
    Column("undoes", Integer),
    Column("undone_by", Integer),
)
"""Every officer's change (``kind``: ``result``, ``annul``, ``rating``, ``publish``,
``undo``), with what it changed ``before`` and ``after`` (JSON); ``undoes`` names the entry
an undo reverses, ``undone_by`` the undo that reversed an entry."""

fide_players = Table(
    "fide_players",
    metadata,
    Column("fide_id", String(40), primary_key=True),
    Column("player_id", String(200), nullable=False),
    Column("name", Text, nullable=False),
    # The reader refuses longer codes (arpad.io.fide_players_list.FIELD_LIMITS).
    Column("federation", String(LIMITS["federation"])),
    Column("sex", String(LIMITS["sex"])),
    Column("title", String(LIMITS["title"])),
    Column("women_title", String(LIMITS["women_title"])),
    Column("other_titles", String(LIMITS["other_titles"])),
    Column("foa_title", String(LIMITS["foa_title"])),
    Column("birth_year", Integer),
    Column("flag", String(LIMITS["flag"])),
    Column("list_date", Date, nullable=False),
    Column("import_id", Integer, nullable=False),
)
"""A player of FIDE's players list as the latest imported list gave it; ``player_id`` is
the ledger player (``FIDE:<id>`` or the player already holding that FIDE ID)."""

fide_ratings = Table(
    "fide_ratings",
    metadata,
    Column("fide_id", String(40), primary_key=True),
    Column("kind", String(10), primary_key=True),
    Column("list_date", Date, primary_key=True),
    Column("rating", Integer, nullable=False),
    Column("games", Integer),
    Column("k", Integer),
    Column("import_id", Integer, nullable=False),
    sqlite_with_rowid=False,
)
"""FIDE's rating of a player in one list (``kind``: standard, rapid or blitz) as of the
list's date, with the import it came from (provenance)."""

upload_previews = Table(
    "upload_previews",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("token_id", Integer, nullable=False),
    Column("filename", String(120), nullable=False),
    Column("options", Text, nullable=False),
    Column("state", String(20), nullable=False, index=True),
    Column("created_at", String(40), nullable=False),
    Column("updated_at", String(40), nullable=False),
    Column("error", Text),
    Column("summary", Text),
)
"""Uploads waiting for an officer (:mod:`arpad.web.uploads`): the file itself waits on the
server's disk; ``state`` is ``queued``, ``reading``, ``ready``, ``failed``, ``commit``
(asked), ``committing`` or ``committed``; ``summary`` (JSON) is the preview's compact
summary (counts, events, same-name warnings), at most a few hundred kilobytes."""

upload_preview_items = Table(
    "upload_preview_items",
    metadata,
    Column("upload_id", String(40), primary_key=True),
    Column("kind", String(10), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("doc", Text, nullable=False),
)
"""The preview's details, one row per player (``kind`` ``player``) and per rated section
(``section``), read a page at a time by ``seq``."""

web_sessions = Table(
    "web_sessions",
    metadata,
    Column("sha256", String(64), primary_key=True),
    Column("token_id", Integer, nullable=False),
    Column("csrf", String(64), nullable=False),
    Column("expires", Float, nullable=False),
)
"""Officers' browser sessions (:mod:`arpad.web.auth`), shared by the server's worker
processes: only the SHA-256 of the session cookie is kept; ``expires`` is a Unix time."""

web_login_failures = Table(
    "web_login_failures",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client", String(100), nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_web_login_failures_client", "client", "at"),
)
"""Failed officer logins (:mod:`arpad.web.auth`) by client address; ``at`` is a Unix time.
In the ledger so that the limit holds across the server's worker processes."""
