"""US Chess's rating estimator as the system's hook (:attr:`RatingSystem.estimator`):
:func:`arpad.systems.uscf2020.rating.estimate` with the bonus multiplier of the event's
era, and its steps as the federation's estimator shows them."""

from __future__ import annotations

from arpad.systems import Estimate, EstimateRequest, Estimator
from arpad.systems.uscf2020.config import USCFConfig
from arpad.systems.uscf2020.initial import Initial
from arpad.systems.uscf2020.rating import estimate


def run(request: EstimateRequest, config: USCFConfig) -> Estimate:
    """One player's new rating against fixed opponents' ratings (D-uscf-13)."""
    config = config.for_date(request.day)  # B of the event's era unless -o B fixes it
    initial = None if request.initial is None else Initial(request.initial, 0, "given")
    r = estimate(
        request.rating,
        request.games or 0,
        list(request.results),
        config,
        all_wins=request.all_wins,
        all_losses=request.all_losses,
        initial=initial,
    )
    lines = [
        ("pre-event rating", "unrated" if request.rating is None else f"{request.rating:.0f}"),
        ("games / score", f"{r.games} / {r.score:g}"),
        ("formula", r.method),
    ]
    if r.k is not None:
        lines.append(("K", f"{r.k:.2f}"))
    if r.expected is not None:
        lines.append(("expected score", f"{r.expected:.2f}"))
    if r.bonus:
        lines.append(("bonus", f"{r.bonus:.2f}"))
    if r.pre is not None and r.post is not None:
        lines.append(("change", f"{r.post - r.pre:+.2f}"))
    rules = (
        f"US Chess (2020), bonus multiplier B = {config.bonus_multiplier:g}, event of {request.day}"
    )
    return Estimate(r, rules, tuple(lines))


ESTIMATOR = Estimator(
    title="US Chess (2020 rules)",
    note="Like the federation's estimator: opponents' ratings are taken as they are; an "
    "unrated player starts at 750 with N = 0.",
    run=run,
    uses=frozenset({"all_wins", "all_losses", "initial"}),
    needs_games=True,
)
