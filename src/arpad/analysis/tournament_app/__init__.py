"""Berard's Tournament App (berard-pra-and-tournament-app.txt, Part 2). See docs/tournament-app.md.

Modules: :mod:`.inputs` (the app's view of a tournament), :mod:`.pzero`,
:mod:`.regression`, :mod:`.goodness` (Ratings Goodness of Fit Test, K-interval),
:mod:`.greatness` (G-score, categories, Tournament Strength), :mod:`.after` (Elo After,
PRA After), :mod:`.corrections` (quantum corrections, estimator of missing ratings),
:mod:`.lln` (Ratings Law of Large Numbers utilities), :mod:`.analyse` (the pipeline) and
:mod:`.report` (the printout and JSON).
"""

from __future__ import annotations

from arpad.analysis.tournament_app.analyse import (
    AppConfig,
    AppRun,
    AppSession,
    analyse,
    run_app,
)
from arpad.analysis.tournament_app.inputs import AppGame, AppInput, Entrant, from_event
from arpad.analysis.tournament_app.report import render, render_run, session_json

__all__ = [
    "AppConfig",
    "AppGame",
    "AppInput",
    "AppRun",
    "AppSession",
    "Entrant",
    "analyse",
    "from_event",
    "render",
    "render_run",
    "run_app",
    "session_json",
]
