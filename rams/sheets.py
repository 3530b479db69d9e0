"""The score sheet on paper: each column the start and every value that changed, the earlier
values struck out (the «запись» of every game).

>>> print(sheet_text([(100, 100), (94, 100), (94, 107)], ["Аня", "Борис"], lang="en"))
Аня  Борис
1̶0̶0̶  1̶0̶0̶
94   107
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["sheet_changes", "sheet_text", "strike"]


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


def sheet_text(rows: Sequence[Sequence[int]], names: Sequence[str], lang: str = "ru") -> str:
    """The score sheet («запись») as a person writes it: a column per player, each
    earlier value struck out."""
    cols = sheet_changes(rows)
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
