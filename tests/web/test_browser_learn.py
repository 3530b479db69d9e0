"""The lessons in the browser (/learn; Playwright, Debian's Chromium), at a desktop's size
in Russian and a phone's in English (and each switched to the other language): the list
with the progress, a lesson's position in the table's card notation, a wrong answer
explained by its clause or its hint, a right one kept in this browser and followed by the
next lesson; a «why» lesson answered by its rule, cards picked and confirmed; every lesson
the page was sent names no card the learner may not see."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from rams import bots
from tests.web.helpers import cards_named, thread_server
from tests.web.test_browser import _save, pytestmark  # noqa: F401
from tests.web.test_browser_table import _axe
from tests.web.test_lessons_web import _hidden

TOTAL = 42  # 10 lessons of Rams, 8 of each other family


def _page(browser: Any, lang: str, size: tuple[int, int]) -> tuple[Any, Any, list[str], list[Any]]:
    ctx = browser.new_context(
        locale="ru-RU" if lang == "ru" else "en-GB",
        viewport={"width": size[0], "height": size[1]},
        is_mobile=size[0] < 500,
        has_touch=size[0] < 500,
        bypass_csp=True,  # (axe-core is injected into the page)
    )
    page = ctx.new_page()
    errors: list[str] = []
    sent: list[Any] = []  # every lesson the server sent the page
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)

    def seen(response: Any) -> None:
        if "/api/lessons/" in response.url and response.request.method == "GET":
            sent.append(response.json())

    page.on("response", seen)
    return ctx, page, errors, sent


def _no_leak(sent: list[Any]) -> None:
    assert sent
    for lesson in sent:
        assert not cards_named(lesson) & _hidden(lesson["key"]), lesson["key"]


def test_lessons_on_a_desktop_in_russian(browser: Any, tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path / 'rams.sqlite3'}", think_workers=0) as server:
        ctx, page, errors, sent = _page(browser, "ru", (1280, 800))
        page.goto(f"{server.base}/")
        page.click("#learn-link")
        page.wait_for_selector("#lessons")
        assert page.inner_text("#learn-progress") == f"Пройдено 0 из {TOTAL}"
        assert page.locator("a.lesson").count() == TOTAL
        assert page.locator(".learn-family h2").all_inner_texts()[:2] == ["Рамс", "Рамс по Фихману"]
        assert _axe(page) == []
        _save(page, tmp_path, "learn-list-desktop-ru.png")
        # Whist, lesson 4: Аня is last to a trick of 2♥ В♥ 8♥, hearts trumps.
        page.click("a.lesson[data-key='whist/cheap']")
        page.wait_for_selector("#lesson[data-key='whist/cheap']")
        assert page.inner_text("h1") == "Урок 4 из 8: Возьмите взятку дёшево"
        assert page.locator("#trick .card").all_inner_texts() == ["2\n♥", "В\n♥", "8\n♥"]
        hand = page.locator("#hand .card")
        assert hand.count() == 13
        assert "Т\n♥" in hand.all_inner_texts() and "A\n♥" not in hand.all_inner_texts()
        assert "W5" in page.inner_text("#rules")
        assert page.inner_text("#answer p") == "Сыграйте карту."
        _save(page, tmp_path, "learn-lesson-desktop-ru.png")
        # A spade while holding hearts: refused, by W5 and its words.
        page.click("#hand .card[data-card='3S']")
        page.wait_for_selector("#result.wrong")
        why = page.inner_text("#why")
        assert "Так нельзя (W5)" in why and "AS" not in why
        assert page.inner_text("#result .verdict") == "Неверно."
        assert page.locator("#ask-bots").count() == 0  # (an illegal move: the clause says it)
        # The ace wins, but the queen would: the hint, and the bots may be asked.
        page.click("#hand .card[data-card='AH']")
        page.wait_for_selector("#result.wrong >> text=взятку берёт дама")
        assert "Ваш ответ: Т♥" in page.inner_text("#result")
        assert page.locator("#ask-bots").count() == (1 if bots.available("hard") else 0)
        if bots.available("hard"):  # the bots' values of the ace and of the best move
            page.click("#ask-bots")
            page.wait_for_selector("#why >> text=Боты оценивают ваш ход в", timeout=120_000)
            assert re.search(r"ваш ход в \d+,\d, лучший — в \d+,\d", page.inner_text("#why"))
            assert page.locator("#ask-bots").count() == 0  # (asked once)
        # No record code («AS») anywhere on the Russian page: the table's notation only.
        assert not re.search(r"\b(10|[2-9TJQKA])[SCDH]\b", page.inner_text("#lesson"))
        assert _axe(page) == []
        _save(page, tmp_path, "learn-wrong-desktop-ru.png")
        page.click("#hand .card[data-card='QH']")
        page.wait_for_selector("#result.right")
        assert page.inner_text("#result .verdict") == "Верно!"
        done = json.loads(page.evaluate("localStorage.getItem('rams.lessons')"))["done"]
        assert done == ["whist/cheap"]
        _save(page, tmp_path, "learn-right-desktop-ru.png")
        page.click("#next")
        page.wait_for_selector("#lesson[data-key='whist/low']")
        # The same page in English, then back to the list: one lesson done, kept.
        page.click("#lang-switch")
        page.wait_for_selector("h1 >> text=Lesson 5 of 8")
        _save(page, tmp_path, "learn-lesson-desktop-en.png")
        page.click("#all-lessons")
        page.wait_for_selector("#lessons")
        assert page.inner_text("#learn-progress") == f"1 of {TOTAL} done"
        assert page.locator("li.done a.lesson").all_inner_texts() == ["Win the trick cheaply"]
        page.reload()
        page.wait_for_selector("#lessons")
        assert page.inner_text("#learn-progress") == f"1 of {TOTAL} done"
        _no_leak(sent)
        ctx.close()
    assert errors == []


def test_lessons_on_a_phone_in_english(browser: Any, tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path / 'rams.sqlite3'}", think_workers=0) as server:
        ctx, page, errors, sent = _page(browser, "en", (390, 844))
        page.goto(f"{server.base}/learn/rams/swap")
        page.wait_for_selector("#lesson[data-key='rams/swap']")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
        assert _axe(page) == []
        _save(page, tmp_path, "learn-lesson-phone-en.png")
        # Rams: the ace of hearts is turned; the dealer gives a card for it. Pick 8♠: legal,
        # not the lesson's (the seven is the most useless).
        page.click("#hand .card[data-card='8S']")
        assert page.inner_text("#confirm") == "Give 8♠ for the trump"
        page.click("#confirm")
        page.wait_for_selector("#result.wrong")
        assert "seven of spades" in page.inner_text("#why")
        page.click("#hand .card[data-card='7S']")
        page.click("#confirm")
        page.wait_for_selector("#result.right")
        said = page.locator("#result p.small").first.inner_text()
        assert said == "Your answer: Give 7♠ for the trump"
        _save(page, tmp_path, "learn-right-phone-en.png")
        # A «why» lesson: Ramsch's jack of spades led is a trump (F5), not a spade (F4).
        page.goto(f"{server.base}/learn/ramsch/jack-not-suit")
        page.wait_for_selector("#options")
        assert page.inner_text("#tried").startswith("The move in question: J♠")
        page.click("#options button[data-clause='F4']")
        page.wait_for_selector("#result.wrong")
        assert "F5" in page.inner_text("#why")
        page.click("#options button[data-clause='F5']")
        page.wait_for_selector("#result.right")
        # Which cards may Anna play? Whist, void in spades, hearts trumps: J♥ and 5♥ (W5).
        page.goto(f"{server.base}/learn/whist/must-trump")
        page.wait_for_selector("#check[disabled]")
        page.click("#hand .card[data-card='JH']")
        page.click("#check")
        page.wait_for_selector("#result.wrong")
        assert "5♥" in page.inner_text("#why")
        page.click("#hand .card[data-card='JH']")
        page.click("#hand .card[data-card='5H']")
        page.click("#check")
        page.wait_for_selector("#result.right")
        page.click("#lang-switch")
        page.wait_for_selector("h1 >> text=Урок")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert _axe(page) == []
        _save(page, tmp_path, "learn-lesson-phone-ru.png")
        page.click("#all-lessons")
        page.wait_for_selector("#lessons")
        assert page.inner_text("#learn-progress") == f"Пройдено 3 из {TOTAL}"
        _save(page, tmp_path, "learn-list-phone-ru.png")
        _no_leak(sent)
        ctx.close()
    assert errors == []
