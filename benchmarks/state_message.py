"""What a seat's state message costs to build (the web table sends one to every seat and
spectator after every action), for the families of every kind: microseconds a message, over
seeded positions of each preset (12 random actions into a deal), every seat and a spectator
each, the median of several passes.

    python benchmarks/state_message.py --seed 5 [--out FILE]

It runs on a checkout from before the one state message too (issue 25), where each family
built its own (``family.view_json``): run it from that checkout's folder to compare.

    python benchmarks/state_message.py --deal --seed 5 [--out FILE]

compares, at the start and at the end of a deal (its first and its last ``--window``
actions, over 20 seeded first deals of each preset), what the server spends on each
message, every seat and a spectator in Russian: building the whole state message and
encoding it (``state_message``, as every message was before protocol 2), and protocol 2's
work (issue 27: :class:`rams.web.views.TableViews` building every viewer's state once per
action, the deal worded one event at a time, then each viewer's delta and its JSON), that
action's total divided by the viewers. It counts the process's CPU time, not the clock's
(steadier on a shared machine). The whole message grows with the deal (its log in
words, O(n) a message); protocol 2's should not.
"""

from __future__ import annotations

import argparse
import copy
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


def _deal(preset: str, players: int, g: int) -> tuple[Any, list[Any]]:
    """A seeded match (game ``g``) and the actions of its first deal, chosen at random."""
    match = games.new_match(preset, players, rng=random.Random(g))
    rng = random.Random(1000 + g)
    deal = match.start_deal()
    actions = []
    while not deal.is_over:
        seat = deal.to_move
        action = rng.choice(deal.legal_actions(seat))
        actions.append((action, seat))
        deal.apply(action, seat)
    return games.new_match(preset, players, rng=random.Random(g)), actions


def measure_deal(preset: str, players: int, window: int, passes: int) -> dict[str, float]:
    """µs a message at the start and at the end of a deal, whole and as protocol 2 sends
    it: the median over ``passes`` of the mean over 20 deals' first and last ``window``
    actions."""
    import json

    from rams.games.wire import state_message
    from rams.web.views import TableViews, delta

    family = games.family_of(preset)
    seats: list[int | None] = [*range(players), None]
    viewers = [(s, "ru") for s in seats]
    deals = [_deal(preset, players, g) for g in range(20)]
    table: dict[str, Any] = {"now": 0}
    sums: dict[str, list[float]] = {}
    for _ in range(passes):
        spent = {"whole_start": 0.0, "whole_end": 0.0, "delta_start": 0.0, "delta_end": 0.0}
        counted = dict.fromkeys(spent, 0)
        for fresh, actions in deals:
            match = copy.deepcopy(fresh)
            deal = match.start_deal()
            views = TableViews(family, match.players)
            views.update(match, table, viewers)
            n = len(actions)
            for i, (action, seat) in enumerate(actions):
                deal.apply(action, seat)
                where = "start" if i < window else "end" if i >= n - window else None
                started = time.process_time()
                before = views.last
                views.update(match, table, viewers)
                for key in viewers:
                    delta(before[key], views.last[key]).text()
                took = time.process_time() - started
                if where is None:
                    continue
                spent[f"delta_{where}"] += took
                counted[f"delta_{where}"] += len(viewers)
                started = time.process_time()
                for s in seats:
                    json.dumps(state_message(family, match, s, "ru", table), ensure_ascii=False)
                spent[f"whole_{where}"] += time.process_time() - started
                counted[f"whole_{where}"] += len(seats)
        for key in spent:
            sums.setdefault(key, []).append(spent[key] / counted[key])
    return {key: 1e6 * statistics.median(v) for key, v in sums.items()}


def main_deal(args: argparse.Namespace) -> int:
    from _provenance import header

    lines = [
        header(__file__),
        f"CPU µs a message, every seat and a spectator (median of {args.passes} passes; "
        f"20 deals; the first and the last {args.window} actions of each)",
        f"{'preset':<10} {'whole, start':>13} {'whole, end':>11} {'delta, start':>13} "
        f"{'delta, end':>11}",
    ]
    for preset, players in PRESETS:
        m = measure_deal(preset, players, args.window, args.passes)
        lines.append(
            f"{preset:<10} {m['whole_start']:13.0f} {m['whole_end']:11.0f} "
            f"{m['delta_start']:13.0f} {m['delta_end']:11.0f}"
        )
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--passes", type=int, default=7)
    parser.add_argument("--out", type=Path, help="also write the figures into FILE")
    parser.add_argument(
        "--deal", action="store_true", help="the start against the end of a deal (protocol 2)"
    )
    parser.add_argument("--window", type=int, default=6, help="actions at each end (--deal)")
    args = parser.parse_args(argv)
    if args.deal:
        return main_deal(args)
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
