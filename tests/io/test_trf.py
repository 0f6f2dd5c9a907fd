"""The FIDE TRF16 reader, on FIDE's own example file and on the variations of real files."""

from __future__ import annotations

import datetime as dt
import io
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arpad.cli import app
from arpad.errors import InputError
from arpad.io import read_event, trf
from arpad.model import Event, Unplayed
from arpad.systems import get_system
from arpad.systems.elo.expectancy import Expectancy
from tests.conftest import shared_data

FIDE_EXAMPLE = "trf-real/fide_example1_karl_mala_2005.trf"


@pytest.fixture(scope="module")
def karl_mala() -> Event:
    return read_event(shared_data(FIDE_EXAMPLE))


def test_fide_example_players_and_games(karl_mala: Event) -> None:
    e = karl_mala
    assert e.name == "9. Karl-Mala-Gedenkturnier"
    assert e.end_date == dt.date(2005, 7, 31)
    assert len(e.players) == 284  # header 062
    assert sum(p.rating is not None for p in e.players) == 146  # header 072
    assert len(e.games) == 970 and all(g.rated for g in e.games)
    # Every player's points column equals his results (games, forfeits and byes).
    lines = shared_data(FIDE_EXAMPLE).read_text(encoding="latin-1").splitlines()
    points = {ln[4:8].strip(): float(ln[80:84]) for ln in lines if ln.startswith("001")}
    for p in e.players:
        assert e.total_points(p.id) == points[p.id], p.id


def test_fide_example_player_fields(karl_mala: Event) -> None:
    vasquez = karl_mala.player("1")
    assert vasquez.name == "Vasquez,Rodrigo"
    assert (vasquez.rating, vasquez.federation, vasquez.fide_id) == (2558, "CHI", "3400042")
    assert vasquez.birth_date == dt.date(1969, 12, 6)
    assert vasquez.title == "GM"  # old code "g"
    assert karl_mala.player("2").title == "IM"  # "m"
    assert karl_mala.player("13").title == "FM"  # "f" in the title columns
    assert karl_mala.player("204").sex == "f"  # "f" in the sex column
    assert karl_mala.player("151").rating is None and karl_mala.player("151").fide_id is None
    assert karl_mala.player("278").federation == "SWE"


def test_fide_example_forfeits_and_byes(karl_mala: Event) -> None:
    by = {(u.player, u.round): u for u in karl_mala.unplayed}
    # 001 13 "153 - -" / 001 153 "13 - +": a forfeit in round 1, never a rated game.
    assert by[("13", 1)].kind is Unplayed.FORFEIT_LOSS and by[("13", 1)].opponent == "153"
    assert by[("153", 1)].kind is Unplayed.FORFEIT_WIN
    assert karl_mala.results_of("13") == []
    # 001 282 "0000 - +" in round 5: a bye worth a point.
    assert by[("282", 5)].kind is Unplayed.FULL_BYE
    kinds = [u.kind for u in karl_mala.unplayed]
    assert kinds.count(Unplayed.FORFEIT_WIN) == kinds.count(Unplayed.FORFEIT_LOSS) == 10


def test_fide_example_rated_by_fide1986(karl_mala: Event) -> None:
    result = get_system("fide1986").rate_event(karl_mala)
    t = Expectancy()
    vasquez = result.player("1")
    opponents = [karl_mala.player(o).rating for o, _ in karl_mala.results_of("1")]
    rated = [r for r in opponents if r is not None]
    w = sum(s for o, s in karl_mala.results_of("1") if karl_mala.player(o).rating is not None)
    w_e = sum(t.p(2558 - r) for r in rated)
    # A Swiss: only games against rated opponents; over 2400 with no history → K = 10.
    assert vasquez.games == len(rated)
    assert vasquez.expected == pytest.approx(w_e)
    assert vasquez.k == 10
    assert vasquez.change == pytest.approx(10 * (w - w_e))
    assert result.player("12").k == 15  # Klundt, 2382: below 2400

    # A change is calculated exactly for the rated players with four or more games against
    # rated opponents (§4.54).
    def rated_games(pid: str) -> int:
        return sum(1 for o, _ in karl_mala.results_of(pid) if karl_mala.player(o).rating)

    eligible = {p.id for p in karl_mala.players if p.rating is not None and rated_games(p.id) >= 4}
    assert {
        p.player_id for p in result.players if p.k is not None and p.pre is not None
    } == eligible
    assert len(eligible) > 50


def test_fide_example_rated_by_elo(karl_mala: Event) -> None:
    result = get_system("elo").rate_event(karl_mala)
    assert sum(1 for p in result.players if p.pre is None and p.post is not None) > 100
    assert result.player("1").method == "standard"


