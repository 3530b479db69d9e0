"""Load on the web server: many bot-only tables played over loopback websockets.

Starts ``rams serve`` (SQLite in a temporary folder, or ``--database-url``), creates
``--tables`` tables of three seats — two played by client bots over websockets, choosing
at random among the legal actions the server sends, and one server bot (``easy``) — and
plays them all to the end, ``--concurrency`` at a time. It prints the latency of the
client actions (sent → acknowledged, which includes storing them), the actions per second,
and the server's memory (resident now and at its peak). A benchmark, not a test.

    .venv/bin/python benchmarks/web_load.py [--tables 200] [--concurrency 50]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _memory(pid: int) -> dict[str, float]:
    """Resident and peak resident memory of a process, in MiB (Linux /proc)."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0]) / 1024
    return out


def _choose(state: dict[str, Any], rng: random.Random) -> str | None:
    legal = state.get("legal")
    if not legal:
        return None
    if legal["cards"]:
        return str(rng.choice(legal["cards"]))
    if legal["swap"]:
        return "keep" if "keep" in legal["words"] else "swap " + rng.choice(legal["swap"])
    if legal["exchange"] is not None:
        k = rng.randint(0, legal["exchange"])
        return " ".join(["exchange", *rng.sample(state["hand"], k)])
    words = [w for w in legal["words"] if w != "dave"] or legal["words"]
    return str(rng.choice(words))


async def _seat(
    ws_url: str, token: str, rng: random.Random, latencies: list[float], floods: list[int]
) -> int:
    """Play one seat to the end of the game; returns the number of actions it took."""
    actions = 0
    async with connect(ws_url, max_size=2**22, open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        sent_at: float | None = None
        pending: str | None = None
        acted: tuple[int, int] | None = None
        ready_for = 0
        while True:
            m = json.loads(await asyncio.wait_for(ws.recv(), timeout=120))
            if m["type"] == "ack":
                if sent_at is not None:
                    latencies.append(time.perf_counter() - sent_at)
                    sent_at = pending = None
                actions += 1
                continue
            if m["type"] == "error":
                if m["code"] == "flood" and pending is not None:
                    floods.append(1)  # faster than a person may go: wait, send again
                    await asyncio.sleep(0.2)
                    sent_at = time.perf_counter()
                    await ws.send(pending)
                else:
                    sent_at, acted = None, None  # refused (stale): act on the next state
                continue
            if m["type"] != "state":
                continue
            if m["winner"] is not None:
                return actions
            if m.get("deal_over") and m["table"]["pausing"] and ready_for != m["deal"]:
                ready_for = m["deal"]
                await ws.send(json.dumps({"type": "ready"}))
                continue
            at = (m["deal"], m["step"])
            if sent_at is not None or acted == at:
                continue
            action = _choose(m, rng)
            if action is None:
                continue
            acted = at
            sent_at = time.perf_counter()
            pending = json.dumps({"type": "act", "action": action, "deal": at[0], "step": at[1]})
            await ws.send(pending)


async def _table(
    base: str,
    ws_base: str,
    rng: random.Random,
    args: argparse.Namespace,
    latencies: list[float],
    floods: list[int],
) -> int:
    async with httpx.AsyncClient(timeout=60) as http:
        r = await http.post(
            f"{base}/api/tables",
            json={
                "name": "load-1",
                "preset": args.preset,
                "players": 3,
                "bots": [None, None, "easy"],
                "rules": {"start_score": args.start_score},
            },
        )
        r.raise_for_status()
        made = r.json()
        r = await http.post(f"{base}/api/tables/{made['id']}/join", json={"name": "load-2"})
        r.raise_for_status()
        other = r.json()
    url = f"{ws_base}/ws/{made['id']}"
    counts = await asyncio.gather(
        _seat(url, made["token"], random.Random(rng.getrandbits(64)), latencies, floods),
        _seat(url, other["token"], random.Random(rng.getrandbits(64)), latencies, floods),
    )
    return sum(counts)


async def _run(base: str, ws_base: str, args: argparse.Namespace, pid: int) -> dict[str, Any]:
    rng = random.Random(args.seed)
    latencies: list[float] = []
    floods: list[int] = []
    sem = asyncio.Semaphore(args.concurrency)
    peak = {"VmRSS": 0.0}

    async def one() -> int:
        async with sem:
            seed = random.Random(rng.getrandbits(64))
            return await _table(base, ws_base, seed, args, latencies, floods)

    async def watch() -> None:
        while True:
            peak["VmRSS"] = max(peak["VmRSS"], _memory(pid)["VmRSS"])
            await asyncio.sleep(0.5)

    watcher = asyncio.create_task(watch())
    start = time.perf_counter()
    counts = await asyncio.gather(*(one() for _ in range(args.tables)))
    elapsed = time.perf_counter() - start
    watcher.cancel()
    lat = sorted(latencies)
    q = statistics.quantiles(lat, n=100)
    return {
        "tables": args.tables,
        "concurrency": args.concurrency,
        "client_actions": sum(counts),
        "seconds": round(elapsed, 1),
        "client_actions_per_s": round(sum(counts) / elapsed, 1),
        "flood_retries": len(floods),
        "latency_ms": {
            "p50": round(statistics.median(lat) * 1000, 2),
            "p90": round(q[89] * 1000, 2),
            "p99": round(q[98] * 1000, 2),
            "max": round(lat[-1] * 1000, 2),
        },
        "server_rss_mib_peak_sampled": round(peak["VmRSS"], 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=50, help="tables played at once")
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--start-score", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--database-url", help="default: SQLite in a temporary folder")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{tmp}/load.sqlite3"
        port = _port()
        base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "rams.cli",
                "serve",
                "--port",
                str(port),
                "--database-url",
                url,
                "--bot-delay",
                "0",
                "--deal-pause",
                "0",
                "--grace",
                "600",
                "--tables-per-minute",
                "1000000",  # every table comes from one address here
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    if httpx.get(f"{base}/api/meta", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start")
                time.sleep(0.1)
            idle = _memory(server.pid)
            result = asyncio.run(_run(base, ws_base, args, server.pid))
            end = _memory(server.pid)
            result["server_rss_mib_idle"] = round(idle["VmRSS"], 1)
            result["server_rss_mib_end"] = round(end["VmRSS"], 1)
            result["server_rss_mib_peak"] = round(end["VmHWM"], 1)
            result["database"] = "sqlite" if url.startswith("sqlite") else url.split(":")[0]
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(json.dumps(result, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
