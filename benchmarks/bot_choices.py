"""The searching bots' choices for fixed seeds, as one hash a game: run it on two commits
(``before_after.py`` shows a line that differs) to see that a change of the bots' code left
every choice as it was, or to find the first game where it did not.

Each case plays whole games with untimed bots (their sample counts alone decide, so a seed
gives the same games anywhere) and prints a fingerprint of the games' records.

    .venv/bin/python benchmarks/bot_choices.py --seed 7
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
from pathlib import Path

from _provenance import header

from rams.games import family_of
from rams.sim import simulate

#: (preset, players, bots, games): every family's searching bots, Rams' two levels of search.
CASES = (
    ("classic", 3, ("hard", "pimc", "hard"), 3),
    ("classic", 4, ("hard",) * 4, 2),
    ("whist", 4, ("hard",) * 4, 1),
    ("kony", 4, ("hard",) * 4, 2),
    ("ramsch", 3, ("hard",) * 3, 3),
    ("boston", 4, ("hard",) * 4, 2),
)


def games_hash(preset: str, players: int, bots: tuple[str, ...], games: int, seed: int) -> str:
    """A fingerprint of the games' records, in order: 16 letters from their SHA-256 (letters
    only, so that ``before_after.py`` compares it as a word, not as figures)."""
    rules = family_of(preset).rules(preset, players)
    with tempfile.TemporaryDirectory() as folder:
        simulate(rules, bots, games, seed, records=Path(folder))
        digest = hashlib.sha256()
        for path in sorted(Path(folder).glob("*.json")):
            digest.update(path.read_bytes())
    return "".join(chr(ord("a") + b % 26) for b in digest.digest()[:16])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--games", type=int, default=None, help="games a case (default: its own)")
    parser.add_argument("--only", default=None, help="the cases of this preset only")
    args = parser.parse_args()
    print(header(__file__), flush=True)
    for preset, players, bots, games in CASES:
        if args.only is not None and preset != args.only:
            continue
        n = args.games if args.games is not None else games
        print(f"{preset}-{players} {'/'.join(bots)}, seed {args.seed}, games {n}", end=": ",
              flush=True)  # fmt: skip
        print(games_hash(preset, players, bots, n, args.seed), flush=True)
        print(f"  {preset}-{players} done", file=sys.stderr)


if __name__ == "__main__":
    main()
