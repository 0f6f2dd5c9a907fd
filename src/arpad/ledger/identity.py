"""Who a file's player is in the ledger (D-ident-2 … D-ident-4).

The readers' ids become ledger ids by :class:`arpad.ledger.store.PlayerKey`. Before a file
is stored, each of its players is then checked against what the ledger (or an earlier
file of the same import) already says about that id:

- an id merged into another player (``arpad player merge``) is that player's id;
- ``FIDE:<id>`` is the ledger player whose FIDE ID that is, whatever their key (a US Chess
  ID from a JSON file, say);
- a known id under another name (words compared without case, accents, punctuation or
  order, one name's words may include the other's: ``Carlsen,Magnus`` is
  ``Magnus Carlsen``, ``Gray, Gina`` is ``Gina M. Gray``) or another birth date is a
  *conflict*: the file is refused with one line naming both, unless ``--on-conflict``
  says how to resolve it (:class:`OnConflict`).
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from dataclasses import dataclass, replace
from enum import StrEnum

from sqlalchemy import Connection, inspect, select

from arpad.errors import InputError
from arpad.ledger import schema
from arpad.ledger.store import PreparedEvent, PreparedImport, PreparedSection, renamed
from arpad.model import PlayerEntry


class OnConflict(StrEnum):
    """What to do with a player whose id the ledger knows under another name or birth
    date.

    ``refuse`` (the default): refuse the file, naming both. ``keep-ledger``: the same
    player; the ledger's name and birth date stay. ``use-file``: the same player; the
    file's name and birth date replace the ledger's. ``new-player``: another person; the
    file's player becomes a player of this file (``<event key>/<id>``).
    """

    REFUSE = "refuse"
    KEEP_LEDGER = "keep-ledger"
    USE_FILE = "use-file"
    NEW_PLAYER = "new-player"


@dataclass(frozen=True, slots=True)
class Known:
    """What is known about a ledger id: the name, birth date, and where it comes from."""

    name: str
    birth_date: dt.date | None
    where: str


def name_tokens(name: str) -> frozenset[str]:
    """A name's words as compared for identity: letters and digits, without case or
    accents, in any order.

    >>> sorted(name_tokens("Cärlsen,Magnus"))
    ['carlsen', 'magnus']
    >>> name_tokens("magnus  CARLSEN") == name_tokens("Carlsen, Magnus")
    True
    """
    decomposed = unicodedata.normalize("NFKD", name).casefold()
    words = "".join(c if c.isalnum() else " " for c in decomposed if not unicodedata.combining(c))
    return frozenset(words.split())


def name_key(name: str) -> str:
    """One text per name as :func:`name_tokens` compares it (for grouping)."""
    return " ".join(sorted(name_tokens(name)))


def _differs(entry: PlayerEntry, known: Known) -> bool:
    """Another name (neither's words include the other's: ``Gray, Gina`` agrees with
    ``Gina M. Gray``) or another birth date (when both are known)."""
    name, other = name_tokens(entry.name), name_tokens(known.name)
    if name and other and not (name <= other or other <= name):
        return True
    return (
        entry.birth_date is not None
        and known.birth_date is not None
        and entry.birth_date != known.birth_date
    )


def _describe(name: str, birth_date: dt.date | None) -> str:
    return f"{name!r}" + (f" (born {birth_date})" if birth_date is not None else "")


def _chunks(items: list[str], size: int = 500) -> list[list[str]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def merged_into(conn: Connection, ids: set[str]) -> dict[str, str]:
    """For ids merged into another player, the id of the player they now are (following
    a chain of merges: A into B, then B into C)."""
    m = schema.player_merges
    if not inspect(conn).has_table(m.name):  # a ledger of revision 0002 or older, not upgraded
        return {}
    if conn.execute(select(m.c.id).limit(1)).first() is None:
        return {}
    now = {i: i for i in ids}
    for _ in range(100):
        found: dict[str, str] = {}
        for part in _chunks(sorted(set(now.values()))):
            found.update(
                conn.execute(select(m.c.merged, m.c.kept).where(m.c.merged.in_(part))).all()
            )
        if not found:
            break
        now = {start: found.get(current, current) for start, current in now.items()}
    return {start: current for start, current in now.items() if current != start}


def _by_fide_id(conn: Connection, fide_ids: set[str]) -> dict[str, str]:
    """The ledger player of each FIDE ID (when exactly one player has it)."""
    p = schema.players
    seen: dict[str, list[str]] = {}
    for part in _chunks(sorted(fide_ids)):
        for pid, fide in conn.execute(select(p.c.id, p.c.fide_id).where(p.c.fide_id.in_(part))):
            seen.setdefault(fide, []).append(pid)
    return {fide: ids[0] for fide, ids in seen.items() if len(ids) == 1}


def ledger_records(conn: Connection, ids: set[str]) -> dict[str, Known]:
    """What the ledger knows of ``ids``: name and birth date (``where`` is the ledger)."""
    p = schema.players
    out: dict[str, Known] = {}
    for part in _chunks(sorted(ids)):
        rows = conn.execute(select(p.c.id, p.c.name, p.c.birth_date).where(p.c.id.in_(part)))
        for r in rows:
            out[r.id] = Known(r.name, r.birth_date, "the ledger")
    return out


def _last_source(conn: Connection, player_id: str) -> str:
    """``the ledger (FILE)``: the file the ledger's record of a player last came from."""
    en, s, e, imp = schema.entries, schema.sections, schema.events, schema.imports
    row = conn.execute(
        select(imp.c.source)
        .select_from(en)
        .join(s, s.c.id == en.c.section_id)
        .join(e, e.c.id == s.c.event_id)
        .join(imp, imp.c.id == e.c.import_id)
        .where(en.c.player_id == player_id)
        .order_by(s.c.position.desc())
        .limit(1)
    ).first()
    return "the ledger" if row is None else f"the ledger ({row.source})"


