"""A Rams seat's view as JSON, for the web client and for any front end on the wire.

Everything in it comes from :meth:`rams.games.rams.deal.Deal.observation` of that seat and
the public side of the match (names, the score sheet); the cards it names are card codes
(``AS``, ``TD``) or words from :mod:`rams.games.rams.words`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rams import games
from rams.cards import Card, card_str, cards_of
from rams.games.rams.actions import Exchange, Play, Swap
from rams.games.rams.match import RamsMatch
from rams.games.rams.rules import OPTIONS, PRESETS, Rules
from rams.games.rams.view import Observation
from rams.games.rams.words import Announcer, deal_lines, legal_hint
from rams.games.replaying import frames
from rams.games.seatview import seat_view_json
from rams.record import Record, replay_summary
from rams.rulebook import rulebook

__all__ = ["legal_of", "replay_json", "rules_summary", "state_message"]


def _c(c: Card) -> str:
    return card_str(c)


def _cs(cards: Sequence[Card]) -> list[str]:
    return [card_str(c) for c in cards]


def legal_of(view: Observation) -> dict[str, Any] | None:
    """The seat's choices, grouped for buttons: cards to play, cards to give for the turned
    card, how many cards it may exchange, and the one-word actions."""
    if not view.legal_actions:
        return None
    cards: list[str] = []
    swap: list[str] = []
    words: list[str] = []
    exchange: int | None = None
    for a in view.legal_actions:
        if isinstance(a, Play):
            cards.append(_c(a.card))
        elif isinstance(a, Swap):
            swap.append(_c(a.card))
        elif isinstance(a, Exchange):
            exchange = max(exchange or 0, len(a.cards))
        else:
            words.append(str(a))
    return {"cards": cards, "swap": swap, "exchange": exchange, "words": words}


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


def state_message(
    game: RamsMatch, seat: int | None, lang: str, table: dict[str, Any]
) -> dict[str, Any]:
    """Everything ``seat`` is shown now: its observation, and the public side of the table.

    The only cards in it are those of ``game.deal.observation(seat)``; the hidden
    information never passes anywhere else.
    """
    names = game.players
    deal = game.deal
    out: dict[str, Any] = {
        "type": "state",
        "table": table,
        "seat": seat,
        "deal": len(game.deals),
        "sheet": games.sheet_of(game).to_json(lang),
        "winner": game.winner,
        "payouts": game.payouts() if game.is_over else None,
        "pam_ledger": game.pam_ledger if game.rules.pamfil and game.is_over else None,
        "stake": game.stake,
    }
    if deal is None:
        out.update(step=0, phase="waiting", hand=[], legal=None, log=[], records=list(game.records))
        return out
    view = deal.observation(seat)
    legal = legal_of(view)
    out.update(seat_view_json(view))
    out.update(
        step=len(deal.actions),
        deal_over=deal.is_over and not game.is_over,
        turned=None if view.turned is None else _c(view.turned),
        stock=view.stock_count,
        calls=list(view.calls),
        active=list(view.active),
        exchanged=list(view.exchanged),
        records=list(view.records),
        stake=view.stake,
        dave_offerer=view.dave_offerer,
        dave_pending=view.dave_pending,
        known=[_cs(k) for k in view.known],
        legal=legal,
        hint=legal_hint(view, lang) if legal is not None else "",
        log=deal_lines(view.events, names, lang),
    )
    if view.turned is not None:
        out["turned_taken"] = view.turned in view.known[view.dealer] or (view.turned in view.hand)
    if game.is_over:
        # The game is over and its record public (the table serves it): the last deal's
        # hands as dealt are shown to everyone.
        out["hands"] = [_cs(tuple(cards_of(m))) for m in deal.deal_hands]
    return out


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
