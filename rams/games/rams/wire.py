"""What the web client shows of Rams beyond a seat's state message (which is every
game's, :mod:`rams.games.wire`): the table's rules for people, and a finished game's replay
with all its cards; cards as codes (``AS``, ``TD``), words from the catalogue.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rams import games
from rams.cards import Card, card_str, cards_of
from rams.games.rams.rules import OPTIONS, PRESETS, Rules
from rams.games.rams.words import Announcer
from rams.games.replaying import frames
from rams.record import Record, replay_summary
from rams.rulebook import rulebook

__all__ = ["replay_json", "rules_summary"]


def _c(c: Card) -> str:
    return card_str(c)


def _cs(cards: Sequence[Card]) -> list[str]:
    return [card_str(c) for c in cards]


def rules_summary(rules: Rules) -> dict[str, Any]:
    """The table's rules for people: the preset's names and each house rule that differs."""
    preset = PRESETS[rules.preset_name]
    data = rules.to_json()
    changed = data if isinstance(data, dict) else {}
    book = rulebook("rams")
    house = [
        {
            "option": k,
            "value": v,
            "clause": OPTIONS[k].clause,
            "ru": OPTIONS[k].ru,
            "en": OPTIONS[k].en,
            "value_ru": book.option_value(k, v, "ru"),
            "value_en": book.option_value(k, v, "en"),
        }
        for k, v in changed.items()
        if k != "preset"
    ]
    return {
        "preset": rules.preset_name,
        "ru": preset.ru,
        "en": preset.en,
        "players": rules.players,
        "start_score": rules.start_score,
        "house": house,
    }


def replay_json(record: Record, lang: str = "ru") -> dict[str, Any]:
    """Every step of the game (each deal's start, then each action) with all the cards:
    hands, trick, trump, stock, records, and the lines that step adds, in words."""
    steps: list[dict[str, Any]] = []
    game = None
    for step, deal, head in frames(record, lambda names: Announcer(names, lang)):
        game = step.game
        steps.append(
            {
                **head,
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
            }
        )
        if deal.is_over:  # the deal is over: every hand is shown, as dealt and as played
            steps[-1]["dealt"] = [_cs(cards_of(h)) for h in deal.deal_hands]
            steps[-1]["in_play"] = [
                _cs(cards_of(h)) if h and h != d else None
                for h, d in zip(deal.start_hands, deal.deal_hands, strict=True)
            ]
    summary: dict[str, Any] = {}
    sheet: dict[str, Any] | None = None
    if game is not None:
        summary = replay_summary(game)
        sheet = games.sheet_of(game).to_json(lang)
    return {
        "players": list(record.players),
        "rules": rules_summary(record.rules),
        "steps": steps,
        "sheet": sheet,
        "winner": summary.get("winner"),
        "payouts": summary.get("payouts"),
        # What the settlement (S8) is made of, for the replay to explain it.
        "settlement": None
        if game is None or game.winner is None
        else {
            "winner": game.winner,
            "win_clause": game.deal.win_clause if game.deal is not None else "",
            "records": list(game.records),
            "stake": game.stake,
            "payout": game.rules.payout,
            "dave": game.rules.dave,
            "payouts": game.payouts(),
            "pam_ledger": summary.get("pam_ledger"),
        },
    }
