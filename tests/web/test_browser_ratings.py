"""The ratings pages in the browser (Playwright, Debian's Chromium): a key carried by its
link, the leaderboard with people and bots (the person's own row marked), the player page
with its figures by game and the rating's history drawn as a chart."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rams.ratings import player_id
from tests.web.helpers import thread_server
from tests.web.test_browser import pytestmark  # noqa: F401
from tests.web.test_ratings_web import store_whist


def test_the_leaderboard_and_the_player_page(browser: Any, tmp_path: Path) -> None:
    key, friend = "3" * 64, player_id("4" * 64)
    me = player_id(key)
    with thread_server(f"sqlite:///{tmp_path / 'rams.sqlite3'}", grace_s=60) as server:
        store_whist(server.store, "w1", me, friend)
        store_whist(server.store, "w2", me, friend)
        ctx = browser.new_context(locale="ru-RU", viewport={"width": 1280, "height": 900})
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        # The key's link from another device: this browser takes the key.
        page.goto(f"{server.base}/#key={key}")
        page.wait_for_selector("#toast:not([hidden])")
        assert "Ключ принят" in page.inner_text("#toast")
        assert page.evaluate("localStorage.getItem('rams.key')") == key
        assert "#key" not in page.url
        page.click("#ratings-link")
        page.wait_for_selector(".ratings .empty")  # (no game of Rams rated yet)
        page.click("a[href='/ratings/whist']")
        page.wait_for_selector(".leaderboard tr.mine")
        rows = page.locator(".leaderboard tbody tr").all_inner_texts()
        assert len(rows) == 4
        assert "Аня (вы)" in page.inner_text(".leaderboard tr.mine")
        assert any("бот: лёгкий" in r for r in rows) and any("Борис" in r for r in rows)
        # Russian numbers and words: a decimal comma, no «mu» or «sigma» (it was «25.0»,
        # headed mu and σ).
        heads = page.locator(".leaderboard thead th").all_inner_texts()
        assert heads[2:5] == ["Рейтинг", "Сила", "Разброс"]
        skill = page.locator(".leaderboard tr.mine td").nth(3).inner_text()
        assert re.fullmatch(r"−?\d+,\d", skill), skill
        assert "mu" not in page.inner_text(".ratings")
        page.click("#my-page")
        page.wait_for_selector("svg.chart polyline")
        assert page.inner_text("h1") == "Аня"
        assert page.locator("svg.chart circle").count() == 2  # a point per game
        assert "вист" in page.inner_text(".presets tbody")
        assert page.locator(".history tbody tr").count() == 2
        figures = page.inner_text(".family .figures")
        assert re.match(r"Рейтинг: −?\d+,\d \(сила \d+,\d, разброс \d+,\d\)", figures), figures
        page.click("#lang-switch")
        page.wait_for_selector("text=The rating after every game")
        figures = page.inner_text(".family .figures")
        assert re.match(r"Rating: −?\d+\.\d \(skill \d+\.\d, uncertainty \d+\.\d\)", figures)
        ctx.close()
    assert errors == []
