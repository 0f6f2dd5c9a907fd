"""The bulk readers' columnar seasons (issue 20, point 3): ``read_season`` of the dated
games and Kaggle 2010 readers, and :func:`arpad.io.read_season`, equal column for column
to ``Season.from_events`` of the events the same file reads as, on the real files and on
random ones; a file ``read`` refuses is refused alike (message and line)."""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arpad.errors import InputError
from arpad.io import dated_games, kaggle2010, read_events, read_season
from arpad.season import Season

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
KAGGLE = DATA / "kaggle2010-elo-vs-rest"
ELITE = DATA / "elite-games-kwiatkowski"
PGN = DATA / "pgn-real-events"

_COLUMNS = ("white", "black", "score", "game_start", "members", "member_start", "end_day",
            "kind", "dual_rated", "youth", "entry_rating", "entry_games")  # fmt: skip


def assert_same_season(got: Season, want: Season) -> None:
    """Every column of the two seasons equal (NaN equal to NaN), and every member's entry
    as rating reads it (rating, games, kind, FIDE rating)."""
    assert got.players == want.players
    assert got.event_ids == want.event_ids
    assert got.pool == want.pool
    for name in _COLUMNS:
        a, b = getattr(got, name), getattr(want, name)
        assert a.dtype.kind == b.dtype.kind, name
        assert np.array_equal(a, b, equal_nan=True), name
    for row in range(len(got.members)):
        a, b = got.member_entry(row), want.member_entry(row)
        assert (a.id, a.rating, a.games, a.rating_kind, a.fide, a.ratings) == (
            b.id, b.rating, b.games, b.rating_kind, b.fide, b.ratings
        ), row  # fmt: skip


def _both(
    module: ModuleType, text: str, name: str = "f.csv"
) -> tuple[Season | InputError, Season | InputError]:
    """``read_season`` of the text, and ``Season.from_events(read(...))``, or their errors
    (``name``: the file name the readers are given)."""

    def attempt(read: Callable[[], Season]) -> Season | InputError:
        try:
            return read()
        except InputError as exc:
            return exc

    return (
        attempt(lambda: module.read_season(io.StringIO(text), name)),
        attempt(lambda: Season.from_events(module.read(io.StringIO(text), name))),
    )


def check_alike(module: ModuleType, text: str, name: str = "f.csv") -> Season | None:
    """``module.read_season`` of ``text`` refuses it as ``read`` does (same message, same
    line: ``None``) or gives the season of ``read``'s events (returned)."""
    got, want = _both(module, text, name)
    if isinstance(want, InputError):
        assert isinstance(got, InputError), "read refused the file, read_season did not"
        assert (str(got), got.line) == (str(want), want.line)
        return None
    assert isinstance(got, Season), got
    assert_same_season(got, want)
    return got


# -- the real files ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["training_data.csv", "cross_validation_dataset.csv"])
def test_kaggle_real_files_as_columns(name: str) -> None:
    path = KAGGLE / name
    season = check_alike(kaggle2010, path.read_text(encoding="utf-8"))
    assert season is not None and season.events is None  # built as columns, not from events
    assert_same_season(read_season(path), Season.from_events(read_events(path)))


def test_kaggle_test_file_is_refused_alike() -> None:
    """The contest's test file withholds the scores: refused at its first row by both."""
    assert check_alike(kaggle2010, (KAGGLE / "test_data.csv").read_text()) is None


