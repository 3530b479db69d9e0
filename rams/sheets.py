"""The score sheet («запись») of every game, as people keep it on paper: a row per deal with
the deal's number, a column for each player (or each side, or each side's points, games and
rubber points: the columns a family declares), each entry written in the row of the deal that
wrote it and left blank where the deal changed nothing, every earlier value of a column struck
out, and at the end the final standings.

A family declares its columns (:class:`Column`), a note for a deal when it has one (a
:class:`rams.words.Phrase`: a void deal, a contract, a game won) and the scores its standings
are ranked by; :func:`score_sheet` builds the :class:`ScoreSheet` from the match's rows. The
sheet is drawn by one renderer per front end: :meth:`ScoreSheet.text` (``rams replay``),
:meth:`ScoreSheet.to_json` (the web table and its replay, ``sheetEl`` in ``common.js``) and
``rams.terminal.widgets.sheet_table`` (the terminal).

>>> sheet = ScoreSheet.from_rows(
...     [(100, 100), (94, 100), (94, 107)], [Column("Аня", (0,)), Column("Борис", (1,))]
... )
>>> [row.entries for row in sheet.rows]
[(100, 100), (94, None), (None, 107)]
>>> print(sheet.text("en"))
Deal  Аня  Борис
      1̶0̶0̶  1̶0̶0̶
1     94
2          107
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rams.words import Phrase, number, text

__all__ = [
    "Column",
    "Place",
    "Row",
    "ScoreSheet",
    "SheetFamily",
    "SheetMatch",
    "places",
    "score_sheet",
    "sheet_changes",
    "strike",
]


@dataclass(frozen=True)
class Column:
    """A column of the sheet: whose it is (``label``: a player's name, or a side's), the seats
    it belongs to, and its ``kind`` when a family keeps several columns for one side (a key of
    the catalogue's ``sheet`` words: Whist's ``points``, ``games``, ``rubbers``)."""

    label: str
    seats: tuple[int, ...]
    kind: str | None = None

    def heading(self, lang: str) -> str:
        """The column's heading in ``lang``: its label, with its kind when it has one."""
        if self.kind is None:
            return self.label
        return text(f"sheet.{self.kind}", lang, label=self.label)

    def kind_word(self, lang: str) -> str | None:
        """The column's kind alone in ``lang`` (None when it has none): a heading over the
        sides' names where a family keeps several kinds of column."""
        return None if self.kind is None else text(f"sheet.kind.{self.kind}", lang)


@dataclass(frozen=True)
class Row:
    """A row of the sheet: the deal that wrote it (0: the start), each column's entry (None:
    the deal did not change it) and the deal's note, if it has one."""

    deal: int
    entries: tuple[int | None, ...]
    note: Phrase | None = None


@dataclass(frozen=True)
class Place:
    """A place of the final standings: ``place`` (1 the best; those tied share it, and the
    next place is counted past them), whose it is and the score it was ranked by."""

    place: int
    label: str
    seats: tuple[int, ...]
    score: int
    tie: bool


class SheetMatch(Protocol):
    """What the sheet reads of a match: its players, its rows of scores (the start, then
    after each finished deal), its winners and whether it is over."""

    players: list[str]

    @property
    def sheet(self) -> Sequence[Sequence[int]]: ...

    @property
    def is_over(self) -> bool: ...

    def winners(self) -> list[int]: ...


class SheetFamily(Protocol):
    """What a family tells the sheet: its columns, a deal's note and each seat's score for
    the standings (``better``: +1 more is better, -1 less)."""

    @property
    def better(self) -> int: ...

    def sheet_columns(self, match: Any) -> list[Column]: ...

    def sheet_note(self, match: Any, deal: int) -> Phrase | None: ...

    def standing_scores(self, match: Any) -> list[int]: ...


