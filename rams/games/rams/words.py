"""Words for people, in Russian and English: events, the score sheet, the rules.

Every front end (``rams replay``, the terminal, the web table) describes the game with
these functions, so a deal reads the same everywhere.

>>> print(sheet_text([(100, 100), (94, 100), (94, 107)], ["Аня", "Борис"], lang="en"))
Аня  Борис
1̶0̶0̶  1̶0̶0̶
94   107
"""

from __future__ import annotations

import locale
import os
from collections.abc import Iterable, Sequence

from rams.cards import Card, card_str, suit_of, suit_str
from rams.games.rams.deal import PAM
from rams.games.rams.events import Event, EventKind
from rams.games.rams.rules import OPTIONS, PRESETS, Rules
from rams.games.rams.view import Observation

__all__ = [
    "deal_lines",
    "default_lang",
    "describe",
    "rules_text",
    "sheet_columns",
    "sheet_text",
    "strike",
]

_SUIT_NAMES = {
    "ru": ("пики", "трефы", "бубны", "черви"),
    "en": ("spades", "clubs", "diamonds", "hearts"),
}
_RAMS_KIND = {
    "ru": {"four_aces": "четыре туза", "trump_rams": "козырной рамс", "five_suit": "рамс"},
    "en": {"four_aces": "four aces", "trump_rams": "trump rams", "five_suit": "rams"},
}
_WIN_WHY = {
    "ru": {
        "S6": "запись списана",
        "R1": "четыре туза",
        "M4": "пять карт одной масти",
        "V1": "четыре валета",
        "S7": "выигрыш заявлен",
        "V4": "соперник сдался на даве",
    },
    "en": {
        "S6": "wrote off the whole record",
        "R1": "four aces",
        "M4": "five of one suit",
        "V1": "four jacks",
        "S7": "claimed the win",
        "V4": "the other conceded the Даве",
    },
}


