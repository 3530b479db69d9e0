"""heuristic against random in the games of RULES §10.2–10.5: bot-only games of every preset.

One heuristic bot and random ones, rotated through the seats from game to game (in Whist the
heuristic's partner is random). Prints the tables; writes one JSON file of figures per preset
into benchmarks/results/. Every figure is reproducible from the seed.

    .venv/bin/python benchmarks/baseline_plain.py [--games 1000] [--seed 2026] [--workers 2]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from _provenance import header
from rich.console import Console

from rams import games
from rams.sim import simulate, summarize, summary_json
from rams.simulate_cli import summary_table

TABLES = [
    ("ramsch", 3),
    ("ramsch", 4),
    ("ramsch-jacks", 3),
    ("kony", 4),
    ("whist", 4),
    ("whist-named", 4),
    ("boston", 4),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default=str(Path(__file__).parent / "results"))
    args = parser.parse_args()
    print(header(__file__), flush=True)
    console = Console()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for preset, n in TABLES:
        family = games.family_of(preset)
        bots = ["heuristic"] + ["random"] * (n - 1)
        start = time.perf_counter()
        results = simulate(family.rules(preset, n), bots, args.games, args.seed, args.workers)
        summary = summarize(results)
        took = time.perf_counter() - start
        title = (
            f"{preset} {n}p: {','.join(bots)}, {args.games} games, seed {args.seed} ({took:.0f} s)"
        )
        console.print(summary_table(summary, title, "en", family.better))
        (out / f"baseline-{preset}-{n}p.json").write_text(summary_json(summary) + "\n")


if __name__ == "__main__":
    main()
