"""An attacker at one address against a table of people at another (issue 24): the
victim's acknowledgement latency quiet, under attack and after it, side by side in one run,
and the server's memory before, during and after.

`rams serve` on SQLite, with its default pace (``--bot-delay 0.6``, ``--deal-pause 30``,
``--tables-per-minute 10``) and limits, unless ``--server-arg`` says otherwise. The victim: three
people at a classic table (addresses 127.0.0.10–12), each acting at a person's pace
(``--think``), for the whole run. The attack, from 127.0.0.20 while it lasts:

- **hints**: 7-seat tables with hints on, the attacker in one seat, acting at once;
- **hard**: 7-seat tables of six ``hard`` bots and the attacker;
- **analyses**: requests for the analysis of finished games (stored before the start), all
  within half a second;
- **slow readers**: guests at the victim's table and the attacker's that never read;
- and then it leaves: every socket closed, its tables abandoned.

Over a limit the server refuses (HTTP 429): the counts of what it took and refused are
printed. The server runs with ``--unload-after`` short, so that the abandoned tables leave
memory within the run. Goals: the victim's p99 under attack within 2x its quiet p99, and
the server's memory after the attack within 10 % of before.

    python benchmarks/attack.py --seed 2026 [--quiet 30 --attack 60 --after 60]
    python benchmarks/attack.py --server-arg=--heavy-tables=16   (limits raised)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _provenance import header, made_by
from _web import memory, play_seat, serving

VICTIM = ("127.0.0.10", "127.0.0.11", "127.0.0.12")
ATTACKER = "127.0.0.20"


class Phased(list[float]):
    """Latencies, each kept under the phase it was measured in (``play_seat`` appends)."""

    def __init__(self) -> None:
        super().__init__()
        self.phase = "quiet"
        self.by_phase: dict[str, list[float]] = {}

    def append(self, value: float) -> None:
        super().append(value)
        self.by_phase.setdefault(self.phase, []).append(value)


def _figures(values: list[float]) -> dict[str, float | int]:
    if len(values) < 2:
        return {"n": len(values)}
    q = statistics.quantiles(values, n=100, method="inclusive")
    ms = 1000.0
    return {"n": len(values), "p50_ms": round(q[49] * ms, 1), "p99_ms": round(q[98] * ms, 1),
            "max_ms": round(max(values) * ms, 1)}  # fmt: skip


def _store_finished_games(url: str, count: int, seed: int) -> list[str]:
    """Finished 4-player classic games in the database, as the server stores them (their
    deals and actions, then the record): what the attacker asks to analyse."""
    from rams.bots import make_bot
    from rams.cards import cards_str
    from rams.games import family_of
    from rams.record import dumps, record_of
    from rams.table import Table
    from rams.web.store import SeatRow, Store
    from rams.web.tables import hash_token

    store = Store(url)
    store.migrate()
    ids = []
    family = family_of("classic")
    for k in range(count):
        table_id = f"done{k}"
        rules = family.rules("classic", 4, start_score=50)
        names = ["Аня", "Боря", "Вера", "Гоша"]
        rows = [SeatRow(names[0], None, hash_token(f"t{k}"))]
        rows += [SeatRow(n, "easy") for n in names[1:]]
        store.create_table(table_id, rules, rows)
        store.start_game(table_id, 0)
        match = family.new_match(rules, names, random.Random(seed + k), 0)

        def dealt(deal: Any, table_id: str = table_id, match: Any = match) -> None:
            store.add_deal(table_id, len(match.deals) - 1, deal.dealer, cards_str(deal.deck))

        def acted(seat: int, action: Any, table_id: str = table_id, match: Any = match) -> None:
            d = match.deal
            store.add_action(table_id, len(match.deals) - 1, len(d.actions) - 1, seat,
                             str(action))  # fmt: skip

        bots = [make_bot("random", random.Random(seed + k * 10 + s)) for s in range(4)]
        Table(match, bots, on_action=acted, on_deal=dealt).advance()
        store.finish(table_id, dumps(record_of(match)))
        ids.append(table_id)
    store.close()
    return ids


async def _victim(base: str, ws_base: str, latencies: Phased, think: float, seed: int) -> str:
    """The victim's table: three people (each from an address of its own), a long game."""
    async with httpx.AsyncClient(timeout=30) as http:
        body = {"name": "Аня", "players": 3, "bots": [None, None, None],
                "rules": {"start_score": 10000}}  # fmt: skip
        made = (await http.post(f"{base}/api/tables", json=body)).json()
        tokens = [made["token"]]
        for name in ("Боря", "Вера"):
            r = await http.post(f"{base}/api/tables/{made['id']}/join", json={"name": name})
            tokens.append(r.json()["token"])
    url = f"{ws_base}/ws/{made['id']}"
    rng = random.Random(seed)
    for token, address in zip(tokens, VICTIM, strict=True):
        _PLAYING.add(asyncio.ensure_future(play_seat(
            url, token, random.Random(rng.getrandbits(64)), latencies, [], None, address,
            think)))  # fmt: skip
    return str(made["id"])