def default_lang() -> str:
    """``ru`` when the locale is Russian, else ``en``."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    loc = locale.getlocale()[0] or ""
    return "ru" if loc.lower().startswith("ru") else "en"


def _cards(cards: Iterable[Card], lang: str) -> str:
    return " ".join(card_str(c, lang) for c in cards)


def _num(value: int | None) -> str:
    return f"−{-value}" if value is not None and value < 0 else str(value)


def signed(delta: int) -> str:
    return f"+{delta}" if delta > 0 else f"−{-delta}" if delta < 0 else "0"


# The message catalogue: one template per event (and variant), in Russian and English.
_MESSAGES: dict[str, tuple[str, str]] = {
    "deal": ("Сдаёт {who}. Козырь: {card}.", "{who} deals. Turned trump: {card}."),
    "deal_in_hand": (
        "Сдаёт {who}. Козырь — последняя карта сдающего, {card} (K1).",
        "{who} deals. Trump is the dealer's last card, {card} (K1).",
    ),
    "deal_pam": ("Сдаёт {who}. Открыт памфил: {card}.", "{who} deals. Pam is turned: {card}."),
    "pam_swap": (
        "Открыт памфил: {who} берёт его и открывает {card} — козыри {suit} (M3).",
        "Pam was turned: {who} takes it and turns {card}: {suit} are trumps (M3).",
    ),
    "call_play": ("{who}: играю.", "{who}: play."),
    "call_pass": ("{who}: пас.", "{who}: pass."),
    "void": (
        "Никто до сдающего не играет: сдача не состоялась (E3).",
        "Nobody before the dealer plays: the deal is void (E3).",
    ),
    "talon_take": ("{who} берёт прикуп.", "{who} takes the talon."),
    "talon_sell": ("{who}: «Продаю».", "{who} sells («Продаю»)."),
    "talon_go": ("{who}: «Ходи».", "{who} says go («Ходи»)."),
    "stand_pat": ("{who} остаётся при своих.", "{who} stands pat."),
    "exchange_open": (
        "{who} сносит {secret} и прикупает {drawn}.",
        "{who} discards {secret} and draws {drawn}.",
    ),
    "exchange": ("{who} меняет {count} {ru_cards}.", "{who} exchanges {count} {en_cards}."),
    "frozen_all": (
        "У кого-то осталось 1 очко: карты никому не меняются (K5).",
        "Someone has 1 point left: nobody exchanges (K5).",
    ),
    "frozen": (
        "{who}: до конца 2 очка или меньше, играет на своих (K5).",
        "{who} is at 2 points or less and may not exchange (K5).",
    ),
    "dealer_swap_open": (
        "{who} берёт козырь {cards}, сносит {secret}.",
        "{who} takes the turned trump {cards}, discarding {secret}.",
    ),
    "dealer_swap": ("{who} берёт козырь {cards}.", "{who} takes the turned trump {cards}."),
    "keep": ("{who} оставляет козырь на столе.", "{who} leaves the turned trump."),
    "rams": (
        "{who} показывает {rams}: {cards}{rec} ({clause}).",
        "{who} shows {rams}: {cards}{rec} ({clause}).",
    ),
    "rams_beaten": (
        "{who} тоже показывает {rams}: {cards}, но старший рамс бьёт его (R4).",
        "{who} also shows {rams}: {cards}, beaten by a better rams (R4).",
    ),
    "rams_pay": (
        "{who} платит за рамс{rec} ({clause}).",
        "{who} pays for the rams{rec} ({clause}).",
    ),
    "jacks": ("{who}: мальцы {cards}{where}{rec} (J1).", "{who}: jacks {cards}{where}{rec} (J1)."),
    "jacks_win": (
        "{who}: четыре валета {cards}{where}, выигрыш партии (V1).",
        "{who}: four jacks {cards}{where}, the game is won (V1).",
    ),
    "forced_P4": (
        "{who} ходит с козырного туза {card}, как положено (P4).",
        "{who} leads the trump ace {card}, as required (P4).",
    ),
    "forced_P5": (
        "Король козырей взял взятку: {who} ходит с козырной дамы {card} (P5).",
        "The trump king won: {who} leads the trump queen {card}, as required (P5).",
    ),
    "trick": ("Взятка {count} — {who}{credits}.", "Trick {count} — {who}{credits}."),
    "overshoot": (
        "Взятка {count} — {who}, но при нуле: перебор, запись снова {record} (S7).",
        "Trick {count} — {who} at 0 or below: overshoot, the record restarts at {record} (S7).",
    ),
    "spade_ace": (
        "{who}: туз пик отдан чужой взятке{rec} (K7).",
        "{who}: the ace of spades lost a trick{rec} (K7).",
    ),
    "remise": ("{who}: ремиз{rec} ({clause}).", "{who}: remise{rec} ({clause})."),
    "revert": (
        "{who}: запись возвращается к началу розыгрыша, {record} (S6).",
        "{who} goes back to the record before play, {record} (S6).",
    ),
    "dave": ("{who}: «Даве!» (V4).", "{who} offers Даве (V4)."),
    "accept": (
        "{who} принимает даве: ставка {count} (V4).",
        "{who} accepts the Даве: the stake is {count} (V4).",
    ),
    "concede": ("{who} сдаётся (V4).", "{who} concedes (V4)."),
    "claim": ("{who} заявляет выигрыш (S7).", "{who} claims the game (S7)."),
    "win": ("{who} выигрывает партию: {why} ({clause}).", "{who} wins the game: {why} ({clause})."),
    "pam": (
        "{who} держит памфил и получает по 1 с каждого (M2).",
        "{who} holds Pam and receives 1 from everyone (M2).",
    ),
    "dealt": (" (из сдачи)", " (dealt)"),
    "table": ("На столе: ", "On the table: "),
}


def message(key: str, lang: str = "ru", **fields: object) -> str:
    """A catalogue message filled in: ``message("call_pass", "en", who="Аня")``."""
    ru, en = _MESSAGES[key]
    return (ru if lang == "ru" else en).format(**fields)


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
    rams = _RAMS_KIND[lang].get(event.detail, event.detail)
    if event.kind is EventKind.RAMS and event.detail == "five_suit":
        rams += f" ({_SUIT_NAMES[lang][event.number]})"
    suit = ""
    shown = event.cards
    if event.kind is EventKind.RAMS and event.detail == "four_aces":
        shown = tuple(c for c in shown if c % 13 == 12)
    if event.kind is EventKind.PAM_SWAP:
        suit = _SUIT_NAMES[lang][suit_of(event.cards[1])]
    return message(
        key,
        lang,
        who=names[event.seat] if event.seat is not None else "",
        card=card_str(event.cards[-1], lang) if event.cards else "",
        cards=_cards(shown, lang),
        ru_cards="карту" if event.number == 1 else "карты" if 2 <= event.number <= 4 else "карт",
        en_cards="card" if event.number == 1 else "cards",
        secret=_cards(event.secret, lang),
        drawn=_cards(event.drawn, lang),
        count=event.number,
        record=event.record,
        clause=event.clause,
        rec=f" ({signed(event.delta)} → {_num(event.record)})" if event.record is not None else "",
        rams=rams,
        suit=suit,
        where=message("dealt", lang) if event.detail == "dealt" else "",
        why=_WIN_WHY[lang].get(event.clause, event.clause),
        credits=_credits(event, lang) if event.kind is EventKind.TRICK else "",
    )


_CREDIT_WORDS = {
    "ru": {"trick": "взятка", "aces": "тузы", "jacks": "мальцы", "spade_ace": "туз пик"},
    "en": {"trick": "trick", "aces": "aces", "jacks": "jacks", "spade_ace": "ace of spades"},
}


def _credits(event: Event, lang: str) -> str:
    """``: взятка −1, тузы −20 → 79`` for a trick's write-off (S2, S3, K4, K7)."""
    words = _CREDIT_WORDS[lang]
    parts = [f"{words['trick']} −1"]
    for item in filter(None, event.detail.split(",")):
        key, _, value = item.partition("=")
        parts.append(f"{words.get(key, key)} −{value}")
    return ": " + ", ".join(parts) + f" → {_num(event.record)}"


