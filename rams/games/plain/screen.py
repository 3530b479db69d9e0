"""The plain games' terminal screen (:class:`rams.terminal.widgets.Screen`): how a person
types each action and what the prompt asks; the table and the result are every game's
(:func:`rams.terminal.widgets.table_panel`, :func:`~rams.terminal.widgets.result_text`).

Imported by the terminal only: it draws with Rich (the ``play`` extra).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from typing import Any

from rams.actions import Play, Say
from rams.cards import SUIT_SYMBOLS, SUITS, Card, card_str, parse_card
from rams.errors import NotationError
from rams.games.plain.actions import Trump
from rams.games.plain.deal import Phase, PlainView
from rams.games.plain.wire import action_label
from rams.words import text

__all__ = ["PlainScreen"]

#: What a person may type for a word action (Russian or English).
_ALIASES: dict[str, tuple[str, ...]] = {
    "pass": ("pass",),
    "пас": ("pass",),
    "alone": ("alone",),
    "один": ("alone",),
    "accept": ("accept",),
    "yes": ("accept",),
    "да": ("accept",),
    "согласен": ("accept",),
    "беру": ("accept",),
    "decline": ("decline",),
    "reject": ("reject",),
    "no": ("decline", "reject"),
    "нет": ("decline", "reject"),
    "together": ("together",),
    "вместе": ("together",),
    "delegate": ("delegate",),
    "партнёру": ("delegate",),
    "партнеру": ("delegate",),
}
#: The word a Russian screen offers for each action word (the first alias typed for it).
_RU_WORD = {
    w: alias
    for alias, words in reversed(list(_ALIASES.items()))
    for w in words
    if not alias.isascii()
}
_RU_SUITS = ("пики", "трефы", "бубны", "черви")
#: A bid's suit as a person types it after the number of tricks (B3): «6♥», «7п», «8 червей».
_BID_SUITS = {
    **{sym: "SCDH"[i] for i, sym in enumerate(SUIT_SYMBOLS)},
    **{letter.lower(): letter for letter in "SCDH"},
    "п": "S", "пик": "S", "пики": "S", "т": "C", "треф": "C", "трефы": "C",
    "б": "D", "бубен": "D", "бубны": "D", "ч": "H", "червей": "H", "черви": "H",
    "spades": "S", "clubs": "C", "diamonds": "D", "hearts": "H",
}  # fmt: skip
_SUIT_WORDS = {
    **{s.lower(): i for i, s in enumerate(SUITS)},
    **{s: i for i, s in enumerate(SUIT_SYMBOLS)},
    "пики": 0,
    "трефы": 1,
    "бубны": 2,
    "черви": 3,
    "п": 0,
    "т": 1,
    "б": 2,
    "ч": 3,
}


def _invitations(legal: Sequence[Any]) -> list[Any]:
    """The invitations among the legal actions (B5): a family's action that names a seat."""
    return [
        a
        for a in legal
        if str(a).startswith("invite ") and isinstance(getattr(a, "seat", None), int)
    ]


def ui(key: str, lang: str, **fields: Any) -> str:
    return text(f"plain.screen.{key}", lang, **fields)


