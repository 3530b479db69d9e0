"""Golden screens of the terminal client (`rams/terminal`) and of the Rams family's words.

Every screen is drawn at a fixed width of 80 columns without colour and compared with the
screen written out below, in Russian and in English. The positions are built by hand with
`tests/util.py` or replayed from the records in `tests/records/`; the comments say why each
number is what it is (RULES clause ids). Trailing spaces are stripped from every line before
comparing, so that an editor cannot break a golden screen.

Where the client was once found wrong or clumsy, a `Was:` comment says what it showed; the
expected screen is the corrected one, so the fault cannot come back unnoticed.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType

from rams import games
from rams.cards import parse_cards
from rams.games.rams.deal import Deal
from rams.games.rams.display import display
from rams.games.rams.events import Event, EventKind
from rams.games.rams.match import RamsMatch
from rams.games.rams.rules import PRESETS
from rams.games.rams.words import deal_lines, describe, legal_hint
from rams.record import loads
from rams.terminal import hand_text, sheet_table
from rams.terminal.widgets import result_text, table_panel
from tests.plain.helpers import deal_of as plain_deal_of
from tests.plain.helpers import run as plain_run
from tests.util import make_deal, run

RECORDS = Path(__file__).parent / "records"
LANGS = ("ru", "en")
NAMES = ["Аня", "Борис", "Вера", "Глеб", "Даша", "Егор"]
NAMES3 = NAMES[:3]
NAMES2 = NAMES[:2]


def screen(renderable: RenderableType) -> str:
    """The renderable as plain text at 80 columns, trailing spaces stripped."""
    console = Console(width=80, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


def ansi(renderable: RenderableType) -> str:
    """The renderable with its ANSI codes, as a colour terminal gets it."""
    out = io.StringIO()
    console = Console(
        width=80, file=out, color_system="standard", force_terminal=True, highlight=False
    )
    console.print(renderable)
    return out.getvalue()


def panel(deal: Deal, seat: int, names: Sequence[str], lang: str, show_hand: bool = True) -> str:
    """The table panel of deal 1 as ``seat`` sees it (every game's panel, of Rams' display)."""
    view = deal.observation(seat)
    preset = PRESETS[deal.rules.preset_name]
    name = preset.ru if lang == "ru" else preset.en
    title = f"{name[:1].upper()}{name[1:]} · {'сдача' if lang == 'ru' else 'deal'} 1"
    return screen(table_panel(view, display(view), names, lang, title, show_hand))


def game_of(record: str, names: Sequence[str] = NAMES) -> RamsMatch:
    """A record from tests/records replayed with the test's names in place of P1, P2…"""
    data = json.loads((RECORDS / record).read_text(encoding="utf-8"))
    data["players"] = list(names[: len(data["players"])])
    return loads(json.dumps(data, ensure_ascii=False)).replay()


def said(events: Sequence[Event], names: Sequence[str], lang: str, *kinds: EventKind) -> list[str]:
    """The lines `describe` gives for the events of these kinds, in order."""
    out = []
    for e in events:
        if e.kind in kinds:
            line = describe(e, names, lang)
            if line is not None:
                out.append(line)
    return out


# Positions --------------------------------------------------------------------------------

_ALL_PLAY_AND_KEEP = (
    "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange", "p3 keep",
)  # fmt: skip


def classic_round() -> Deal:
    """Classic, three players, Вера (p3) deals, 9♦ turned: trump ♦.

    Аня holds the A♠ (E2: she must play), Борис nothing (he passes), Вера the A♥.
    The stock starts 7♠ 8♠ Q♥.
    """
    return make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "AS KS 9S 7C 8C", 1: "TS JS 9C TC 7D", 2: "QS JC QC 8D AH"},
        turned="9D",
        stock="7S 8S QH",
    )


def classic_tricks() -> Deal:
    """Classic, three players who all play, Вера deals, 9♦ turned (trump ♦).

    Аня discards 7♣ 8♣ and draws 7♠ 8♠; Борис discards 7♦ and draws Q♥; Вера stands pat and
    takes the 9♦ for the J♣ (E5). Trick 1: Аня K♠, Борис A♠, Вера Q♠: Борис takes it and
    writes off 1 + 5 for his A♠ (S2, S3, X6): 100 → 94. Trick 2: Борис leads 10♠, Вера,
    void in spades, must trump (P2) and plays 8♦; Аня is to follow with a spade.
    """
    deal = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "KS 9S 7C 8C 7H", 1: "AS TS 9C TC 7D", 2: "QS JC QC 8D AH"},
        turned="9D",
        stock="7S 8S QH",
    )
    return run(
        deal,
        "p1 play", "p2 play", "p3 play",
        "p1 exchange 7C 8C", "p2 exchange 7D", "p3 exchange", "p3 swap JC",
        "p1 KS", "p2 AS", "p3 QS",
    )  # fmt: skip


def duel() -> Deal:
    """The duel with Даве, Борис (p2) deals, 9♦ turned; the talon is J♣ Q♣ 8♦ A♥ K♥."""
    return make_deal(
        "duel",
        2,
        dealer=1,
        hands={0: "AS KS 9S 7C 8C", 1: "TS JS 9C TC 7D"},
        talon="JC QC 8D AH KH",
        turned="9D",
        dave=True,
    )


def pam_turned() -> Deal:
    """Мушка, three players, Вера deals and the J♣, Pam, is turned (M3)."""
    return make_deal("mushka-pamfil", 3, dealer=2, turned="JC", hands={2: "8S 9S TS QS 7H"})


def petukh_six() -> Deal:
    """Петух with six players (K1): 30 cards, all dealt; Егор (p6) deals and his last card,
    the 9♥, is the trump, shown, in his hand."""
    return make_deal(
        "petukh",
        6,
        dealer=5,
        hands={0: "8S AS KC JD 7H", 5: "KS QD 8C TH 9H"},
    )


# 1. The table panel -----------------------------------------------------------------------

# Every game's panel (rams.terminal.widgets.table_panel) draws the family's display of the
# seat's view (rams.games.rams.display for these): the head (dealer, trump, the turned card,
# the stock), what the deal adds in words (where the turned trump went, the stake), a row per
# seat — its record, its marks (its call, how many cards it drew), its tricks once play has
# begun (none for a passer), its card on the table and the cards of its hand everyone knows —
# and the seat's hand.
# Was (all panels): the title names the game by its preset id after «Рамс» («Рамс · petukh»,
# «Рамс · mushka-pamfil»: Петух and Мушка are not Rams). It should be the preset's own name in
# the screen's language (Preset.ru / Preset.en, capitalised): «Классический рамс · сдача 1»,
# "Classic Rams · deal 1".
# Was (all panels): «Карты Вера» is ungrammatical (the name cannot be declined): «Карты игрока
# Вера». The cards a player drew were in a column «Прикуп», the name of the stock: each row
# says «прикуп: 2» / "drew 2" beside the call instead, as the web table does; the stock is
# «Колода» (it was «Прикуп» too, the word for the cards bought and for the duel's talon).
# Was (a Rams-only panel): the Rams screen and the plain games' screen drew the table each
# their own way (columns «Игра», «Обмен» here, «Пара» there); now one panel draws both.

