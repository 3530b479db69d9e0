"""Verifiable dealing at a web table (rams.fair): commitments published before the seeds
come in, every seed acknowledged with its deal, no server seed shown before the end, the
downloaded record proven (against the browser's own log too), a tampered copy not, a server
that drops a person's seed caught by that person's log, and the seeds kept across a restart
of the server."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from rams import fair
from rams.fair import Context, FairLog, commitment
from rams.record import loads
from rams.verify import verify_record
from tests.web.helpers import ROOT, Seat, create_table, over, play_until, thread_server

RAMS = [sys.executable, "-m", "rams.cli", "verify"]


def rams_verify(path: Path, *more: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*RAMS, str(path), *more, "--lang", "en"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def commitments_before_each_deal(messages: list[dict[str, Any]]) -> dict[int, str]:
    """For each deal, the commitment the table showed for it before any state of it."""
    shown: dict[int, str] = {}
    seen_deals: set[int] = set()
    for m in messages:
        table = m.get("table")
        if m["type"] == "state":
            seen_deals.add(m["deal"])
        nxt = (table or {}).get("fair", {}) and table["fair"]["next"]
        if nxt and nxt["deal"] not in seen_deals:
            shown.setdefault(nxt["deal"], nxt["commitment"])
    return shown


def test_a_websocket_game_is_proven_and_a_tampered_copy_is_not(
    sqlite_url: str, tmp_path: Path
) -> None:
    rng = random.Random(15)
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        for _ in range(5):
            made = create_table(server.base, [None, None, "easy"], rules={"start_score": 60})
            table_id = made["id"]
            first = made["table"]["fair"]["next"]
            assert first["deal"] == 1 and first["seeded"] == []
            joined = httpx.post(
                f"{server.base}/api/tables/{table_id}/join",
                json={"name": "Борис", "seed": "joiner-seed"},
                timeout=10,
            )
            assert joined.status_code == 200
            assert joined.json()["table"]["fair"]["next"]["seeded"] == [1]
            assert joined.json()["seed"] == {"seed": "joiner-seed", "deal": 1, "accepted": True}
            bad = httpx.post(
                f"{server.base}/api/tables/{table_id}/join", json={"name": "X", "seed": "a b"}
            )
            assert bad.status_code == 422  # (a malformed seed is refused, the seat stays free)
            anya = Seat(server.ws_base, table_id, None, hello=False)
            anya.send({"type": "hello", "token": made["token"], "lang": "en", "seed": "hello-seed"})
            welcome = anya.until(lambda m: m["type"] == "welcome")
            assert anya.recv() == {
                "type": "seed",
                "seed": "hello-seed",
                "deal": 1,
                "accepted": True,
            }
            assert welcome["table"]["fair"]["context"] == {
                "rules": {"preset": "classic", "start_score": 60},
                "seats": [
                    {"name": "Аня", "bot": None},
                    {"name": "Борис", "bot": None},
                    {"name": "Кузьма", "bot": "easy"},  # (a bot is named by its seat)
                ],
            }
            boris = Seat(server.ws_base, table_id, joined.json()["token"])
            boris.until(lambda m: m["type"] == "state")
            boris.send({"type": "seed", "seed": "second-deal"})
            answer = boris.until(lambda m: m["type"] == "seed")
            assert answer == {"type": "seed", "seed": "second-deal", "deal": 2, "accepted": True}
            boris.send({"type": "seed", "seed": "again"})
            assert boris.until(lambda m: m["type"] == "seed")["accepted"] is False
            boris.send({"type": "seed", "seed": "late", "deal": 1})  # (deal 1 is dealt)
            late = boris.until(lambda m: m["type"] == "seed")
            assert late == {"type": "seed", "seed": "late", "deal": 2, "accepted": False}
            # While the game goes on its record is not served.
            assert httpx.get(f"{server.base}/api/tables/{table_id}/record").status_code == 409
            seats = [anya, boris]
            play_until(seats, rng, over(seats), timeout=120)
            response = httpx.get(f"{server.base}/api/tables/{table_id}/record")
            assert response.status_code == 200
            if len(loads(response.text).deals) >= 2:  # (a game of one deal: again)
                break
    record = loads(response.text)
    assert len(record.deals) >= 2
    assert [v.reason for v in verify_record(record)] == [None] * len(record.deals)
    proofs = [d.fair for d in record.deals]
    assert all(p is not None and p.server_seed is not None and p.table == table_id for p in proofs)
    assert proofs[0] is not None and proofs[1] is not None
    assert dict(proofs[0].client_seeds) == {0: "hello-seed", 1: "joiner-seed"}
    assert dict(proofs[1].client_seeds) == {1: "second-deal"}
    # Each deal's commitment was shown before the deal, and no server seed ever was.
    assert first["commitment"] == proofs[0].commitment
    assert joined.json()["table"]["fair"]["next"]["commitment"] == proofs[0].commitment
    for seat in seats:
        shown = commitments_before_each_deal(seat.messages)
        for k, proof in enumerate(proofs, start=1):  # (Борис came in after deal 1 was dealt)
            assert proof is not None
            assert (k == 1 and seat is boris) or shown[k] == proof.commitment
        said = json.dumps(seat.messages)
        assert all(p is not None and p.server_seed not in said for p in proofs)

    path = tmp_path / "game.json"
    path.write_text(response.text, encoding="utf-8")
    done = rams_verify(path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("The dealing is fair:")
    assert "the scores, the winners and the payouts are as written." in done.stdout

    data = json.loads(response.text)
    last = len(data["deals"])
    cards = data["deals"][-1]["deck"].split()
    cards[1], cards[2] = cards[2], cards[1]
    data["deals"][-1]["deck"] = " ".join(cards)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    done = rams_verify(path)
    assert done.returncode == 2
    assert done.stdout == (
        f"The dealing is not proven: deal {last}: the deck is not the one the seeds give.\n"
    )

    data = json.loads(response.text)
    data["deals"][0]["fair"]["client_seeds"]["1"] = "hello-seee"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert rams_verify(path).stdout.startswith("The dealing is not proven: deal 1: the deck")

    data = json.loads(response.text)
    data["deals"][1]["fair"]["commitment"] = commitment("00" * 32)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert rams_verify(path).stdout.startswith("The dealing is not proven: deal 2: the SHA-256")


def acks(seat: Seat) -> int:
    return sum(m["type"] == "ack" for m in seat.messages)


def test_the_seeds_are_kept_across_a_restart(sqlite_url: str) -> None:
    rng = random.Random(3)
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        for _ in range(10):  # (a game that is not over after three actions)
            made = create_table(server.base, [None, "easy", "easy"], rules={"start_score": 30})
            me = Seat(server.ws_base, made["id"], None, hello=False)
            me.send({"type": "hello", "token": made["token"], "lang": "ru", "seed": "before"})
            play_until([me], rng, lambda seat=me: acks(seat) >= 3)
            me.close()
            # (Held here: a table whose last write the shutdown cut short is let go from
            # the server's memory as it stops, to be resumed from the database.)
            live = server.tables.tables.get(made["id"])
            if live is not None and live.game is not None and not live.game.is_over:
                break  # (a short game can end within three actions: another one then)
    assert live is not None and live.game is not None and not live.game.is_over
    before = live.public()["fair"]  # (the server stopped: nothing moves any more)
    assert before["current"] is not None
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        me = Seat(server.ws_base, made["id"], made["token"])
        state = me.until(lambda m: m["type"] == "state", timeout=60)
        assert state["table"]["fair"] == before  # the same commitments, the same seeds
        play_until([me], rng, over([me]), timeout=120)
        record = loads(httpx.get(f"{server.base}/api/tables/{made['id']}/record").text)
    assert [v.reason for v in verify_record(record)] == [None] * len(record.deals)
    first = record.deals[0].fair
    assert first is not None and dict(first.client_seeds) == {0: "before"}
    proof = record.deals[before["current"]["deal"] - 1].fair
    assert proof is not None and proof.commitment == before["current"]["commitment"]
    if len(record.deals) > before["current"]["deal"]:  # the next deal: the one promised
        after = record.deals[before["current"]["deal"]].fair
        assert after is not None and after.commitment == before["next"]["commitment"]


class BrowserSeat(Seat):
    """A seat that keeps its log as the table page does (static/fair.js): each deal's
    commitment from the table's ``fair.next`` (the first seen), the context, and every seed
    the server acknowledged; and that sends a seed for the next deal, naming it, once its
    commitment is out."""

    def __init__(self, ws_base: str, table_id: str, token: str, log: FairLog) -> None:
        self.log = log
        self.seat: int | None = None
        self.seeded: set[int] = set()
        super().__init__(ws_base, table_id, None, hello=False)
        self.token = token

    def hello(self) -> None:
        """The hello, with a seed for the deal whose commitment the log has and no seed of
        this seat yet (as the page does when it comes back)."""
        message: dict[str, Any] = {"type": "hello", "token": self.token, "lang": "en"}
        waiting = [k for k, d in self.log.deals.items() if d.commitment and not d.seeds]
        if waiting:
            message.update(seed=fair.new_client_seed(), deal=max(waiting))
            self.seeded.add(max(waiting))
        self.send(message)

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        m = super().recv(timeout)
        if m["type"] == "welcome":
            self.seat = m["seat"]
        shown = (m.get("table") or {}).get("fair") if isinstance(m.get("table"), dict) else None
        if shown:
            if shown["context"] is not None:
                self.log.saw_context(shown["scheme"], Context.from_json(shown["context"]))
            upcoming = shown["next"]
            if upcoming is not None:
                self.log.saw_commitment(upcoming["deal"], upcoming["commitment"])
                k = upcoming["deal"]
                mine = self.seat is not None and self.seat not in upcoming["seeded"]
                if mine and k not in self.seeded:
                    self.seeded.add(k)
                    self.send({"type": "seed", "seed": fair.new_client_seed(), "deal": k})
        if m["type"] == "seed" and m["accepted"]:
            assert self.seat is not None
            self.log.saw_seed(m["deal"], self.seat, m["seed"])
        return m


def play_logged(server: Any, rng: random.Random) -> tuple[str, dict[str, Any], list[FairLog]]:
    """A game of two people and a bot, each person's browser keeping its log; the table
    id, the first state's table and the two logs."""
    made = create_table(server.base, [None, None, "easy"], rules={"start_score": 40})
    table_id = made["id"]
    anya_log, boris_log = FairLog(table_id), FairLog(table_id)
    # The creator's page noted deal 1's commitment from the answer before it said hello.
    anya_log.saw_commitment(1, made["table"]["fair"]["next"]["commitment"])
    shown = httpx.get(f"{server.base}/api/tables/{table_id}").json()["fair"]["next"]
    boris_log.saw_commitment(shown["deal"], shown["commitment"])
    seed = fair.new_client_seed()
    joined = httpx.post(
        f"{server.base}/api/tables/{table_id}/join", json={"name": "Борис", "seed": seed}
    ).json()
    assert joined["seed"] == {"seed": seed, "deal": 1, "accepted": True}
    boris_log.saw_seed(1, joined["seat"], seed)
    anya = BrowserSeat(server.ws_base, table_id, made["token"], anya_log)
    anya.hello()
    boris = BrowserSeat(server.ws_base, table_id, joined["token"], boris_log)
    boris.hello()
    seats = [anya, boris]
    play_until(seats, rng, over(seats), timeout=120)
    return table_id, made["table"], [anya_log, boris_log]


