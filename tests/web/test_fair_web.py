"""Verifiable dealing at a web table (rams.fair): commitments published before the seeds
come in, no server seed shown before the end, the downloaded record proven, a tampered copy
not, and the seeds kept across a restart of the server."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

from rams.fair import commitment, verify_record
from rams.record import loads
from tests.web.helpers import ROOT, Seat, create_table, over, play_until, thread_server

RAMS = [sys.executable, "-m", "rams.cli", "verify"]


def rams_verify(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*RAMS, str(path), "--lang", "en"], capture_output=True, text=True, cwd=ROOT, timeout=60
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
            bad = httpx.post(
                f"{server.base}/api/tables/{table_id}/join", json={"name": "X", "seed": "a b"}
            )
            assert bad.status_code == 422  # (a malformed seed is refused, the seat stays free)
            anya = Seat(server.ws_base, table_id, None, hello=False)
            anya.send({"type": "hello", "token": made["token"], "lang": "en", "seed": "hello-seed"})
            boris = Seat(server.ws_base, table_id, joined.json()["token"])
            boris.until(lambda m: m["type"] == "state")
            boris.send({"type": "seed", "seed": "second-deal"})
            answer = boris.until(lambda m: m["type"] == "seed")
            assert answer == {"type": "seed", "deal": 2, "accepted": True}
            boris.send({"type": "seed", "seed": "again"})
            assert boris.until(lambda m: m["type"] == "seed")["accepted"] is False
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

    data = json.loads(response.text)
    last = len(data["deals"])
    cards = data["deals"][-1]["deck"].split()
    cards[1], cards[2] = cards[2], cards[1]
    data["deals"][-1]["deck"] = " ".join(cards)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    done = rams_verify(path)
    assert done.returncode == 2
    assert done.stdout == f"Deal {last} is not proven: the deck is not the one the seeds give.\n"

    data = json.loads(response.text)
    data["deals"][0]["fair"]["client_seeds"]["1"] = "hello-seee"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert rams_verify(path).stdout.startswith("Deal 1 is not proven: the deck")

    data = json.loads(response.text)
    data["deals"][1]["fair"]["commitment"] = commitment("00" * 32)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert rams_verify(path).stdout.startswith("Deal 2 is not proven: the SHA-256")


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
            if made["id"] in server.tables.tables:
                break
    live = server.tables.tables[made["id"]]
    assert live.game is not None and not live.game.is_over
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
