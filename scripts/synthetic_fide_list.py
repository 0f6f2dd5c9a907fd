"""Write a synthetic players list in the layout of FIDE's (TXT or XML; the combined file
or one kind), for trying ``arpad import`` without FIDE's data:

    python scripts/synthetic_fide_list.py players_list_foa.txt --players 50000
    python scripts/synthetic_fide_list.py standard_sep26frl.txt --kind standard --date 2026-09-01
    python scripts/synthetic_fide_list.py players_list_xml_foa.xml --format xml

The players are made up (:func:`arpad.io.fide_players_writer.synthetic_players`).
"""

from __future__ import annotations

import argparse
import datetime as dt

from arpad.io.fide_players_list import KINDS
from arpad.io.fide_players_writer import synthetic_players, write_list


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path")
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--kind", choices=KINDS, help="A single-kind list (default: combined).")
    parser.add_argument("--format", choices=("txt", "xml"), default="txt")
    parser.add_argument("--date", default="2026-09-01", help="The list's date (YYYY-MM-DD).")
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    kinds = (args.kind,) if args.kind else KINDS
    write_list(
        args.path,
        synthetic_players(args.players, seed=args.seed),
        kinds=kinds,
        list_date=dt.date.fromisoformat(args.date),
        fmt=args.format,
    )


if __name__ == "__main__":
    main()
