"""Where the web server's CPU goes: a sampling profile of ``rams serve`` under
``benchmarks/web_load.py``'s load, in shares by what the time is spent on.

Runs ``web_load.py`` with the arguments after ``--`` (its defaults otherwise), finds its
server process, and samples it with py-spy (the ``dev`` extra) for ``--seconds`` after
``--warmup`` seconds, every thread of it; then prints the load's own figures (the server's
CPU per client action among them) and the samples' shares: each sample counted once, in
the first of :data:`CATEGORIES` whose functions its stack holds (so the shares add up to
100 %), and the functions most often on the stack (inclusive, so they overlap). A benchmark,
not a test.

    .venv/bin/python benchmarks/web_profile.py [--seconds 20] [--warmup 8] [--raw FILE]
        [-- --tables 20 --concurrency 20 …]
"""

from __future__ import annotations

import argparse
import contextlib
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path

from _provenance import header

HERE = Path(__file__).resolve().parent

#: What a sample's time is spent on, by the functions on its stack: (label, functions).
#: A sample goes to the first category that matches, in this order.
CATEGORIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("the store's writer thread (SQLite or PostgreSQL commits)", ("Writer._run",)),
    ("handing a write to the writer (a queue and a lock)", ("Writer.submit",)),
    ("sending: JSON encoding", ("encoded", "JSONEncoder.encode", "dumps")),
    ("sending: the socket's frames (uvicorn, websockets)", ("Client.write", "WebSocket.send")),
    ("each seat's view: state and delta (display, seats, sheet)", ("TableViews.update",)),
    ("the events in words (narration)", ("Narrator.update", "Announcer.feed")),
    ("a seat's observation (engine)", ("Deal.observation",)),
    ("the bots' moves (the driver, instant bots inline)", ("Driver._bot_move",)),
    ("receiving and parsing a client's message", ("Sockets._handle", "Frame.parse")),
    ("the table's driver otherwise (turns, the engine's steps)", ("Driver._drive",)),
)


def _frames(stack: str) -> list[str]:
    """``Class.method file.py`` for each frame of a py-spy raw stack."""
    out = []
    for frame in stack.split(";"):
        name, _, where = frame.partition(" (")
        out.append(f"{name} {where.split(':')[0].rsplit('/', 1)[-1]}".strip())
    return out


def shares(raw: Path) -> tuple[int, Counter[str], Counter[str]]:
    """The samples of a py-spy raw file: their count, by category, and by function
    (inclusive: each function once a sample)."""
    total, by_category, inclusive = 0, Counter[str](), Counter[str]()
    for line in raw.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        n = int(count)
        total += n
        frames = _frames(stack)
        names = {f.split(" ")[0] for f in frames}
        label = next(
            (label for label, funcs in CATEGORIES if any(f in names for f in funcs)),
            "the event loop and the rest",
        )
        by_category[label] += n
        for f in set(frames):
            inclusive[f] += n
    return total, by_category, inclusive


def _server(parent: int, printed: Path, seconds: float) -> int:
    """The load's server process, once it answers (its address is the line ``Rams: URL``
    the load prints)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = re.search(r"Rams: (http://\S+?)/ ", printed.read_text())
        pids = subprocess.run(
            ["pgrep", "-P", str(parent), "-f", "rams.cli serve"], capture_output=True, text=True
        ).stdout.split()
        if found and pids:
            url = f"{found.group(1)}/api/meta"
            with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=1) as r:
                if r.status == 200:
                    return int(pids[0])
        time.sleep(0.2)
    raise SystemExit("the load's server did not start")


def main() -> None:
    argv = sys.argv[1:]
    load_args = argv[argv.index("--") + 1 :] if "--" in argv else []
    own = argv[: argv.index("--")] if "--" in argv else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to sample")
    parser.add_argument("--warmup", type=float, default=8.0, help="seconds before sampling")
    parser.add_argument("--rate", type=int, default=100, help="samples a second")
    parser.add_argument("--raw", type=Path, help="keep py-spy's raw stacks in this file")
    args = parser.parse_args(own)
    print(header(__file__))
    spy = Path(sys.executable).with_name("py-spy")
    raw = args.raw or Path(tempfile.mkdtemp()) / "raw.txt"
    printed = raw.with_suffix(".load.txt")
    with printed.open("w") as out:  # (a file, not a pipe: the server's helpers may hold it)
        load = subprocess.Popen(
            [sys.executable, str(HERE / "web_load.py"), *load_args],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    server = _server(load.pid, printed, 120)
    time.sleep(args.warmup)
    subprocess.run(
        [
            str(spy),
            "record",
            "--pid",
            str(server),
            "--duration",
            str(int(args.seconds)),
            "--rate",
            str(args.rate),
            "--format",
            "raw",
            "--output",
            str(raw),
            "--nonblocking",
        ],
        capture_output=True,
    )  # fmt: skip (a load that ends sooner leaves the samples taken until then)
    if load.wait() != 0:
        raise SystemExit(f"the load failed:\n{printed.read_text()[-2000:]}")
    print("the load (benchmarks/web_load.py):")
    print(printed.read_text().strip())
    total, by_category, inclusive = shares(raw) if raw.exists() else (0, Counter(), Counter())
    if not total:
        raise SystemExit(
            "no samples: the load ended before they were taken (give it more --tables)"
        )
    print(f"\nthe server's samples: {total} ({args.rate} a second, every thread, "
          f"{args.seconds:g} s after {args.warmup:g} s); each in the first category "
          "its stack matches:")  # fmt: skip
    for label, n in by_category.most_common():
        print(f"{100 * n / total:6.1f} %  {label}")
    print("\nthe functions most often on the stack (inclusive: they overlap):")
    for name, n in inclusive.most_common(60):
        if not name.startswith(("<module>", "_run", "Runner.", "main ", "Thread.", "asyncio_run")):
            print(f"{100 * n / total:6.1f} %  {name}")


if __name__ == "__main__":
    main()
