"""A finished table is answered from its stored record and never kept in memory."""

from __future__ import annotations

import random

import httpx
import pytest

from rams.bots import make_bot
from rams.cards import cards_str
from rams.games.rams.match import RamsMatch
from rams.games.rams.rules import Rules
from rams.record import dumps, record_of
from rams.table import Table
from rams.web.store import SeatRow, Store
from rams.web.tables import hash_token
from tests.web.helpers import Seat, thread_server


def store_finished_game(store: Store, table_id: str, meta: dict[str, object]) -> RamsMatch:
    """A whole game played by bots and stored as the server stores one, then finished."""
    rules = Rules.preset("classic", 3, start_score=30)
    names = ["Аня", "bot-2", "bot-3"]
    rows = [
        SeatRow("Аня", None, hash_token("anya")),
        SeatRow("bot-2", "easy"),
        SeatRow("bot-3", "easy"),
    ]
    store.create_table(table_id, rules, rows)
    store.start_game(table_id, 0)
    game = RamsMatch(rules, names, rng=random.Random(table_id), first_dealer=0)

    def dealt(deal: object) -> None:
        d = game.deal
        assert d is not None
        store.add_deal(table_id, len(game.deals) - 1, d.dealer, cards_str(d.deck))

    def acted(seat: int, action: object) -> None:
        assert game.deal is not None
        k, i = len(game.deals) - 1, len(game.deal.actions) - 1
        store.add_action(table_id, k, i, seat, str(action))

    bots = [make_bot("random", random.Random(i)) for i in range(3)]
    assert Table(game, bots, on_action=acted, on_deal=dealt).advance() == "over"
    store.finish(table_id, dumps(record_of(game, meta)))
    return game


@pytest.mark.parametrize("with_winner", [True, False], ids=["meta-winner", "older-record"])
def test_a_finished_table_is_answered_from_the_database_and_not_kept(
    sqlite_url: str, with_winner: bool
) -> None:
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        # A winner only the stored meta names shows that the answer is read, not replayed.
        game = store_finished_game(server.store, "done", {"winner": 1} if with_winner else {})
        winner = 1 if with_winner else game.winner
        base = server.base
        for _ in range(3):
            r = httpx.get(f"{base}/api/tables/done")
            assert r.status_code == 200
            public = r.json()
            assert public["status"] == "over" and public["winner"] == winner
            assert public["deals"] == len(game.deals)
            assert [s["name"] for s in public["seats"]] == ["Аня", "bot-2", "bot-3"]
            assert "done" not in server.tables.tables
        joined = httpx.post(f"{base}/api/tables/done/join", json={"name": "Борис"})
        assert joined.status_code == 409 and "done" not in server.tables.tables
        # Watching it, and coming back to one's seat, replays it for that connection only.
        guest = Seat(server.ws_base, "done", None)
        # (A guest is a spectator: the final board, no hand.)
        table = guest.until(lambda m: m["type"] == "state")
        paid = table["settlement"]["columns"][0]["amounts"]
        assert paid == game.payouts() and table["table"]["winner"] == game.winner
        assert table["seat"] is None and table["hand"] == [] and table["legal"] is None
        me = Seat(server.ws_base, "done", "anya")
        state = me.until(lambda m: m["type"] == "state")
        assert state["seat"] == 0 and state["winners"] == [game.winner]
        me.send({"type": "act", "action": "pass"})
        assert me.until(lambda m: m["type"] == "error")["clause"] == "X9"
        assert "done" not in server.tables.tables
        guest.close()
        me.close()
