"""What each family's seats may see, written from the rules (for the protocol suite's leak
checks): an oracle per family, independent of the engine's own views."""

from __future__ import annotations

from typing import Any, Protocol

from rams.cards import card_str, cards_of, mask_of
from rams.games.plain.deal import Kind
from rams.games.rams.events import EventKind


class Oracle(Protocol):
    def visible(self, deal: Any, seat: int | None) -> set[str]:
        """The cards (record notation) that ``seat`` may see now (None: a spectator, who
        sees only what lies face up)."""
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

    def visible(self, deal: Any, seat: int | None) -> set[str]:
        mask = 0 if seat is None else deal.hands[seat] | deal.deal_hands[seat]
        for e in deal.events:
            if e.kind in self.SHOWN:
                mask |= mask_of(e.cards)
            if seat is not None and e.seat == seat:
                mask |= mask_of(e.secret) | mask_of(e.drawn)
        return {card_str(c) for c in cards_of(mask)}


class PlainOracle:
    """The plain games (§10.2–10.5): a seat sees the cards it was dealt, the cards played,
    and what is shown face up — Whist's turned card (W3), Boston's card from the second pack
    (B1) and its open hands (B9), the skat once the deal is over (F2); its own set-aside card
    (B6). Partners see no more than opponents."""

    SHOWN = (Kind.DEAL, Kind.TURNED, Kind.OPEN, Kind.CARD, Kind.TRICK, Kind.SKAT)

    def visible(self, deal: Any, seat: int | None) -> set[str]:
        return {card_str(c) for c in cards_of(self.visible_mask(deal, seat))}

    def visible_mask(self, deal: Any, seat: int | None) -> int:
        """The same, as a mask of cards."""
        mask: int = 0 if seat is None else deal.dealt[seat]
        for e in deal.events:
            if e.kind in self.SHOWN:
                mask |= mask_of(e.cards)
            if seat is not None and e.seat == seat:
                mask |= mask_of(e.secret)
        return mask


ORACLES: dict[str, Oracle] = {
    "rams": RamsOracle(),
    **dict.fromkeys(("ramsch", "whist", "boston", "kony"), PlainOracle()),
}