#: The victim's seats, playing (kept: a task nobody holds may be collected).
_PLAYING: set[asyncio.Future[int]] = set()


async def _attacker_http() -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=ATTACKER)
    return httpx.AsyncClient(transport=transport, timeout=30)


async def _attack(
    base: str, ws_base: str, args: argparse.Namespace, finished: list[str], victim: str
) -> tuple[dict[str, Any], list[asyncio.Future[Any]], list[Any]]:
    """Launch everything at once; returns the counts and what must be stopped to leave."""
    counts: dict[str, Any] = {}
    tasks: list[asyncio.Future[Any]] = []
    chatty: list[str] = []  # (the attacker's tables, whose bots play fast)
    sockets: list[Any] = []
    http = await _attacker_http()
    rng = random.Random(args.seed + 1)
    async with http:
        for kind, n, bots, hints in (
            ("hints", args.hint_tables, [None, *["easy"] * 6], True),
            ("hard", args.hard_tables, [None, *["hard"] * 6], False),
        ):
            taken = refused = 0
            for _ in range(n):
                body = {"name": "Злой", "players": 7, "bots": bots, "hints": hints,
                        "rules": {"start_score": 200}}  # fmt: skip
                r = await http.post(f"{base}/api/tables", json=body)
                if r.status_code == 201:
                    taken += 1
                    made = r.json()
                    chatty.append(made["id"])
                    url = f"{ws_base}/ws/{made['id']}"
                    tasks.append(asyncio.ensure_future(play_seat(
                        url, made["token"], random.Random(rng.getrandbits(64)), [], [], [],
                        ATTACKER, 0.0)))  # fmt: skip
                else:
                    refused += 1
                    counts.setdefault("refusals", {})[r.json().get("code")] = (
                        counts.get("refusals", {}).get(r.json().get("code"), 0) + 1
                    )
            counts[kind] = {"taken": taken, "refused": refused}

        async def analyse(i: int) -> tuple[int, tuple[str, int]]:
            table, seat = finished[i % len(finished)], i // len(finished) % 4
            r = await http.post(f"{base}/api/tables/{table}/analysis?seat={seat}")
            return r.status_code, (table, seat)

        answers = await asyncio.gather(*(analyse(i) for i in range(args.analyses)))
        statuses = [status for status, _ in answers]
        counts["analyses"] = {
            "answered": statuses.count(200),
            "games_analysed": len({key for status, key in answers if status == 200}),
            "refused": statuses.count(429),
            "other": len(statuses) - statuses.count(200) - statuses.count(429),
        }
    # Readers that never read: guests at the victim's table and the attacker's.
    watched = [victim, *chatty]
    for i in range(args.slow_readers):
        table = watched[i % len(watched)]
        ws = await connect(f"{ws_base}/ws/{table}", max_queue=1, max_size=2**22,
                           local_addr=(ATTACKER, 0))  # fmt: skip
        await ws.send(json.dumps({"type": "hello", "token": None, "lang": "ru"}))
        sockets.append(ws)
    counts["slow_readers"] = len(sockets)
    return counts, tasks, sockets


async def _ended(ws: Any) -> bool:
    """Whether the server closed a socket that never read (read now, to see)."""
    try:
        async with asyncio.timeout(5):
            async for _ in ws:
                pass
    except TimeoutError:
        return False
    except Exception:
        return True
    return True


