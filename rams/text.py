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
from rams.events import Event, EventKind
from rams.rules import OPTIONS, PRESETS, Rules

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
        "S6": "списал всю запись",
        "R1": "четыре туза",
        "M4": "пять карт одной масти",
        "V1": "четыре валета",
        "S7": "заявил выигрыш",
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


def _signed(delta: int) -> str:
    return f"+{delta}" if delta > 0 else f"−{-delta}" if delta < 0 else "0"


# The message catalogue: one template per event (and variant), in Russian and English.
_MESSAGES: dict[str, tuple[str, str]] = {
    "deal": ("Сдаёт {who}. Козырь: {card}.", "{who} deals. Turned trump: {card}."),
    "deal_in_hand": (
        "Сдаёт {who}. Козырь — его последняя карта {card} (K1).",
        "{who} deals. Trump is his last card, {card} (K1).",
    ),
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
    "exchange": ("{who} меняет карт: {count}.", "{who} exchanges {count} card(s)."),
    "frozen_all": (
        "У кого-то осталось 1 очко: карты никому не меняются (K5).",
        "Someone has 1 point left: nobody exchanges (K5).",
    ),
    "frozen": (
        "{who}: до конца 2 очка или меньше, играет на своих (K5).",
        "{who} is 2 points or less from the end and plays his own cards (K5).",
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
        "{who} ходит с козырного туза {card}, как обязан (P4).",
        "{who} leads the trump ace {card}, as he must (P4).",
    ),
    "forced_P5": (
        "Король козырей взял взятку: {who} ходит с козырной дамы {card} (P5).",
        "The trump king won: {who} leads the trump queen {card}, as he must (P5).",
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
    "accept": ("{who} принимает даве: ставка {count}.", "{who} accepts: the stake is {count}."),
    "concede": ("{who} сдаётся (V4).", "{who} concedes (V4)."),
    "claim": ("{who} заявляет выигрыш (S7).", "{who} claims the game (S7)."),
    "win": ("{who} выигрывает партию: {why} ({clause}).", "{who} wins the game: {why} ({clause})."),
    "pam": (
        "У {who} памфил: получает по 1 с каждого (M2).",
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
        return "deal_in_hand" if event.detail == "in_hand" else "deal"
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
    if event.kind is EventKind.PAM_SWAP:
        suit = _SUIT_NAMES[lang][suit_of(event.cards[1])]
    return message(
        key,
        lang,
        who=names[event.seat] if event.seat is not None else "",
        card=card_str(event.cards[-1], lang) if event.cards else "",
        cards=_cards(event.cards, lang),
        secret=_cards(event.secret, lang),
        drawn=_cards(event.drawn, lang),
        count=event.number,
        record=event.record,
        clause=event.clause,
        rec=f" ({_signed(event.delta)} → {event.record})" if event.record is not None else "",
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
    return ": " + ", ".join(parts) + f" → {event.record}"


def deal_lines(events: Iterable[Event], names: Sequence[str], lang: str = "ru") -> list[str]:
    """A deal's events in words, one line each; a trick's cards on the line of its winner."""
    out = []
    plays: list[str] = []
    for e in events:
        if e.kind is EventKind.PLAY:
            assert e.seat is not None
            plays.append(f"{names[e.seat]} {_cards(e.cards, lang)}")
            continue
        line = describe(e, names, lang)
        if line is None:
            continue
        if e.kind in (EventKind.TRICK, EventKind.OVERSHOOT):
            head, _, rest = line.partition(" — ")
            line = f"{head}: {' · '.join(plays)} — {rest}"
            plays = []
        elif plays and e.kind not in (EventKind.DAVE, EventKind.ACCEPT, EventKind.FORCED):
            out.append(message("table", lang) + " · ".join(plays))
            plays = []
        out.append(line)
    if plays:
        out.append(message("table", lang) + " · ".join(plays))
    return out


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
