"""Разбор партии on the web: a finished table's analysis of one seat, run off the server's
event loop (a worker process, or a thread), its progress and result kept in the database.

The strong bot rates the seat's decisions (:func:`rams.analysis.analyse`, from what the
seat knew then). A result is stored as values (the actions in record notation, the points)
and worded when it is read, in the reader's language, as the ``rams analyse`` command words
it (the catalogue's ``analysis`` section).
"""

from __future__ import annotations

import random
from typing import Any

from rams import games
from rams.analysis import action_words
from rams.web.store import AnalysisRow, Store
from rams.words import text

__all__ = ["SAMPLES", "THRESHOLD", "analyse_table", "analysis_json", "run_job"]

#: Sampled deals per decision: modest, so a short game is analysed in seconds.
SAMPLES = 16
#: Points a decision must cost to be marked as costly (as ``rams analyse`` shows them).
THRESHOLD = 0.5


def run_job(database_url: str, table_id: str, seat: int, samples: int = SAMPLES) -> None:
    """The analysis in a worker process: its own connection to the database."""
    store = Store(database_url)
    try:
        analyse_table(store, table_id, seat, samples)
    finally:
        store.close()


def analyse_table(store: Store, table_id: str, seat: int, samples: int = SAMPLES) -> None:
    """Rate ``seat``'s decisions (0-based) of the finished table, writing the progress after
    each, then the result; ``failed`` if anything goes wrong (the error is raised)."""
    from rams.analysis import analyse, decisions
    from rams.record import loads

    try:
        row = store.table(table_id)
        if row is None or row.record is None:
            raise ValueError(f"table {table_id}: no record to analyse")
        record = loads(row.record)
        total = sum(1 for _ in decisions(record, seat))
        store.analysis_progress(table_id, seat, 0, total)

        def progress(done: int, total: int) -> None:
            store.analysis_progress(table_id, seat, done, total)

        ratings = analyse(record, seat, samples, random.Random(0), progress)
        result = {
            "family": record.rules.family,
            "samples": samples,
            "players": list(record.players),
            "ratings": [r.to_json() for r in ratings],
        }
    except BaseException:
        store.end_analysis(table_id, seat, None, "failed")
        raise
    store.end_analysis(table_id, seat, result)


def _line(rating: dict[str, Any], seat: int, family: str, names: list[str], lang: str) -> str:
    """A stored rating's loss line, worded when read: «здесь вы потеряли около 3 очков:
    лучше было К♠» (the best choice as ``rams analyse`` words it)."""
    _, best_action = games.family(family).parse_line(f"p{seat + 1} {rating['best']}")
    best = action_words(best_action, lang, names, "analysis.best_card", "analysis.best_choice")
    loss = float(rating["loss"])
    if loss >= 1:
        return text("analysis.web.lost", lang, loss=round(loss), best=best)
    return text("analysis.web.lost_small", lang, best=best)


def analysis_json(row: AnalysisRow, lang: str) -> dict[str, Any]:
    """What ``GET /api/tables/{id}/analysis`` answers: the status, the progress, and once
    done every rating with its line in ``lang`` (``costly``: over :data:`THRESHOLD`)."""
    out: dict[str, Any] = {
        "table": row.table_id,
        "seat": row.seat,
        "status": row.status,
        "done": row.done_decisions,
        "total": row.total_decisions,
    }
    if row.status == "done" and row.result is not None:
        family = row.result.get("family", "rams")
        out["family"] = family
        out["unit"] = text(f"analysis.unit_{family}", lang)
        out["threshold"] = THRESHOLD
        names = list(row.result.get("players", ()))
        out["ratings"] = [
            {
                **r,
                "costly": r["loss"] > THRESHOLD,
                "line": _line(r, row.seat, family, names, lang),
            }
            for r in row.result["ratings"]
        ]
        costly = [r for r in out["ratings"] if r["costly"]]
        out["loss"] = round(sum(r["loss"] for r in costly), 3)
        count = len(out["ratings"])
        out["summary"] = (
            text("analysis.total", lang, count=count, costly=len(costly), loss=round(out["loss"]))
            if costly
            else text("analysis.clean", lang, count=count, threshold=THRESHOLD)
        )
    return out
