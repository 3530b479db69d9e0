"""What a seat is shown of any game, beyond the cards every game has: one typed display,
drawn by one web board and one terminal screen.

A family turns a seat's observation into a :class:`Display` (``family.display(view)``):
each seat's figure and tricks, short marks beside it (a call, a side, a role, how many
cards it drew), the cards it has shown; the centre's trump, turned card, pile and lines (the
stake, the contract, the auction); and the seat's choices in one shape — cards played as
they are clicked, cards picked before one action (Rams' exchange, the swap for the trump,
Boston's cards set aside), and buttons. Its words are :class:`~rams.words.Phrase`\\ s of the
catalogue, worded for a language and the players' names only where it is drawn
(:func:`display_json` for the web; :mod:`rams.terminal.widgets` for the terminal). Built
from the observation alone, it holds nothing the seat may not see.

>>> from rams.words import Phrase
>>> row = SeatLine(score=-3, tricks=2, marks=(Mark(Phrase("rams.web.call_play"), "play"),))
>>> shown = Display(Phrase("web.record"), (row,), trump=0, turned=None)
>>> display_json(shown, ["Аня"], "ru")["seats"][0]["marks"]
[{'text': 'играет', 'tone': 'play', 'title': None}]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from rams.cards import Card, card_codes, card_str
from rams.words import signed, template, text

__all__ = [
    "Amounts",
    "Button",
    "Choices",
    "Display",
    "Mark",
    "PayColumn",
    "Pick",
    "Pile",
    "SeatLine",
    "Settlement",
    "Verdict",
    "Words",
    "choices_json",
    "display_json",
    "settlement_json",
    "verdict_json",
]


class Words(Protocol):
    """Anything worded for a language and the players' names: a :class:`~rams.words.Phrase`
    of the catalogue, or a game's own words (a bid as Boston says it)."""

    def words(self, lang: str, names: Sequence[str] | None = None) -> str: ...


#: What a mark is, for a screen's colours and places: a call (``play``, ``pass``), a role
#: or a side beside the name (``role``, ``side``), or a note in the seat's line (``note``).
Tone = Literal["play", "pass", "role", "side", "note"]


@dataclass(frozen=True, slots=True)
class Mark:
    """A short word about a seat: «играет», «пас», «пара 1», «прикуп: 2»; ``title`` says
    what a bare figure is («очки во взятках»)."""

    phrase: Words
    tone: Tone = "note"
    title: Words | None = None


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat as the table shows it: its figure (Rams' record, a player's or his side's
    score), its tricks (None where they are not counted: a seat out of the deal, the
    auction), its marks, the cards of its hand everyone has seen, how many cards it holds
    (None: not shown), whether it is out of this deal, and the side it plays for (0-based,
    the same for partners: Whist's pairs, W1; None where the game has no fixed sides), so a
    screen may seat partners face to face and colour them alike."""

    score: int
    tricks: int | None
    marks: tuple[Mark, ...] = ()
    shown: tuple[Card, ...] = ()
    cards: int | None = None
    passed: bool = False
    side: int | None = None


@dataclass(frozen=True, slots=True)
class Pile:
    """Face-down cards on the table (Rams' stock, Ramsch's skat) and what they are."""

    count: int
    phrase: Words


@dataclass(frozen=True, slots=True)
class Pick:
    """Cards picked from the hand before one action, sent as ``"VERB C1 C2"``: between
    ``least`` and ``most`` of ``cards``. ``none`` and ``some`` are the catalogue's keys of
    the confirming button's words with nothing and with ``{n}`` cards (the first one
    ``{card}``) picked, sent as templates for the page to fill in as cards are picked;
    without ``some`` a card is sent as soon as it is picked."""

    cards: tuple[Card, ...]
    verb: str
    least: int
    most: int
    none: str
    some: str | None = None


@dataclass(frozen=True, slots=True)
class Button:
    """A choice that is not a card: the action as the record writes it, its words, a key
    on the keyboard, and whether it is the quiet one (a pass) of several."""

    action: str
    label: Words
    key: str = ""
    quiet: bool = False


@dataclass(frozen=True, slots=True)
class Choices:
    """A seat's choices: cards played as they are chosen, cards picked for one action, and
    buttons."""

    cards: tuple[Card, ...] = ()
    pick: Pick | None = None
    buttons: tuple[Button, ...] = ()


@dataclass(frozen=True, slots=True)
class Display:
    """What a seat is shown of a game beyond its hand, the trick and the events: what the
    seats' figure is (``score``: «запись», «счёт»), each seat's line, the trump (None: none
    yet, or none in this deal), the turned card, face-down cards on the table, what the
    centre adds in words, and the seat's choices (None when it has none). ``turned`` is a
    card turned face up on the table, ``turned_label`` what it is («открытый козырь», «со
    второй колоды»)."""

    score: Words
    seats: tuple[SeatLine, ...]
    trump: int | None
    turned: Card | None
    turned_label: Words | None = None
    pile: Pile | None = None
    lines: tuple[Words, ...] = ()
    choices: Choices | None = None


@dataclass(frozen=True, slots=True)
class PayColumn:
    """What each seat pays (negative) or receives at the end of a match, under a heading
    («Расчёт», S8; «Памфил», M2)."""

    heading: Words
    amounts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Settlement:
    """How a finished match is settled beside its final standings: the columns of what is
    paid, and why, in words (None: nothing to say)."""

    columns: tuple[PayColumn, ...]
    why: Words | None = None


@dataclass(frozen=True, slots=True)
class Verdict:
    """What decided a finished match, in words, for its result wherever it is read (the
    replay page, ``rams replay``): ``why`` its winners won (Rams: the clause that ended the
    game; a plain game: the most points, the fewest, the rubbers), and ``lines``: who paid
    what and why (Rams, S8), or each player's or side's total."""

    why: Words | None
    lines: tuple[Words, ...]


@dataclass(frozen=True, slots=True)
class Amounts:
    """A line of amounts by player («Памфил: Аня +5, Борис −5.»): the catalogue's ``key``
    with ``{ledger}``, the players named in the language they are read in."""

    key: str
    amounts: tuple[int, ...]

    def words(self, lang: str, names: Sequence[str] | None = None) -> str:
        who = names or [f"p{s + 1}" for s in range(len(self.amounts))]
        ledger = ", ".join(f"{n} {signed(v)}" for n, v in zip(who, self.amounts, strict=True))
        return text(self.key, lang, ledger=ledger)


def verdict_json(
    verdict: Verdict | None, winners: Sequence[int], names: Sequence[str], lang: str
) -> dict[str, Any] | None:
    """The end of a match in words: ``winners`` (seats), ``title`` (the winners by name),
    ``why`` (what won it) and ``lines``; None while nobody has won."""
    if verdict is None or not winners:
        return None
    return {
        "winners": list(winners),
        "title": winners_title(winners, names, lang),
        "why": ""
        if verdict.why is None
        else text("replay.why", lang, why=verdict.why.words(lang, names)),
        "lines": [line.words(lang, names) for line in verdict.lines],
    }


def winners_title(winners: Sequence[int], names: Sequence[str], lang: str) -> str:
    """«Победитель: Аня», «Победители: Аня, Вера»."""
    if len(winners) == 1:
        return text("replay.winner_one", lang, name=names[winners[0]])
    return text("replay.winner_many", lang, who=", ".join(names[w] for w in winners))


def settlement_json(
    settled: Settlement | None, names: Sequence[str], lang: str
) -> dict[str, Any] | None:
    """A settlement for the web: each column's heading and amounts, and why."""
    if settled is None:
        return None
    return {
        "columns": [
            {"heading": c.heading.words(lang, names), "amounts": list(c.amounts)}
            for c in settled.columns
        ],
        "why": _words(settled.why, names, lang),
    }


