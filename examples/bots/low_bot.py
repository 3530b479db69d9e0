#!/usr/bin/env python3
"""A bot for the Rams bot protocol (rams-bot/1, docs/bot-protocol.md) with a simple plan:
save the high cards.

In card play (the observation's phase is ``play``) it leads its highest legal card (a
trick it means to take) and follows with its lowest (a trick it gives up cheaply). Before
play it takes the first choice listed, and it takes every offer out of turn (a claim).
Standard library only.
"""

from __future__ import annotations

import json
import sys

PROTOCOL = "rams-bot/1"
RANKS = "23456789TJQKA"


def say(message: dict[str, object]) -> None:
    """Write one message: a line of JSON, flushed."""
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def is_card(action: str) -> bool:
    """Whether an action is a card to play (record notation: rank then suit, ``TD``)."""
    return len(action) == 2 and action[0] in RANKS and action[1] in "SCDH"


def choose(observation: dict[str, object], legal: list[str]) -> str:
    """The highest card when leading, the lowest when following, else the first choice."""
    cards = [a for a in legal if is_card(a)]
    if observation.get("phase") != "play" or not cards:
        return legal[0]
    cards.sort(key=lambda c: RANKS.index(c[0]))
    return cards[-1] if not observation.get("trick") else cards[0]


def main() -> int:
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            say({"type": "ready", "protocol": PROTOCOL, "name": "low"})
        elif kind == "act":
            action = choose(message["observation"], message["legal"])
            say({"type": "action", "id": message["id"], "action": action})
        elif kind == "offer":
            say({"type": "action", "id": message["id"], "action": message["offers"][0]})
        elif kind in ("bye", "error"):
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
