#!/usr/bin/env python3
"""Build the historical data sets arpad ships from the text of Elo's book.

Reads ``elo-rating-of-chessplayers-1986.txt`` and writes three CSV files into
``src/arpad/data/``:

- ``elo1986_titleholders.csv``: §9.4 "International Titleholders as of January, 1986"
  (L3832–4973, 1053 rows);
- ``elo1986_untitled_masters.csv``: §9.5 "Untitled Chessmasters" (L4975–5196, 197 rows);
- ``elo1986_matches.csv``: §5.55 "Expected Scores vs Actual Scores" (L1966–2092, 114
  matches of eleven games or more).

Every row keeps the seed line it came from. The OCR's misprints listed in
``shared/spec/elo-book-part2.md`` (DS-1, DS-2) and part 1 (TV-28) are corrected here, each
correction written into the row's ``note`` with the printed text, so nothing is changed
silently; probable misprints the spec does not settle are flagged in ``note`` only.

Usage::

    python scripts/build_historical_lists.py [SEED] [--out DIR] [--check]

``--check`` compares with the files already in DIR and exits 1 when they differ (a test
runs this, so the shipped data always matches the seed and this script).
"""

from __future__ import annotations

import argparse
import csv
import io
import re
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_SEED = REPO.parent / "shared" / "seeds" / "elo-rating-of-chessplayers-1986.txt"
DEFAULT_OUT = REPO / "src" / "arpad" / "data"

TITLEHOLDERS = (3832, 4973)
UNTITLED = (4975, 5196)
MATCHES = (1966, 2092)

LOST_RATING_COLUMN = (4077, 4114)
"""The page whose "Rating 1-1-86" column the OCR lost (spec part 2 DS-1, E17)."""

NAME_CORRECTIONS: dict[int, tuple[str, str, str]] = {
    # line: (printed, corrected, reason) — spec elo-book-part2.md DS-1 / DS-2
    3903: ("Baird, Olaf", "Barda, Olaf", "OCR misspelling (also out of alphabetical order)"),
    3951: ("Bogoljubow, Ewfm D.", "Bogoljubow, Efim D.", "OCR misspelling"),
    3973: ("Brosntein, Luis M.", "Bronstein, Luis M.", "OCR misspelling"),
    4055: ("Drugy, Maxim", "Dlugy, Maxim", "OCR misspelling"),
    4111: ("Fedder, Stean", "Fedder, Steen", "OCR misspelling"),
    4324: ("Kieninger, Georg-", "Kieninger, Georg", "stray trailing hyphen"),
    4383: ("Lazic, Miroљjub", "Lazic, Miroljub", "Cyrillic glyph in a Latin name"),
    4446: ("Marcariñas, Rico", "Mascariñas, Rico", "OCR misspelling"),
    4448: ("Matanovic Aleksandar", "Matanovic, Aleksandar", "missing comma"),
    4535: ("O'Kelly de Galway A.", "O'Kelly de Galway, A.", "missing comma"),
    4733: ("Seirewan, Yasser", "Seirawan, Yasser", "OCR misspelling"),
    4737: ("Sergievsy, Vladimir", "Sergievsky, Vladimir", "OCR misspelling"),
    4848: ("Trindale, Sandro", "Trindade, Sandro", "OCR misspelling"),
    4907: ("Votrotnikov, Vladislav", "Vorotnikov, Vladislav", "OCR misspelling"),
    5110: ("Olland, Adolph, G.", "Olland, Adolph G.", "extra comma"),
    5189: ("Yates, Frederick, D.", "Yates, Frederick D.", "extra comma"),
}

FLAGS: dict[int, str] = {
    4647: "printed 'Racic'; out of alphabetical order, probably Rakic (not corrected)",
    4105: "two players named Evans, Larry (D. and M.): key by seed line",
    4106: "two players named Evans, Larry (D. and M.): key by seed line",
    5057: "country of birth lost in the OCR (printed '/USA')",
}

WHITAKER_LINE = 4925
"""Whitaker (died 1975) prints 2420 in the 1-1-86 column: it is his best five-year average
(spec part 2 DS-1, E19); moved."""

MATCH_SIGN_MISPRINT = 2041
"""1934 Alekhine–Bogoljubow prints W − W_e = +1.7; 15.5 − 17.2 = −1.7 (spec part 1 TV-28)."""

TITLEHOLDER_FIELDS = (
    "seed_line", "name", "printed_name", "country", "birth_country", "residence_country",
    "dates", "born", "died", "title", "title_year", "best5", "rating_1986", "rating_1986_lost",
    "note",
)  # fmt: skip
UNTITLED_FIELDS = (
    "seed_line", "name", "printed_name", "country", "birth_country", "residence_country",
    "dates", "born", "died", "best5", "active_period_only", "note",
)  # fmt: skip
MATCH_FIELDS = (
    "seed_line", "years", "higher", "lower", "d", "games", "p", "expected", "score",
    "deviation", "sigma", "note",
)  # fmt: skip


@dataclass(frozen=True)
class Table:
    name: str
    fields: tuple[str, ...]
    rows: list[dict[str, str]]


def _lines(seed: Path) -> list[str]:
    return seed.read_text(encoding="utf-8").splitlines()


def _countries(printed: str) -> tuple[str, str]:
    parts = [p.strip() for p in printed.split("/")]
    birth = parts[0]
    residence = parts[1] if len(parts) > 1 else birth
    return birth, residence


