"""heuristic against random: bot-only games at 3, 4 and 6 players and in the duel.

Writes one JSON file of figures per table into benchmarks/results/ and prints the tables.
Every figure is reproducible from the seed (the same whatever the worker count).

    .venv/bin/python benchmarks/baseline_bots.py [--games 5000] [--seed 2026] [--workers 2]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from _provenance import header
from rich.console import Console

from rams.games.rams.rules import Rules
from rams.sim import simulate, summarize, summary_json
from rams.simulate_cli import summary_table

TABLES = [
    ("classic", 3, "heuristic,random,random"),
    ("classic", 4, "heuristic,random,random,random"),
    ("classic", 6, "heuristic,random,random,random,random,random"),
    ("duel", 2, "heuristic,random"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default=str(Path(__file__).parent / "results"))
    args = parser.parse_args()
    print(header(__file__), flush=True)
    console = Console()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for preset, n, bots in TABLES:
        start = time.perf_counter()
        results = simulate(
            Rules.preset(preset, n), bots.split(","), args.games, args.seed, args.workers
        )
        summary = summarize(results)
        took = time.perf_counter() - start
        title = f"{preset} {n}p: {bots}, {args.games} games, seed {args.seed} ({took:.0f} s)"
        console.print(summary_table(summary, title))
        (out / f"baseline-{preset}-{n}p.json").write_text(summary_json(summary) + "\n")


if __name__ == "__main__":
    main()
