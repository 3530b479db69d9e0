"""The tables the adapter tests run: every preset at its smallest and its largest table."""

from __future__ import annotations

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