def resolve(  # noqa: C901
    conn: Connection,
    prepared: PreparedImport,
    on_conflict: OnConflict = OnConflict.REFUSE,
    earlier: dict[str, Known] | None = None,
) -> PreparedImport:
    """``prepared`` with its players' ids resolved against the ledger and ``earlier``
    (the players of files read before in the same import, which this function extends).

    Raises:
        InputError: a conflict under ``refuse``, naming the file's line and both records.
    """
    earlier = {} if earlier is None else earlier
    entries: dict[str, PlayerEntry] = {}
    for pe in prepared.events:
        for ps in pe.sections:
            for p in ps.event.players:
                entries.setdefault(p.id, p)
    ids: dict[str, str] = dict(merged_into(conn, set(entries)))
    fide = {pid.removeprefix("FIDE:") for pid in entries if pid.startswith("FIDE:")}
    by_fide = _by_fide_id(conn, fide) if fide else {}
    for pid in entries:
        target = by_fide.get(pid.removeprefix("FIDE:")) if pid.startswith("FIDE:") else None
        if pid not in ids and target is not None:
            ids[pid] = target
    records = ledger_records(conn, {ids.get(pid, pid) for pid in entries})
    keep: set[str] = set()
    local = prepared.events[0].key if prepared.events else "file"
    for pid, entry in entries.items():
        lid = ids.get(pid, pid)
        clash = [k for k in (earlier.get(lid), records.get(lid)) if k is not None]
        known = next((k for k in clash if _differs(entry, k)), None)
        if known is None:
            continue
        if on_conflict == OnConflict.REFUSE:
            where = _last_source(conn, lid) if known.where == "the ledger" else known.where
            raise InputError(
                f"player {lid!r} is {_describe(entry.name, entry.birth_date)} here but "
                f"{_describe(known.name, known.birth_date)} in {where}; say which with "
                "--on-conflict keep-ledger|use-file|new-player",
                path=prepared.source,
                line=entry.line,
            )
        if on_conflict == OnConflict.KEEP_LEDGER:
            keep.add(lid)
        elif on_conflict == OnConflict.NEW_PLAYER:
            ids[pid] = f"{local}/{pid}"
    events = tuple(
        PreparedEvent(
            pe.key,
            pe.name,
            pe.end_date,
            tuple(PreparedSection(ps.number, renamed(ps.event, ids)) for ps in pe.sections),
        )
        for pe in prepared.events
    )
    namesakes = _namesakes(conn, entries, ids, local, earlier)
    for pid, entry in entries.items():
        lid = ids.get(pid, pid)
        if lid not in keep and lid not in earlier:
            earlier[lid] = Known(entry.name, entry.birth_date, prepared.source)
    return replace(prepared, events=events, keep_ledger=frozenset(keep), namesakes=namesakes)


def _namesakes(
    conn: Connection,
    entries: dict[str, PlayerEntry],
    ids: dict[str, str],
    local: str,
    earlier: dict[str, Known],
) -> tuple[tuple[str, str], ...]:
    """``(player of this file, other player)`` for this file's own players (no federation
    id: ``<event key>/<id>``) who have the name of another player of the ledger or of an
    earlier file of the import. Nothing joins them (D-ident-2); the import says so."""
    mine = {
        ids.get(pid, pid): e
        for pid, e in entries.items()
        if ids.get(pid, pid).startswith(f"{local}/") and name_key(e.name)
    }
    if not mine:
        return ()
    others: dict[str, str] = {}
    for lid, k in earlier.items():
        others.setdefault(name_key(k.name), lid)
    p = schema.players
    for part in _chunks(sorted({e.name for e in mine.values()})):
        for pid, name in conn.execute(select(p.c.id, p.c.name).where(p.c.name.in_(part))):
            others.setdefault(name_key(name), pid)
    out = []
    for lid, e in sorted(mine.items()):
        other = others.get(name_key(e.name))
        if other is not None and other != lid:
            out.append((lid, other))
    return tuple(out)
