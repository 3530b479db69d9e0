"""What a Rams seat is shown (:class:`rams.games.display.Display`), from its observation
alone: each player's record (S1), his call (E1), how many cards he drew (E4) and the cards
everyone has seen in his hand; the trump, the turned card (D3) or where it went (E5, K1),
Pam turned (M3), the stock or the duel's talon (V2), the stake (V4); and the choices —
cards to play, cards to discard or to give for the trump, and the words.
"""

from __future__ import annotations

from rams.cards import Cards, suit_of
from rams.games.display import Button, Choices, Display, Mark, Pick, Pile, SeatLine, Words
from rams.games.rams.actions import Exchange, Play, Swap
from rams.games.rams.deal import PAM
from rams.games.rams.view import Observation, Phase
from rams.words import Phrase

__all__ = ["KEYS", "display"]

#: The key that says each word at the web table.
KEYS = {
    "play": "P", "pass": "N", "keep": "K", "take": "T", "sell": "S", "go": "G", "dave": "D",
    "accept": "A", "concede": "C", "claim": "W",
}  # fmt: skip


def _w(key: str, **fields: object) -> Phrase:
    return Phrase(f"rams.web.{key}", **fields)


def _seat(view: Observation, s: int) -> SeatLine:
    marks: list[Mark] = []
    call = view.calls[s]
    if call == "play":
        marks.append(Mark(_w("call_play"), "play"))
    elif call == "pass":
        marks.append(Mark(_w("call_pass"), "pass"))
    drew = view.exchanged[s]
    if drew is not None:
        marks.append(Mark(_w("exchanged", n=drew)))
    in_play = view.phase in (Phase.PLAY, Phase.DONE) and s in view.active
    return SeatLine(
        score=view.records[s],
        tricks=view.tricks_taken[s] if in_play else None,
        marks=tuple(marks),
        shown=view.known[s],
        passed=call == "pass",
    )


def _centre(view: Observation) -> tuple[Pile | None, tuple[Words, ...]]:
    rules = view.rules
    lines: list[Words] = []
    if rules.pamfil and view.turned == PAM and view.trump is None:
        lines.append(_w("pam_turned"))
    if view.turned is None and view.trump is not None:
        taken = [c for c in view.known[view.dealer] if suit_of(c) == view.trump]
        if taken:
            key = "in_hand" if rules.turned_card_in_hand else "turned_taken"
            lines.append(_w(key, card=Cards(taken[:1])))
    pile = None
    if rules.talon:
        if view.phase is Phase.TALON:
            pile = Pile(5, _w("talon"))
    elif not rules.turned_card_in_hand:
        pile = Pile(view.stock_count, _w("stock"))
    if rules.dave:
        lines.append(_w("stake_n", n=view.stake))
    return pile, tuple(lines)


def _choices(view: Observation) -> Choices | None:
    if not view.legal_actions:
        return None
    cards = []
    swap = []
    most: int | None = None
    buttons = []
    for a in view.legal_actions:
        if isinstance(a, Play):
            cards.append(a.card)
        elif isinstance(a, Swap):
            swap.append(a.card)
        elif isinstance(a, Exchange):
            most = max(most or 0, len(a.cards))
        else:
            word = str(a)
            quiet = word in ("pass", "concede")
            buttons.append(Button(word, _w(f"w_{word}"), KEYS.get(word, ""), quiet))
    pick = None
    if most is not None:  # E4: any of the hand's cards, up to the stock's limit
        pick = Pick(view.hand, "exchange", 0, most, "rams.web.standPat", "rams.web.exchangeN")
    elif swap:  # E5, M3: one card for the turned one
        pick = Pick(tuple(swap), "swap", 1, 1, "rams.web.pickSwap", "rams.web.swapCard")
    return Choices(tuple(cards), pick, tuple(buttons))


def display(view: Observation) -> Display:
    """What ``view``'s seat is shown of the deal beyond its hand and the trick."""
    pile, lines = _centre(view)
    return Display(
        score=Phrase("web.record"),
        seats=tuple(_seat(view, s) for s in range(len(view.records))),
        trump=view.trump,
        turned=view.turned,
        turned_label=_w("turned"),
        pile=pile,
        lines=lines,
        choices=_choices(view),
    )
