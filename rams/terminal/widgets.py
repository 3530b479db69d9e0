"""What every game's terminal screen draws with: cards in their colours, a numbered hand,
the score sheet, the words of the terminal; and :class:`Screen`, what a family's own screen
(its table, its result, how its actions are typed) gives the game loop."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from rams.actions import Play
from rams.cards import Card, card_str, suit_of
from rams.games.protocol import Match
from rams.sheets import ScoreSheet
from rams.words import text

__all__ = ["Announcer", "Screen", "board_foot", "card_text", "hand_text", "sheet_table", "ui"]


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


def board_foot(
    view: Any, names: Sequence[str], lang: str, show_hand: bool, words: Callable[..., str]
) -> list[RenderableType]:
    """What every game's board ends with: the last trick (while none is on the table), then
    the seat's hand, its legal cards bold, or a note that it is hidden (a hot seat); in the
    game's own ``words`` (``last_trick``, ``hand``, ``hidden``)."""
    parts: list[RenderableType] = []
    if view.tricks and not view.trick:
        last = Text(f"{words('last_trick', lang)}: ")
        for i, (s, c) in enumerate(view.tricks[-1]):
            last.append(("  " if i else "") + f"{names[s]} ")
            last.append_text(card_text(c, lang))
        parts += [Text(""), last]
    if show_hand:
        legal = {a.card for a in view.legal_actions if isinstance(a, Play)}
        assert view.seat is not None  # (a hand shown: always a seat's)
        line = Text(words("hand", lang, name=names[view.seat]) + ": ", style="bold")
        line.append_text(hand_text(view.hand, lang, legal or None))
        parts += [Text(""), line]
    else:
        parts += [Text(""), Text(words("hidden", lang), style="dim")]
    return parts


def sheet_table(sheet: ScoreSheet, lang: str) -> RenderableType:
    """The score sheet («запись») on paper: a row per deal with its number, a column per
    player (or side), each entry in the row of the deal that wrote it, earlier values struck
    out, the deal's note beside it; then the final standings."""
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
                cells.append(Text(str(entry), style="strike dim" if struck[k][c] else "bold"))
        if notes:
            cells.append(Text(sheet.note_text(row, lang), style="italic"))
        table.add_row(*cells)
    standing = sheet.standing_lines(lang)
    if not standing:
        return table
    foot = Text(text("sheet.standings", lang) + ": ", style="bold")
    foot.append("; ".join(standing))
    return Group(table, foot)


class Announcer(Protocol):
    """Puts a deal's events into words as they come."""

    def feed(self, events: Sequence[Any]) -> list[str]: ...

    def flush(self) -> list[str]: ...


class Screen(Protocol):
    """A family's terminal screen: what the game loop asks of it (``family.screen()``)."""

    def table(
        self, view: Any, names: Sequence[str], lang: str, deal_number: int, show_hand: bool
    ) -> RenderableType:
        """The table as one seat sees it (its observation), the hand hidden if asked."""
        ...

    def result(self, match: Match, lang: str) -> RenderableType:
        """The winner and the settlement of a finished match."""
        ...

    def announcer(self, names: Sequence[str], lang: str, live: bool = False) -> Announcer:
        """Events in words; ``live``: each card on its own line as it is played."""
        ...

    def parse(self, typed: str, view: Any) -> Any:
        """The action a person typed (raises :class:`rams.errors.NotationError`)."""
        ...

    def choices(self, view: Any, lang: str) -> list[str]:
        """The legal choices as a person would type them (for ``?`` and completion)."""
        ...

    def what(self, view: Any, lang: str) -> str:
        """What the seat to move is asked for, in words."""
        ...

    def hint(self, view: Any, lang: str) -> str:
        """Why the legal choices are what they are (for ``?``)."""
        ...

    def offer(self, match: Match, seat: int, action: Any, lang: str) -> str:
        """The question that offers ``seat`` an action out of turn between deals (a claim)."""
        ...
