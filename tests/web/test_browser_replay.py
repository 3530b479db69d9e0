"""The replay page in the browser (Playwright, Debian's Chromium), for every game family.

A finished game is stored as the server stores one; its replay (``/r/ID``) is stepped: the
score sheet shows what was written by the step shown (not the final result), every hand
is shown at each deal's end, the last step names the winners and explains the settlement,
in colours readable on their background (contrast at least 4.5:1, WCAG AA), and no family's
replay raises a JavaScript error. Screenshots of the replay's end, desktop and phone, are
saved under the test's directory (and copied to ``benchmarks/results/screenshots/`` with
``RAMS_SCREENSHOTS`` set).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rams.bots import make_bot
from rams.cards import cards_of, cards_str
from rams.games import family_of
from rams.record import Record, dumps, loads, record_of
from rams.table import Table
from rams.web.store import SeatRow, Store
from rams.web.tables import hash_token
from tests.web.helpers import ThreadServer, thread_server
from tests.web.test_browser import _save, pytestmark  # noqa: F401

NAMES = ["Аня", "Борис", "Вера", "Глеб"]
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}

#: A short finished game of each family: preset, players, house rules.
GAMES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "classic": ("classic", 3, {"start_score": 30}),
    "mushka-pamfil": ("mushka-pamfil", 3, {"start_score": 20}),
    "duel": ("duel", 2, {"start_score": 20}),
    "ramsch": ("ramsch", 3, {"deals": 3}),
    "whist": ("whist", 4, {"rubbers": 1}),
    "boston": ("boston", 4, {"deals": 2}),
    "kony": ("kony", 4, {}),
}


def store_finished(
    store: Store, table_id: str, preset: str, players: int, options: dict[str, Any], seed: int
) -> Any:
    """A whole game of any family played by random bots and stored as the server stores
    one (its deals and actions as they happen), then finished with its record."""
    family = family_of(preset)
    rules = family.rules(preset, players, **options)
    names = NAMES[:players]
    rows = [SeatRow(names[0], None, hash_token("anya"))]
    rows += [SeatRow(n, "easy") for n in names[1:]]
    store.create_table(table_id, rules, rows)
    store.start_game(table_id, 0)
    match = family.new_match(rules, names, random.Random(seed), 0)

    def dealt(deal: Any) -> None:
        d = match.deal
        assert d is not None
        store.add_deal(table_id, len(match.deals) - 1, d.dealer, cards_str(d.deck))

    def acted(seat: int, action: object) -> None:
        d = match.deal
        assert d is not None
        store.add_action(table_id, len(match.deals) - 1, len(d.actions) - 1, seat, str(action))

    bots = [make_bot("random", random.Random(seed + s), family=family.name) for s in range(players)]
    assert Table(match, bots, on_action=acted, on_deal=dealt).advance() == "over"
    store.finish(table_id, dumps(record_of(match, {"winners": match.winners()})))
    return match


def expected_sheets(record: Record) -> list[list[int]]:
    """The score sheet's last line (each column's value now) at every step, from the rows
    the game has written by then: the start, then one row for each deal over."""
    out = []
    for step in record.steps():
        rows = list(step.game.sheet)
        out.append(list(rows[-1]))
    return out


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    url = f"sqlite:///{tmp_path_factory.mktemp('replay') / 'rams.sqlite3'}"
    with thread_server(url, bot_delay=0, deal_pause=0, grace_s=60) as s:
        yield s


_games: dict[tuple[int, str], tuple[str, Any]] = {}


def stored(server: ThreadServer, name: str) -> tuple[str, Any]:
    """The table id and match of a finished game of ``name`` (stored once a server)."""
    key = (id(server), name)
    if key not in _games:
        preset, players, options = GAMES[name]
        # A seed whose game lasts a few deals, so that the sheet has lines to step through.
        for seed in range(40):
            table_id = f"{name}-{seed}"
            match = store_finished(server.store, table_id, preset, players, options, seed)
            if len(match.deals) >= 3 or seed == 39:
                break
        _games[key] = (table_id, match)
    return _games[key]


def _open(page: Any, base: str, table_id: str) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{base}/r/{table_id}")
    page.wait_for_selector("#replay-slider")
    return errors


def _go(page: Any, k: int) -> None:
    """Show step ``k`` (0-based) by the slider."""
    page.evaluate(
        """(k) => { const s = document.getElementById('replay-slider');
        s.value = String(k); s.dispatchEvent(new Event('input', { bubbles: true })); }""",
        k,
    )
    page.wait_for_selector(f".replay[data-step='{k}']")


def _sheet_now(page: Any) -> list[int]:
    """The score sheet's last line as shown: each column's current (not struck) value."""
    cells: list[str] = page.evaluate(
        """() => { const rows = [...document.querySelectorAll('.sheet tbody tr:not(.note)')];
        const n = rows[0].querySelectorAll('td').length;
        const now = new Array(n).fill(null);
        for (const tr of rows) [...tr.querySelectorAll('td')].forEach((td, c) => {
          if (td.classList.contains('now')) now[c] = td.textContent; });
        return now; }"""
    )
    return [int(c.replace("−", "-")) for c in cells]


def _steps(page: Any) -> int:
    return int(page.get_attribute("#replay-slider", "max")) + 1


# Computes, in the page, the contrast ratio (WCAG 2) of every piece of text under a
# selector against what lies behind it: the background colours of its ancestors blended
# down to the first opaque one; a gradient counts as its worst colour.
CONTRAST = """(selector) => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const over = (top, under) => { const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat([1]); };
  const ratio = (x, y) => { const [a, b] = [lum(x), lum(y)].sort((p, q) => q - p);
    return (a + 0.05) / (b + 0.05); };
  function backs(node) {
    const layers = [];
    for (let e = node; e; e = e.parentElement) {
      const st = getComputedStyle(e);
      const bg = parse(st.backgroundColor);
      if (bg && bg[3] > 0) { layers.push(bg); if (bg[3] >= 1) return [layers]; }
      if (st.backgroundImage && st.backgroundImage !== 'none') {
        const stops = (st.backgroundImage.match(/rgba?\\([^)]+\\)/g) || []).map(parse);
        if (stops.length) return stops.map((s) => layers.concat([over(s, [255, 255, 255, 1])]));
      }
    }
    return [layers.concat([[255, 255, 255, 1]])];
  }
  const out = [];
  for (const e of document.querySelectorAll(selector + ', ' + selector + ' *')) {
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !e.getClientRects().length) continue;
    const fg = parse(getComputedStyle(e).color);
    let worst = Infinity;
    for (const stack of backs(e)) {
      let bg = stack[stack.length - 1];
      for (let k = stack.length - 2; k >= 0; k--) bg = over(stack[k], bg);
      worst = Math.min(worst, ratio(over(fg, bg), bg));
    }
    out.push([e.textContent.trim().slice(0, 40), worst]);
  }
  return out;
}"""


def test_the_sheet_is_the_one_of_the_step_shown(browser: Any, server: ThreadServer) -> None:
    table_id, match = stored(server, "classic")
    record = loads(server.store.table(table_id).record)
    expected = expected_sheets(record)
    start = [30, 30, 30]
    assert expected[0] == start  # S1: everyone starts at 30, nothing is written yet
    ctx = browser.new_context(locale="ru-RU", **DESKTOP)
    page = ctx.new_page()
    errors = _open(page, server.base, table_id)
    n = _steps(page)
    assert n == len(expected)
    # At the first step only the start is written, though the game ended elsewhere.
    assert _sheet_now(page) == start
    assert page.locator(".sheet td.old").count() == 0
    # Each deal's end writes a line: the sheet changes there and stays until the next end.
    ends = [k for k in range(1, n) if expected[k] != expected[k - 1]]
    assert len(ends) >= 2
    for k in [ends[0] - 1, ends[0], ends[0] + 1, ends[1], n - 1]:
        _go(page, k)
        assert _sheet_now(page) == expected[k], k
    _go(page, ends[0] - 1)
    before = _sheet_now(page)
    _go(page, ends[0])
    assert _sheet_now(page) != before  # the line the first deal wrote
    # Hand-known: after the first deal the sheet holds that deal's records (S1).
    assert _sheet_now(page) == list(match.deals[0].records)
    # At a deal's end every hand is shown, as it was dealt.
    assert page.locator(".replay-hands .replay-shown.dealt").count() == 3
    dealt = page.locator(".replay-hands .replay-shown.dealt .card").count()
    assert dealt == sum(len(h) for h in _dealt(match, 0))
    # Stepping by the keyboard shows the same.
    page.keyboard.press("Home")
    assert _sheet_now(page) == start
    page.keyboard.press("End")
    assert _sheet_now(page) == expected[-1] == list(match.sheet[-1])
    assert errors == []
    ctx.close()


def _dealt(match: Any, k: int) -> list[list[int]]:
    deal = match.deals[k]
    hands = deal.deal_hands if hasattr(deal, "deal_hands") else deal.dealt
    return [list(cards_of(h)) for h in hands]


def test_the_end_names_the_winner_and_explains_the_settlement(
    browser: Any, server: ThreadServer, tmp_path: Path
) -> None:
    table_id, match = stored(server, "classic")
    winner = match.winner
    payouts = match.payouts()
    for locale, pays in (("ru-RU", "платит"), ("en-US", "pays")):
        ctx = browser.new_context(locale=locale, **DESKTOP)
        page = ctx.new_page()
        errors = _open(page, server.base, table_id)
        assert page.locator("#replay-result").count() == 0  # not before the end
        page.keyboard.press("End")
        page.wait_for_selector("#replay-result")
        assert NAMES[winner] in page.inner_text("#replay-winner")
        assert page.get_attribute("#replay-result", "data-winners") == str(winner)
        lines = page.locator("#settlement-lines li").all_inner_texts()
        # Each loser pays (S8): the line names them and what they pay; the winner receives.
        for seat in range(3):
            if seat != winner:
                line = next(x for x in lines if x.startswith(NAMES[seat]))
                assert pays in line and str(-payouts[seat]) in line
        assert any(x.startswith(NAMES[winner]) and str(payouts[winner]) in x for x in lines)
        assert page.locator("#replay-result .why").inner_text()
        # The final standings: every column headed (place, player, record, settlement),
        # the winner first, each player's payment beside his name (S8).
        heads = page.locator("#replay-result .standings thead th").all_inner_texts()
        assert len(heads) == 4 and all(heads), heads
        rows = page.locator("#replay-result .standings tbody tr")
        paid = {}
        for k in range(rows.count()):
            cells = rows.nth(k).locator("td").all_inner_texts()
            paid[cells[1]] = int(cells[3].replace("−", "-").replace("+", ""))
        assert rows.nth(0).locator("td").nth(1).inner_text() == NAMES[winner]
        assert paid == {NAMES[seat]: payouts[seat] for seat in range(3)}
        ratios = page.evaluate(CONTRAST, "#replay-result")
        assert len(ratios) >= 5
        low = [(t, round(r, 2)) for t, r in ratios if r < 4.5]
        assert low == [], low
        assert errors == []
        if locale == "ru-RU":
            _save(page, tmp_path, "replay-desktop.png")
        ctx.close()


def test_the_end_on_a_phone(browser: Any, server: ThreadServer, tmp_path: Path) -> None:
    table_id, _ = stored(server, "classic")
    ctx = browser.new_context(locale="ru-RU", **PHONE)
    page = ctx.new_page()
    errors = _open(page, server.base, table_id)
    page.keyboard.press("End")
    page.wait_for_selector("#replay-result")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    low = [(t, round(r, 2)) for t, r in page.evaluate(CONTRAST, "#replay-result") if r < 4.5]
    assert low == [], low
    _save(page, tmp_path, "replay-phone.png")
    assert errors == []
    ctx.close()


@pytest.mark.parametrize("name", list(GAMES))
def test_every_family_replays_without_an_error(
    browser: Any, server: ThreadServer, name: str
) -> None:
    table_id, match = stored(server, name)
    record = loads(server.store.table(table_id).record)
    expected = expected_sheets(record)
    ctx = browser.new_context(locale="ru-RU", **DESKTOP)
    page = ctx.new_page()
    errors = _open(page, server.base, table_id)
    n = _steps(page)
    assert n == len(expected)
    # Every step is drawn, one after another, by the keyboard.
    for k in range(1, n):
        page.keyboard.press("ArrowRight")
        if k % 25 == 0 or k == n - 1:
            page.wait_for_selector(f".replay[data-step='{k}']")
            assert _sheet_now(page) == expected[k], k
    assert errors == []
    # The last step: the winners by name, every hand as dealt, the sheet as it ends.
    winners = match.winners()
    text = page.inner_text("#replay-winner")
    assert winners and all(NAMES[w] in text for w in winners)
    assert page.locator("#settlement-lines li").count() >= 2
    players = len(match.players)
    assert page.locator(".replay-hands .replay-shown.dealt").count() == players
    assert _sheet_now(page) == list(match.sheet[-1])
    low = [(t, round(r, 2)) for t, r in page.evaluate(CONTRAST, "#replay-result") if r < 4.5]
    assert low == [], low
    # And in English, after the switch, with no error either.
    page.click("#lang-switch")
    page.wait_for_function(
        "() => /win/i.test(document.getElementById('replay-winner')?.textContent || '')"
    )
    assert errors == []
    ctx.close()


@pytest.mark.parametrize("name", ["classic", "kony", "whist"])
def test_the_sheet_has_a_row_per_deal(browser: Any, server: ThreadServer, name: str) -> None:
    """Rams, a plain game a player a column, and Whist by sides: the sheet has a row per
    deal with the deal's number (after the start's), each entry in the row of the deal that
    wrote it and blank where that deal changed nothing, only each column's last entry
    standing; at the end the final standings, a place for each player (or side)."""
    table_id, match = stored(server, name)
    ctx = browser.new_context(locale="ru-RU", **DESKTOP)
    page = ctx.new_page()
    errors = _open(page, server.base, table_id)
    shown = """() => [...document.querySelectorAll('.sheet tbody tr[data-deal]')].map((r) =>
        [Number(r.dataset.deal), ...[...r.querySelectorAll('td')].map((td) => td.textContent)])"""
    assert [r[0] for r in page.evaluate(shown)] == [0]  # the first step: the start alone
    assert page.locator(".sheet .standings").count() == 0
    page.keyboard.press("End")
    page.wait_for_selector("#replay-result")
    rows = list(match.sheet)
    cells = page.evaluate(shown)
    assert [r[0] for r in cells] == list(range(len(match.deals) + 1))
    for k, (_deal, *row) in enumerate(cells):
        for c, entry in enumerate(row):
            if k and rows[k][c] == rows[k - 1][c]:
                assert entry == "", (k, c)
            else:
                assert int(entry.replace("−", "-")) == rows[k][c], (k, c)
    assert page.locator(".sheet td.now").count() == len(rows[0])
    # A place a line, those tied on one: each player (or side) on exactly one line.
    owners = ["Аня+Вера", "Борис+Глеб"] if name == "whist" else NAMES[: len(match.players)]
    lines = page.locator(".sheet .standings li").all_inner_texts()
    assert all(sum(o in x for x in lines) == 1 for o in owners), lines
    first = page.locator(".sheet .standings li.first").inner_text()
    assert first.startswith("1. ") and all(NAMES[w] in first for w in match.winners())
    assert errors == []
    ctx.close()


def test_a_wrong_link_is_answered_in_words(browser: Any, server: ThreadServer) -> None:
    """A page that does not exist is a 404 page that says so; the replay of a table that
    does not exist says «no such table», not «the replay opens once the game is over»."""
    import httpx

    wrong = httpx.get(f"{server.base}/no/such/page", timeout=10)
    assert wrong.status_code == 404 and "text/html" in wrong.headers["content-type"]
    page = browser.new_context(locale="ru-RU", **DESKTOP).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/no/such/page")
    page.wait_for_selector("#not-found")
    assert "Такой страницы нет" in page.inner_text("#not-found")
    page.goto(f"{server.base}/r/nosuchtable")
    page.wait_for_selector("#not-found")
    said = page.inner_text("#not-found")
    assert "Такого стола нет" in said and "окончена" not in said
    assert errors == []
