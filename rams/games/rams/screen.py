"""The Rams family's terminal screen (:class:`rams.terminal.widgets.Screen`): how a person
types each action (N1, N3) and what the prompt asks; the table and the result are every
game's (:func:`rams.terminal.widgets.table_panel`, :func:`~rams.terminal.widgets.result_text`).

Imported by the terminal only: it draws with Rich (the ``play`` extra).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rams.cards import Card, card_str, parse_card
from rams.errors import NotationError
from rams.games.rams.actions import (
    ACCEPT,
    CLAIM,
    CONCEDE,
    DAVE,
    GO,
    KEEP,
    PASS,
    PLAY_IN,
    SELL,
    TAKE,
    Action,
    Exchange,
    Play,
    Swap,
)
from rams.games.rams.match import RamsMatch
from rams.games.rams.view import Observation, Phase
from rams.words import has, text

__all__ = ["SCREEN", "RamsScreen", "legal_words", "parse_choice"]

_WORDS: dict[str, Action] = {
    "play": PLAY_IN,
    "играю": PLAY_IN,
    "играть": PLAY_IN,
    "+": PLAY_IN,
    "pass": PASS,
    "пас": PASS,
    "-": PASS,
    "take": TAKE,
    "беру": TAKE,
    "взять": TAKE,
    "sell": SELL,
    "продаю": SELL,
    "go": GO,
    "ходи": GO,
    "keep": KEEP,
    "оставить": KEEP,
    "dave": DAVE,
    "даве": DAVE,
    "accept": ACCEPT,
    "принимаю": ACCEPT,
    "принять": ACCEPT,
    "concede": CONCEDE,
    "сдаюсь": CONCEDE,
    "claim": CLAIM,
    "выиграл": CLAIM,
    "заявляю": CLAIM,
}
_PAT = {"", "0", "pat", "stand", "стою", "-"}
_YES = ("и", "д", "y", "yes", "да")


def ui(key: str, lang: str, **fields: Any) -> str:
    """A word of the terminal: the family's own (``rams.terminal.KEY``), else the shared."""
    family_key = f"rams.terminal.{key}"
    return text(family_key if has(family_key) else f"terminal.{key}", lang, **fields)


# Reading what a person types ------------------------------------------------------------


def _card_or_number(token: str, view: Observation) -> Card:
    if token.isdecimal() and token.isascii():
        i = int(token)
        if not 1 <= i <= len(view.hand):
            raise NotationError("terminal.no_card_number", number=i)
        return view.hand[i - 1]
    return parse_card(token)


def parse_choice(typed: str, view: Observation) -> Action:
    """A person's action (N1, N3): a word, cards or their numbers. Raises NotationError."""
    t = typed.strip()
    low = t.lower()
    phase = view.phase
    if low in _WORDS and not (low in _PAT and phase in (Phase.EXCHANGE, Phase.DEALER_TRUMP)):
        # A word is read as that action even where it is not legal: the engine then says
        # why not («сейчас нужно сыграть карту, а не сказать «Ходи»»), not the terminal.
        return _WORDS[low]
    if phase is Phase.EXCHANGE:
        if low in _PAT:
            return Exchange(())
        return Exchange(tuple(_card_or_number(tok, view) for tok in t.replace(",", " ").split()))
    if phase in (Phase.DEALER_TRUMP, Phase.PAM_SWAP):
        if low in _PAT and phase is Phase.DEALER_TRUMP:
            return KEEP
        return Swap(_card_or_number(t, view))
    if phase is Phase.PLAY:
        return Play(_card_or_number(t, view))
    if phase is Phase.DECLARE and low in _YES:
        return PLAY_IN
    raise NotationError("terminal.unreadable_input", text=repr(t))


def _what(view: Observation, lang: str) -> str:
    if view.dave_pending is not None:
        return ui("what_dave", lang)
    key = {
        Phase.DECLARE: "what_declare",
        Phase.EXCHANGE: "what_exchange",
        Phase.DEALER_TRUMP: "what_dealer_trump"
        if KEEP in view.legal_actions
        else "what_dealer_trump_must",
        Phase.PAM_SWAP: "what_pam",
        # V2: the non-dealer takes or sells, the dealer (after «Продаю») takes or says go.
        Phase.TALON: "what_talon_dealer" if GO in view.legal_actions else "what_talon",
        Phase.PLAY: "what_play",
    }.get(view.phase, "what_play")
    return ui(key, lang)


#: The word a Russian screen offers for each one-word action (any of _WORDS is read).
_RU_WORD = {
    "play": "играю", "pass": "пас", "take": "беру", "sell": "продаю", "go": "ходи",
    "keep": "оставить", "dave": "даве", "accept": "принимаю", "concede": "сдаюсь",
    "claim": "заявляю",
}  # fmt: skip


def legal_words(view: Observation, lang: str) -> list[str]:
    """The legal choices as a person would type them, in the screen's language (for ``?``
    and completion): cards, words, and standing pat (``0`` / «стою»)."""
    out = []
    for a in view.legal_actions:
        if isinstance(a, (Play, Swap)):
            out.append(card_str(a.card, lang))
        elif isinstance(a, Exchange):
            continue
        else:
            word = str(a)
            out.append(_RU_WORD.get(word, word) if lang == "ru" else word)
    if view.phase is Phase.EXCHANGE:
        out.append("стою" if lang == "ru" else "0")
    return out


class RamsScreen:
    """The Rams family's :class:`rams.terminal.widgets.Screen`."""

    def parse(self, typed: str, view: Observation, names: Sequence[str] = ()) -> Action:
        return parse_choice(typed, view)

    def choices(self, view: Observation, lang: str, names: Sequence[str] = ()) -> list[str]:
        return legal_words(view, lang)

    def what(self, view: Observation, lang: str) -> str:
        return _what(view, lang)

    def offer(self, match: RamsMatch, seat: int, action: Action, lang: str) -> str:
        """S7: the claim offered between deals, with the seat's record."""
        return ui("claim_q", lang, name=match.players[seat], record=match.records[seat])


SCREEN = RamsScreen()
