"""The step-by-step replay of a finished game, for the browser's replay viewer.

Only a finished game is replayed: its record (§12) shows every hand, so it leaves the
server only once the game is over. The steps are every game's (:func:`rams.games.wire.
replay_json`: the table as a spectator saw it, every hand face up, the score sheet as it
stood then, at each deal's end every hand as dealt, and the result in words: who won, and
why, and who paid what, from the family's verdict); this module adds the page's words and
builds it away from the event loop.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import gzip
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from rams.games.wire import replay_json
from rams.record import Record
from rams.web.work import process_pool, stop_pool
from rams.words import section

__all__ = ["Replays", "replay_bytes", "replay_steps"]


def replay_steps(record: Record, lang: str = "ru") -> dict[str, Any]:
    """Every step of the game (each deal's start, then each action) with all the cards, and
    the lines each step adds, in words (the family's); the result in words; the page's own
    words."""
    data = replay_json(record.family, record, lang)
    data["words"] = section("replay", lang)
    data["pack_size"] = record.rules.pack_size  # (the Verify button shuffles this pack)
    return data


def replay_bytes(record_text: str, lang: str = "ru") -> bytes:
    """The replay of a stored record as the JSON the page gets, gzip-compressed (built in a
    worker process by the server: a long game's replay holds the interpreter for a second,
    and its JSON, the same words and seats step after step, shrinks some twentyfold)."""
    from rams.record import loads

    data = replay_steps(loads(record_text), lang)
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    return gzip.compress(raw, compresslevel=6, mtime=0)


class Replays:
    """Finished games' replays as the page gets them (``GET /api/tables/{id}/replay``):
    built once per table and language, in a worker process (a long one holds the
    interpreter for a second: in a thread it would slow every live table; ``workers`` 0: a
    thread), encoded and gzip-compressed there once, and the bytes kept (the most recent
    ``kept``) and shared by every request for them, the requests that come while one is
    built waiting for it."""

    def __init__(self, workers: int = 1, kept: int = 16) -> None:
        self.workers = workers
        self.kept = kept
        self._pool: concurrent.futures.Executor | None = None
        self._built: OrderedDict[tuple[str, str], bytes] = OrderedDict()
        self._building: dict[tuple[str, str], asyncio.Future[bytes]] = {}

    async def get(self, table_id: str, lang: str, record: Callable[[], str]) -> bytes:
        """The replay of a finished table in ``lang``; ``record()`` gives its record (it
        raises when there is none: the table is not over)."""
        key = (table_id, lang)
        built = self._built.get(key)
        if built is None:
            task = self._building.get(key)
            if task is None:
                task = asyncio.ensure_future(self._build(record(), lang))
                self._building[key] = task
                task.add_done_callback(lambda _: self._building.pop(key, None))
            built = await asyncio.shield(task)
            self._built[key] = built
            while len(self._built) > self.kept:
                self._built.popitem(last=False)
        self._built.move_to_end(key)
        return built

    def _build(self, record_text: str, lang: str) -> Awaitable[bytes]:
        if self.workers <= 0:
            return asyncio.to_thread(replay_bytes, record_text, lang)
        if self._pool is None:
            self._pool = process_pool(self.workers)
        return asyncio.get_running_loop().run_in_executor(
            self._pool, replay_bytes, record_text, lang
        )

    def close(self) -> None:
        """Stop the worker process (a replay being built is abandoned)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            stop_pool(pool)
