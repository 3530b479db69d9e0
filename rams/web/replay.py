"""The step-by-step replay of a finished game, for the browser's replay viewer.

Only a finished game is replayed: its record (§12) shows every hand, so it leaves the
server only once the game is over. Its family builds the steps.
"""

from __future__ import annotations

from typing import Any

from rams.record import Record

__all__ = ["replay_steps"]


def replay_steps(record: Record, lang: str = "ru") -> dict[str, Any]:
    """Every step of the game (each deal's start, then each action) with all the cards, and
    the lines each step adds, in words (the family's)."""
    return record.family.replay_json(record, lang)