def _dates(printed: str) -> tuple[str, str]:
    """'1935-' → ('1935', ''); '1883-1968'; 'u u' / 'u -1875' / '1883-u': u = unknown."""
    text = printed.strip()
    if not text:
        return "", ""
    m = re.fullmatch(r"(\d{4}|u)\s*-?\s*(\d{4}|u)?\s*-?", text.replace(" -", "-"))
    if m is None:
        m = re.fullmatch(r"(u)\s+(u)", text)
    if m is None:
        raise ValueError(f"cannot read dates {printed!r}")
    born, died = m.group(1), m.group(2) or ""
    return ("" if born == "u" else born), ("" if died == "u" else died)


def _name(line_no: int, printed: str, notes: list[str]) -> str:
    fix = NAME_CORRECTIONS.get(line_no)
    if fix is None:
        return printed
    was, corrected, reason = fix
    if printed != was:
        raise ValueError(f"L{line_no}: expected {was!r}, found {printed!r}")
    notes.append(f"name printed {was!r} ({reason})")
    return corrected


def _person(
    n: int, name: str, printed: str, fields: list[str], birth: str, residence: str
) -> dict[str, str]:
    """The columns both lists share (the CSV header fixes the column order)."""
    born, died = _dates(fields[2])
    return {
        "seed_line": str(n),
        "name": name,
        "printed_name": printed if name != printed else "",
        "country": fields[1].strip(),
        "birth_country": birth,
        "residence_country": residence,
        "dates": fields[2].strip(),
        "born": born,
        "died": died,
    }


def titleholders(lines: list[str]) -> Table:
    rows = []
    lo, hi = TITLEHOLDERS
    for n in range(lo, hi + 1):
        fields = lines[n - 1].split("\t")
        if len(fields) < 5 or fields[0] == "Titleholder":
            continue
        notes: list[str] = []
        printed = fields[0].strip()
        name = _name(n, printed, notes)
        birth, residence = _countries(fields[1])
        title, year = fields[3].strip().split("-")
        best5 = fields[4].strip()
        lost = lo <= n and LOST_RATING_COLUMN[0] <= n <= LOST_RATING_COLUMN[1]
        rating = "" if lost else (fields[5].strip() if len(fields) > 5 else "")
        if lost:
            notes.append("the 1-1-86 rating column of this page is lost in the OCR")
        if n == WHITAKER_LINE:
            best5, rating = rating, ""
            notes.append("printed 2420 under 'Rating 1-1-86' (died 1975): read as best 5-yr")
        if n in FLAGS:
            notes.append(FLAGS[n])
        rows.append(
            {
                **_person(n, name, printed, fields, birth, residence),
                "title": title,
                "title_year": f"19{year}",
                "best5": best5,
                "rating_1986": rating,
                "rating_1986_lost": "1" if lost else "",
                "note": "; ".join(notes),
            }
        )
    return Table("elo1986_titleholders.csv", TITLEHOLDER_FIELDS, rows)


def untitled(lines: list[str]) -> Table:
    rows = []
    lo, hi = UNTITLED
    for n in range(lo, hi + 1):
        fields = lines[n - 1].split("\t")
        if len(fields) < 4 or fields[0] == "Player":
            continue
        notes: list[str] = []
        printed = fields[0].strip()
        name = _name(n, printed, notes)
        birth, residence = _countries(fields[1])
        if n == 5057:
            birth = ""
        best5 = fields[3].strip()
        star = best5.endswith("*")
        if n in FLAGS:
            notes.append(FLAGS[n])
        rows.append(
            {
                **_person(n, name, printed, fields, birth, residence),
                "best5": best5.rstrip("*"),
                "active_period_only": "1" if star else "",
                "note": "; ".join(notes),
            }
        )
    return Table("elo1986_untitled_masters.csv", UNTITLED_FIELDS, rows)


def matches(lines: list[str]) -> Table:
    rows = []
    lo, hi = MATCHES
    for n in range(lo, hi + 1):
        fields = [f.strip() for f in lines[n - 1].split("\t")]
        if len(fields) != 9 or not re.fullmatch(r"\d{4}(-\d{2})?", fields[0]):
            continue
        years, players, d, games, p, w_e, w, deviation, sigma = fields
        halted = players.endswith("*")
        higher, lower = (s.strip() for s in players.rstrip("*").split("-", 1))
        notes = []
        if halted:
            notes.append("halted, with neither player declared the winner (L2092)")
        if n == MATCH_SIGN_MISPRINT:
            notes.append(f"W - W_e printed {deviation}; {w} - {w_e} is negative")
            deviation = "-" + deviation.lstrip("+")
        rows.append(
            {
                "seed_line": str(n),
                "years": years,
                "higher": higher,
                "lower": lower,
                "d": d,
                "games": games,
                "p": p,
                "expected": w_e,
                "score": w,
                "deviation": deviation.lstrip("+"),
                "sigma": sigma,
                "note": "; ".join(notes),
            }
        )
    return Table("elo1986_matches.csv", MATCH_FIELDS, rows)


def render(table: Table) -> str:
    out = io.StringIO()
    out.write(
        "# Source: elo-rating-of-chessplayers-1986.txt (Elo, The Rating of Chessplayers, Past\n"
        "# and Present, 2nd ed. 1986); generated by scripts/build_historical_lists.py. Do not\n"
        "# edit by hand: corrections of the OCR are in the script and in each row's note.\n"
    )
    writer = csv.DictWriter(out, fieldnames=table.fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(table.rows)
    return out.getvalue()


def build(seed: Path) -> dict[str, str]:
    """File name → CSV text, from the seed."""
    lines = _lines(seed)
    return {t.name: render(t) for t in (titleholders(lines), untitled(lines), matches(lines))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seed", nargs="?", type=Path, default=DEFAULT_SEED)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    files = build(args.seed)
    stale = []
    for name, text in files.items():
        path = args.out / name
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path} ({text.count(chr(10)) - 4} rows)")
    if stale:
        print(
            f"out of date: {', '.join(stale)}; run scripts/build_historical_lists.py",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
