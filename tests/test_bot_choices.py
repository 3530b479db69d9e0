"""benchmarks/bot_choices.py, small: a seed's games hash the same twice, another seed's not
(the check that a change of the bots' code left their choices as they were)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _hash(seed: int) -> str:
    done = subprocess.run(
        [sys.executable, "benchmarks/bot_choices.py", "--only", "ramsch", "--games", "1",
         "--seed", str(seed)],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=300,
    )  # fmt: skip
    first, line = done.stdout.splitlines()
    assert first.startswith("$ python benchmarks/bot_choices.py --only ramsch")
    words, _, digest = line.rpartition(": ")
    assert words == f"ramsch-3 hard/hard/hard, seed {seed}, games 1"
    assert len(digest) == 16 and digest.isalpha() and digest.islower()
    return digest


def test_the_same_seed_gives_the_same_choices_and_another_seed_others() -> None:
    assert _hash(7) == _hash(7) != _hash(8)
