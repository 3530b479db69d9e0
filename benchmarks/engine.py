"""Random full games per second and player decisions per second through the public API.

Plays uniformly random games of `classic` at 3, 4 and 7 players (and the duel), three ways:
the action objects (`legal_actions` / `apply`), the integer ids (`legal_action_ids` /
`apply_id`, the path adapters use), and, when Numba is installed, the same ids through
`rams.fast.deal.FastDeal`, the compiled fast core (games there carry the records from deal
to deal; claims and Даве are not offered in this loop's presets). When `open-spiel` is
installed, the same random loop runs on OpenSpiel's C++ `oh_hell` and `hearts` driven from
Python, and the ratio is printed.

    .venv/bin/python benchmarks/engine.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from rams.games.rams.match import Game
from rams.games.rams.rules import Rules


def rams_loop(rules: Rules, ids: bool, seconds: float, seed: int) -> tuple[float, float]:
    """(games/s, decisions/s) of random play of whole games (партии)."""
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        game = Game(rules, rng=rng)
        while not game.is_over:
            deal = game.start_deal()
            if ids:
                while not deal.is_over:
                    legal_ids = deal.legal_action_ids()
                    deal.apply_id(legal_ids[rng.randrange(len(legal_ids))])
                    decisions += 1
            else:
                while not deal.is_over:
                    legal = deal.legal_actions()
                    deal.apply(legal[rng.randrange(len(legal))])
                    decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed


def fast_loop(rules: Rules, seconds: float, seed: int) -> tuple[float, float]:
    """(games/s, decisions/s) of the same random play through FastDeal (the compiled path)."""
    from rams.cards import pack
    from rams.fast.deal import FastDeal

    rng = random.Random(seed)
    n = rules.players
    games = decisions = 0
    FastDeal(rules, 0, pack(rules.pack_size)).legal_action_ids()  # compile first
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        records = [rules.start_score] * n
        dealer = rng.randrange(n)
        while True:
            deck = list(pack(rules.pack_size))
            rng.shuffle(deck)
            deal = FastDeal(rules, dealer, deck, records)
            while not deal.is_over:
                legal_ids = deal.legal_action_ids()
                deal.apply_id(legal_ids[rng.randrange(len(legal_ids))])
                decisions += 1
            if deal.winner is not None:
                break
            records = deal.records
            dealer = (dealer + 1) % n
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed


def openspiel_loop(
    name: str, params: dict[str, int], seconds: float, seed: int
) -> tuple[float, float]:
    """(games/s, decisions/s) of OpenSpiel's C++ game driven from Python the same way."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game(name, params)
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows: list[tuple[str, float, float]] = []

    def run(label: str, fn: Callable[[], tuple[float, float]]) -> float:
        games, decisions = fn()
        rows.append((label, games, decisions))
        print(
            f"{label:<40} {games:10.1f} games/s {decisions / 1e3:10.1f} k decisions/s", flush=True
        )
        return decisions

    for preset, n in (("classic", 3), ("classic", 4), ("classic", 7), ("duel", 2)):
        rules = Rules.preset(preset, n)
        for ids in (False, True):
            label = f"rams {preset} {n}p ({'ids' if ids else 'actions'})"
            run(label, lambda r=rules, i=ids: rams_loop(r, i, args.seconds, args.seed))
        try:
            import numba  # noqa: F401
        except ImportError:
            continue
        label = f"rams {preset} {n}p (FastDeal)"
        run(label, lambda r=rules: fast_loop(r, args.seconds, args.seed))
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        print("open-spiel is not installed: `pip install open-spiel` to compare")
        return
    spiel = []
    for name, params in (("oh_hell", {"players": 3}), ("oh_hell", {"players": 4}), ("hearts", {})):
        label = f"openspiel {name} {params.get('players', 4)}p"
        spiel.append(
            run(label, lambda g=name, p=params: openspiel_loop(g, p, args.seconds, args.seed))
        )
    ours = {label: d for label, _, d in rows if label.startswith("rams")}
    for label, d in ours.items():
        print(
            f"ratio {label:<34} {d / max(spiel):.2f}× the fastest OpenSpiel game, "
            f"{d / min(spiel):.2f}× the slowest"
        )


if __name__ == "__main__":
    main()
