"""A small run of benchmarks/web_load.py: three tables played to the end over loopback
websockets, the client seats at a person's pace (a short one here), every figure there.

No latency bound is asserted (docs/measured.md quotes the long runs)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.web.helpers import run_benchmark


def test_a_small_load_plays_every_table_to_the_end(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    run_benchmark("web_load.py", ["--tables", "3", "--concurrency", "3", "--start-score", "10",
                                  "--think", "0.01", "--seed", "7", "--json", str(out)],
                  tmp_path / "load.txt")  # fmt: skip
    result = json.loads(out.read_text())
    assert result["tables"] == 3 and result["think_s"] == 0.01 and result["workers"] == 1
    assert result["client_actions"] > 3 * 2  # (two client seats a table, a game each)
    latency = result["latency_ms"]
    assert 0 < latency["p50"] <= latency["p99"] <= latency["max"]
    assert result["server_rss_mib_peak"] >= result["server_rss_mib_idle"] > 0
    # The server's CPU per client action, from the OS: its total over the actions.
    cpu, actions = result["server_cpu_s"], result["client_actions"]
    assert cpu > 0 and abs(result["server_cpu_ms_per_action"] - cpu * 1000 / actions) < 0.05
    assert result["loadgen_cpu_s"] > 0 and result["worker_cpu_s"] >= 0


def test_a_profile_of_a_small_load_puts_each_sample_in_one_share(tmp_path: Path) -> None:
    """benchmarks/web_profile.py: py-spy samples the load's server; the shares by what the
    time is spent on add up to the whole (each sample in one), beside the load's figures."""
    raw = tmp_path / "raw.txt"
    # (a load of some seconds even on a fast machine: 40 tables, 4 at a time)
    printed = run_benchmark("web_profile.py", ["--seconds", "2", "--warmup", "0.3", "--raw",
                                               str(raw), "--", "--tables", "40", "--concurrency",
                                               "4", "--start-score", "60", "--seed", "7"],
                            tmp_path / "profile.txt")  # fmt: skip
    assert printed.startswith("$ python benchmarks/web_profile.py") and raw.stat().st_size > 0
    assert '"server_cpu_ms_per_action"' in printed
    part = printed.split("each in the first category its stack matches:")[1].split("\n\n")[0]
    shares = [float(line.split("%")[0]) for line in part.strip().splitlines()]
    assert len(shares) >= 3 and abs(sum(shares) - 100) < 0.1 * len(shares)


def test_the_profile_counts_a_sample_in_the_first_category_its_stack_holds(
    tmp_path: Path,
) -> None:
    import importlib.util
    import sys

    bench = Path(__file__).resolve().parents[2] / "benchmarks"
    sys.path.insert(0, str(bench))
    try:
        spec = importlib.util.spec_from_file_location("web_profile", bench / "web_profile.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(bench))
    raw = tmp_path / "raw.txt"
    raw.write_text(
        # 3 samples: the writer thread (its stack holds Writer._run and nothing else named)
        "<module> (cli.py:1);Writer._run (rams/web/store.py:1250) 3\n"
        # 5: a broadcast that writes to a socket: sending first, though the views are there
        "Sockets.broadcast (sockets.py:9);TableViews.update (views.py:3);"
        "Client.write (live.py:5) 5\n"
        # 2: the views alone
        "Sockets.broadcast (sockets.py:9);TableViews.update (views.py:3) 2\n"
        # 10: nothing named: the rest
        "Runner.run (runners.py:1);select (selectors.py:4) 10\n"
    )
    total, by_category, inclusive = module.shares(raw)
    assert total == 20
    assert by_category == {
        "the store's writer thread (SQLite or PostgreSQL commits)": 3,
        "sending: the socket's frames (uvicorn, websockets)": 5,
        "each seat's view: state and delta (display, seats, sheet)": 2,
        "the event loop and the rest": 10,
    }
    assert inclusive["TableViews.update views.py"] == 7
    assert inclusive["Sockets.broadcast sockets.py"] == 7


def test_a_load_seat_follows_go_and_connects_again_after_a_moved_close() -> None:
    """The load generator's seat, as the browser: ``go`` followed to the address it names,
    a close before the game's end (``moved``) answered by connecting again where it began,
    its hello said each time (a scripted server: the first socket is sent on, the second
    acknowledges an action and is closed, the third ends the game)."""
    import asyncio
    import random

    from websockets.asyncio.server import serve

    from benchmarks._web import play_seat

    hellos: list[tuple[str, dict[str, object]]] = []

    async def scenario() -> tuple[int, list[str]]:
        async def handler(ws: Any) -> None:
            hellos.append((ws.request.path, json.loads(await ws.recv())))
            if len(hellos) == 1:
                await ws.send(json.dumps({"type": "go", "url": f"{base}/ws/b"}))
            elif len(hellos) == 2:
                await ws.send(json.dumps({"type": "ack", "action": "AS", "deal": 1, "step": 1}))
                await ws.close(4000, "moved")
            else:
                await ws.send(json.dumps({"type": "state", "winners": [0]}))
                await ws.wait_closed()

        async with serve(handler, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            base = f"ws://127.0.0.1:{port}"
            routes: list[str] = []
            taken = await play_seat(f"{base}/ws/a", "tok", random.Random(1), [], [],
                                    routes=routes)  # fmt: skip
            return taken, routes

    taken, routes = asyncio.run(scenario())
    assert taken == 1 and routes == ["go", "again"]
    assert [path for path, _ in hellos] == ["/ws/a", "/ws/b", "/ws/a"]
    assert all(h["type"] == "hello" and h["token"] == "tok" and h["protocol"] == 3
               for _, h in hellos)  # fmt: skip


def test_the_benchmarks_server_takes_another_port_when_its_own_is_taken(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """A port another program binds between being chosen and the server listening (another
    test's server, a process's own port among several) is chosen again, not a failed run."""
    import socket

    import httpx

    from benchmarks import _web

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    ports = [taken.getsockname()[1], _web.free_port()]
    chosen: list[int] = []

    def choose() -> int:
        chosen.append(ports[len(chosen)] if len(chosen) < len(ports) else _web.free_port())
        return chosen[-1]

    monkeypatch.setattr(_web, "free_port", choose)
    url = f"sqlite:///{tmp_path / 'ports.sqlite3'}"
    with taken, _web.serving(url) as server:
        assert chosen[:2] == ports  # (the taken port first, then another)
        assert server.base.endswith(f":{ports[1]}")
        assert httpx.get(f"{server.base}/api/meta").status_code == 200
