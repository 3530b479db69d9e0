"""A living table (issue 26), in Chromium at a desktop (1280×800) and a phone (390×844), in
Russian and in English: the seats around an oval, clockwise as they are numbered (N4), this
seat at the bottom and Whist's partner facing it (W1); the dealer and whose turn it is marked
at the seat; badges and tricks whole, never cut; the score sheet scrolling in a box that
shows it; the cards that travel, and that stay still for a browser that asks for reduced
motion; and the game's end: «Ещё партию?» at a new table with the same players, and
«Разобрать партию». Screenshots are saved under the test's directory (and, with
``RAMS_SCREENSHOTS``, copied to ``benchmarks/results/screenshots/``)."""

from __future__ import annotations

import math
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import create_table, thread_server
from tests.web.test_browser import Player, _save, pytestmark  # noqa: F401

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

#: The height of the page on a phone at the first moment it is the person's turn, the deal's
#: log, the hint, the buttons, the banners and the cards shown taken out (they differ from
#: deal to deal), and the reactions bar (which came after): measured the same way on the
#: code before the oval (4338286), five runs
#: each — the largest of each — and, in the same runs of this code, 811, 875–913 and 844–848.
PHONE_BEFORE = {"duel": 852, "classic": 919, "whist": 861}

MEASURE = """() => {
  const gone = '.log ol, .hint, .banner, #choices, .known, .learner-hint, #reactions-bar';
  for (const n of document.querySelectorAll(gone)) n.remove();
  const app = document.getElementById('app');
  return Math.round(app.getBoundingClientRect().bottom + window.scrollY);
}"""

#: Each seat's box and centre, the ring's, and the seats' data (in the page).
GEOMETRY = """() => {
  const ring = document.querySelector('.ring').getBoundingClientRect();
  const ringStyle = getComputedStyle(document.querySelector('.ring'));
  const seatH = parseFloat(ringStyle.getPropertyValue('--seat-h'));
  return { ring: [ring.left, ring.top, ring.width, ring.height], seatH,
    seats: [...document.querySelectorAll('.ring .seat')].map((s) => {
      const r = s.getBoundingClientRect();
      return { seat: Number(s.dataset.seat), side: s.dataset.side, me: s.classList.contains('me'),
        partner: s.classList.contains('partner'), box: [r.left, r.top, r.width, r.height] };
    }) };
}"""

#: Every text box of the seats wider inside than it shows (cut): none may be.
CUT = """() => [...document.querySelectorAll(
  '.ring .seat .badge, .ring .seat .seat-name, .ring .seat .seat-line, .ring .seat .tricks')]
  .filter((n) => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1)
  .map((n) => n.className + ': ' + n.textContent)"""


def _angle(dx: float, dy: float) -> float:
    """The angle of a point from the centre, in degrees, on the screen (y downwards):
    growing clockwise, 90 at the bottom."""
    return math.degrees(math.atan2(dy, dx)) % 360


def _check_seats(page: Any, players: int, me: int, dealer: int) -> list[float]:
    """The seats' boxes clockwise around an ellipse from this seat at the bottom, none over
    another; the dealer's and the turn's marks at the right seats; nothing cut. Returns
    each seat's angle, by seat."""
    g = page.evaluate(GEOMETRY)
    left, top, width, height = g["ring"]
    cx, cy = left + width / 2, top + height / 2
    seats = {s["seat"]: s for s in g["seats"]}
    assert sorted(seats) == list(range(players))
    angles: dict[int, float] = {}
    for s, info in seats.items():
        x, y, w, h = info["box"]
        dx, dy = x + w / 2 - cx, y + h / 2 - cy
        # On the ellipse the seats' centres are drawn on: half the ring less half a seat.
        a, b = width / 2 - w / 2, height / 2 - g["seatH"] / 2
        if abs(dx) > 1:
            assert abs((dx / a) ** 2 + (dy / b) ** 2 - 1) < 0.06, (s, dx, dy, a, b)
        else:
            assert abs(abs(dy) - b) < 2, (s, dy, b)
        angles[s] = _angle(dx, dy)
        # Inside the ring, side to side (nothing wider than the board).
        assert x >= left - 1 and x + w <= left + width + 1, (s, info["box"], g["ring"])
    assert seats[me]["me"] and abs(angles[me] - 90) < 1  # this seat at the bottom, centred
    # Clockwise: each next seat further round, once round in all.
    turned = [(angles[(me + k) % players] - 90) % 360 for k in range(players)]
    assert turned == sorted(turned) and len(set(turned)) == players, turned
    # No seat's box over another's.
    boxes = [seats[s]["box"] for s in range(players)]
    for i in range(players):
        for j in range(i + 1, players):
            (x1, y1, w1, h1), (x2, y2, w2, h2) = boxes[i], boxes[j]
            apart = x1 + w1 <= x2 + 1 or x2 + w2 <= x1 + 1 or y1 + h1 <= y2 + 1 or y2 + h2 <= y1 + 1
            assert apart, (i, j, boxes[i], boxes[j])
    # The dealer is marked at the dealer's seat, whose turn it is at that seat.
    marked = page.locator(".ring .seat:has(.badge.dealer)")
    assert marked.count() == 1 and marked.get_attribute("data-seat") == str(dealer)
    if page.get_attribute("body", "data-my-turn") == "1":
        assert page.locator(".ring .seat.me.to-move .badge.turn").count() == 1
    assert page.locator(".ring .seat .badge.turn").count() <= 1
    assert page.evaluate(CUT) == []
    # Tricks as a number in words (or nothing, where not counted).
    for text in page.locator(".ring .seat .tricks").all_inner_texts():
        assert text == "" or re.fullmatch(r"\d+ (взятка|взятки|взяток|tricks?)", text), text
    return [angles[s] for s in range(players)]