def _without_ratings(path: Path, keep: int) -> str:
    """A real dated-games file with only its first ``keep`` columns, written plainly."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.reader(handle):
            writer.writerow(row[:keep])
    return out.getvalue()


def test_dated_games_real_file_with_fide_ratings_as_columns() -> None:
    """White's and Black's Elo are FIDE ratings: each member's rating at the event, of
    kind ``fide``, in columns (a quoted file: read by the csv module, still no event)."""
    path = ELITE / "games_2015_2020_classical.csv"
    season = check_alike(dated_games, path.read_text(encoding="utf-8"))
    assert season is not None and season.events is None and season.rating_kind == "fide"
    assert season.member_rating is not None and not np.isnan(season.member_rating).any()
    assert not np.isnan(season.entry_rating).all()


def test_dated_games_real_games_without_ratings_as_columns() -> None:
    text = _without_ratings(ELITE / "games_2015_2020_classical.csv", 5)
    season = check_alike(dated_games, text)
    assert season is not None and season.events is None
    assert season.size == 62


def test_dated_games_real_file_with_events_is_refused_alike() -> None:
    """The 2021 file has players paired with themselves (the first on line 2329): both
    refuse it there; without those rows, both read the same events (named events and
    months)."""
    text = _without_ratings(ELITE / "results_2021_all_speeds.csv", 5)
    got = _both(dated_games, text)[0]
    assert isinstance(got, InputError) and got.line == 2329
    assert check_alike(dated_games, text) is None
    rows = list(csv.reader(io.StringIO(text)))
    kept = "".join(",".join(r) + "\n" for r in rows if r[2] != r[3])
    season = check_alike(dated_games, kept)
    assert season is not None and season.events is None
    assert season.size == 157


@pytest.mark.parametrize(
    "name",
    ["tata_steel_masters_2022.pgn", "candidates_2020_first_half.pgn",
     "new_york_1924_partial_annotated.pgn"],
)  # fmt: skip
def test_pgn_real_files_as_columns(name: str) -> None:
    """A PGN collection is read as columns (WhiteElo/BlackElo: FIDE ratings per member),
    the same season as its events give."""
    path = PGN / name
    if not path.exists():
        pytest.skip("the real PGN files are not here")
    season = read_season(path)
    assert season.events is None and season.rating_kind == "fide"
    assert_same_season(season, Season.from_events(read_events(path)))


def test_read_season_of_any_format_is_the_events_season() -> None:
    """A format without a reader of its own (TRF) is read through its events."""
    path = next(iter(sorted((DATA / "trf-real").glob("*.tr*"))), None)
    if path is None:
        pytest.skip("no real TRF file here")
    season = read_season(path)
    assert season.events is not None
    assert_same_season(season, Season.from_events(read_events(path)))


# -- random files --------------------------------------------------------------------------

_DAMAGE: list[Callable[[str], str]] = [
    lambda r: r.replace(",", ", ", 1),
    lambda r: '"' + r.split(",")[0] + '",' + r.split(",", 1)[1],
    lambda r: r + ",x",
    lambda r: r.rsplit(",", 1)[0],
    lambda r: "",
    lambda r: r + "\r",
    lambda r: r.replace("p", "ṗ", 1),
    lambda r: r.replace("p", "\0", 1),
    lambda r: r.replace("p", "p" * 200, 1),
    lambda r: ",".join([*r.split(",")[:2], r.split(",")[1], *r.split(",")[3:]]),
    lambda r: ",".join(["", *r.split(",")[1:]]),
]


def _damaged(rng: random.Random, header: str, rows: list[str]) -> str:
    for _ in range(rng.choice([0, 0, 1, 2])):
        at = rng.randrange(len(rows))
        if rows[at].count(",") >= 3:  # (damaged once already: a blank row, say)
            rows[at] = rng.choice(_DAMAGE)(rows[at])
    return header + "\n" + "\n".join(rows) + rng.choice(["\n", ""])


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 40))
def test_kaggle_random_files(seed: int, n: int) -> None:
    rng = random.Random(seed)
    rows = [
        f"{rng.choice(['1', '2', '3', '07', '+4', '0', '99999999'])},p{a},p{a + rng.randint(0, 4)},"
        f"{rng.choice(['1', '0', '0.5', '.5', '1.0', '2', ''])}"
        for a in (rng.randint(0, 30) for _ in range(n))
    ]
    check_alike(
        kaggle2010, _damaged(rng, '"Month #","White Player #","Black Player #","Score"', rows)
    )


_ELO = ["2400", "1850.5", "", "", "0", "5000", "abc", "-3", " 2100"]


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 40), st.booleans(), st.sampled_from([0, 1, 2]))
def test_dated_games_random_files(seed: int, n: int, named: bool, elo: int) -> None:
    """Random dated-games files, with 0, 1 or 2 rating columns (bad ratings among them):
    read_season and read agree, season for season or error for error (message, line)."""
    rng = random.Random(seed)
    ratings = (
        ["white_elo", "black_elo"][:elo] if elo != 1 else [rng.choice(["white_elo", "black_elo"])]
    )
    rows = [
        f"{rng.choice(['2024-01-31', '2024-02-01', '2023-12-05', '2024-02-30', 'date'])},"
        f"p{a},p{a + rng.randint(0, 4)},{rng.choice(['1-0', '0-1', '1/2-1/2', '½-½', '2-0'])},"
        f"{rng.choice(['E10', ''])}"
        + (f",{rng.choice(['ev', 'other ev', ''])}" if named else "")
        + "".join(f",{rng.choice(_ELO[:4] if rng.random() < 0.9 else _ELO)}" for _ in ratings)
        for a in (rng.randint(0, 30) for _ in range(n))
    ]
    header = "date,white,black,result,opening" + (",event" if named else "")
    header += "".join(f",{name}" for name in ratings)
    check_alike(dated_games, _damaged(rng, header, rows))


@pytest.mark.parametrize("seed", range(10))
def test_clean_random_files_are_read_as_columns(seed: int) -> None:
    """Files with nothing doubtful take the columns path (no events) and still agree."""
    rng = random.Random(seed)
    pairs = [(a, a + rng.randint(1, 4)) for a in (rng.randint(0, 30) for _ in range(50))]
    kaggle = "\n".join(
        f"{rng.choice(['1', '2', '07', '+3'])},{w},{b},{rng.choice(['1', '0.5', '.5', '0.0'])}"
        for w, b in pairs
    )
    dated = "\n".join(
        f"2024-0{rng.randint(1, 3)}-{rng.randint(10, 28)},p{w},p{b},"
        f"{rng.choice(['1-0', '1/2-1/2', '0-1'])},ev{rng.randint(0, 2)}"
        for w, b in pairs
    )
    rated = "\n".join(
        f'"2024-0{rng.randint(1, 3)}-{rng.randint(10, 28)}","p{w}","p{b}","1-0",'
        f"{rng.choice(['2400', '', '1999.5'])},{rng.choice(['2400', '', '2710'])}"
        for w, b in pairs
    )
    for module, text in [
        (kaggle2010, '"Month #","White Player #","Black Player #","Score"\n' + kaggle),
        (dated_games, "date,white,black,result,event\n" + dated + "\n"),
        (dated_games, "date,white,black,result,white_elo,black_elo\n" + rated + "\n"),
    ]:
        season = check_alike(module, text)
        assert season is not None and season.events is None
        assert (season.member_rating is not None) == ("elo" in text)