def test_a_tables_deals_verify_with_each_browsers_log(sqlite_url: str, tmp_path: Path) -> None:
    rng = random.Random(24)
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        for _ in range(5):
            table_id, _, logs = play_logged(server, rng)
            text = httpx.get(f"{server.base}/api/tables/{table_id}/record").text
            record = loads(text)
            if len(record.deals) >= 2:
                break
        row = server.store.table(table_id)
    assert row is not None and row.first_dealer == record.deals[0].dealer  # (drawn, stored)
    assert all(verify_record(record))
    assert all(p is not None and p.scheme == fair.SCHEME for p in (d.fair for d in record.deals))
    assert record.result is not None and record.meta["bots"] == [None, None, "easy"]
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    n = len(record.deals)
    for who, log in zip(("anya", "boris"), logs, strict=True):
        # Each browser saw every deal's commitment before it, and its seed counted in each.
        assert all(log.deals[k].commitment for k in range(1, n + 1))
        assert all(log.deals[k].seeds for k in range(1, n + 1))
        mine = tmp_path / f"{who}.json"
        mine.write_text(json.dumps(log.to_json(), ensure_ascii=False), encoding="utf-8")
        done = rams_verify(path, "--mine", str(mine))
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.endswith(
            f"It matches your log: {n} commitments of the server and {n} seeds of yours.\n"
        )
    # Another table's log does not match this record.
    other = tmp_path / "other.json"
    other.write_text(json.dumps({**logs[0].to_json(), "table": "elsewhere"}), encoding="utf-8")
    done = rams_verify(path, "--mine", str(other))
    assert done.returncode == 2
    assert done.stdout.startswith("The record is not what you were shown: the record is of")


