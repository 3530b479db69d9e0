"""What the front ends show of Rams beyond every game's state message and replay
(:mod:`rams.games.wire`): the table's rules for people, an action in words, and the hands
as play began; cards as codes (``AS``, ``TD``) or as a screen writes them.
"""

from __future__ import annotations

from typing import Any

from rams.cards import card_codes, card_str, cards_of, cards_str
from rams.games.rams.actions import Action, Exchange, Play, Swap
from rams.games.rams.deal import Deal
from rams.games.rams.rules import OPTIONS, PRESETS, Rules
from rams.rulebook import rulebook
from rams.words import text

__all__ = ["action_words", "in_play", "rules_summary"]


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


def action_words(action: Action, lang: str) -> str:
    """A Rams action as a person says it: a card («Т♠»), a word («Играю»), the exchange
    («сносит 7♠ 8♦», or «Остаюсь при своих», E4) or the swap for the trump («берёт козырь,
    отдаёт Д♠», E5, M3)."""
    if isinstance(action, Play):
        return card_str(action.card, lang)
    if isinstance(action, Exchange):
        if not action.cards:
            return text("rams.web.standPat", lang)
        return f"{text('rams.web.a_exchange', lang)} {cards_str(action.cards, lang)}"
    if isinstance(action, Swap):
        return f"{text('rams.web.a_swap', lang)} {card_str(action.card, lang)}"
    return text(f"rams.web.w_{action}", lang)


def in_play(deal: Deal) -> list[list[str] | None]:
    """Each hand as play began, where it differs from the hand dealt (the exchange, the
    swap for the trump); None where it does not."""
    return [
        card_codes(cards_of(h)) if h and h != d else None
        for h, d in zip(deal.start_hands, deal.deal_hands, strict=True)
    ]
