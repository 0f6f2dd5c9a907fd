"""Rating provenance: every reader says which rating system a rating belongs to, and each
system rates from its own kind only (docs/formats.md "Rating kinds", decisions D-prov-1…6)."""

from __future__ import annotations

import io
import json

import pytest

from arpad.errors import InputError
from arpad.io import berard, games_csv, json_event, pgn, read_event, read_events
from arpad.io import uscf_crosstable as crosstable
from arpad.model import Game, PlayerEntry, Rating, RatingKind, build_event
from arpad.systems import REGISTRY, get_system
from arpad.systems.uscf2020 import fide_to_uscf
from tests.conftest import EXAMPLES, shared_data

FIDE, USCF = RatingKind.FIDE, RatingKind.US_CHESS


# -- the model ---------------------------------------------------------------------------


def test_an_unsaid_kind_is_the_rating_of_whichever_system_rates() -> None:
    e = PlayerEntry("a", rating=1800.0, games=40, peak=1850.0)
    assert e.own_rating({"uscf"}) is e and e.own_rating({"fide", "elo"}) is e


def test_a_rating_of_another_kind_is_dropped_with_its_history() -> None:
    e = PlayerEntry("a", rating=2865.0, rating_kind=FIDE, fide=2865.0, games=5, peak=2882.0)
    seen = e.own_rating({"uscf"})
    assert (seen.rating, seen.games, seen.peak, seen.rating_kind) == (None, 0, None, None)
    assert seen.fide == 2865.0  # still there for US Chess §2 to initialise from
    assert e.own_rating({"fide"}) is e


def test_a_further_rating_of_the_systems_kind_is_used_with_its_games() -> None:
    national = Rating(RatingKind.NATIONAL, 1910.0, 40, "GER")
    e = PlayerEntry("a", rating=2005.0, rating_kind=FIDE, ratings=(national,))
    seen = e.own_rating({"national"})
    assert (seen.rating, seen.games, seen.rating_kind) == (1910.0, 40, "national")
    assert e.foreign_ratings({"fide"}) == (national,)
    assert national.label == "national (GER)"


def test_fide_and_cfc_fields_count_as_ratings_of_their_kind() -> None:
    e = PlayerEntry("a", fide=2400.0, cfc=2300.0)
    assert e.own_rating({"fide"}).rating == 2400.0
    assert e.own_rating({"cfc"}).rating == 2300.0
    assert e.own_rating({"uscf"}).rating is None


@pytest.mark.parametrize("kind", ["FIDE", "", "us chess", "1fide"])
def test_a_kind_is_a_lower_case_name(kind: str) -> None:
    with pytest.raises(InputError, match="rating kind"):
        PlayerEntry("a", rating=1500.0, rating_kind=kind)


def test_each_system_declares_the_kinds_it_rates_from() -> None:
    """D-prov-2 … D-prov-5: the table in docs/formats.md."""
    own = {name: get_system(name).own_kinds() for name in REGISTRY}
    for name, kinds in own.items():
        assert name in kinds
    for name in ("elo", "fide1986", "pra"):
        assert "fide" in own[name] and "uscf" not in own[name]
    for name in ("uscf", "uscf1993", "uscf1994"):
        assert "uscf" in own[name] and "fide" not in own[name]
    for name in ("ingo", "harkness", "bcf", "ccla", "linear", "berkin"):
        assert own[name] == {name}
    assert set(get_system("uscf").initialises_from) == {"fide", "cfc"}
    assert set(get_system("uscf1994").initialises_from) == {"fide"}


# -- every reader sets the kind ----------------------------------------------------------


def test_trf_ratings_are_fide() -> None:
    event = read_event(shared_data("trf-real/fide_example1_karl_mala_2005.trf"))
    rated = [p for p in event.players if p.rating is not None]
    assert rated and all(p.rating_kind == FIDE and p.fide == p.rating for p in rated)
    assert all(p.rating_kind is None for p in event.players if p.rating is None)


PGN = """[Event "Open"]
[Date "2024.05.01"]
[White "A"]
[Black "B"]
[WhiteElo "2100"]
[BlackUSCF "1850"]
[BlackElo "-"]
[Result "1-0"]

1. e4 1-0
"""


