"""What each family's seats may see, written from the rules (for the protocol suite's leak
checks): an oracle per family, independent of the engine's own views."""

from __future__ import annotations

from typing import Any, Protocol

from rams.cards import card_str, cards_of, mask_of
from rams.games.rams.events import EventKind


class Oracle(Protocol):
    def visible(self, deal: Any, seat: int) -> set[str]:
        """The cards (record notation) that ``seat`` may see now."""
        ...


class RamsOracle:
    """Rams (§2–§8): a seat sees its own cards (dealt, held, discarded, drawn) and what was
    shown face up: the turned card, Pam taken (M3), the turned trump taken (E5), rams and
    jacks shown (R1–R4, J1–J5), the cards played, Pam's holder (M2)."""

    SHOWN = (
        EventKind.DEAL,
        EventKind.PAM_SWAP,
        EventKind.DEALER_SWAP,
        EventKind.RAMS,
        EventKind.JACKS,
        EventKind.PLAY,
        EventKind.FORCED,
        EventKind.TRICK,
        EventKind.OVERSHOOT,
        EventKind.PAM,
    )

    def visible(self, deal: Any, seat: int) -> set[str]:
        mask = deal.hands[seat] | deal.deal_hands[seat]
        for e in deal.events:
            if e.kind in self.SHOWN:
                mask |= mask_of(e.cards)
            if e.seat == seat:
                mask |= mask_of(e.secret) | mask_of(e.drawn)
        return {card_str(c) for c in cards_of(mask)}


ORACLES: dict[str, Oracle] = {"rams": RamsOracle()}
