"""The seats of the live tables: the bots' turns (paced, on worker threads), the pause
between deals, and a person who leaves — after a grace period a bot plays the seat, and hands
it back the moment the person returns.

These are the steps of :class:`~rams.web.tables.Tables` (it binds them).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from rams.table import Table
from rams.web import live as parts
from rams.web.live import LiveTable

if TYPE_CHECKING:
    from rams.web.tables import Tables

__all__: list[str] = []

log = logging.getLogger("rams.web")


def kick(tables: Tables, live: LiveTable) -> None:
    """Make sure the table's driver runs (it stops when a person must act)."""
    if live.table is None or live.status == "over":
        return
    if live.driver is None or live.driver.done():
        live.driver = asyncio.get_running_loop().create_task(tables._drive(live))


async def _drive(tables: Tables, live: LiveTable) -> None:
    s = tables.settings
    while True:
        async with live.lock:
            table = live.table
            if table is None or table.game.is_over:
                tables._forget_if_done(live)
                return
            if not live.anyone_online():
                return  # nobody at the table: it waits (the next person's hello kicks it)
            steps = None if s.bot_delay <= 0 else 1
            try:
                reason = await tables._advance(live, table, steps)
            except Exception:  # storing failed, or worse: replay what is stored, retry
                tables._recover(live)
                if live.moved:  # (another process plays it now)
                    return
                reason = "error"
            if reason == "deal_end":
                live.ready.clear()
                live.wake.clear()
                live.pausing = True
                live.pause_until = time.time() + s.deal_pause
            tables._broadcast(live)
        if reason == "error":
            await asyncio.sleep(1.0)
        elif reason == "steps":
            await asyncio.sleep(s.bot_delay)
        elif reason == "deal_end":
            await tables._pause(live)
        else:
            if reason == "over":
                tables._forget_if_done(live)
            return


async def _advance(tables: Tables, live: LiveTable, table: Table, steps: int | None) -> str:
    """The bots' turns, on a worker thread; when one thinks longer than
    :data:`rams.web.live.THINKING_AFTER`, everyone at the table is told who is thinking."""
    work = asyncio.ensure_future(asyncio.to_thread(table.advance, True, steps))
    done, _ = await asyncio.wait({work}, timeout=parts.THINKING_AFTER)
    if not done:
        seat = table.game.to_move
        if seat is not None and not table.is_person(seat):
            for c in list(live.clients):
                c.send({"type": "thinking", "seat": seat})
    return await work


def _forget_if_done(tables: Tables, live: LiveTable) -> None:
    """A finished table nobody watches leaves memory (the database keeps its record)."""
    if live.status == "over" and not live.clients and tables.tables.get(live.id) is live:
        del tables.tables[live.id]


def _waiting(tables: Tables, live: LiveTable) -> list[int]:
    """The people whose "next deal" the pause still waits for."""
    return [
        i
        for i in range(len(live.seats))
        if live.is_person(i) and i not in live.standins and i not in live.ready and live.online(i)
    ]


async def _pause(tables: Tables, live: LiveTable) -> None:
    if tables._waiting(live):
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(live.wake.wait(), timeout=tables.settings.deal_pause)
    elif tables.settings.bot_delay > 0:
        await asyncio.sleep(tables.settings.bot_delay)
    async with live.lock:
        live.pausing = False
        live.pause_until = None
        live.ready.clear()


def _start_grace(tables: Tables, live: LiveTable, seat: int) -> None:
    if seat in live.grace or seat in live.standins:
        return
    loop = asyncio.get_running_loop()

    def expire() -> None:
        live.grace.pop(seat, None)
        live.grace_until.pop(seat, None)
        task = loop.create_task(tables._stand_in(live, seat))
        tables._tasks.add(task)
        task.add_done_callback(tables._tasks.discard)

    live.grace[seat] = loop.call_later(tables.settings.grace_s, expire)
    live.grace_until[seat] = time.time() + tables.settings.grace_s


async def _stand_in(tables: Tables, live: LiveTable, seat: int) -> None:
    async with live.lock:
        # Checked under the lock: the person may have come back while it waited for it
        # (then the seat is theirs), or left again (then a newer grace period runs).
        if (
            live.online(seat)
            or seat in live.grace
            or seat in live.standins
            or live.table is None
            or live.status == "over"
        ):
            return
        live.table.set_agent(seat, tables._standin_bot(live.rules.family))
        live.standins.add(seat)
        if seat not in live.ready:
            live.ready.add(seat)
        tables._broadcast(live)
    if not tables._waiting(live):
        live.wake.set()
    tables.kick(live)


def _came_back(tables: Tables, live: LiveTable, seat: int) -> None:
    """The seat's person is back (called under the lock, once the client is added, so
    a stand-in that was waiting for the lock finds them online, or is undone here)."""
    handle = live.grace.pop(seat, None)
    live.grace_until.pop(seat, None)
    if handle is not None:
        handle.cancel()
    if seat in live.standins:
        if live.table is not None:
            live.table.set_agent(seat, None)
        live.standins.discard(seat)


def _arm_clock(tables: Tables, live: LiveTable) -> None:
    """Start the turn clock for the person who must act now (a table with a clock), or
    stop it: one clock at a time, keyed by (deal, step, seat), so a turn keeps its time
    however often the table is drawn."""
    seconds = live.options.turn_seconds
    key = None
    table, game = live.table, live.game
    if seconds is not None and table is not None and game is not None:
        seat = table.waiting_for()
        if seat is not None and live.status != "over" and not live.pausing and not game.is_over:
            deal = game.deal
            key = (len(game.deals), len(deal.actions) if deal is not None else 0, seat)
    if key == live.clock_key:
        return
    if live.clock is not None:
        live.clock.cancel()
    live.clock_key, live.clock, live.clock_until = key, None, None
    if key is None or seconds is None:
        return
    loop = asyncio.get_running_loop()

    def ring() -> None:
        task = loop.create_task(tables._time_out(live, key))
        tables._tasks.add(task)
        task.add_done_callback(tables._tasks.discard)

    live.clock_until = time.time() + seconds
    live.clock = loop.call_later(seconds, ring)


async def _time_out(tables: Tables, live: LiveTable, key: tuple[int, int, int]) -> None:
    """A person's time ran out: a bot (the stand-in's level) plays that one turn, as it
    plays for a person who left; the seat stays theirs."""
    async with live.lock:
        if live.clock_key != key or live.table is None or live.game is None:
            return  # they acted in time (or the table moved on)
        table, deal, seat = live.table, live.game.deal, key[2]
        if deal is None or table.waiting_for() != seat:
            return
        bot = tables._standin_bot(live.rules.family)
        action = await asyncio.to_thread(bot.act, deal.observation(seat))
        try:
            table.submit(seat, action)
        except Exception:  # storing failed: replay what is stored, and let it be
            log.exception("table %s: the timed-out turn of seat %d was not taken", live.id, seat)
            tables._recover(live)
        else:
            for c in list(live.clients):
                c.send({"type": "timeout", "seat": seat, "action": str(action)})
        tables._broadcast(live)
    tables.kick(live)


def _left(tables: Tables, live: LiveTable, seat: int) -> None:
    if live.online(seat) or live.game is None or live.status == "over":
        return
    tables._start_grace(live, seat)
    if not tables._waiting(live):
        live.wake.set()
