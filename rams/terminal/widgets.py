"""What every game's terminal screen draws: the table as a seat sees it (:func:`table_panel`,
from the family's display of its view, the same for every game), cards in their colours, a
numbered hand, the score sheet, the words of the terminal; and :class:`Screen`, what a
family's own screen gives the game loop (its result, how its actions are typed)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from rams.actions import Play
from rams.cards import SUITS, Card, card_str, suit_of
from rams.games.display import Display, Settlement
from rams.games.protocol import Match
from rams.games.seatview import SeatView
from rams.sheets import ScoreSheet
from rams.words import number, signed, text

__all__ = [
    "Screen",
    "card_text",
    "hand_text",
    "result_text",
    "sheet_table",
    "table_panel",
    "ui",
]


def ui(key: str, lang: str, **fields: Any) -> str:
    """A word of the terminal shared by every game (``terminal.KEY``)."""
    return text(f"terminal.{key}", lang, **fields)


def card_text(c: Card, lang: str, dim: bool = False, bold: bool = False) -> Text:
    """A card with its suit's colour: ♦ ♥ red, ♠ ♣ the terminal's own."""
    style = "red" if suit_of(c) in (2, 3) else ""
    if dim:
        style += " dim"
    if bold:
        style += " bold"
    return Text(card_str(c, lang), style=style.strip())


def hand_text(hand: Sequence[Card], lang: str, legal: set[Card] | None = None) -> Text:
    """The hand, numbered from 1, sorted by suit (N3); legal cards bold, others dim."""
    out = Text()
    for i, c in enumerate(hand, start=1):
        if i > 1:
            out.append("  ")
        playable = legal is None or c in legal
        out.append(f"{i} ", style="dim")
        out.append_text(card_text(c, lang, dim=not playable, bold=legal is not None and playable))
    return out


def _head(view: SeatView, shown: Display, names: Sequence[str], lang: str) -> Text:
    """The dealer, the trump, the card turned face up and the cards face down."""
    head = Text(f"{ui('dealer', lang)}: {names[view.dealer]}   {ui('trump', lang)}: ")
    trump = "—" if shown.trump is None else text(f"suit.{SUITS[shown.trump]}", lang)
    head.append(trump, style="bold")
    if shown.turned is not None:
        said = shown.turned_label
        label = ui("turned", lang) if said is None else said.words(lang, names)
        head.append(f"   {label[:1].upper()}{label[1:]}: ")  # (a family's label is lower case)
        head.append_text(card_text(shown.turned, lang, bold=True))
    if shown.pile is not None:
        head.append(f"   {shown.pile.phrase.words(lang, names)}: {shown.pile.count}")
    return head


def _grid(view: SeatView, shown: Display, names: Sequence[str], lang: str) -> RichTable:
    """A row per seat: its name (▶ to move), its figure, its marks, its tricks, its card on
    the table and the cards of its hand everyone has seen."""
    score = shown.score.words(lang, names)
    heads = [ui("player", lang), score[:1].upper() + score[1:]]
    marks = any(s.marks for s in shown.seats)
    if marks:
        heads.append("")
    figures = (1, len(heads))  # (the score and the tricks, right-aligned)
    heads += [ui("tricks", lang), ui("on_table", lang)]
    seen = any(s.shown for s in shown.seats)
    if seen:
        heads.append(ui("shown", lang))
    grid = RichTable(box=None, pad_edge=False, padding=(0, 2, 0, 0))
    for i, heading in enumerate(heads):
        grid.add_column(heading, justify="right" if i in figures else "left")
    on_table = dict(view.trick)
    for seat, (name, line) in enumerate(zip(names, shown.seats, strict=True)):
        label = name + (" ▶" if seat == view.to_move else "")
        card = on_table.get(seat)
        row: list[RenderableType] = [
            Text(label, style="bold" if seat == view.seat else ""),
            number(line.score),  # (a true minus sign, as the sheet's)
        ]
        if marks:
            row.append(", ".join(m.phrase.words(lang, names) for m in line.marks))
        row += [
            "" if line.tricks is None else str(line.tricks),
            card_text(card, lang) if card is not None else Text(""),
        ]
        if seen:
            cards = Text()
            for k, c in enumerate(line.shown):
                cards.append(" " if k else "")
                cards.append_text(card_text(c, lang))
            row.append(cards)
        grid.add_row(*row)
    return grid


def _foot(view: SeatView, names: Sequence[str], lang: str, show_hand: bool) -> list[RenderableType]:
    """The last trick (while none is on the table), then the seat's hand, its legal cards
    bold, or a note that it is hidden (a hot seat)."""
    parts: list[RenderableType] = []
    if view.tricks and not view.trick:
        last = Text(f"{ui('last_trick', lang)}: ")
        for i, (s, c) in enumerate(view.tricks[-1]):
            last.append(("  " if i else "") + f"{names[s]} ")
            last.append_text(card_text(c, lang))
        parts += [Text(""), last]
    if show_hand:
        legal = {a.card for a in view.legal_actions if isinstance(a, Play)}
        assert view.seat is not None  # (a hand shown: always a seat's)
        line = Text(ui("hand", lang, name=names[view.seat]) + ": ", style="bold")
        line.append_text(hand_text(view.hand, lang, legal or None))
        parts += [Text(""), line]
    else:
        parts += [Text(""), Text(ui("hidden", lang), style="dim")]
    return parts


def table_panel(
    view: SeatView, shown: Display, names: Sequence[str], lang: str, title: str,
    show_hand: bool = True,
) -> Panel:  # fmt: skip
    """The table as one seat sees it, for every game: the head (dealer, trump, the turned
    card, the stock), what the game adds in words (the stake, the contract), a row per
    seat, the last trick, and the seat's hand (hidden for a hot seat's next player).
    ``shown`` is the family's display of ``view``."""
    parts: list[RenderableType] = [_head(view, shown, names, lang)]
    parts += [Text(line.words(lang, names)) for line in shown.lines]
    parts += [Text(""), _grid(view, shown, names, lang)]
    parts += _foot(view, names, lang, show_hand)
    return Panel(Group(*parts), title=title, title_align="left")


