"""The replay page's analysis in the browser (Playwright, Debian's Chromium): a seat of a
finished game is chosen and analysed in the background, the progress shown meanwhile; then
each costly decision is marked at its step, and that step shows what it cost in words."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rams.web.analysis import THRESHOLD, analysis_json
from tests.web.helpers import ThreadServer, thread_server
from tests.web.test_analysis_web import store_duel
from tests.web.test_browser import pytestmark  # noqa: F401
from tests.web.test_browser_replay import DESKTOP, _go, _open


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    url = f"sqlite:///{tmp_path_factory.mktemp('analysis') / 'rams.sqlite3'}"
    with thread_server(url, bot_delay=0, deal_pause=0, grace_s=60) as s:
        yield s


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_replay_marks_the_costly_decisions(
    browser: Any, server: ThreadServer, lang: str
) -> None:
    table_id = f"duel-{lang}"
    store_duel(server.store, table_id)
    context = browser.new_context(**DESKTOP, locale=lang)
    context.add_init_script(f"localStorage.setItem('rams.lang', '{lang}')")
    page = context.new_page()
    errors = _open(page, server.base, table_id)
    assert page.locator("#analysis-marks").count() == 0
    page.select_option("#analysis-seat", "0")
    page.click("#analysis-start")
    # The progress is shown while it runs, then the marks.
    page.wait_for_selector("#analysis-progress", timeout=30_000)
    page.wait_for_selector("#analysis-status[data-done='1']", timeout=120_000)
    marks = page.locator(".analysis-mark")
    assert marks.count() > 0
    result = server.store.analysis(table_id, 0)
    assert result is not None and result.status == "done"
    costly = [r for r in result.result["ratings"] if r["loss"] > THRESHOLD]
    assert marks.count() == len(costly)
    # A marked step shows its loss in words; a step not marked shows none.
    step = int(marks.first.get_attribute("data-step"))
    _go(page, step)
    line = page.text_content("#analysis-line") or ""
    if lang == "ru":
        assert "здесь вы потеряли " in line and ": лучше было " in line
    else:
        assert "you lost " in line and ": better was " in line
    worded = analysis_json(result, lang)["ratings"]  # (worded when read, in the reader's tongue)
    assert any(r["line"] in line for r in worded if r["costly"])
    assert line.startswith("Аня: ")
    _go(page, 0)
    assert page.locator("#analysis-line").count() == 0
    # A click on a mark shows its step.
    page.locator(".analysis-mark").last.click()
    last = int(page.locator(".analysis-mark").last.get_attribute("data-step"))
    page.wait_for_selector(f".replay[data-step='{last}']")
    assert page.locator("#analysis-line").count() == 1
    assert errors == []
    context.close()
