"""The public ladder's page, /ladder, in the browser (Playwright, Debian's Chromium), at a
desktop's size and a phone's, in Russian and English: the ratings of a stored match, best
first, the match with its points per deal, its failures and its replays, and the form that
registers a bot and shows its key and the command that connects it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from rams.tournament import DealResult, PlayResult
from rams.web.ladder import _store_match
from tests.web.helpers import create_table, thread_server
from tests.web.test_browser import _save, pytestmark  # noqa: F401
from tests.web.test_ladder_web import RANDOM_BOT, _connector, _stop

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
H = "level:heuristic"


def _store(store: Any) -> None:
    """One deal of Rams in three rotations: the bot «Робот» at one seat, ``heuristic`` at
    two. By hand: the bot's points per deal are (6 + 3 + 4) / 3 = 4.33; heuristic's
    (−3 − 3 + 0 + 0 − 1 − 1) / 6 = −1.33; the bot comes first in every play."""
    plays = (
        PlayResult(0, ("b1", H, H), (6, -3, -3)),
        PlayResult(1, (H, H, "b1"), (0, 0, 3)),
        PlayResult(2, (H, "b1", H), (-1, 4, -1)),
    )
    _store_match(store, "rams", "classic", ["b1", H, H], {"b1": "Робот", H: "heuristic"},
                 [DealResult(0, 0, plays)], 7, {"b1": {"late": 1}}, ["r1", "r2", "r3"])  # fmt: skip


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_ladder_page_shows_ratings_matches_and_registers_a_bot(
    browser: Any, tmp_path: Path, size: str, lang: str
) -> None:
    width, height = SIZES[size]
    ru = lang == "ru"
    with thread_server(f"sqlite:///{tmp_path / 'rams.sqlite3'}") as server:
        _store(server.store)
        ctx = browser.new_context(locale="ru-RU" if ru else "en-GB",
                                  viewport={"width": width, "height": height})  # fmt: skip
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(f"{server.base}/ratings")
        page.evaluate(f"localStorage.setItem('rams.lang', '{lang}')")
        page.goto(f"{server.base}/ratings")
        page.click("#ladder-link")
        page.wait_for_selector("#ladder-ratings")
        assert page.url.endswith("/ladder/rams")
        assert page.inner_text("h1") == ("Турнир программ" if ru else "Bot ladder")
        rows = page.locator("#ladder-ratings tbody tr").all_inner_texts()
        assert len(rows) == 2
        assert "Робот" in rows[0]  # (first: it won every play)
        assert ("встроенный бот: эвристический" if ru else "built-in bot: heuristic") in rows[1]
        cells = page.locator("#ladder-ratings tbody tr").first.locator("td").all_inner_texts()
        number = r"−?\d+,\d\d" if ru else r"−?\d+\.\d\d"
        assert re.fullmatch(number, cells[2]), cells
        assert re.fullmatch(rf"{number} \[{number}{';' if ru else ','} {number}\]", cells[3])
        assert cells[4] == "1"
        match = page.inner_text("#ladder-matches li")
        assert ("Робот: 4,33" if ru else "Робот: 4.33") in match
        assert ("эвристический: −1,33" if ru else "heuristic: −1.33") in match
        assert ("опоздание × 1" if ru else "late × 1") in match
        assert ("1 сдача" if ru else "1 deal") in match
        hrefs = page.locator("#ladder-matches li a").evaluate_all(
            "els => els.map(a => a.getAttribute('href'))"
        )
        assert hrefs == ["/r/r1", "/r/r2", "/r/r3"]
        # Registering: a name, then the key (once) and the command that connects the bot.
        page.fill("#bot-name", "Мой бот")
        page.click("#register-bot button")
        page.wait_for_selector("#bot-command")
        key = page.input_value("#bot-key-value")
        assert re.fullmatch(r"[0-9a-f]{64}", key)
        command = page.inner_text("#bot-command")
        assert command.startswith(f"rams bot connect {server.base} --key {key} -- ")
        said = page.inner_text("#bot-key")
        assert (
            "Бот «Мой бот» зарегистрирован." if ru else "The bot “Мой бот” is registered."
        ) in said
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width  # no sideways scroll
        _save(page, tmp_path, f"ladder-{size}-{lang}.png")
        ctx.close()
    assert errors == []


@pytest.mark.parametrize(("size", "lang"), [("desktop", "ru"), ("phone", "en")])
def test_the_host_seats_a_connected_bot_from_the_tables_control(
    browser: Any, tmp_path: Path, size: str, lang: str
) -> None:
    """A registered bot connected by ``rams bot connect`` is offered beside the levels by a
    waiting table's free seats; the host seats it, and the seat shows its name and that it
    is a player's program."""
    width, height = SIZES[size]
    ru = lang == "ru"
    with thread_server(f"sqlite:///{tmp_path / 'rams.sqlite3'}", bot_delay=0.0) as server:
        bot = httpx.post(f"{server.base}/api/bots", json={"name": "Умник"}).json()
        made = create_table(server.base, [None, None, None], preset="classic")
        connector = _connector(server, bot["key"], RANDOM_BOT)
        try:
            assert connector.stderr is not None
            assert connector.stderr.readline().startswith("connected")
            ctx = browser.new_context(locale="ru-RU" if ru else "en-GB",
                                      viewport={"width": width, "height": height})  # fmt: skip
            page = ctx.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(server.base)
            page.evaluate(f"localStorage.setItem('rams.lang', '{lang}')")
            page.evaluate(f"localStorage.setItem('rams.seat.{made['id']}', '{made['token']}')")
            page.goto(f"{server.base}/t/{made['id']}")
            offered = "Умник (программа игрока)" if ru else "Умник (a player's program)"
            option = page.locator(".seat-bot[data-seat='1'] option", has_text=offered)
            option.wait_for(state="attached")
            page.select_option(".seat-bot[data-seat='1'] select", f"prog:{bot['id']}")
            page.click(".seat-bot[data-seat='1'] button")
            page.wait_for_selector(".seat-bot[data-seat='1']", state="detached")
            seat = page.locator(".lobby-seats li").nth(1).inner_text()
            assert "Умник" in seat and ("программа игрока" if ru else "a player's program") in seat
            assert page.evaluate("document.scrollingElement.scrollWidth") <= width
            _save(page, tmp_path, f"ladder-seat-{size}-{lang}.png")
            ctx.close()
        finally:
            _stop(connector)
    assert errors == []