def test_pgn_elo_is_fide_and_uscf_is_us_chess() -> None:
    (event,) = pgn.read(io.StringIO(PGN), "t.pgn")
    a, b = event.player("A"), event.player("B")
    assert (a.rating, a.rating_kind, a.fide) == (2100.0, FIDE, 2100.0)
    assert (b.rating, b.rating_kind, b.fide) == (1850.0, USCF, None)


def test_pgn_with_both_tags_keeps_both() -> None:
    text = PGN.replace('[BlackElo "-"]', '[BlackElo "1790"]')
    (event,) = pgn.read(io.StringIO(text), "t.pgn")
    b = event.player("B")
    assert (b.rating, b.rating_kind, b.ratings) == (1790.0, FIDE, (Rating(USCF, 1850.0),))
    assert b.own_rating({"uscf"}).rating == 1850.0


def test_crosstable_ratings_are_us_chess() -> None:
    (event,) = crosstable.read(
        io.StringIO((EXAMPLES / "uscf-crosstable.txt").read_text(encoding="utf-8")), "x.txt"
    )
    rated = [p for p in event.players if p.rating is not None]
    assert rated and all(p.rating_kind == USCF for p in rated)


def test_berard_input_names_its_rating_system() -> None:
    elo = read_event(EXAMPLES / "isle-of-lewis-1995-elo.berard")
    cm = read_event(EXAMPLES / "isle-of-lewis-1995-chessmetrics.berard")
    assert {p.rating_kind for p in elo.players} == {"fide"}
    assert {p.rating_kind for p in cm.players} == {"chessmetrics"}
    assert berard.rating_kind("FIDE") == "fide"


def test_games_csv_has_no_ratings() -> None:
    text = "event,date,round,white,black,result\ne,2024-01-01,1,a,b,1-0\n"
    (event,) = games_csv.read(io.StringIO(text), "g.csv")
    assert all(p.rating is None and p.rating_kind is None for p in event.players)


def _doc(**event: object) -> dict[str, object]:
    return {
        "format": "arpad-event/1",
        "event": {"id": "e", **event},
        "players": [
            {"id": "a", "rating": 1800},
            {"id": "b", "rating": 1700, "rating_kind": "national"},
            {"id": "c", "rating": None, "ratings": [{"kind": "cfc", "rating": 1600}]},
        ],
        "games": [{"white": "a", "black": "b", "result": "1-0"}],
    }


def test_json_event_kind_is_the_default_and_a_player_may_override() -> None:
    event = json_event.loads(json.dumps(_doc(rating_kind="fide")))
    assert [p.rating_kind for p in event.players] == ["fide", "national", None]
    assert event.player("c").ratings == (Rating("cfc", 1600.0),)
    assert json_event.loads(json_event.dumps(event)) == event


def test_json_without_kinds_reads_as_before() -> None:
    event = json_event.loads(json.dumps(_doc()))
    assert [p.rating_kind for p in event.players] == [None, "national", None]
    old = read_event(EXAMPLES / "uscf-open.json")
    assert all(p.rating_kind is None for p in old.players)


def test_json_refuses_a_bad_kind_with_file_and_line() -> None:
    doc = _doc(rating_kind="US Chess")
    with pytest.raises(InputError, match=r"^ev.json:\d+: rating kind 'US Chess'"):
        json_event.loads(json.dumps(doc, indent=1), "ev.json")


# -- systems rate from their own kind only ----------------------------------------------


def _fide_pair() -> list[PlayerEntry]:
    return [
        PlayerEntry("a", rating=2400.0, rating_kind=FIDE, fide=2400.0),
        PlayerEntry("b", rating=2300.0, rating_kind=FIDE, fide=2300.0),
    ]


def test_uscf_never_takes_a_fide_rating_as_its_own() -> None:
    event = build_event("e", _fide_pair(), [Game("a", "b", 1.0)] * 4)
    result = get_system("uscf").rate_event(event)
    a = result.player("a")
    assert a.pre is None  # unrated in US Chess …
    assert f"initial {fide_to_uscf(2400.0):.0f} from FIDE 2400" in " ".join(a.notes)  # … §2.7
    assert any("FIDE rating, which uscf does not rate from as-is" in n for n in result.notes)


