"""Players' :class:`~arpad.systems.fide.state.FideState` as the rows and records the event
steps work on (:mod:`.steps`), and back.

A :class:`StateTable` holds one row per player and the records of their pending and pooled
events; :meth:`StateTable.put` writes a state, :meth:`StateTable.state` reads one (as it
stood after a given event, for a season's results). Notes a state brings with it are kept
as they are (:data:`.steps.NOTE_GIVEN`); notes a publication writes are codes, written out
by :func:`note_texts`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from arpad.systems.fide import steps as s
from arpad.systems.fide.rules import FideConfig, FloatArray, hundredths, month_number
from arpad.systems.fide.state import FideState, PendingEvent, PooledEvent

NOW = 1e300
"""Read a state as it stands (every record not yet dead; deaths are event numbers)."""


@functools.lru_cache(maxsize=4096)
def month_name(number: float) -> str:
    """A month number as ``"YYYY-MM"`` (:func:`~arpad.systems.fide.rules.month_number`)."""
    n = int(number)
    return f"{n // 12:04d}-{n % 12 + 1:02d}"


def note_texts(
    code: float, a: float, b: float, given: Sequence[tuple[str, ...]], cfg: FideConfig
) -> tuple[str, ...]:
    """What a publication said (:mod:`.steps` note codes) as the state's notes."""
    if code == s.NOTE_FEW:
        return (
            f"{int(a)} games against rated opponents; a first rating needs {cfg.initial_games}",
        )
    if code == s.NOTE_INITIAL_BELOW:
        return (f"initial rating {a:.0f} is below {b:.0f}: not published",)
    if code == s.NOTE_FIRST:
        return (f"first rating {a:.0f} ({b:.0f} rule)",)
    if code == s.NOTE_BELOW_FLOOR:
        return (f"rating {a:.0f} is below {b:.0f}: shown unrated on the next list",)
    if code == s.NOTE_GIVEN:
        return given[int(a)]
    return ()


class StateTable:
    """Rows and records of players' states (see the module's docstring).

    ``event_ids``: the ids of the events records come from (by the event number the steps
    are given); records of a state written by :meth:`put` keep their own ids.
    """

    def __init__(self, players: int, records: int, event_ids: Sequence[str], cfg: FideConfig):
        self.rows: FloatArray = np.empty((players, s.N_FIELDS))
        self.rows[:, : s.NOTE_B + 1] = (math.nan, -1.0, 0.0, 0.0, math.nan, 0.0, 0.0, 0.0)
        self.rows[:, s.PEND_HEAD : s.POOL_TAIL + 1] = -1.0
        self.rows[:, s.SETTLED] = s.UNSETTLED
        self.recs: FloatArray = np.zeros((max(records, 1), s.N_REC))
        self.status = np.zeros(1, dtype=np.int64)
        self.event_ids = event_ids
        self.foreign: list[str] = []
        """Event ids of records written by :meth:`put` (``R_EVENT`` = −1 − index)."""
        self.given: list[tuple[str, ...]] = []
        self.cfg = cfg
        self._objects: dict[int, Any] = {}

    def reserve(self, records: int) -> None:
        """Room for ``records`` more records."""
        need = int(self.status[0]) + records
        if need > len(self.recs):
            grown = np.zeros((max(need, 2 * len(self.recs)), s.N_REC))
            grown[: len(self.recs)] = self.recs
            self.recs = grown

    def put(self, slot: int, state: FideState, stamp: float | None = None) -> None:
        """Write ``state`` into ``slot`` (``stamp``: the event at which the slot's earlier
        records die; ``None``: the slot is new)."""
        row = self.rows[slot]
        if stamp is not None:
            s.clear(row, s.PEND_HEAD, self.recs, stamp)
            s.clear(row, s.POOL_HEAD, self.recs, stamp)
        row[s.RATING] = math.nan if state.rating is None else state.rating
        row[s.MONTH] = -1.0 if state.month is None else month_number(state.month)
        row[s.GAMES] = state.games
        row[s.TOP] = float(state.reached_top)
        row[s.BIRTH] = math.nan if state.birth_year is None else state.birth_year
        row[s.NOTE : s.NOTE_B + 1] = (s.NO_NOTE, 0.0, 0.0)
        row[s.SETTLED] = s.UNSETTLED
        if state.notes:
            row[s.NOTE], row[s.NOTE_A] = s.NOTE_GIVEN, len(self.given)
            self.given.append(state.notes)
        self.reserve(len(state.pending) + len(state.pooled))
        for e in state.pending:
            self._record(row, s.PEND_HEAD, e.period, e.games, hundredths(e.delta), 0.0, e.event_id)
        for q in state.pooled:
            self._record(row, s.POOL_HEAD, q.period, q.games, q.score, q.opponents, q.event_id)

    def _record(
        self, row: FloatArray, head: int, period: str, games: int, a: float, b: float, event_id: str
    ) -> None:
        self.foreign.append(event_id)
        event = -float(len(self.foreign))
        s.append(row, head, self.recs, self.status, month_number(period), games, a, b, event)

    def state(self, row: FloatArray, at: float = NOW) -> FideState:
        """The state of ``row`` (a player's row, or a copy taken after an event) with the
        records alive after event ``at``."""

        values = row.tolist()
        rating, month, games, top, birth, note, a, b = values[: s.NOTE_B + 1]
        return FideState(
            rating=None if math.isnan(rating) else rating,
            month=None if month < 0 else month_name(month),
            games=int(games),
            reached_top=bool(top),
            birth_year=None if math.isnan(birth) else int(birth),
            pending=self._events(values, s.PEND_HEAD, at),
            pooled=self._events(values, s.POOL_HEAD, at),
            notes=note_texts(note, a, b, self.given, self.cfg),
        )

    def _events(self, row: list[float], head: int, at: float) -> tuple[Any, ...]:
        """The list's records alive after event ``at``, as the state's events."""
        out = []
        recs = self.recs
        i, tail = int(row[head]), int(row[head + 1])
        while i >= 0:
            if recs[i, s.R_DIED] > at:
                out.append(self._objects.get(i) or self._object(i, head))
            if i == tail:
                break
            i = int(recs[i, s.R_NEXT])
        return tuple(out)

    def _object(self, i: int, head: int) -> Any:
        """Record ``i`` as a ``PendingEvent`` or ``PooledEvent`` (made once: records do not
        change)."""

        period, games, a, b, _, _, event = self.recs[i].tolist()
        name, event_id = month_name(period), self._event_id(event)
        made: Any
        if head == s.PEND_HEAD:
            made = PendingEvent(name, event_id, a / 100.0, int(games))
        else:
            made = PooledEvent(name, event_id, int(games), a, b)
        self._objects[i] = made
        return made

    def _event_id(self, code: float) -> str:
        return self.event_ids[int(code)] if code >= 0 else self.foreign[-1 - int(code)]

    def notes(self, code: float, a: float, b: float) -> tuple[str, ...]:
        """:func:`note_texts` with this table's given notes."""
        return note_texts(code, a, b, self.given, self.cfg)
