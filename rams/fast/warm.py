"""Compile the solver once, before a bot needs it (no silent freeze after an install).

The fast core and the solver are compiled by Numba on their first call and cached on disk,
so only the very first run after an install pays for it (10–20 s on two cores). This module
takes that cost where nobody waits for it:

- ``python -m rams.fast.warm`` compiles (or loads from the cache) every kernel the bots and
  ``FastDeal`` use — a fast-core deal played out, one search of a position in play, as the
  searching bots search their samples, and the other games' solvers (max^n, double dummy)
  on a small ending; ``scripts/setup`` runs it right after installing, so the cache is there
  before the first game;
- :func:`start` runs the same in a background process (``rams serve`` at start, ``rams
  play`` while the player reads his first hand), and :func:`wait`, which every searching bot
  calls before its first search, lets that process finish first (both from
  :mod:`rams.fast.compiling`, which the kernels' callers import).
"""

from __future__ import annotations

import random
import sys
import time

from rams.fast.compiling import start, wait, warming

__all__ = ["compile_all", "start", "wait", "warming"]


def compile_all() -> float:
    """Compile (or load) every kernel: one fast-core deal played out, and one search of a
    position in play with the arguments a searching bot gives it. Returns the seconds it
    took."""
    started = time.perf_counter()
    import numpy as np  # (the extras' packages: imported only to compile)

    from rams.cards import pack
    from rams.fast import core as fc
    from rams.fast import play as fp
    from rams.fast import solver as sv
    from rams.fast.deal import FastDeal
    from rams.games.rams.rules import Rules

    rules = Rules()  # (the fast core's own game, in its default rules)
    rng = random.Random(0)
    deck = list(pack(rules.pack_size))
    fast = FastDeal(rules, 0, deck)
    while not fast.is_over:
        fast.apply_id(rng.choice(fast.legal_action_ids()))
    keys, vals = sv.new_table(16)
    moves = np.zeros(64, dtype=np.int64)
    rows = np.zeros((64, fp.VAL), dtype=np.int64)
    for seed in range(20):
        random.Random(seed).shuffle(deck)
        deal = FastDeal(rules, 0, deck)
        while not deal.is_over and deal.s[fp.S_PHASE] != fc.PLAY:
            deal.apply_id(deal.legal_action_ids()[0])
        if not deal.is_over and len(deal.legal_action_ids()) > 1:
            position = sv.position_of(deal.s, deal.r)
            sv.solve_position(position, deal.r, keys, vals, 2000, moves, rows)
            break
    _compile_trick_solvers()
    return time.perf_counter() - started


def _compile_trick_solvers() -> None:
    """The other games' solvers, on a three-card ending: max^n (each seat for itself, and
    sides) and the double-dummy solver (side against side), as their searching bots call
    them."""
    from rams.cards import SUIT_MASKS
    from rams.fast import dd, maxn
    from rams.tricks import TRUMP, trick_rules

    hands = [0x7 << (13 * s) for s in range(4)]  # three cards of one suit each
    maxn.move_values(hands, trick_rules(), -1, 0, 0, 0, (), maxn.Goal.each_for_himself(4), 50)
    sides = maxn.Goal.sides((0, 2))
    maxn.move_values(hands, trick_rules(TRUMP), 0, SUIT_MASKS[0], 0, 0, (), sides, 50)
    dd.solve(hands, 0, 0, (0, 2))
    dd.best_moves(hands, -1, 0, (0, 2), (), must_trump=True)


def main(argv: list[str] | None = None) -> int:
    """``python -m rams.fast.warm [--quiet]``: compile, and say how long it took."""
    args = sys.argv[1:] if argv is None else argv
    seconds = compile_all()
    if "--quiet" not in args:
        print(f"rams: the solver is compiled and cached ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
