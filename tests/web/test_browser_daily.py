"""The daily deals in the browser (Playwright, Debian's Chromium; issue 31): a person plays
one of the day's deals against bots from /daily, comes back to the day's page with the
result, is refused a second try; once the day is over (the server's clock, a fake one) the
page shows the seeds, the standings and each player's replay and analysis — at desktop and
phone sizes, in Russian and English, with screenshots."""

from __future__ import annotations

import random
import re
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rams.daily import BOTS
from rams.ratings import player_id
from tests.web.helpers import thread_server
from tests.web.test_browser import Player, _save, pytestmark  # noqa: F401

DEAL = "2026-12-07-ramsch-1"
DURING = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)
AFTER = datetime(2026, 12, 8, 0, 0, 1, tzinfo=UTC)
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def _at(server: Any, now: datetime) -> None:
    server.app.state.services.clock = lambda: now


def _page(browser: Any, lang: str, size: str, key: str) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(
        locale="ru-RU" if lang == "ru" else "en-GB", viewport=SIZES[size], is_mobile=size == "phone"
    )
    ctx.add_init_script(
        f"localStorage.setItem('rams.key', '{key}'); localStorage.setItem('rams.lang', '{lang}');"
    )
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return ctx, page, errors


def test_a_daily_deal_played_in_the_browser_and_the_days_page(browser: Any, tmp_path: Path) -> None:
    key = "5" * 64
    me = player_id(key)
    with thread_server(f"sqlite:///{tmp_path / 'rams.sqlite3'}", grace_s=60, bot_delay=0,
                       deal_pause=0) as server:  # fmt: skip
        _at(server, DURING)
        ctx, page, errors = _page(browser, "ru", "desktop", key)
        page.goto(f"{server.base}/")
        page.click("#daily-link")
        page.wait_for_selector(f"button[data-deal='{DEAL}']")
        assert page.inner_text("h1") == "Сдачи дня"
        assert "день идёт" in page.inner_text(".daily-day")
        assert "Рамс по Фихману: сдача 1" in page.inner_text(f"#deal-{DEAL}")
        _save(page, tmp_path, "daily-open-ru-desktop.png")
        page.fill("#daily-name", "Аня")
        page.click(f"button[data-deal='{DEAL}']")
        page.wait_for_url(re.compile(r".*/t/[\w-]+$"))
        table_id = page.url.rsplit("/", 1)[1]
        player = Player(page, "Аня", False, random.Random(7))
        deadline = time.monotonic() + 120
        while not player.is_over():
            assert time.monotonic() < deadline, "the deal did not end"
            if not player.act():
                page.wait_for_timeout(50)
        # A daily deal is played once: no «play again», the way back to the day's deals.
        assert page.locator("#play-again").count() == 0
        _save(page, tmp_path, "daily-table-over-ru-desktop.png")
        page.click("#daily-back")
        page.wait_for_selector(f"#deal-{DEAL} .daily-mine")
        points = server.store.daily_day("2026-12-07")
        mine = next(r for r in points if r.player_id == me)
        assert mine.table_id == table_id and mine.points is not None
        shown = mine.points if mine.points >= 0 else f"−{-mine.points}"
        assert f"Вы сыграли эту сдачу: {shown}." in page.inner_text(f"#deal-{DEAL}")
        assert page.locator(f"button[data-deal='{DEAL}']").count() == 0
        # The replay of one's own deal, from this browser, before the day is over.
        assert page.locator(f"#deal-{DEAL} a[href='/r/{table_id}']").count() == 1
        _save(page, tmp_path, "daily-played-ru-desktop.png")
        ctx.close()
        assert errors == []
        # Another person's result (stored as the server stores one), for the standings.
        server.store.daily_bots(DEAL, "2026-12-07", player_id("6" * 64), "Борис", -40)

        _at(server, AFTER)  # the day is over
        for lang in ("ru", "en"):
            for size in SIZES:
                ctx, page, errors = _page(browser, lang, size, key)
                page.goto(f"{server.base}/daily/2026-12-07")
                page.wait_for_selector("#daily-standings tr.mine")
                ru = lang == "ru"
                assert page.inner_text("h1") == ("Сдачи дня" if ru else "Daily deals")
                assert ("день окончен" if ru else "the day is over") in page.inner_text(
                    ".daily-day"
                )
                assert page.locator(".seed").count() == 10  # every deal's seed, shown now
                rows = page.locator("#daily-standings tbody tr").all_inner_texts()
                assert len(rows) == 3
                assert any(("Боты" if ru else "The bots") in r for r in rows)
                assert any("Борис" in r for r in rows)
                mine_row = page.inner_text("#daily-standings tr.mine")
                assert ("Аня (вы)" if ru else "Аня (you)") in mine_row
                share = r"\d+,\d %" if ru else r"\d+\.\d %"
                assert re.search(share, mine_row), mine_row
                if ru:  # (no Latin letters on a Russian screen but the seeds' hex)
                    words = page.inner_text("main")
                    words = re.sub(r"[0-9a-f]{16,64}…?", "", words)
                    assert not re.search(r"[A-Za-z]", words), re.findall(r"\S*[A-Za-z]\S*", words)
                # Each player's replay and the bots' analysis (the bots' own result has none).
                panel = page.locator(f"#deal-{DEAL}")
                assert panel.locator(f"a[href='/r/{table_id}']").count() == 1
                assert panel.locator(f"a[href='/r/{table_id}?seat=0#analysis']").count() == 1
                if size == "phone":
                    width = page.evaluate("document.documentElement.scrollWidth")
                    _save(page, tmp_path, f"daily-day-{lang}-{size}.png")
                    assert width <= 390 + 1, width
                _save(page, tmp_path, f"daily-day-{lang}-{size}.png")
                ctx.close()
                assert errors == []
        # The replay opens from the day's page.
        ctx, page, errors = _page(browser, "en", "desktop", key)
        page.goto(f"{server.base}/daily/2026-12-07")
        page.click(f"#deal-{DEAL} a[href='/r/{table_id}']")
        page.wait_for_url(re.compile(rf".*/r/{table_id}$"))
        page.wait_for_selector(".replay")
        _save(page, tmp_path, "daily-replay-en-desktop.png")
        ctx.close()
        assert errors == []
    assert BOTS == "bot:easy"
