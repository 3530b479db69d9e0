"""A plain game's view as JSON, for the web client and any front end on the wire.

Everything in it comes from the deal's :meth:`~rams.games.plain.deal.PlainDeal.observation`
of that seat and the public side of the match (names, the score sheet); cards are record
codes (``AS``, ``TD``), words come from the catalogue.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rams import games
from rams.actions import Play, Say
from rams.cards import Card, card_str, cards_of
from rams.games.plain.actions import Trump
from rams.games.plain.deal import PlainView
from rams.games.plain.words import Announcer, deal_lines
from rams.games.replaying import frames
from rams.games.seatview import seat_view_json
from rams.rulebook import rulebook
from rams.words import Suit, text

__all__ = ["action_label", "hint", "legal_of", "replay_json", "rules_summary"]


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


def legal_of(
    family: Any, view: PlainView, names: Sequence[str], lang: str
) -> dict[str, Any] | None:
    """The seat's choices: the cards it may play, the cards it may set aside, and every
    other action with its label."""
    if not view.legal_actions:
        return None
    cards: list[str] = []
    aside: list[str] = []
    actions: list[dict[str, str]] = []
    for a in view.legal_actions:
        if isinstance(a, Play):
            cards.append(card_str(a.card))
        elif getattr(a, "card", None) is not None:  # a card chosen, not played: set aside (B6)
            aside.append(card_str(a.card))
        else:
            actions.append({"action": str(a), "label": action_label(family, a, names, lang, view)})
    return {"cards": cards, "aside": aside, "actions": actions}


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


def state_message(
    family: Any, match: Any, seat: int | None, lang: str, table: dict[str, Any]
) -> dict[str, Any]:
    """Everything ``seat`` is shown now: its observation, and the public side of the table.

    The only cards in it are those of ``match.deal.observation(seat)``.
    """
    names = match.players
    deal = match.deal
    won = match.winners()
    out: dict[str, Any] = {
        "type": "state",
        "kind": "plain",
        "family": family.name,
        "table": table,
        "seat": seat,
        "deal": len(match.deals),
        "sheet": games.sheet_of(match).to_json(lang),
        "winners": won or None,
        "totals": match.scores(),
    }
    if deal is None:
        out.update(step=0, phase="waiting", hand=[], legal=None, log=[])
        return out
    view = deal.observation(seat)
    legal = legal_of(family, view, names, lang)
    out.update(seat_view_json(view))
    out.update(
        step=len(deal.actions),
        deal_over=deal.is_over and not match.is_over,
        shown=[_cs(cards) for cards in view.shown],
        hand_sizes=list(view.hand_sizes),
        sides=[list(side) for side in view.sides] if view.sides else None,
        scores=list(view.scores),
        extra=_jsonable(view.extra),
        extra_words=_extra_words(family, view.extra, lang),
        legal=legal,
        hint=hint(view, lang, family) if legal is not None else "",
        log=deal_lines(view.events, names, lang, family.bid_words()),
    )
    if match.is_over:
        # The game is over and its record public (the table serves it): the last deal's
        # hands as dealt are shown to everyone.
        out["hands"] = [_cs(tuple(cards_of(m))) for m in deal.dealt]
    return out


def _extra_words(family: Any, extra: dict[str, Any], lang: str) -> dict[str, Any]:
    """The bids and the contract of the view's extras in words («6 ♥», «малый нуль»): the
    page shows them as they are (the notation, ``bid 6H``, is not a person's word)."""
    said = family.bid_words()
    out: dict[str, Any] = {}
    if extra.get("contract"):
        out["contract"] = said(str(extra["contract"]).removeprefix("bid "), lang)
    if extra.get("bids"):
        out["bids"] = [said(str(b).removeprefix("bid "), lang) for _, b, _ in extra["bids"]]
    return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


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
