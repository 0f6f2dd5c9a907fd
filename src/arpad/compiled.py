"""Numba, loaded only by the bulk paths, and the rules it compiles.

A system's rules are plain Python functions over floats, ints and flat arrays, in the
subset of Python that Numba compiles (``math``, not NumPy ufuncs, so that both ways give
the same bits). :func:`rule` marks such a function without importing Numba: the
per-event path calls it as ordinary Python. A season loop (``<system>/kernel.py``) is
compiled by :func:`jit` on first use; loading Numba then registers every marked rule so
that compiled code calls it compiled (``numba.extending.register_jitable``), while Python
callers keep the plain function.

The compile cache lives in a user cache folder (site-packages may be read-only): the
folder ``$NUMBA_CACHE_DIR`` names, else ``$XDG_CACHE_HOME/arpad/numba`` (``~/.cache``),
in either case in a subfolder named after a digest of arpad's sources, so that a cached
loop never outlives a change of a rule it calls (Numba checks only the loop's own file).
docs/decisions.md D-compiled-1, D-compiled-2.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_RULES: list[Callable[..., Any]] = []
_registered = 0
_numba: Any = None

SOURCES = Path(__file__).resolve().parent
"""The sources whose digest names the cache folder (arpad's: rules live in systems/ and a
few core modules, such as booktables)."""


def rule(fn: F) -> F:
    """Mark ``fn`` as a rule that compiled season loops call (returned unchanged)."""
    _RULES.append(fn)
    if _numba is not None:
        _register()
    return fn


@functools.cache
def source_digest() -> str:
    """A digest of arpad's sources (16 hex digits): it names the compile cache's folder."""
    import hashlib  # here: 'arpad rate' imports this module for @rule only (issue 20)

    digest = hashlib.sha256()
    for path in sorted(SOURCES.rglob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    """Where compiled loops are cached by default (see the module's docstring)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "arpad" / "numba" / source_digest()


def keyed_cache_dir() -> Path:
    """The folder Numba is given: :func:`fresh_cache_dir`, or, when ``$NUMBA_CACHE_DIR``
    names a folder, a subfolder of it named by :func:`source_digest` (a folder so named
    already, as the tests' session folder and the processes it starts, is kept). Numba
    checks only a loop's own file, so a cache not keyed by the sources could serve a loop
    compiled against an older rule (D-compiled-2)."""
    given = os.environ.get("NUMBA_CACHE_DIR")
    if not given:
        return fresh_cache_dir()
    folder = Path(given)
    return folder if folder.name == source_digest() else folder / source_digest()


def numba() -> Any:
    """The ``numba`` module, imported on first call with the cache folder set."""
    global _numba
    if _numba is None:
        os.environ["NUMBA_CACHE_DIR"] = str(keyed_cache_dir())
        import numba as nb

        _numba = nb
    _register()
    return _numba


def _register() -> None:
    global _registered
    from numba.extending import register_jitable

    for fn in _RULES[_registered:]:
        register_jitable(fn)
    _registered = len(_RULES)


def jit(fn: F, *, refcounts: bool = True) -> F:
    """``fn`` compiled (``numba.njit(cache=True)``), after every rule is registered.
    ``refcounts=False`` compiles it without Numba's runtime (``_nrt=False``): no reference
    counts on arrays (an atomic increment and decrement for every array handed to a rule),
    and no allocation, so the caller hands in every buffer (D-loopspeed-1)."""
    options: dict[str, Any] = {"cache": True}
    if not refcounts:
        options["_nrt"] = False
    compiled: F = numba().njit(**options)(fn)
    return compiled


COMPILED_FROM = 4096
"""Games from which a season loop runs compiled when the caller leaves it open (below,
Numba's load outweighs the loop's saving)."""


class SeasonLoop:
    """A system's season loop: the plain Python function and, on first use, its compiled
    form. Every system's ``kernel.py`` makes one (:func:`season_loop`), so the choice
    between the two ways is written here once."""

    def __init__(self, fn: Callable[..., Any], *, refcounts: bool = True) -> None:
        self.python = fn
        self.refcounts = refcounts
        self._compiled: Any = None

    @property
    def loaded(self) -> bool:
        """Whether the compiled loop is loaded in this process."""
        return self._compiled is not None

    def compiled(self) -> Any:
        """The loop compiled by Numba (loaded on the first call)."""
        if self._compiled is None:
            self._compiled = jit(self.python, refcounts=self.refcounts)
        return self._compiled

    def choose(self, games: int, compiled: bool | None) -> Any:
        """The loop to run on ``games`` games: compiled when ``compiled`` says so or, left
        open (``None``), from :data:`COMPILED_FROM` games or once Numba is loaded anyway
        (then the compiled loop is always the cheaper)."""
        if compiled is None:
            compiled = games >= COMPILED_FROM or self.loaded
        return self.compiled() if compiled else self.python


def season_loop(fn: Callable[..., Any], *, refcounts: bool = True) -> SeasonLoop:
    """``fn`` as a :class:`SeasonLoop`, compiled lazily (``refcounts``: see :func:`jit`)."""
    return SeasonLoop(fn, refcounts=refcounts)


@rule
def player_games(
    white: Any, black: Any, white_score: Any, n: int, start: Any, fill: Any, opp: Any, own: Any
) -> None:
    """An event's games (local indices 0..n−1) as each player's games in event order, a
    CSR table: player ``i``'s opponents ``opp[start[i]:start[i + 1]]`` and own scores
    ``own[…]``; ``fill`` is scratch of ``n``. The layout every system's event rule starts
    from (written once here; ``start`` needs n + 1 places, ``opp`` and ``own`` two per game)."""
    for i in range(n + 1):
        start[i] = 0
    for j in range(len(white)):
        start[white[j] + 1] += 1
        start[black[j] + 1] += 1
    for i in range(n):
        start[i + 1] += start[i]
        fill[i] = start[i]
    for j in range(len(white)):
        w, b = white[j], black[j]
        opp[fill[w]] = b
        own[fill[w]] = white_score[j]
        fill[w] += 1
        opp[fill[b]] = w
        own[fill[b]] = 1.0 - white_score[j]
        fill[b] += 1


@rule
def largest_event(first: int, last: int, game_start: Any, member_start: Any) -> tuple[int, int]:
    """The most players and the most games of one event among ``first`` to ``last − 1``
    (a season loop allocates its scratch once, for the largest event)."""
    n_max = 0
    g_max = 0
    for e in range(first, last):
        n_max = max(n_max, member_start[e + 1] - member_start[e])
        g_max = max(g_max, game_start[e + 1] - game_start[e])
    return n_max, g_max


@rule
def copy_into(source: Any, target: Any) -> None:
    """``target[:] = source``, element by element: in a loop compiled without Numba's
    reference counts an array assigned from another array does not compile (Numba's
    overlap check allocates)."""
    for i in range(len(source)):
        target[i] = source[i]


@rule
def local_games(members: Any, white: Any, black: Any, local_of: Any, gw: Any, gb: Any) -> None:
    """The event's games in local indices (a member's place in the event); ``local_of``
    maps slots to them until the caller resets it."""
    for i in range(len(members)):
        local_of[members[i]] = i
    for j in range(len(white)):
        gw[j] = local_of[white[j]]
        gb[j] = local_of[black[j]]


def fresh_cache_dir() -> Path:
    """:func:`cache_dir`, the folders of older sources removed when it is new (loops
    compiled against older sources are never used again)."""
    import shutil

    folder = cache_dir()
    if not folder.exists():
        for old in folder.parent.glob("*"):
            shutil.rmtree(old, ignore_errors=True)
    return folder