class PlainScreen:
    """The screen of one plain family (its words for bids and labels come from it)."""

    def __init__(self, family: Any) -> None:
        self.family = family

    # Reading what a person types --------------------------------------------------------

    def parse(self, typed: str, view: PlainView, names: Sequence[str] = ()) -> Any:
        """The legal action a person typed: a card or its number, a suit for the trump,
        a word (Russian or English), a player invited by name (B5), or the record's own
        notation."""
        t = typed.strip()
        low = t.lower()
        legal = list(view.legal_actions)
        if view.phase is Phase.AUCTION:
            return self._bid(t, legal)
        for a in _invitations(legal):  # B5: the partner invited by name, as the table shows him
            if a.seat < len(names) and low.casefold() == names[a.seat].strip().casefold():
                return a
        for candidate in self._candidates(t, low, view):
            if candidate in legal:
                return candidate
        for a in legal:  # a game's own word as `?` offers it («малый-нуль»)
            if low in (self._word(a, "ru"), self._word(a, "en")):
                return a
        for candidate in self._candidates(t, low, view):
            return candidate  # not legal: the table says why
        raise NotationError("terminal.unreadable_input", text=repr(t))

    def _bid(self, t: str, legal: list[Any]) -> Any:
        """B3, B4: a bid as the table shows it or as a person says it — «6♥», «6H», «7п»,
        «7 ♠», «8 червей», «малый нуль», «пас» — legal or not (the table then says why:
        what the bid is worth, and what it must beat). A number alone is no bid here (no
        card is played in the auction)."""
        low = " ".join(t.lower().split())
        flat = low.replace(" ", "").replace("-", "")
        for a in legal:  # a word or a null as the buttons say it («малый нуль», «пас»)
            if flat in (self._flat(a, "ru"), self._flat(a, "en"), str(a).replace("-", "")):
                return a
        for w in _ALIASES.get(low, ()):
            if Say(w) in legal:
                return Say(w)
        m = re.fullmatch(r"(\d{1,2}) ?(.+)", low)
        if m is not None and m.group(2) in _BID_SUITS:
            with contextlib.suppress(NotationError):
                return self.family.parse_action(f"bid {m.group(1)}{_BID_SUITS[m.group(2)]}")
        with contextlib.suppress(NotationError):
            return self.family.parse_action(f"bid {t}")
        raise NotationError("terminal.unreadable_bid", text=repr(t))

    def _flat(self, action: Any, lang: str) -> str:
        """An action's label without spaces and hyphens (its value in brackets dropped)."""
        label = action_label(self.family, action, (), lang).lower()
        return label.split("(")[0].replace(" ", "").replace("-", "")

    def _candidates(self, t: str, low: str, view: PlainView) -> list[Any]:
        out: list[Any] = []
        card = self._card(t, view)
        if card is not None:
            out.append(Play(card))
            aside = [a for a in view.legal_actions if type(a).__name__ == "Aside"]
            out += [a for a in aside if getattr(a, "card", None) == card]
        if low in _SUIT_WORDS:
            out.append(Trump(_SUIT_WORDS[low]))
        out += [Say(w) for w in _ALIASES.get(low, ())]
        for text_ in (t, f"bid {t}", f"invite {t}"):
            with contextlib.suppress(NotationError):
                out.append(self.family.parse_action(text_))
        return out

    def _card(self, t: str, view: PlainView) -> Card | None:
        if t.isdecimal() and t.isascii():
            i = int(t)
            return view.hand[i - 1] if 1 <= i <= len(view.hand) else None
        try:
            return parse_card(t)
        except NotationError:
            return None

    def choices(self, view: PlainView, lang: str, names: Sequence[str] = ()) -> list[str]:
        out = []
        for a in view.legal_actions:
            card = getattr(a, "card", None)
            if a in _invitations([a]) and a.seat < len(names):
                out.append(names[a.seat])  # B5: invited by name, not by seat number
                continue
            if card is not None:  # a card to play, or to set aside (B6)
                out.append(card_str(card, lang))
            elif isinstance(a, Trump):
                out.append(_RU_SUITS[a.suit] if lang == "ru" else SUITS[a.suit])
            elif isinstance(a, Say) and lang == "ru" and a.word in _RU_WORD:
                out.append(_RU_WORD[a.word])
            elif lang == "ru" and not any(ch.isdigit() for ch in str(a)):
                out.append(self._word(a, lang))  # a game's own word: «малый-нуль»
            elif lang == "ru" and str(a).startswith("bid "):
                out.append(self._flat(a, lang))  # a bid as the table shows it: «6♥», not 6H
            else:  # a word, a bid (6H), an invitation (p3): one word each, as typed
                out.append(str(a).removeprefix("bid ").removeprefix("invite "))
        return out

    def _word(self, action: Any, lang: str) -> str:
        """An action's button label as one word to type: «малый-нуль»."""
        return "-".join(action_label(self.family, action, (), lang).lower().split())

    def what(self, view: PlainView, lang: str) -> str:
        key = {
            Phase.AUCTION: "what_bid",
            Phase.PARTNER: "what_partner",
            Phase.TRUMP: "what_trump",
            Phase.ASIDE: "what_aside",
        }.get(view.phase, "what_play")
        return ui(key, lang)

    def offer(self, match: Any, seat: int, action: Any, lang: str) -> str:
        label = action_label(self.family, action, match.players, lang)
        return ui("offer", lang, name=match.players[seat], action=label)
