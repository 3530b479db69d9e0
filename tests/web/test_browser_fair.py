"""The replay page's Verify button (Playwright, Debian's Chromium): every deck of the
downloadable record recomputed in the browser with Web Crypto, the same verdict as
``rams verify``, the browser's shuffle the same as rams.fair's (both schemes); the record
held against the log the browser keeps of what it was shown (a seed and its commitment
swapped afterwards caught), that log offered for download, and the table page keeping it."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rams.cards import pack
from rams.fair import FairLog, commitment, deal_cards, shuffled_deck
from rams.record import Record, dumps
from rams.web.store import SeatRow, Store
from rams.web.tables import hash_token
from tests.test_fair import (
    CONTEXT,
    _a_seed_chosen_after_the_seeds,
    fair_game,
    long_fair_game,
)
from tests.web.helpers import ThreadServer, thread_server
from tests.web.test_browser import pytestmark  # noqa: F401


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    url = f"sqlite:///{tmp_path_factory.mktemp('fair') / 'rams.sqlite3'}"
    with thread_server(url, bot_delay=0, deal_pause=0, grace_s=60) as s:
        yield s


NO_LOG = "This browser holds no log of this table: the record was checked only against itself."


def proven(n: int) -> str:
    return (
        f"The dealing is fair: {n} deals checked; every deck and the first dealer come from the "
        "revealed server seeds and the seeds of the people at the table, for this table, these "
        "rules and this seating."
    )


def store_record(store: Store, table_id: str, record: Record, text: str | None = None) -> None:
    """A finished table whose stored record is ``text`` (by default ``record``'s)."""
    rows = [SeatRow(record.players[0], None, hash_token("anya"))]
    rows += [SeatRow(n, "easy") for n in record.players[1:]]
    store.create_table(table_id, record.rules, rows)
    store.start_game(table_id, 0)
    store.finish(table_id, text if text is not None else dumps(record))


def verdict(
    browser: Any,
    base: str,
    table_id: str,
    locale: str = "en-US",
    file: Path | None = None,
    log: FairLog | None = None,
) -> tuple[str, str]:
    """Open the replay, press Verify (or give it a record ``file``), and read the verdict's
    text and class; with ``log``, this browser's log of the table is that one."""
    ctx = browser.new_context(locale=locale)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    if log is not None:  # (stored as the table page stores it, before the replay opens)
        page.goto(f"{base}/")
        page.evaluate(
            "([key, value]) => localStorage.setItem(key, value)",
            [f"rams.fair.{log.table}", json.dumps(log.to_json(), ensure_ascii=False)],
        )
    page.goto(f"{base}/r/{table_id}")
    page.wait_for_selector("#verify")
    if file is None:
        page.click("#verify")
    else:  # (as a person does: the page's own button opens the browser's file chooser)
        button = page.locator("label.file-button")
        words = {"ru-RU": "Проверить файл записи…", "en-US": "Verify a record file…"}[locale]
        assert button.inner_text() == words
        assert page.locator("#verify-file").is_hidden()  # (no «Choose File» in its words)
        with page.expect_file_chooser() as chooser:
            button.click()
        chooser.value.set_files(str(file))
    page.wait_for_selector("#verify-verdict.proven, #verify-verdict.failed", timeout=20_000)
    text = page.inner_text("#verify-verdict")
    cls = page.get_attribute("#verify-verdict", "class") or ""
    ctx.close()
    assert errors == []
    return text, cls


def test_the_verify_button_proves_an_honest_record(browser: Any, server: ThreadServer) -> None:
    record, log = long_fair_game(2, name="honest")
    table_id = record.meta["table"]
    store_record(server.store, table_id, record)
    text, cls = verdict(browser, server.base, table_id)
    n = len(record.deals)
    assert text == f"{proven(n)} {NO_LOG}"
    assert "proven" in cls
    text, _ = verdict(browser, server.base, table_id, "ru-RU")
    assert text.startswith(f"Раздача честная: проверено сдач — {n};")
    assert text.endswith("запись проверена только сама с собой.")
    text, cls = verdict(browser, server.base, table_id, log=log)
    assert text == (
        f"{proven(n)} It matches your log: {n} commitments of the server and {n} seeds of yours."
    )
    assert "proven" in cls


def test_the_verify_button_catches_a_seed_and_commitment_swapped_afterwards(
    browser: Any, server: ThreadServer, tmp_path: Path
) -> None:
    """A dishonest server dealt deal 2 from a seed it chose after the people's seeds came
    in, and wrote that seed's own commitment: the record is consistent in itself, but the
    page's stored log holds the commitment it was shown before the deal. The log is offered
    for download beside the record."""
    record, log = long_fair_game(2, cheat=_a_seed_chosen_after_the_seeds, name="swapped")
    table_id = record.meta["table"]
    store_record(server.store, table_id, record)
    text, cls = verdict(browser, server.base, table_id)
    assert text == f"{proven(len(record.deals))} {NO_LOG}"  # (alone it cannot tell)
    shown = log.deals[2].commitment
    proof = record.deals[1].fair
    assert shown is not None and proof is not None
    text, cls = verdict(browser, server.base, table_id, log=log)
    assert text == (
        "The record is not what you were shown: deal 2: the server's commitment in the record "
        f"({proof.commitment[:12]}…) is not the one you were shown before the deal "
        f"({shown[:12]}…)."
    )
    assert "failed" in cls
    text, _ = verdict(browser, server.base, table_id, "ru-RU", log=log)
    assert text.startswith("Запись не совпадает с тем, что показали вам: сдача 2 — обязательство")
    # The record file checked against the same log (found by the record's table).
    path = tmp_path / "record.json"
    path.write_text(dumps(record), encoding="utf-8")
    text, cls = verdict(browser, server.base, table_id, file=path, log=log)
    assert text.startswith("The record is not what you were shown: deal 2:") and "failed" in cls
    # The download.
    ctx = browser.new_context(locale="en-US")
    page = ctx.new_page()
    page.goto(f"{server.base}/")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"rams.fair.{table_id}", json.dumps(log.to_json())],
    )
    page.goto(f"{server.base}/r/{table_id}")
    link = page.wait_for_selector("#log-download")
    assert link.inner_text() == "Download your log of the dealing"
    with page.expect_download() as info:
        link.click()
    download = info.value
    assert download.suggested_filename == f"rams-{table_id}.fair-log.json"
    saved = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert FairLog.from_json(saved) == log
    ctx.close()


