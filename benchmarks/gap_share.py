"""The share of a gap a bot closes, with its 95 % interval, from duplicate tournaments'
``results.json`` (issue 28: what share of the heuristic → all-seeing gap ``hard``'s card
play closes).

The share is (bot − low) / (high − low), both differences paired by deal. A tournament's
results keep each pair's mean difference and its normal 95 % interval, not the deals, but
the three pairs among bot, low and high give the covariance of the two differences:
var(a − b) = var(a) + var(b) − 2 cov(a, b) with a = bot − low, b = high − low, a − b =
bot − high. The interval is the delta method's, ``share ± 1.96 se`` with
se² = (var(a) − 2 r cov(a, b) + r² var(b)) / b², r the share. Several runs of the same
table (other seeds) pool into one: each difference is their means weighted by deals.

Where no table seats all three (the duel: two seats), ``--apart`` reads bot − low from the
first run and bot − high from the second, played apart: high − low = (bot − low) − (bot −
high), the two runs' errors taken as independent (cov(a, b) = var(a)).

    .venv/bin/python benchmarks/gap_share.py benchmarks/results/strength-classic-4-3000 \\
        --bot hard --low heuristic --high allseeing
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Difference:
    """A paired mean difference over ``n`` deals and the variance of that mean."""

    mean: float
    var: float
    n: int


def difference(results: dict[str, Any], first: str, second: str) -> Difference:
    """``first`` − ``second`` from a tournament's pairs (either order), with the variance
    of its mean read back from its normal 95 % interval."""
    for pair in results["pairs"]:
        d = pair["difference"]
        if (pair["first"], pair["second"]) in ((first, second), (second, first)):
            sign = 1.0 if pair["first"] == first else -1.0
            se = (d["high"] - d["low"]) / (2 * Z95)
            return Difference(sign * d["mean"], se * se, d["n"])
    raise KeyError(f"no pair {first} − {second} in these results")


@dataclass(frozen=True)
class Share:
    """A share, its 95 % interval, and the two differences it is made of."""

    share: float
    low: float
    high: float
    gained: Difference
    gap: Difference


def share(runs: Sequence[dict[str, Any]], bot: str, low: str, high: str) -> Share:
    """The share of the ``low`` → ``high`` gap ``bot`` closes over these runs, pooled."""
    total = sum(difference(r, bot, low).n for r in runs)
    a = b = va = vb = cov = 0.0
    for r in runs:
        gained, gap, left = (
            difference(r, bot, low),
            difference(r, high, low),
            difference(r, bot, high),
        )
        w = gained.n / total
        a += w * gained.mean
        b += w * gap.mean
        va += w * w * gained.var
        vb += w * w * gap.var
        # var(a − b) = var(a) + var(b) − 2 cov(a, b), a − b being bot − high
        cov += w * w * (gained.var + gap.var - left.var) / 2
    ratio = a / b
    se = math.sqrt(max(va - 2 * ratio * cov + ratio * ratio * vb, 0.0)) / abs(b)
    return Share(ratio, ratio - Z95 * se, ratio + Z95 * se,
                 Difference(a, va, total), Difference(b, vb, total))  # fmt: skip


def share_apart(
    first: dict[str, Any], second: dict[str, Any], bot: str, low: str, high: str
) -> Share:
    """The share from two runs played apart: bot − low in ``first``, bot − high in
    ``second`` (the module's docstring)."""
    gained, left = difference(first, bot, low), difference(second, bot, high)
    gap = Difference(gained.mean - left.mean, gained.var + left.var, min(gained.n, left.n))
    ratio = gained.mean / gap.mean
    var = gained.var - 2 * ratio * gained.var + ratio * ratio * gap.var
    se = math.sqrt(max(var, 0.0)) / abs(gap.mean)
    return Share(ratio, ratio - Z95 * se, ratio + Z95 * se, gained, gap)


def _interval(d: Difference) -> str:
    half = Z95 * math.sqrt(d.var)
    return f"{d.mean:+.3f} [{d.mean - half:+.3f}, {d.mean + half:+.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "runs", nargs="+", type=Path, help="results folders (or their results.json)"
    )
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--low", default="heuristic")
    parser.add_argument("--high", default="allseeing")
    parser.add_argument(
        "--apart", action="store_true", help="two runs: bot − low, then bot − high (the duel)"
    )
    args = parser.parse_args()
    from _provenance import header  # (here: the tests import this module as a package's)

    print(header(__file__), flush=True)
    runs = []
    for path in args.runs:
        file = path / "results.json" if path.is_dir() else path
        runs.append(json.loads(file.read_text()))
    if args.apart:
        if len(runs) != 2:
            parser.error("--apart takes two runs: bot − low, then bot − high")
        found = share_apart(runs[0], runs[1], args.bot, args.low, args.high)
    else:
        found = share(runs, args.bot, args.low, args.high)
    seeds = ", ".join(str(r["parameters"]["seed"]) for r in runs)
    print(f"{len(runs)} run(s), {found.gained.n} deals, seeds {seeds}")
    print(f"  {args.bot} − {args.low}: {_interval(found.gained)}")
    print(f"  {args.high} − {args.low}: {_interval(found.gap)}")
    print(f"  share of the gap {args.bot} closes: {found.share:.1%} "
          f"[{found.low:.1%}, {found.high:.1%}] (delta method"
          f"{'; the runs apart, taken as independent' if args.apart else ''})")  # fmt: skip


if __name__ == "__main__":
    main()
