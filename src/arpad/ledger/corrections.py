"""An officer's corrections, each in the audit log: annul a game, correct a result, set a
player's rating by decision; list the log and undo an entry (issue 21).

**Games.** A game is found by event, round, white and black (ledger ids, FIDE IDs, or the
names the event's file gave). Correcting its result changes the stored game's score; annulling it
marks it unrated (it stays in the crosstable, as FIDE's and US Chess's annulled games
do, and no system rates it). Either rolls back every system from the game's section on
(:func:`arpad.ledger.rollback.roll_back_from`), in the same transaction as the change and
its audit entry; ``rate-pending`` then rates it and everything after it again, exactly as
for a late report. A kill before the commit leaves the ledger as it was; a kill while
rating leaves the correction stored and the sections pending (``rate-pending`` finishes).

**Ratings.** A manual correction sets the rating in a player's current state of one
(system, pool) to the officer's value (the state's other fields stay; its list entry is
the system's own ``list_entry`` of the new state), for systems whose state has a
``rating`` field. It is written over the current state, so the next event rates from it.
A re-rating that rolls that state back (a late event or correction before it,
``--from-scratch``) recomputes the state without it: the audit log then shows the entry
as superseded, and it cannot be undone (enter it again if it still stands).

**Undo.** An undo restores what the entry changed (``before``), provided the ledger still
holds what it wrote (``after``), and is itself an entry of the log.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, and_, insert, select, update

from arpad.ledger import schema
from arpad.ledger.bulk import fetch_all
from arpad.ledger.codec import Codec
from arpad.ledger.db import LedgerError
from arpad.ledger.queries import find_sections
from arpad.ledger.rating import stored_config
from arpad.ledger.rollback import roll_back_from
from arpad.model import Pool
from arpad.systems import get_system

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5, "½-½": 0.5}
"""The results ``arpad correct --result`` takes (white's score)."""


@dataclass(frozen=True, slots=True)
class AuditEntry:
    id: int
    at: str
    by: str
    kind: str
    target: str
    reason: str
    before: dict[str, Any]
    after: dict[str, Any]
    undoes: int | None
    undone_by: int | None


@dataclass(frozen=True, slots=True)
class Moved:
    """A player's rating that a change moved (``None``: unrated or not on the list)."""

    player_id: str
    name: str
    system: str
    pool: str
    old: float | None
    new: float | None


Snapshot = dict[tuple[str, str, str], tuple[float | None, int, str]]


def snapshot(conn: Connection) -> Snapshot:
    """Every current (system, pool, player) → (rating, games, mark)."""
    sql = (
        "SELECT system, pool, player_id, rating, games, mark FROM player_states "
        "WHERE next_id IS NULL"
    )
    return {(r[0], r[1], r[2]): (r[3], r[4], r[5]) for r in fetch_all(conn, sql)}


def moved(conn: Connection, before: Snapshot, after: Snapshot) -> list[Moved]:
    """The players whose rating, games or mark differ between two snapshots, by system,
    pool and player."""
    keys = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    if not keys:
        return []
    wanted = {k[2] for k in keys}
    names = {
        pid: name
        for pid, name in conn.execute(select(schema.players.c.id, schema.players.c.name))
        if pid in wanted
    }
    out = []
    for system, pool, pid in keys:
        old = before.get((system, pool, pid))
        new = after.get((system, pool, pid))
        out.append(
            Moved(
                pid,
                names.get(pid, ""),
                system,
                pool,
                None if old is None else old[0],
                None if new is None else new[0],
            )
        )
    return out


# -- the log ---------------------------------------------------------------------------------


def log(
    conn: Connection,
    *,
    at: str,
    by: str,
    kind: str,
    target: str,
    reason: str,
    before: dict[str, Any],
    after: dict[str, Any],
    undoes: int | None = None,
) -> int:
    """Append an entry to the audit log; its id."""
    result = conn.execute(
        insert(schema.audit_log).values(
            at=at,
            by=by,
            kind=kind,
            target=target,
            reason=reason,
            before=json.dumps(before, sort_keys=True),
            after=json.dumps(after, sort_keys=True),
            undoes=undoes,
        )
    )
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def entries(conn: Connection) -> list[AuditEntry]:
    """The audit log, oldest first."""
    a = schema.audit_log
    return [
        AuditEntry(
            r.id,
            r.at,
            r.by,
            r.kind,
            r.target,
            r.reason,
            json.loads(r.before),
            json.loads(r.after),
            r.undoes,
            r.undone_by,
        )
        for r in conn.execute(select(a).order_by(a.c.id))
    ]


def entry(conn: Connection, entry_id: int) -> AuditEntry:
    """One entry of the log.

    Raises:
        LedgerError: no such entry.
    """
    for e in entries(conn):
        if e.id == entry_id:
            return e
    raise LedgerError(f"no entry {entry_id} in the audit log (see 'arpad audit')")


# -- games -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRef:
    section_id: int
    section: str
    ordinal: int
    round: int | None
    white: str
    black: str
    score: float
    rated: bool


def _ids_for(conn: Connection, section_ids: Sequence[int], who: str) -> set[str]:
    """``who`` as a ledger id, or the ids of the sections' players of that name or FIDE
    ID."""
    en, pl = schema.entries, schema.players
    found = {who}
    wanted = who.casefold()
    for pid, name, fide_id in conn.execute(
        select(en.c.player_id, en.c.name, pl.c.fide_id)
        .join(pl, pl.c.id == en.c.player_id)
        .where(en.c.section_id.in_(section_ids))
    ):
        if name.casefold() == wanted or fide_id == who:
            found.add(pid)
    return found


def find_game(conn: Connection, event: str, round_: int, white: str, black: str) -> GameRef:
    """The game of ``event`` in round ``round_`` between ``white`` and ``black``.

    Raises:
        LedgerError: no such event or game, or several games match.
    """
    ids = find_sections(conn, event)
    g, s = schema.games, schema.sections
    whites, blacks = _ids_for(conn, ids, white), _ids_for(conn, ids, black)
    rows = conn.execute(
        select(g, s.c.key)
        .join(s, s.c.id == g.c.section_id)
        .where(g.c.section_id.in_(ids), g.c.round == round_)
        .order_by(g.c.section_id, g.c.ordinal)
    ).all()
    hits = [r for r in rows if r.white in whites and r.black in blacks]
    if len(hits) != 1:
        shown = "; ".join(f"{r.white} - {r.black}" for r in rows[:6]) or "none"
        what = "no game" if not hits else f"{len(hits)} games"
        raise LedgerError(
            f"{what} of {event!r} in round {round_} with white {white!r} and black "
            f"{black!r} (the round's games: {shown})"
        )
    r = hits[0]
    return GameRef(
        r.section_id, r.key, r.ordinal, r.round, r.white, r.black, float(r.score), bool(r.rated)
    )


def _game_state(game: GameRef) -> dict[str, Any]:
    return {"score": game.score, "rated": game.rated}


def _set_game(conn: Connection, game: GameRef, score: float, rated: bool) -> None:
    g, s = schema.games, schema.sections
    conn.execute(
        update(g)
        .where(and_(g.c.section_id == game.section_id, g.c.ordinal == game.ordinal))
        .values(score=score, rated=rated)
    )
    first = conn.execute(select(s.c.end_date, s.c.position).where(s.c.id == game.section_id)).one()
    roll_back_from(conn, None, first.end_date, first.position, inclusive=True)


def game_target(game: GameRef) -> str:
    return f"{game.section} round {game.round}: {game.white} - {game.black}"


def correct_game(
    conn: Connection,
    game: GameRef,
    *,
    score: float | None,
    annul: bool,
    reason: str,
    by: str,
    at: str,
) -> int:
    """Correct the result of ``game`` (``score``: white's) or annul it, roll back what
    depends on it and log it; the log entry's id. The caller holds the transaction.

    Raises:
        LedgerError: the change changes nothing.
    """
    new_score = game.score if score is None else score
    rated = False if annul else game.rated
    if (new_score, rated) == (game.score, game.rated):
        state = "annulled" if not game.rated else f"scored {game.score:g} for white"
        raise LedgerError(f"the game {game_target(game)} is {state} already; nothing changed")
    _set_game(conn, game, new_score, rated)
    return log(
        conn,
        at=at,
        by=by,
        kind="annul" if annul else "result",
        target=game_target(game),
        reason=reason,
        before={"section": game.section, "ordinal": game.ordinal, **_game_state(game)},
        after={
            "section": game.section,
            "ordinal": game.ordinal,
            "score": new_score,
            "rated": rated,
        },
    )


# -- ratings ---------------------------------------------------------------------------------


def _current_state(conn: Connection, system: str, pool: Pool, player_id: str) -> Any:
    ps = schema.player_states
    row = conn.execute(
        select(ps).where(
            ps.c.system == system,
            ps.c.pool == pool.value,
            ps.c.player_id == player_id,
            ps.c.next_id.is_(None),
        )
    ).first()
    if row is None:
        raise LedgerError(
            f"player {player_id!r} has no {system} rating in the {pool.value} pool to correct"
        )
    return row


def _state_values(row: Any) -> dict[str, Any]:
    return {
        "event_rating_id": row.event_rating_id,
        "rating": row.rating,
        "games": row.games,
        "established": bool(row.established),
        "mark": row.mark,
        "state": row.state,
    }


def _write_state(conn: Connection, player_id: str, values: dict[str, Any]) -> None:
    ps = schema.player_states
    conn.execute(
        update(ps)
        .where(
            ps.c.event_rating_id == values["event_rating_id"],
            ps.c.player_id == player_id,
        )
        .values(
            rating=values["rating"],
            games=values["games"],
            established=values["established"],
            mark=values["mark"],
            state=values["state"],
        )
    )


def correct_rating(
    conn: Connection,
    system: str,
    pool: Pool,
    player_id: str,
    rating: float,
    *,
    reason: str,
    by: str,
    at: str,
) -> int:
    """Set ``player_id``'s current rating in (system, pool) and log it; the entry's id.

    Raises:
        LedgerError: no current state, or a system whose state has no ``rating`` field.
    """
    rs = get_system(system)
    if "rating" not in {f.name for f in dataclasses.fields(rs.state_type)}:
        raise LedgerError(f"{rs.name}'s state has no rating to correct by hand")
    config = stored_config(conn, rs)
    if config is None:
        raise LedgerError(f"this ledger does not rate with {rs.name!r}")
    row = _current_state(conn, rs.name, pool, player_id)
    codec = Codec.of(rs.state_type)
    state = dataclasses.replace(codec.loads(row.state), rating=rating)
    entry = rs.list_entry(state, config)
    before = _state_values(row)
    after = {
        **before,
        "rating": entry.rating,
        "games": entry.games,
        "established": entry.established,
        "mark": entry.mark,
        "state": codec.dumps(state),
    }
    _write_state(conn, player_id, after)
    return log(
        conn,
        at=at,
        by=by,
        kind="rating",
        target=f"{player_id} {rs.name} {pool.value}",
        reason=reason,
        before={"player_id": player_id, "system": rs.name, "pool": pool.value, **before},
        after={"player_id": player_id, "system": rs.name, "pool": pool.value, **after},
    )


def in_effect(conn: Connection, e: AuditEntry) -> bool:
    """Whether the ledger still holds what ``e`` wrote (it can be undone)."""
    if e.kind in ("result", "annul"):
        g, s = schema.games, schema.sections
        row = conn.execute(
            select(g.c.score, g.c.rated)
            .join(s, s.c.id == g.c.section_id)
            .where(s.c.key == e.after["section"], g.c.ordinal == e.after["ordinal"])
        ).first()
        return row is not None and (float(row.score), bool(row.rated)) == (
            e.after["score"],
            e.after["rated"],
        )
    if e.kind == "rating":
        ps = schema.player_states
        row = conn.execute(
            select(ps).where(
                ps.c.event_rating_id == e.after["event_rating_id"],
                ps.c.player_id == e.after["player_id"],
            )
        ).first()
        return row is not None and _state_values(row) == {
            k: e.after[k]
            for k in ("event_rating_id", "rating", "games", "established", "mark", "state")
        }
    return False


def undo(conn: Connection, entry_id: int, *, reason: str, by: str, at: str) -> int:
    """Undo entry ``entry_id``: restore what it changed and log the undo; its id.

    Raises:
        LedgerError: no such entry, one that cannot be undone (a publication, an undo),
            one undone already, or one the ledger no longer holds (superseded).
    """
    e = entry(conn, entry_id)
    if e.kind not in ("result", "annul", "rating"):
        raise LedgerError(f"entry {entry_id} ({e.kind}) cannot be undone")
    if e.undone_by is not None:
        raise LedgerError(f"entry {entry_id} was undone already (entry {e.undone_by})")
    if not in_effect(conn, e):
        raise LedgerError(
            f"entry {entry_id} is superseded: the ledger no longer holds what it wrote "
            "(a later change or a re-rating replaced it)"
        )
    if e.kind == "rating":
        values = {
            k: e.before[k]
            for k in ("event_rating_id", "rating", "games", "established", "mark", "state")
        }
        _write_state(conn, e.before["player_id"], values)
    else:
        s = schema.sections
        section_id = conn.execute(select(s.c.id).where(s.c.key == e.before["section"])).scalar_one()
        ref = GameRef(section_id, e.before["section"], e.before["ordinal"], None, "", "", 0.0, True)
        _set_game(conn, ref, e.before["score"], e.before["rated"])
    undo_id = log(
        conn,
        at=at,
        by=by,
        kind="undo",
        target=f"entry {entry_id}: {e.target}",
        reason=reason,
        before=e.after,
        after=e.before,
        undoes=entry_id,
    )
    a = schema.audit_log
    conn.execute(update(a).where(a.c.id == entry_id).values(undone_by=undo_id))
    return undo_id
