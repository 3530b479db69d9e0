"""The fast core against the reference engine, in one run: random card plays per second and
exact-solver positions per second (one core each).

    .venv/bin/python benchmarks/fast_core.py [--seconds 3]

Random play: whole deals of `classic` with uniformly random legal actions (dealing,
play/pass, exchange, the turned trump and the five tricks all included); "card plays" counts
the cards played to tricks. Solver: the exact max^n solver on random positions at the first
lead of the play phase (3–7 players; 20 positions, 8 at 7 players, solved over and over for
--seconds), each solve with a fresh transposition table; the reference is the same max^n
search over the reference engine's Deal (copying it at every node), on positions with two
tricks left, where it can finish.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
from _provenance import header

from rams.cards import pack
from rams.fast import core as fc
from rams.fast import solver as sv
from rams.games.rams.actions import Play
from rams.games.rams.deal import Deal
from rams.games.rams.rules import Rules
from rams.games.rams.view import Phase


def reference_random(rules: Rules, seconds: float, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    plays = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        deal = Deal(rules, rng.randrange(rules.players), deck)
        while not deal.is_over:
            ids = deal.legal_action_ids()
            if deal.phase is Phase.PLAY:
                plays += 1
            deal.apply_id(ids[rng.randrange(len(ids))])
            actions += 1
    dt = time.perf_counter() - start
    return plays / dt, actions / dt


def fast_random(rules: Rules, seconds: float, seed: int) -> tuple[float, float]:
    r = fc.rules_array(rules)
    deck = np.array(pack(rules.pack_size), dtype=np.int64)
    fc.random_playouts(r, deck, 10, seed)  # compile
    deals = 1000
    while True:
        start = time.perf_counter()
        actions, plays = fc.random_playouts(r, deck, deals, seed)
        dt = time.perf_counter() - start
        if dt >= seconds or deals > 10**8:
            return plays / dt, actions / dt
        deals = int(deals * max(2.0, seconds / max(dt, 1e-3) * 1.2))


def positions(
    rules: Rules, count: int, seed: int, tricks_left: int
) -> list[tuple[Deal, np.ndarray]]:
    """Random deals played at random into the play phase with ``tricks_left`` tricks to go."""
    r = fc.rules_array(rules)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        n = rules.players
        deal = Deal(rules, rng.randrange(n), deck)
        s = fc.new_state(
            r, deal.dealer, np.array(deck, dtype=np.int64),
            np.array([rules.start_score] * n + [0] * (fc.MAXP - n), dtype=np.int64), 1, -1,
        )  # fmt: skip
        while not deal.is_over:
            if (
                deal.phase is Phase.PLAY
                and not deal.trick
                and 5 - len(deal.completed) == tricks_left
            ):
                out.append((deal, s))
                break
            ids = deal.legal_action_ids()
            a = ids[rng.randrange(len(ids))]
            deal.apply_id(a)
            fc.apply_action(s, r, a, -1)
    return out


def reference_search(deal: Deal, counter: list[int]) -> tuple[int, ...]:
    """Max^n over the reference engine (the baseline the solver is measured against)."""
    if deal.is_over:
        return (*deal.records, -1 if deal.winner is None else deal.winner)
    seat = deal.to_move
    assert seat is not None
    best: tuple[int, ...] | None = None
    best_u = 0
    for c in sorted(deal.legal_cards()):
        child = deal.copy()
        child.apply(Play(c))
        counter[0] += 1
        row = reference_search(child, counter)
        u = -row[seat] + (sv.WIN_BONUS if row[-1] == seat else 0)
        if best is None or u > best_u:
            best, best_u = row, u
    assert best is not None
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(header(__file__), flush=True)
    print("random play (whole deals):")
    for n in (3, 4, 7):
        rules = Rules.preset("classic", n)
        ref_plays, ref_actions = reference_random(rules, args.seconds, args.seed)
        fast_plays, fast_actions = fast_random(rules, args.seconds, args.seed)
        print(
            f"  classic {n}p  reference {ref_plays / 1e3:8.1f} k card plays/s "
            f"({ref_actions / 1e3:6.1f} k actions/s)   fast core {fast_plays / 1e6:6.2f} M card "
            f"plays/s ({fast_actions / 1e6:5.2f} M actions/s)   ×{fast_plays / ref_plays:.0f}",
            flush=True,
        )
    print("exact solver (max^n):")
    keys, vals = sv.new_table(16)  # 65 536 entries: larger tables cost cache misses
    moves = np.zeros(64, dtype=np.int64)
    rows = np.zeros((64, sv.VAL), dtype=np.int64)
    warm = positions(Rules.preset("classic", 3), 1, 0, 5)[0][1]
    sv.solve(warm, fc.rules_array(Rules.preset("classic", 3)), keys, vals, 0, moves, rows)
    for n in (3, 4, 5, 6, 7):
        rules = Rules.preset("classic", n)
        r = fc.rules_array(rules)
        total = 0
        took = 0.0
        solves = 0
        starts = positions(rules, 20 if n < 7 else 8, args.seed, 5)
        while took < args.seconds:  # passes over the same positions, each solve from scratch
            for _deal, s in starts:
                keys[:] = 0
                start = time.perf_counter()
                _, nodes, exact = sv.solve(s, r, keys, vals, 0, moves, rows)
                took += time.perf_counter() - start
                total += nodes
                solves += 1
                assert exact
        ref_nodes = [0]
        start = time.perf_counter()
        for deal, _ in positions(rules, 5, args.seed, 2):
            reference_search(deal, ref_nodes)
        ref_rate = ref_nodes[0] / (time.perf_counter() - start)
        print(
            f"  classic {n}p  fast core {total / took / 1e6:6.2f} M positions/s "
            f"({total / solves:,.0f} positions per first-lead solve, "
            f"{took / solves * 1e3:.1f} ms)   reference {ref_rate / 1e3:6.1f} k "
            f"positions/s   ×{total / took / ref_rate:.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
