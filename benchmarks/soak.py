"""A soak of the web server: ``--tables`` bot tables kept playing for ``--minutes``.

Starts ``rams serve`` (SQLite in a temporary folder, or ``--database-url``) and keeps
``--tables`` tables playing over loopback websockets, the same tables as
``benchmarks/web_load.py`` (two client bots choosing at random among the legal actions, one
``easy`` server bot); when a table ends, a new one takes its place. Every ``--every``
seconds it samples the server's resident memory (and its peak), the latency of the client
actions of that interval (sent → acknowledged: p50, p99), the actions per second, the
tables finished, and the errors (a table whose connection or request failed; ``refused``
counts the server's answers ``stale`` and the like, which a random bot may draw), and
prints a line. It stops by itself after ``--minutes`` (the tables still playing are
dropped) and in any case after ``--hard-timeout`` seconds. The verdict: the memory's slope
(a least-squares line over the samples after ``--settle`` minutes, in MiB per hour) and the
spread of the interval p99s (highest / lowest). A benchmark, not a test.

    .venv/bin/python benchmarks/soak.py --tables 200 --minutes 60 --seed 2026 \\
        --out benchmarks/results/soak.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import signal
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

from _provenance import header, made_by, parse
from _web import memory, play_table, serving

#: Seconds the tables still playing at the end are given to close their sockets.
STOP_S = 20.0


class Interval:
    """What the tables report between two samples (emptied at each sample)."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.floods: list[int] = []
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.tables_done = 0
        self.started = 0

    def take(self) -> dict[str, Any]:
        lat = sorted(self.latencies)
        out = {
            "actions": len(lat),
            "p50_ms": round(statistics.median(lat) * 1000, 2) if lat else None,
            "p99_ms": round(_quantile(lat, 0.99) * 1000, 2) if lat else None,
            "max_ms": round(lat[-1] * 1000, 2) if lat else None,
            "tables_done": self.tables_done,
            "tables_started": self.started,
            "errors": len(self.errors),
            "error_kinds": dict(Counter(self.errors)),
            "refused": dict(Counter(self.refused)),
            "flood_retries": len(self.floods),
        }
        # (in place: the seats hold these lists)
        self.latencies.clear()
        self.floods.clear()
        self.refused.clear()
        self.errors.clear()
        self.tables_done = self.started = 0
        return out


def _quantile(ordered: list[float], q: float) -> float:
    """The ``q`` quantile of sorted values (the nearest rank)."""
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def slope_per_hour(points: list[tuple[float, float]]) -> float | None:
    """The least-squares slope of (seconds, MiB) points, in MiB per hour."""
    if len(points) < 2:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    if den == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / den * 3600


def verdict(samples: list[dict[str, Any]], settle_s: float) -> dict[str, Any]:
    """The memory slope and p99 spread over the samples after ``settle_s`` (all but the
    first when fewer than two are that late)."""
    late = [s for s in samples if s["t_s"] >= settle_s]
    if len(late) < 2:
        late = samples[1:] if len(samples) > 2 else samples
    slope = slope_per_hour([(s["t_s"], s["rss_mib"]) for s in late])
    p99s = [s["p99_ms"] for s in late if s["p99_ms"] is not None]
    rss = [s["rss_mib"] for s in late]
    return {
        "samples_used": len(late),
        "from_s": late[0]["t_s"] if late else None,
        "rss_mib_slope_per_hour": None if slope is None else round(slope, 2),
        "rss_mib_min": min(rss) if rss else None,
        "rss_mib_max": max(rss) if rss else None,
        "p99_ms_min": min(p99s) if p99s else None,
        "p99_ms_median": round(statistics.median(p99s), 2) if p99s else None,
        "p99_ms_max": max(p99s) if p99s else None,
        "p99_spread": round(max(p99s) / min(p99s), 2) if p99s and min(p99s) > 0 else None,
        "errors": sum(s["errors"] for s in samples),
        "actions": sum(s["actions"] for s in samples),
        "tables_done": sum(s["tables_done"] for s in samples),
    }


