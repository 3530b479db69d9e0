"""The browser at the tables of the plain games (RULES §10.3, §10.4): a Boston table played
through its auction by buttons that show each bid's value (B3) and a Whist table where two
friends are partners (W1). Playwright drives Debian's Chromium against a real server;
screenshots are saved under the test's directory (and, with ``RAMS_SCREENSHOTS``, copied to
``benchmarks/results/screenshots/``).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rams.record import loads
from tests.web.helpers import thread_server
from tests.web.test_browser import _save, pytestmark  # noqa: F401

DESKTOP = {"viewport": {"width": 1280, "height": 900}}


class PlainPlayer:
    """One page at a plain game's table, choosing at random among its buttons and cards."""

    def __init__(
        self,
        page: Any,
        rng: random.Random,
        prefer_pass: float = 0.0,
        on_buttons: Callable[[list[str]], None] | None = None,
        next_deal: bool = True,
    ) -> None:
        """``on_buttons`` is shown the buttons' actions before one of them is clicked (so a
        test looks at the page while they are certainly there); without ``next_deal`` the
        player never asks for the next deal (a test looks at a deal's end)."""
        self.page = page
        self.on_buttons = on_buttons
        self.rng = rng
        self.prefer_pass = prefer_pass
        self.next_deal = next_deal
        self.actions = 0
        self.clicked: list[str] = []
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def is_over(self) -> bool:
        return bool(self.page.locator(".game-over").count())

    def act(self) -> bool:
        page, rng = self.page, self.rng
        try:
            ready = page.locator("#ready")
            if ready.count() and self.next_deal:
                ready.click(timeout=2000)
                return True
            if ready.count() or page.get_attribute("body", "data-my-turn") != "1":
                return False
            for selector in (".hand .card.legal", ".hand .card.choosable"):
                cards = page.locator(selector)
                count = cards.count()
                if count:
                    cards.nth(rng.randrange(count)).click(timeout=2000)
                    self.actions += 1
                    return True
            buttons = page.locator("#choices button")
            actions = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
            if not actions:
                return False
            if self.on_buttons is not None:
                self.on_buttons([str(a) for a in actions])
            if "pass" in actions and rng.random() < self.prefer_pass:
                choice = "pass"
            else:
                choice = rng.choice(actions)
            page.locator(f'#choices button[data-action="{choice}"]').click(timeout=2000)
            self.clicked.append(str(choice))
            self.actions += 1
            return True
        except Exception as e:  # the page redrew under the click: try again next round
            if "Timeout" not in type(e).__name__ and "detached" not in str(e):
                raise
            return False


def _create(page: Any, base: str, preset: str, seats: dict[int, str], extra: str = "") -> str:
    """Create a table of ``preset`` (seat → "friend" or "bot:LEVEL"); returns its id."""
    page.goto(f"{base}/")
    page.wait_for_selector("#create-form")
    page.fill("#name", "Аня")
    page.select_option("#preset", preset)
    page.wait_for_selector("[data-seat='3']")
    page.fill("#name", "Аня")
    for seat, kind in seats.items():
        page.select_option(f"[data-seat='{seat}']", kind)
    if extra:
        page.locator("#create-form details summary").first.click()
        page.fill("#extra", extra)
    page.click("#create")
    page.wait_for_url(re.compile(r".*/t/[\w-]+$"), wait_until="commit", timeout=60000)
    return str(page.url.rsplit("/", 1)[1])


