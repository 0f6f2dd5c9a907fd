"""Rating runs of consecutive sections through :func:`arpad.replay`.

The ledger rates section after section (:mod:`arpad.ledger.rating`). A run of consecutive
sections is rated at once by :func:`arpad.replay`, the one path every history takes: it
hands the run to the system's batch engine (``rate_batch_fn``, e.g. the US Chess season
engine) where there is one, and rates event after event where there is none; either way
equal to rating the sections one by one (the conformance suite). The results are then
recorded section by section exactly as before: the same rows, the same transactions and
crash safety.

A run holds sections that the ledger would show to the system unchanged while the run is
rated: one pool each (not dual-rated, whose entries are rewritten from the ledger's states
in the event's own pool) and all in the same pool (entries are rewritten from the *other*
pools' states, which the run does not change), for a system without norm checks (a norm
check reads the ledger's list before each event). Anything else, and any run the system
refuses (a bad match, say), goes through :func:`arpad.ledger.rating.rate_section` one
section at a time, so a failure stays with its section. docs/decisions.md D-speed-4,
D-ledger-batch-1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from arpad.ledger.columns import SeasonRun, rate_run
from arpad.ledger.outcome import PoolOutcome
from arpad.ledger.store import StoredSection
from arpad.ledger.views import LedgerStates
from arpad.model import Pool
from arpad.systems.replay import replay

SectionRater = Callable[[StoredSection], list[PoolOutcome]]


class Lookahead:
    """Rates the sections of one loaded chunk, runs of them through the batch engine.

    ``one_by_one`` is the ledger's per-section path, used for everything else. The
    outcomes must be asked for in order, each after the previous one was recorded.
    """

    def __init__(
        self,
        states: LedgerStates,
        config: Any,
        norm_system: str | None,
        one_by_one: SectionRater,
        max_run: int = 1 << 30,
    ) -> None:
        self.states = states
        self.config = config
        self.one_by_one = one_by_one
        self.enabled = norm_system is None
        self.ready: dict[int, list[PoolOutcome]] = {}
        self.sections: Sequence[StoredSection] = ()
        self.position: dict[int, int] = {}
        self.refused: set[int] = set()
        """Sections of a run the engine refused: rated one by one from now on."""
        self.max_run = max_run
        """The longest run (the writer's batch: a run is written in one transaction)."""

    def load(self, sections: Sequence[StoredSection]) -> None:
        """The next chunk of sections, in rating order."""
        self.sections = sections
        self.position = {s.id: i for i, s in enumerate(sections)}
        self.ready = {}

    def rate(self, section: StoredSection) -> list[PoolOutcome]:
        """The outcomes of ``section`` (every earlier section of the chunk is recorded)."""
        ready = self.ready.pop(section.id, None)
        if ready is not None:
            return ready
        pool = self._pool(section)
        if pool is not None and section.id not in self.refused:
            run = self._run(self.position[section.id], pool)
            if len(run) > 1:
                self._rate_run(run, pool)
                return self.ready.pop(section.id, None) or self.one_by_one(section)
        return self.one_by_one(section)

    def season_run(self, section: StoredSection) -> SeasonRun | None:
        """For a system with a season loop: the run that starts at ``section``, rated by
        the loop and ready to record from columns (:mod:`arpad.ledger.columns`); ``None``
        when ``section`` is rated alone (or the loop refused the run: then its sections
        go one by one)."""
        if self.states.system.season_fn is None or section.id in self.refused:
            return None
        pool = self._pool(section)
        if pool is None:
            return None
        run = self._run(self.position[section.id], pool)
        if len(run) < 2:
            return None
        try:
            return rate_run(self.states, self.config, run, pool)
        except Exception:  # the per-section path will say which section fails, and why
            self.refused.update(s.id for s in run)
            return None

    def discard(self) -> None:
        """A section's result could not be recorded (so the ledger's states did not move
        on): the later results of its run were rated from it, so those sections are rated
        again one at a time."""
        self.refused.update(self.ready)
        self.ready.clear()

    def _pool(self, section: StoredSection) -> Pool | None:
        """The one pool the system rates ``section`` in, if the section can join a run
        (read from its head: a section that is not dual-rated is rated in its own pool
        only, :attr:`arpad.model.Event.pools`)."""
        head = section.head
        if not self.enabled or head.dual_rated:
            return None
        return head.pool if head.pool in self.states.system.pools else None

    def _run(self, start: int, pool: Pool) -> list[StoredSection]:
        run = []
        for s in self.sections[start : start + self.max_run]:
            if self._pool(s) != pool:
                break
            run.append(s)
        return run

    def _rate_run(self, run: list[StoredSection], pool: Pool) -> None:
        try:
            events = [self.states.seen_by_system(s.event).in_pool(pool) for s in run]
            prior: dict[str, Any] = {}
            for event in events:
                for pid, state in self.states.prior_states(event).items():
                    prior.setdefault(pid, state)
            results = replay(events, self.states.system, self.config, prior).results
        except Exception:  # the per-section path will say which section fails, and why
            self.refused.update(s.id for s in run)
            return
        for s, result in zip(run, results, strict=True):
            self.ready[s.id] = [PoolOutcome(pool, result, "rated", None)]
