"""Boston as the registry sees it (:class:`rams.games.protocol.Family`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rams.actions import Say
from rams.cards import card_str, parse_card
from rams.games.boston.bids import WORDS, Aside, Bid, BidField, Invite, bid_words, parse_boston
from rams.games.boston.game import BostonMatch, BostonRules
from rams.games.plain.deal import PlainView
from rams.games.plain.family import PlainFamily
from rams.games.plain.match import PlainMatch
from rams.games.plain.rules import PlainRules
from rams.games.protocol import DealLayout, Family
from rams.words import Phrase, Seat, text

__all__ = ["FAMILY", "BostonFamily", "bid_words"]


class BostonFamily(PlainFamily):
    """Бостон (RULES §10.4): bids, the partner, the set-aside card; each deal records the
    card turned from the second pack (``turned``, B1)."""

    name = "boston"
    rules_class = BostonRules
    match_class = BostonMatch
    kernel = "auction"
    early_tricks = "heuristic"  # (measured in Whist over 200 duplicate deals: +0.37
    # points a deal [+0.16, +0.58] against searching the first tricks by playouts)
    deal_fields = ("turned",)
    deal_field_clauses: Mapping[str, str] = {"turned": "B1"}
    record_clause = "B13"
    layout = DealLayout(silent_offer=Say("together"), chance_fields={"turned": 52})
    WORDS = WORDS

    def parse_word(self, text_: str) -> Any:
        return parse_boston(text_)

    def read_deal_field(self, name: str, value: Any) -> Any:
        if name != "turned":
            raise KeyError(name)
        if not isinstance(value, str):
            from rams.errors import NotationError

            raise NotationError("notation.not_a_card", text=repr(value))
        return parse_card(value)

    def write_deal_field(self, name: str, value: Any) -> Any:
        if name != "turned":
            raise KeyError(name)
        return card_str(value)

    def bid_words(self) -> Any:
        return bid_words

    def label(self, action: Any, names: Sequence[str], lang: str, view: Any = None) -> str | None:
        """A Boston action as its button says it (a bid with its value in this deal, B3)."""
        if isinstance(action, Bid):
            said = bid_words(action.contract, lang)
            if view is None:
                return said
            value = action.value(parse_card(view.extra["turned"]) // 13)
            return text("plain.act.bid", lang, bid=said, value=value)
        if isinstance(action, Invite):
            return text("plain.act.invite", lang, other=names[action.seat])
        if isinstance(action, Aside):
            return text("plain.act.aside", lang, card=card_str(action.card, lang))
        return None

    def display_lines(self, view: Any) -> tuple[Phrase, ...]:
        """The contract and who plays it (B5), or the auction's bids so far (B4)."""
        extra = view.extra
        if extra["contract"] is not None:
            bid = BidField(extra["contract"].removeprefix("bid "))
            fields = {"bid": bid, "value": extra["value"], "who": Seat(extra["declarer"])}
            if extra["partner"] is None:
                return (Phrase("boston.screen.contract", **fields),)
            return (
                Phrase("boston.screen.contract_with", partner=Seat(extra["partner"]), **fields),
            )
        return tuple(
            Phrase(
                "boston.screen.bidding", bid=BidField(b.removeprefix("bid ")), value=v, who=Seat(s)
            )
            for s, b, v in extra["bids"]
        )

    def sheet_note(self, match: Any, deal: int) -> Phrase | None:
        """A deal's contract on the sheet: who declared what, with whom, made or not
        (B11); or that everyone passed (B4)."""
        d = match.deals[deal]
        if d.void or d.contract is None:
            return Phrase("boston.sheet.void")
        made = d.scores[d.declarer] > 0
        key = "made" if made else "failed"
        fields: dict[str, Any] = {"bid": BidField(d.contract.contract), "who": Seat(d.declarer)}
        if d.partner is not None:
            key += "_with"
            fields["partner"] = Seat(d.partner)
        return Phrase(f"boston.sheet.{key}", **fields)


FAMILY: Family[PlainRules, Any, PlainView, PlainMatch] = BostonFamily()