PANEL_DECLARE = {
    "ru": """\
╭─ Классический рамс · сдача 1 ────────────────────────────────────────────────╮
│ Сдаёт: Вера   Козырь: бубны   Открытая карта: 9♦   Колода: 16                │
│                                                                              │
│ Игрок   Запись          Взятки  На столе                                     │
│ Аня        100  играет                                                       │
│ Борис      100  пас                                                          │
│ Вера ▶     100                                                               │
│                                                                              │
│ Карты игрока Вера: 1 Д♠  2 В♣  3 Д♣  4 8♦  5 Т♥                              │
╰──────────────────────────────────────────────────────────────────────────────╯""",
    "en": """\
╭─ Classic Rams · deal 1 ──────────────────────────────────────────────────────╮
│ Dealer: Вера   Trump: diamonds   Turned card: 9♦   Stock: 16                 │
│                                                                              │
│ Player  Record          Tricks  On the table                                 │
│ Аня        100  plays                                                        │
│ Борис      100  passed                                                       │
│ Вера ▶     100                                                               │
│                                                                              │
│ Вера's hand: 1 Q♠  2 J♣  3 Q♣  4 8♦  5 A♥                                    │
╰──────────────────────────────────────────────────────────────────────────────╯""",
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_panel_declare(lang: str) -> None:
    """The play/pass round: Аня plays, Борис passed, the dealer Вера is to speak (E1)."""
    deal = run(classic_round(), "p1 play", "p2 pass")
    assert panel(deal, 2, NAMES3, lang) == PANEL_DECLARE[lang]


PANEL_EXCHANGE = {
    "ru": """\
╭─ Классический рамс · сдача 1 ────────────────────────────────────────────────╮
│ Сдаёт: Вера   Козырь: бубны   Открытая карта: 9♦   Колода: 14                │
│                                                                              │
│ Игрок   Запись                     Взятки  На столе                          │
│ Аня        100  играет, прикуп: 2                                            │
│ Борис      100  пас                                                          │
│ Вера ▶     100  играет                                                       │
│                                                                              │
│ Карты игрока Вера: 1 Д♠  2 В♣  3 Д♣  4 8♦  5 Т♥                              │
╰──────────────────────────────────────────────────────────────────────────────╯""",
    "en": """\
╭─ Classic Rams · deal 1 ──────────────────────────────────────────────────────╮
│ Dealer: Вера   Trump: diamonds   Turned card: 9♦   Stock: 14                 │
│                                                                              │
│ Player  Record                 Tricks  On the table                          │
│ Аня        100  plays, drew 2                                                │
│ Борис      100  passed                                                       │
│ Вера ▶     100  plays                                                        │
│                                                                              │
│ Вера's hand: 1 Q♠  2 J♣  3 Q♣  4 8♦  5 A♥                                    │
╰──────────────────────────────────────────────────────────────────────────────╯""",
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_panel_exchange(lang: str) -> None:
    """The exchange (E4): Аня changed 2 cards (16 − 2 = 14 left in the stock), Вера to go."""
    deal = run(classic_round(), "p1 play", "p2 pass", "p3 play", "p1 exchange 9S 7C")
    assert panel(deal, 2, NAMES3, lang) == PANEL_EXCHANGE[lang]


PANEL_TURNED_ON_TABLE = {
    "ru": """\
╭─ Классический рамс · сдача 1 ────────────────────────────────────────────────╮
│ Сдаёт: Вера   Козырь: бубны   Открытая карта: 9♦   Колода: 14                │
│                                                                              │
│ Игрок   Запись                     Взятки  На столе                          │
│ Аня        100  играет, прикуп: 2                                            │
│ Борис      100  пас                                                          │
│ Вера ▶     100  играет, прикуп: 0                                            │
│                                                                              │
│ Карты игрока Вера: 1 Д♠  2 В♣  3 Д♣  4 8♦  5 Т♥                              │
╰──────────────────────────────────────────────────────────────────────────────╯""",
    "en": """\
╭─ Classic Rams · deal 1 ──────────────────────────────────────────────────────╮
│ Dealer: Вера   Trump: diamonds   Turned card: 9♦   Stock: 14                 │
│                                                                              │
│ Player  Record                 Tricks  On the table                          │
│ Аня        100  plays, drew 2                                                │
│ Борис      100  passed                                                       │
│ Вера ▶     100  plays, drew 0                                                │
│                                                                              │
│ Вера's hand: 1 Q♠  2 J♣  3 Q♣  4 8♦  5 A♥                                    │
╰──────────────────────────────────────────────────────────────────────────────╯""",
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_panel_turned_trump_on_table(lang: str) -> None:
    """E5: Вера stood pat (0) and may take the 9♦ still lying face up."""
    deal = run(classic_round(), "p1 play", "p2 pass", "p3 play", "p1 exchange 9S 7C", "p3 exchange")
    assert panel(deal, 2, NAMES3, lang) == PANEL_TURNED_ON_TABLE[lang]


PANEL_TURNED_TAKEN = {
    "ru": """\
╭─ Классический рамс · сдача 1 ────────────────────────────────────────────────╮
│ Сдаёт: Вера   Козырь: бубны   Колода: 14                                     │
│ Открытый козырь 9♦ взял сдающий                                              │
│                                                                              │
│ Игрок  Запись                     Взятки  На столе  Открыто                  │
│ Аня ▶     100  играет, прикуп: 2       0                                     │
│ Борис     100  пас                                                           │
│ Вера      100  играет, прикуп: 0       0            9♦                       │
│                                                                              │
│ Карты игрока Аня: 1 7♠  2 8♠  3 К♠  4 Т♠  5 8♣                               │
╰──────────────────────────────────────────────────────────────────────────────╯""",
    "en": """\
╭─ Classic Rams · deal 1 ──────────────────────────────────────────────────────╮
│ Dealer: Вера   Trump: diamonds   Stock: 14                                   │
│ The dealer took the turned trump, 9♦                                         │
│                                                                              │
│ Player  Record                 Tricks  On the table  Shown                   │
│ Аня ▶      100  plays, drew 2       0                                        │
│ Борис      100  passed                                                       │
│ Вера       100  plays, drew 0       0                9♦                      │
│                                                                              │
│ Аня's hand: 1 7♠  2 8♠  3 K♠  4 A♠  5 8♣                                     │
╰──────────────────────────────────────────────────────────────────────────────╯""",
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_panel_turned_trump_taken(lang: str) -> None:
    """Вера took the 9♦ for her Q♠: the header says who holds it; Аня leads (P1); the
    passer Борис has no trick count."""
    deal = run(
        classic_round(), "p1 play", "p2 pass", "p3 play", "p1 exchange 9S 7C", "p3 exchange",
        "p3 swap QS",
    )  # fmt: skip
    assert panel(deal, 0, NAMES3, lang) == PANEL_TURNED_TAKEN[lang]


PANEL_LAST_TRICK = {
    "ru": """\
╭─ Классический рамс · сдача 1 ────────────────────────────────────────────────╮
│ Сдаёт: Вера   Козырь: бубны   Колода: 13                                     │
│ Открытый козырь 9♦ взял сдающий                                              │
│                                                                              │
│ Игрок    Запись                     Взятки  На столе  Открыто                │
│ Аня         100  играет, прикуп: 2       0                                   │
│ Борис ▶      94  играет, прикуп: 1       1                                   │
│ Вера        100  играет, прикуп: 0       0            9♦                     │
│                                                                              │
│ Прошлая взятка: Аня К♠  Борис Т♠  Вера Д♠                                    │
│                                                                              │
│ Карты игрока Борис: 1 10♠  2 9♣  3 10♣  4 Д♥                                 │
╰──────────────────────────────────────────────────────────────────────────────╯""",
    "en": """\
╭─ Classic Rams · deal 1 ──────────────────────────────────────────────────────╮
│ Dealer: Вера   Trump: diamonds   Stock: 13                                   │
│ The dealer took the turned trump, 9♦                                         │
│                                                                              │
│ Player   Record                 Tricks  On the table  Shown                  │
│ Аня         100  plays, drew 2       0                                       │
│ Борис ▶      94  plays, drew 1       1                                       │
│ Вера        100  plays, drew 0       0                9♦                     │
│                                                                              │
│ Last trick: Аня K♠  Борис A♠  Вера Q♠                                        │
│                                                                              │
│ Борис's hand: 1 10♠  2 9♣  3 10♣  4 Q♥                                       │
╰──────────────────────────────────────────────────────────────────────────────╯""",
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_panel_last_trick(lang: str) -> None:
    """After trick 1: Борис took it (94, one trick) and leads; the last trick is shown."""
    assert panel(classic_tricks(), 1, NAMES3, lang) == PANEL_LAST_TRICK[lang]


PANEL_TRICK = {
    "ru": """\
╭─ Классический рамс · сдача 1 ────────────────────────────────────────────────╮
│ Сдаёт: Вера   Козырь: бубны   Колода: 13                                     │
│ Открытый козырь 9♦ взял сдающий                                              │
│                                                                              │
│ Игрок  Запись                     Взятки  На столе  Открыто                  │
│ Аня ▶     100  играет, прикуп: 2       0                                     │
│ Борис      94  играет, прикуп: 1       1  10♠                                │
│ Вера      100  играет, прикуп: 0       0  8♦        9♦                       │
│                                                                              │
│ Карты игрока Аня: 1 7♠  2 8♠  3 9♠  4 7♥                                     │
╰──────────────────────────────────────────────────────────────────────────────╯""",
    "en": """\
╭─ Classic Rams · deal 1 ──────────────────────────────────────────────────────╮
│ Dealer: Вера   Trump: diamonds   Stock: 13                                   │
│ The dealer took the turned trump, 9♦                                         │
│                                                                              │
│ Player  Record                 Tricks  On the table  Shown                   │
│ Аня ▶      100  plays, drew 2       0                                        │
│ Борис       94  plays, drew 1       1  10♠                                   │
│ Вера       100  plays, drew 0       0  8♦            9♦                      │
│                                                                              │
│ Аня's hand: 1 7♠  2 8♠  3 9♠  4 7♥                                           │
╰──────────────────────────────────────────────────────────────────────────────╯""",
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_panel_trick_on_table(lang: str) -> None:
    """Trick 2 half played: 10♠ by Борис, 8♦ by Вера, each on its player's row; Аня to play."""
    deal = run(classic_tricks(), "p2 TS", "p3 8D")
    assert panel(deal, 0, NAMES3, lang) == PANEL_TRICK[lang]


PANEL_HIDDEN = {
    "ru": """\
╭─ Классический рамс · сдача 1 ────────────────────────────────────────────────╮
│ Сдаёт: Вера   Козырь: бубны   Колода: 13                                     │
│ Открытый козырь 9♦ взял сдающий                                              │
│                                                                              │
│ Игрок  Запись                     Взятки  На столе  Открыто                  │
│ Аня ▶     100  играет, прикуп: 2       0                                     │
│ Борис      94  играет, прикуп: 1       1  10♠                                │
│ Вера      100  играет, прикуп: 0       0  8♦        9♦                       │
│                                                                              │
│ карты скрыты                                                                 │
╰──────────────────────────────────────────────────────────────────────────────╯""",
    "en": """\
╭─ Classic Rams · deal 1 ──────────────────────────────────────────────────────╮
│ Dealer: Вера   Trump: diamonds   Stock: 13                                   │
│ The dealer took the turned trump, 9♦                                         │
│                                                                              │
│ Player  Record                 Tricks  On the table  Shown                   │
│ Аня ▶      100  plays, drew 2       0                                        │
│ Борис       94  plays, drew 1       1  10♠                                   │
│ Вера       100  plays, drew 0       0  8♦            9♦                      │
│                                                                              │
│ hand hidden                                                                  │
╰──────────────────────────────────────────────────────────────────────────────╯""",
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_panel_hidden_hand(lang: str) -> None:
    """Hot seat: the table before the hand is shown to the next player (show_hand=False)."""
    deal = run(classic_tricks(), "p2 TS", "p3 8D")
    assert panel(deal, 0, NAMES3, lang, show_hand=False) == PANEL_HIDDEN[lang]


# Was (duel, Петух): nobody says play or pass there (V2, K5), yet every row said «играет»
# once play started; with no exchange the «Обмен»/"Drew" column was always empty. A row
# marks only what happened (no call, nothing drawn: no marks, and no marks column). The
# duel's talon (V2) was not shown at all: while it is to be decided the head says
# «Прикуп: 5» / "Talon: 5".

PANEL_DUEL_TALON = {
    "ru": """\
╭─ Рамс вдвоём (дуэль) · сдача 1 ──────────────────────────────────────────────╮
│ Сдаёт: Борис   Козырь: бубны   Открытая карта: 9♦   Прикуп: 5                │
│ Ставка: 1                                                                    │
│                                                                              │
│ Игрок  Запись  Взятки  На столе                                              │
│ Аня ▶       5                                                                │
│ Борис       5                                                                │
│                                                                              │
│ Карты игрока Аня: 1 9♠  2 К♠  3 Т♠  4 7♣  5 8♣                               │
╰──────────────────────────────────────────────────────────────────────────────╯""",
    "en": """\
╭─ Two-handed Rams, the duel · deal 1 ─────────────────────────────────────────╮
│ Dealer: Борис   Trump: diamonds   Turned card: 9♦   Talon: 5                 │
│ Stake: 1                                                                     │
│                                                                              │
│ Player  Record  Tricks  On the table                                         │
│ Аня ▶        5                                                               │
│ Борис        5                                                               │
│                                                                              │
│ Аня's hand: 1 9♠  2 K♠  3 A♠  4 7♣  5 8♣                                     │
╰──────────────────────────────────────────────────────────────────────────────╯""",
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_panel_duel_talon(lang: str) -> None:
    """V2: Аня, the non-dealer, decides on the talon; no stock in the duel; stake 1 (V4)."""
    assert panel(duel(), 0, NAMES2, lang) == PANEL_DUEL_TALON[lang]


PANEL_DUEL_PLAY = {
    "ru": """\
╭─ Рамс вдвоём (дуэль) · сдача 1 ──────────────────────────────────────────────╮
│ Сдаёт: Борис   Козырь: бубны   Открытая карта: 9♦                            │
│ Ставка: 2                                                                    │
│                                                                              │
│ Игрок  Запись  Взятки  На столе                                              │
│ Аня ▶       5       0                                                        │
│ Борис       5       0  К♥                                                    │
│                                                                              │
│ Карты игрока Аня: 1 9♠  2 К♠  3 Т♠  4 7♣  5 8♣                               │
╰──────────────────────────────────────────────────────────────────────────────╯""",
    "en": """\
╭─ Two-handed Rams, the duel · deal 1 ─────────────────────────────────────────╮
│ Dealer: Борис   Trump: diamonds   Turned card: 9♦                            │
│ Stake: 2                                                                     │
│                                                                              │
│ Player  Record  Tricks  On the table                                         │
│ Аня ▶        5       0                                                       │
│ Борис        5       0  K♥                                                   │
│                                                                              │
│ Аня's hand: 1 9♠  2 K♠  3 A♠  4 7♣  5 8♣                                     │
╰──────────────────────────────────────────────────────────────────────────────╯""",
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_panel_duel_play(lang: str) -> None:
    """Аня sold, Борис offered Даве, Аня accepted (stake 2), Борис took the talon and led
    the K♥ (V2: the taker leads)."""
    deal = run(duel(), "p1 sell", "p2 dave", "p1 accept", "p2 take", "p2 KH")
    assert panel(deal, 0, NAMES2, lang) == PANEL_DUEL_PLAY[lang]


PANEL_PETUKH_SIX = {
    "ru": """\
╭─ Петух · сдача 1 ────────────────────────────────────────────────────────────╮
│ Сдаёт: Егор   Козырь: черви                                                  │
│ Козырь — 9♥, последняя карта сдающего, у него в руке                         │
│                                                                              │
│ Игрок  Запись  Взятки  На столе  Открыто                                     │
│ Аня ▶      15       0                                                        │
│ Борис      15       0                                                        │
│ Вера       15       0                                                        │
│ Глеб       15       0                                                        │
│ Даша       15       0                                                        │
│ Егор       15       0            9♥                                          │
│                                                                              │
│ Карты игрока Аня: 1 8♠  2 Т♠  3 К♣  4 В♦  5 7♥                               │
╰──────────────────────────────────────────────────────────────────────────────╯""",
    "en": """\
╭─ Petukh, the Cock · deal 1 ──────────────────────────────────────────────────╮
│ Dealer: Егор   Trump: hearts                                                 │
│ Trump is 9♥, the dealer's last card, kept in the dealer's hand               │
│                                                                              │
│ Player  Record  Tricks  On the table  Shown                                  │
│ Аня ▶       15       0                                                       │
│ Борис       15       0                                                       │
│ Вера        15       0                                                       │
│ Глеб        15       0                                                       │
│ Даша        15       0                                                       │
│ Егор        15       0                9♥                                     │
│                                                                              │
│ Аня's hand: 1 8♠  2 A♠  3 K♣  4 J♦  5 7♥                                     │
╰──────────────────────────────────────────────────────────────────────────────╯""",
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_panel_petukh_six(lang: str) -> None:
    """K1: no stock, no exchange, the trump 9♥ in the dealer's hand; Аня leads at once."""
    assert panel(petukh_six(), 0, NAMES, lang) == PANEL_PETUKH_SIX[lang]


# Was: while a turned Pam waits for the dealer's swap (M3) there is no trump yet, but the
# header said «Козырь: В♣» / "Trump: J♣". It says «Козырь: —», the card turned, and why
# there is no trump: «Открыт памфил: козыря пока нет» / "Pam is turned: no trump yet".

PANEL_PAM_TURNED = {
    "ru": """\
╭─ Мушка с памфилом · сдача 1 ─────────────────────────────────────────────────╮
│ Сдаёт: Вера   Козырь: —   Открытая карта: В♣   Колода: 16                    │
│ Открыт памфил: козыря пока нет                                               │
│                                                                              │
│ Игрок   Запись  Взятки  На столе                                             │
│ Аня         25                                                               │
│ Борис       25                                                               │
│ Вера ▶      25                                                               │
│                                                                              │
│ Карты игрока Вера: 1 8♠  2 9♠  3 10♠  4 Д♠  5 7♥                             │
╰──────────────────────────────────────────────────────────────────────────────╯""",
    "en": """\
╭─ Mouche with Pam · deal 1 ───────────────────────────────────────────────────╮
│ Dealer: Вера   Trump: —   Turned card: J♣   Stock: 16                        │
│ Pam is turned: no trump yet                                                  │
│                                                                              │
│ Player  Record  Tricks  On the table                                         │
│ Аня         25                                                               │
│ Борис       25                                                               │
│ Вера ▶      25                                                               │
│                                                                              │
│ Вера's hand: 1 8♠  2 9♠  3 10♠  4 Q♠  5 7♥                                   │
╰──────────────────────────────────────────────────────────────────────────────╯""",
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_panel_pam_turned(lang: str) -> None:
    """Мушка, the J♣ (Pam) turned: the dealer Вера must take it first (M3)."""
    assert panel(pam_turned(), 2, NAMES3, lang) == PANEL_PAM_TURNED[lang]


# The plain games on the same panel (their display, rams.games.plain.display): a player's or a
# side's score, marks for the side (W1) and the card points (F6), the cards seen face up (W3),
# the skat (F2), and what the game adds in words (the jacks as trumps, F5).

PANEL_RAMSCH_JACKS = {
    "ru": """\
╭─ Рамс по Фихману, валеты — козыри · сдача 1 ─────────────────────────────────╮
│ Сдаёт: Вера   Козырь: —   Скат: 2                                            │
│ Козыри — четыре валета: ♣, ♠, ♦, ♥ (F5)                                      │
│                                                                              │
│ Игрок   Счёт            Взятки  На столе                                     │
│ Аня        0  11 очков       1  10♠                                          │
│ Борис      0  0 очков        0  9♠                                           │
│ Вера ▶     0  0 очков        0                                               │
│                                                                              │
│ Карты игрока Вера: 1 Т♣  2 Т♦  3 7♥  4 8♥  5 9♥  6 10♥  7 Д♥  8 К♥  9 Т♥     │
╰──────────────────────────────────────────────────────────────────────────────╯""",
    "en": """\
╭─ Ramsch, jacks as trumps · deal 1 ───────────────────────────────────────────╮
│ Dealer: Вера   Trump: —   Skat: 2                                            │
│ The four jacks are trumps: ♣, ♠, ♦, ♥ (F5)                                   │
│                                                                              │
│ Player  Score             Tricks  On the table                               │
│ Аня         0  11 points       1  10♠                                        │
│ Борис       0  0 points        0  9♠                                         │
│ Вера ▶      0  0 points        0                                             │
│                                                                              │
│ Вера's hand: 1 A♣  2 A♦  3 7♥  4 8♥  5 9♥  6 10♥  7 Q♥  8 K♥  9 A♥           │
╰──────────────────────────────────────────────────────────────────────────────╯""",
}

PANEL_WHIST_HIDDEN = {
    "ru": """\
╭─ Вист · сдача 1 ─────────────────────────────────────────────────────────────╮
│ Сдаёт: Глеб   Козырь: черви                                                  │
│                                                                              │
│ Игрок   Счёт          Взятки  На столе  Открыто                              │
│ Аня        0  пара 1       0  Т♠                                             │
│ Борис      0  пара 2       0  В♠                                             │
│ Вера ▶     0  пара 1       0                                                 │
│ Глеб       0  пара 2       0            7♥                                   │
│                                                                              │
│ карты скрыты                                                                 │
╰──────────────────────────────────────────────────────────────────────────────╯""",
    "en": """\
╭─ Whist · deal 1 ─────────────────────────────────────────────────────────────╮
│ Dealer: Глеб   Trump: hearts                                                 │
│                                                                              │
│ Player  Score          Tricks  On the table  Shown                           │
│ Аня         0  side 1       0  A♠                                            │
│ Борис       0  side 2       0  J♠                                            │
│ Вера ▶      0  side 1       0                                                │
│ Глеб        0  side 2       0                7♥                              │
│                                                                              │
│ hand hidden                                                                  │
╰──────────────────────────────────────────────────────────────────────────────╯""",
}


def plain_panel(deal: Any, seat: int, lang: str, show_hand: bool = True) -> str:
    """The panel of a plain game's deal 1 as ``seat`` sees it."""
    family = games.family(deal.family)
    view = deal.observation(seat)
    preset = family.presets()[deal.rules.preset_name].title[lang]
    title = f"{preset[:1].upper()}{preset[1:]} · {'сдача' if lang == 'ru' else 'deal'} 1"
    names = NAMES[: len(view.hand_sizes)]
    return screen(table_panel(view, family.display(view), names, lang, title, show_hand))


@pytest.mark.parametrize("lang", LANGS)
def test_screen_panel_F5_F6_ramsch_jacks_card_points(lang: str) -> None:
    """F5, F6: the jacks are the only trumps; Аня's trick holds A♠ 8♠ 7♠, 11 card points."""
    deal = plain_deal_of(
        "ramsch-jacks", 3, 2,
        {0: "AS TS KS 7C 8C 9C 7D 8D 9D JC", 1: "QS 9S 8S TC KC QC TD KD QD JS",
         2: "7S AC AD 7H 8H 9H TH KH QH AH"},
        "JD JH",
    )  # fmt: skip
    plain_run(deal, "p1 AS", "p2 8S", "p3 7S", "p1 TS", "p2 9S")
    assert plain_panel(deal, 2, lang) == PANEL_RAMSCH_JACKS[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_screen_panel_W1_W3_whist_sides_and_turned_trump(lang: str) -> None:
    """W1: sides p1 + p3 and p2 + p4; W3: Глеб's last card, the 7♥, lies face up (trump
    hearts) until trick 1 is complete."""
    deal = plain_deal_of(
        "whist", 4, 3,
        {0: "AS KS QS 2C 3C 4C 5D 6D 7D 8H 9H TH JH", 1: "JS TS 9S 6C 7C 8C 9D TD JD 2H 3H 4H QH",
         2: "8S 7S 6S 9C TC JC QD KD AD 5H 6H KH AH", 3: "2S 3S 4S 5S 5C QC KC AC 2D 3D 4D 8D 7H"},
    )  # fmt: skip
    plain_run(deal, "p1 AS", "p2 JS")
    assert plain_panel(deal, 2, lang, show_hand=False) == PANEL_WHIST_HIDDEN[lang]


def test_screen_hand_colours_and_legal_cards() -> None:
    """The hand: ♦ ♥ red (31), legal cards bold (1), the others dim (2); numbered from 1."""
    hand = parse_cards("QS JC 8D 9D AH")
    codes = ansi(hand_text(hand, "ru", set(parse_cards("8D 9D"))))
    assert screen(hand_text(hand, "ru")) == "1 Д♠  2 В♣  3 8♦  4 9♦  5 Т♥"
    assert screen(hand_text(hand, "en")) == "1 Q♠  2 J♣  3 8♦  4 9♦  5 A♥"
    assert "\x1b[2mД♠\x1b[0m" in codes
    assert "\x1b[1;31m8♦\x1b[0m" in codes
    assert "\x1b[1;31m9♦\x1b[0m" in codes
    assert "\x1b[2;31mТ♥\x1b[0m" in codes


# 2. The score sheet -----------------------------------------------------------------------

# Worked by hand from the rows below (S1, S6): a row per deal, each record in the row of the
# deal that wrote it (Глеб's 40 stands through deal 1, his 35 comes in deal 2; deal 3 ends the
# game mid-deal, so only Вера's −2 is written, S6), the earlier values struck out; Вера wins at
# −2 and the others are placed by their records, lower first (S6: a record runs down to 0).
# Negative records take the true minus sign, as on paper (it was «-2»); the standings were
# headed «Итог:», the word of the standings table's column (issue 26).
SHEET = {
    "ru": """\
Запись
┏━━━━━━━┳━━━━━┳━━━━━━━┳━━━━━━┳━━━━━━┓
┃ Сдача ┃ Аня ┃ Борис ┃ Вера ┃ Глеб ┃
┡━━━━━━━╇━━━━━╇━━━━━━━╇━━━━━━╇━━━━━━┩
│       │  40 │    40 │   40 │   40 │
│     1 │  50 │    55 │   15 │      │
│     2 │  41 │    75 │   14 │   35 │
│     3 │     │       │   −2 │      │
└───────┴─────┴───────┴──────┴──────┘
Итоговые места: 1. Вера — −2; 2. Глеб — 35; 3. Аня — 41; 4. Борис — 75""",
    "en": """\
Score sheet
┏━━━━━━┳━━━━━┳━━━━━━━┳━━━━━━┳━━━━━━┓
┃ Deal ┃ Аня ┃ Борис ┃ Вера ┃ Глеб ┃
┡━━━━━━╇━━━━━╇━━━━━━━╇━━━━━━╇━━━━━━┩
│      │  40 │    40 │   40 │   40 │
│    1 │  50 │    55 │   15 │      │
│    2 │  41 │    75 │   14 │   35 │
│    3 │     │       │   −2 │      │
└──────┴─────┴───────┴──────┴──────┘
Standings: 1. Вера: −2; 2. Глеб: 35; 3. Аня: 41; 4. Борис: 75""",
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_sheet(lang: str) -> None:
    """rams-001, four players from 40, three deals: a row per deal, each record in the row of
    the deal that wrote it, blank where the deal left it (Глеб: 40, then 35 in deal 2); the
    final standings under it."""
    game = game_of("golden/rams001_4p_trump_rams.json")
    assert game.sheet == [(40, 40, 40, 40), (50, 55, 15, 40), (41, 75, 14, 35), (41, 75, -2, 35)]
    assert screen(sheet_table(games.sheet_of(game), lang)) == SHEET[lang]


def _sgr(codes: str, text: str) -> bool:
    """Is ``text`` drawn with an SGR sequence holding strike-through (9)?"""
    for m in re.finditer(r"\x1b\[([0-9;]*)m *" + re.escape(text) + r"\x1b\[0m", codes):
        if "9" in m.group(1).split(";"):
            return True
    return False


def test_screen_sheet_strikes_earlier_values() -> None:
    """S1: on the sheet every earlier value is struck out, the last one is not."""
    game = game_of("golden/rams001_4p_trump_rams.json")
    codes = ansi(sheet_table(games.sheet_of(game), "ru"))
    # Аня 40 50 41, Борис 40 55 75, Вера 40 15 14 −2 (a true minus sign), Глеб 40 35.
    for struck in ("40", "50", "55", "15", "14"):
        assert _sgr(codes, struck), struck
    for last in ("41", "75", "−2", "35"):
        assert not _sgr(codes, last), last
    assert codes.count("\x1b[2;9m") == 8  # 2 + 2 + 3 + 1 earlier values
    assert "\x1b[1m  −2\x1b[0m" in codes


# 3. Announcements --------------------------------------------------------------------------

# Was: the count of cards another player exchanged reads «меняет карт: 1» / "exchanges 1
# card(s)": «меняет 1 карту» (2–4 карты, 5 карт) / "exchanges 1 card" ("2 cards").

CLASSIC_TRICKS_LINES = {
    "ru": [
        "Сдаёт Вера. Козырь: 9♦.",
        "Аня: играю.",
        "Борис: играю.",
        "Вера: играю.",
        "Аня сносит 7♣ 8♣ и прикупает 7♠ 8♠.",
        "Борис меняет 1 карту.",
        "Вера остаётся при своих.",
        "Вера берёт козырь 9♦.",
        "Взятка 1: Аня К♠ · Борис Т♠ · Вера Д♠ — Борис: взятка −1, тузы −5 → 94.",
        "На столе: Борис 10♠ · Вера 8♦",
    ],
    "en": [
        "Вера deals. Turned trump: 9♦.",
        "Аня: play.",
        "Борис: play.",
        "Вера: play.",
        "Аня discards 7♣ 8♣ and draws 7♠ 8♠.",
        "Борис exchanges 1 card.",
        "Вера stands pat.",
        "Вера takes the turned trump 9♦.",
        "Trick 1: Аня K♠ · Борис A♠ · Вера Q♠ — Борис: trick −1, aces −5 → 94.",
        "On the table: Борис 10♠ · Вера 8♦",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_deal_as_seen_by_a_player(lang: str) -> None:
    """The deal so far as Аня reads it: her own exchange in full, Борис's and the dealer's
    discards hidden (E4, E5), trick 1 with its cards and credits, trick 2 on the table."""
    deal = classic_tricks()
    deal = run(deal, "p2 TS", "p3 8D")
    assert deal_lines(deal.observation(0).events, NAMES3, lang) == CLASSIC_TRICKS_LINES[lang]


OWN_SECRETS = {
    "ru": [
        "Борис сносит 7♦ и прикупает Д♥.",
        "Вера остаётся при своих.",
        "Вера берёт козырь 9♦, сносит В♣.",
    ],
    "en": [
        "Борис discards 7♦ and draws Q♥.",
        "Вера stands pat.",
        "Вера takes the turned trump 9♦, discarding J♣.",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_exchange_and_swap_as_the_player_sees_them(lang: str) -> None:
    deal = classic_tricks()
    events = [e.seen_by(1) for e in deal.events if e.seat == 1] + [
        e.seen_by(2) for e in deal.events if e.seat == 2
    ]
    got = said(events, NAMES3, lang, EventKind.EXCHANGE, EventKind.DEALER_SWAP)
    assert got == OWN_SECRETS[lang]


VOID = {
    "ru": [
        "Сдаёт Вера. Козырь: 9♥.",
        "Аня: пас.",
        "Борис: пас.",
        "Никто до сдающего не играет: сдача не состоялась (E3).",
    ],
    "en": [
        "Вера deals. Turned trump: 9♥.",
        "Аня: pass.",
        "Борис: pass.",
        "Nobody before the dealer plays: the deal is void (E3).",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_void_deal(lang: str) -> None:
    """E3: both players before the dealer pass; the deal is void (X3)."""
    deal = run(make_deal("classic", 3, dealer=2, turned="9H"), "p1 pass", "p2 pass")
    assert deal_lines(deal.events, NAMES3, lang) == VOID[lang]


KEEP = {
    "ru": [
        "Вера оставляет козырь на столе.",
    ],
    "en": [
        "Вера leaves the turned trump.",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_keep(lang: str) -> None:
    deal = run(make_deal("classic", 3, dealer=2), *_ALL_PLAY_AND_KEEP)
    assert said(deal.events, NAMES3, lang, EventKind.KEEP) == KEEP[lang]


# Was: when Pam is turned the deal line calls it the trump («Козырь: В♣») though it has no
# suit and the trump comes from the card the dealer gives (M3): «Сдаёт Вера. Открыт памфил:
# В♣.» / "Вера deals. Pam is turned: J♣." (the engine must mark such a deal event).

PAM_SWAP = {
    "ru": [
        "Сдаёт Вера. Открыт памфил: В♣.",
        "Открыт памфил: Вера берёт его и открывает 7♥ — козыри черви (M3).",
    ],
    "en": [
        "Вера deals. Pam is turned: J♣.",
        "Pam was turned: Вера takes it and turns 7♥: hearts are trumps (M3).",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_pam_swap(lang: str) -> None:
    deal = run(pam_turned(), "p3 swap 7H")
    assert deal_lines(deal.events, NAMES3, lang) == PAM_SWAP[lang]


TALON = {
    "ru": [
        "Аня берёт прикуп.",
        "Аня: «Продаю».",
        "Борис: «Ходи».",
    ],
    "en": [
        "Аня takes the talon.",
        "Аня sells the talon.",
        "Борис says “Go”.",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_talon(lang: str) -> None:
    """V2: take; sell, then the dealer's go."""
    take = run(duel(), "p1 take")
    sell = run(duel(), "p1 sell", "p2 go")
    got = said(take.events + sell.events, NAMES2, lang, EventKind.TALON)
    assert got == TALON[lang]


# Was: K5 in English: "plays his own cards" (the player may be a woman, and it says less than
# the rule): "Аня is at 2 points or less and may not exchange (K5)."

FROZEN = {
    "ru": [
        "Аня: до конца 2 очка или меньше, играет на своих (K5).",
        "У кого-то осталось 1 очко: карты никому не меняются (K5).",
    ],
    "en": [
        "Аня is at 2 points or less and may not exchange (K5).",
        "Someone has 1 point left: nobody exchanges (K5).",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_freeze(lang: str) -> None:
    """K5: Аня at 2 may not exchange; with a record at 1 nobody exchanges."""
    two = make_deal("petukh", 3, dealer=2, records=[2, 5, 7])
    one = make_deal("petukh", 3, dealer=2, records=[1, 5, 7])
    got = said(two.events + one.events, NAMES3, lang, EventKind.FROZEN)
    assert got == FROZEN[lang]


def _declared(preset: str, hands: dict[int, str], swap: str = "keep", **kw: Any) -> Deal:
    """Three players, Вера deals, 9♦ turned; everybody plays and stands pat; Вера keeps the
    turned trump or swaps it for ``swap``."""
    deal = make_deal(preset, 3, dealer=2, hands=hands, turned="9D", **kw)
    run(deal, *_ALL_PLAY_AND_KEEP[:-1])
    return run(deal, "p3 keep" if swap == "keep" else f"p3 swap {swap}")


RAMS_FIVE_SUIT = {
    "ru": [
        "Борис показывает рамс (черви): 7♥ 8♥ 9♥ 10♥ Т♥, запись −25 → 75 (R2).",
        "Аня тоже показывает рамс (пики): 7♠ 8♠ 9♠ 10♠ В♠, но старший рамс бьёт его (R4).",
        "Аня платит за рамс, запись +5 → 105 (R2).",
        "Вера платит за рамс, запись +20 → 120 (R2).",
    ],
    "en": [
        "Борис shows rams (hearts): 7♥ 8♥ 9♥ 10♥ A♥, record −25 → 75 (R2).",
        "Аня also shows rams (spades): 7♠ 8♠ 9♠ 10♠ J♠, beaten by a better rams (R4).",
        "Аня pays for the rams, record +5 → 105 (R2).",
        "Вера pays for the rams, record +20 → 120 (R2).",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_rams_beaten_and_payments(lang: str) -> None:
    """R2, R4: Борис's five hearts with the A♥ (5 + 20 = 25: 100 → 75) beat Аня's five
    spades; Аня pays 5, Вера 5 + 15 for her A♦ (R2)."""
    deal = _declared("classic", {0: "7S 8S 9S TS JS", 1: "7H 8H 9H TH AH", 2: "QS JC QC 8D AD"})
    got = said(deal.events, NAMES3, lang, EventKind.RAMS, EventKind.RAMS_PAY)
    assert got == RAMS_FIVE_SUIT[lang]


RAMS_TRUMP = {
    "ru": [
        "Аня показывает козырной рамс: 7♦ 8♦ 10♦ В♦ Т♦, запись −25 → 75 (R3).",
        "Борис платит за рамс, запись +15 → 115 (R3).",
        "Вера платит за рамс, запись +20 → 120 (R3).",
    ],
    "en": [
        "Аня shows trump rams: 7♦ 8♦ 10♦ J♦ A♦, record −25 → 75 (R3).",
        "Борис pays for the rams, record +15 → 115 (R3).",
        "Вера pays for the rams, record +20 → 120 (R3).",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_trump_rams(lang: str) -> None:
    """R3 (rams-001): Аня's five diamonds with the A♦: 10 + 15 = 25; Борис pays 10 + 5 (A♠),
    Вера, who took the 9♦ for her 8♠, 10 + 10 (A♣)."""
    deal = _declared(
        "rams-001", {0: "7D 8D TD JD AD", 1: "7H 8H 9S TH AS", 2: "QS JC QC 8S AC"}, swap="8S"
    )
    got = said(deal.events, NAMES3, lang, EventKind.RAMS, EventKind.RAMS_PAY)
    assert got == RAMS_TRUMP[lang]


# Was: four aces list the whole hand, the 7♠ among «четыре туза»: only the aces.

FOUR_ACES = {
    "ru": [
        "Аня показывает четыре туза: Т♠ Т♣ Т♦ Т♥, запись −100 → 0 (R1).",
        "Аня выигрывает партию: четыре туза (R1).",
    ],
    "en": [
        "Аня shows four aces: A♠ A♣ A♦ A♥, record −100 → 0 (R1).",
        "Аня wins the game: four aces (R1).",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_four_aces(lang: str) -> None:
    """R1, X4: the record set to 0 (100 → 0) and the game won."""
    deal = _declared("classic", {0: "AS AC AD AH 7S", 1: "7H 8H 9S TH KS", 2: "QS JC QC 8S KC"})
    got = said(deal.events, NAMES3, lang, EventKind.RAMS, EventKind.WIN)
    assert got == FOUR_ACES[lang]


JACKS = {
    "ru": [
        "Аня: мальцы В♠ В♣ из сдачи, запись −5 → 95 (J1).",
        "Борис: мальцы В♦ В♥, запись −5 → 95 (J1).",
        "Аня: мальцы В♠ В♣ В♦ В♥, запись −10 → 90 (J1).",
    ],
    "en": [
        "Аня: jacks J♠ J♣ as dealt, record −5 → 95 (J1).",
        "Борис: jacks J♦ J♥, record −5 → 95 (J1).",
        "Аня: jacks J♠ J♣ J♦ J♥, record −10 → 90 (J1).",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_jacks(lang: str) -> None:
    """J1–J3: Аня's dealt black pair, broken in the exchange, counts (J2, "dealt"); Борис
    passed with the red pair and still writes it off (J3); then four jacks write off 10."""
    pair = make_deal(
        "classic", 3, dealer=2,
        hands={0: "JS JC 9S 7C 8C", 1: "JD JH 9C TC 7D", 2: "QS KC QC 8D KH"},
        turned="9D", stock="7S",
    )  # fmt: skip
    run(pair, "p1 play", "p2 pass", "p3 play", "p1 exchange JC", "p3 exchange", "p3 keep")
    four = _declared("classic", {0: "JS JC JD JH 8C", 1: "TD KD 9C TC 7D", 2: "QS KC QC 8D KH"})
    got = said(pair.events + four.events, NAMES3, lang, EventKind.JACKS)
    assert got == JACKS[lang]


# Was: V1's four jacks give a second, broken line «Аня: четыре валета , выигрыш партии (V1).»
# (the record set to 0 is a JACKS event without cards). One line is enough.
# Was: the reason of an S6 win, «списал всю запись», and of S7, «заявил выигрыш», are in the
# masculine (Аня …): «запись списана», «выигрыш заявлен».

V1_JACKS = {
    "ru": [
        "Сдаёт Вера. Козырь: 7♥.",
        "Аня: пас.",
        "Борис: играю.",
        "Вера: играю.",
        "Борис остаётся при своих.",
        "Вера остаётся при своих.",
        "Вера берёт козырь 7♥, сносит К♣.",
        "Аня: четыре валета В♠ В♣ В♦ В♥, выигрыш партии (V1).",
        "Аня выигрывает партию: четыре валета (V1).",
    ],
    "en": [
        "Вера deals. Turned trump: 7♥.",
        "Аня: pass.",
        "Борис: play.",
        "Вера: play.",
        "Борис stands pat.",
        "Вера stands pat.",
        "Вера takes the turned trump 7♥, discarding K♣.",
        "Аня: four jacks J♠ J♣ J♦ J♥, the game is won (V1).",
        "Аня wins the game: four jacks (V1).",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_v1_four_jacks(lang: str) -> None:
    """V1: Аня passed with four jacks: they win the game at once (X5 after the dealer's swap)."""
    game = game_of("examples/v1_four_jacks_win.json")
    assert deal_lines(game.deals[0].events, game.players, lang) == V1_JACKS[lang]


# Was: P4 «как обязан» / "as he must", P5 "as he must": gendered (Аня): «как положено» /
# "as required".

FORCED = {
    "ru": [
        "Аня ходит с козырного туза Т♦, как положено (P4).",
        "Взятка 1: Аня К♦ · Борис В♦ · Вера 8♣ — Аня: взятка −1 → 99.",
        "Король козырей взял взятку: Аня ходит с козырной дамы Д♦ (P5).",
        "На столе: Аня Д♦",
    ],
    "en": [
        "Аня leads the trump ace A♦, as required (P4).",
        "Trick 1: Аня K♦ · Борис J♦ · Вера 8♣ — Аня: trick −1 → 99.",
        "The trump king won: Аня leads the trump queen Q♦, as required (P5).",
        "On the table: Аня Q♦",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_forced_leads(lang: str) -> None:
    """P4: Аня leads the A♦. P5: Аня leads the K♦, it wins, she must lead the Q♦; the Q♦
    waits on the table line until the trick is over."""
    p4 = _declared("classic", {0: "AD 7S 8S 9S 7C", 1: "KD QD 9C TC TS", 2: "QS JC QC 8C KH"})
    run(p4, "p1 AD")
    p5 = _declared("classic", {0: "KD QD 7S 8S 7C", 1: "JD 8D 9C TC TS", 2: "QS JC QC 8C KH"})
    run(p5, "p1 KD", "p2 JD", "p3 8C", "p1 QD")
    got = said(p4.events, NAMES3, lang, EventKind.FORCED)
    played = [e for e in p5.events if e.kind in (EventKind.PLAY, EventKind.TRICK, EventKind.FORCED)]
    got += deal_lines(played, NAMES3, lang)
    assert got == FORCED[lang]


# Was: a negative record after a trick is written «→ -3» with a hyphen beside «−1»: «→ −3».

OVERSHOOT = {
    "ru": [
        "Взятка 3: Аня В♥ · Борис К♠ · Вера 9♦ — Аня: взятка −1 → 0.",
        # (was «— Аня, но при нуле: перебор, …»: the record may be below 0, not at it)
        "Взятка 4: Аня 10♥ · Борис Д♠ · Вера 10♦ — Аня, хотя запись уже на нуле или ниже: "
        "перебор, запись снова 3 (S7).",
        "Взятка 5: Аня 9♠ · Борис Т♠ · Вера 7♠ — Борис: взятка −1, тузы −5 → −3.",
        "Вера: ремиз, запись +5 → 8 (S4).",
        "Борис заявляет выигрыш (S7).",
        "Борис выигрывает партию: выигрыш заявлен (S7).",
    ],
    "en": [
        "Trick 3: Аня J♥ · Борис K♠ · Вера 9♦ — Аня: trick −1 → 0.",
        (
            "Trick 4: Аня 10♥ · Борис Q♠ · Вера 10♦ — Аня at 0 or below: overshoot, the record "
            "restarts at 3 (S7)."
        ),
        "Trick 5: Аня 9♠ · Борис A♠ · Вера 7♠ — Борис: trick −1, aces −5 → −3.",
        "Вера: remise, record +5 → 8 (S4).",
        "Борис claims the game (S7).",
        "Борис wins the game: claimed the win (S7).",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_overshoot_remise_claim(lang: str) -> None:
    """S7 from 3: Аня at 0 takes trick 4: overshoot, back to 3; Борис takes trick 5 with his
    A♠ (1 + 5: 3 → −3) and claims; Вера, trickless, adds 5 (S4)."""
    game = game_of("examples/overshoot_restart_and_claim.json")
    lines = deal_lines(game.deals[0].events, game.players, lang)
    assert lines[-6:] == OVERSHOOT[lang]


REVERT = {
    "ru": [
        "Взятка 1: Аня К♥ · Борис 7♥ · Вера 8♥ — Аня: взятка −1 → 6.",
        "Взятка 2: Аня 8♠ · Борис Т♠ · Вера 7♠ — Борис: взятка −1, тузы −5 → 1.",
        "Взятка 3: Борис К♣ · Вера 9♣ · Аня 7♣ — Борис: взятка −1 → 0.",
        "Аня: запись возвращается к началу розыгрыша, 7 (S6).",
        "Борис выигрывает партию: запись списана (S6).",
    ],
    "en": [
        "Trick 1: Аня K♥ · Борис 7♥ · Вера 8♥ — Аня: trick −1 → 6.",
        "Trick 2: Аня 8♠ · Борис A♠ · Вера 7♠ — Борис: trick −1, aces −5 → 1.",
        "Trick 3: Борис K♣ · Вера 9♣ · Аня 7♣ — Борис: trick −1 → 0.",
        "Аня goes back to the record before play, 7 (S6).",
        "Борис wins the game: wrote off the whole record (S6).",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_revert_and_win(lang: str) -> None:
    """S6: Борис reaches 0 in trick 3; Аня goes back to her pre-play 7."""
    game = game_of("examples/game_ends_mid_deal.json")
    lines = deal_lines(game.deals[0].events, game.players, lang)
    assert lines[-5:] == REVERT[lang]


# Was: Петух's remise is K3 (only at 10 or less), and K6's 10 for two jacks; both say (S4).

PETUKH_30 = {
    "ru": [
        "Сдаёт Вера. Козырь: 9♦.",
        "Аня сносит 7♠ 8♠ и прикупает Т♥ 6♣.",
        "Борис сносит 10♣ и прикупает К♣.",
        "Вера остаётся при своих.",
        "Аня ходит с козырного туза Т♦, как положено (P4).",
        "Взятка 1: Аня Т♦ · Борис 6♦ · Вера В♦ — Аня: взятка −1 → 14.",
        "Взятка 2: Аня Т♠ · Борис В♠ · Вера 6♠ — Аня: взятка −1, туз пик −5 → 8.",
        "Взятка 3: Аня К♠ · Борис 7♣ · Вера 6♥ — Аня: взятка −1 → 7.",
        "Взятка 4: Аня Т♥ · Борис В♥ · Вера 7♥ — Аня: взятка −1 → 6.",
        "Взятка 5: Аня 6♣ · Борис К♣ · Вера В♣ — Борис: взятка −1, мальцы −5 → 9.",
        "Вера: ремиз, запись +10 → 25 (K6).",
        "Вера: туз пик отдан чужой взятке, запись +5 → 29 (K7).",
    ],
    "en": [
        "Вера deals. Turned trump: 9♦.",
        "Аня discards 7♠ 8♠ and draws A♥ 6♣.",
        "Борис discards 10♣ and draws K♣.",
        "Вера stands pat.",
        "Аня leads the trump ace A♦, as required (P4).",
        "Trick 1: Аня A♦ · Борис 6♦ · Вера J♦ — Аня: trick −1 → 14.",
        "Trick 2: Аня A♠ · Борис J♠ · Вера 6♠ — Аня: trick −1, ace of spades −5 → 8.",
        "Trick 3: Аня K♠ · Борис 7♣ · Вера 6♥ — Аня: trick −1 → 7.",
        "Trick 4: Аня A♥ · Борис J♥ · Вера 7♥ — Аня: trick −1 → 6.",
        "Trick 5: Аня 6♣ · Борис K♣ · Вера J♣ — Борис: trick −1, jacks −5 → 9.",
        "Вера: remise, record +10 → 25 (K6).",
        "Вера: the ace of spades lost a trick, record +5 → 29 (K7).",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_petukh_30_deal(lang: str) -> None:
    """petukh-30 deal 1 (start 15): K7's ace of spades −5 with trick 2, K6's jacks −5 with
    Борис's first trick, Вера's two jacks and no trick +10 (K6; K3's 5 not, she is above 10).
    Then K7 in deal 2: Вера's A♠ lost to Аня's trump (+5)."""
    game = game_of("golden/petukh_30_game.json")
    lines = deal_lines(game.deals[0].events, game.players, lang)
    lines += said(game.deals[1].events, game.players, lang, EventKind.SPADE_ACE)
    assert lines == PETUKH_30[lang]


PETUKH_REMISE = {
    "ru": [
        "Аня: ремиз, запись +5 → 7 (K3).",
    ],
    "en": [
        "Аня: remise, record +5 → 7 (K3).",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_petukh_remise(lang: str) -> None:
    """K3: Аня, at 2, takes no trick in deal 2 and adds 5."""
    game = game_of("golden/petukh_game.json")
    assert said(game.deals[1].events, game.players, lang, EventKind.REMISE) == PETUKH_REMISE[lang]


# Was: K1's deal line says «Козырь — его последняя карта» / "his last card" of any dealer:
# «последняя карта сдающего» / "the dealer's last card".

DEAL_IN_HAND = {
    "ru": [
        "Сдаёт Егор. Козырь — последняя карта сдающего, 9♥ (K1).",
    ],
    "en": [
        "Егор deals. Trump is the dealer's last card, 9♥ (K1).",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_deal_in_hand(lang: str) -> None:
    assert said(petukh_six().events, NAMES, lang, EventKind.DEAL) == DEAL_IN_HAND[lang]


# Was: the acceptance has no clause and the English no object: «… ставка 2 (V4).» /
# "Борис accepts Dave: the stake is 2 (V4)."

DAVE = {
    "ru": [
        "Сдаёт Борис. Козырь: Т♣.",
        "Аня: «Даве!» (V4).",
        "Борис принимает даве: ставка 2 (V4).",
        "Аня: «Продаю».",
        "Борис: «Даве!» (V4).",
        "Аня сдаётся (V4).",
        "Борис выигрывает партию: соперник сдался на даве (V4).",
    ],
    "en": [
        "Борис deals. Turned trump: A♣.",
        "Аня offers Dave (V4).",
        "Борис accepts Dave: the stake is 2 (V4).",
        "Аня sells the talon.",
        "Борис offers Dave (V4).",
        "Аня concedes (V4).",
        "Борис wins the game: the other conceded to Dave (V4).",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_dave(lang: str) -> None:
    """V4: Аня offers, Борис accepts (stake 2); after Аня's sale Борис offers, Аня concedes."""
    deal = make_deal("duel", 2, dealer=1, dave=True)
    run(deal, "p1 dave", "p2 accept", "p1 sell", "p2 dave", "p1 concede")
    assert deal_lines(deal.events, NAMES2, lang) == DAVE[lang]


# Was: «У Вера памфил» is ungrammatical: «Вера держит памфил и получает по 1 с каждого (M2).»

M4_PAM = {
    "ru": [
        "Аня показывает рамс (пики): 7♠ 8♠ 9♠ 10♠ Д♠, запись −25 → 0 (M4).",
        "Аня выигрывает партию: пять карт одной масти (M4).",
        "Борис держит памфил и получает по 1 с каждого (M2).",
    ],
    "en": [
        "Аня shows rams (spades): 7♠ 8♠ 9♠ 10♠ Q♠, record −25 → 0 (M4).",
        "Аня wins the game: five of one suit (M4).",
        "Борис holds Pam and receives 1 from everyone (M2).",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_words_five_suit_win_and_pam(lang: str) -> None:
    """M4 with five_suit_wins: Аня's five spades (5 + 0, the A♠ is not hers: 25 → 0) win at
    once; Борис, who was dealt Pam, still receives his units (M2)."""
    deal = make_deal(
        "mushka-pamfil", 3, dealer=2,
        hands={0: "7S 8S 9S TS QS", 1: "7H 8H 9C JC KS", 2: "QH KD QC 8C KH"},
        turned="9H", five_suit_wins=True,
    )  # fmt: skip
    run(deal, *_ALL_PLAY_AND_KEEP)
    got = said(deal.events, NAMES3, lang, EventKind.RAMS, EventKind.WIN, EventKind.PAM)
    assert got == M4_PAM[lang]


def test_every_event_kind_is_covered() -> None:
    """Each kind `describe` renders appears in one of the tests above."""
    silent = {EventKind.PLAY, EventKind.DONE}
    covered = {
        EventKind.DEAL, EventKind.PAM_SWAP, EventKind.CALL, EventKind.VOID, EventKind.TALON,
        EventKind.EXCHANGE, EventKind.FROZEN, EventKind.DEALER_SWAP, EventKind.KEEP,
        EventKind.RAMS, EventKind.RAMS_PAY, EventKind.JACKS, EventKind.FORCED, EventKind.TRICK,
        EventKind.OVERSHOOT, EventKind.SPADE_ACE, EventKind.REMISE, EventKind.REVERT,
        EventKind.DAVE, EventKind.ACCEPT, EventKind.CONCEDE, EventKind.CLAIM, EventKind.WIN,
        EventKind.PAM,
    }  # fmt: skip
    assert covered | silent == set(EventKind)


# 4. Settlement -----------------------------------------------------------------------------

# Was: «Партию выиграл Вера!» is masculine: «Победитель партии: Вера!». The amounts use "-"
# where the announcements use "−": «Аня −41».
# Was: the settlement was a line of names and amounts under no heading, and Мушка's Pam
# ledger a second such line; the plain games ended with their totals in another shape. Every
# game ends with the same table (rams.terminal.widgets.result_text): place, player (or side),
# total, and a headed column for each thing paid (Rams: the settlement, S8; the Pam ledger,
# M2), the winner first (S6).


def result(game: RamsMatch, lang: str) -> str:
    """The end of a Rams game as the terminal prints it."""
    family = games.family("rams")
    return screen(result_text(games.sheet_of(game), family.payouts(game), game.winners(), lang))


SETTLEMENT = {
    "ru": """\
Победитель партии: Вера!
Место  Игрок  Итог  Расчёт
    1  Вера     −2    +151
    2  Глеб     35     −35
    3  Аня      41     −41
    4  Борис    75     −75""",
    "en": """\
Вера wins the game!
Place  Player  Total  Settlement
    1  Вера       −2        +151
    2  Глеб       35         −35
    3  Аня        41         −41
    4  Борис      75         −75""",
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_settlement(lang: str) -> None:
    """S8, payout remaining (rams-001): Вера wins at −2; the others pay their records,
    41 + 75 + 35 = 151."""
    game = game_of("golden/rams001_4p_trump_rams.json")
    assert result(game, lang) == SETTLEMENT[lang]


SETTLEMENT_PAM = {
    "ru": """\
Победитель партии: Вера!
Место  Игрок  Итог  Расчёт  Памфил
    1  Вера     −5     +44      +1
    2  Аня       4      −4      +1
    3  Борис    40     −40      −2""",
    "en": """\
Вера wins the game!
Place  Player  Total  Settlement  Pam ledger
    1  Вера       −5         +44          +1
    2  Аня         4          −4          +1
    3  Борис      40         −40          −2""",
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_settlement_with_pam_ledger(lang: str) -> None:
    """Мушка: Вера wins at −5; Аня pays 4, Борис 40; the Pam ledger (M2) over two deals."""
    game = game_of("golden/mushka_pamfil_game.json")
    assert result(game, lang) == SETTLEMENT_PAM[lang]


SETTLEMENT_STAKE = {
    "ru": """\
Победитель партии: Аня!
Место  Игрок  Итог  Расчёт
    1  Аня       0      +4
    2  Борис     3      −4""",
    "en": """\
Аня wins the game!
Place  Player  Total  Settlement
    1  Аня         0          +4
    2  Борис       3          −4""",
}


@pytest.mark.parametrize("lang", LANGS)
def test_screen_settlement_stake(lang: str) -> None:
    """S8, payout stake: two accepted Даве make the stake 4 (V4)."""
    game = game_of("examples/duel_dave_accepted_twice.json")
    assert result(game, lang) == SETTLEMENT_STAKE[lang]


# 5. Rule hints (`?`) ------------------------------------------------------------------------


def _p5() -> Deal:
    """Trump ♦; Аня (on lead) holds K♦ Q♦ without the A♦ (P5), Борис J♦ 8♦, Вера no ♦."""
    return _declared("classic", {0: "KD QD 7S 8S 7C", 1: "JD 8D 9C TC TS", 2: "QS JC QC 8C KH"})


def _trumping() -> Deal:
    """Аня leads the 7♠; Борис and Вера have no spade; Борис holds 8♦ 10♦, Вера 7♦ Q♦."""
    deal = _declared("classic", {0: "7S 8S 9S 7C KC", 1: "AC 8D TD 9C TC", 2: "QD 7D QC 8C KH"})
    return run(deal, "p1 7S")


def _mushka(hands: dict[int, str], *lines: str) -> Deal:
    deal = make_deal("mushka-pamfil", 3, dealer=2, hands=hands, turned="9H")
    return run(deal, *_ALL_PLAY_AND_KEEP, *lines)


def _free_call() -> Deal:
    """No ace in Аня's or Вера's hand: a free call for Аня (E1)."""
    return make_deal(
        "classic", 3, dealer=2,
        hands={0: "7S KS 9S 7C 8C", 1: "8S TS JS QC KC", 2: "QS JC TC 8D KH"}, turned="AS",
    )  # fmt: skip


def _free_call_001() -> Deal:
    """As _free_call, in rams-001 (dealer_trump mandatory)."""
    return make_deal(
        "rams-001", 3, dealer=2,
        hands={0: "7S KS 9S 7C 8C", 1: "8S TS JS QC KC", 2: "QS JC TC 8D KH"}, turned="AS",
    )  # fmt: skip


def _short_stock() -> Deal:
    """Four players, 32 cards: 11 in the stock; Аня and Борис change five each, 1 is left."""
    deal = make_deal(
        "classic", 4, dealer=3,
        hands={0: "7S 8S 9S TS JS", 1: "QS KS 7C 8C 9C", 2: "TC JC QC KC 7D", 3: "8D 9D TD JD QD"},
        turned="KD",
    )  # fmt: skip
    return run(
        deal, "p1 play", "p2 play", "p3 play", "p4 play",
        "p1 exchange 7S 8S 9S TS JS", "p2 exchange QS KS 7C 8C 9C",
    )  # fmt: skip


def _p4() -> tuple[Deal, int]:
    """Trump ♦; Аня, on lead, holds the A♦."""
    return _declared("classic", {0: "AD 7S 8S 9S 7C", 1: "KD QD 9C TC TS", 2: "QS JC QC 8C KH"}), 0


def _p6() -> tuple[Deal, int]:
    """Аня leads the K♦; Борис holds A♦ 8♦: the ace must cover the king."""
    deal = _declared("classic", {0: "KD 7S 8S 9S 7C", 1: "AD 8D 9C TC TS", 2: "QS JC QC 8C KH"})
    return run(deal, "p1 KD"), 1


def _head() -> tuple[Deal, int]:
    """With must_head_trick (P2): Аня leads the 9♠, Борис holds 7♠ 10♠."""
    hands = {0: "9S 7C 8C 7H 8H", 1: "7S TS 9C TC 9H", 2: "QS JC QC AC KH"}
    return run(_declared("classic", hands, must_head_trick=True), "p1 9S"), 1


def _pam_led() -> tuple[Deal, int]:
    """Мушка, trump ♥: Аня leads Pam; Борис holds 7♥ 8♥."""
    return _mushka({0: "JC 7S 8S 9S TS", 1: "7H 8H 9C TC AC", 2: "QS KS QC 8C KH"}, "p1 JC"), 1


def _pam_in_hand() -> tuple[Deal, int]:
    """Мушка: Аня leads the Q♠; Борис holds the K♠ and Pam."""
    return _mushka({0: "QS 7S 8S 9S TH", 1: "7H 8H 9C JC KS", 2: "QH KD QC 8C KH"}, "p1 QS"), 1


def _at_zero() -> tuple[Deal, int]:
    """Overshoot on (S7), Аня at 0 before she speaks: she may claim."""
    deal = make_deal("classic", 3, dealer=2, records=[0, 3, 3], start_score=3, overshoot="restart")
    return deal, 0


_TO_SWAP = ("p1 play", "p2 pass", "p3 play", "p1 exchange", "p3 exchange")


# Was: E4 with one card left: «до 1 карт» / "up to 1 cards": «до 1 карты» / "up to 1 card";
# with an empty stock «до 0 карт»: «колода кончилась: остаётесь при своих (E4)» (then «прикуп
# пуст», the word for the cards bought) / "the stock is empty: you stand pat (E4)".
# Was: V2 offers «продать / сказать «ходи»» to both players, but the non-dealer may only take
# or sell and the dealer, after a sale, only take or say go: one hint for each.

# Each case: the position, the seat that asks, and the hint in both languages.
HINTS: dict[str, tuple[Callable[[], tuple[Deal, int]], dict[str, str]]] = {
    # Аня on lead with the A♦
    "P4": (
        _p4,
        {
            "ru": "на ходу с козырным тузом ходят с него (P4)",
            "en": "on lead with the trump ace you must lead it (P4)",
        },
    ),
    # Аня on lead with K♦ Q♦
    "P5_king": (
        lambda: (_p5(), 0),
        {
            "ru": "на ходу с козырными королём и дамой ходят с короля (P5)",
            "en": "on lead with the trump king and queen you must lead the king (P5)",
        },
    ),
    # Борис must follow the K♦ with J♦ or 8♦
    "P2_follow": (
        lambda: (run(_p5(), "p1 KD"), 1),
        {
            "ru": "в масть (бубны) класть обязательно (P2)",
            "en": "you must follow suit (diamonds) (P2)",
        },
    ),
    # Вера has no ♦ and no trump: any card
    "P2_free": (
        lambda: (run(_p5(), "p1 KD", "p2 JD"), 2),
        {
            "ru": "можно любую карту (P2)",
            "en": "any card will do (P2)",
        },
    ),
    # the K♦ won: the Q♦ next
    "P5_queen": (
        lambda: (run(_p5(), "p1 KD", "p2 JD", "p3 8C"), 0),
        {
            "ru": "король козырей взял взятку: теперь ход с дамы (P5)",
            "en": "your trump king won: now lead the queen (P5)",
        },
    ),
    # Борис leads, no rule binds him
    "P1_free_lead": (
        lambda: (classic_tricks(), 1),
        {
            # (was «ваш ход: любая карта», under «Ваш ход»)
            "ru": "можно ходить с любой карты (P1)",
            "en": "your lead: any card (P1)",
        },
    ),
    # the K♦ leads: Борис's A♦ must cover it
    "P6": (
        _p6,
        {
            "ru": "козырной туз обязан покрыть козырную фигуру (P6)",
            "en": "the trump ace must cover a trump face card (P6)",
        },
    ),
    # no spade: 8♦ or 10♦
    "P2_trump": (
        lambda: (_trumping(), 1),
        {
            "ru": "масти (пики) нет: бейте козырем (P2)",
            "en": "no spades: you must play a trump (P2)",
        },
    ),
    # no spade, 10♦ in the trick: only the Q♦ is higher
    "P2_overtrump": (
        lambda: (run(_trumping(), "p2 TD"), 2),
        {
            "ru": "масти (пики) нет: перебейте козырь старшим козырем (P2)",
            "en": "no spades: you must overtrump (P2)",
        },
    ),
    # option must_head_trick: Борис must beat the 9♠ with his 10♠
    "P2_head": (
        _head,
        {
            "ru": "в масть надо бить старшей картой (P2)",
            "en": "you must head the trick in suit (P2)",
        },
    ),
    # Pam led: Борис must play a trump (♥)
    "M1_led": (
        _pam_led,
        {
            "ru": "пошли с памфила: кладите козырь, если он есть (M1)",
            "en": "Pam was led: play a trump if you have one (M1)",
        },
    ),
    # Борис follows spades, or plays Pam
    "M1_pam": (
        _pam_in_hand,
        {
            "ru": "в масть (пики) класть обязательно (P2); памфил можно положить всегда (M1)",
            "en": "you must follow suit (spades) (P2); Pam may always be played (M1)",
        },
    ),
    # a free call
    "E1": (
        lambda: (_free_call(), 0),
        {
            "ru": "скажите «играю» или «пас» (E1)",
            "en": "say play or pass (E1)",
        },
    ),
    # a dealt ace
    "E2": (
        lambda: (make_deal("classic", 3, dealer=2, hands={0: "AS KS 9S 7C 8C"}), 0),
        {
            "ru": "с тузом на руках пасовать нельзя (E2)",
            "en": "with a dealt ace you may not pass (E2)",
        },
    ),
    # only Аня plays: the dealer must
    "E3": (
        lambda: (run(_free_call(), "p1 play", "p2 pass"), 2),
        {
            "ru": "до вас играет только один: сдающий обязан играть (E3)",
            "en": "only one plays before you: the dealer must play (E3)",
        },
    ),
    # up to 5 of 16
    "E4": (
        lambda: (run(_free_call(), "p1 play", "p2 pass", "p3 play"), 0),
        {
            "ru": "снесите до 5 карт и прикупите столько же; ничего — остаться при своих (E4)",
            "en": "discard up to 5 cards and draw as many; none to stand pat (E4)",
        },
    ),
    # one card left in the stock
    "E4_one_left": (
        lambda: (_short_stock(), 2),
        {
            "ru": "снесите до 1 карты и прикупите столько же; ничего — остаться при своих (E4)",
            "en": "discard up to 1 card and draw as many; none to stand pat (E4)",
        },
    ),
    # the stock is empty
    "E4_empty": (
        lambda: (run(_short_stock(), "p3 exchange TC"), 3),
        {
            "ru": "колода кончилась: остаётесь при своих (E4)",
            "en": "the stock is empty: you stand pat (E4)",
        },
    ),
    # the dealer may take the A♠
    "E5": (
        lambda: (run(_free_call(), *_TO_SWAP), 2),
        {
            "ru": "можно снести карту и взять открытый козырь Т♠ (E5)",
            "en": "you may discard a card and take the turned trump A♠ (E5)",
        },
    ),
    # rams-001: he must
    "E5_mandatory": (
        lambda: (run(_free_call_001(), *_TO_SWAP), 2),
        {
            "ru": "сдающий обязан взять открытый козырь Т♠, снеся карту (E5)",
            "en": "the dealer must take the turned trump A♠, discarding a card (E5)",
        },
    ),
    # Pam turned
    "M3": (
        lambda: (pam_turned(), 2),
        {
            "ru": "открыт памфил: возьмите его, отдав карту, она станет козырем (M3)",
            "en": "Pam was turned: take it, giving a card that becomes the trump (M3)",
        },
    ),
    # take or sell
    "V2_non_dealer": (
        lambda: (duel(), 0),
        {
            # Was: «возьмите прикуп (take) или скажите «Продаю» (sell)», English words.
            "ru": "возьмите прикуп («беру») или скажите «Продаю» (V2)",
            "en": "take the talon, or sell it (V2)",
        },
    ),
    # take or go
    "V2_dealer": (
        lambda: (run(duel(), "p1 sell"), 1),
        {
            "ru": "возьмите прикуп («беру») или скажите «Ходи» (V2)",
            "en": "take the talon, or say “Go” (V2)",
        },
    ),
    # accept or concede
    "V4": (
        lambda: (run(duel(), "p1 dave"), 1),
        {
            "ru": "примите даве (ставка удвоится) или сдайтесь (V4)",
            "en": "accept Dave (the stake doubles) or concede (V4)",
        },
    ),
    # at 0 under overshoot: claim
    "S7": (
        _at_zero,
        {
            "ru": "у вас 0 или меньше: можно заявить выигрыш (S7); скажите «играю» или «пас» (E1)",
            "en": "you are at 0 or below: you may claim the game (S7); say play or pass (E1)",
        },
    ),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", list(HINTS))
def test_screen_hint(case: str, lang: str) -> None:
    build, expected = HINTS[case]
    deal, seat = build()
    assert legal_hint(deal.observation(seat), lang) == expected[lang]


#: What the seat to move is asked for in the duel (V2, V4), and the words `?` lists.
DUEL_WHAT = {
    # Аня, the non-dealer: take or sell, never «Ходи».
    # Was: «взять прикуп (take), продаю (sell) или ходи (go)» to both players.
    "non_dealer": (
        lambda: (duel(), 0),
        {
            "ru": ("взять прикуп («беру») или сказать «Продаю»", ["беру", "продаю", "даве"]),
            "en": ("take the talon or sell", ["take", "sell", "dave"]),
        },
    ),
    # Борис, the dealer, after Аня sold: take or go, never «Продаю».
    "dealer": (
        lambda: (run(duel(), "p1 sell"), 1),
        {
            "ru": ("взять прикуп («беру») или сказать «Ходи»", ["беру", "ходи", "даве"]),
            "en": ("take the talon or say go", ["take", "go", "dave"]),
        },
    ),
    # Аня offered Даве: Борис accepts or concedes.
    # Was: «даве: принять (accept) или сдаться (concede)».
    "dave": (
        lambda: (run(duel(), "p1 dave"), 1),
        {
            "ru": ("даве: «принимаю» или «сдаюсь»", ["принимаю", "сдаюсь"]),
            "en": ("Dave: accept or concede", ["accept", "concede"]),
        },
    ),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", list(DUEL_WHAT))
def test_screen_what_in_the_duel(case: str, lang: str) -> None:
    from rams.games.rams.screen import SCREEN

    build, expected = DUEL_WHAT[case]
    deal, seat = build()
    view = deal.observation(seat)
    assert (SCREEN.what(view, lang), SCREEN.choices(view, lang)) == expected[lang]


#: A refusal as the terminal shows it: the engine's reason, with the players' names (V2).
DUEL_REFUSED = {
    # Аня, the non-dealer, may not say «Ходи»: the word reaches the engine, which says why.
    "go_by_non_dealer": (
        lambda: (duel(), 0, "ходи"),
        {
            "ru": "Аня: сейчас нужно взять прикуп или сказать «Продаю», а не сказать «Ходи» (V2)",
            "en": "Аня is to take or sell, not say go (V2)",
        },
    ),
    # Борис, the dealer, may not sell after Аня sold.
    "sell_by_dealer": (
        lambda: (run(duel(), "p1 sell"), 1, "продаю"),
        {
            "ru": "Борис: сейчас нужно взять прикуп или сказать «Ходи», а не сказать «Продаю» (V2)",
            "en": "Борис is to take or go, not sell (V2)",
        },
    ),
    # After an accepted Даве only the acceptor may offer the next (V4).
    "second_dave": (
        lambda: (run(duel(), "p1 dave", "p2 accept"), 0, "даве"),
        {
            "ru": "Аня не может сейчас предложить даве: после принятого даве предлагать его "
            "может только Борис (V4)",
            "en": "Аня may not offer Dave now: after an acceptance only Борис may offer (V4)",
        },
    ),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", list(DUEL_REFUSED))
def test_screen_refusal_in_the_duel(case: str, lang: str) -> None:
    from rams.errors import IllegalActionError
    from rams.games.rams.screen import SCREEN

    build, expected = DUEL_REFUSED[case]
    deal, seat, typed = build()
    action = SCREEN.parse(typed, deal.observation(seat))
    with pytest.raises(IllegalActionError) as e:
        deal.apply(action, seat)
    assert f"{e.value.why(lang, NAMES2)} ({e.value.clause})" == expected[lang]