def sheet_table(sheet: ScoreSheet, lang: str, standings: bool = True) -> RenderableType:
    """The score sheet («запись») on paper: a row per deal with its number, a column per
    player (or side), each entry in the row of the deal that wrote it, earlier values struck
    out, the deal's note beside it; then the final standings in a line (unless
    ``standings`` is false: :func:`result_text` shows them)."""
    table = RichTable(title=ui("sheet", lang), title_justify="left", show_lines=False)
    table.add_column(text("sheet.deal", lang), justify="right", style="dim")
    for column in sheet.columns:
        kind = column.kind_word(lang)
        table.add_column(
            column.label if kind is None else f"{kind}\n{column.label}", justify="right"
        )
    notes = any(row.note is not None for row in sheet.rows)
    if notes:
        table.add_column("")
    struck = sheet.struck()
    for k, row in enumerate(sheet.rows):
        cells = [Text("" if row.deal == 0 else str(row.deal))]
        for c, entry in enumerate(row.entries):
            if entry is None:
                cells.append(Text(""))
            else:
                cells.append(Text(number(entry), style="strike dim" if struck[k][c] else "bold"))
        if notes:
            cells.append(Text(sheet.note_text(row, lang), style="italic"))
        table.add_row(*cells)
    standing = sheet.standing_lines(lang) if standings else []
    if not standing:
        return table
    foot = Text(text("sheet.standings", lang) + ": ", style="bold")
    foot.append("; ".join(standing))
    return Group(table, foot)


def result_text(
    sheet: ScoreSheet, settled: Settlement | None, winners: Sequence[int], lang: str
) -> RenderableType:
    """The end of a match, for every game: who won, then the final standings — place,
    player (or side), total, and what each pays or receives where the game has stakes
    (Rams: the settlement, S8; the Pam ledger, M2) — every column headed."""
    names = list(sheet.names)
    who = ", ".join(names[w] for w in winners)
    key = "winner" if len(winners) == 1 else "winners"
    head = Text(ui(key, lang, who=who), style="bold green")
    if not sheet.standings:
        return head
    columns = settled.columns if settled is not None else ()
    grid = RichTable(box=None, pad_edge=False, padding=(0, 2, 0, 0))
    grid.add_column(ui("place", lang), justify="right")
    grid.add_column(ui("player", lang))
    grid.add_column(ui("total", lang), justify="right")
    for c in columns:
        grid.add_column(c.heading.words(lang, names), justify="right")
    for p in sorted(sheet.standings, key=lambda p: p.place):
        paid = [sum(c.amounts[s] for s in p.seats) for c in columns]
        grid.add_row(
            str(p.place), p.label, number(p.score), *(signed(v) for v in paid)
        )  # fmt: skip
    return Group(head, grid)


class Screen(Protocol):
    """A family's terminal screen: what the game loop asks of it (``family.screen()``)."""

    def parse(self, typed: str, view: Any, names: Sequence[str] = ()) -> Any:
        """The action a person typed (raises :class:`rams.errors.NotationError`); ``names``:
        the players', so that a person may be named (an invitation)."""
        ...

    def choices(self, view: Any, lang: str, names: Sequence[str] = ()) -> list[str]:
        """The legal choices as a person would type them (for ``?`` and completion), players
        by name."""
        ...

    def what(self, view: Any, lang: str) -> str:
        """What the seat to move is asked for, in words."""
        ...

    def offer(self, match: Match, seat: int, action: Any, lang: str) -> str:
        """The question that offers ``seat`` an action out of turn between deals (a claim)."""
        ...