@dataclass(frozen=True)
class ScoreSheet:
    """The score sheet: its columns, its rows (the start, then one a deal), the players'
    names (to word the notes) and the final standings once the match is over."""

    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    names: tuple[str, ...] = ()
    standings: tuple[Place, ...] | None = None

    @classmethod
    def from_rows(
        cls,
        values: Sequence[Sequence[int]],
        columns: Sequence[Column],
        notes: Sequence[Phrase | None] = (),
        names: Sequence[str] = (),
        standings: Sequence[Place] | None = None,
    ) -> ScoreSheet:
        """The sheet of rows of values (the start, then after each deal): a deal's entry is
        its value where it changed, blank where it did not; ``notes[k]`` is deal k+1's."""
        rows: list[Row] = []
        for k, row in enumerate(values):
            if len(row) != len(columns):
                raise ValueError(f"row {k} has {len(row)} values for {len(columns)} columns")
            before = values[k - 1] if k else None
            entries = tuple(
                v if before is None or v != before[c] else None for c, v in enumerate(row)
            )
            note = notes[k - 1] if 0 < k <= len(notes) else None
            rows.append(Row(k, entries, note))
        return cls(
            tuple(columns),
            tuple(rows),
            tuple(names),
            None if standings is None else tuple(standings),
        )

    def struck(self, upto: int | None = None) -> list[list[bool]]:
        """For each row (of the first ``upto``) and column: whether the entry is struck out,
        being an earlier value of its column (each column's last entry stands)."""
        rows = self.rows[: len(self.rows) if upto is None else upto]
        last = [
            max((k for k, r in enumerate(rows) if r.entries[c] is not None), default=-1)
            for c in range(len(self.columns))
        ]
        return [
            [e is not None and k != last[c] for c, e in enumerate(r.entries)]
            for k, r in enumerate(rows)
        ]

    def current(self) -> list[int | None]:
        """Each column's value now: its last entry."""
        return self.values_after(len(self.rows) - 1)

    def values_after(self, deal: int) -> list[int | None]:
        """Each column's value after deal ``deal`` (0: the start): its last entry by then."""
        rows = self.rows[: deal + 1]
        return [
            next((r.entries[c] for r in reversed(rows) if r.entries[c] is not None), None)
            for c in range(len(self.columns))
        ]

    def last_deal(self) -> list[tuple[int | None, int | None]]:
        """What the last deal did to each column: (the change, the value now). The change is
        None where the deal left the column alone (and before any deal); the deal summary
        after a deal shows these, for every game alike.

        >>> ScoreSheet.from_rows([(25, 25), (19, 25)], [Column("A", (0,)), Column("B", (1,))]
        ...                      ).last_deal()
        [(-6, 19), (None, 25)]
        """
        now = self.current()
        if len(self.rows) < 2:
            return [(None, v) for v in now]
        out: list[tuple[int | None, int | None]] = []
        for c, value in enumerate(self.rows[-1].entries):
            before = next(
                (r.entries[c] for r in reversed(self.rows[:-1]) if r.entries[c] is not None),
                None,
            )
            change = None if value is None or before is None else value - before
            out.append((change, now[c]))
        return out

    def note_text(self, row: Row, lang: str) -> str:
        """A row's note in ``lang`` (empty when it has none)."""
        return "" if row.note is None else row.note.words(lang, list(self.names) or None)

    def standing_lines(self, lang: str) -> list[str]:
        """The final standings in words, a line a place (those tied on one line); negative
        scores with a true minus sign («−5», as on a paper sheet)."""
        return [line for _, line in self._places(lang)]

    def _places(self, lang: str) -> list[tuple[int, str]]:
        if not self.standings:
            return []
        out = []
        for place in sorted({p.place for p in self.standings}):
            at = [p for p in self.standings if p.place == place]
            who = ", ".join(p.label for p in at)
            key = "sheet.place_tie" if len(at) > 1 else "sheet.place"
            score = number(at[0].score)
            out.append((place, text(key, lang, place=place, who=who, score=score)))
        return out

    def to_json(self, lang: str) -> dict[str, Any]:
        """The sheet for the browser (``sheetEl`` in ``common.js`` draws it): the columns'
        headings, the rows with their entries (null: blank) and notes in ``lang``, what the
        last deal changed (``last``: :meth:`last_deal`), the final standings (null while the
        match goes on) and the sheet's own words."""
        return {
            "columns": [
                {
                    "heading": c.heading(lang),
                    "label": c.label,
                    "kind": c.kind,
                    "kind_word": c.kind_word(lang),
                    "seats": list(c.seats),
                }
                for c in self.columns
            ],
            "rows": [
                {
                    "deal": r.deal,
                    "entries": list(r.entries),
                    "note": self.note_text(r, lang) or None,
                }
                for r in self.rows
            ],
            # The last deal's change and the value now, by column (the deal summary).
            "last": [{"change": d, "now": v} for d, v in self.last_deal()],
            "standings": None
            if self.standings is None
            else [
                {
                    "place": p.place,
                    "label": p.label,
                    "seats": list(p.seats),
                    "score": p.score,
                    "tie": p.tie,
                }
                for p in self.standings
            ],
            # The standings in words, a line a place, for the page to show as they are.
            "places": [{"place": n, "text": line} for n, line in self._places(lang)],
            "words": {
                "title": text("sheet.title", lang),
                "deal": text("sheet.deal", lang),
                "standings": text("sheet.standings", lang),
            },
        }

    def text(self, lang: str) -> str:
        """The sheet as text (``rams replay``): a row per deal, earlier values struck out with
        combining strokes, the notes after the row, then the final standings."""
        heads = [text("sheet.deal", lang)] + [c.heading(lang) for c in self.columns]
        struck = self.struck()
        body: list[list[str]] = []
        for k, row in enumerate(self.rows):
            cells = ["" if row.deal == 0 else str(row.deal)]
            for c, e in enumerate(row.entries):
                cells.append("" if e is None else strike(number(e)) if struck[k][c] else number(e))
            body.append(cells)
        widths = [max(_width(line[i]) for line in [heads, *body]) for i in range(len(heads))]
        lines = [_line(heads, widths)]
        for row, cells in zip(self.rows, body, strict=True):
            note = self.note_text(row, lang)
            lines.append(_line(cells, widths) + (f"  {note}" if note else ""))
        standing = self.standing_lines(lang)
        if standing:
            lines += [text("sheet.standings", lang) + ":", *("  " + s for s in standing)]
        return "\n".join(line.rstrip() for line in lines)


