"""Spectators and turn clocks: a watcher sees the public board (delayed if the table says
so) and is counted at the table; a person whose turn clock runs out has that turn played by
a bot, keeping the seat. Table options are validated and survive a restart."""

from __future__ import annotations

import random
import time

import httpx
import pytest

from rams.web import live as web_live
from tests.web.helpers import Seat, choose, create_table, thread_server


def _my_turn(seat: Seat) -> dict:
    return seat.until(lambda m: m["type"] == "state" and bool(m["legal"]), timeout=30)


def test_spectators_are_counted_at_the_table(sqlite_url: str) -> None:
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0) as s:
        made = create_table(s.base, [None, "easy", "easy"])
        me = Seat(s.ws_base, made["id"], made["token"])
        _my_turn(me)
        watchers = [Seat(s.ws_base, made["id"], None) for _ in range(2)]
        me.until(lambda m: m["type"] == "state" and m["table"]["spectators"] == 2)
        watchers[0].close()
        me.until(lambda m: m["type"] == "state" and m["table"]["spectators"] == 1)
        watchers[1].close()


def test_spectators_see_the_game_after_the_tables_delay(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web_live, "WATCH_DELAYS", (0, 2))
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0) as s:
        made = create_table(s.base, [None, "easy", "easy"], watch_delay=2)
        assert made["table"]["options"]["watch_delay"] == 2
        me = Seat(s.ws_base, made["id"], made["token"])
        turn = _my_turn(me)
        watcher = Seat(s.ws_base, made["id"], None)
        watcher.until(lambda m: m["type"] == "welcome")
        watcher.drain(2.5)  # what it was sent on joining
        step = turn["step"]
        action = choose(turn, random.Random(0))
        me.send({"type": "act", "action": action, "deal": turn["deal"], "step": step})
        acted = time.monotonic()
        me.until(lambda m: m["type"] == "ack")
        seen = watcher.until(
            lambda m: m["type"] == "state" and (m["deal"], m["step"]) > (turn["deal"], step)
        )
        late = time.monotonic() - acted
        assert late >= 1.8, late  # two seconds behind the game (never ahead of it)
        assert seen["hand"] == [] and seen["seat"] is None


def test_a_turn_whose_time_runs_out_is_played_by_a_bot(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(web_live.CLOCKS, "fast", 1.0)
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0) as s:
        made = create_table(s.base, [None, "easy", "easy"], clock="fast")
        me = Seat(s.ws_base, made["id"], made["token"])
        turn = _my_turn(me)
        clock = turn["table"]["clock"]
        assert clock["seat"] == 0 and clock["seconds"] == 1.0
        assert 0 < clock["until"] - time.time() * 1000 <= 1000
        out = me.until(lambda m: m["type"] == "timeout", timeout=10)
        assert out["seat"] == 0
        after = me.until(lambda m: m["type"] == "state")
        assert (after["deal"], after["step"]) > (turn["deal"], turn["step"])
        assert not after["table"]["seats"][0]["standin"]  # the seat is still hers
        # Acting in time stops the clock: a new clock starts with the next turn only.
        turn = _my_turn(me)
        assert turn["table"]["clock"]["seat"] == 0


def test_table_options_are_checked_and_kept(sqlite_url: str) -> None:
    with thread_server(sqlite_url, bot_delay=0) as s:
        body = {"name": "Аня", "players": 3, "bots": [None, "easy", None]}
        bad = httpx.post(f"{s.base}/api/tables", json={**body, "clock": "blitz"})
        assert bad.status_code == 400 and "relaxed" in bad.json()["message"]
        bad = httpx.post(f"{s.base}/api/tables?lang=ru", json={**body, "watch_delay": 7})
        assert bad.status_code == 400
        made = httpx.post(f"{s.base}/api/tables", json={**body, "clock": "relaxed"}).json()
        s.tables.tables.clear()  # as after a restart: read back from the database
        again = httpx.get(f"{s.base}/api/tables/{made['id']}").json()
        assert again["options"] == {"clock": "relaxed", "watch_delay": 0, "hints": False,
                                    "public": False, "reactions": True}  # fmt: skip


def test_the_same_seat_open_twice_is_told_in_both_windows(sqlite_url: str) -> None:
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0) as s:
        made = create_table(s.base, [None, "easy", "easy"])
        first = Seat(s.ws_base, made["id"], made["token"])
        first.until(lambda m: m["type"] == "welcome")
        assert not any(m["type"] == "notice" for m in first.messages)
        second = Seat(s.ws_base, made["id"], made["token"])
        assert second.until(lambda m: m["type"] == "notice")["code"] == "two_devices"
        assert first.until(lambda m: m["type"] == "notice")["code"] == "two_devices"


def test_an_earlier_deal_is_sent_as_the_seat_saw_it(sqlite_url: str) -> None:
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0) as s:
        made = create_table(s.base, [None, "easy", "easy"])
        me = Seat(s.ws_base, made["id"], made["token"], lang="ru")
        _my_turn(me)
        me.send({"type": "log", "deal": 1})
        log = me.until(lambda m: m["type"] == "log")
        assert log["deal"] == 1 and log["lines"][0].startswith("Сдаёт")
        me.send({"type": "log", "deal": 9})
        assert me.until(lambda m: m["type"] == "error")["code"] == "bad_message"
