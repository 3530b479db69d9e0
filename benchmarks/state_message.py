"""What a seat's state message costs to build (the web table sends one to every seat and
spectator after every action), for the families of every kind: microseconds a message, over
seeded positions of each preset (12 random actions into a deal), every seat and a spectator
each, the median of several passes.

    python benchmarks/state_message.py --seed 5 [--out FILE]

It runs on a checkout from before the one state message too (issue 25), where each family
built its own (``family.view_json``): run it from that checkout's folder to compare.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rams import games

PRESETS = (("classic", 3), ("whist", 4), ("boston", 4))


def _builder() -> Callable[[Any, Any, int | None], dict[str, Any]]:
    """The state message of this checkout: every game's one, or a family's own (before)."""
    try:
        from rams.games.wire import state_message
    except ImportError:  # (before issue 25's one state message)
        return lambda family, match, seat: family.view_json(match, seat, "ru", {})
    return lambda family, match, seat: state_message(family, match, seat, "ru", {})


def positions(preset: str, players: int, seed: int, count: int = 20) -> list[Any]:
    """``count`` matches of ``preset``, each 12 random actions into its first deal."""
    rng = random.Random(seed)
    out = []
    for g in range(count):
        match = games.new_match(preset, players, rng=random.Random(g))
        deal = match.start_deal()
        for _ in range(12):
            if deal.is_over:
                break
            seat = deal.to_move
            deal.apply(rng.choice(deal.legal_actions(seat)), seat)
        out.append(match)
    return out


def measure(preset: str, players: int, seed: int, passes: int) -> float:
    """Microseconds a message: the median over ``passes`` of every position's every seat."""
    build = _builder()
    family = games.family_of(preset)
    matches = positions(preset, players, seed)
    seats: list[int | None] = [*range(players), None]
    per_pass = []
    for _ in range(passes):
        started = time.perf_counter()
        for match in matches:
            for seat in seats:
                build(family, match, seat)
        per_pass.append((time.perf_counter() - started) / (len(matches) * len(seats)))
    return 1e6 * statistics.median(per_pass)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--passes", type=int, default=7)
    parser.add_argument("--out", type=Path, help="also write the figures into FILE")
    args = parser.parse_args(argv)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    lines = [
        f"$ python benchmarks/state_message.py --seed {args.seed} --passes {args.passes}"
        f"  # commit {commit}",
        "preset     µs a state message (median of "
        f"{args.passes} passes; 20 positions × every seat and a spectator)",
    ]
    for preset, players in PRESETS:
        lines.append(f"{preset:<10} {measure(preset, players, args.seed, args.passes):8.0f}")
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
