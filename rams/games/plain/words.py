"""The plain games' events in words, in Russian and English (the catalogue's ``plain.…``
texts), for the terminal, the web table's log and ``rams replay``.

A family words what is its own (Boston's bids) through a :class:`Wording` it passes in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rams.cards import card_str, cards_str
from rams.events import Event
from rams.games.plain.deal import Kind
from rams.words import Suit, number, signed, text

__all__ = ["Announcer", "deal_lines", "describe", "signed"]

#: How a family words a bid or a contract (``6H`` → «6 червей»).
BidWords = Callable[[str, str], str]


def _plain_bid(bid: str, lang: str) -> str:
    return bid


def describe(
    e: Event, names: Sequence[str], lang: str = "ru", bid_words: BidWords = _plain_bid
) -> str | None:
    """One event in words, or None for an event that says nothing on its own (a card)."""
    k = e.kind
    who = names[e.seat] if e.seat is not None else ""

    def t(key: str, **f: Any) -> str:
        return text(f"plain.event.{key}", lang, **f)

    if k is Kind.DEAL:
        if e.cards:
            return t("deal_turned", who=who, card=card_str(e.cards[0], lang))
        return t("deal", who=who)
    if k is Kind.TURNED:
        return t("turned", card=card_str(e.cards[0], lang), suit=Suit(e.cards[0] // 13))
    if k is Kind.TRUMP:
        return t("trump", who=who, suit=_suit_word(e.number, lang))
    if k is Kind.DELEGATE:
        return t("delegate", who=who)
    if k is Kind.BID:
        return t("bid", who=who, bid=bid_words(e.detail, lang))
    if k is Kind.PASS:
        return t("pass", who=who)
    if k is Kind.CONTRACT:
        return t("contract", who=who, bid=bid_words(e.detail, lang))
    if k is Kind.PARTNER:
        other = names[e.number] if 0 <= e.number < len(names) else ""
        return t(e.detail, who=who, other=other)
    if k is Kind.ASIDE:
        if e.secret:
            return t("aside_card", who=who, card=card_str(e.secret[0], lang))
        return t("aside", who=who)
    if k is Kind.OPEN:
        return t("open", who=who, cards=cards_str(e.cards, lang))
    if k is Kind.SKAT:
        return t("skat", who=who, cards=cards_str(e.cards, lang), points=e.number)
    if k is Kind.VOID:
        return t("all_pass") + " " + t("void") if e.detail == "all_pass" else t("void")
    if k is Kind.SCORE:
        if e.detail == "side":  # a side's score: both partners named (W6)
            who = t("side", a=who, b=names[e.number])
        return t("score", who=who, delta=signed(e.delta), total=number(e.record))
    return None


def _suit_word(suit: int, lang: str) -> str:
    return text(f"suit.{'SCDH'[suit]}", lang)


class Announcer:
    """Turns events into lines as they come: a trick's cards go on the line of its winner."""

    def __init__(
        self,
        names: Sequence[str],
        lang: str = "ru",
        bid_words: BidWords = _plain_bid,
        live: bool = False,
    ) -> None:
        self.names = names
        self.lang = lang
        self.bid_words = bid_words
        self._plays: list[str] = []
        #: Live (a table paced for people): each card gets its own line, the lead marked.
        self.live = live

    def feed(self, events: Iterable[Event]) -> list[str]:
        """Lines for these events (cards of an unfinished trick wait for its end)."""
        out: list[str] = []
        for e in events:
            if e.kind is Kind.CARD:
                assert e.seat is not None
                card = cards_str(e.cards, self.lang)
                if self.live:
                    key = "plain.event.leads" if not self._plays else "plain.event.plays"
                    out.append(text(key, self.lang, who=self.names[e.seat], card=card))
                self._plays.append(f"{self.names[e.seat]} {card}")
                continue
            if e.kind is Kind.TRICK:
                assert e.seat is not None
                plays = " · ".join(self._plays)
                self._plays = []
                who = self.names[e.seat]
                out.append(
                    text("plain.event.trick", self.lang, count=e.number, cards=plays, who=who)
                )
                continue
            line = describe(e, self.names, self.lang, self.bid_words)
            if line is not None:
                out += self.flush()
                out.append(line)
        return out

    def flush(self) -> list[str]:
        """The cards of an unfinished trick, if any."""
        if not self._plays:
            return []
        line = text("plain.event.table", self.lang) + " · ".join(self._plays)
        self._plays = []
        return [line]


def deal_lines(
    events: Iterable[Event],
    names: Sequence[str],
    lang: str = "ru",
    bid_words: BidWords = _plain_bid,
) -> list[str]:
    """A deal's events in words, one line each."""
    a = Announcer(names, lang, bid_words)
    return a.feed(events) + a.flush()
