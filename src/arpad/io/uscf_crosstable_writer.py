"""Writing the US Chess member-services crosstable text (the layout
:mod:`arpad.io.uscf_crosstable` reads).

Each player takes two lines between dashed rules (a third, ``Q:``, for the Quick rating of
a dual-rated event)::

        1 | JANE Q PLAYER                   |2.5  |W   4|D   2|L   3|W   5|
          | 12000001 / R: 1649   ->1660     |     |W    |B    |W    |B    |

Pair numbers follow the order of the event's players. Games without round numbers (or
with rounds that put a player in two games at once) are laid out greedily: each game in
the first round where both players are free. Unrated games cannot be shown in this format
and are left out; the reader takes a member id only if it has five or more digits, so
other ids come back as pair numbers.

>>> from arpad.model import Event, Game, PlayerEntry
>>> e = Event(id="club", name="Club", players=(PlayerEntry("12000001", "ANN"),
...           PlayerEntry("12000002", "BOB")), games=(Game("12000001", "12000002", 0.5, 1),))
>>> print(dumps(e).splitlines()[5])
    1 | ANN                             |0.5  |D   2|
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arpad.errors import InputError
from arpad.io.fields import check_writable
from arpad.model import Event, Game, Pool

RULE = "-" * 91
LABELS: Mapping[Pool, str] = {Pool.REGULAR: "R", Pool.QUICK: "Q", Pool.BLITZ: "B"}
"""The crosstable's rating labels for the pools it can show."""


@dataclass(frozen=True, slots=True)
class RatingLine:
    """One ``R: pre ->post`` item: a pool's label and the two ratings as printed
    (``1649``, ``1641P17``, ``Unrated``; ``post`` may be empty)."""

    label: str
    pre: str
    post: str = ""


@dataclass(frozen=True, slots=True)
class Cell:
    """A player's round: ``W``/``L``/``D`` with the opponent's pair number, or a bye or
    forfeit code (``H B X F U``); ``colour`` is ``W``, ``B`` or empty."""

    code: str
    opponent: int | None = None
    colour: str = ""

    def text(self) -> str:
        if self.opponent is None:
            return f"{self.code:<5}"
        return f"{self.code} {self.opponent:>3}"


def rating_text(rating: float | None, games: int, established: bool) -> str:
    """A rating as the crosstable prints it: ``1649``, ``1641P17`` or ``Unrated``.

    >>> rating_text(1641.4, 17, False), rating_text(1649.0, 60, True), rating_text(None, 0, False)
    ('1641P17', '1649', 'Unrated')
    """
    if rating is None:
        return "Unrated"
    return f"{rating:.0f}" if established else f"{rating:.0f}P{games}"


def assign_rounds(event: Event) -> list[int]:
    """The round of each rated game: its own if every round number is given and no player
    plays twice in a round, else the first round where both players are free."""
    rated = [g for g in event.games if g.rated]
    busy: set[tuple[str, int]] = set()
    given = all(g.round is not None and g.round > 0 for g in rated)
    if given:
        for g in rated:
            assert g.round is not None
            keys = {(g.white, g.round), (g.black, g.round)}
            if keys & busy:
                given = False
                break
            busy |= keys
        if given:
            return [g.round for g in rated if g.round is not None]
    busy.clear()
    rounds = []
    for g in rated:
        r = 1
        while (g.white, r) in busy or (g.black, r) in busy:
            r += 1
        busy |= {(g.white, r), (g.black, r)}
        rounds.append(r)
    return rounds


