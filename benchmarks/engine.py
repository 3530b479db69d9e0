"""Random full games per second and player decisions per second through the public API.

Plays uniformly random games of `classic` at 3, 4 and 7 players (and the duel), three ways:
the action objects (`legal_actions` / `apply`), the integer ids (`legal_action_ids` /
`apply_id`, the path adapters use), and, when Numba is installed, the same ids through
`rams.fast.deal.FastDeal`, the compiled fast core (games there carry the records from deal
to deal; claims and Даве are not offered in this loop's presets). When `open-spiel` is
installed, the same random loop runs on OpenSpiel's C++ `oh_hell` and `hearts` driven from
Python, and the ratio is printed.

The games of RULES §10.2–10.5 (`ramsch`, `ramsch-jacks`, `whist`, `whist-named`, `boston`,
`kony`) play whole games the same way through the protocol (`rams.games.new_match`, integer
ids), and on their compiled path (`rams.fast.plain.FastPlainDeal`), whose games chain the
deals as the match does (Whist: games to 10, a rubber of two games won).

    .venv/bin/python benchmarks/engine.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from _provenance import header

from rams.games.rams.match import RamsMatch
from rams.games.rams.rules import Rules


def rams_loop(rules: Rules, ids: bool, seconds: float, seed: int) -> tuple[float, float]:
    """(games/s, decisions/s) of random play of whole games (партии)."""
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        game = RamsMatch(rules, rng=rng)
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


def plain_loop(preset: str, n: int, seconds: float, seed: int) -> tuple[float, float]:
    """(games/s, decisions/s) of random whole games of a plain game through the protocol."""
    from rams import games

    rng = random.Random(seed)
    count = decisions = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        match = games.new_match(preset, n, rng=rng)
        while not match.is_over:
            deal = match.start_deal()
            while not deal.is_over:
                ids = deal.legal_action_ids()
                deal.apply_id(ids[rng.randrange(len(ids))])
                decisions += 1
        count += 1
    elapsed = time.perf_counter() - start
    return count / elapsed, decisions / elapsed


def plain_fast_loop(preset: str, n: int, seconds: float, seed: int) -> tuple[float, float]:
    """The same on the compiled path, the deals chained as the match chains them."""
    from rams import games
    from rams.cards import pack
    from rams.fast.plain import FastPlainDeal

    family = games.family_of(preset)
    rules = family.rules(preset, n)
    rng = random.Random(seed)
    warm = FastPlainDeal(rules, 0, pack(rules.pack_size), None, **family.deal_extra(rng))
    while not warm.is_over:  # compile first
        warm.apply_id(warm.legal_action_ids()[0])
    count = decisions = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        dealer = rng.randrange(n)
        deals = 0
        score, won = [0, 0], [0, 0]  # Whist: the game in play, the games of the rubber
        while True:
            deck = list(pack(rules.pack_size))
            rng.shuffle(deck)
            deal = FastPlainDeal(rules, dealer, deck, score, **family.deal_extra(rng))
            while not deal.is_over:
                ids = deal.legal_action_ids()
                deal.apply_id(ids[rng.randrange(len(ids))])
                decisions += 1
            deals += 1
            dealer = (dealer + 1) % n
            if family.name == "whist":
                score = [a + b for a, b in zip(score, deal.scores, strict=True)]
                side = 0 if score[0] >= 10 else 1 if score[1] >= 10 else -1
                if side >= 0:
                    won[side] += 1
                    score = [0, 0]
                    if won[side] == 2:
                        break
            elif deals >= family.match_class(rules).deal_limit():
                break
        count += 1
    elapsed = time.perf_counter() - start
    return count / elapsed, decisions / elapsed


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
    print(header(__file__), flush=True)
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
            import numba
        except ImportError:
            continue
        label = f"rams {preset} {n}p (FastDeal)"
        run(label, lambda r=rules: fast_loop(r, args.seconds, args.seed))
    plain = (("ramsch", 3), ("ramsch", 4), ("ramsch-jacks", 3), ("kony", 4), ("whist", 4),
             ("whist-named", 4), ("boston", 4))  # fmt: skip
    for preset, n in plain:
        label = f"{preset} {n}p (ids)"
        run(label, lambda p=preset, k=n: plain_loop(p, k, args.seconds, args.seed))
        try:
            import numba  # noqa: F401
        except ImportError:
            continue
        label = f"{preset} {n}p (FastPlainDeal)"
        run(label, lambda p=preset, k=n: plain_fast_loop(p, k, args.seconds, args.seed))
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
