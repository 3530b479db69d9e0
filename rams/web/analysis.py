"""Разбор партии on the web: a finished table's analysis of one seat, run off the server's
event loop (a worker process, or a thread), its progress and result kept in the database.

An analysis takes seconds to minutes, so the work anyone may ask for is bounded
(:class:`Analyses`): at most ``Settings.analysis_queue`` analyses wait or run at once, at
most ``Settings.analyses_per_address`` of them for one address, and one more is refused at
once (HTTP 429, in the catalogue's words), never queued in silence.

The strong bot rates the seat's decisions (:func:`rams.analysis.analyse`, from what the
seat knew then). A result is stored as values (the actions in record notation, the points)
and worded when it is read, in the reader's language, as the ``rams analyse`` command words
it (the catalogue's ``analysis`` section).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import random
from typing import Any

from rams import games
from rams.analysis import action_words
from rams.games import DEFAULT_FAMILY
from rams.web.live import Settings, TableError
from rams.web.store import AnalysisRow, Store
from rams.web.work import process_pool, stop_pool
from rams.words import decimal, text

__all__ = ["SAMPLES", "THRESHOLD", "Analyses", "analyse_table", "analysis_json", "run_job"]

log = logging.getLogger("rams.web")

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
        family = row.result.get("family", DEFAULT_FAMILY)
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
            else text("analysis.clean", lang, count=count, threshold=decimal(THRESHOLD, lang, None))
        )
    return out


class Analyses:
    """The analyses a server runs: in ``Settings.analysis_workers`` worker processes (0: a
    thread), each started once per table and seat, bounded in all and per address."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self._pool: concurrent.futures.Executor | None = None
        #: The analyses waiting or running, and the address that asked for each.
        self.jobs: dict[tuple[str, int], asyncio.Future[None]] = {}
        self.asked_by: dict[tuple[str, int], str] = {}
        self._starting: set[tuple[str, int]] = set()
        self._lock: asyncio.Lock | None = None

    def live(self, found: AnalysisRow) -> AnalysisRow:
        """A row ``running`` with no job here was left by a server that stopped: failed."""
        key = (found.table_id, found.seat)
        if found.status == "running" and key not in self.jobs and key not in self._starting:
            return AnalysisRow(
                found.table_id, found.seat, "failed", found.done_decisions,
                found.total_decisions, None,
            )  # fmt: skip
        return found

    async def start(self, table_id: str, seat: int, address: str) -> AnalysisRow:
        """The seat's analysis: the one stored or under way, or a new one, started in the
        background if the limits allow (else :class:`TableError` 429)."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            found = await asyncio.to_thread(self.store.analysis, table_id, seat)
            if found is not None and self.live(found).status != "failed":
                return found
            self._check(address)
            key = (table_id, seat)
            self._starting.add(key)
            try:
                await asyncio.to_thread(self.store.begin_analysis, table_id, seat)
                self.jobs[key] = self._run(table_id, seat)
                self.asked_by[key] = address
            finally:
                self._starting.discard(key)
            started = await asyncio.to_thread(self.store.analysis, table_id, seat)
            assert started is not None
            return started

    def _check(self, address: str) -> None:
        s = self.settings
        mine = sum(1 for a in self.asked_by.values() if a == address)
        if mine >= s.analyses_per_address:
            raise TableError(429, "too_many_analyses", count=mine)
        if len(self.jobs) >= s.analysis_queue:
            raise TableError(429, "analyses_busy")

    def _run(self, table_id: str, seat: int) -> asyncio.Future[None]:
        loop = asyncio.get_running_loop()
        in_thread = self.settings.analysis_workers <= 0
        if self._pool is None:
            self._pool = (
                concurrent.futures.ThreadPoolExecutor(1, "rams-analysis")
                if in_thread
                else process_pool(self.settings.analysis_workers)
            )
        try:
            if in_thread:
                job = loop.run_in_executor(self._pool, analyse_table, self.store, table_id, seat)
            else:
                job = loop.run_in_executor(self._pool, run_job, self.store.url, table_id, seat)
        except concurrent.futures.BrokenExecutor:  # (its worker was killed)
            self._pool = None
            return self._run(table_id, seat)
        key = (table_id, seat)

        def ended(done: asyncio.Future[None]) -> None:
            if self.jobs.get(key) is done:
                del self.jobs[key]
                self.asked_by.pop(key, None)
            if not done.cancelled() and done.exception() is not None:
                log.error("analysis of %s seat %d failed", table_id, seat,
                          exc_info=done.exception())  # fmt: skip

        job.add_done_callback(ended)
        return job

    def close(self) -> None:
        """Stop the workers at once (a running analysis is abandoned: its row, left
        running, is failed and starts again on request)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            stop_pool(pool)
