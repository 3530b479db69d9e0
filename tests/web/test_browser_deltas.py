"""Protocol 2 in the browser (docs/web.md, «The protocol»), at a desktop (1280×800) in
Russian and a phone (390×844) in English: the page says it speaks version 2, draws the game
from deltas, and when a delta is lost on the way (the test's proxy drops one) it asks for the
whole state once (``resync``; or its click on the state it held is answered as stale, with
the whole state) and goes on; then it shows exactly the state the server last
built for its seat — the deal's lines in words, the hand."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from tests.web.helpers import create_table, thread_server
from tests.web.test_browser import Player, pytestmark  # noqa: F401

SIZES = {
    "desktop-ru": ({"viewport": {"width": 1280, "height": 800}}, "ru-RU", "ru"),
    "phone-en": (
        {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
        "en-US",
        "en",
    ),
}


def _after(messages: list[dict[str, Any]], message: dict[str, Any]) -> list[dict[str, Any]]:
    return messages[next(i for i, m in enumerate(messages) if m is message) + 1 :]


@pytest.mark.parametrize("size", list(SIZES))
def test_a_lost_delta_is_healed_and_the_page_shows_the_servers_state(
    browser: Any, sqlite_url: str, size: str
) -> None:
    options, locale, lang = SIZES[size]
    with thread_server(sqlite_url, bot_delay=0.02, deal_pause=60) as server:
        made = create_table(server.base, [None, "easy", "easy"], rules={"start_score": 60})
        ctx = browser.new_context(locale=locale, **options)
        page = ctx.new_page()
        up: list[dict[str, Any]] = []
        down: list[dict[str, Any]] = []
        dropped: list[dict[str, Any]] = []

        def proxy(ws: Any) -> None:
            server_ws = ws.connect_to_server()

            def to_server(message: str | bytes) -> None:
                up.append(json.loads(message))
                server_ws.send(message)

            def to_page(message: str | bytes) -> None:
                data = json.loads(message)
                down.append(data)
                if data["type"] == "delta" and sum(m["type"] == "delta" for m in down) == 8:
                    dropped.append(data)  # lost on the way
                    return
                ws.send(message)

            ws.on_message(to_server)
            server_ws.on_message(to_page)

        page.route_web_socket("**/ws/**", proxy)
        page.goto(f"{server.base}/t/{made['id']}#s={made['token']}")
        page.wait_for_selector(".hand .card", timeout=15000)
        assert up[0]["type"] == "hello" and up[0]["protocol"] == 3 and up[0]["lang"] == lang
        player = Player(page, "Аня", keyboard=False, rng=random.Random(size))
        deadline = time.monotonic() + 120
        # (If the lost delta gave this seat its turn, no other comes: the page's ping, every
        # 20 seconds, finds the gap then.)
        while not dropped or sum(m["type"] == "delta" for m in _after(down, dropped[0])) < 5:
            assert time.monotonic() < deadline, "no deltas came after the gap"
            if not player.act():
                page.wait_for_timeout(60)
        # Healed: the page asked for the whole state once — or, had it clicked on the state
        # it held, the server answered that the click was stale, with the whole state.
        after = _after(down, dropped[0])
        stale = any(m["type"] == "error" and m["code"] == "stale" for m in after)
        resyncs = [m["type"] for m in up].count("resync")
        assert resyncs == 1 or (stale and resyncs == 0), resyncs
        assert any(m["type"] == "state" for m in _after(down, dropped[0]))  # (whole again)
        # Quiet now (this seat's turn): the page shows what the server built for it last.
        page.wait_for_selector("body[data-my-turn='1'], #ready", timeout=15000)
        page.wait_for_timeout(500)
        live = server.tables.tables[made["id"]]
        state = live.views.last[0, lang].full()
        shown = page.locator(".log ol li").all_text_contents()  # (clause links too)
        assert [" ".join(s.split()) for s in shown] == [" ".join(s.split()) for s in state["log"]]
        assert page.locator(".hand .card").count() == len(state["hand"])
        assert player.errors == []
        ctx.close()
