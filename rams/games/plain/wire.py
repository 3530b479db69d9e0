"""What the front ends show of a plain game beyond a seat's state message (which is every
game's, :mod:`rams.games.wire`): an action as its button says it, what limits a seat's
choice, the table's rules for people, and a finished game's replay with all its cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rams import games
from rams.actions import Play, Say
from rams.cards import Card, card_str, cards_of
from rams.games.plain.actions import Trump
from rams.games.plain.deal import PlainView
from rams.games.plain.words import Announcer
from rams.games.replaying import frames
from rams.rulebook import rulebook
from rams.words import Suit, text

__all__ = ["action_label", "hint", "replay_json", "rules_summary"]


def _cs(cards: Sequence[Card]) -> list[str]:
    return [card_str(c) for c in cards]


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
    """In words, what limits the seat's choices now (the «?» of the terminal)."""
    if view.play_rule is not None:
        return text(f"plain.hint.{view.play_rule}", lang)
    if not view.legal_actions:
        return ""
    names = [str(s + 1) for s in range(len(view.hand_sizes))]
    shown = [action_label(family, a, names, lang) for a in view.legal_actions[:12]]
    return text("plain.hint.prelude", lang, choices=", ".join(shown))


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


def replay_json(family: Any, record: Any, lang: str = "ru") -> dict[str, Any]:
    """Every step of the game (each deal's start, then each action) with all the cards,
    and the lines that step adds, in words."""
    steps: list[dict[str, Any]] = []
    match = None
    bids = family.bid_words()
    for step, deal, head in frames(record, lambda names: Announcer(names, lang, bids)):
        match = step.game
        tp = deal.play
        steps.append(
            {
                **head,
                "hands": [_cs(cards_of(deal.hand_of(s))) for s in range(deal.n)],
                "trump": None if deal.trump < 0 else "SCDH"[deal.trump],
                "trick": [[s, card_str(c)] for s, c in tp.trick] if tp is not None else [],
                "tricks_taken": list(tp.taken) if tp is not None else [0] * deal.n,
            }
        )
        if step.action is not None and not isinstance(step.action, Play):
            steps[-1]["said"] = action_label(family, step.action, match.players, lang)
        if deal.is_over:  # the deal is over: every hand is shown as it was dealt
            steps[-1]["dealt"] = [_cs(cards_of(h)) for h in deal.dealt]
    sheet: dict[str, Any] | None = None
    summary: dict[str, Any] = {}
    if match is not None:
        sheet = games.sheet_of(match).to_json(lang)
        summary = match.summary()
    return {
        "kind": "plain",
        "players": list(record.players),
        "rules": rules_summary(family, record.rules),
        "steps": steps,
        "sheet": sheet,
        "winners": summary.get("winners"),
        # What decides the winners, for the replay to explain it.
        "settlement": None
        if match is None or not match.is_over
        else {
            "family": family.name,
            "end_clause": family.end_clause,
            "better": family.better,
            "scores": match.scores(),
            **{k: v for k, v in summary.items() if k != "deals"},
        },
    }
