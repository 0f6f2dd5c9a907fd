"""The current states of one system, held in memory while rating, and the event as the
ledger shows it to the system (entries rewritten from the ledger; see
:mod:`arpad.ledger.rating`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from sqlalchemy import Connection, select

from arpad.ledger import schema
from arpad.ledger.codec import Codec
from arpad.ledger.store import StoredSection
from arpad.model import Event, PlayerEntry, Pool, PoolRating
from arpad.systems import ListEntry, RatingSystem

_IDS_PER_QUERY = 500


@dataclass(slots=True)
class Standing:
    """A player's current state in one pool: the snapshot's event rating, its list entry,
    and the state (decoded on first use)."""

    rating_id: int
    entry: ListEntry
    text: str | None
    state: Any = None


class LedgerStates:
    """The current states of one system, in memory while rating."""

    def __init__(self, system: RatingSystem[Any, Any]) -> None:
        self.system = system
        self.codec = Codec.of(system.state_type)
        self.pools: dict[Pool, dict[str, Standing]] = {p: {} for p in system.pools}
        self.met: set[str] = set()
        """Players whose current states are in memory (:meth:`load_players_of`): from
        then on the states in memory are newer than the database's."""

    def load_players_of(self, conn: Connection, sections: Sequence[StoredSection]) -> None:
        """Load the current states, in every pool, of the players of ``sections`` not met
        yet (a query per 500 of them): rating reads a player's state from the database
        once, when it first meets the player, instead of every state of the system (nor
        again the states of the players met before, which the memory holds newer)."""
        new = {pid for s in sections for pid in s.player_ids} - self.met
        if not new:
            return
        self.met |= new
        ps = schema.player_states
        ids = sorted(new)
        for i in range(0, len(ids), _IDS_PER_QUERY):
            query = select(*self._columns).where(
                ps.c.system == self.system.name,
                ps.c.pool.in_([p.value for p in self.system.pools]),
                ps.c.player_id.in_(ids[i : i + _IDS_PER_QUERY]),
                ps.c.next_id.is_(None),
            )
            for row in conn.execute(query):
                self._keep(*row)

    @property
    def _columns(self) -> tuple[Any, ...]:
        ps = schema.player_states
        c = ps.c
        return (c.pool, c.player_id, c.event_rating_id, c.rating, c.games, c.established,
                c.mark, c.state)  # fmt: skip

    def _keep(
        self, pool: str, pid: str, rid: int, rating: float | None, games: int, est: Any,
        mark: str, text: str,
    ) -> None:  # fmt: skip
        self.pools.setdefault(Pool(pool), {})[pid] = Standing(
            rid, ListEntry(rating, games, bool(est), mark), text
        )

    def load(
        self,
        conn: Connection,
        players: Sequence[str] | None = None,
        as_of: dt.date | None = None,
    ) -> None:
        """Load the current states (of ``players`` only, if given), or the states after
        the events ending on or before ``as_of`` (what an event of that date, imported
        now, is rated from: the import preview, :mod:`arpad.ledger.preview`)."""
        ps = schema.player_states
        query = select(*self._columns).where(ps.c.system == self.system.name)
        if as_of is None:
            query = query.where(ps.c.next_id.is_(None))
        else:
            query = query.where(
                ps.c.end_date <= as_of,
                ps.c.next_end_date.is_(None) | (ps.c.next_end_date > as_of),
            )
        ids = list(players) if players is not None else None
        chunks = [None] if ids is None else [ids[i : i + 500] for i in range(0, len(ids), 500)]
        for chunk in chunks:
            part = query if chunk is None else query.where(ps.c.player_id.in_(chunk))
            for row in conn.execute(part):
                self._keep(*row)

    def state(self, standing: Standing) -> Any:
        if standing.state is None and standing.text is not None:
            standing.state = self.codec.loads(standing.text)
            standing.text = None
        return standing.state

    def seen_by_system(self, event: Event) -> Event:
        """``event`` with its entries rewritten from the ledger (module docstring)."""
        own = self.pools.get(event.pool, {}) if event.dual_rated else {}
        others = self.other_pools(event.pool)
        players = [self.seen_entry(p, own.get(p.id), others) for p in event.players]
        changed = any(a is not b for a, b in zip(players, event.players, strict=True))
        return replace(event, players=tuple(players)) if changed else event

    def other_pools(self, pool: Pool) -> list[tuple[Pool, dict[str, Standing]]]:
        """The ledger's standings in the system's pools other than ``pool`` (non-empty)."""
        return [(p, d) for p, d in self.pools.items() if p != pool and d]

    @staticmethod
    def seen_entry(
        p: PlayerEntry,
        mine: Standing | None,
        others: Sequence[tuple[Pool, dict[str, Standing]]],
    ) -> PlayerEntry:
        """One entry as :meth:`seen_by_system` shows it: ``other_pools`` from the ledger's
        standings in ``others``, and (``mine``: the player's standing in a dual-rated
        event's pool) the rating and games of the ledger's list. ``p`` itself when
        nothing changes."""
        extra: dict[Pool, PoolRating] = {}
        for pool, known in others:
            st = known.get(p.id)
            if st is not None and st.entry.rating is not None:
                extra[pool] = PoolRating(st.entry.rating, st.entry.games, st.entry.established)
        if mine is None and not extra:
            return p
        kwargs: dict[str, Any] = {}
        if extra:
            merged = dict(p.other_pools)
            merged.update(extra)
            kwargs["other_pools"] = MappingProxyType(merged)
        if mine is not None:
            rating = mine.entry.rating
            kwargs["rating"] = rating
            kwargs["games"] = 0 if rating is None else mine.entry.games
            kwargs["rating_kind"] = None  # the ledger's own rating in this system
        return replace(p, **kwargs)

    def with_ledger_ratings(self, event: Event) -> Event:
        """``event`` with every player the ledger knows in its pool at the pre-event rating
        and games of the ledger's list (what the system rated them from), for the norm
        checks (:mod:`arpad.ledger.norms`); players it does not know keep the file's."""
        known = self.pools.get(event.pool, {})
        players: list[PlayerEntry] = []
        for p in event.players:
            st = known.get(p.id)
            if st is None:
                players.append(p)
                continue
            rating = st.entry.rating
            games = 0 if rating is None else st.entry.games
            same = p.rating == rating and p.games == games and p.rating_kind is None
            players.append(p if same else replace(p, rating=rating, games=games, rating_kind=None))
        return replace(event, players=tuple(players))

    def prior_states(self, event: Event) -> dict[str, Any]:
        known = self.pools.get(event.pool, {})
        out: dict[str, Any] = {}
        for pid in event.player_ids:
            st = known.get(pid)
            if st is not None:
                out[pid] = self.state(st)
        return out
