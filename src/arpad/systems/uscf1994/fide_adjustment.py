"""Adjusting USCF ratings from FIDE events (uscf-ratings-committee-1994.txt §6, L499–L587).

Adopted by the Policy Board in February 1994. From FIDE's six-monthly printout, for the
events not rated by the USCF (L517):

1. N = Σ games;  2. W = Σ scores;  3. d = Σ "Chg" (score − expected);  4. E = W − d;
5. A = Table 1 conversion of the FIDE rating minus the FIDE rating;
6. E_adj = N / (1 + 10^((R_f − R_u + A)/400) · (N/E − 1));
7. R_new = R_u + K(W − E_adj), K = 8.

E_adj is the expected score of a player rated R_u − A on the FIDE scale against N equal
opponents chosen to give the printout's E to a player rated R_f (§6.4, L585).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from arpad.config import Config, bounds
from arpad.errors import InputError
from arpad.systems.uscf1994.tables import FIDE_HIGH_ADD, FIDE_LOW_ADD, BetweenRows, fide_offset


@dataclass(frozen=True, slots=True)
class PrintoutLine:
    """One event line of FIDE's printout for one player (§6.1, L505–L511; §6.3, L544).

    ``uscf_rated`` is ``None`` when the file does not say; the event then counts as
    USCF-rated when its federation is the home one (L517: "these should be the ones played
    outside the US").
    """

    player: str
    fide: float
    """Ro: the pre-tournament FIDE rating."""
    score: float
    """W: the total score in the event."""
    games: int
    """N: the games played in the event."""
    change: float
    """Chg: the total score minus the expected total score."""
    federation: str = ""
    start: str = ""
    city: str = ""
    opponents_average: float | None = None
    """Rc, informational."""
    uscf_rated: bool | None = None
    uscf: float | None = None
    """The player's current USCF rating, when the file gives it."""
    line: int | None = None


@dataclass(frozen=True)
class FideAdjustmentConfig(Config):
    """Constants of §6.2."""

    K: float = field(default=8.0, metadata=bounds(0, None, doc="K of step 7 (L538)"))
    home_federation: str = field(
        default="USA", metadata={"doc": "events in this federation are USCF-rated (L517)"}
    )
    fide_between: BetweenRows = field(
        default=BetweenRows.INTERPOLATE,
        metadata={"doc": "FIDE ratings between rows of Table 1 (D-uscf1994-2)"},
    )
    fide_low_add: float = field(default=FIDE_LOW_ADD, metadata=bounds(doc="L144"))
    fide_high_add: float = field(default=FIDE_HIGH_ADD, metadata=bounds(doc="L144"))


@dataclass(frozen=True, slots=True)
class FideAdjustment:
    """The computation of §6.2 for one player, every intermediate value kept."""

    player: str
    uscf: float
    """R_u: the current USCF rating."""
    fide: float
    """R_f: the pre-tournament FIDE rating."""
    games: int
    """N."""
    score: float
    """W."""
    change_sum: float
    """d."""
    expected: float
    """E = W − d."""
    offset: float
    """A."""
    adjusted_expected: float
    """E_adj."""
    k: float
    new_rating: float
    """R_new.u."""
    events_used: int
    events_skipped: int
    notes: tuple[str, ...] = ()


def counts(line: PrintoutLine, config: FideAdjustmentConfig) -> bool:
    """Whether an event line enters the adjustment: only events not rated by the USCF."""
    if line.uscf_rated is not None:
        return not line.uscf_rated
    return line.federation.strip().upper() != config.home_federation.upper()


def adjusted_expected(
    games: int, expected: float, fide: float, uscf: float, offset: float
) -> float:
    """E_adj of §6.2 step 6 (L530).

    >>> round(adjusted_expected(31, 16.75, 2655, 2795, 46), 1)
    20.7
    """
    if expected <= 0.0:
        return 0.0
    factor: float = 10.0 ** ((fide - uscf + offset) / 400.0)
    return games / (1.0 + factor * (games / expected - 1.0))


def fide_adjustment(
    lines: Sequence[PrintoutLine], uscf: float, config: FideAdjustmentConfig | None = None
) -> FideAdjustment:
    """Apply §6.2 to one player's printout lines.

    Raises:
        InputError: the lines name several players, or give an expected score outside
            [0, N] (an inconsistent printout).
    """
    cfg = FideAdjustmentConfig() if config is None else config
    if not lines:
        raise InputError("no printout lines for the FIDE adjustment")
    players = {ln.player for ln in lines}
    if len(players) != 1:
        raise InputError(f"printout lines of several players: {', '.join(sorted(players))}")
    used = [ln for ln in lines if counts(ln, cfg)]
    first = lines[0]
    notes: list[str] = []
    fide = used[0].fide if used else first.fide
    if len({ln.fide for ln in used}) > 1:
        notes.append(f"the events list different FIDE ratings; R_f = {fide:g} (the first)")
    n = sum(ln.games for ln in used)
    w = sum(ln.score for ln in used)
    d = sum(ln.change for ln in used)
    e = w - d
    if not -1e-9 <= e <= n + 1e-9:
        raise InputError(
            f"player {first.player!r}: expected score E = W − d = {e:g} is outside [0, {n}]",
            line=first.line,
        )
    offset = fide_offset(fide, cfg.fide_between, cfg.fide_low_add, cfg.fide_high_add)
    e_adj = adjusted_expected(n, e, fide, uscf, offset) if n else 0.0
    return FideAdjustment(
        player=first.player,
        uscf=uscf,
        fide=fide,
        games=n,
        score=w,
        change_sum=d,
        expected=e,
        offset=offset,
        adjusted_expected=e_adj,
        k=cfg.K,
        new_rating=uscf + cfg.K * (w - e_adj),
        events_used=len(used),
        events_skipped=len(lines) - len(used),
        notes=tuple(notes),
    )
