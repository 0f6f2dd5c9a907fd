"""Every command's table at 80 and 120 columns on the real files: nothing wider than the
terminal, nothing essential left out (issue 23, point 1; D-cli-8).

The real TRF and PGN events of ../shared/data are imported into one ledger and rated by
three systems; each table command is run through the command line at both widths and
its output read back: a crosstable must keep every player's place, name, score, pre,
post, change and every round (folded onto more lines, never cut), in standings order.
"""

from __future__ import annotations

import inspect
import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from arpad.cli import app
from arpad.cli.standings import round_words, standings
from arpad.display import change_text, rating_text
from arpad.io import read_event
from arpad.ledger import Ledger, RatedSection
from tests.cli.test_options import commands
from tests.conftest import DATA

FILES = [
    "trf-real/fide_example1_karl_mala_2005.trf",
    "trf-real/lichess_swiss_2020_06.trf",
    "trf-real/lichess_swiss_2021_03.trf",
    "pgn-real-events/candidates_2020_first_half.pgn",
    "pgn-real-events/tata_steel_masters_2022.pgn",
]
EVENT_KEYS = [
    "9-karl-mala-gedenkturnier-2005-07-31",
    "mai-5-plus-0-turnier-2020-05-29",
    "juni-blitzschach-5-plus-0-2020-06-26",
    "fide-candidates-2020",
    "84th-tata-steel-masters-2022",
]
"""The ledger ids of the events of FILES (``arpad events``)."""
SYSTEMS = ["uscf", "elo", "fide"]
WIDTHS = [80, 120]
runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    paths = [DATA / f for f in FILES]
    if not all(p.exists() for p in paths):
        pytest.skip(f"real data not available under {DATA}")
    path = str(tmp_path_factory.mktemp("real") / "ledger.db")
    with Ledger.open(path) as ledger:
        assert not ledger.import_files(paths).errors
        ledger.rate_pending(SYSTEMS)
    return path


def run(width: int, *args: str) -> str:
    """The output of ``arpad ARGS`` at ``width`` columns; a table line wider than that fails."""
    result = runner.invoke(app, list(args), env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output[-2000:]
    if "json" not in args and "--json" not in args:
        too_wide = [line for line in result.output.splitlines() if len(line) > width]
        assert not too_wide, f"{args} at {width}: {too_wide[0][:200]!r}"
    return result.output


def table_rows(text: str) -> Iterator[dict[str, str]]:
    """The rows of a rich table, each cell's folded lines joined by a space."""
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("┃"))
    headers = [h.strip() for h in lines[head].strip("┃").split("┃")]
    row: dict[str, list[str]] | None = None
    for line in lines[head + 2 :]:
        if not line.startswith("│"):
            break
        cells = [c.strip() for c in line.strip("│").split("│")]
        if cells[0] and row is not None:  # a new row starts where the first cell is filled
            yield {h: " ".join(p for p in parts if p) for h, parts in row.items()}
            row = None
        row = row or {h: [] for h in headers}
        for h, c in zip(headers, cells, strict=True):
            row[h].append(c)
    if row is not None:
        yield {h: " ".join(p for p in parts if p) for h, parts in row.items()}


def _check_crosstable(rs: RatedSection, text: str, system: str) -> set[str]:
    """Every player in standings order with place, name, score, post and all rounds; the
    headers shown."""
    event = rs.section.event
    order = standings(event)
    rows = list(table_rows(text))
    assert len(rows) == len(order), event.id
    plain = round_words(event, order, colours=False)
    coloured = round_words(event, order, colours=True)
    for place, (row, player) in enumerate(zip(rows, order, strict=True), start=1):
        assert row["#"] == str(place)
        name = player.name or player.id
        assert name.startswith(row["Player"].rstrip("…")), (row, name)
        assert row["Pts"] == f"{event.total_points(player.id):g}"
        post = rs.post.get(player.id)
        shown = (
            "unr." if post is None else rating_text(post.rating, system, post.mark, missing="unr.")
        )
        assert row["Post"] == shown
        assert row["Rounds"] in (plain[player.id], coloured[player.id]), (event.id, row)
    assert {"#", "Player", "Pts", "Pre", "Post", "Chg", "Rounds"} <= set(rows[0])
    return set(rows[0])


# The 284-player Karl Mala open once (FIDE); every other event under every system.
CASES = [(s, k) for s in SYSTEMS for k in EVENT_KEYS[1:]] + [("fide", EVENT_KEYS[0])]


@pytest.mark.parametrize(("system", "key"), CASES)
def test_crosstables_keep_every_essential_column(db: str, system: str, key: str) -> None:
    with Ledger.open(db) as ledger:
        (rs,) = ledger.rated_sections(key, system)
    shown = [
        _check_crosstable(rs, run(w, "crosstable", key, "--db", db, "-s", system), system)
        for w in WIDTHS
    ]
    assert shown[0] <= shown[1]  # more room, more columns: never fewer


def test_a_trf_crosstable_is_in_the_files_order_of_places(db: str) -> None:
    text = run(80, "crosstable", "9-karl-mala-gedenkturnier-2005-07-31", "--db", db, "-s", "fide")
    names = [r["Player"] for r in table_rows(text)][:3]
    # The file's ranks 1-3 (TRF columns 86-89): Mikhaletz on 6.5, then the arbiter's
    # tie-breaks among the 6s put Uwira before Grabarczyk and Vasquez (starting rank 1).
    assert names == ["Mikhaletz,Lubomir", "Uwira,Oliver", "Grabarczyk,Bogdan"]
    assert "in order of the file's places" in text


