"""Load on the web server: many bot-only tables played over loopback websockets.

Starts ``rams serve`` (SQLite in a temporary folder, or ``--database-url``), creates
``--tables`` tables of three seats — two played by client bots over websockets, choosing
at random among the legal actions the server sends, and one server bot (``easy``) — and
plays them all to the end, ``--concurrency`` at a time (each client seat acting at once, or
after ``--think`` seconds on average, as a person would). It prints the latency of the
client actions (sent → acknowledged, which includes storing them), the actions per second,
the server's CPU time for each client action (its processes' CPU over the run, from the OS,
divided by the client actions; the bots' worker processes and this load generator's own
CPU beside it), and the server's memory (resident now and at its peak). A benchmark, not a
test.

With ``--workers 2 --redis URL`` (and a PostgreSQL ``--database-url``) the server is two
processes on one port (``rams serve --workers``): the kernel gives each socket to either,
and a socket whose table the other process plays is sent to that process's own port
(``go``, protocol 3; rams.web.cluster), as the browser is; each new table is made by the
process that plays fewer. The memory is then the processes' sum.

    .venv/bin/python benchmarks/web_load.py [--tables 200] [--concurrency 50]
        [--database-url postgresql+psycopg://…] [--workers 2 --redis redis://…]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from _provenance import header, made_by
from _web import memory, play_table, serving

TICKS = os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(child) for child in out.split()]


def _servers(pid: int, supervised: bool = False) -> list[int]:
    """A server's processes that serve the sockets: itself, or with ``--workers``
    (``supervised``) its server processes (not the supervisor, nor the worker processes
    that think for the bots, build replays or analyse)."""
    workers = []
    if supervised:
        for child in _children(pid):
            with contextlib.suppress(OSError):
                if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                    workers.append(child)
    return workers or [pid]


def _cpu(pid: int) -> float:
    """A process's CPU time so far (user and system, from the OS), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # (utime, stime: fields 14 and 15)


def _tree_cpu(pid: int, supervised: bool = False) -> dict[int, tuple[str, float]]:
    """The CPU time so far of each process of a server: ``server`` for those that serve
    the sockets, ``worker`` for their descendants (the bots' worker processes)."""
    out: dict[int, tuple[str, float]] = {}
    servers = _servers(pid, supervised)
    todo = [(p, "server") for p in servers]
    while todo:
        p, kind = todo.pop()
        with contextlib.suppress(OSError, ValueError):  # (a process that just ended)
            out[p] = (kind, _cpu(p))
            todo += [(child, "worker") for child in _children(p)]
    return out


def _cpu_used(
    before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]
) -> dict[str, float]:
    """CPU seconds each kind of process used between two readings (a process that started
    meanwhile counts whole; one that ended meanwhile is lost to both readings)."""
    used = {"server": 0.0, "worker": 0.0}
    for p, (kind, cpu) in after.items():
        used[kind] += cpu - before.get(p, (kind, 0.0))[1]
    return used


def _tree_memory(pid: int, supervised: bool = False) -> dict[str, float]:
    """Resident and peak memory of a server: the sum of its server processes'
    (:func:`_servers`)."""
    total = {"VmRSS": 0.0, "VmHWM": 0.0}
    for worker in _servers(pid, supervised):
        with contextlib.suppress(OSError):  # (a process that just ended)
            m = memory(worker)
            for key in total:
                total[key] += m.get(key, 0.0)
    return total


async def _run(base: str, ws_base: str, args: argparse.Namespace, pid: int) -> dict[str, Any]:
    rng = random.Random(args.seed)
    latencies: list[float] = []
    floods: list[int] = []
    routes: list[str] = []
    sem = asyncio.Semaphore(args.concurrency)
    peak = {"VmRSS": 0.0}

    async def one(i: int) -> int:
        async with sem:
            seed = random.Random(rng.getrandbits(64))
            # Eight tables (16 sockets) an address: the server holds 32 an address at most.
            local = f"127.0.{1 + i // 2000}.{2 + i // 8 % 250}"
            return await play_table(
                base, ws_base, seed, args, latencies, floods, None, local, routes
            )

    async def watch() -> None:
        while True:
            peak["VmRSS"] = max(peak["VmRSS"], _tree_memory(pid, args.workers > 1)["VmRSS"])
            await asyncio.sleep(0.5)

    watcher = asyncio.create_task(watch())
    cpu_before, own_before = _tree_cpu(pid, args.workers > 1), time.process_time()
    start = time.perf_counter()
    counts = await asyncio.gather(*(one(i) for i in range(args.tables)))
    elapsed = time.perf_counter() - start
    cpu = _cpu_used(cpu_before, _tree_cpu(pid, args.workers > 1))
    own = time.process_time() - own_before
    watcher.cancel()
    actions = sum(counts)
    lat = sorted(latencies)
    q = statistics.quantiles(lat, n=100, method="inclusive")  # (never past the max)
    return {
        "tables": args.tables,
        "concurrency": args.concurrency,
        "think_s": args.think,
        "client_actions": actions,
        "seconds": round(elapsed, 1),
        "client_actions_per_s": round(actions / elapsed, 1),
        # The server's own CPU (its processes', from the OS) for each client action: far
        # steadier than the latency on a shared machine. Its bots' worker processes, and
        # this load generator (which shares the machine), beside it.
        "server_cpu_ms_per_action": round(cpu["server"] * 1000 / actions, 3),
        "server_cpu_s": round(cpu["server"], 2),
        "worker_cpu_s": round(cpu["worker"], 2),
        "loadgen_cpu_s": round(own, 2),
        "loadgen_cpu_ms_per_action": round(own * 1000 / actions, 3),
        "flood_retries": len(floods),
        # Sockets sent to their table's process (protocol 3), and connected again.
        "redirects": routes.count("go"),
        "reconnects": routes.count("again"),
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
    parser.add_argument("--workers", type=int, default=1, help="server processes (needs --redis)")
    parser.add_argument("--redis", metavar="URL", help="the Redis linking the processes")
    parser.add_argument(
        "--think-workers", type=int, help="the server's worker processes for the bots"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a client seat takes to act (a person's pace; default 0: at once)",
    )
    args = parser.parse_args()
    print(header(__file__), flush=True)
    provenance = made_by(__file__)  # (the commit the run starts on)
    extra = ["--workers", str(args.workers)]
    if args.think_workers is not None:
        extra += ["--think-workers", str(args.think_workers)]
    if args.redis:
        extra += ["--redis", args.redis]
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{tmp}/load.sqlite3"
        with serving(url, *extra) as server:
            time.sleep(3 if args.workers > 1 else 0)  # (every worker up)
            idle = _tree_memory(server.process.pid, args.workers > 1)
            result = asyncio.run(_run(server.base, server.ws_base, args, server.process.pid))
            end = _tree_memory(server.process.pid, args.workers > 1)
            result["server_rss_mib_idle"] = round(idle["VmRSS"], 1)
            result["server_rss_mib_end"] = round(end["VmRSS"], 1)
            result["server_rss_mib_peak"] = round(end["VmHWM"], 1)
            result["database"] = "sqlite" if url.startswith("sqlite") else url.split(":")[0]
            result["workers"] = args.workers
    result.update(provenance)
    print(json.dumps(result, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
