"""A server killed with SIGKILL mid-deal resumes every table at the last acknowledged action."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

import httpx

from rams.games.rams.actions import parse_action
from rams.record import loads
from tests.web.helpers import (
    ProcessServer,
    Seat,
    create_table,
    join,
    over,
    play_until,
    step,
)


def test_kill_9_mid_deal_loses_no_acknowledged_action(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    flags = ("--bot-delay", "0", "--deal-pause", "0", "--grace", "60")
    server = ProcessServer(url, None, *flags).start()
    rng = random.Random(7)
    try:
        for _ in range(5):  # a game may end before the moment wanted (four aces): again
            made = create_table(server.base, [None, None, "easy"], rules={"start_score": 100})
            table_id = made["id"]
            tokens = [made["token"], join(server.base, table_id, "Борис")["token"]]
            seats = [Seat(server.ws_base, table_id, tok) for tok in tokens]

            def mid_deal(seats: list[Seat] = seats) -> bool:
                s = seats[0].state
                acks = sum(m["type"] == "ack" for seat in seats for m in seat.messages)
                return s is not None and s["phase"] == "play" and acks >= 12

            play_until(seats, rng, mid_deal, timeout=60)
            if mid_deal() and seats[0].state["winners"] is None:  # type: ignore[index]
                break
        for s in seats:  # one more action in flight as the server dies
            s.drain(0.01)
            step(s, rng)
        server.kill()
        acked = [
            (i, m) for i, seat in enumerate(seats) for m in seat.messages if m["type"] == "ack"
        ]
        seen = max(
            (m["deal"], m["step"]) for s in seats for m in s.messages if m["type"] == "state"
        )
        assert acked
        for s in seats:
            with contextlib.suppress(Exception):
                s.close()

        server = ProcessServer(url, server.port, *flags).start()
        seats = [Seat(server.ws_base, table_id, tok) for tok in tokens]
        for s in seats:
            first = s.until(lambda m: m["type"] == "state")
            assert (first["deal"], first["step"]) >= seen
            assert first["table"]["status"] == "playing"
        play_until(seats, rng, over(seats), timeout=180)
        text = httpx.get(f"{server.base}/api/tables/{table_id}/record").text
    finally:
        server.stop()
    record = loads(text)
    game = record.replay()  # every rule checked again
    assert game.is_over
    for seat, ack in acked:
        deal = record.deals[ack["deal"] - 1]
        assert deal.actions[ack["step"] - 1] == (seat, parse_action(ack["action"]))