def _check_sheet(page: Any, wide_expected: bool) -> None:
    """The sheet scrolls sideways in its own box, and says so, exactly when it is wider than
    its place; scrolled to its end, its last columns are in view and the mark moves. (Each
    look reads the sheet on the page then, in one go: a message may draw it again.)"""
    assert page.locator(".sheet-scroll").count() == 1
    style, more = page.evaluate(
        "() => { const b = document.querySelector('.sheet-scroll');"
        " return [getComputedStyle(b).overflowX, b.scrollWidth - b.clientWidth]; }"
    )
    assert style == "auto"
    assert (more > 1) == wide_expected, more
    if not wide_expected:
        assert not page.locator(".sheet .sheet-wide").is_visible()
        return
    page.wait_for_selector(".sheet.wide .sheet-wide", state="visible")
    page.wait_for_selector(".sheet-scroll.more-right:not(.more-left)")
    page.evaluate(
        "() => { const b = document.querySelector('.sheet-scroll'); b.scrollLeft = b.scrollWidth; }"
    )
    page.wait_for_selector(".sheet-scroll.more-left:not(.more-right)")
    # The last column's heading is in view in the box, the deal's number still beside it.
    seen = page.evaluate(
        "() => { const b = document.querySelector('.sheet-scroll');"
        " const r = b.getBoundingClientRect();"
        " const ths = b.querySelectorAll('thead tr:last-child th');"
        " const last = ths[ths.length - 1].getBoundingClientRect();"
        " const deal = b.querySelector('th.deal').getBoundingClientRect();"
        " return [last.right <= r.right + 1 && last.left >= r.left - 1, deal.left >= r.left - 1]; }"
    )
    assert seen == [True, True]


CASES = [("duel", 2), ("classic", 7), ("whist", 4)]


@pytest.mark.parametrize(("preset", "players"), CASES, ids=[p for p, _ in CASES])
def test_the_seats_sit_round_an_oval_clockwise_and_the_sheet_scrolls_in_view(
    browser: Any, sqlite_url: str, tmp_path: Path, preset: str, players: int
) -> None:
    with thread_server(sqlite_url, bot_delay=0, deal_pause=60, grace_s=60) as s:
        bots: list[str | None] = [None] + ["easy"] * (players - 1)
        made = create_table(s.base, bots, name="Александра", preset=preset)
        for kind, ctx in (("desktop", DESKTOP), ("phone", PHONE)):
            for locale in ("ru-RU", "en-US"):
                page = browser.new_context(locale=locale, **ctx).new_page()
                errors: list[str] = []
                page.on("pageerror", lambda e, seen=errors: seen.append(str(e)))
                page.goto(f"{s.base}/t/{made['id']}#s={made['token']}")
                page.wait_for_selector(".hand .card", timeout=15000)
                page.wait_for_timeout(400)
                if page.locator(".banner").count():  # (a deal over at once: no turn to look at)
                    page.context.close()
                    continue
                game = s.tables.tables[made["id"]].game
                dealer = game.deal.dealer
                angles = _check_seats(page, players, 0, dealer)
                if preset == "whist":
                    # W1: p1 + p3 against p2 + p4: the partner faces this seat, marked so,
                    # and both carry the side's colour.
                    assert abs(angles[2] - angles[0]) == pytest.approx(180, abs=1)
                    partner = page.locator(".ring .seat.partner")
                    assert partner.count() == 1 and partner.get_attribute("data-seat") == "2"
                    sides = page.locator(".ring .seat").evaluate_all(
                        "(xs) => xs.map((x) => [x.dataset.seat, x.dataset.side])"
                    )
                    assert sorted(sides) == [["0", "0"], ["1", "1"], ["2", "0"], ["3", "1"]]
                    assert page.locator(".seat.me .badge.side").inner_text() in ("пара 1", "side 1")
                wide = players == 7 or preset == "whist" or (kind == "phone" and players > 2)
                _check_sheet(page, wide_expected=wide)
                wide_page = page.evaluate(
                    "document.documentElement.scrollWidth - window.innerWidth"
                )
                assert wide_page <= 1
                lang = locale[:2]
                _save(page, tmp_path, f"living-{preset}-{kind}-{lang}.png")
                if kind == "phone" and lang == "ru":
                    height = page.evaluate(MEASURE)
                    print(f"{preset}: the page on a phone is {height}px high "
                          f"(before the oval: {PHONE_BEFORE[preset]}px)")  # fmt: skip
                    assert height <= PHONE_BEFORE[preset]
                assert not errors
                page.context.close()


