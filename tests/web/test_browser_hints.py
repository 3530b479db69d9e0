"""Hints for learners in Chromium: the option on the create form, the hint's box by the
hand at the player's decision, and none on the spectator's page."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.web.helpers import thread_server
from tests.web.test_browser import Player

pytest.importorskip("numba")

DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def test_the_create_form_offers_hints_and_the_player_alone_sees_them(
    browser: Any, sqlite_url: str
) -> None:
    with thread_server(sqlite_url, bot_delay=0.05, deal_pause=20, hint_samples=3) as s:
        page = browser.new_context(locale="ru-RU", **DESKTOP).new_page()
        page.goto(f"{s.base}/")
        page.wait_for_selector("#create-form")
        assert not page.is_checked("#hints")  # off by default
        page.fill("#name", "Аня")
        for seat in ("1", "2"):
            page.select_option(f"[data-seat='{seat}']", "bot:easy")
        page.check("#hints")
        page.click("#create")
        page.wait_for_selector(".hand .card", timeout=15000)
        table_id = page.url.split("/t/", 1)[1].split("#", 1)[0].split("?", 1)[0]
        assert s.tables.get(table_id).options.hints
        watcher = browser.new_context(locale="ru-RU", **DESKTOP).new_page()
        watcher.goto(f"{s.base}/t/{table_id}?watch")
        watcher.wait_for_selector(".board.spectating", timeout=15000)
        me = Player(page, "Аня", False, random.Random(7))
        box = page.locator(".my-side #learner-hint")
        deadline = time.monotonic() + 300
        while not box.count() and time.monotonic() < deadline:
            if not _has_a_choice(page):  # (a bot's turn, or one legal action: play on)
                me.act()
                page.wait_for_timeout(100)
                continue
            # The first hint may wait for a worker to start and load the compiled kernels
            # (a minute on a cold cache and a loaded machine): wait for it, do not play on.
            try:
                page.wait_for_selector(".my-side #learner-hint", timeout=120000)
            except Exception:  # (the decision passed without a hint: play on)
                me.act()
        assert box.count() == 1, "no hint was shown by the hand"
        assert box.inner_text().startswith("Подсказка: ")
        assert "Лучшие ходы:" in box.inner_text()
        assert page.get_attribute("body", "data-my-turn") == "1"
        assert watcher.locator("#learner-hint").count() == 0
        assert not me.errors


def _has_a_choice(page: Any) -> bool:
    """Whether the page's seat decides now between more than one action (what a hint is for)."""
    if page.get_attribute("body", "data-my-turn") != "1":
        return False
    if page.locator("#confirm").count():
        return True
    return (
        page.locator(".hand .card.legal").count() + page.locator("button[data-action]").count() > 1
    )
