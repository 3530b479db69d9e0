#!/usr/bin/env python3
"""A bot for the Rams bot protocol (rams-bot/1, docs/bot-protocol.md) that chooses at random.

It uses nothing but Python's standard library: copy it and make it stronger. It reads one
JSON message a line from its standard input and writes its answers, one a line, to its
standard output (flushed at once). Run it through the host:

    rams ladder --engines "python3 examples/bots/random_bot.py" builtin:heuristic \\
        --preset classic --players 3 --deals 20
"""

from __future__ import annotations

import json
import random
import sys

PROTOCOL = "rams-bot/1"


def say(message: dict[str, object]) -> None:
    """Write one message: a line of JSON, flushed."""
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> int:
    rng = random.Random()
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            rng.seed(f"{message['seat']}")  # (a seed of its own: repeatable games)
            say({"type": "ready", "protocol": PROTOCOL, "name": "random"})
        elif kind == "act":
            say({"type": "action", "id": message["id"], "action": rng.choice(message["legal"])})
        elif kind == "offer":  # an offer out of turn (a claim): always take it
            say({"type": "action", "id": message["id"], "action": message["offers"][0]})
        elif kind in ("bye", "error"):
            break
        # deal, events, deal_end, game_end: nothing to answer
    return 0


if __name__ == "__main__":
    sys.exit(main())