def test_B3_boston_auction_by_buttons_with_values_to_the_end(
    browser: Any, sqlite_url: str, tmp_path: Path
) -> None:
    """A person and three bots play a one-deal Boston game in the browser: the auction's
    buttons name each bid with its value in this deal (B3: a bid in the turned card's suit
    is worth the most), the contract and the card from the second pack are shown, and the
    game ends with its winners and a record that replays. After deal 1 the deal's summary
    says what the sheet notes beside it: the contract and whether it was made (B11), or that
    everyone passed (B4)."""
    rng = random.Random(11)
    with thread_server(sqlite_url, bot_delay=0.02, deal_pause=60, grace_s=60) as server:
        page = browser.new_context(locale="ru-RU", **DESKTOP).new_page()
        table_id = _create(
            page, server.base, "boston", {1: "bot:medium", 2: "bot:easy", 3: "bot:medium"},
            "deals=2",
        )  # fmt: skip
        page.wait_for_selector(".hand .card", timeout=15000)
        assert page.locator("#turned .card").count() == 1
        shot: list[bool] = []

        def look(actions: list[str]) -> None:
            # Every bid button says its value; a first-class suit bid is worth most.
            if shot or not any(a.startswith("bid") for a in actions):
                return
            buttons = page.locator("#choices button[data-action^='bid']")
            labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
            assert labels and all(re.search(r"\(\d+\)$", label) for label in labels), labels
            turned = page.locator("#turned .card").get_attribute("data-card")
            assert turned is not None
            first = page.locator(f"#choices button[data-action='bid 5{turned[1]}']")
            if first.count():
                assert first.inner_text().endswith("(3)")  # B3: 5 tricks, 1st suit
            # The bids made so far are in words, never in the record's notation.
            said = page.locator("#centre-lines li").all_inner_texts()
            assert not any(re.search(r"bid |[a-z]-[a-z]", line) for line in said), said
            _save(page, tmp_path, "boston-auction.png")
            shot.append(True)

        # (The buttons are looked at just before one is clicked: a look between two rounds
        # of the loop could miss a turn that came and went, as it did on a loaded machine.)
        player = PlainPlayer(page, rng, prefer_pass=0.5, on_buttons=look, next_deal=False)
        deadline = time.monotonic() + 240
        notes: list[str] = []
        while not player.is_over():
            assert time.monotonic() < deadline, "the game did not end in time"
            if page.locator(".banner.deal-over #deal-summary").count() and not notes:
                notes.append(page.locator("#deal-note").inner_text())
                page.click("#ready")
            elif not player.act():
                page.wait_for_timeout(50)
        assert shot and player.actions > 0 and not player.errors
        assert re.fullmatch(r"все спасовали|.+: .+ — (не )?сыграно", notes[0]), notes
        page.wait_for_selector(".game-over .winner")
        assert page.locator(".game-over h2").inner_text() == "Партия окончена"
        _save(page, tmp_path, "boston-over.png")
        record = page.request.get(f"{server.base}/api/tables/{table_id}/record").text()
        match = loads(record).replay()
        assert match.is_over and match.winners()
        assert len(match.deals) == 2


def test_W1_whist_partners_sit_opposite_and_play_a_deal(
    browser: Any, sqlite_url: str, tmp_path: Path
) -> None:
    """Two friends partner each other at Whist (W1: p1 + p3 against p2 + p4, two bots):
    both see the sides on the table, the dealer's turned card is face up (W3), and they
    play a whole deal by mouse, in Russian and in English."""
    rng = random.Random(5)
    with thread_server(sqlite_url, bot_delay=0.02, deal_pause=60, grace_s=60) as server:
        a = browser.new_context(locale="ru-RU", **DESKTOP).new_page()
        c = browser.new_context(locale="en-US", **DESKTOP).new_page()
        table_id = _create(a, server.base, "whist", {1: "bot:medium", 3: "bot:easy"})
        c.goto(f"{server.base}/t/{table_id}")
        c.wait_for_selector("#join-name")
        c.fill("#join-name", "Вера")
        c.click("#join-btn")
        for page in (a, c):
            page.wait_for_selector(".hand .card", timeout=15000)
        assert c.locator(".seat.me .seat-name").inner_text().startswith("Вера")
        # The sides: Аня (p1) and Вера (p3) both in side 1, on both screens.
        for page, side in ((a, "пара 1"), (c, "side 1")):
            mine = page.locator(".seat.me .badge.side").inner_text()
            assert mine == side
            partner = page.locator(".opponents .seat").nth(1).locator(".badge.side").inner_text()
            assert partner == side
        players = [PlainPlayer(a, rng, next_deal=False), PlainPlayer(c, rng, next_deal=False)]
        shot = False
        deadline = time.monotonic() + 240
        while not a.locator(".banner.deal-over, .game-over").count():
            assert time.monotonic() < deadline, "the deal did not end in time"
            did = False
            for p in players:
                did |= p.act()
            if not shot and a.locator(".trick figure").count() >= 2:
                _save(a, tmp_path, "whist-table.png")
                shot = True
            if not did:
                a.wait_for_timeout(50)
        assert all(p.actions > 0 for p in players)
        assert not [e for p in players for e in p.errors]
        _save(a, tmp_path, "whist-deal-over.png")
        # The sheet keeps each side's points, games and rubber points (W7, W8).
        kinds = a.locator(".sheet thead th.kind")
        assert kinds.all_inner_texts() == ["очки", "партии", "роббер"]
        sides = a.locator(".sheet thead th:not(.deal):not(.kind)").all_inner_texts()
        assert len(sides) == 6 and sides[0] == sides[2] == sides[4] == "Аня+Вера"
        # The deal's summary is by sides as the sheet is: a row a side, their tricks 13 in
        # all (W2), and a cell for each of the sheet's kinds.
        a.wait_for_selector("#deal-summary tbody tr", timeout=10000)
        summary = a.locator("#deal-summary tbody tr")
        assert summary.count() == 2
        assert summary.nth(0).locator("td").first.inner_text() == "Аня+Вера"
        tricks = [int(summary.nth(k).locator("td").nth(1).inner_text()) for k in range(2)]
        assert sum(tricks) == 13
        heads = a.locator("#deal-summary thead th").all_inner_texts()
        assert heads[2:] == ["очки", "партии", "роббер"]
        game = server.tables.tables[table_id].game
        assert game is not None and game.deals[0].is_over
        assert game.deals[0].sides() == ((0, 2), (1, 3))