@pytest.mark.parametrize("width", WIDTHS)
def test_the_list_shows_every_player_with_id_name_and_rating(db: str, width: int) -> None:
    doc = json.loads(run(width, "list", "--db", db, "--system", "elo", "--format", "json"))
    lines = run(width, "list", "--db", db, "--system", "elo").splitlines()[1:]
    assert len(lines) == len(doc)
    for line, row in zip(lines, doc, strict=True):
        rank, player_id, rest = line.split(maxsplit=2)
        assert int(rank) == row["rank"]
        assert player_id == row["id"] or player_id.endswith("…/" + row["id"].rpartition("/")[2])
        assert rating_text(row["rating"], "elo", row["mark"]) in rest.split()
        assert rest.startswith(row["name"][:8])  # at least 8 characters of every name


@pytest.mark.parametrize("width", WIDTHS)
def test_player_history_and_events_keep_their_essential_columns(db: str, width: int) -> None:
    player = run(width, "player", "FIDE:1503014", "--db", db)
    assert "Carlsen, Magnus" in player and "PendingEvent(" not in player
    ratings = list(table_rows(player))
    assert {r["system"] for r in ratings} == set(SYSTEMS)
    assert all(r["rating"] and r["games"] for r in ratings)
    history = list(table_rows(run(width, "history", "FIDE:1503014", "--db", db)))
    assert {r["system"] for r in history} == set(SYSTEMS)  # several systems: never left out
    assert all({"date", "event", "pre", "post", "chg"} <= r.keys() for r in history)
    events = list(table_rows(run(width, "events", "--db", db)))
    assert sorted(r["id"] for r in events) == sorted(EVENT_KEYS)


def _check_rate(path: str, text: str, doc: dict[str, Any], system: str) -> set[str]:
    """``arpad rate``'s table: every player in standings order with place, name, points,
    the change of the ratings shown and every round; the post rating as JSON gives it."""
    event = read_event(DATA / path)
    order = standings(event)
    rows = list(table_rows(text))
    assert len(rows) == len(order), path
    plain = round_words(event, order, colours=False)
    coloured = round_words(event, order, colours=True)
    rated = {p["id"]: p for p in doc["players"]}
    for place, (row, player) in enumerate(zip(rows, order, strict=True), start=1):
        assert row["#"] == str(place)
        assert (player.name or player.id).startswith(row["Player"].rstrip("…")), (row, player)
        assert row["Pts"] == f"{event.total_points(player.id):g}"
        assert row["Rounds"] in (plain[player.id], coloured[player.id]), (path, row)
        r = rated[player.id]
        assert row["Chg"] == change_text(r["pre"], r["post"], system)
        if r["post"] is not None:  # a mark may follow the number (1641P17)
            assert row["Post"].startswith(rating_text(r["post"], system)), (row, r)
    assert {"#", "Player", "Pts", "Pre", "Post", "Chg", "Rounds"} <= set(rows[0])
    return set(rows[0])


RATE_CASES = [(s, f) for s in SYSTEMS for f in FILES[1:]] + [("fide", FILES[0])]


@pytest.mark.parametrize(("system", "path"), RATE_CASES)
def test_rate_prints_the_crosstable_in_standings_order(system: str, path: str) -> None:
    if not (DATA / path).exists():
        pytest.skip(f"real data not available: {DATA / path}")
    doc = json.loads(run(80, "rate", str(DATA / path), "-s", system, "--json"))
    shown = [
        _check_rate(path, run(w, "rate", str(DATA / path), "-s", system), doc, system)
        for w in WIDTHS
    ]
    assert shown[0] <= shown[1]  # more room, more columns: never fewer
    assert "Perf" in shown[1]


def test_rate_follows_the_files_places(db: str) -> None:
    """The Karl Mala TRF's ranks, as in the crosstable (the arbiter's tie-breaks)."""
    text = run(80, "rate", str(DATA / FILES[0]), "-s", "fide")
    names = [r["Player"] for r in table_rows(text)][:3]
    assert names == ["Mikhaletz,Lubomir", "Uwira,Oliver", "Grabarczyk,Bogdan"]
    assert "in order of the file's places" in text


@pytest.mark.parametrize("width", WIDTHS)
def test_compare_fits_the_real_files(width: int) -> None:
    path = DATA / FILES[1]
    if not path.exists():
        pytest.skip(f"real data not available: {path}")
    run(width, "compare", str(path), "--systems", "uscf,elo")


def _prose(help_text: str) -> list[list[str]]:
    """The description's paragraphs of a rendered help page (before the option boxes)."""
    paragraphs: list[list[str]] = [[]]
    for line in help_text.splitlines()[3:]:
        if line.startswith("╭"):
            break
        text = line.strip()
        if not text or line.startswith("     "):  # a blank line, or an indented example
            paragraphs.append([])
        else:
            paragraphs[-1].append(text)
    return [p for p in paragraphs if p]


@pytest.mark.parametrize(("name", "command"), list(commands()))
def test_help_breaks_lines_only_where_the_terminal_is_full(name: str, command: object) -> None:
    """A line ends early only at the end of a paragraph (or before an option's own
    sentence): the docstrings' own line breaks are not kept (arpad.cli.reflow)."""
    result = runner.invoke(app, [*name.split(), "--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    for paragraph in _prose(result.output):
        for line, following in itertools.pairwise(paragraph):
            if following.startswith("--"):
                continue
            word = following.split()[0]
            assert len(line) + 1 + len(word) > 76, f"{name}: {line!r} / {following!r}"
    assert inspect.isfunction(command)