@pytest.mark.parametrize("name", ["lichess_swiss_2020_06.trf", "lichess_swiss_2021_03.trf"])
def test_lichess_files_with_byes(name: str) -> None:
    path = shared_data(f"trf-real/{name}")
    event = read_event(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    points = {ln[4:8].strip(): float(ln[80:84]) for ln in lines if ln.startswith("001")}
    for p in event.players:
        assert event.total_points(p.id) == points[p.id], p.id
    assert all(p.rating is None for p in event.players)


# -- synthetic files for the variations -----------------------------------------------------


def _line(n: int, name: str, rating: str, points: str, rounds: list[str], **kw: str) -> str:
    text = f"001 {n:4d} {kw.get('sex', 'm')}{kw.get('title', ''):>3} {name:<33} {rating:>4} "
    text += f"{kw.get('fed', 'GER'):<3} {kw.get('fid', ''):>11} {kw.get('born', ''):<10} "
    text += f"{points:>4} {n:4d}  "
    return text + "".join(f"{r:<8}  " for r in rounds)


def _read(text: str) -> Event:
    return trf.read(io.StringIO(text), "t.trf")[0]


def test_round_trip_of_a_small_file_with_crlf_and_comma_points() -> None:
    text = (
        "\r\n".join(
            [
                "012 Small Open",
                "052 2024/05/31",
                _line(
                    1,
                    "Alpha, A",
                    "2100",
                    "1,5",
                    ["   2 w 1", "   3 b =", "     H  "],
                    born="1990/01/02",
                ),
                _line(
                    2, "Beta, B", "2000", "1,0", ["   1 b 0", "0000 - +", "   3 w 0"], born="1985"
                ),
                _line(3, "Gamma, C", "0", "2,5", ["     F  ", "   1 w =", "   2 b 1"], sex="f"),
            ]
        )
        + "\r\n"
    )
    e = _read(text)
    assert e.end_date == dt.date(2024, 5, 31)
    assert [(g.white, g.black, g.score) for g in e.games] == [
        ("1", "2", 1.0),
        ("3", "1", 0.5),
        ("2", "3", 0.0),
    ]
    assert e.player("1").birth_date == dt.date(1990, 1, 2)
    assert e.player("2").birth_date is None  # a year alone is no date
    assert e.player("3").rating is None and e.player("3").sex == "f"
    assert [e.total_points(p) for p in "123"] == [2.0, 1.0, 2.5]


def test_shifted_round_columns_are_read_as_tokens() -> None:
    good = _line(1, "A", "2000", "1.0", ["   2 w 1"])
    shifted = good[:91] + " " + good[91:]  # one column off
    other = _line(2, "B", "2000", "0.0", ["   1 b 0"])
    e = _read("\n".join([shifted, other]))
    assert [(g.white, g.black, g.score) for g in e.games] == [("1", "2", 1.0)]


def test_unrated_games_w_d_l_are_kept_unrated() -> None:
    e = _read(
        "\n".join(
            [
                _line(1, "A", "2000", "1.0", ["   2 w W"]),
                _line(2, "B", "2000", "0.0", ["   1 b L"]),
            ]
        )
    )
    assert len(e.games) == 1 and not e.games[0].rated


def test_contradicting_reports_name_the_line() -> None:
    with pytest.raises(InputError) as err:
        _read(
            "\n".join(
                [
                    _line(1, "A", "2000", "1.0", ["   2 w 1"]),
                    _line(2, "B", "2000", "1.0", ["   1 b 1"]),
                ]
            )
        )
    assert err.value.line == 2 and "differently" in str(err.value)


def test_unknown_opponent_and_bad_fields() -> None:
    with pytest.raises(InputError, match="opponent 7") as err:
        _read(_line(1, "A", "2000", "1.0", ["   7 w 1"]))
    assert str(err.value).startswith("t.trf:1:")
    with pytest.raises(InputError, match="rating must be a number") as err2:
        _read(_line(1, "A", "2O00", "0.0", []))
    assert err2.value.column == 49
    with pytest.raises(InputError, match="no player records"):
        _read("012 Nothing here\n")
    with pytest.raises(InputError, match="appears twice"):
        _read("\n".join([_line(1, "A", "2000", "0.0", []), _line(1, "B", "2000", "0.0", [])]))


def test_sniff() -> None:
    assert trf.sniff("012 Open\n001    1 m ...", "x.txt")
    assert not trf.sniff('{"format": "arpad-event/1"}', "x.trf")
    assert trf.parse_date("0000/00/00") is None
    assert trf.parse_date("31.07.2005") == dt.date(2005, 7, 31)


def test_cli_rates_a_trf_file_with_both_systems(tmp_path: Path) -> None:
    path = shared_data(FIDE_EXAMPLE)
    runner = CliRunner()
    for system in ("elo", "fide1986"):
        result = runner.invoke(app, ["rate", str(path), "--system", system, "--json"])
        assert result.exit_code == 0, result.output
        assert '"system": "' + system + '"' in result.output


def test_cli_bad_trf_is_one_line_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text(_line(1, "A", "2000", "1.0", ["   9 w 1"]) + "\n", encoding="utf-8")
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "from arpad.cli import main; main()",
            "rate",
            str(bad),
            "--system",
            "elo",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0
    assert "bad.trf:1: round 1: opponent 9" in proc.stderr
