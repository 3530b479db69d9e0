"""The seats of the live tables: the bots' turns (thought out in the worker processes,
paced), the pause between deals, the turn clocks, and a person who leaves — after a grace
period a bot plays the seat, and hands it back the moment the person returns.

:class:`Driver` is one of the parts :class:`~rams.web.tables.Tables` is made of; it is
given what it needs of the rest (:class:`DriverHost`), and imports none of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

from rams.table import Table, Turn
from rams.web import live as parts
from rams.web.live import Background, BotSeat, LiveTable, Settings
from rams.web.work import Stale, Workers, think, think_here

__all__ = ["WRITE_RETRY", "Driver", "DriverHost"]

log = logging.getLogger("rams.web")

#: Seconds before a table whose write failed tries again (rams.web.tables.Tables.write).
WRITE_RETRY = 1.0


class DriverHost(Protocol):
    """What the driver needs of the server's tables (:class:`~rams.web.tables.Tables`)."""

    settings: Settings
    workers: Workers
    background: Background

    def broadcast(self, live: LiveTable) -> None:
        """Show every client of the table the table as it is now."""

    async def write(self, live: LiveTable, what: str, step: Callable[[], object]) -> bool:
        """Take a step of play that stores itself; False (undone) if it was not stored."""

    def standin_bot(self, family: str) -> BotSeat:
        """The bot that plays for a person who left, or whose time ran out."""

    def forget_if_done(self, live: LiveTable) -> None:
        """A finished table nobody watches leaves memory."""