def test_uscf1993_starts_fide_rated_players_unrated() -> None:
    """The 1993 system takes unrated players as unrated (the 1994 report, L246)."""
    event = build_event("e", _fide_pair(), [Game("a", "b", 1.0)] * 4)
    result = get_system("uscf1993").rate_event(event)
    assert result.player("a").pre is None
    assert any("they are unrated in uscf1993" in n for n in result.notes)


def test_elo_takes_fide_ratings_and_ignores_us_chess_ones() -> None:
    players = [
        PlayerEntry("a", rating=2400.0, rating_kind=FIDE),
        PlayerEntry("b", rating=2300.0, rating_kind=USCF),
    ]
    result = get_system("elo").rate_event(build_event("e", players, [Game("a", "b", 1.0)]))
    assert result.player("a").pre == 2400.0 and result.player("b").pre is None
    assert any("US Chess rating, which elo does not rate from" in n for n in result.notes)


@pytest.mark.parametrize("system", ["elo", "fide1986"])
def test_a_system_that_rates_nobody_says_why(system: str) -> None:
    players = [PlayerEntry("a"), PlayerEntry("b"), PlayerEntry("c")]
    games = [Game("a", "b", 1.0), Game("b", "c", 0.5), Game("c", "a", 0.0)]
    result = get_system(system).rate_event(build_event("e", players, games))
    assert all(p.post is None for p in result.players)
    assert any(f"{system} rated no one: no player has a rating it uses" in n for n in result.notes)


def test_a_system_that_rates_somebody_does_not_say_it_rated_nobody() -> None:
    event = build_event("e", _fide_pair(), [Game("a", "b", 1.0)])
    result = get_system("elo").rate_event(event)
    assert not any("rated no one" in n for n in result.notes)


def test_tata_steel_2022_carlsen_is_not_a_us_chess_2865() -> None:
    """Issue 15: Carlsen's FIDE 2865 was read as US Chess 2865P0 and fell to 2700 for
    9½/13. Now US Chess §2.1 item 1 / §2.7 (L137) set 20 + 1.02·2865 on N = 10."""
    (event,) = read_events(shared_data("pgn-real-events/tata_steel_masters_2022.pgn"))
    carlsen = next(p for p in event.players if p.name.startswith("Carlsen"))
    assert (carlsen.rating, carlsen.rating_kind) == (2865.0, FIDE)
    us = get_system("uscf").rate_event(event).player(carlsen.id)
    assert us.pre is None and us.score == 9.5
    assert f"initial {20 + 1.02 * 2865:.0f} from FIDE 2865 (N=10)" in us.notes[0]
    assert us.post is not None and us.post > 20 + 1.02 * 2865  # he scored above expectation
    elo = get_system("elo").rate_event(event).player(carlsen.id)
    assert elo.pre == 2865.0


def test_trf_read_by_a_legacy_system_rates_no_one_and_says_so() -> None:
    event = read_event(shared_data("trf-real/fide_example1_karl_mala_2005.trf"))
    result = get_system("harkness").rate_event(event)
    assert all(p.pre is None for p in result.players)
    assert any("146 players have a FIDE rating" in n for n in result.notes)


def test_the_ledger_stores_kinds_and_further_ratings() -> None:
    from arpad.ledger.codec import Codec

    entry = PlayerEntry(
        "a",
        rating=2005.0,
        rating_kind=FIDE,
        ratings=(Rating(RatingKind.NATIONAL, 1910.0, 40, "GER"), Rating("pra", 1980.5)),
    )
    codec = Codec.of(PlayerEntry)
    assert codec.loads(codec.dumps(entry)) == entry


def test_every_registered_system_has_its_kinds_documented() -> None:
    """A system added to the registry must say which ratings it rates from (its
    ``rating_kinds``, ``initialises_from``) in docs/formats.md's provenance table: a new
    system that declares nothing would silently rate every TRF and PGN player as unrated."""
    from tests.conftest import REPO

    text = (REPO / "docs" / "formats.md").read_text(encoding="utf-8")
    table = text.split("| system | rates from as-is |", 1)[1].split("\n\n", 1)[0]
    for name in REGISTRY:
        assert f"`{name}`" in table, f"{name}: add its rating kinds to docs/formats.md"