#: Every animation started on the page, by its id (``to-trick``, ``to-taker``), recorded
#: before the page's own scripts run.
RECORD_MOTION = """
window.__moves = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  window.__moves.push(options && options.id ? options.id : 'other');
  return animate.call(this, frames, options);
};
"""


@pytest.mark.parametrize(
    ("motion", "kind", "locale"),
    [("no-preference", "desktop", "ru-RU"), ("reduce", "phone", "en-US"),
     ("no-preference", "phone", "en-US"), ("reduce", "desktop", "ru-RU")],
    ids=["moving-desktop", "still-phone", "moving-phone", "still-desktop"],
)  # fmt: skip
def test_cards_travel_to_the_trick_and_to_its_taker_unless_motion_is_reduced(
    browser: Any, sqlite_url: str, motion: str, kind: str, locale: str
) -> None:
    with thread_server(sqlite_url, bot_delay=0.3, deal_pause=60, grace_s=60) as s:
        made = create_table(s.base, [None, "easy", "easy"], rules={"start_score": 50})
        size = DESKTOP if kind == "desktop" else PHONE
        ctx = browser.new_context(locale=locale, reduced_motion=motion, **size)
        ctx.add_init_script(RECORD_MOTION)
        page = ctx.new_page()
        player = Player(page, "Аня", False, random.Random(3))
        page.goto(f"{s.base}/t/{made['id']}#s={made['token']}")
        page.wait_for_selector(".hand .card", timeout=15000)
        deadline = time.monotonic() + 120
        tricks = 0
        while tricks < 3 and not player.is_over():
            assert time.monotonic() < deadline, page.inner_text("#app")[:800]
            player.act()
            page.wait_for_timeout(60)
            game = s.tables.tables[made["id"]].game
            tricks = sum(len(d.observation(None).tricks) for d in game.deals)
        page.wait_for_timeout(1600)  # (the last trick's stay and its way to the taker)
        moves = page.evaluate("window.__moves")
        transition = page.evaluate(
            "getComputedStyle(document.querySelector('.hand .card') || document.body)"
            ".transitionDuration"
        )
        if motion == "reduce":
            assert moves == [], moves
            assert transition == "0s"
        else:
            assert "to-trick" in moves and "to-taker" in moves, moves
            assert transition != "0s"
        assert not player.errors
        ctx.close()


