"""The replay page's Verify button (Playwright, Debian's Chromium): every deck of the
downloadable record recomputed in the browser with Web Crypto, the same verdict as
``rams verify``, and the browser's shuffle the same as rams.fair's."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rams.cards import pack
from rams.fair import commitment, deal_cards, shuffled_deck
from rams.record import Record, dumps
from rams.web.store import SeatRow, Store
from rams.web.tables import hash_token
from tests.test_fair import fair_game, long_fair_game
from tests.web.helpers import ThreadServer, create_table, thread_server
from tests.web.test_browser import pytestmark  # noqa: F401


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    url = f"sqlite:///{tmp_path_factory.mktemp('fair') / 'rams.sqlite3'}"
    with thread_server(url, bot_delay=0, deal_pause=0, grace_s=60) as s:
        yield s


def store_record(store: Store, table_id: str, record: Record, text: str | None = None) -> None:
    """A finished table whose stored record is ``text`` (by default ``record``'s)."""
    rows = [SeatRow(record.players[0], None, hash_token("anya"))]
    rows += [SeatRow(n, "easy") for n in record.players[1:]]
    store.create_table(table_id, record.rules, rows)
    store.start_game(table_id, 0)
    store.finish(table_id, text if text is not None else dumps(record))


def verdict(
    browser: Any, base: str, table_id: str, locale: str = "en-US", file: Path | None = None
) -> tuple[str, str]:
    """Open the replay, press Verify (or give it a record ``file``), and read the verdict's
    text and class."""
    ctx = browser.new_context(locale=locale)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/r/{table_id}")
    page.wait_for_selector("#verify")
    if file is None:
        page.click("#verify")
    else:
        page.set_input_files("#verify-file", str(file))
    page.wait_for_selector("#verify-verdict.proven, #verify-verdict.failed", timeout=20_000)
    text = page.inner_text("#verify-verdict")
    cls = page.get_attribute("#verify-verdict", "class") or ""
    ctx.close()
    assert errors == []
    return text, cls


def test_the_verify_button_proves_an_honest_record(browser: Any, server: ThreadServer) -> None:
    record = long_fair_game(2)
    store_record(server.store, "honest", record)
    text, cls = verdict(browser, server.base, "honest")
    n = len(record.deals)
    assert text == (
        f"The dealing is fair: {n} deals checked; every deck comes from the revealed server "
        "seed and the players' seeds."
    )
    assert "proven" in cls
    text, _ = verdict(browser, server.base, "honest", "ru-RU")
    assert text.startswith(f"Раздача честная: проверено сдач — {n};")


def test_the_verify_button_checks_the_turned_card_of_boston(
    browser: Any, server: ThreadServer
) -> None:
    record, _ = fair_game("boston", 4, 2, deals=2)
    store_record(server.store, "boston", record)
    assert "proven" in verdict(browser, server.base, "boston")[1]
    data = json.loads(dumps(record))
    turned = data["deals"][1]["turned"]
    data["deals"][1]["turned"] = "2S" if turned != "2S" else "3S"
    store_record(server.store, "boston-turned", record, json.dumps(data))
    text, cls = verdict(browser, server.base, "boston-turned")
    assert text == "Deal 2 is not proven: the deck is not the one the seeds give."
    assert "failed" in cls


def _seed(data: dict[str, Any]) -> None:
    data["deals"][1]["fair"]["client_seeds"]["1"] += "0"


def _deck(data: dict[str, Any]) -> None:
    cards = data["deals"][0]["deck"].split()
    cards[0], cards[-1] = cards[-1], cards[0]
    data["deals"][0]["deck"] = " ".join(cards)


def _commitment(data: dict[str, Any]) -> None:
    data["deals"][1]["fair"]["commitment"] = commitment("00" * 32)


def _hidden(data: dict[str, Any]) -> None:
    data["deals"][0]["fair"]["server_seed"] = None


def _gone(data: dict[str, Any]) -> None:
    del data["deals"][1]["fair"]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_seed, "Deal 2 is not proven: the deck is not the one the seeds give."),
        (_deck, "Deal 1 is not proven: the deck is not the one the seeds give."),
        (
            _commitment,
            "Deal 2 is not proven: the SHA-256 of the revealed server seed is not the "
            "commitment published before the deal.",
        ),
        (_hidden, "Deal 1 is not proven: the server seed is not revealed yet."),
        (
            _gone,
            "Deal 2 is not proven: the record holds no proof "
            "(the server's commitment and the seeds).",
        ),
    ],
    ids=["seed", "deck", "commitment", "hidden", "gone"],
)
def test_the_verify_button_names_the_deal_tampered_with(
    browser: Any, server: ThreadServer, change: Any, expected: str, tmp_path: Path
) -> None:
    """A tampered record the server serves (its replay still plays: the seeds changed), and
    any tampered record file given to the page (a changed deck no longer replays)."""
    record = long_fair_game(2)
    data = json.loads(dumps(record))
    change(data)
    text = json.dumps(data, ensure_ascii=False)
    if change is not _deck:
        table_id = f"tampered-{change.__name__.strip('_')}"
        store_record(server.store, table_id, record, text)
        said, cls = verdict(browser, server.base, table_id)
        assert said == expected and "failed" in cls
    if "file-table" not in _stored:
        store_record(server.store, "file-table", record)
        _stored.add("file-table")
    path = tmp_path / "tampered.json"
    path.write_text(text, encoding="utf-8")
    said, cls = verdict(browser, server.base, "file-table", file=path)
    assert said == expected and "failed" in cls