async def _sample_memory(pid: int, peak: dict[str, float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        with contextlib.suppress(OSError):
            peak["rss"] = max(peak["rss"], memory(pid)["VmRSS"])
        await asyncio.sleep(0.5)


async def _run(args: argparse.Namespace, url: str, finished: list[str]) -> dict[str, Any]:
    # The server as `rams serve` runs by default (bots paced, a pause between deals, ten new
    # tables a minute an address), but for how soon an abandoned table is unloaded.
    defaults = ["--bot-delay", "0.6", "--deal-pause", "30", "--tables-per-minute", "10"]
    unload = ["--unload-after", str(args.unload_after / 60)] if args.unload_after > 0 else []
    extra = [*defaults, *unload, *args.server_arg]
    rounds: list[dict[str, Any]] = []
    with serving(url, *extra) as server:
        pid = server.process.pid
        latencies = Phased()
        peak = {"rss": 0.0}
        stop = asyncio.Event()
        sampler = asyncio.ensure_future(_sample_memory(pid, peak, stop))
        await asyncio.sleep(2.0)  # (the server settles)
        victim = await _victim(server.base, server.ws_base, latencies, args.think, args.seed)
        await asyncio.sleep(args.quiet)
        quiet = _figures(latencies.by_phase.get("quiet", []))
        print(f"quiet: {quiet}; server {memory(pid)['VmRSS']:.1f} MiB", flush=True)
        for r in range(1, args.rounds + 1):
            rss_before = memory(pid)["VmRSS"]
            latencies.phase = f"attack {r}"
            peak["rss"] = rss_before
            started = time.monotonic()
            counts, tasks, sockets = await _attack(server.base, server.ws_base, args, finished,
                                                   victim)  # fmt: skip
            print(f"round {r}: attack launched in {time.monotonic() - started:.1f} s: "
                  f"{counts}", flush=True)  # fmt: skip
            await asyncio.sleep(max(0.0, args.attack - (time.monotonic() - started)))
            rss_during = peak["rss"]
            # The attacker leaves: its sockets closed, its tables abandoned mid-game. A slow
            # reader the server closed ends once what it was sent is read.
            closed_by_server = sum([await _ended(ws) for ws in sockets])
            for ws in sockets:
                with contextlib.suppress(Exception):
                    await ws.close()
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            attack = _figures(latencies.by_phase.get(f"attack {r}", []))
            print(f"round {r}: attack: {attack}; server peak {rss_during:.1f} MiB; slow "
                  f"readers closed by the server: {closed_by_server}/{len(sockets)}",
                  flush=True)  # fmt: skip
            latencies.phase = f"after {r}"
            await asyncio.sleep(args.after)
            rss_after = memory(pid)["VmRSS"]
            after = _figures(latencies.by_phase.get(f"after {r}", []))
            print(f"round {r}: after: {after}; server {rss_after:.1f} MiB", flush=True)
            ratio = None
            if "p99_ms" in quiet and "p99_ms" in attack and quiet["p99_ms"]:
                ratio = round(float(attack["p99_ms"]) / float(quiet["p99_ms"]), 2)
            rounds.append({
                "victim": {"attack": attack, "after": after},
                "p99_ratio": ratio,
                "attack": {**counts, "slow_readers_closed": closed_by_server},
                "memory_mib": {
                    "before": round(rss_before, 1),
                    "peak_during": round(rss_during, 1),
                    "after": round(rss_after, 1),
                    "after_vs_before": round(rss_after / rss_before - 1, 3),
                },
            })  # fmt: skip
        stop.set()
        await sampler
    return {
        "seed": args.seed,
        "seconds": {"quiet": args.quiet, "attack": args.attack, "after": args.after},
        "server_args": extra,
        "victim_quiet": quiet,
        "rounds": rounds,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--quiet", type=float, default=30.0, help="seconds of the quiet phase")
    p.add_argument("--attack", type=float, default=60.0, help="seconds of the attack")
    p.add_argument("--after", type=float, default=60.0, help="seconds after it")
    p.add_argument("--rounds", type=int, default=2, help="attacks, one after the other")
    p.add_argument("--think", type=float, default=0.5, help="the victims' mean seconds a move")
    p.add_argument("--hint-tables", type=int, default=8)
    p.add_argument("--hard-tables", type=int, default=8)
    p.add_argument("--analyses", type=int, default=52)
    p.add_argument("--finished", type=int, default=6, help="finished games to analyse")
    p.add_argument("--slow-readers", type=int, default=8)
    p.add_argument("--unload-after", type=float, default=20.0,
                   help="the server's --unload-after, in seconds here (0: not given, for a "
                   "server of before it)")  # fmt: skip
    p.add_argument("--server-arg", action="append", default=[],
                   help="a flag for rams serve (--server-arg=--heavy-tables=16)")  # fmt: skip
    p.add_argument("--json", type=Path, help="write the figures here too")
    args = p.parse_args(argv)
    print(header(__file__, argv), flush=True)
    provenance = made_by(__file__, argv)  # (the commit the run starts on)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'attack.sqlite3'}"
        finished = _store_finished_games(url, args.finished, args.seed)
        result = asyncio.run(_run(args, url, finished))
    result.update(provenance)
    print(json.dumps(result, ensure_ascii=False, indent=1))
    if args.json is not None:
        args.json.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n")
    for r, round_ in enumerate(result["rounds"], start=1):
        ratio, grown = round_["p99_ratio"], round_["memory_mib"]["after_vs_before"]
        print(f"round {r}: victim p99 under attack / quiet: {ratio} (goal <= 2); memory "
              f"after vs before: {grown:+.1%} (goal within 10 %)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
