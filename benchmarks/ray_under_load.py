"""Runs of ``rams tournament --ray local`` one after another on a machine kept busy.

Each run is the ``rams`` command in a process of its own, as a person runs it: it starts a
Ray of its own (``--ray local``), plays ``--deals`` deals of a duel between two random bots
as Ray tasks, prints the tables, writes results.json, and stops its Ray. Meanwhile
``--burners`` processes (one a core) spin, so that Ray's threads wait for a core as they do
on a loaded machine. A run is good when it exits 0, wrote its results, and its stderr has
none of the words Ray's core prints when it dies ("An unexpected system state has
occurred", a failed check, an abort, a traceback). It prints one line a run, then the
verdict; the exit status is 1 if any run was not good. A check, not a timing
(``tests/test_ray.py`` runs it small).

Issue 24: Ray's core used to abort at the end of such a run ("Tried to complete task that
was not pending", ``task_manager.cc``), after the tables were printed: one run in ten.

    .venv/bin/python benchmarks/ray_under_load.py [--runs 10] [--deals 8] [--burners N]
        [--out benchmarks/results/ray_under_load.txt]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _provenance import header

#: What stderr holds when Ray's core (or Python) dies, and never otherwise.
CRASH_WORDS = (
    "An unexpected system state has occurred",
    "Check failed",
    "*** SIGABRT",
    "Aborted",
    "Traceback",
)
QUIET = {"RAY_USAGE_STATS_ENABLED": "0", "RAY_DISABLE_IMPORT_WARNING": "1"}


def burn() -> None:
    """Keep one core busy until killed."""
    while True:
        pass


def tournament(deals: int, seed: int, out: Path) -> list[str]:
    """The command line of one small tournament on a Ray of its own."""
    return [sys.executable, "-m", "rams.cli", "tournament", "--preset", "duel",
            "--players", "2", "--bots", "random,random", "--deals", str(deals),
            "--seed", str(seed), "--ray", "local", "--out", str(out)]  # fmt: skip


def crash_words(stderr: str) -> list[str]:
    """The crash words that ``stderr`` holds."""
    return [w for w in CRASH_WORDS if w in stderr]


def run_once(index: int, deals: int, folder: Path, timeout: float) -> tuple[bool, str]:
    """One run: whether it was good, and its line."""
    out = folder / f"run{index}"
    env = {**os.environ, **QUIET, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    start = time.perf_counter()
    try:
        done = subprocess.run(tournament(deals, index, out), capture_output=True, text=True,
                              env=env, timeout=timeout)  # fmt: skip
    except subprocess.TimeoutExpired:
        return False, f"run {index}: did not end in {timeout:.0f} s"
    took = time.perf_counter() - start
    found = crash_words(done.stderr)
    wrote = (out / "results.json").exists()
    good = done.returncode == 0 and not found and wrote
    line = (f"run {index}: exit {done.returncode}, {took:.1f} s, results.json "
            f"{'written' if wrote else 'missing'}, crash words in stderr: "
            f"{', '.join(repr(w) for w in found) or 'none'}")  # fmt: skip
    if found:
        first = next(ln for ln in done.stderr.splitlines() if any(w in ln for w in found))
        line += "\n  first crash line: " + first[:400]
    if not good:
        line += "\n  stderr ends: " + done.stderr[-1500:].replace("\n", "\n  ")
    return good, line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--burners", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=300, help="seconds a run may take")
    parser.add_argument("--out", type=Path, help="also write what is printed to this file")
    args = parser.parse_args(argv)

    lines: list[str] = []

    def say(line: str) -> None:
        print(line, flush=True)
        lines.append(line)

    say(header(__file__, argv))
    say(f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, "
        f"{args.burners} burners, load average before: {os.getloadavg()[0]:.2f}")  # fmt: skip
    say("each run: " + " ".join(tournament(args.deals, 0, Path("OUT"))[1:]).replace(
        "--seed 0", "--seed RUN"))  # fmt: skip
    burners = [multiprocessing.Process(target=burn, daemon=True) for _ in range(args.burners)]
    for b in burners:
        b.start()
    good = 0
    try:
        with tempfile.TemporaryDirectory(prefix="rams-ray-load-") as folder:
            for index in range(1, args.runs + 1):
                ok, line = run_once(index, args.deals, Path(folder), args.timeout)
                good += ok
                say(line)
    finally:
        for b in burners:
            b.kill()
            b.join()
    say(
        f"verdict: {good} of {args.runs} runs good"
        f" ({'all' if good == args.runs else 'NOT all'}: exit 0, results written, no crash)"
    )
    if args.out is not None:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0 if good == args.runs else 1


if __name__ == "__main__":
    sys.exit(main())
