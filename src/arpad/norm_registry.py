"""The registry of title (norm) systems by name, re-exported by :mod:`arpad.titles`.

Kept apart from the package so that the command line can name the title systems in its
help (``arpad norms --system``) without importing :mod:`arpad.titles`, whose result types
cost start-up time that ``arpad rate`` and ``arpad --help`` never use (issue 20,
D-startup3-2). Everything else reaches it as ``arpad.titles.NORM_SYSTEMS``.
"""

from __future__ import annotations

NORM_SYSTEMS: dict[str, str] = {
    "fide": "arpad.titles.fide2024",
    "fide1986": "arpad.titles.fide1986",
    "uscf1994": "arpad.titles.uscf1994",
}
"""Title system name → module defining ``TITLE_SYSTEM``. Add one line per system."""

NORMS_FOR_SYSTEM: dict[str, str] = {
    "fide1986": "fide1986",
    "uscf1994": "uscf1994",
}
"""Rating system name (:data:`arpad.systems.REGISTRY`) → the norm system whose norms the
rating ledger stores for the events that rating system rates. Add one line per pair. A
norm system that belongs to a family of dated rule sets (``TitleSystem.family``) stands
for the whole family: each event is checked under the member in force on its date
(:func:`arpad.titles.dated_norm_system`)."""


def norm_system_names() -> list[str]:
    return sorted(NORM_SYSTEMS)