def test_the_verify_button_checks_the_turned_card_of_boston(
    browser: Any, server: ThreadServer
) -> None:
    record, _, _ = fair_game("boston", 4, 2, deals=2)
    store_record(server.store, "boston", record)
    assert "proven" in verdict(browser, server.base, "boston")[1]
    data = json.loads(dumps(record))
    turned = data["deals"][1]["turned"]
    data["deals"][1]["turned"] = "2S" if turned != "2S" else "3S"
    store_record(server.store, "boston-turned", record, json.dumps(data))
    text, cls = verdict(browser, server.base, "boston-turned")
    assert text == "The dealing is not proven: deal 2: the deck is not the one the seeds give."
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


def _bot_seed(data: dict[str, Any]) -> None:
    data["deals"][0]["fair"]["client_seeds"]["2"] = "ground"  # (P2 is a bot)


def _names(data: dict[str, Any]) -> None:
    data["players"][0], data["players"][2] = data["players"][2], data["players"][0]


def _first_dealer(data: dict[str, Any]) -> None:
    for d in data["deals"]:  # (the rotation kept: only the draw can tell)
        d["dealer"] = d["dealer"] % 3 + 1


def _table(data: dict[str, Any]) -> None:
    data["deals"][1]["fair"]["table"] = "elsewhere"


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_seed, "The dealing is not proven: deal 2: the deck is not the one the seeds give."),
        (_deck, "The dealing is not proven: deal 1: the deck is not the one the seeds give."),
        (
            _commitment,
            "The dealing is not proven: deal 2: the SHA-256 of the revealed server seed is not "
            "the commitment published before the deal.",
        ),
        (_hidden, "The dealing is not proven: deal 1: the server seed is not revealed yet."),
        (
            _gone,
            "The dealing is not proven: deal 2: the record holds no proof "
            "(the server's commitment and the seeds).",
        ),
        (
            _bot_seed,
            "The dealing is not proven: deal 1: it holds a seed for P2, a bot; only people "
            "bring seeds (a bot's could have been chosen by the server).",
        ),
        (
            _names,
            "The dealing is not proven: deal 1: it was dealt for other rules or another seating "
            "than the record's.",
        ),
        (
            _first_dealer,
            "The dealing is not proven: deal 1: {got} deals first, but the seeds draw {want} (D4).",
        ),
        (
            _table,
            "The dealing is not proven: deal 2: its proof is for another table (elsewhere); the "
            "record is of table {table}.",
        ),
    ],
    ids=["seed", "deck", "commitment", "hidden", "gone", "bot", "names", "dealer", "table"],
)
def test_the_verify_button_names_the_deal_tampered_with(
    browser: Any, server: ThreadServer, change: Any, expected: str, tmp_path: Path
) -> None:
    """A tampered record the server serves (its replay still plays: the seeds changed), and
    any tampered record file given to the page (a changed deck no longer replays)."""
    record, _ = long_fair_game(2)
    data = json.loads(dumps(record))
    drawn = data["deals"][0]["dealer"]
    expected = expected.format(
        got=f"P{drawn % 3 + 1}", want=f"P{drawn}", table=record.meta["table"]
    )
    change(data)
    text = json.dumps(data, ensure_ascii=False)
    if change not in (_deck, _names, _first_dealer):  # (those the server's replay refuses)
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
    record, _, _ = fair_game("kony", 4, 3)
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
    record, _ = long_fair_game(1)
    store_record(server.store, "shuffle", record)
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(f"{server.base}/r/shuffle")
    page.wait_for_selector("#verify")
    context = CONTEXT.to_json()
    cases = [
        ("00" * 32, {"1": "abc"}, "t1", 1, 32, None),
        ("0123456789abcdef" * 4, {"1": "anya", "3": "vera-seed_1"}, "tbl", 3, 30, None),
        ("ab" * 32, {}, "x", 12, 36, None),
        ("fe" * 32, {"10": "z", "2": "y"}, "T-_9", 400, 52, None),
        ("00" * 32, {"1": "abc"}, "t1", 1, 32, context),
        ("fe" * 32, {"1": "z"}, "T-_9", 1, 52, context),
        ("ab" * 32, {"1": "q"}, "x", 2, 36, context),
    ]
    got = page.evaluate(
        """async (cases) => { const f = await import('/static/fair.js');
        const out = [];
        for (const [seed, seeds, table, k, size, context] of cases) {
          const fair = { server_seed: seed, client_seeds: seeds, table };
          if (context) Object.assign(fair, { scheme: "rams-fair/2",
                                             context: await f.contextDigest(context) });
          const d = await f.dealCards(fair, k, f.packOf(size));
          out.push([d.deck, await d.turned(), await d.dealer(3), await f.commitmentOf(seed),
                    context ? f.canonicalJson(context) : null, fair.context || null]);
        }
        return out; }""",
        cases,
    )
    for case, result in zip(cases, got, strict=True):
        seed, seeds, table, k, size, shown = case
        deck, turned, dealer, hashed, canonical, digest = result
        bound = CONTEXT if shown is not None else None
        by_seat = {int(s) - 1: v for s, v in seeds.items()}
        assert deck == shuffled_deck(seed, by_seat, table, k, pack(size), bound)
        want_deck, extra = deal_cards(seed, by_seat, table, k, pack(size), ["turned"], bound)
        assert (deck, turned) == (want_deck, extra["turned"])
        if bound is not None:  # the canonical JSON byte for byte, the digest, deal 1's dealer
            assert canonical == CONTEXT.canonical().decode() and digest == CONTEXT.digest()
            if k == 1:
                assert dealer == extra["dealer"]
        assert hashed == commitment(seed)
    ctx.close()


