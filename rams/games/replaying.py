"""A finished match step by step, for the replay viewers of every family: each step's
common part (which deal and action, who acted, the dealer, the phase, who moves next), the
lines it adds in words, and how many rows of the score sheet stood then. A family's wire
adds what its own board shows (hands, trick, trump…)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

__all__ = ["Announcing", "frames"]


class Announcing(Protocol):
    """What turns a deal's events into lines (each family's ``Announcer``)."""

    def feed(self, events: Any) -> list[str]: ...

    def flush(self) -> list[str]: ...


def frames(
    record: Any, announcer_for: Callable[[Sequence[str]], Announcing]
) -> Iterator[tuple[Any, Any, dict[str, Any]]]:
    """Replay ``record``; for every step its replay step, its deal, and the step's common
    part as JSON (``lines``: what it adds in words, a deal's last step with the end of its
    trick; ``sheet_rows``: the sheet's rows written by then, once a deal ends)."""
    announcer: Announcing | None = None
    seen = 0
    rows = 0
    for step in record.steps():
        match = step.game
        deal = match.deal
        assert deal is not None
        if step.action is None:
            announcer = announcer_for(match.players)
            seen = 0
        if step.action is None or deal.is_over:
            rows = len(match.sheet)
        assert announcer is not None
        lines = announcer.feed(deal.events[seen:])
        seen = len(deal.events)
        if deal.is_over:
            lines += announcer.flush()
        head = {
            "deal": step.deal_index + 1,
            "index": 0 if step.action_index is None else step.action_index + 1,
            "seat": step.seat,
            "action": None if step.action is None else str(step.action),
            "dealer": deal.dealer,
            "phase": deal.phase.value,
            "to_move": deal.to_move,
            "lines": lines,
            "sheet_rows": rows,
        }
        yield step, deal, head
