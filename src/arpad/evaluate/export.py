"""The per-game predictions of an evaluation, as rows anyone can recompute every figure from.

One row per scored test game and system: the game's place in the test stream (``game``,
the same number under every system), its line in the input file, its period, the two
players, the table's row, the system, preset and protocol, White's expected score as
scored (with the fitted first-move advantage, after the unrated-player policy) and
White's actual score; for a system with a draw model, its draw parameter ν and the
game's three-outcome loss ``−ln P(outcome)`` (empty otherwise).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence

from arpad.evaluate.harness import Result, period_label, protocol_text

COLUMNS = (
    "game",
    "line",
    "period",
    "white",
    "black",
    "row",
    "system",
    "preset",
    "protocol",
    "expected",
    "result",
    "newcomer",
    "draw_nu",
    "outcome_loss",
)


def rows(results: Sequence[Result]) -> Iterator[tuple[str, ...]]:
    """Every scored test game of every result, in result then game order."""
    for r in results:
        sc = r.scored
        drawn = r.outcome_log_loss is not None
        nu = repr(r.draw_nu) if drawn else ""
        for i in range(len(sc.p)):
            line = int(sc.line[i])
            yield (
                str(int(sc.game[i])),
                "" if line < 0 else str(line),
                period_label(int(sc.period[i])),
                r.players[int(sc.white[i])],
                r.players[int(sc.black[i])],
                r.label,
                r.system,
                r.preset or "",
                protocol_text(r.protocol),
                repr(float(sc.p[i])),
                f"{float(sc.s[i]):g}",
                "1" if sc.newcomer[i] else "0",
                nu,
                repr(float(sc.outcome_loss[i])) if drawn else "",
            )


def csv_text(results: Sequence[Result]) -> str:
    """The predictions file's text (a header, then :func:`rows`).

    Values are written in full (``repr`` of the float), so the deviance recomputed from
    the file equals the table's.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows(results))
    return out.getvalue()
