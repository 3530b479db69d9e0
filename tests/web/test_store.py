"""The store on SQLite, and on a real PostgreSQL when RAMS_TEST_POSTGRES_URL is set."""

from __future__ import annotations

import random
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from rams.games.rams.rules import Rules
from rams.web.store import SeatRow, Store, metadata
from tests.web.helpers import Seat, create_table, over, play_until, step, thread_server


def test_migrations_run_twice_and_match_the_models(database_url: str) -> None:
    store = Store(database_url)
    try:
        store.migrate()
        store.migrate()  # at every start: nothing left to do
        with store.engine.connect() as c:
            diff = compare_metadata(MigrationContext.configure(c), metadata)
            version = c.execute(sa.text("SELECT version_num FROM alembic_version")).scalar_one()
        assert diff == []
        assert version == "0011"
    finally:
        store.close()


def test_tables_seats_deals_and_append_only_actions(database_url: str) -> None:
    store = Store(database_url)
    try:
        store.migrate()
        rules = Rules.preset("classic", 3, start_score=50)
        store.create_table(
            "t1", rules, [SeatRow("Аня", None, "h" * 64), SeatRow(None), SeatRow("bot-3", "easy")]
        )
        assert store.live_table_ids() == ["t1"]
        assert store.take_seat("t1", 1, "Борис", "b" * 64)
        assert not store.take_seat("t1", 1, "Вера", "c" * 64)  # taken first by Борис
        row = store.table("t1")
        assert row is not None and row.rules == rules and row.status == "open"
        assert [s.name for s in row.seats] == ["Аня", "Борис", "bot-3"]
        assert row.seats[2].bot == "easy"
        store.start_game("t1", 2)
        store.add_deal("t1", 0, 2, "7S 8S")
        for i, a in enumerate(["play", "pass", "play"]):
            store.add_action("t1", 0, i, i, a)
        with pytest.raises(sa.exc.IntegrityError):
            store.add_action("t1", 0, 2, 1, "pass")  # a step is written once, never rewritten
        assert store.action_count("t1") == 3
        (deal,) = store.deals_of("t1")
        assert deal.dealer == 2 and deal.actions == ("p1 play", "p2 pass", "p3 play")
        store.finish("t1", "{}")
        assert store.live_table_ids() == []
        assert store.table("t1").status == "over"  # type: ignore[union-attr]
        assert store.table("nope") is None
    finally:
        store.close()


def test_a_game_is_resumed_from_the_database_after_a_restart(database_url: str) -> None:
    """The whole server on the database: play, stop, start again, the table goes on."""
    rng = random.Random(9)
    with thread_server(database_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        made = create_table(server.base, [None, "easy", "medium"], rules={"start_score": 60})
        me = Seat(server.ws_base, made["id"], made["token"])
        play_until([me], rng, lambda: sum(m["type"] == "ack" for m in me.messages) >= 5)

        def my_turn(m: dict[str, Any] | None) -> bool:
            return m is not None and m["type"] == "state" and m["to_move"] == 0 and bool(m["legal"])

        # Wait for the person's turn (it may have come with the last acknowledgement, read
        # already, and not acted on yet; the bots' first search may compile: a loaded
        # machine needs time).
        s = me.state
        acted = s is not None and me.acted_at == (s["deal"], s["step"])
        if (not my_turn(s) or acted) and (s is None or s["winners"] is None):
            me.until(my_turn, timeout=60)
        assert me.state is not None
        before = (me.state["deal"], me.state["step"])
        hand = me.state["hand"]
        me.close()
    with thread_server(database_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        me = Seat(server.ws_base, made["id"], made["token"])
        state = me.until(lambda m: m["type"] == "state", timeout=60)
        assert (state["deal"], state["step"]) == before
        assert state["hand"] == hand
        play_until([me], rng, over([me]), timeout=120)
        step(me, rng)
        assert server.store.table(made["id"]).status == "over"


def test_a_boston_table_is_resumed_with_its_turned_card_b1_b13(database_url: str) -> None:
    """Boston's deal has a field of its own, the card turned from the second pack (B1,
    B13): it is stored with the deal, so the table is rebuilt after a restart."""
    rng = random.Random(4)
    with thread_server(database_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        made = create_table(server.base, [None, "medium", "medium", "medium"], preset="boston")
        me = Seat(server.ws_base, made["id"], made["token"])
        play_until([me], rng, lambda: sum(m["type"] == "ack" for m in me.messages) >= 2)
        assert me.state is not None
        deal, step_before, hand = me.state["deal"], me.state["step"], me.state["hand"]
        me.close()
    with thread_server(database_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        me = Seat(server.ws_base, made["id"], made["token"])
        state = me.until(lambda m: m["type"] == "state", timeout=60)
        # (the last state seen may be older than the last action stored: never back)
        assert state["deal"] == deal and set(state["hand"]) <= set(hand)
        assert len(state["hand"]) >= len(hand) - 1 and state["step"] >= step_before
        assert server.store.table(made["id"]).status == "playing"
