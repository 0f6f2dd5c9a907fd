"""The real-file corpus (issue 15, point 10): every file of ../shared/data/trf-real/ and
../shared/data/pgn-real-events/ imported together into one ledger with default options
and rated under every registered system. No exception, each person once, failures
recorded rather than raised. Skips when the data are absent."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select

from arpad.cli.ledger_output import ListFormat, list_output
from arpad.ledger import Ledger, PlayerKey, schema
from arpad.ledger.identity import name_key
from arpad.model import Pool, Rating
from arpad.systems import get_system, system_names
from tests.conftest import DATA

FOLDERS = ("trf-real", "pgn-real-events")
NEW_YORK_1924 = dt.date(1924, 4, 30)
"""New York 1924 ended on 30 April 1924; its PGN gives only ``1924.??.??`` (the import
refuses a file without an end date unless ``--date`` gives one; it applies to no other
file of the corpus, whose events all have dates)."""


def _corpus() -> list[Path]:
    files = sorted(
        p for folder in FOLDERS for p in (DATA / folder).glob("*") if p.suffix in (".trf", ".pgn")
    )
    if not all((DATA / f).is_dir() for f in FOLDERS) or not files:
        pytest.skip(f"real data not available: {DATA}")
    return files


@pytest.fixture(scope="module")
def corpus(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Ledger, dict[str, object]]]:
    files = _corpus()
    with Ledger.open(tmp_path_factory.mktemp("corpus") / "corpus.db") as ledger:
        result = ledger.import_files(files, default_date=NEW_YORK_1924)
        assert not result.errors, result.errors
        report = ledger.rate_pending(system_names())
        yield ledger, {"files": files, "report": report}


def test_every_system_rates_the_corpus_without_an_exception(
    corpus: tuple[Ledger, dict[str, object]],
) -> None:
    ledger, facts = corpus
    report = facts["report"]
    assert set(report.rated) == set(system_names())  # type: ignore[attr-defined]
    # A system may refuse an event (CCLA gives unrated players no start rating), but
    # arpad itself never fails: no failure carries an exception class.
    failures = report.failures  # type: ignore[attr-defined]
    assert [f for f in failures if f.error is not None or f.stage != "rating"] == []
    assert {(f.system, f.section) for f in failures} == {
        (f.system, f.section) for f in ledger.failures()
    }
    events = ledger.events()
    assert len(events) == 7
    for name in system_names():
        assert ledger.pending()[name] == 0
        rated = report.rated[name] + report.refused[name] + report.skipped[name]  # type: ignore[attr-defined]
        assert rated == 7, name
    assert ledger.check() == []


def test_each_person_is_one_player_and_each_player_one_person(
    corpus: tuple[Ledger, dict[str, object]],
) -> None:
    ledger, _ = corpus
    names: dict[str, set[str]] = defaultdict(set)
    en, p = schema.entries, schema.players
    with ledger.engine.connect() as conn:
        for pid, name in conn.execute(select(en.c.player_id, en.c.name)):
            if name_key(name):
                names[pid].add(name_key(name))
        fide: dict[str, int] = dict(
            conn.execute(
                select(p.c.fide_id, func.count())
                .where(p.c.fide_id.is_not(None))
                .group_by(p.c.fide_id)
            ).all()
        )
        players = conn.execute(select(func.count()).select_from(p)).scalar_one()
    assert {pid: n for pid, n in names.items() if len(n) > 1} == {}
    assert {f: n for f, n in fide.items() if n > 1} == {}
    # Start numbers are never ids: no player is keyed by a bare number.
    assert not any(pid.isdigit() for pid in names)
    # Giri played in Wijk aan Zee 2022 and the 2020 Candidates: one player (his FIDE ID).
    giri = [h.section for h in ledger.history("FIDE:24116068", "elo")]
    assert giri == ["fide-candidates-2020", "84th-tata-steel-masters-2022"]
    assert players == len(names)
    # Two players share a name only when neither has a federation id: players of two files
    # that nothing joins by default (lichess user names; D-ident-2), never a FIDE-keyed one.
    by_name: dict[str, list[str]] = defaultdict(list)
    for pid, keys in names.items():
        by_name[next(iter(keys))].append(pid)
    shared = [ids for ids in by_name.values() if len(ids) > 1]
    assert all(not pid.startswith("FIDE:") for ids in shared for pid in ids)
    assert all(len({pid.split("/")[0] for pid in ids}) == len(ids) for ids in shared)


def test_lichess_users_are_known_by_their_accounts(tmp_path: Path) -> None:
    """The lichess files say they come from lichess (``032 Lichess``), so their player
    names are accounts, unique on lichess: by default each of the seven users who played
    both Swiss events is one player, ``lichess:<username>`` (D-ident-6); ``--player-key
    name`` gives the same people."""
    files = sorted((DATA / "trf-real").glob("lichess_*.trf"))
    if len(files) < 2:
        pytest.skip(f"real data not available: {DATA}")
    with Ledger.open(tmp_path / "default.db") as ledger:
        result = ledger.import_files(files)
        assert not result.errors
        assert all(item.namesakes == () for item in result.stored)
        with ledger.engine.connect() as conn:
            rows = conn.execute(select(schema.players.c.id, schema.players.c.name)).all()
        ledger.rate_pending(["elo"])
        assert ledger.check() == []
        events = [h.section for h in ledger.history("lichess:feyre17", "elo")]
    assert all(pid == f"lichess:{name}" for pid, name in rows)
    assert len(rows) == 13 + 9 - 7  # seven users played both Swiss events
    assert events == ["mai-5-plus-0-turnier-2020-05-29", "juni-blitzschach-5-plus-0-2020-06-26"]
    with Ledger.open(tmp_path / "names.db") as ledger:
        assert not ledger.import_files(files, player_key=PlayerKey.NAME).errors
        with ledger.engine.connect() as conn:
            by_name = conn.execute(select(schema.players.c.name)).scalars().all()
    assert sorted(by_name) == sorted(name for _, name in rows)


def test_rating_the_corpus_again_from_scratch_gives_the_same_lists(
    corpus: tuple[Ledger, dict[str, object]],
) -> None:
    ledger, _ = corpus
    for name in ("uscf", "fide1986"):
        pools = get_system(name).pools
        before = [list_output(ledger.rating_list(name, pool), ListFormat.CSV) for pool in pools]
        ledger.rate_pending([name], from_scratch=True)
        after = [list_output(ledger.rating_list(name, pool), ListFormat.CSV) for pool in pools]
        assert after == before
        assert ledger.rating_list(name, Pool.REGULAR)


def test_every_rating_a_system_used_is_of_its_own_kind(
    corpus: tuple[Ledger, dict[str, object]],
) -> None:
    """A player a system met first in a file starts from the file's rating of the
    system's own kind, as it is; otherwise from the system's own newcomer rules (US Chess
    §2 converts a FIDE rating): never from another system's rating as it is (issue 15,
    point 1; the rating provenance of ``i15-provenance``)."""
    ledger, _ = corpus
    checks: dict[str, int] = {}
    for name in system_names():
        system = get_system(name)
        kinds = system.own_kinds()
        newcomer = system.list_entry(system.newcomer_state(), system.default_config()).rating
        seen: set[tuple[Pool, str]] = set()
        checked = 0
        for event in ledger.events():
            for rated in ledger.rated_sections(event.key, name):
                if rated.status != "rated":
                    continue
                for p in rated.section.event.players:
                    if (rated.pool, p.id) in seen:
                        continue
                    seen.add((rated.pool, p.id))
                    pre = rated.ratings[p.id].pre
                    own = p.own_rating(kinds)
                    foreign = list(p.foreign_ratings(kinds))
                    if p.fide is not None and "fide" not in kinds:
                        foreign.append(Rating("fide", p.fide))
                    checked += 1
                    if own.rating is not None:
                        assert own.rating_kind in (None, *kinds), (name, p.id)
                        assert pre == own.rating, (name, p.id, pre, own.rating)
                    elif pre is not None and pre != newcomer:
                        # A newcomer's rating (Stephenson's 2200 may equal a FIDE rating)
                        # or one converted by the system's own rules (US Chess §2 from
                        # FIDE), never another kind's rating as it is.
                        assert all(pre != r.value for r in foreign), (name, p.id, pre)
        checks[name] = checked
    assert all(checks[n] > 0 for n in checks if ledger.rating_list(n, Pool.REGULAR)), checks
