"""The long fuzzing run (issue 16's hardening): record loading and replay, and rule
validation, fed with mutated records and random house rules (``tests/fuzzing.py``), and
every websocket message (``tests/web/test_ws_fuzz.py``: a Рамс and a Whist table) — the
same tests as CI's short run, ``--scale`` times more examples (150 each per unit).

    .venv/bin/python benchmarks/fuzz.py --scale 350            # 2 × 52 500 inputs
    .venv/bin/python benchmarks/fuzz.py --scale 350 --only ws  # the websocket half
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from _provenance import header

ROOT = Path(__file__).resolve().parents[1]
#: The parts: their test file, and what the inputs are (two tests of 150 a unit each).
PARTS = {
    "records": ("tests/test_fuzz.py", "mutated records and house rules, half each"),
    "ws": ("tests/web/test_ws_fuzz.py", "websocket frames at a Рамс and a Whist table, half each"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=350)
    parser.add_argument("--only", choices=sorted(PARTS), help="one part (default: both)")
    args = parser.parse_args()
    print(header(__file__), flush=True)
    parts = [args.only] if args.only else sorted(PARTS)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider",
         *(PARTS[p][0] for p in parts), "--sweep-scale", str(args.scale)],
        cwd=ROOT, check=False,
    )  # fmt: skip
    took = time.perf_counter() - start
    for p in parts:
        print(f"{p}: {2 * 150 * args.scale} inputs ({PARTS[p][1]})")
    print(f"{took:.0f} s; pytest exit {done.returncode}", flush=True)
    sys.exit(done.returncode)


if __name__ == "__main__":
    main()
