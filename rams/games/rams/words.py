"""Words for people, in Russian and English: events, the score sheet, the rules.

Every front end (``rams replay``, the terminal, the web table) describes the game with
these functions, so a deal reads the same everywhere; the score sheet is every game's
(:mod:`rams.sheets`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from rams.cards import SUITS, card_str, cards_str, suit_of, suit_str
from rams.games.rams.deal import PAM
from rams.games.rams.events import Event, EventKind
from rams.games.rams.rules import OPTIONS, PRESETS, Rules
from rams.games.rams.view import Observation
from rams.words import default_lang, has, number, signed, text

if TYPE_CHECKING:
    pass

__all__ = [
    "deal_lines",
    "default_lang",
    "describe",
    "rules_text",
]


def message(key: str, lang: str = "ru", **fields: Any) -> str:
    """An event's words from the catalogue: ``message("call_pass", "en", who="Аня")``."""
    return text(f"rams.event.{key}", lang, **fields)


def _event_key(event: Event) -> str | None:
    k = event.kind
    if k is EventKind.DEAL:
        if event.detail == "in_hand":
            return "deal_in_hand"
        return "deal_pam" if event.detail == "pam" else "deal"
    if k is EventKind.CALL:
        return f"call_{event.detail}"
    if k is EventKind.TALON:
        return f"talon_{event.detail}"
    if k is EventKind.EXCHANGE:
        if event.number == 0:
            return "stand_pat"
        return "exchange_open" if event.secret else "exchange"
    if k is EventKind.FROZEN:
        return "frozen_all" if event.seat is None else "frozen"
    if k is EventKind.DEALER_SWAP:
        return "dealer_swap_open" if event.secret else "dealer_swap"
    if k is EventKind.RAMS:
        return "rams_beaten" if event.clause == "R4" else "rams"
    if k is EventKind.JACKS:
        if event.clause == "V1" and not event.cards:
            return None  # the record set to 0: the line above and the win say it
        return "jacks_win" if event.clause == "V1" else "jacks"
    if k is EventKind.FORCED:
        return f"forced_{event.clause}"
    if k in (EventKind.PLAY, EventKind.DONE):
        return None
    return str(k.value)


def describe(event: Event, names: Sequence[str], lang: str = "ru") -> str | None:
    """One event in words, or None for events shown otherwise (single cards, the deal's end)."""
    key = _event_key(event)
    if key is None:
        return None
    kind = f"rams.rams_kind.{event.detail}"
    rams = text(kind, lang) if has(kind) else event.detail
    if event.kind is EventKind.RAMS and event.detail == "five_suit":
        rams += f" ({suit_name(event.number, lang)})"
    suit = ""
    shown = event.cards
    if event.kind is EventKind.RAMS and event.detail == "four_aces":
        shown = tuple(c for c in shown if c % 13 == 12)
    if event.kind is EventKind.PAM_SWAP:
        suit = suit_name(suit_of(event.cards[1]), lang)
    return message(
        key,
        lang,
        who=names[event.seat] if event.seat is not None else "",
        card=card_str(event.cards[-1], lang) if event.cards else "",
        cards=cards_str(shown, lang),
        ru_cards="карту" if event.number == 1 else "карты" if 2 <= event.number <= 4 else "карт",
        en_cards="card" if event.number == 1 else "cards",
        secret=cards_str(event.secret, lang),
        drawn=cards_str(event.drawn, lang),
        count=event.number,
        record=event.record,
        clause=event.clause,
        rec=message("rec", lang, delta=signed(event.delta), record=number(event.record))
        if event.record is not None
        else "",
        rams=rams,
        suit=suit,
        where=message("dealt", lang) if event.detail == "dealt" else "",
        why=text(f"rams.why.{event.clause}", lang)
        if has(f"rams.why.{event.clause}")
        else event.clause,
        credits=_credits(event, lang) if event.kind is EventKind.TRICK else "",
    )


def _credits(event: Event, lang: str) -> str:
    """``: взятка −1, тузы −20 → 79`` for a trick's write-off (S2, S3, K4, K7)."""
    parts = [f"{text('rams.credit.trick', lang)} −1"]
    for item in filter(None, event.detail.split(",")):
        key, _, value = item.partition("=")
        parts.append(f"{text(f'rams.credit.{key}', lang)} −{value}")
    return ": " + ", ".join(parts) + f" → {number(event.record)}"


