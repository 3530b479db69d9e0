"""The long fuzzing run (issue 16's hardening): record loading and replay, and rule
validation, fed with mutated records and random house rules (``tests/fuzzing.py``) — the
same tests as CI's short run, ``--scale`` times more examples (150 each per unit).

    .venv/bin/python benchmarks/fuzz.py --scale 350    # about 10^5 inputs in all
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=350)
    args = parser.parse_args()
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_fuzz.py",
         "--sweep-scale", str(args.scale)],
        cwd=ROOT, check=False,
    )  # fmt: skip
    took = time.perf_counter() - start
    inputs = 2 * 150 * args.scale
    print(f"inputs: {inputs} (mutated records and house rules, half each); "
          f"{took:.0f} s; pytest exit {done.returncode}", flush=True)  # fmt: skip
    sys.exit(done.returncode)


if __name__ == "__main__":
    main()
