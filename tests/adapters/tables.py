"""The tables the adapter tests run: every preset at its smallest and its largest table."""

from __future__ import annotations

import numpy as np

from rams import games

#: (preset, players) for every preset, smallest and largest table.
TABLES = [
    (name, n)
    for name, info in games.presets().items()
    for n in sorted({info.players[0], info.players[1]})
]
#: One table of each family (the slower checks).
FAMILY_TABLES = [
    ("classic", 3),
    ("duel", 2),
    ("ramsch", 3),
    ("whist", 4),
    ("boston", 4),
    ("kony", 4),
]


def table_id(table: tuple[str, int]) -> str:
    return f"{table[0]}-{table[1]}p"


def hand_in(n: int, row: np.ndarray) -> list[int]:
    """The seat's hand read back from a compiled observation (:mod:`rams.fast.vector`'s
    layout) of a table of ``n`` seats."""
    return [int(c) for c in np.flatnonzero(row[n : n + 52])]


def tricks_in(n: int, tricks: int, row: np.ndarray) -> list[list[tuple[int, int]]]:
    """The tricks read back from a compiled observation's plays (each card's seat, place
    and trick), as ``(seat, card)`` lists by trick."""
    width, at = 2 * n + tricks, n + 3 * 52 + 5
    found = {}
    for c in range(52):
        part = row[at + width * c : at + width * (c + 1)]
        if part.any():
            seat, place, trick = (int(np.flatnonzero(x)[0]) for x in
                                  (part[:n], part[n : 2 * n], part[2 * n :]))  # fmt: skip
            found[(trick, place)] = (seat, c)
    out: list[list[tuple[int, int]]] = []
    for trick, place in sorted(found):
        while len(out) <= trick:
            out.append([])
        out[trick].append(found[(trick, place)])
    return out