def _width(s: str) -> int:
    return len(s.replace("\u0336", ""))


def _line(cells: Sequence[str], widths: Sequence[int]) -> str:
    return "  ".join(c + " " * (w - _width(c)) for c, w in zip(cells, widths, strict=True))


def places(
    scores: Sequence[int], better: int, winners: Sequence[int] = ()
) -> list[tuple[int, bool]]:
    """Each entry's place and whether it shares it: the winners first (a family's end may
    decide them otherwise than by the score: Whist's rubbers, Rams' record at 0), then by the
    score, ``better`` +1 more is better, -1 less; equal keys share a place.

    >>> places([30, 10, 30], 1)
    [(1, True), (3, False), (1, True)]
    >>> places([5, -1, 12], -1, winners=[1])
    [(2, False), (1, False), (3, False)]
    """
    keys = [(0 if i in winners else 1, -better * s) for i, s in enumerate(scores)]
    return [(1 + sum(1 for other in keys if other < key), keys.count(key) > 1) for key in keys]


def score_sheet(family: SheetFamily, match: SheetMatch) -> ScoreSheet:
    """The match's score sheet: the family's columns and notes over the match's rows, and the
    final standings once it is over (a place for each column's owner: a player, or a side)."""
    columns = family.sheet_columns(match)
    values = match.sheet
    notes = [family.sheet_note(match, k) for k in range(len(values) - 1)]
    standings: list[Place] | None = None
    if match.is_over:
        owners: list[Column] = []
        for c in columns:
            if all(o.seats != c.seats for o in owners):
                owners.append(c)
        seat_scores = family.standing_scores(match)
        scores = [seat_scores[o.seats[0]] for o in owners]
        won = set(match.winners())
        winners = [i for i, o in enumerate(owners) if won.intersection(o.seats)]
        standings = [
            Place(place, o.label, o.seats, score, tie)
            for o, score, (place, tie) in zip(
                owners, scores, places(scores, family.better, winners), strict=True
            )
        ]
    return ScoreSheet.from_rows(values, columns, notes, match.players, standings)


def sheet_changes(rows: Sequence[Sequence[int]]) -> list[list[int]]:
    """Each column of a score sheet as a person writes it: the start, then every value that
    changed (the earlier ones are struck out on paper).

    >>> sheet_changes([(25, 25), (19, 25), (19, 30), (12, 30)])
    [[25, 19, 12], [25, 30]]
    """
    cols: list[list[int]] = [[r] for r in rows[0]] if rows else []
    for row in rows[1:]:
        for col, value in zip(cols, row, strict=True):
            if value != col[-1]:
                col.append(value)
    return cols


def strike(text: str) -> str:
    """Text struck through with combining long strokes (U+0336), as on a paper score sheet."""
    return "".join(ch + "\u0336" for ch in text)