def test_the_table_page_brings_the_browsers_seeds_and_logs_what_it_was_shown(
    browser: Any, server: ThreadServer
) -> None:
    """A seat's page notes deal 1's commitment as the table is made, brings a seed of its
    own for it in its hello, naming the deal, and once a deal is dealt one for the next (its
    commitment logged first); the log in the browser holds each commitment, each seed the
    server acknowledged, the scheme and the context — what the dealer has."""
    ctx = browser.new_context(locale="en-US")
    page = ctx.new_page()
    page.goto(f"{server.base}/")  # the create page: Аня and two bots
    page.wait_for_selector("#create-form")
    page.fill("#name", "Аня")
    page.fill("#players", "3")
    page.locator("#players").dispatch_event("change")
    page.wait_for_selector("[data-seat='2']")
    page.fill("#name", "Аня")
    page.select_option("[data-seat='1']", "bot:easy")
    page.select_option("[data-seat='2']", "bot:easy")
    page.fill("#start_score", "60")
    page.click("#create")
    page.wait_for_url(f"{server.base}/t/*")
    made = {"id": page.url.rsplit("/", 1)[1]}
    page.wait_for_selector("#fair-panel")
    live = server.tables.tables[made["id"]]
    dealer = live.dealer
    deadline = time.monotonic() + 20
    while not (dealer.proofs and 0 in dealer.next_client_seeds):
        assert time.monotonic() < deadline, "no seeds came"
        time.sleep(0.05)
    summary = page.inner_text("#fair-panel summary")
    while True:  # (a snapshot between two deals)
        proofs = list(dealer.proofs)
        upcoming = dict(dealer.next_client_seeds)
        next_commitment = dealer.next_commitment
        if len(dealer.proofs) == len(proofs):
            break
    deadline = time.monotonic() + 10
    while True:  # (the acknowledgement of the last seed reaches the page)
        kept = page.evaluate(f"JSON.parse(localStorage.getItem('rams.fair.{made['id']}'))")
        if kept["deals"].get(str(len(proofs) + 1), {}).get("seeds"):
            break
        assert time.monotonic() < deadline, kept
        time.sleep(0.05)
    assert kept["format"] == "rams-fair-log/1" and kept["table"] == made["id"]
    assert kept["scheme"] == "rams-fair/2"
    assert kept["context"] == dealer.context.to_json()
    assert proofs[0].client_seeds == ((0, kept["deals"]["1"]["seeds"]["1"]),)  # the hello's
    for k, proof in enumerate(proofs, start=1):
        assert kept["deals"][str(k)]["commitment"] == proof.commitment
        mine = kept["deals"][str(k)]["seeds"].get("1")
        assert mine is None or dict(proof.client_seeds)[0] == mine
    after = kept["deals"][str(len(proofs) + 1)]
    assert after == {"commitment": next_commitment, "seeds": {"1": upcoming[0]}}
    seeds = [d["seeds"]["1"] for d in kept["deals"].values() if d["seeds"]]
    assert all(len(seed) == 32 for seed in seeds) and len(set(seeds)) == len(seeds)
    deal = int(summary.split("deal ")[1].split(":")[0])
    assert (
        summary == f"The server's commitment for deal {deal}: {proofs[deal - 1].commitment[:12]}…"
    )
    ctx.close()
