"""A seat's state message and a finished game's replay, the same for every game: what the
web client draws.

Everything in it comes from the deal's ``observation(seat)`` (the one gate) and the public
side of the match: the seat view every game has (:func:`rams.games.seatview.seat_view_json`),
the family's display of it (:mod:`rams.games.display`) with the choices in one shape
(``legal``), the deal in words, the score sheet, and the match's public ending (the
winners, and what each seat pays: the family's ``payouts``, Rams' settlement). Cards are
record codes (``AS``), words are the catalogue's in the seat's language. A replay
(:func:`replay_json`) is a spectator's message at every step of a finished game, with every
hand face up (its record is public).
"""

from __future__ import annotations

from typing import Any

from rams.cards import card_codes
from rams.games.display import choices_json, display_json, settlement_json, verdict_json
from rams.games.protocol import AnyFamily, Match
from rams.games.replaying import frames
from rams.games.seatview import seat_view_json
from rams.sheets import score_sheet

__all__ = ["deal_log", "replay_json", "state_message"]


def state_message(
    family: AnyFamily, match: Match, seat: int | None, lang: str, table: dict[str, Any]
) -> dict[str, Any]:
    """Everything ``seat`` (None: a spectator) is shown now, with ``table``, the public side
    of the table the server adds (names, clocks, spectators).

    The only cards in it are those of ``match.deal.observation(seat)`` — and, once the game
    is over and its record public, every hand of the last deal as dealt.
    """
    names = match.players
    deal = match.deal
    out: dict[str, Any] = {
        "type": "state",
        "family": family.name,
        "table": table,
        "seat": seat,
        "deal": len(match.deals),
        "sheet": score_sheet(family, match).to_json(lang),
        "winners": match.winners() or None,
        "settlement": settlement_json(family.payouts(match), names, lang),
    }
    if deal is None:
        out.update(step=0, phase="waiting", hand=[], legal=None, log=[], display=None)
        return out
    view = deal.observation(seat)
    shown = family.display(view)
    choosing = shown.choices is not None
    out.update(seat_view_json(view))
    out.update(
        step=len(deal.actions),
        deal_over=deal.is_over and not match.is_over,
        display=display_json(shown, names, lang),
        legal=choices_json(shown.choices, names, lang),
        hint=family.hint(view, lang) if choosing else "",
        log=family.deal_lines(view.events, names, lang),
    )
    if match.is_over:
        out["hands"] = [card_codes(hand) for hand in deal.dealt_hands()]
    return out


def deal_log(family: AnyFamily, match: Match, deal: int, seat: int | None, lang: str) -> list[str]:
    """Deal ``deal`` (1-based) in words, as ``seat`` saw it (its observation's events)."""
    view = match.deals[deal - 1].observation(seat)
    return family.deal_lines(view.events, match.players, lang)


def replay_json(family: AnyFamily, record: Any, lang: str = "ru") -> dict[str, Any]:
    """Every step of a finished game (each deal's start, then each action): the table as a
    spectator saw it then (its display, the trick, the last trick) with every hand face up,
    the action in words, the lines it adds and the score sheet's rows by then; at a deal's
    end every hand as dealt, and what the family adds (Rams: the hands as play began). Then
    the players, the rules, the sheet, the winners, the result in words (the family's
    ``verdict``: who won and why, who paid what) and what each seat pays (``settlement``,
    from its ``payouts``)."""
    steps: list[dict[str, Any]] = []
    match: Any = None
    for step, deal, head in frames(record, lambda names: family.announcer(names, lang)):
        match = step.game
        names = match.players
        view = deal.observation(None)
        frame = {
            **seat_view_json(view),
            **head,
            "hands": [card_codes(hand) for hand in deal.hands_now()],
            "display": display_json(family.display(view), names, lang),
            "said": None if step.action is None else family.action_words(step.action, names, lang),
        }
        if deal.is_over:
            frame["dealt"] = [card_codes(hand) for hand in deal.dealt_hands()]
            frame.update(family.replay_extra(deal))
        steps.append(frame)
    return {
        "players": list(record.players),
        "rules": family.rules_json(record.rules),
        "steps": steps,
        "sheet": None if match is None else score_sheet(family, match).to_json(lang),
        "winners": None if match is None else match.winners() or None,
        "result": None
        if match is None
        else verdict_json(family.verdict(match), match.winners(), match.players, lang),
        "settlement": None
        if match is None
        else settlement_json(family.payouts(match), match.players, lang),
    }
