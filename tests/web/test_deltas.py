"""Protocol 2 over a real server: deltas after a first full state, the same states as a
client of protocol 1 is sent whole, a missed message healed by ``resync``, and a full state
again after a reconnection."""

from __future__ import annotations

import random
from typing import Any

from tests.web.helpers import Seat, create_table, join, play_until, step, thread_server


def _states(seat: Seat) -> list[dict[str, Any]]:
    return [m for m in seat.messages if m["type"] == "state"]


def test_deltas_make_the_states_a_full_client_is_sent(sqlite_url: str) -> None:
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0) as server:
        made = create_table(server.base, [None, None, "easy"], rules={"start_score": 60})
        other = join(server.base, made["id"], "Борис")
        me = Seat(server.ws_base, made["id"], made["token"], "ru")
        welcome = me.until(lambda m: m["type"] == "welcome")
        assert welcome["protocol"] == 3  # (3: a client that follows «go»; deltas as 2)
        me.until(lambda m: m["type"] == "state" and m["phase"] != "waiting")
        # The same seat in a page of protocol 1 (sent every state whole), and a guest.
        whole = Seat(server.ws_base, made["id"], made["token"], "ru", protocol=1)
        friend = Seat(server.ws_base, made["id"], other["token"], "en")
        guest = Seat(server.ws_base, made["id"], None, "en")
        rng = random.Random(3)
        seats = [me, friend]
        # Until each client was sent enough deltas (those who came later were sent fewer).
        play_until(
            seats,
            rng,
            lambda: all(
                sum(m["type"] == "delta" for m in s.wire) > 25 for s in (me, friend, guest)
            ),
        )
        for s in (me, whole, friend, guest):
            s.drain(0.3)
        assert not any(m["type"] == "delta" for m in whole.wire)
        for s in (me, friend, guest):
            kinds = [m["type"] for m in s.wire if m["type"] in ("state", "delta")]
            assert kinds[0] == "state" and kinds.count("delta") > 20, kinds
            assert s.resyncs == 0
        # Every delta of ``me`` made, field for field, the state ``whole`` was sent whole
        # (from the first state they were both sent on).
        mine, full = _states(me), _states(whole)
        start = next(i for i, m in enumerate(mine) if m["seq"] == full[0]["seq"])
        assert mine[start + 1 :] == full[1:] and len(full) > 20
        # A delta is smaller than the state it makes, by far once the deal is long.
        deltas = [m for m in me.wire if m["type"] == "delta" and "log" in m]
        assert all(d["log"]["at"] > 0 or d["log"]["lines"] == [] or len(d["log"]["lines"]) < 4
                   for d in deltas[5:])  # fmt: skip


def test_a_missed_message_is_healed_by_a_resync(sqlite_url: str) -> None:
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0) as server:
        made = create_table(server.base, [None, "easy", "easy"], rules={"start_score": 60})
        me = Seat(server.ws_base, made["id"], made["token"], "en")
        whole = Seat(server.ws_base, made["id"], made["token"], "en", protocol=1)
        rng = random.Random(4)
        play_until([me], rng, lambda: sum(m["type"] == "delta" for m in me.wire) > 5)
        me.miss = True  # the next delta is lost on the way
        mark = len(me.wire)
        for _ in range(300):  # (a ping now and then: the missed change may be the last)
            if me.resyncs:
                break
            me.drain(0.05)
            step(me, rng)
            me.send({"type": "ping"})
        play_until([me], rng, lambda: me.resyncs == 1 and me.state is not None)
        sent = len(me.wire)
        play_until([me], rng, lambda: sum(m["type"] == "delta" for m in me.wire[sent:]) > 10)
        for s in (me, whole):
            s.drain(0.3)
        assert me.resyncs == 1
        # The delta lost; then either the next, which could not be applied (and those on the
        # way while the whole state it asked for came), or, where the lost change was the
        # last for a while, the pong that named the state to hold; then that state, then
        # deltas again.
        after = [m["type"] for m in me.wire[mark:] if m["type"] in ("state", "delta")]
        again = after.index("state")
        assert 1 <= again <= 6 and after[again + 1 :].count("delta") > 10, after
        # What it holds now is what a page sent every state whole holds.
        assert me.state == whole.state


def test_a_reconnection_starts_with_a_full_state(sqlite_url: str) -> None:
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        made = create_table(server.base, [None, "easy", "easy"], rules={"start_score": 30})
        me = Seat(server.ws_base, made["id"], made["token"], "ru")
        rng = random.Random(5)
        play_until([me], rng, lambda: sum(m["type"] == "delta" for m in me.wire) > 10)
        me.close()
        again = Seat(server.ws_base, made["id"], made["token"], "ru")
        play_until([again], rng, lambda: sum(m["type"] == "delta" for m in again.wire) > 5)
        kinds = [m["type"] for m in again.wire if m["type"] in ("state", "delta")]
        assert kinds[0] == "state" and again.wire[0]["type"] == "welcome"
        assert again.state is not None and again.state["log"]
