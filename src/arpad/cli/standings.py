"""A crosstable as people read it: players in standings order, rounds in a compact form.

Players are listed by the place the file gives (TRF's rank, the arbiter's tie-breaks
applied), else by score, ties kept in the file's order. Each round is one word, ``W6``
(won against the player listed 6th), ``D2``, ``L8``, a bye or forfeit code (``H``, ``B``,
``X``, ``F``, ``U``), with the colour after it where the table has room (``W6w``, ``L8b``).
Words fold onto more lines of the cell in a narrow terminal; nothing is cut (D-cli-8).
"""

from __future__ import annotations

from collections.abc import Sequence

from arpad.io.uscf_crosstable_writer import Cell, round_cells
from arpad.model import Event, PlayerEntry


def place(player: PlayerEntry) -> int | None:
    """The player's place as the file gives it; ``None`` for none (TRF writes 0 for a
    player who withdrew)."""
    return player.rank if player.rank else None


def ranked(event: Event) -> bool:
    """Whether the event's file gave places (TRF's rank column)."""
    return any(place(p) is not None for p in event.players)


def standings(event: Event) -> list[PlayerEntry]:
    """The players of ``event`` best first: by the file's places when it gives them (a
    player it gives none, such as one who withdrew, after them by score), else by
    points; ties in the file's order."""
    points = {p.id: event.total_points(p.id) for p in event.players}
    if ranked(event):
        return sorted(event.players, key=lambda p: (place(p) is None, p.rank or 0, -points[p.id]))
    return sorted(event.players, key=lambda p: -points[p.id])


def _word(cell: Cell, place: dict[int, int], colours: bool) -> str:
    if not cell.code:
        return "·"  # a round the player was not paired in
    if cell.opponent is None:
        return cell.code
    colour = cell.colour.lower() if colours else ""
    return f"{cell.code}{place[cell.opponent]}{colour}"


def round_words(event: Event, order: Sequence[PlayerEntry], colours: bool) -> dict[str, str]:
    """Every player's rounds as words, opponents named by their line in ``order``.

    >>> from arpad.model import Game
    >>> e = Event("e", (PlayerEntry("a"), PlayerEntry("b")), (Game("b", "a", 0.0, round=1),))
    >>> round_words(e, standings(e), colours=True)
    {'a': 'W2b', 'b': 'L1w'}
    """
    cells = round_cells(event)
    pair = {p.id: i for i, p in enumerate(event.players, start=1)}
    place = {pair[p.id]: line for line, p in enumerate(order, start=1)}
    return {
        pid: " ".join(_word(c, place, colours) for c in mine).rstrip(" ·")
        for pid, mine in cells.items()
    }
