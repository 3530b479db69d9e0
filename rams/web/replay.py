"""The step-by-step replay of a finished game, for the browser's replay viewer.

Only a finished game is replayed: its record (§12) shows every hand, so it leaves the
server only once the game is over. The steps are every game's (:func:`rams.games.wire.
replay_json`: the table as a spectator saw it, every hand face up, the score sheet as it
stood then, at each deal's end every hand as dealt); this module adds the result in words:
who won, and why, and who paid what (from the family's settlement).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import gzip
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from rams import games
from rams.games.wire import replay_json
from rams.record import Record
from rams.web.work import process_pool, stop_pool
from rams.words import has, number, section, signed, text

__all__ = ["Replays", "replay_bytes", "replay_steps", "result_of"]


def replay_steps(record: Record, lang: str = "ru") -> dict[str, Any]:
    """Every step of the game (each deal's start, then each action) with all the cards, and
    the lines each step adds, in words (the family's); the result in words; the page's own
    words."""
    data = replay_json(record.family, record, lang)
    data["result"] = result_of(data.get("decided"), list(record.players), lang)
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


def _winners_title(winners: Sequence[int], names: Sequence[str], lang: str) -> str:
    if len(winners) == 1:
        return text("replay.winner_one", lang, name=names[winners[0]])
    return text("replay.winner_many", lang, who=", ".join(names[w] for w in winners))


def result_of(settlement: dict[str, Any] | None, names: list[str], lang: str) -> Any:
    """The end of the game in words: ``winners`` (seats), ``title`` (the winners by name),
    ``why`` (what won it) and ``lines`` (the settlement: who paid what and why, or each
    player's total); None while nobody has won."""
    if not settlement:
        return None
    if "family" in settlement:
        return _plain_result(settlement, names, lang)
    return _rams_result(settlement, names, lang)


def _rams_result(s: dict[str, Any], names: list[str], lang: str) -> dict[str, Any]:
    """Rams: the winner (S6, R1, M4, V1, S7, V4), and the settlement (S8): each loser pays
    the winner what is left of the record, or the stake (doubled by every Даве, V4)."""
    winner: int = s["winner"]
    clause: str = s.get("win_clause") or ""
    why = text(f"rams.why.{clause}", lang) if clause and has(f"rams.why.{clause}") else ""
    lines: list[str] = []
    records: list[int] = s["records"]
    payouts: list[int] = s["payouts"]
    if s["payout"] != "remaining" and s["stake"] > 1:
        lines.append(text("replay.stake_doubled", lang, stake=s["stake"]))
    for seat, name in enumerate(names):
        if seat == winner:
            continue
        paid = -payouts[seat]
        if s["payout"] == "remaining":
            if paid > 0:
                lines.append(text("replay.pays_remaining", lang, payer=name, amount=paid))
            else:
                lines.append(
                    text("replay.pays_nothing", lang, payer=name, record=number(records[seat]))
                )
        else:
            lines.append(text("replay.pays_stake", lang, payer=name, amount=paid))
    lines.append(text("replay.receives", lang, name=names[winner], amount=payouts[winner]))
    ledger = s.get("pam_ledger")
    if ledger:
        said = ", ".join(f"{n} {signed(v)}" for n, v in zip(names, ledger, strict=True))
        lines.append(text("replay.pam", lang, ledger=said))
    return {
        "winners": [winner],
        "title": _winners_title([winner], names, lang),
        "why": text("replay.why", lang, why=why) if why else "",
        "lines": lines,
    }


def _plain_result(s: dict[str, Any], names: list[str], lang: str) -> dict[str, Any]:
    """A plain game: the winners by the family's end (F8, W9, B12, T2), each total."""
    winners: list[int] = list(s.get("winners") or [])
    lines: list[str] = []
    sides = games.family(s["family"]).sides
    if sides is not None:
        why = text("replay.why_rubbers", lang)
        won = [sum(1 for r in s.get("rubbers", []) if r["winner"] == side) for side in (0, 1)]
        points = s.get("points", [0, 0])
        for side, (a, b) in enumerate(sides):
            lines.append(
                text(
                    "replay.side",
                    lang,
                    side=f"{names[a]}+{names[b]}",
                    rubbers=won[side],
                    points=number(points[side]),
                )
            )
    else:
        better: int = s["better"]
        why = text("replay.why_high" if better > 0 else "replay.why_low", lang)
        scores: list[int] = s["scores"]
        order = sorted(range(len(names)), key=lambda seat: -better * scores[seat])
        for seat in order:
            lines.append(text("replay.total", lang, name=names[seat], total=number(scores[seat])))
        if len(winners) > 1:
            lines.append(text("replay.tie", lang))
    return {
        "winners": winners,
        "title": _winners_title(winners, names, lang),
        "why": text("replay.why", lang, why=why),
        "lines": lines,
    }


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
