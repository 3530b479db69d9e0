"""What a seat of a plain game is shown (:class:`rams.games.display.Display`), from its
observation alone: each seat's score (its side's in Whist, W1), tricks, side and role in
the contract (B5), card points (F7), the cards everyone has seen (W3, B9) and how many it
holds; the trump, the card turned from the second pack (B1), the skat; what the game adds
in words (the auction, the contract: the family's :meth:`display_lines`); and the choices,
each labelled as its game says it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rams.actions import Play
from rams.cards import parse_card
from rams.games.display import Button, Choices, Display, Mark, Pick, Pile, SeatLine
from rams.games.plain.deal import Phase, PlainView
from rams.games.plain.wire import action_label
from rams.words import Phrase

__all__ = ["Label", "display"]


def _w(key: str, **fields: object) -> Phrase:
    return Phrase(f"plain.web.{key}", **fields)


class Label:
    """An action as its button says it («Козырь: пики», «6 ♥ (8)»), worded where drawn."""

    def __init__(self, family: Any, action: Any, view: PlainView | None = None) -> None:
        self.family, self.action, self.view = family, action, view

    def words(self, lang: str, names: Sequence[str] | None = None) -> str:
        return action_label(self.family, self.action, names or (), lang, self.view)


def _seat(view: PlainView, s: int) -> SeatLine:
    """The seat's line: its score now — its own, or its side's (W1), with what the deal
    wrote once it is over — its marks, tricks and shown cards."""
    extra = view.extra
    marks: list[Mark] = []
    column = s  # (where its score is kept: its seat, or its side)
    if view.sides:
        column = next(k for k, members in enumerate(view.sides) if s in members)
        marks.append(Mark(_w("p_side", n=column + 1), "side"))
    if extra.get("declarer") == s:
        marks.append(Mark(_w("p_declarer"), "role"))
    if extra.get("partner") == s:
        marks.append(Mark(_w("p_partner"), "role"))
    passed = s in extra.get("passed", ())
    if passed:
        marks.append(Mark(_w("p_passed"), "pass"))
    points = extra.get("card_points")
    if points:
        marks.append(Mark(_w("p_points", n=points[s]), "note", _w("p_cardPoints")))
    playing = view.phase in (Phase.PLAY, Phase.DONE)
    return SeatLine(
        score=view.scores[column] + (view.written[column] if view.written else 0),
        tricks=view.tricks_taken[s] if playing else None,
        marks=tuple(marks),
        shown=view.shown[s],
        cards=view.hand_sizes[s],
        passed=passed,
        side=column if view.sides else None,
    )


def _choices(family: Any, view: PlainView) -> Choices | None:
    if not view.legal_actions:
        return None
    cards = []
    aside = []
    buttons = []
    for a in view.legal_actions:
        if isinstance(a, Play):
            cards.append(a.card)
        elif getattr(a, "card", None) is not None:  # a card chosen, not played: set aside (B6)
            aside.append(a.card)
        else:
            quiet = str(a) == "pass"
            buttons.append(Button(str(a), Label(family, a, view), quiet=quiet))
    pick = Pick(tuple(aside), "aside", 1, 1, "plain.web.p_aside") if aside else None
    return Choices(tuple(cards), pick, tuple(buttons))


def display(family: Any, view: PlainView) -> Display:
    """What ``view``'s seat is shown of a deal of ``family``'s game."""
    extra = view.extra
    turned = extra.get("turned")
    lines = family.display_lines(view)
    skat = extra.get("skat")
    return Display(
        score=_w("p_score"),
        seats=tuple(_seat(view, s) for s in range(len(view.hand_sizes))),
        trump=view.trump,
        turned=None if turned is None else parse_card(str(turned)),
        turned_label=None if turned is None else _w("p_secondPack"),
        pile=Pile(int(skat), _w("p_skat")) if skat else None,
        lines=lines,
        choices=_choices(family, view),
    )
