"""FIDE TRF16 files through the ledger (the reader is arpad.io.trf, shared with the Elo
issue; the ledger reads every format through arpad.io.read_events)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from arpad.io import read_events
from arpad.ledger import Ledger, PlayerKey, schema
from arpad.model import Pool
from arpad.systems import get_system
from tests.conftest import shared_data

KARL_MALA = "trf-real/fide_example1_karl_mala_2005.trf"
KARL_MALA_KEY = "9-karl-mala-gedenkturnier-2005-07-31"
"""Its ledger key: the name and the end date (D-ident-1)."""


@pytest.mark.parametrize("system", ["fide1986", "elo", "uscf"])
def test_a_first_event_in_the_ledger_is_rated_as_the_file_alone(
    system: str, tmp_path: Path
) -> None:
    """FIDE's own TRF example (9th Karl-Mala-Gedenkturnier, 2005: 284 players, 970 games).
    In an empty ledger every player is seeded from the file, so each system's ratings
    must be exactly those of rating the file alone (as the system lists them: FIDE 1986
    publishes rounded ratings)."""
    path = shared_data(KARL_MALA)
    (event,) = read_events(path)
    rating_system = get_system(system)
    config = rating_system.default_config()
    alone = rating_system.rate_event(event, None, config)
    entries = {pid: rating_system.list_entry(st, config) for pid, st in alone.states.items()}
    ids = {
        p.id: f"FIDE:{p.fide_id}" if p.fide_id else f"{KARL_MALA_KEY}/{p.id}" for p in event.players
    }
    expected = {ids[pid]: e.rating for pid, e in entries.items() if e.rating is not None}
    with Ledger.open(tmp_path / "trf.db") as ledger:
        result = ledger.import_files([path])
        assert not result.errors
        assert (result.stored[0].games, len(event.players)) == (970, 284)
        ledger.rate_pending([system])
        listed = {r.player_id: r.rating for r in ledger.rating_list(system, Pool.REGULAR)}
        assert ledger.check() == []
    assert listed == pytest.approx(expected, abs=1e-9)


def test_trf_players_are_keyed_by_fide_id(tmp_path: Path) -> None:
    """TRF ids are start numbers; --player-key fide-id makes them FIDE:<id> (the name for
    players without one), so the same player is the same across files."""
    path = shared_data(KARL_MALA)
    (event,) = read_events(path)
    with Ledger.open(tmp_path / "trf.db") as ledger:
        assert not ledger.import_files([path], player_key=PlayerKey.FIDE_ID).errors
        ledger.rate_pending(["fide1986"])
        vasquez = ledger.player("FIDE:3400042")
        assert vasquez.name == "Vasquez,Rodrigo" and vasquez.title == "GM"
        ids = {e.player_id for e in ledger.rating_list("fide1986", Pool.REGULAR)}
    with_fide = {p.fide_id for p in event.players if p.fide_id}
    assert {i for i in ids if i.startswith("FIDE:")} <= {f"FIDE:{f}" for f in with_fide}


def test_by_default_trf_players_are_their_fide_id_or_a_player_of_the_file(
    tmp_path: Path,
) -> None:
    """Start numbers mean nothing outside the file (issue 15 point 2, D-ident-2): the
    default key is the FIDE ID, or the event key and start number; the event key has the
    end date so that next year's edition is another event (D-ident-1)."""
    path = shared_data(KARL_MALA)
    (event,) = read_events(path)
    lichess = shared_data("trf-real/lichess_swiss_2020_06.trf")
    with Ledger.open(tmp_path / "trf.db") as ledger:
        assert not ledger.import_files([path, lichess]).errors
        keys = [e.key for e in ledger.events()]
        assert keys == [KARL_MALA_KEY, "mai-5-plus-0-turnier-2020-05-29"]
        with ledger.engine.connect() as conn:
            ids = set(conn.execute(select(schema.players.c.id)).scalars())
    no_fide = [p for p in event.players if not p.fide_id]
    assert len(ids) == 284 + 13
    assert {f"FIDE:{p.fide_id}" for p in event.players if p.fide_id} <= ids
    assert {f"{KARL_MALA_KEY}/{p.id}" for p in no_fide} <= ids
    # The lichess file's players are accounts (D-ident-6), never start numbers.
    assert "lichess:mattderkuerschner" in ids and "1" not in ids
