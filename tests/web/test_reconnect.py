"""Reconnection: the same link brings a person back to the seat; after the grace period a
bot plays it, and hands it back on return."""

from __future__ import annotations

import random
import time
from pathlib import Path

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
        assert b.state is not None and b.state["winner"] is not None


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
