"""What the front ends show of a plain game beyond a seat's state message (which is every
game's, :mod:`rams.games.wire`): an action as its button says it, what limits a seat's
choice, and the table's rules for people.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rams.actions import Play, Say
from rams.cards import card_str
from rams.games.plain.actions import Trump
from rams.games.plain.deal import Phase, PlainView
from rams.rulebook import rulebook
from rams.words import Suit, text

__all__ = ["action_label", "hint", "rules_summary"]


def action_label(
    family: Any, action: Any, names: Sequence[str], lang: str, view: PlainView | None = None
) -> str:
    """An action as a button says it: «Козырь: пики», «Пас», «6 ♥ (8)»."""
    own = getattr(family, "label", None)
    if own is not None:
        said: str | None = own(action, names, lang, view)
        if said is not None:
            return said
    if isinstance(action, Trump):
        return text("plain.act.trump", lang, suit=Suit(action.suit))
    if isinstance(action, Say):
        return text(f"plain.act.{action.word}", lang)
    return str(action)


def hint(view: PlainView, lang: str, family: Any = None) -> str:
    """In words, what limits the seat's choices now (the «?» of the terminal, the line under
    the web table's buttons): the rule of the card to play (only one card: which), what a
    bid must beat (B3), or what the phase asks for; the choices themselves are the buttons'
    and the ``?`` list's."""
    if view.play_rule is not None:
        cards = [a.card for a in view.legal_actions if isinstance(a, Play)]
        if len(cards) == 1:
            return text("plain.hint.only", lang, card=card_str(cards[0], lang))
        return text(f"plain.hint.{view.play_rule}", lang)
    if not view.legal_actions:
        return ""
    if view.phase is Phase.AUCTION:
        values = [v for _, _, v in view.extra.get("bids", ())]
        if values:
            return text("plain.hint.outbid", lang, highest=max(values))
        return text("plain.hint.bid", lang)
    key = {Phase.PARTNER: "partner", Phase.TRUMP: "trump_name", Phase.ASIDE: "aside"}
    return text(f"plain.hint.{key[view.phase]}", lang) if view.phase in key else ""


def rules_summary(family: Any, rules: Any) -> dict[str, Any]:
    """The table's rules for people: the preset's names and each option that differs."""
    book = rulebook(family.name)
    title = book.presets[rules.preset_name]["title"]
    data = rules.to_json()
    changed = data if isinstance(data, dict) else {}
    house = [
        {
            "option": k,
            "value": v,
            "clause": family.option_clause(k),
            "ru": book.option_name(k, "ru"),
            "en": book.option_name(k, "en"),
            "value_ru": book.option_value(k, v, "ru"),
            "value_en": book.option_value(k, v, "en"),
        }
        for k, v in changed.items()
        if k != "preset"
    ]
    return {
        "preset": rules.preset_name,
        "ru": title["ru"],
        "en": title["en"],
        "players": rules.players,
        "house": house,
    }