_stored: set[str] = set()


def test_a_record_file_is_verified_too(browser: Any, server: ThreadServer, tmp_path: Path) -> None:
    record, _ = fair_game("kony", 4, 3)
    store_record(server.store, "kony", record)
    path = tmp_path / "kony.json"
    path.write_text(dumps(record), encoding="utf-8")
    said, cls = verdict(browser, server.base, "kony", "ru-RU", file=path)
    assert said.startswith(f"Раздача честная: проверено сдач — {len(record.deals)};")
    assert "proven" in cls
    path.write_text("{ not json", encoding="utf-8")
    said, cls = verdict(browser, server.base, "kony", file=path)
    assert said == "This file is not a game record in JSON." and "failed" in cls


def test_the_browsers_shuffle_is_rams_fairs(browser: Any, server: ThreadServer) -> None:
    record = long_fair_game(1)
    store_record(server.store, "shuffle", record)
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(f"{server.base}/r/shuffle")
    page.wait_for_selector("#verify")
    cases = [
        ("00" * 32, {"1": "abc"}, "t1", 1, 32),
        ("0123456789abcdef" * 4, {"1": "anya", "3": "vera-seed_1"}, "tbl", 3, 30),
        ("ab" * 32, {}, "x", 12, 36),
        ("fe" * 32, {"10": "z", "2": "y"}, "T-_9", 400, 52),
    ]
    got = page.evaluate(
        """async (cases) => { const f = await import('/static/fair.js');
        const out = [];
        for (const [seed, seeds, table, k, size] of cases) {
          const d = await f.dealCards({ server_seed: seed, client_seeds: seeds, table }, k,
                                      f.packOf(size));
          out.push([d.deck, await d.turned(), await f.commitmentOf(seed)]);
        }
        return out; }""",
        cases,
    )
    for (seed, seeds, table, k, size), (deck, turned, hashed) in zip(cases, got, strict=True):
        by_seat = {int(s) - 1: v for s, v in seeds.items()}
        assert deck == shuffled_deck(seed, by_seat, table, k, pack(size))
        want_deck, extra = deal_cards(seed, by_seat, table, k, pack(size), ["turned"])
        assert (deck, turned) == (want_deck, extra["turned"])
        assert hashed == commitment(seed)
    ctx.close()


def test_the_table_page_brings_the_browsers_seeds(browser: Any, server: ThreadServer) -> None:
    """A seat's page sends a seed of its own in its hello (deal 1) and, once a deal is
    dealt, one for the next (its commitment already shown); each is kept in the browser."""
    made = create_table(server.base, [None, "easy", "easy"], rules={"start_score": 60})
    ctx = browser.new_context(locale="en-US")
    page = ctx.new_page()
    page.goto(f"{server.base}/t/{made['id']}#s={made['token']}")
    page.wait_for_selector("#fair-panel")
    live = server.tables.tables[made["id"]]
    deadline = time.monotonic() + 20
    while not (live.dealer.proofs and 0 in live.dealer.next_client_seeds):
        assert time.monotonic() < deadline, "no seeds came"
        time.sleep(0.05)
    summary = page.inner_text("#fair-panel summary")
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('rams.seeds.{made['id']}'))")
    # (The bots play on: a deal that ends before the page's seed for the next one came in
    # is dealt without it, and the seed counts for the deal after.)
    while True:  # (a snapshot between two deals)
        proofs = list(live.dealer.proofs)
        upcoming = dict(live.dealer.next_client_seeds)
        if len(live.dealer.proofs) == len(proofs):
            break
    assert all(len(seed) == 32 for seed in kept) and len(set(kept)) == len(kept)
    assert dict(proofs[0].client_seeds) == {0: kept[0]}  # the hello's
    used = [dict(p.client_seeds)[0] for p in proofs[1:] if p.client_seeds]
    used += upcoming.values()
    assert used == [seed for seed in kept[1:] if seed in used] and len(used) >= 1
    assert set(used) <= set(kept[1:])
    deal = int(summary.split("deal ")[1].split(":")[0])
    assert (
        summary == f"The server's commitment for deal {deal}: {proofs[deal - 1].commitment[:12]}…"
    )
    ctx.close()
