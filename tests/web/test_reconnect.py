"""Reconnection: the same link brings a person back to the seat; after the grace period a
bot plays it, and hands it back on return."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import pytest

from rams.web.protocol import Hello
from rams.web.store import Store
from rams.web.tables import Client, Settings, Tables
from tests.web.helpers import Seat, create_table, join, over, play_until, step, thread_server


def _wait(cond: object, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not cond():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise TimeoutError("condition not met")
        time.sleep(0.02)


def test_a_bot_stands_in_after_the_grace_period_and_hands_back(sqlite_url: str) -> None:
    rng = random.Random(3)
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=0.5) as server:
        for _ in range(5):  # a game may end at once (four aces): then another
            made = create_table(server.base, [None, None, "easy"], rules={"start_score": 100})
            table_id = made["id"]
            tokens = [made["token"], join(server.base, table_id, "Борис")["token"]]
            a = Seat(server.ws_base, table_id, tokens[0])
            b = Seat(server.ws_base, table_id, tokens[1])
            live = server.tables.tables[table_id]
            play_until([a, b], rng, lambda b=b: sum(m["type"] == "ack" for m in b.messages) >= 2)
            if not live.game.is_over:
                break
        b.close()
        before = len(live.game.deal.actions) + 100 * len(live.game.deals)
        # Within the grace period the seat waits for its person...
        time.sleep(0.2)
        assert 1 not in live.standins and live.table.agents[1] is None
        # ...then a bot plays it: the game goes on without Борис.
        _wait(lambda: 1 in live.standins)

        def moved() -> bool:
            a.drain(0.01)
            step(a, rng)
            return len(live.game.deal.actions) + 100 * len(live.game.deals) > before + 6

        _wait(moved, 30)
        assert any(m["type"] == "state" and m["table"]["seats"][1]["standin"] for m in a.messages)
        # Борис comes back through the same link: the seat is his again.
        b = Seat(server.ws_base, table_id, tokens[1])
        welcome = b.until(lambda m: m["type"] == "welcome")
        assert welcome["seat"] == 1
        state = b.until(lambda m: m["type"] == "state")
        assert len(state["hand"]) <= 5 and state["seat"] == 1
        _wait(lambda: 1 not in live.standins and live.table.agents[1] is None)
        play_until([a, b], rng, over([a, b]), timeout=180)
        assert b.state is not None and b.state["winners"] is not None


def test_a_quick_return_keeps_the_seat_without_a_bot(tmp_path: Path) -> None:
    rng = random.Random(4)
    url = f"sqlite:///{tmp_path / 'q.sqlite3'}"
    with thread_server(url, bot_delay=0, deal_pause=0, grace_s=30) as server:
        made = create_table(server.base, [None, "easy", "easy"])
        a = Seat(server.ws_base, made["id"], made["token"])
        play_until([a], rng, lambda: sum(m["type"] == "ack" for m in a.messages) >= 2)
        a.close()
        again = Seat(server.ws_base, made["id"], made["token"])
        assert again.until(lambda m: m["type"] == "welcome")["seat"] == 0
        state = again.until(lambda m: m["type"] == "state")
        assert state["hand"]
        live = server.tables.tables[made["id"]]
        assert not live.standins and not live.grace
        assert not any(m["table"]["seats"][0]["standin"] for m in again.messages if "table" in m)


@pytest.mark.parametrize("first", ["stand_in", "hello"])
def test_a_stand_in_waiting_for_the_lock_never_keeps_a_returning_persons_seat(
    sqlite_url: str, first: str
) -> None:
    """The grace period ends while the driver holds the table's lock (a bot thinking); the
    person comes back at that moment. Whichever gets the lock first, once both are done the
    person is online and plays the seat: no stand-in is left in it."""
    store = Store(sqlite_url)
    store.migrate()

    async def race() -> None:
        tables = Tables(store, Settings(grace_s=60, bot_delay=0, deal_pause=0))
        live, seat, token = tables.create("Аня", "classic", 3, [None, "easy", "easy"], {})
        sent: list[dict[str, Any]] = []

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        client = Client(send, tables.settings)
        await live.lock.acquire()  # the driver, while a bot thinks
        tasks = {
            "stand_in": lambda: tables.driver._stand_in(live, seat),
            "hello": lambda: tables.sockets._handle(live, client, Hello(token, "en")),
        }
        order = [first, *(k for k in tasks if k != first)]
        running = []
        for name in order:  # each waits for the lock, in this order (the lock is FIFO)
            running.append(asyncio.create_task(tasks[name]()))
            for _ in range(5):
                await asyncio.sleep(0)
        assert not any(t.done() for t in running)
        live.lock.release()
        await asyncio.gather(*running)
        async with live.lock:
            assert live.online(seat) and client.seat == seat
            assert seat not in live.standins
            assert live.table is not None and live.table.agents[seat] is None
            assert not live.public()["seats"][seat]["standin"]
        await tables.stop()

    try:
        asyncio.run(race())
    finally:
        store.close()


def test_a_table_with_nobody_at_it_waits_and_goes_on_when_someone_is_back(
    sqlite_url: str,
) -> None:
    """Everyone leaves: after the grace period bots stand in, but do not play the game out
    to nobody; when one person comes back the game goes on, a bot still playing for the
    other."""
    rng = random.Random(8)
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=0.3) as server:
        for _ in range(5):  # a game may end at once (four aces): then another
            made = create_table(server.base, [None, None, "easy"], rules={"start_score": 100})
            table_id = made["id"]
            tokens = [made["token"], join(server.base, table_id, "Борис")["token"]]
            seats = [Seat(server.ws_base, table_id, tok) for tok in tokens]
            live = server.tables.tables[table_id]
            play_until(
                seats,
                rng,
                lambda s=seats: sum(m["type"] == "ack" for x in s for m in x.messages) >= 3,
            )
            if not live.game.is_over:
                break
        for s in seats:
            s.close()
        _wait(lambda: live.standins == {0, 1})
        _wait(lambda: live.driver is None or live.driver.done())
        stored = server.store.action_count(table_id)
        time.sleep(0.5)
        assert server.store.action_count(table_id) == stored
        assert not live.game.is_over and live.status == "playing"
        # Аня is back: her seat is hers again, and Борис's stand-in plays on.
        a = Seat(server.ws_base, table_id, tokens[0])
        a.until(lambda m: m["type"] == "welcome")
        _wait(lambda: live.standins == {1} and live.table.agents[0] is None)

        def borises_bot_played() -> bool:
            a.drain(0.01)
            step(a, rng)
            rows = server.store.deals_of(table_id)
            later = [x for d in rows for x in d.actions][stored:]
            return any(x.startswith("p2 ") for x in later) or live.game.is_over

        _wait(borises_bot_played, 30)
        a.close()
