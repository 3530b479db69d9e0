"""benchmarks/before_after.py: the figures of two trees' runs, line by line, as medians with
their ratio; lines whose words differ shown from each tree."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from benchmarks.before_after import compare, figures, shape

ROOT = Path(__file__).resolve().parents[1]


def test_a_line_is_its_words_and_its_figures() -> None:
    assert shape("classic 4p: 1,234.5 games/s, 3, 4") == "classic #p: # games/s, #, #"
    assert shape("p99 12.5 ms") == "p# # ms"
    assert figures("p99 12.5 ms, -3 left, 1,234,567 in all") == [99.0, 12.5, -3.0, 1234567.0]


def test_figures_are_medians_before_and_after_with_their_ratio() -> None:
    before = [["speed 100 games/s", "same 7"], ["speed 120 games/s", "same 7"],
              ["speed 80 games/s", "same 7"]]  # fmt: skip
    after = [["speed 90 games/s", "same 7"], ["speed 95 games/s", "same 7"],
             ["speed 300 games/s", "same 7"]]  # fmt: skip
    # Medians 100 and 95: ×0.95; a figure that did not move is shown once.
    assert compare(before, after) == ["  speed 100 → 95 (×0.95) games/s", "  same 7"]


def test_lines_are_paired_by_their_words_a_line_of_one_tree_shown_alone() -> None:
    # The tree after prints a header first: the lines below it are still paired.
    shown = compare([["a 3p 10/s", "b 4p 20/s", "x 1"]],
                    [["$ run  # commit def", "a 3p 11/s", "b 4p 20/s", "y 2"]])  # fmt: skip
    assert shown == ["  after:  $ run  # commit def", "  a 3p 10 → 11 (×1.10)/s",
                     "  b 4p 20/s", "  before: x 1", "  after:  y 2"]  # fmt: skip


def test_a_tree_that_is_not_a_checkout_is_refused(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "benchmarks/before_after.py", "--before", str(tmp_path), "x.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "is not a checkout of rams" in done.stderr
