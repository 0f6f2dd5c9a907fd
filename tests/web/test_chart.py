"""The server-drawn rating chart: one point per rated event, all inside the plot."""

from __future__ import annotations

import datetime as dt
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.ledger import HistoryRow
from arpad.model import Pool
from arpad.systems import PlayerRating
from arpad.web.chart import _BOTTOM, _LEFT, _RIGHT, _TOP, HEIGHT, WIDTH, history_svg


def _row(day: dt.date, post: float | None, pool: Pool = Pool.REGULAR) -> HistoryRow:
    return HistoryRow("uscf", pool, day, "e", "E", PlayerRating("p", 1500.0, post, 4, 2.0))


points = st.lists(
    st.tuples(
        st.dates(dt.date(1950, 1, 1), dt.date(2030, 1, 1)),
        st.floats(100, 3000),
        st.sampled_from([Pool.REGULAR, Pool.QUICK]),
    ),
    min_size=1,
    max_size=40,
)


@settings(max_examples=100, deadline=None)
@given(points)
def test_every_point_is_drawn_inside_the_plot(data: list[tuple[dt.date, float, Pool]]) -> None:
    svg = str(history_svg([_row(d, v, p) for d, v, p in sorted(data)]))
    circles = re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)"', svg)
    assert len(circles) == len(data)
    for x, y in circles:
        assert _LEFT - 0.1 <= float(x) <= WIDTH - _RIGHT + 0.1
        assert _TOP - 0.1 <= float(y) <= HEIGHT - _BOTTOM + 0.1


def test_no_rated_event_no_chart() -> None:
    assert history_svg([]) == ""
    assert history_svg([_row(dt.date(2024, 1, 1), None)]) == ""


def test_higher_rating_is_drawn_higher() -> None:
    svg = str(history_svg([_row(dt.date(2024, 1, 1), 1500.0), _row(dt.date(2024, 6, 1), 1600.0)]))
    (_, y1), (_, y2) = re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)"', svg)
    assert float(y2) < float(y1)