class Announcer:
    """Turns events into lines as they come: a trick's cards go on the line of its winner."""

    def __init__(self, names: Sequence[str], lang: str = "ru") -> None:
        self.names = names
        self.lang = lang
        self._plays: list[str] = []

    def feed(self, events: Iterable[Event]) -> list[str]:
        """Lines for these events (cards of an unfinished trick wait for its end)."""
        out = []
        for e in events:
            if e.kind is EventKind.PLAY:
                assert e.seat is not None
                self._plays.append(f"{self.names[e.seat]} {_cards(e.cards, self.lang)}")
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


def strike(text: str) -> str:
    """Text struck through with combining long strokes (U+0336), as on a paper score sheet."""
    return "".join(ch + "\u0336" for ch in text)


def sheet_columns(rows: Sequence[Sequence[int]]) -> list[list[int]]:
    """Each player's column of the score sheet: the start, then every value that changed."""
    cols: list[list[int]] = [[r] for r in rows[0]] if rows else []
    for row in rows[1:]:
        for col, value in zip(cols, row, strict=True):
            if value != col[-1]:
                col.append(value)
    return cols


def sheet_text(rows: Sequence[Sequence[int]], names: Sequence[str], lang: str = "ru") -> str:
    """The score sheet («запись») as a person writes it: a column per player, each
    earlier value struck out."""
    cols = sheet_columns(rows)
    widths = [
        max([len(name)] + [len(str(v)) for v in col]) for name, col in zip(names, cols, strict=True)
    ]
    lines = ["  ".join(name.ljust(w) for name, w in zip(names, widths, strict=True)).rstrip()]
    for i in range(max(len(c) for c in cols)):
        cells = []
        for col, w in zip(cols, widths, strict=True):
            if i < len(col):
                s = str(col[i])
                cells.append((strike(s) if i < len(col) - 1 else s) + " " * (w - len(s)))
            else:
                cells.append(" " * w)
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


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
    return _SUIT_NAMES[lang][suit]


def trump_text(suit: int | None, lang: str = "ru") -> str:
    """The trump suit as a symbol and a name, ``♦ бубны``."""
    if suit is None:
        return "—"
    return f"{suit_str(suit, lang)} {_SUIT_NAMES[lang][suit]}"