def _line(s: dict[str, Any], minutes: float) -> str:
    def ms(v: float | None) -> str:
        return "-" if v is None else f"{v:.1f}"

    refused = sum(s["refused"].values())
    return (
        f"[{s['t_s'] / 60:5.1f}/{minutes:g} min] playing {s['playing']:3d}"
        f"  done {s['tables_done']:4d}  actions/s {s['actions_per_s']:6.1f}"
        f"  p50 {ms(s['p50_ms'])} ms  p99 {ms(s['p99_ms'])} ms"
        f"  RSS {s['rss_mib']:.1f} MiB (peak {s['hwm_mib']:.1f})"
        f"  errors {s['errors']}  refused {refused}  floods {s['flood_retries']}"
    )


async def _soak(
    base: str, ws_base: str, args: argparse.Namespace, pid: int, database: str, made: dict[str, str]
) -> None:
    rng = random.Random(args.seed)
    now = Interval()
    playing = [0]
    stopping: list[bool] = []

    async def worker(seed: int, local: str) -> None:
        mine = random.Random(seed)
        while not stopping:
            now.started += 1
            playing[0] += 1
            try:
                await play_table(
                    base,
                    ws_base,
                    random.Random(mine.getrandbits(64)),
                    args,
                    now.latencies,
                    now.floods,
                    now.refused,
                    local,
                )
                now.tables_done += 1
            except Exception as e:  # (a failed table is counted, and another takes its place)
                while isinstance(e, ExceptionGroup):
                    e = e.exceptions[0]
                now.errors.append(type(e).__name__)
                await asyncio.sleep(1)
            finally:
                playing[0] -= 1

    total = args.minutes * 60
    idle = memory(pid)
    start = time.monotonic()
    # Eight tables (16 sockets) an address: the server holds 32 an address at most.
    workers = [
        asyncio.create_task(
            worker(rng.getrandbits(64), f"127.0.{1 + i // 2000}.{2 + i // 8 % 250}")
        )
        for i in range(args.tables)
    ]
    samples: list[dict[str, Any]] = []
    last = start
    try:
        while True:
            left = total - (time.monotonic() - start)
            await asyncio.sleep(max(0.0, min(args.every, left)))
            t = time.monotonic()
            mem = memory(pid)
            s: dict[str, Any] = {"t_s": round(t - start, 1), "playing": playing[0]}
            s.update(now.take())
            s["actions_per_s"] = round(s["actions"] / max(t - last, 1e-9), 1)
            s["rss_mib"], s["hwm_mib"] = round(mem["VmRSS"], 1), round(mem["VmHWM"], 1)
            last = t
            samples.append(s)
            print(_line(s, args.minutes), flush=True)
            if t - start >= total - 0.5:
                break
        # Reported before the tables are stopped: what was measured is kept, whatever the
        # stopping does.
        report(
            {
                **made,
                "config": {
                    k: getattr(args, k)
                    for k in (
                        "tables",
                        "minutes",
                        "every",
                        "settle",
                        "preset",
                        "start_score",
                        "seed",
                    )
                },
                "database": database,
                "rss_mib_idle": round(idle["VmRSS"], 1),
                "server_rss_mib_peak": round(memory(pid)["VmHWM"], 1),
                "samples": samples,
                "verdict": verdict(samples, args.settle * 60),
            },
            args.out,
        )
    finally:
        stopping.append(True)  # (no new table, whatever a cancellation does)
        for w in workers:
            w.cancel()
        # (Bounded: a table still closing its sockets is left behind after a while.)
        _, stuck = await asyncio.wait(workers, timeout=STOP_S)
        if stuck:
            print(f"{len(stuck)} tables did not stop in {STOP_S:g} s; left behind", flush=True)
            for w in asyncio.all_tasks():
                if w is not asyncio.current_task():
                    w.print_stack(limit=12)


