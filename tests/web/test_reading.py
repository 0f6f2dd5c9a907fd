"""The cached list's search and the text cleaning, against their plain definitions
(both were rewritten for speed in issue 23: the answers must not change)."""

from __future__ import annotations

import datetime as dt
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from arpad.ledger import ListRow
from arpad.web.app import _BIDI_CONTROLS, clean
from arpad.web.reading import CachedList, list_page

_TEXT = st.text(alphabet="aAbB ßẞİı\x00\n\u202e-", max_size=6)


def _rows(pairs: list[tuple[str, str]]) -> list[ListRow]:
    day = dt.date(2024, 1, 1)
    return [
        ListRow(i, pid, name, 1500.0, 10, True, "", day)
        for i, (pid, name) in enumerate(pairs, start=1)
    ]


@given(st.lists(st.tuples(_TEXT, _TEXT), max_size=12), _TEXT, st.integers(1, 4))
def test_a_search_finds_the_rows_whose_id_or_name_holds_the_text(
    pairs: list[tuple[str, str]], text: str, page: int
) -> None:
    rows = _rows(pairs)
    query = " ".join(text.split()).casefold()
    plain = [r for r in rows if query in f"{r.player_id}\x00{r.name}".casefold()]
    found = list_page(CachedList.of(rows), text, page, 3)
    assert found.total == len(plain)
    assert list(found.rows) == plain[(found.page - 1) * 3 : found.page * 3]


@given(st.text())
def test_clean_replaces_exactly_the_control_and_bidi_characters(text: str) -> None:
    def plain(c: str) -> str:
        unshown = unicodedata.category(c) == "Cc" and c != "\t"
        return "\ufffd" if unshown or c in _BIDI_CONTROLS else c

    assert clean(text) == "".join(map(plain, text))