class Driver:
    """The turns of every table of a server: its driver loop (a task per table, while a
    bot is to act), the pause between deals, the grace periods and the turn clocks."""

    def __init__(self, host: DriverHost) -> None:
        self.host = host
        self.settings = host.settings

    def kick(self, live: LiveTable) -> None:
        """Make sure the table's driver runs (it stops when a person must act). A driver that
        dies of an error is logged, and started again a moment later: no table stops in
        silence."""
        if live.table is None or live.status == "over" or live.moved:
            return
        if live.driver is None or live.driver.done():
            live.driver = asyncio.get_running_loop().create_task(self._drive(live))
            live.driver.add_done_callback(lambda task: self._driver_ended(live, task))

    def _driver_ended(self, live: LiveTable, task: asyncio.Task[None]) -> None:
        if task.cancelled() or task.exception() is None:
            return
        log.error("table %s: its driver failed; starting it again", live.id,
                  exc_info=task.exception())  # fmt: skip
        asyncio.get_running_loop().call_later(WRITE_RETRY, self.kick, live)

    async def _drive(self, live: LiveTable) -> None:
        """The table's driver loop (:meth:`rams.table.Table.next_turn`), one step at a time:
        a deal dealt, a bot's move (thought out in the worker processes, :mod:`rams.web.work`,
        while the table's lock is free: its people's messages are answered meanwhile), or the
        pause between deals; it ends when a person must act, when nobody is connected, or at
        the game's end."""
        s = self.settings
        while True:
            turn: Turn | str
            async with live.lock:
                table = live.table
                if table is None or table.game.is_over or live.moved:
                    self.host.forget_if_done(live)
                    return
                if not live.anyone_online():
                    return  # nobody at the table: it waits (the next person's hello kicks it)
                turn = table.next_turn(stop_at_deal_end=True)
                if turn == "deal":
                    if not await self.host.write(live, "deal", table.start_deal):
                        turn = "error"
                    self.host.broadcast(live)
                elif turn == "deal_end":
                    live.ready.clear()
                    live.wake.clear()
                    live.pausing = True
                    live.pause_until = time.time() + s.deal_pause
                    self.host.broadcast(live)
            if isinstance(turn, Turn):
                acted = await self._bot_move(live, table, turn)
                if acted is None:
                    turn = "error"
                elif not acted:
                    continue  # (declined, or stale: the next step at once)
            if turn == "error":
                if live.moved or live.table is None:
                    return
                await asyncio.sleep(WRITE_RETRY)
            elif turn == "deal_end":
                await self._pause(live)
            elif turn in ("person", "over"):
                if turn == "over":
                    self.host.forget_if_done(live)
                return
            elif s.bot_delay > 0:  # (a deal dealt, a bot's move: paced, so people see them)
                await asyncio.sleep(s.bot_delay)

    async def _bot_move(self, live: LiveTable, table: Table, turn: Turn) -> bool | None:
        """A bot's turn: its move thought out in a worker, then taken under the table's lock if
        the table is still where it was. True if an action was applied, False if not (the bot
        declined an offer, or the table moved on), None if it could not be stored."""
        action = await self._think(live, table, turn)
        if action is Stale:
            return False
        async with live.lock:
            if live.table is not table or live.moved:
                return False
            applied: list[bool] = []
            if not await self.host.write(
                live, "action", lambda: applied.append(table.take(turn, action))
            ):
                self.host.broadcast(live)
                return None
            if applied and applied[0]:
                self.host.broadcast(live)
                return True
            return False

    async def _think(self, live: LiveTable, table: Table, turn: Turn) -> Any:
        """What the bot of ``turn`` does (:func:`rams.web.work.think`), in the worker
        processes — or on the spot, for a bot of an instant level
        (:func:`rams.web.work.think_here`); when a worker thinks longer than
        :data:`rams.web.live.THINKING_AFTER`, everyone at the table is told who is thinking.
        :class:`~rams.web.work.Stale` (the class itself) if the table moved on before the
        bot's turn came."""
        agent = table.agents[turn.seat]
        deal = table.game.deal
        if not isinstance(agent, parts.BotSeat) or deal is None:
            return Stale
        view = deal.observation(turn.seat)  # (that seat's view only: never another's cards)
        if isinstance(agent, parts.ProgramSeat):  # (a person's program: its connector thinks)
            try:
                return await asyncio.to_thread(agent.decide, view, turn.offers)
            except Exception:
                log.exception("table %s: the program of seat %d failed", live.id, turn.seat)
                return None if turn.offers is not None else agent.fallback(view)
        if agent.instant:  # (microseconds: on the spot, no hand-off to a worker)
            return think_here(agent, view, turn.offers)

        def current() -> bool:
            return live.table is table and not live.moved and table.next_turn() == turn

        key = (live.id, turn.seat, agent.name, agent.family)
        work = asyncio.ensure_future(
            self.host.workers.run(
                live.id, "move", think, key, agent.seed, view, turn.offers, current=current
            )
        )
        done, _ = await asyncio.wait({work}, timeout=parts.THINKING_AFTER)
        if not done and turn.offers is None:
            for c in list(live.clients):
                c.send({"type": "thinking", "seat": turn.seat})
        try:
            return await work
        except Stale:
            return Stale
        except Exception:
            log.exception("table %s: the bot of seat %d could not think", live.id, turn.seat)
            if turn.offers is not None:
                return None
            return agent.fallback(view)

    def waiting(self, live: LiveTable) -> list[int]:
        """The people whose "next deal" the pause still waits for."""
        return [
            i
            for i in range(len(live.seats))
            if live.is_person(i)
            and i not in live.standins
            and i not in live.ready
            and live.online(i)
        ]

    async def _pause(self, live: LiveTable) -> None:
        if self.waiting(live):
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(live.wake.wait(), timeout=self.settings.deal_pause)
        elif self.settings.bot_delay > 0:
            await asyncio.sleep(self.settings.bot_delay)
        async with live.lock:
            live.pausing = False
            live.pause_until = None
            live.ready.clear()

    def start_grace(self, live: LiveTable, seat: int) -> None:
        if seat in live.grace or seat in live.standins:
            return
        if live.options.daily is not None:
            return  # (a daily deal waits for its person: its result must be theirs, rams.daily)
        loop = asyncio.get_running_loop()

        def expire() -> None:
            live.grace.pop(seat, None)
            live.grace_until.pop(seat, None)
            self.host.background.spawn(self._stand_in(live, seat))

        live.grace[seat] = loop.call_later(self.settings.grace_s, expire)
        live.grace_until[seat] = time.time() + self.settings.grace_s

    async def _stand_in(self, live: LiveTable, seat: int) -> None:
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
            live.table.set_agent(seat, self.host.standin_bot(live.rules.family))
            live.standins.add(seat)
            if seat not in live.ready:
                live.ready.add(seat)
            self.host.broadcast(live)
        if not self.waiting(live):
            live.wake.set()
        self.kick(live)

    def came_back(self, live: LiveTable, seat: int) -> None:
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

    def arm_clock(self, live: LiveTable) -> None:
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
            self.host.background.spawn(self._time_out(live, key))

        live.clock_until = time.time() + seconds
        live.clock = loop.call_later(seconds, ring)

    async def _time_out(self, live: LiveTable, key: tuple[int, int, int]) -> None:
        """A person's time ran out: a bot (the stand-in's level) plays that one turn, as it
        plays for a person who left (thinking in the worker processes); the seat stays
        theirs."""
        async with live.lock:
            if live.clock_key != key or live.table is None or live.game is None:
                return  # they acted in time (or the table moved on)
            table, deal, seat = live.table, live.game.deal, key[2]
            if deal is None or table.waiting_for() != seat:
                return
            bot = self.host.standin_bot(live.rules.family)
            view = deal.observation(seat)

        def current() -> bool:
            return live.clock_key == key and live.table is table and not live.moved

        try:
            if bot.instant:  # (microseconds: on the spot)
                action = think_here(bot, view, None)
            else:
                action = await self.host.workers.run(
                    live.id, "move", think, (live.id, seat, bot.name, bot.family), bot.seed,
                    view, None, current=current,
                )  # fmt: skip
        except Stale:
            return
        except Exception:
            log.exception("table %s: the stand-in for seat %d could not think", live.id, seat)
            action = bot.fallback(view)
        async with live.lock:
            if not current() or table.waiting_for() != seat:
                return  # (they acted while the bot thought)
            if await self.host.write(live, "action", lambda: table.submit(seat, action)):
                for c in list(live.clients):
                    c.send({"type": "timeout", "seat": seat, "action": str(action)})
            self.host.broadcast(live)
        self.kick(live)

    def left(self, live: LiveTable, seat: int) -> None:
        if live.online(seat) or live.game is None or live.status == "over":
            return
        self.start_grace(live, seat)
        if not self.waiting(live):
            live.wake.set()