def report(result: dict[str, Any], out: str | None) -> None:
    """Print the verdict, and write everything to ``out`` (JSON) when given."""
    v = result["verdict"]
    print(
        f"verdict: memory {v['rss_mib_slope_per_hour']} MiB/h over {v['samples_used']} samples"
        f" from {v['from_s']} s (RSS {v['rss_mib_min']}–{v['rss_mib_max']} MiB, idle"
        f" {result['rss_mib_idle']}, peak {result['server_rss_mib_peak']});"
        f" p99 {v['p99_ms_min']}–{v['p99_ms_max']} ms (median {v['p99_ms_median']},"
        f" spread ×{v['p99_spread']}); {v['actions']} client actions,"
        f" {v['tables_done']} tables finished, {v['errors']} errors",
        flush=True,
    )
    if out:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        Path(out).write_text(json.dumps(result, indent=1) + "\n")


_LINE = re.compile(
    r"\[\s*(?P<min>[\d.]+)/[\d.]+ min\] playing\s+(?P<playing>\d+)\s+done\s+(?P<done>\d+)"
    r"\s+actions/s\s+(?P<aps>[\d.]+)\s+p50 (?P<p50>[\d.-]+) ms\s+p99 (?P<p99>[\d.-]+) ms"
    r"\s+RSS (?P<rss>[\d.]+) MiB \(peak (?P<hwm>[\d.]+)\)\s+errors (?P<errors>\d+)"
)


def from_log(path: str, settle_min: float) -> dict[str, Any]:
    """The samples of a soak's printed lines (a run whose end was lost), and their verdict:
    each line's figures as printed (to 0.1 min and 0.1 ms), the rest unknown."""
    samples = []
    text = Path(path).read_text()
    for m in _LINE.finditer(text):
        samples.append({
            "t_s": round(float(m["min"]) * 60, 1),
            "playing": int(m["playing"]),
            "tables_done": int(m["done"]),
            "actions_per_s": float(m["aps"]),
            "actions": round(float(m["aps"]) * 60),  # (about: the rate × a minute)
            "p50_ms": None if m["p50"] == "-" else float(m["p50"]),
            "p99_ms": None if m["p99"] == "-" else float(m["p99"]),
            "rss_mib": float(m["rss"]),
            "hwm_mib": float(m["hwm"]),
            "errors": int(m["errors"]),
        })  # fmt: skip
    first = text.splitlines()[0] if text else ""
    return {
        **parse(first),
        "from_log": path,
        "rss_mib_idle": None,
        "server_rss_mib_peak": max((s["hwm_mib"] for s in samples), default=None),
        "samples": samples,
        "verdict": verdict(samples, settle_min * 60),
    }


def _expired(signum: int, frame: FrameType | None) -> None:
    raise TimeoutError("the soak ran past its --hard-timeout")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="tables kept playing")
    parser.add_argument("--minutes", type=float, default=60)
    parser.add_argument("--every", type=float, default=60, help="seconds between samples")
    parser.add_argument(
        "--settle", type=float, default=5, help="minutes left out of the verdict's fit"
    )
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--start-score", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--database-url", help="default: SQLite in a temporary folder")
    parser.add_argument("--out", metavar="FILE", help="write the samples and verdict as JSON")
    parser.add_argument(
        "--hard-timeout",
        type=float,
        help="seconds after which the soak is stopped whatever it does "
        "(default: the minutes plus five minutes)",
    )
    parser.add_argument(
        "--from-log",
        metavar="FILE",
        help="no soak: the verdict (and --out) of the sample lines a run printed to FILE",
    )
    args = parser.parse_args(argv)
    if args.from_log:
        report(from_log(args.from_log, args.settle), args.out)
        return 0
    print(header(__file__, argv), flush=True)
    hard = args.hard_timeout or args.minutes * 60 + 300
    signal.signal(signal.SIGALRM, _expired)
    signal.alarm(max(1, round(hard)))
    try:
        with tempfile.TemporaryDirectory() as tmp:
            url = args.database_url or f"sqlite:///{tmp}/soak.sqlite3"
            database = "sqlite" if url.startswith("sqlite") else url.split(":")[0]
            with serving(url) as server:
                asyncio.run(
                    _soak(server.base, server.ws_base, args, server.process.pid, database,
                          made_by(__file__, argv))
                )  # fmt: skip
    finally:
        signal.alarm(0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
