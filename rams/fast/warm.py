"""Compile the solver once, before a bot needs it (no silent freeze after an install).

The fast core and the solver are compiled by Numba on their first call and cached on disk,
so only the very first run after an install pays for it (10–20 s on two cores). This module
takes that cost where nobody waits for it:

- ``python -m rams.fast.warm`` compiles (or loads from the cache) every kernel the bots and
  ``FastDeal`` use; ``scripts/setup`` runs it right after installing, so the cache is there
  before the first game;
- :func:`start` runs the same in a background process (``rams serve`` at start, ``rams
  play`` while the player reads his first hand), and :func:`wait`, which every searching bot
  calls before its first search, lets that process finish first: the compiling happens once,
  in one process, and the bot then loads the cached code.
"""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time

__all__ = ["compile_all", "start", "wait", "warming"]

_lock = threading.Lock()
_proc: subprocess.Popen[bytes] | None = None


def compile_all() -> float:
    """Compile (or load) every kernel: one searched card decision and one fast-core deal.
    Returns the seconds it took."""
    started = time.perf_counter()
    from rams.bots.pimc import PimcBot
    from rams.cards import pack
    from rams.fast.deal import FastDeal
    from rams.games import DEFAULT_PRESET
    from rams.games.rams.deal import Deal
    from rams.games.rams.rules import Rules
    from rams.games.rams.view import Phase

    rules = Rules.preset(DEFAULT_PRESET, 3)
    rng = random.Random(0)
    deck = list(pack(rules.pack_size))
    fast = FastDeal(rules, 0, deck)
    while not fast.is_over:
        fast.apply_id(rng.choice(fast.legal_action_ids()))
    bot = PimcBot(rng, seconds=None, max_samples=2, node_budget=2000)
    for seed in range(20):
        random.Random(seed).shuffle(deck)
        deal = Deal(rules, 0, deck)
        while not deal.is_over and deal.phase is not Phase.PLAY:
            deal.apply(deal.legal_actions()[0])
        if deal.phase is Phase.PLAY and len(deal.legal_actions()) > 1:
            seat = deal.to_move
            assert seat is not None
            bot.act(deal.observation(seat))
            break
    return time.perf_counter() - started


def start() -> None:
    """Compile in a background process, once per process (nothing if one already ran)."""
    global _proc
    with _lock:
        if _proc is not None:
            return
        try:
            _proc = subprocess.Popen(
                [sys.executable, "-m", "rams.fast.warm", "--quiet"],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError:  # no process to spare: the first search compiles in place
            return


def warming() -> bool:
    """True while the background compile of :func:`start` is still running."""
    proc = _proc
    return proc is not None and proc.poll() is None


def wait(timeout: float = 120.0) -> None:
    """Let a background compile finish before the first search (at once if none runs)."""
    proc = _proc
    if proc is None or proc.poll() is not None:
        return
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:  # compile in place rather than wait for ever
        return


def main(argv: list[str] | None = None) -> int:
    """``python -m rams.fast.warm [--quiet]``: compile, and say how long it took."""
    args = sys.argv[1:] if argv is None else argv
    seconds = compile_all()
    if "--quiet" not in args:
        print(f"rams: the solver is compiled and cached ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