def test_at_the_end_play_again_at_a_new_table_and_review_the_game(
    browser: Any, sqlite_url: str, tmp_path: Path
) -> None:
    """Two people and a bot play a short game to its end; one asks «Ещё партию?» and goes to
    the new table, in her seat beside the same bot; the other is told on his screen, in
    English, and goes there too; «Review the game» opens the analysis of his seat."""
    with thread_server(sqlite_url, bot_delay=0.02, deal_pause=60, grace_s=60) as s:
        made = create_table(s.base, [None, "easy", None], name="Аня", rules={"start_score": 5})
        a = browser.new_context(locale="ru-RU", **DESKTOP).new_page()
        b = browser.new_context(locale="en-US", **PHONE).new_page()
        a.goto(f"{s.base}/t/{made['id']}#s={made['token']}")
        b.goto(f"{s.base}/t/{made['id']}")
        b.wait_for_selector("#join-name")
        b.fill("#join-name", "Борис")
        b.click("#join-btn")
        players = [
            Player(a, "Аня", False, random.Random(1)),
            Player(b, "Борис", False, random.Random(2)),
        ]
        deadline = time.monotonic() + 240
        while not all(p.is_over() for p in players):
            assert time.monotonic() < deadline, "the game did not end in time"
            if not any([p.act() for p in players]):
                a.wait_for_timeout(50)
        for page, again, review in ((a, "Ещё партию?", "Разобрать партию"),
                                    (b, "Play again?", "Review the game")):  # fmt: skip
            page.wait_for_selector("#play-again")
            assert page.inner_text("#play-again") == again
            assert page.inner_text("#review") == review
        for page, over in ((a, "Партия окончена"), (b, "The game is over")):
            # Said once, in the game-over box (the status under the hand says it no more);
            # the standings' headings apart from each other, on the phone too.
            assert page.locator(f"text={over}").count() == 1
            gaps = page.evaluate(
                "() => { const r = [...document.querySelectorAll('#standings thead th')]"
                ".map((th) => { const range = document.createRange();"
                " range.selectNodeContents(th); return range.getBoundingClientRect(); });"
                " return r.slice(1).map((x, i) => x.left - r[i].right); }"
            )
            assert gaps and min(gaps) >= 8, gaps
        _save(a, tmp_path, "living-game-over-desktop.png")
        _save(b, tmp_path, "living-game-over-phone.png")
        assert b.get_attribute("#review", "href") == f"/r/{made['id']}?seat=2#analysis"
        a.click("#play-again")
        a.wait_for_url(lambda url: "/t/" in url and made["id"] not in url, timeout=15000)
        new_id = a.url.rsplit("/", 1)[1]
        assert new_id != made["id"]
        a.wait_for_selector(".seat.me", timeout=15000)
        assert a.locator(".seat.me .who").inner_text() == "Аня"
        # Борис is told who asked, and his button takes his own seat at the new table.
        b.wait_for_selector("#again-by")
        assert b.inner_text("#again-by") == "Аня asks to play again, with the same players"
        b.click("#play-again")
        b.wait_for_url(f"**/t/{new_id}", timeout=15000)
        b.wait_for_selector(".seat.me", timeout=15000)
        assert b.locator(".seat.me .who").inner_text() == "Борис"
        names = b.locator(".ring .seat .who").all_inner_texts()
        assert sorted(names) == ["Аня", "Борис", "Глаша"]
        table = s.tables.tables[new_id]
        assert [x.bot for x in table.seats] == [None, "easy", None]
        assert table.rules.start_score == 5
        # «Review the game»: the replay of the finished table, the analysis of his seat.
        b.goto(f"{s.base}/r/{made['id']}?seat=2#analysis")
        b.wait_for_selector("#analysis-seat")
        assert b.locator("#analysis-seat").input_value() == "2"
        for page in (a, b):
            page.context.close()


@pytest.mark.parametrize("locale", ["ru-RU", "en-US"])
def test_a_long_name_without_a_space_does_not_widen_the_sheet(
    browser: Any, sqlite_url: str, tmp_path: Path, locale: str
) -> None:
    """A 32-character name with no space (the longest a name may be) at a desktop's 3-player
    sheet: cut at the column's widest, its whole name in the heading's title; the sheet still
    fits its box (no sideways scroll), and the short names are whole."""
    long = "Константинопольская" + "я" * 13
    assert len(long) == 32
    with thread_server(sqlite_url, bot_delay=0, deal_pause=60, grace_s=60) as s:
        made = create_table(s.base, [None, "easy", "easy"], name=long)
        page = browser.new_context(locale=locale, **DESKTOP).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{s.base}/t/{made['id']}#s={made['token']}")
        page.wait_for_selector(".sheet thead th .name", timeout=15000)
        heads = page.evaluate(
            "() => [...document.querySelectorAll('.sheet thead th .name')].map((n) =>"
            " [n.parentElement.title, n.textContent, n.scrollWidth > n.clientWidth + 1])"
        )
        assert heads[0] == [long, long, True]  # (cut on the screen, whole in its title)
        assert [cut for _, _, cut in heads[1:]] == [False, False]
        more = page.evaluate(
            "() => { const b = document.querySelector('.sheet-scroll');"
            " return b.scrollWidth - b.clientWidth; }"
        )
        assert more <= 1, more
        _save(page, tmp_path, f"living-long-name-{locale[:2]}.png")
        page.context.close()
    assert not errors
