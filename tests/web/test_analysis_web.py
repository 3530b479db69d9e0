"""Разбор партии on the web: the strong bot's analysis of a finished table's seat runs in
the background (never on the server's event loop), shows its progress, and is stored."""

from __future__ import annotations

import time
from typing import Any

import httpx

from rams.analysis import decisions
from rams.games.rams.rules import Rules
from rams.record import loads
from rams.web.store import SeatRow, Store
from rams.web.tables import hash_token
from tests.web.helpers import thread_server
from tests.web.test_browser_replay import store_finished

#: A short duel: a few deals, rated in seconds.
DUEL = ("duel", 2, {"start_score": 10})


def store_duel(store: Store, table_id: str, seed: int = 0) -> Any:
    preset, players, options = DUEL
    return store_finished(store, table_id, preset, players, options, seed)


def poll(base: str, table_id: str, seat: int, lang: str = "ru", timeout: float = 120) -> Any:
    """Ask for the analysis until it is no longer running."""
    deadline = time.monotonic() + timeout
    while True:
        r = httpx.get(f"{base}/api/tables/{table_id}/analysis?seat={seat}&lang={lang}")
        assert r.status_code == 200, r.text
        data = r.json()
        if data["status"] != "running":
            return data
        assert 0 <= data["done"] <= data["total"] or data["total"] == 0
        assert time.monotonic() < deadline, data
        time.sleep(0.1)


def test_an_analysis_runs_in_the_background_and_is_stored(sqlite_url: str) -> None:
    settings = {"bot_delay": 0, "deal_pause": 0, "grace_s": 60}
    with thread_server(sqlite_url, **settings) as server:
        base = server.base
        store_duel(server.store, "duel")
        record = loads(server.store.table("duel").record)
        before = httpx.get(f"{base}/api/tables/duel/analysis?seat=0")
        assert before.status_code == 200 and before.json()["status"] == "none"
        started = httpx.post(f"{base}/api/tables/duel/analysis?seat=0", timeout=10)
        assert started.status_code == 200, started.text
        assert started.json()["status"] == "running"
        # The event loop answers at once while the job runs (in its worker process).
        slowest, seen_running, progress = 0.0, False, []
        deadline = time.monotonic() + 120
        while True:
            t0 = time.monotonic()
            assert httpx.get(f"{base}/api/meta", timeout=10).status_code == 200
            slowest = max(slowest, time.monotonic() - t0)
            data = httpx.get(f"{base}/api/tables/duel/analysis?seat=0").json()
            if data["status"] != "running":
                break
            seen_running = True
            progress.append((data["done"], data["total"]))
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert seen_running and slowest < 2.0, slowest
        assert progress == sorted(progress)
        assert data["status"] == "done", data
        rated = data["ratings"]
        # Only that seat's decisions, each at most once, none with a negative loss.
        mine = {(deal, step) for deal, step, _, _ in decisions(record, 0)}
        assert rated and {(r["deal"], r["step"]) for r in rated} <= mine
        assert len({(r["deal"], r["step"]) for r in rated}) == len(rated)
        assert data["total"] == len(mine) and data["done"] == len(mine)
        for r in rated:
            assert r["loss"] >= 0 and r["best_value"] >= r["played_value"] - 1e-9
            assert r["costly"] == (r["loss"] > data["threshold"])
            assert r["line"].startswith("здесь вы потеряли ")
            assert "лучше было" in r["line"]
        assert any(r["costly"] for r in rated)
        assert data["summary"].startswith("Разобрано решений: ")
        english = httpx.get(f"{base}/api/tables/duel/analysis?seat=0&lang=en").json()
        assert [r["loss"] for r in english["ratings"]] == [r["loss"] for r in rated]
        assert all("better was" in r["line"] for r in english["ratings"])
        # Asked again, the stored result is answered (nothing restarts).
        again = httpx.post(f"{base}/api/tables/duel/analysis?seat=0").json()
        assert again["status"] == "done" and again["ratings"] == rated
        other = httpx.get(f"{base}/api/tables/duel/analysis?seat=1").json()
        assert other["status"] == "none"
    # A restarted server finds the stored result.
    with thread_server(sqlite_url, **settings) as server:
        r = httpx.post(f"{server.base}/api/tables/duel/analysis?seat=0")
        assert r.status_code == 200 and r.json()["status"] == "done"
        assert r.json()["ratings"] == rated
        row = server.store.analysis("duel", 0)
        assert row is not None and row.status == "done"


def test_only_a_finished_table_is_analysed(sqlite_url: str) -> None:
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        base = server.base
        store = server.store
        rules = Rules.preset("duel", 2, start_score=10)
        store.create_table("live", rules, [SeatRow("Аня", None, hash_token("a")), SeatRow("Б")])
        store.start_game("live", 0)
        for method in (httpx.post, httpx.get):
            refused = method(f"{base}/api/tables/live/analysis?seat=0")
            assert refused.status_code == 409 and refused.json()["code"] == "not_over"
            assert method(f"{base}/api/tables/nope/analysis?seat=0").status_code == 404
        store_duel(store, "done")
        for bad in ("2", "-1", "x", ""):
            r = httpx.post(f"{base}/api/tables/done/analysis?seat={bad}")
            assert r.status_code == 422, (bad, r.text)
        assert httpx.post(f"{base}/api/tables/done/analysis").status_code == 422
        assert store.analysis("done", 0) is None and store.analysis("live", 0) is None


def test_an_analysis_left_running_by_a_dead_server_restarts(sqlite_url: str) -> None:
    # (In a thread of the server, analysis_workers=0: the other way it may run.)
    settings = {"bot_delay": 0, "deal_pause": 0, "grace_s": 60, "analysis_workers": 0}
    with thread_server(sqlite_url, **settings) as server:
        store_duel(server.store, "duel", seed=1)
        # As a server killed mid-analysis leaves it: running, half done.
        server.store.begin_analysis("duel", 1)
        server.store.analysis_progress("duel", 1, 2, 5)
        stale = httpx.get(f"{server.base}/api/tables/duel/analysis?seat=1").json()
        assert stale["status"] == "failed"
        r = httpx.post(f"{server.base}/api/tables/duel/analysis?seat=1&lang=en")
        assert r.status_code == 200 and r.json()["status"] in ("running", "done")
        data = poll(server.base, "duel", 1, "en")
        assert data["status"] == "done" and data["done"] == data["total"]
        assert all(r["loss"] >= 0 for r in data["ratings"])
        assert data["summary"].startswith("Decisions rated: ")
