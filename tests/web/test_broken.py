"""A server never fails to start because of one table: a table that cannot be rebuilt from
the database is logged, marked broken and answered with a clear message; the others play."""

from __future__ import annotations

import random

import httpx
import sqlalchemy as sa

from rams.cards import card_str, pack
from rams.record import record_of
from tests.web.helpers import Seat, create_table, play_until, thread_server


def test_a_table_that_cannot_be_restored_does_not_stop_the_server(sqlite_url: str) -> None:
    rng = random.Random(4)
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        bad = create_table(server.base, [None, "easy", "easy"])
        good = create_table(server.base, [None, "easy", "easy"], name="Вера")
        seats = [Seat(server.ws_base, t["id"], t["token"]) for t in (bad, good)]
        play_until(
            seats, rng, lambda: all(sum(m["type"] == "ack" for m in s.messages) >= 3 for s in seats)
        )
        for s in seats:
            s.close()
        first = next(iter(record_of(server.tables.get(bad["id"]).game).steps(partial=True)))
        legal = {str(a) for a in first.game.legal_actions()}
    # The stored game of one table is damaged: its first action becomes a card its seat may not
    # play then (the first action of a deal is most often play or pass, but where every seat
    # must play the first lead is a card, so the card is chosen among those it may not play).
    damage = next(card_str(c) for c in pack(52) if card_str(c) not in legal)
    engine = sa.create_engine(sqlite_url)
    with engine.begin() as c:
        damaged = c.execute(
            sa.text(
                "UPDATE rams_actions SET action = :a "
                "WHERE table_id = :t AND deal_index = 0 AND action_index = 0"
            ),
            {"t": bad["id"], "a": damage},
        )
        status = c.execute(
            sa.text("SELECT status FROM rams_tables WHERE id = :t"), {"t": bad["id"]}
        )
        assert (damaged.rowcount, status.scalar()) == (1, "playing")
    engine.dispose()
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        assert bad["id"] in server.tables.broken
        r = httpx.get(f"{server.base}/api/tables/{bad['id']}", timeout=10)
        assert r.status_code == 409
        assert r.json()["code"] == "broken"
        assert "could not be restored" in r.json()["message"]
        guest = Seat(server.ws_base, bad["id"], None, hello=False)
        m = guest.until(lambda m: m["type"] == "error")
        assert m["code"] == "broken"
        guest.close()
        # The other table plays on, from where it was.
        assert httpx.get(f"{server.base}/api/tables/{good['id']}", timeout=10).status_code == 200
        me = Seat(server.ws_base, good["id"], good["token"])
        state = me.until(lambda m: m["type"] == "state")
        assert state["step"] >= 3 or state["deal"] > 1
        acks = sum(m["type"] == "ack" for m in me.messages)
        play_until([me], rng, lambda: sum(m["type"] == "ack" for m in me.messages) >= acks + 3)
        me.close()