def _words(phrase: Words | None, names: Sequence[str], lang: str) -> str | None:
    return None if phrase is None else phrase.words(lang, names)


def _button_json(b: Button, names: Sequence[str], lang: str) -> dict[str, Any]:
    return {"action": b.action, "label": b.label.words(lang, names), "key": b.key, "quiet": b.quiet}


def _pick_json(pick: Pick | None, lang: str) -> dict[str, Any] | None:
    if pick is None:
        return None
    return {
        "cards": card_codes(pick.cards),
        "verb": pick.verb,
        "least": pick.least,
        "most": pick.most,
        "none": template(pick.none, lang),
        "some": None if pick.some is None else template(pick.some, lang),
    }


def choices_json(choices: Choices | None, names: Sequence[str], lang: str) -> dict[str, Any] | None:
    """A seat's choices as the web client takes them (the state message's ``legal``): the
    pick's words as templates (``{n}``, ``{card}``) that the page fills in."""
    if choices is None:
        return None
    return {
        "cards": card_codes(choices.cards),
        "pick": _pick_json(choices.pick, lang),
        "buttons": [_button_json(b, names, lang) for b in choices.buttons],
    }


def _mark_json(m: Mark, names: Sequence[str], lang: str) -> dict[str, Any]:
    return {
        "text": m.phrase.words(lang, names),
        "tone": m.tone,
        "title": _words(m.title, names, lang),
    }


def _seat_json(s: SeatLine, names: Sequence[str], lang: str) -> dict[str, Any]:
    return {
        "score": s.score,
        "tricks": s.tricks,
        "marks": [_mark_json(m, names, lang) for m in s.marks],
        "shown": card_codes(s.shown),
        "cards": s.cards,
        "passed": s.passed,
        "side": s.side,
    }


def display_json(display: Display, names: Sequence[str], lang: str) -> dict[str, Any]:
    """A display in ``lang`` for the web client, seats by their ``names``, cards as record
    codes (``AS``). The choices are the state message's ``legal`` (:func:`choices_json`)."""
    pile = display.pile
    return {
        "score": display.score.words(lang, names),
        "seats": [_seat_json(s, names, lang) for s in display.seats],
        "trump": None if display.trump is None else "SCDH"[display.trump],
        "turned": None if display.turned is None else card_str(display.turned),
        "turned_label": _words(display.turned_label, names, lang),
        "pile": None
        if pile is None
        else {"count": pile.count, "text": pile.phrase.words(lang, names)},
        "lines": [p.words(lang, names) for p in display.lines],
    }
