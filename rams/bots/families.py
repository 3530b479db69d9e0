"""Where the bots' layer finds a family's bots: the module its family names
(:attr:`rams.games.protocol.Family.bots`), and a game's own modules beside its rules (its
heuristic, its search settings). Imported by name, when first asked for: the families, below
the bots, never import them.
"""

from __future__ import annotations

import importlib
from typing import Any

from rams.games.protocol import AnyFamily

__all__ = ["of", "part"]


def of(family: AnyFamily) -> Any:
    """A family's bots' module (:attr:`rams.games.protocol.Family.bots`: ``make_bot``,
    ``evaluate``), imported when first asked for: the family, below the bots, only names it."""
    return importlib.import_module(family.bots)


def part(family: AnyFamily, name: str) -> Any:
    """A module of a game's own package in the bots' layer: its heuristic (``bots``) or its
    search settings (``search``: how ``hard`` values a deal, the decisions it simulates)."""
    return importlib.import_module(f"{type(family).__module__.rpartition('.')[0]}.{name}")
