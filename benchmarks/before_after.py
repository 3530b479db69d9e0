"""The same benchmarks on two checkouts, in one run: each command runs in the tree before a
change and in the tree after it, in turn (before, after, before, after, …, so that the
machine's noise falls on both alike), and every figure they print is shown as the median of
its runs before and after, with the ratio.

    .venv/bin/python benchmarks/before_after.py --before /tmp/old --rounds 3 \\
        "benchmarks/engine.py --seconds 2" "benchmarks/fast_core.py --seconds 2"

``--before`` is a checkout of the earlier commit (``git worktree add /tmp/old COMMIT``); the
after tree is this one. Each command is a benchmark script and its arguments, run with this
interpreter, its working directory and ``PYTHONPATH`` the tree's root. A line is compared
figure by figure when its words are the same before and after (its numbers aside); a line
printed by one tree only is shown as it is. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NUMBER = re.compile(r"-?\d+(?:,\d{3})*(?:\.\d+)?")


def run(tree: Path, command: str, timeout: float) -> list[str]:
    """One run of ``command`` (a script under the tree and its arguments): its output lines."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    args = [sys.executable, *shlex.split(command)]
    done = subprocess.run(args, cwd=tree, env=env, capture_output=True, text=True,
                          timeout=timeout, check=False)  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"{command} failed in {tree}:\n{done.stderr[-2000:]}")
    return done.stdout.splitlines()


def shape(line: str) -> str:
    """A line's words, its numbers left out: ``"12.5 games/s"`` → ``"# games/s"``."""
    return NUMBER.sub("#", line)


def figures(line: str) -> list[float]:
    """The numbers of a line, in order (their thousands' commas dropped)."""
    return [float(n.replace(",", "")) for n in NUMBER.findall(line)]


def compare(before: Sequence[list[str]], after: Sequence[list[str]]) -> list[str]:
    """The lines of both trees' runs, each figure as ``before → after (×ratio)``: the medians
    over the runs, line by line; lines whose words differ are shown from each tree."""
    shown: list[str] = []
    first_b, first_a = before[0], after[0]
    for i in range(max(len(first_b), len(first_a))):
        b = first_b[i] if i < len(first_b) else ""
        a = first_a[i] if i < len(first_a) else ""
        runs_b = [r[i] for r in before if i < len(r) and shape(r[i]) == shape(b)]
        runs_a = [r[i] for r in after if i < len(r) and shape(r[i]) == shape(a)]
        if shape(a) != shape(b) or not figures(a):
            shown += [f"  before: {b}", f"  after:  {a}"] if a != b else [f"  {a}"]
            continue
        med_b = [statistics.median(col) for col in zip(*map(figures, runs_b), strict=True)]
        med_a = [statistics.median(col) for col in zip(*map(figures, runs_a), strict=True)]
        parts = shape(a).split("#")
        out = parts[0]
        for x, y, rest in zip(med_b, med_a, parts[1:], strict=True):
            ratio = f" (×{y / x:.2f})" if x and x != y else ""
            out += f"{x:g}" if x == y else f"{x:g} → {y:g}{ratio}"
            out += rest
        shown.append(f"  {out}")
    return shown


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    p.add_argument("commands", nargs="+", help="a benchmark script and its arguments, quoted")
    p.add_argument("--before", type=Path, required=True, help="the checkout before the change")
    p.add_argument("--after", type=Path, default=ROOT, help="the checkout after it (this one)")
    p.add_argument("--rounds", type=int, default=3, help="runs of each command in each tree")
    p.add_argument("--timeout", type=float, default=1800, help="seconds one run may take")
    args = p.parse_args(argv)
    if args.rounds < 1:
        p.error("--rounds must be at least 1")
    for tree in (args.before, args.after):
        if not (tree / "rams" / "__init__.py").is_file():
            p.error(f"{tree} is not a checkout of rams")
    print(f"$ python benchmarks/before_after.py {shlex.join(argv or sys.argv[1:])}")
    for command in args.commands:
        before: list[list[str]] = []
        after: list[list[str]] = []
        for r in range(args.rounds):
            for tree, runs in ((args.before, before), (args.after, after)):
                print(f"[{command}] round {r + 1}/{args.rounds}: {tree}", file=sys.stderr)
                runs.append(run(tree, command, args.timeout))
        print(f"\n{command}  (median of {args.rounds} runs each, before → after)")
        print("\n".join(compare(before, after)), flush=True)


if __name__ == "__main__":
    main()
