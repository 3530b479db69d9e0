"""A finished table is answered from its stored record and never kept in memory."""

from __future__ import annotations

import httpx
import pytest

from rams.games.rams.match import RamsMatch
from rams.web.store import SeatRow, Store
from rams.web.tables import hash_token
from tests.web.helpers import Seat, store_played_game, thread_server


def store_finished_game(store: Store, table_id: str, meta: dict[str, object]) -> RamsMatch:
    """A whole game of Аня and two bots, played by bots and stored, then finished."""
    rows = [
        SeatRow("Аня", None, hash_token("anya")),
        SeatRow("bot-2", "easy"),
        SeatRow("bot-3", "easy"),
    ]
    return store_played_game(store, table_id, rows, meta)


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