def test_a_server_that_drops_a_persons_seed_is_caught_by_the_log(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dishonest server (its dealer patched): Аня's seed for deal 2 is acknowledged, then
    left out and the deck dealt without it. The record is consistent in itself — ``rams
    verify`` alone proves it — but Аня's log holds the seed the server acknowledged."""
    honest_deal = fair.Dealer.deal

    def dropping(self: fair.Dealer, *args: Any, **kwargs: Any) -> Any:
        if self.next_deal == 2:
            self.next_client_seeds.pop(0, None)
        return honest_deal(self, *args, **kwargs)

    monkeypatch.setattr(fair.Dealer, "deal", dropping)
    rng = random.Random(7)
    with thread_server(sqlite_url, bot_delay=0, deal_pause=0, grace_s=60) as server:
        for _ in range(5):
            table_id, _, logs = play_logged(server, rng)
            text = httpx.get(f"{server.base}/api/tables/{table_id}/record").text
            if len(loads(text).deals) >= 2:
                break
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    assert rams_verify(path).returncode == 0
    anya_log = tmp_path / "anya.json"
    anya_log.write_text(json.dumps(logs[0].to_json(), ensure_ascii=False), encoding="utf-8")
    done = rams_verify(path, "--mine", str(anya_log))
    seed = logs[0].deals[2].seeds[0]
    assert done.returncode == 2
    assert done.stdout == (
        f"The record is not what you were shown: deal 2: your seed {seed[:12]}… is not in the "
        "record as Аня's.\n"
    )
    boris_log = tmp_path / "boris.json"  # (Борис's seeds all counted)
    boris_log.write_text(json.dumps(logs[1].to_json(), ensure_ascii=False), encoding="utf-8")
    assert rams_verify(path, "--mine", str(boris_log)).returncode == 0
