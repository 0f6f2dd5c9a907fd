"""The rating-history chart of a player page: an SVG drawn on the server (D-web-4).

One line per (system, pool) through the rating after each event; years on the x axis.
Every text in the drawing is escaped (the labels are system and pool names and numbers,
but escaping costs nothing).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from arpad.display import rating_text
from arpad.ledger import HistoryRow

WIDTH, HEIGHT = 720, 300
_LEFT, _RIGHT, _TOP, _BOTTOM = 56, 16, 16, 40


@dataclass(frozen=True, slots=True)
class Frame:
    """A drawing's size and type (user units: drawn at about one unit per CSS pixel, so
    the text stays readable: the wide drawing for screens, the narrow one for phones)."""

    width: int
    height: int
    font: int
    marks: int
    """Date marks at most."""
    legend_per_row: int
    name: str


WIDE = Frame(WIDTH, HEIGHT, 11, 10, 5, "wide")
NARROW = Frame(360, 260, 12, 5, 3, "narrow")
_COLOURS = ("#1f5fa8", "#c0392b", "#27854a", "#8e44ad", "#d35400", "#2c3e50")


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering ``low``..``high`` (1, 2 or 5 times a power of ten).

    >>> _ticks(2680, 2720), _ticks(1512, 2250)
    ([2680, 2690, 2700, 2710, 2720], [1400, 1600, 1800, 2000, 2200, 2400])
    """
    span = max(high - low, 1.0)
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    return [first + i * step for i in range(max(1, math.ceil((high - first) / step)) + 1)]


def _date_marks(first: int, last: int, most: int = 10) -> list[tuple[dt.date, str]]:
    """Ticks on the time axis (ordinal days): years, or months when the span is short;
    at most about ten.

    >>> days = dt.date(2023, 11, 5).toordinal(), dt.date(2024, 3, 1).toordinal()
    >>> [text for _, text in _date_marks(*days)]
    ['2023-12', '2024-01', '2024-02', '2024-03']
    """
    start, end = dt.date.fromordinal(first), dt.date.fromordinal(last)
    years = [dt.date(y, 1, 1) for y in range(start.year, end.year + 1)]
    marks = [(d, str(d.year)) for d in years if first <= d.toordinal() <= last]
    if len(marks) < 2:
        months = [
            dt.date(y, m, 1)
            for y in range(start.year, end.year + 1)
            for m in range(1, 13)
            if first <= dt.date(y, m, 1).toordinal() <= last
        ]
        marks = [(d, f"{d.year}-{d.month:02d}") for d in months]
    step = max(1, math.ceil(len(marks) / most))
    return marks[::step]


def _lines(rows: Sequence[HistoryRow]) -> dict[tuple[str, str], list[tuple[dt.date, float]]]:
    """The finite ratings after each event, per (system, pool)."""
    lines: dict[tuple[str, str], list[tuple[dt.date, float]]] = {}
    for h in rows:
        if h.rating.post is not None and math.isfinite(h.rating.post):
            lines.setdefault((h.system, h.pool.value), []).append((h.end_date, h.rating.post))
    return lines


def history_svg(rows: Sequence[HistoryRow], frame: Frame = WIDE) -> Markup:
    """The chart as inline SVG markup, or an empty string when nothing is rated."""
    lines = _lines(rows)
    if not lines:
        return Markup("")
    days = [d for pts in lines.values() for d, _ in pts]
    values = [v for pts in lines.values() for _, v in pts]
    first, last = min(days).toordinal(), max(days).toordinal()
    if first == last:
        first, last = first - 15, last + 15
    bottom, top = min(values), max(values)
    if top - bottom < 40:  # a flat or single-point history: show 40 points around it
        middle = (top + bottom) / 2
        bottom, top = middle - 20, middle + 20
    y_ticks = _ticks(bottom, top)
    low, high = y_ticks[0], max(y_ticks[-1], y_ticks[0] + 1)
    y_ticks = [t for t in y_ticks if t <= high]
    rows_of_legend = math.ceil(len(lines) / frame.legend_per_row)
    bottom_margin = _BOTTOM + 16 * (rows_of_legend - 1)
    width, height, font = frame.width, frame.height + 16 * (rows_of_legend - 1), frame.font
    plot_w, plot_h = width - _LEFT - _RIGHT, height - _TOP - bottom_margin

    def x(day: dt.date) -> float:
        return _LEFT + (day.toordinal() - first) / (last - first) * plot_w

    def y(value: float) -> float:
        return _TOP + (high - value) / (high - low) * plot_h

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart {frame.name}" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        'aria-label="rating history">',
        f'<rect x="{_LEFT}" y="{_TOP}" width="{plot_w}" height="{plot_h}" fill="#fbfbfb" '
        'stroke="#bbb"/>',
    ]
    axis = height - bottom_margin
    for t in y_ticks:
        parts.append(
            f'<line x1="{_LEFT}" x2="{width - _RIGHT}" y1="{y(t):.1f}" y2="{y(t):.1f}" '
            f'stroke="#e3e3e3"/><text x="{_LEFT - 6}" y="{y(t) + 4:.1f}" text-anchor="end" '
            f'font-size="{font}">{t:g}</text>'
        )
    for d, text in _date_marks(first, last, frame.marks):
        parts.append(
            f'<line x1="{x(d):.1f}" x2="{x(d):.1f}" y1="{_TOP}" y2="{axis}" '
            f'stroke="#e3e3e3"/><text x="{x(d):.1f}" y="{axis + 16}" '
            f'text-anchor="middle" font-size="{font}">{text}</text>'
        )
    spacing = (width - _LEFT) // frame.legend_per_row
    several = len({s for s, _ in lines}) > 1
    for i, ((system, pool), pts) in enumerate(sorted(lines.items())):
        colour = _COLOURS[i % len(_COLOURS)]
        label = escape(f"{system} {pool}" if several else pool)
        coords = " ".join(f"{x(d):.1f},{y(v):.1f}" for d, v in pts)
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="1.6" points="{coords}"/>'
        )
        parts.extend(
            f'<circle cx="{x(d):.1f}" cy="{y(v):.1f}" r="2.6" fill="{colour}">'
            f"<title>{escape(d.isoformat())}: {rating_text(v, system)}</title></circle>"
            for d, v in pts
        )
        parts.append(
            f'<text x="{_LEFT + 8 + spacing * (i % frame.legend_per_row)}" '
            f'y="{axis + 32 + 16 * (i // frame.legend_per_row)}" font-size="{font + 1}" '
            f'fill="{colour}">■ {label}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))
