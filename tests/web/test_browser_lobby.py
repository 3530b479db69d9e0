"""The lobby in Chromium (issue 26, «A lobby»), at a desktop's size and a phone's, in Russian
and in English: the open tables listed on the home page and joined in one click, «Играть
сейчас», a name too long said so before and after, the host seating a bot in the waiting
room, a second «Аня» refused, and quick reactions shown by the sender's seat to the table
and its spectator (and none at a table that has them off). Screenshots under the test's
directory (``benchmarks/results/screenshots/`` with ``RAMS_SCREENSHOTS``); axe-core finds no
serious violation on the home page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import create_table, join, thread_server
from tests.web.test_browser import (
    _save,
    pytestmark,  # noqa: F401
)
from tests.web.test_browser_table import DESKTOP, PHONE, _axe, _no_sideways_scroll

FAST = {"bot_delay": 0, "deal_pause": 0, "grace_s": 60}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
LOCALES = {"ru": "ru-RU", "en": "en-US"}
WORDS = {
    "ru": {"game": "классический рамс", "free": "1 свободное место", "sit": "Сесть",
           "waiting": "ждёт игроков", "empty": "ни один открытый стол", "first": "Сначала введите",
           "long": "В имени не больше 32 знаков", "cut": "Имя сокращено до 32 знаков",
           "thanks": "Спасибо!", "taken": "уже сидит «Аня»", "host": "Вы создали этот стол"},
    "en": {"game": "classic Rams", "free": "1 free seat", "sit": "Join",
           "waiting": "waiting for players", "empty": "No open table", "first": "Type your name",
           "long": "A name has at most 32 characters", "cut": "Your name was cut",
           "thanks": "Thanks!", "taken": "called “Аня” already", "host": "You made this table"},
}  # fmt: skip


def _page(browser: Any, size: str, lang: str) -> tuple[Any, list[str]]:
    page = browser.new_context(locale=LOCALES[lang], **SIZES[size]).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return page, errors


@pytest.mark.parametrize(("size", "lang"), [("desktop", "ru"), ("phone", "en")])
def test_an_open_table_is_listed_and_joined_in_one_click(
    browser: Any, tmp_path: Path, size: str, lang: str
) -> None:
    w = WORDS[lang]
    with thread_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", **FAST) as server:
        made = create_table(server.base, [None, None, "easy"], name="Аня", public=True)
        create_table(server.base, [None, None, "easy"], name="Борис")  # by link: not listed
        page, errors = _page(browser, size, lang)
        page.goto(server.base)
        page.wait_for_selector(".open-table")
        assert page.locator(".open-table").count() == 1
        # Refreshed while the page is open: a table made now shows up by itself.
        later = create_table(server.base, [None, None, None, None], name="Гена", public=True)
        page.wait_for_selector(f".open-table[data-table='{later['id']}']", timeout=10000)
        assert page.locator(".open-table").count() == 2
        item = page.inner_text(f".open-table[data-table='{made['id']}']")
        for word in (w["game"], w["free"], w["waiting"], "Аня", "Кузьма"):
            assert word in item, item
        page.fill("#name", "")
        page.click(".open-table .sit")
        page.wait_for_selector("#toast:not([hidden])")
        assert w["first"] in page.inner_text("#toast")
        _no_sideways_scroll(page)
        _save(page, tmp_path, f"lobby-{size}-{lang}.png")
        assert _axe(page) == []
        page.fill("#name", "Вера 🦊")
        page.click(f".open-table[data-table='{made['id']}'] .sit")
        page.wait_for_url(f"**/t/{made['id']}")
        page.wait_for_selector(".hand .card", timeout=15000)  # (the last seat: it starts)
        assert "Вера 🦊" in page.inner_text(".seat.me")  # (this seat, at the foot of the oval)
        page.goto(server.base)
        page.wait_for_selector(".open-table")
        assert page.locator(".open-table").count() == 1  # (Гена's: Аня's table is playing)
        page.context.close()
    assert errors == []


@pytest.mark.parametrize(("size", "lang"), [("phone", "ru"), ("desktop", "en")])
def test_play_now_seats_a_person_at_once_and_says_a_long_name_was_cut(
    browser: Any, tmp_path: Path, size: str, lang: str
) -> None:
    w = WORDS[lang]
    with thread_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", **FAST) as server:
        page, errors = _page(browser, size, lang)
        page.goto(server.base)
        page.wait_for_selector("#no-open-tables")
        assert w["empty"] in page.inner_text("#no-open-tables")
        long = "Константин Константинович Константинопольский"  # (46: cut to 32)
        page.fill("#name", long)
        assert page.locator("#name").input_value() == long  # (not cut in silence)
        note = page.inner_text("#name-note")
        assert w["long"] in note and long[:32] in note
        page.click("#play-now")
        page.wait_for_selector(".hand .card", timeout=15000)
        page.wait_for_selector("#toast:not([hidden])")
        assert w["cut"] in page.inner_text("#toast")
        assert long[:32] in page.inner_text(".seat.me")
        assert page.locator(".seat .badge", has_text="·").count() >= 2  # the bots' badges
        _no_sideways_scroll(page)
        _save(page, tmp_path, f"play-now-{size}-{lang}.png")
        page.context.close()
    assert errors == []


def test_play_now_at_a_waiting_table_brings_this_browsers_seed_to_deal_1(
    browser: Any, tmp_path: Path
) -> None:
    """F1: «Играть сейчас» at a public table that waits: the browser logs the table's
    commitment for deal 1 before its seed goes, and the server takes the seed for deal 1 (the
    log holds both, as after joining from the list)."""
    with thread_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", **FAST) as server:
        table = create_table(server.base, [None, None, "easy"], name="Борис", public=True)
        page, errors = _page(browser, "desktop", "ru")
        page.goto(server.base)
        page.wait_for_selector(".open-table")
        page.fill("#name", "Вера")
        page.click("#play-now")
        page.wait_for_selector(".hand .card", timeout=15000)
        assert f"/t/{table['id']}" in page.url
        log = page.evaluate(f"JSON.parse(localStorage.getItem('rams.fair.{table['id']}'))")
        first = log["deals"]["1"]
        assert len(first["commitment"]) == 64
        assert set(first["seeds"]) == {"2"}  # (Вера sits in the second seat)
        page.context.close()
    assert errors == []


def test_the_host_seats_a_bot_and_the_table_sees_a_reaction(browser: Any, tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", **FAST) as server:
        host, errors = _page(browser, "desktop", "ru")
        host.goto(server.base)
        host.fill("#name", "Аня")
        host.check("#public")
        host.fill("#players", "4")
        host.locator("#players").dispatch_event("change")
        host.wait_for_selector("select[data-seat='3']")
        host.click("#create")
        host.wait_for_selector(".host-note")
        assert WORDS["ru"]["host"] in host.inner_text(".host-note")
        assert host.locator(".seat-bot").count() == 3
        host.select_option(".seat-bot[data-seat='2'] select", "medium")
        host.click(".seat-bot[data-seat='2'] button")
        host.wait_for_function("document.querySelectorAll('.seat-bot').length === 2")
        seats = host.locator(".lobby-seats li").all_inner_texts()
        assert "Кузьма" in seats[2] and "средний" in seats[2]
        _save(host, tmp_path, "lobby-host-desktop-ru.png")
        # A friend on a phone, in English, finds the table in the lobby: «Аня» is taken.
        friend, friend_errors = _page(browser, "phone", "en")
        friend.goto(server.base)
        friend.wait_for_selector(".open-table")
        assert "2 free seats" in friend.inner_text(".open-table")
        friend.fill("#name", "аня")
        friend.click(".open-table .sit")
        friend.wait_for_selector("#toast:not([hidden])")
        assert WORDS["en"]["taken"].replace("Аня", "аня") in friend.inner_text("#toast")
        friend.fill("#name", "Bob")
        friend.click(".open-table .sit")
        friend.wait_for_url("**/t/*")
        # The last free seat: the host gives it to a bot, and the game starts.
        host.wait_for_selector(".seat-bot[data-seat='3'] button")
        host.click(".seat-bot[data-seat='3'] button")
        host.wait_for_selector(".hand .card", timeout=15000)
        friend.wait_for_selector(".hand .card", timeout=15000)
        table_id = host.url.rsplit("/", 1)[1]
        watcher, watcher_errors = _page(browser, "phone", "ru")
        watcher.goto(f"{server.base}/t/{table_id}?watch")
        watcher.wait_for_selector(".board")
        # The friend says thanks: by the friend's seat on every screen, in its language.
        friend.click("#reactions-bar summary")
        friend.click("#reactions-bar button[data-reaction='thanks']")
        for page, word in ((host, "Спасибо!"), (friend, "Thanks!"), (watcher, "Спасибо!")):
            bubble = page.locator(".seat[data-seat='1'] .reaction-bubble")
            bubble.wait_for(timeout=5000)
            assert bubble.inner_text() == word
        assert watcher.locator("#reactions-bar").count() == 0  # (a spectator has no bar)
        _save(friend, tmp_path, "reaction-phone-en.png")
        _save(watcher, tmp_path, "reaction-spectator-phone-ru.png")
        _no_sideways_scroll(friend)
        # It goes after a few seconds.
        host.locator(".reaction-bubble").wait_for(state="detached", timeout=8000)
        for p in (host, friend, watcher):
            p.context.close()
    # (The refused «аня» is the browser's own line about the 409; nothing else went wrong.)
    refused = [e for e in friend_errors if "409" in e]
    assert len(refused) == 1 and "Failed to load resource" in refused[0]
    assert errors == [] and watcher_errors == [] and friend_errors == refused


def test_a_table_with_reactions_off_has_no_bar(browser: Any, tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", **FAST) as server:
        made = create_table(server.base, [None, None, "easy"], reactions=False)
        other = join(server.base, made["id"], "Борис")
        page, errors = _page(browser, "phone", "en")
        page.goto(f"{server.base}/t/{made['id']}#s={other['token']}")
        page.wait_for_selector(".hand .card", timeout=15000)
        assert page.locator("#reactions-bar").count() == 0
        page.context.close()
    assert errors == []
