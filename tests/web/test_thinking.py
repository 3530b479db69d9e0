"""No silent freeze: a bot that thinks longer than a moment is announced at the table, and
a server that lacks the solver refuses the levels that need it (no HTTP 500)."""

from __future__ import annotations

import random

import httpx
import pytest

import rams.web.live as tables_module
from rams.games import DEFAULT_FAMILY
from tests.web.helpers import Seat, create_table, play_until, thread_server


def test_everyone_is_told_which_bot_is_thinking(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every bot turn that takes longer than THINKING_AFTER (here: any) is announced to
    the clients with the bot's seat, before the state that shows its action."""
    monkeypatch.setattr(tables_module, "THINKING_AFTER", 0.0)
    rng = random.Random(2)
    with thread_server(sqlite_url, bot_delay=0.01, deal_pause=0, grace_s=60) as server:
        made = create_table(server.base, [None, "medium", "easy"])
        me = Seat(server.ws_base, made["id"], made["token"])
        play_until([me], rng, lambda: any(m["type"] == "thinking" for m in me.messages))
        notices = [m for m in me.messages if m["type"] == "thinking"]
        assert notices and all(n["seat"] in (1, 2) for n in notices)
        me.close()


def test_a_server_without_the_solver_offers_and_seats_only_the_levels_it_can(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without NumPy and Numba, /api/meta lists only `easy`, a table with `hard` is refused
    with a clear 400 (nothing stored), and a dropped player's stand-in is `easy`."""
    import rams.bots

    monkeypatch.setattr(rams.bots, "_solver_installed", lambda: False)
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        meta = httpx.get(f"{server.base}/api/meta", timeout=10).json()
        assert meta["levels"] == ["easy"]
        r = httpx.post(
            f"{server.base}/api/tables",
            json={"name": "Аня", "players": 3, "bots": [None, "hard", "easy"]},
            timeout=10,
        )
        assert r.status_code == 400
        assert "hard" in r.json()["message"]
        assert server.store.live_table_ids() == []
        assert server.tables.standin_bot(DEFAULT_FAMILY).name == "easy"
