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
import difflib
import os
import re
import shlex
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPACES = re.compile(r" {2,}")
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
    """A line's words, its numbers left out and its runs of spaces made one (a column's
    padding changes with its number): ``"12.5   games/s"`` → ``"# games/s"``."""
    return SPACES.sub(" ", NUMBER.sub("#", line))


def figures(line: str) -> list[float]:
    """The numbers of a line, in order (their thousands' commas dropped)."""
    return [float(n.replace(",", "")) for n in NUMBER.findall(line)]


def _line(runs_b: list[str], runs_a: list[str]) -> str:
    """One line's figures, medians before and after, put back into its words."""
    med_b = [statistics.median(col) for col in zip(*map(figures, runs_b), strict=True)]
    med_a = [statistics.median(col) for col in zip(*map(figures, runs_a), strict=True)]
    parts = shape(runs_a[0]).split("#")
    out = parts[0]
    for x, y, rest in zip(med_b, med_a, parts[1:], strict=True):
        ratio = f" (×{y / x:.2f})" if x and x != y else ""
        out += f"{x:g}" if x == y else f"{x:g} → {y:g}{ratio}"
        out += rest
    return f"  {out}"


def _runs_of(runs: Sequence[list[str]], i: int) -> list[str]:
    """Line ``i`` of every run whose line ``i`` has the first run's words."""
    first = runs[0][i]
    return [r[i] for r in runs if i < len(r) and shape(r[i]) == shape(first)]


def compare(before: Sequence[list[str]], after: Sequence[list[str]]) -> list[str]:
    """The lines of both trees' runs, each figure as ``before → after (×ratio)``: the medians
    over the runs. Lines are paired by their words (a line one tree prints and the other does
    not, such as a header, is shown from its tree alone)."""
    shapes_b = [shape(line) for line in before[0]]
    shapes_a = [shape(line) for line in after[0]]
    shown: list[str] = []
    matcher = difflib.SequenceMatcher(None, shapes_b, shapes_a, autojunk=False)
    for op, b0, b1, a0, a1 in matcher.get_opcodes():
        if op == "equal":
            for i, j in zip(range(b0, b1), range(a0, a1), strict=True):
                line = after[0][j]
                if not figures(line):
                    shown.append(f"  {line}")
                else:
                    shown.append(_line(_runs_of(before, i), _runs_of(after, j)))
            continue
        shown += [f"  before: {before[0][i]}" for i in range(b0, b1)]
        shown += [f"  after:  {after[0][j]}" for j in range(a0, a1)]
    return shown


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    p.add_argument("commands", nargs="+", help="a benchmark script and its arguments, quoted")
    p.add_argument("--before", type=Path, required=True, help="the checkout before the change")
    p.add_argument("--after", type=Path, default=ROOT, help="the checkout after it (this one)")
    p.add_argument("--rounds", type=int, default=3, help="runs of each command in each tree")
    p.add_argument("--timeout", type=float, default=1800, help="seconds one run may take")
    p.add_argument("--keep", type=Path, help="a folder to keep every run's whole output in")
    p.add_argument("--kept", type=Path, help="compare the runs kept here (by --keep), not run")
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
        stem = Path(shlex.split(command)[0]).stem
        for r in range(args.rounds):
            for side, tree, runs in (("before", args.before, before), ("after", args.after, after)):
                kept = (args.kept or args.keep or Path()) / f"{stem}-{side}-{r + 1}.txt"
                if args.kept is not None:
                    if not kept.is_file():
                        p.error(f"{kept} was not kept")
                    runs.append(kept.read_text(encoding="utf-8").splitlines())
                    continue
                print(f"[{command}] round {r + 1}/{args.rounds}: {tree}", file=sys.stderr)
                runs.append(run(tree, command, args.timeout))
                if args.keep is not None:
                    args.keep.mkdir(parents=True, exist_ok=True)
                    kept.write_text("\n".join(runs[-1]) + "\n", encoding="utf-8")
        print(f"\n{command}  (median of {args.rounds} runs each, before → after)")
        print("\n".join(compare(before, after)), flush=True)


if __name__ == "__main__":
    main()
