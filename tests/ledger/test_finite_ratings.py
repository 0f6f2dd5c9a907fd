"""Finite numbers only (issue 24.3): no rule hands an infinity to a table or the ledger,
the ledger's rating columns refuse one, and a ledger that stored one before revision 0007
has that system's ratings rolled back on upgrade and rated again."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from typer.testing import CliRunner

from arpad.cli import app
from arpad.errors import RatingError
from arpad.ledger import Ledger, schema
from arpad.ledger.db import make_engine
from arpad.systems import ListEntry, PlayerRating
from tests.ledger.conftest import SEASON


def _perfect_event(path: Path) -> Path:
    """A five-player round robin in which p0 wins every game: 4/4, a 100 % score, for
    which (1) gives no performance rating (Elo §1.54, L354)."""
    players = [
        {"id": f"p{i}", "name": f"P {i}", "rating": 2400 + 10 * i, "games": 30} for i in range(5)
    ]
    games: list[dict[str, object]] = []
    for i in range(5):
        for j in range(i + 1, 5):
            result = "1-0" if i == 0 else "1/2-1/2"
            games.append(
                {"round": len(games) + 1, "white": f"p{i}", "black": f"p{j}", "result": result}
            )
    doc = {
        "format": "arpad-event/1",
        "event": {
            "id": "perfect",
            "name": "Perfect",
            "kind": "tournament",
            "end_date": "2020-12-31",
        },
        "players": players,
        "games": games,
    }
    path.write_text(json.dumps(doc))
    return path


def test_fide1986_performance_change_of_a_perfect_score_is_not_calculated(tmp_path: Path) -> None:
    """Elo §1.54 (L354): (1) "produces an indeterminate rating for a 100% score", so (15)
    has no R_p: the perfect scorer keeps his rating, with a note; before, post was +inf and
    the table crashed (issue 24)."""
    event = _perfect_event(tmp_path / "perfect.json")
    args = ["rate", str(event), "--system", "fide1986", "-o", "change=performance", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    p0 = next(p for p in json.loads(result.stdout)["players"] if p["id"] == "p0")
    assert p0["method"] == "indeterminate" and p0["post"] == p0["pre"] == 2400
    assert any("§1.54" in n for n in p0["notes"])
    table = CliRunner().invoke(app, args[:-1], env={"COLUMNS": "100"})
    assert table.exit_code == 0 and "indeterminate" in table.stdout


@pytest.mark.parametrize("field", ["pre", "post", "expected", "k", "floor"])
@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_a_result_with_a_non_finite_rating_is_refused(field: str, value: float) -> None:
    with pytest.raises(RatingError, match="not a finite number"):
        PlayerRating("p", **{"pre": 1500.0, "post": 1500.0, "games": 1, "score": 1.0, field: value})  # type: ignore[arg-type]
    with pytest.raises(RatingError):
        ListEntry(value, 1, True)


def test_the_ledger_refuses_an_infinite_rating(db_url: str) -> None:
    with Ledger.open(db_url) as ledger:
        assert not ledger.import_files(SEASON[:2]).errors
        ledger.rate_pending(["uscf"])
        for table, column in (
            (schema.rating_changes, schema.rating_changes.c.post),
            (schema.player_states, schema.player_states.c.rating),
            (schema.entries, schema.entries.c.rating),
        ):
            for value in (math.inf, -math.inf):
                with pytest.raises(IntegrityError), ledger.engine.begin() as conn:
                    conn.execute(update(table).values({column.name: value}))


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", "arpad.ledger:migrations")
    return config


def test_upgrade_rolls_back_a_system_that_stored_an_infinity(db_url: str) -> None:
    """A ledger rated at revision 0004 in which a rating is +inf: opening it upgrades to
    0007, rolls that system back from the event, and rate-pending rates it again."""
    engine = make_engine(db_url)
    with engine.begin() as conn:
        config = _config()
        config.attributes["connection"] = conn
        command.upgrade(config, "0004")
    old = Ledger(engine)
    assert not old.import_files(SEASON).errors
    old.rate_pending(["uscf"])
    rc = schema.rating_changes
    with engine.begin() as conn:
        victim = conn.execute(select(rc.c.event_rating_id).limit(1)).scalar_one()
        conn.execute(update(rc).where(rc.c.event_rating_id == victim).values(post=math.inf))
    engine.dispose()
    with Ledger.open(db_url) as ledger:
        with ledger.engine.connect() as conn:
            posts = conn.execute(select(rc.c.post)).scalars().all()
        assert all(p is None or math.isfinite(p) for p in posts)
        ledger.rate_pending()
        assert ledger.check() == []
        with ledger.engine.connect() as conn:
            assert conn.execute(select(rc.c.post).where(rc.c.post.is_not(None))).first()