_HINTS: dict[str, tuple[str, str]] = {
    "P4": (
        "на ходу с козырным тузом ходят с него (P4)",
        "on lead with the trump ace you must lead it (P4)",
    ),
    "P5_K": (
        "на ходу с козырными королём и дамой ходят с короля (P5)",
        "on lead with the trump king and queen you must lead the king (P5)",
    ),
    "P5_Q": (
        "король козырей взял взятку: теперь ход с дамы (P5)",
        "your trump king won: now lead the queen (P5)",
    ),
    "M1_led": (
        "пошли с памфила: кладите козырь, если он есть (M1)",
        "Pam was led: play a trump if you have one (M1)",
    ),
    "P2_follow": (
        "в масть ({suit}) класть обязательно (P2)",
        "you must follow suit ({suit}) (P2)",
    ),
    "P2_head": ("в масть надо бить старшей картой (P2)", "you must head the trick in suit (P2)"),
    "P2_trump": (
        "масти ({suit}) нет: бейте козырем (P2)",
        "no {suit}: you must play a trump (P2)",
    ),
    "P2_over": (
        "масти ({suit}) нет: перебейте козырь старшим козырем (P2)",
        "no {suit}: you must overtrump (P2)",
    ),
    "P6": (
        "козырной туз обязан покрыть козырную фигуру (P6)",
        "the trump ace must cover a trump face card (P6)",
    ),
    "M1_pam": ("памфил можно положить всегда (M1)", "Pam may always be played (M1)"),
    "E2": ("с тузом на руках пасовать нельзя (E2)", "with a dealt ace you may not pass (E2)"),
    "E3": (
        "до вас играет только один: сдающий обязан играть (E3)",
        "only one plays before you: the dealer must play (E3)",
    ),
    "E1": ("скажите «играю» или «пас» (E1)", "say play or pass (E1)"),
    "E4": (
        "снесите до {most} {ru_cards} и прикупите столько же; ничего — остаться при своих (E4)",
        "discard up to {most} {en_cards} and draw as many; none to stand pat (E4)",
    ),
    "E4_empty": ("прикуп пуст: остаётесь при своих (E4)", "the stock is empty: you stand pat (E4)"),
    "E5": (
        "можно снести карту и взять открытый козырь {card} (E5)",
        "you may discard a card and take the turned trump {card} (E5)",
    ),
    "E5_must": (
        "сдающий обязан взять открытый козырь {card}, снеся карту (E5)",
        "the dealer must take the turned trump {card}, discarding a card (E5)",
    ),
    "M3": (
        "открыт памфил: возьмите его, отдав карту, она станет козырем (M3)",
        "Pam was turned: take it, giving a card that becomes the trump (M3)",
    ),
    "V2": (
        "возьмите прикуп (take) или скажите «Продаю» (sell) (V2)",
        "take the talon, or sell («Продаю») (V2)",
    ),
    "V2_dealer": (
        "возьмите прикуп (take) или скажите «Ходи» (go) (V2)",
        "take the talon, or say go («Ходи») (V2)",
    ),
    "V4": (
        "примите даве (ставка удвоится) или сдайтесь (V4)",
        "accept the Даве (the stake doubles) or concede (V4)",
    ),
    "S7": (
        "у вас 0 или меньше: можно заявить выигрыш (S7)",
        "you are at 0 or below: you may claim the game (S7)",
    ),
    "free": ("можно любую карту (P2)", "any card will do (P2)"),
    "free_lead": ("ваш ход: любая карта (P1)", "your lead: any card (P1)"),
}


def hint(key: str, lang: str = "ru", **fields: object) -> str:
    """A rule reminder from the hint catalogue."""
    ru, en = _HINTS[key]
    return (ru if lang == "ru" else en).format(**fields)


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
    suit = _SUIT_NAMES[lang][lead // 13] if lead is not None else ""
    text = hint(rule, lang, suit=suit)
    free = rule.startswith("free")
    if view.rules.pamfil and PAM in view.hand and not free and len(view.hand) > 1:
        text += "; " + hint("M1_pam", lang)
    return text