class Announcer:
    """Turns events into lines as they come: a trick's cards go on the line of its winner."""

    def __init__(self, names: Sequence[str], lang: str = "ru", live: bool = False) -> None:
        self.names = names
        self.lang = lang
        self._plays: list[str] = []
        #: Live (a table paced for people): each card gets its own line as it is played,
        #: the lead marked, and the trick's line then names only its winner.
        self.live = live

    def feed(self, events: Iterable[Event]) -> list[str]:
        """Lines for these events (cards of an unfinished trick wait for its end)."""
        out = []
        for e in events:
            if e.kind is EventKind.PLAY:
                assert e.seat is not None
                if self.live:
                    key = "rams.event.leads" if not self._plays else "rams.event.plays"
                    out.append(text(key, self.lang, who=self.names[e.seat],
                                    card=cards_str(e.cards, self.lang)))  # fmt: skip
                self._plays.append(f"{self.names[e.seat]} {cards_str(e.cards, self.lang)}")
                continue
            line = describe(e, self.names, self.lang)
            if line is None:
                continue
            if e.kind in (EventKind.TRICK, EventKind.OVERSHOOT):
                head, _, rest = line.partition(" — ")
                line = f"{head}: {' · '.join(self._plays)} — {rest}"
                self._plays = []
            elif self._plays and e.kind not in (EventKind.DAVE, EventKind.ACCEPT, EventKind.FORCED):
                out += self.flush()
            out.append(line)
        return out

    def flush(self) -> list[str]:
        """The cards of an unfinished trick, if any (at the end of a game)."""
        if not self._plays:
            return []
        line = message("table", self.lang) + " · ".join(self._plays)
        self._plays = []
        return [line]


def deal_lines(events: Iterable[Event], names: Sequence[str], lang: str = "ru") -> list[str]:
    """A deal's events in words, one line each; a trick's cards on the line of its winner."""
    announcer = Announcer(names, lang)
    return announcer.feed(events) + announcer.flush()


def _value_text(value: object) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def rules_text(rules: Rules) -> str:
    """A preset's rules in Russian and in English: every option, its value and its clause."""
    p = PRESETS[rules.preset_name]
    lines = [
        f"{rules.preset_name}: {p.ru} / {p.en} (источник / source: {p.source}); "
        f"игроков / players: {p.players[0]}–{p.players[1]}",
        "",
    ]
    values = rules.options()
    name_w = max(len(n) for n in OPTIONS)
    for name, opt in OPTIONS.items():
        if name == "preset_name":
            continue
        value = _value_text(values[name])
        if name == "pack" and values[name] == "auto":
            value = f"auto ({rules.pack_size})"
        lines.append(f"{name.ljust(name_w)}  {value:<26}  [{opt.clause}]  {opt.ru} / {opt.en}")
    return "\n".join(lines)


def suit_name(suit: int, lang: str = "ru") -> str:
    """A suit's name: ``пики``, ``hearts``."""
    return text(f"suit.{SUITS[suit]}", lang)


def trump_text(suit: int | None, lang: str = "ru") -> str:
    """The trump suit as a symbol and a name, ``♦ бубны``."""
    if suit is None:
        return "—"
    return f"{suit_str(suit, lang)} {suit_name(suit, lang)}"


def hint(key: str, lang: str = "ru", **fields: Any) -> str:
    """A rule reminder from the catalogue."""
    return text(f"rams.hint.{key}", lang, **fields)


def legal_hint(view: Observation, lang: str = "ru") -> str:
    """In words, which rule limits the seat's choices now (what ``?`` shows)."""
    legal = view.legal_actions
    notes: list[str] = []
    if any(str(a) == "claim" for a in legal):
        notes.append(hint("S7", lang))
    if any(str(a) == "accept" for a in legal):
        return "; ".join([*notes, hint("V4", lang)])
    if not view.is_my_turn:  # a seat that may only claim: no hint for another's turn
        return "; ".join(notes)
    phase = view.phase.value
    rules = view.rules
    if phase == "declare":
        if not any(str(a) == "pass" for a in legal):
            dealt_ace = any(c % 13 == 12 for c in view.hand)
            notes.append(hint("E2" if dealt_ace and rules.ace_forbids_pass else "E3", lang))
        else:
            notes.append(hint("E1", lang))
    elif phase == "exchange":
        most = max((len(getattr(a, "cards", ())) for a in legal), default=0)
        if most == 0:
            notes.append(hint("E4_empty", lang))
        else:
            notes.append(
                hint(
                    "E4",
                    lang,
                    most=most,
                    ru_cards="карты" if most == 1 else "карт",
                    en_cards="card" if most == 1 else "cards",
                )
            )
    elif phase == "dealer_trump":
        card = card_str(view.turned, lang) if view.turned is not None else ""
        must = not any(str(a) == "keep" for a in legal)
        notes.append(hint("E5_must" if must else "E5", lang, card=card))
    elif phase == "pam_swap":
        notes.append(hint("M3", lang))
    elif phase == "talon":
        notes.append(hint("V2_dealer" if view.seat == view.dealer else "V2", lang))
    elif phase == "play":
        notes.append(_play_hint(view, lang))
    return "; ".join(notes)


def _play_hint(view: Observation, lang: str) -> str:
    rule = view.play_rule or "free"
    lead = view.trick[0][1] if view.trick else None
    suit = suit_name(lead // 13, lang) if lead is not None else ""
    text = hint(rule, lang, suit=suit)
    free = rule.startswith("free")
    if view.rules.pamfil and PAM in view.hand and not free and len(view.hand) > 1:
        text += "; " + hint("M1_pam", lang)
    return text