def round_cells(event: Event) -> dict[str, list[Cell]]:
    """Every player's cells, round by round (unplayed rounds are ``Cell("")``)."""
    pair = {p.id: i for i, p in enumerate(event.players, start=1)}
    rated: list[Game] = [g for g in event.games if g.rated]
    rounds = assign_rounds(event)
    placed: dict[str, dict[int, Cell]] = {p.id: {} for p in event.players}
    for g, r in zip(rated, rounds, strict=True):
        code_w = {1.0: "W", 0.5: "D", 0.0: "L"}[g.score]
        code_b = {1.0: "L", 0.5: "D", 0.0: "W"}[g.score]
        placed[g.white][r] = Cell(code_w, pair[g.black], "W")
        placed[g.black][r] = Cell(code_b, pair[g.white], "B")
    for u in event.unplayed:
        at = u.round if u.round is not None and u.round not in placed[u.player] else None
        if at is None:
            at = max(placed[u.player], default=0) + 1
        opp = pair.get(u.opponent) if u.opponent is not None else None
        placed[u.player][at] = Cell(u.kind.value, opp)
    last = max((max(cells, default=0) for cells in placed.values()), default=0)
    return {
        pid: [cells.get(r, Cell("")) for r in range(1, last + 1)] for pid, cells in placed.items()
    }


def _points(event: Event, pid: str) -> str:
    total = event.total_points(pid)
    return f"{total:.1f}"


def section_lines(
    event: Event, ratings: Mapping[str, Sequence[RatingLine]] | None = None
) -> list[str]:
    """The table of one section (rules, header and player lines)."""
    cells = round_cells(event)
    rounds = max((len(c) for c in cells.values()), default=0)
    out = [
        RULE,
        " Pair | Player Name                     |Total|" + "Round|" * rounds,
        " Num  | USCF ID / Rtg (Pre->Post)       | Pts |"
        + "".join(f"{r:^5}|" for r in range(1, rounds + 1)),
        RULE,
    ]
    default = [RatingLine(LABELS.get(event.pool, "R"), "Unrated")]
    for i, p in enumerate(event.players, start=1):
        mine = cells[p.id] + [Cell("")] * (rounds - len(cells[p.id]))
        out.append(
            f"{i:>5} | {p.name or p.id:<31} |{_points(event, p.id):<5}|"
            + "".join(f"{c.text()}|" for c in mine)
        )
        lines = list(ratings.get(p.id, default)) if ratings is not None else default
        for n, line in enumerate(lines):
            ident = p.id if n == 0 else ""
            item = f"{line.label}: {line.pre:<7}->{line.post}"
            text = f"{ident} / {item}" if ident else f"{'':<8}   {item}"
            colours = "".join(f"{c.colour:<5}|" for c in mine) if n == 0 else "     |" * rounds
            out.append(f"{'':>5} | {text:<31} |     |" + colours)
        out.append(RULE)
    return out


def dumps_sections(
    sections: Sequence[tuple[Event, Mapping[str, Sequence[RatingLine]] | None]],
    name: str,
    end_date: dt.date | None = None,
) -> str:
    """A crosstable of several sections of one event (pair numbers restart per section).

    Raises:
        InputError: what the crosstable cannot carry (:func:`arpad.io.fields.check_writable`).
    """
    for event, _ in sections:
        check_writable(event, "a US Chess crosstable", line_format=True)
    if "\n" in name or "\r" in name:
        raise InputError("cannot write a US Chess crosstable: the event name has a line break")
    lines = [f"Event: {name}"]
    if end_date is not None:
        lines.append(f"Event Date(s): {end_date.isoformat()}")
    for n, (event, ratings) in enumerate(sections, start=1):
        if len(sections) > 1:
            title = event.name.removeprefix(name).strip() or f"Section {n}"
            if not title.lower().startswith("section"):
                title = f"Section {n} - {title}"
            lines.append(title)
        lines.extend(section_lines(event, ratings))
    return "\n".join(lines) + "\n"


def dumps(event: Event, ratings: Mapping[str, Sequence[RatingLine]] | None = None) -> str:
    """The crosstable text of one event; ``ratings`` gives each player's rating lines
    (default: ``Unrated`` in the event's pool)."""
    return dumps_sections([(event, ratings)], event.name or event.id, event.end_date)
