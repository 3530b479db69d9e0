"""The step-by-step replay of a finished game, for the browser's replay viewer.

Only a finished game is replayed: its record (§12) shows every hand, so it leaves the
server only once the game is over.
"""

from __future__ import annotations

from typing import Any

from rams.cards import card_str, cards_of
from rams.games.rams.wire import rules_summary
from rams.games.rams.words import Announcer, sheet_columns
from rams.record import Record, replay_summary

__all__ = ["replay_steps"]


def replay_steps(record: Record, lang: str = "ru") -> dict[str, Any]:
    """Every step of the game (each deal's start, then each action) with all the cards:
    hands, trick, trump, stock, records, and the lines that step adds, in words."""
    steps: list[dict[str, Any]] = []
    announcer: Announcer | None = None
    seen = 0
    game = None
    for step in record.steps():
        game = step.game
        deal = game.deal
        assert deal is not None
        if step.action is None:
            announcer = Announcer(game.players, lang)
            seen = 0
        assert announcer is not None
        new = deal.events[seen:]
        seen = len(deal.events)
        lines = announcer.feed(new)
        if deal.is_over:
            lines += announcer.flush()
        steps.append(
            {
                "deal": step.deal_index + 1,
                "index": 0 if step.action_index is None else step.action_index + 1,
                "seat": step.seat,
                "action": None if step.action is None else str(step.action),
                "dealer": deal.dealer,
                "phase": deal.phase.value,
                "to_move": deal.to_move,
                "hands": [[card_str(c) for c in cards_of(h)] for h in deal.hands],
                "trump": None if deal.trump is None else "SCDH"[deal.trump],
                "turned": None if deal.turned is None else card_str(deal.turned),
                "stock": deal.stock_count,
                "calls": list(deal.calls),
                "trick": [[s, card_str(c)] for s, c in deal.trick],
                "last_trick": [[s, card_str(c)] for s, c in deal.completed[-1]]
                if deal.completed
                else None,
                "tricks_taken": list(deal.tricks_taken),
                "records": list(deal.records),
                "lines": lines,
            }
        )
    summary: dict[str, Any] = {}
    sheet: list[list[int]] = []
    if game is not None:
        summary = replay_summary(game)
        sheet = sheet_columns(game.sheet)
    return {
        "players": list(record.players),
        "rules": rules_summary(record.rules),
        "steps": steps,
        "sheet": {"names": list(record.players), "columns": sheet},
        "winner": summary.get("winner"),
        "payouts": summary.get("payouts"),
    }
