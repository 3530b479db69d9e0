"""The ladder of bots in duplicate tournaments: hard > heuristic > random, and how much of
the gap between heuristic and the all-seeing bot hard closes (``oracle-4``: and of the gap
to the oracle, all-seeing before play too; ``infer-4``: hard against hardold, issue 28).

One tournament per table (classic at 3, 4, 5 and 7 players, and the duel; Ramsch at 3 and
4, the trump deals, Whist and Boston), the bots in every seat in turn over the same deals;
results (JSON, PNG chart, the printed tables) go to benchmarks/results/strength-<table>/.
Every figure is reproducible from the seed (the searching bots run without time limits in
tournaments).

    .venv/bin/python benchmarks/strength.py --table classic-3 --deals 10000 [--workers 2]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from _provenance import header

TABLES = {
    "classic-3a": ("classic", 3, "hard,heuristic,random"),
    "classic-3b": ("classic", 3, "hard,heuristic,allseeing"),
    "classic-4": ("classic", 4, "hard,heuristic,random,allseeing"),
    "classic-5": ("classic", 5, "hard,heuristic,random,allseeing,heuristic"),
    "classic-7": ("classic", 7, "hard,heuristic,random,allseeing,heuristic,random,heuristic"),
    "duel-a": ("duel", 2, "hard,heuristic"),
    "duel-b": ("duel", 2, "heuristic,random"),
    "duel-c": ("duel", 2, "hard,allseeing"),
    # Rams' play or pass by simulation against hard's learned evaluator, head to head.
    "sim-3": ("classic", 3, "hardsim,hard,hard"),
    "sim-4": ("classic", 4, "hardsim,hard,hard,hard"),
    "sim-5": ("classic", 5, "hardsim,hard,hard,hard,hard"),
    "sim-7": ("classic", 7, "hardsim,hard,hard,hard,hard,hard,hard"),
    # Issue 28: hard's inference against hard before it (hardold), head to head; and the
    # gaps to the all-seeing bot (card play) and to the oracle (decisions before play too).
    "infer-4": ("classic", 4, "hard,hardold,hard,hardold"),
    "infer-3": ("classic", 3, "hard,hardold,hardold"),
    "infer-5": ("classic", 5, "hard,hardold,hard,hardold,hardold"),
    "infer-duel": ("duel", 2, "hard,hardold"),
    "oracle-4": ("classic", 4, "hard,heuristic,allseeing,oracle"),
    # The decisions before play with the card play all-seeing: the heuristic's, hard's (the
    # all-seeing bot's), the oracle's; and hard itself.
    "preplay-4": ("classic", 4, "hard,allseeing-heuristic,allseeing,oracle"),
    # Issue 28's boosted trees before play, measured under the names hardgbt and
    # allseeing-gbt before they became hard's (and allseeing's): preplay-4 with them deciding.
    "preplay-gbt-4": ("classic", 4, "hardgbt,allseeing-heuristic,allseeing-gbt,oracle"),
    # Head to head, the card play all-seeing in every seat: the trees against the ridge.
    "ridge-allseeing-4": ("classic", 4, "allseeing,allseeing-ridge,allseeing,allseeing-ridge"),
    # The plain games (RULES §10.2–10.5): the ladder and the all-seeing bot in one table.
    "ramsch-3a": ("ramsch", 3, "hard,heuristic,random"),
    "ramsch-3b": ("ramsch", 3, "hard,heuristic,allseeing"),
    "ramsch-4": ("ramsch", 4, "hard,heuristic,random,allseeing"),
    "ramsch-jacks-3": ("ramsch-jacks", 3, "hard,heuristic,allseeing"),
    "kony-4": ("kony", 4, "hard,heuristic,random,allseeing"),
    # Whist is played by sides (p1+p3 against p2+p4): each table sets one bot's pair against
    # another's, so that a side's points are its bot's.
    "whist-4a": ("whist", 4, "hard,heuristic,hard,heuristic"),
    "whist-4b": ("whist", 4, "heuristic,random,heuristic,random"),
    "whist-4c": ("whist", 4, "allseeing,heuristic,allseeing,heuristic"),
    "boston-4": ("boston", 4, "hard,heuristic,random,allseeing"),
    # The decisions before play by simulation (bids, partner, trump) against the heuristic's,
    # both with hard's card play, head to head.
    "boston-contracts": ("boston", 4, "hard,hardcards,hard,hardcards"),
    "whist-named-contracts": ("whist-named", 4, "hard,hardcards,hard,hardcards"),
    # Issue 28: hard, whose samples fit the auction, against hardold (the sampler before it).
    "boston-28": ("boston", 4, "hard,hardold,hard,hardold"),
    "whist-named-28": ("whist-named", 4, "hard,hardold,hard,hardold"),
    # Issue 28, the rest: hard against hardlate (hard before): whist-28b measured the solver
    # from 11 cards a hand (at 9fcd765) against from 8; boston-28b, Boston's bids scored as
    # the auction would go on against as if the others passed.
    "whist-28b": ("whist", 4, "hard,hardlate,hard,hardlate"),
    "boston-28b": ("boston", 4, "hard,hardlate,hard,hardlate"),
    # Issue 28: hardfirst (searching from the first trick, each solve limited) against hard
    # (the heuristic's card while a hand holds more than 8).
    "whist-first": ("whist", 4, "hardfirst,hard,hardfirst,hard"),
    "boston-first": ("boston", 4, "hardfirst,hard,hardfirst,hard"),
    # ... and once Whist's hard searched them: hard against hardshort (the heuristic's card).
    "whist-short": ("whist", 4, "hard,hardshort,hard,hardshort"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--table", choices=list(TABLES), required=True)
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ray", metavar="ADDRESS", help="as Ray tasks (auto, local, HOST:PORT)")
    parser.add_argument("--out", type=Path, help="default: results/strength-TABLE")
    args = parser.parse_args()
    first = header(__file__)  # (the commit the run starts on)
    print(first, flush=True)
    preset, players, bots = TABLES[args.table]
    out = args.out or Path(__file__).parent / "results" / f"strength-{args.table}"
    command = [
        sys.executable, "-m", "rams.cli", "tournament",
        "--preset", preset, "--players", str(players), "--bots", bots,
        "--deals", str(args.deals), "--seed", str(args.seed),
        "--workers", str(args.workers), "--out", str(out),
        *(["--ray", args.ray] if args.ray else []),
    ]  # fmt: skip
    started = time.perf_counter()
    out.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = f"wall time {time.perf_counter() - started:.1f} s\n"
    ran = "# ran: python " + " ".join(command[1:]) + "\n"
    (out / "output.txt").write_text(first + "\n" + ran + result.stdout + wall)
    print(wall, end="")
    print(result.stdout)
    if result.returncode:
        print(result.stderr, file=sys.stderr)
        sys.exit(result.returncode)


if __name__ == "__main__":
    main()
