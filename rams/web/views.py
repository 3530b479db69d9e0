"""What a table's clients are shown after each change, built once, and the deltas between
two such states (protocol 2, :mod:`rams.web.protocol`).

A change of the table (an action, a seat coming or going) is shown to every client. What
is the same for everyone is built once for it: the public side of the table (its rules
once per table, :attr:`rams.web.live.LiveTable.rules_json`); what depends on the language
only — the score sheet (once per deal: it changes when one ends), the winners, the
settlement — once per language; each seat's
observation and display once per seat; and the deal in words by the table's
:class:`~rams.games.narration.Narrator`, which words only the new events. A
:class:`Shown` is one viewer's state then: equal, field for field, to
:func:`rams.games.wire.state_message` (``tests/web/test_views.py``).

The delta from one :class:`Shown` to the next of the same viewer holds the fields that
changed (``set``, ``unset``, the table's own changed fields in ``table``) and the new lines
of the deal (``log``: keep the first ``at`` lines, then add ``lines``), so it costs the same
whatever the deal's length. :func:`rams.web.protocol.apply_delta` applies one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rams.cards import card_codes
from rams.games.display import choices_json, display_json, settlement_json
from rams.games.narration import Narrator, Words
from rams.games.protocol import AnyFamily, Match
from rams.games.seatview import seat_view_json
from rams.sheets import score_sheet
from rams.web.protocol import Message

__all__ = ["Shown", "TableViews", "delta"]

#: A viewer: (seat or None for a spectator, lang).
Key = tuple[int | None, str]


class Shown:
    """One viewer's state after one change: the message's fields but the deal's lines
    (``body``), its lines (``words``) and the change's number (``seq``)."""

    __slots__ = ("_full", "body", "seq", "words")

    def __init__(self, seq: int, body: dict[str, Any], words: Words | None) -> None:
        self.seq = seq
        self.body = body
        self.words = words
        self._full: Message | None = None

    def full(self) -> Message:
        """The whole state message (built once, JSON encoded once, shared by every client
        of this viewer that needs it)."""
        if self._full is None:
            log = self.words.lines() if self.words is not None else []
            self._full = Message({**self.body, "log": log, "seq": self.seq})
        return self._full


def delta(before: Shown, after: Shown) -> Message:
    """What turns ``before`` into ``after`` (two states of one viewer): a ``delta`` message
    (protocol 2) naming the state it applies to (``base``) and the one it makes (``seq``)."""
    out: dict[str, Any] = {"type": "delta", "base": before.seq, "seq": after.seq}
    old, new = before.body, after.body
    changed = {k: v for k, v in new.items() if k != "table" and (k not in old or old[k] != v)}
    if changed:
        out["set"] = changed
    gone = [k for k in old if k not in new]
    if gone:
        out["unset"] = gone
    told, tnew = old.get("table"), new.get("table")
    if told is not None and tnew is not None and told.keys() == tnew.keys():
        table = {k: v for k, v in tnew.items() if told[k] != v}
        if table:
            out["table"] = table
    elif told != tnew:
        out.setdefault("set", {})["table"] = tnew
    a, b = before.words, after.words
    if a is not None and b is not None and old.get("deal") == new.get("deal"):
        if a.count != b.count or a.pending != b.pending:
            out["log"] = {"at": a.count, "lines": b.since(a.count)}
    elif a is not None or b is not None:
        out["log"] = {"at": 0, "lines": b.lines() if b is not None else []}
    return Message(out)


class TableViews:
    """Every viewer's state of one table, after each change (:meth:`update`), and the last
    one of each (``last``), which the next change's deltas start from."""

    def __init__(self, family: AnyFamily, names: Iterable[str]) -> None:
        self.family = family
        self.narrator = Narrator(family, list(names))
        #: The number of the last change shown (a state's ``seq``).
        self.seq = 0
        self.last: dict[Key, Shown] = {}
        self._sheet_key: tuple[int, bool, bool] | None = None
        self._sheets: dict[str, Any] = {}

    def update(self, match: Match, table: dict[str, Any], viewers: Iterable[Key]) -> None:
        """Build the state of every viewer after a change (``table``: the public side of
        the table, built once for it); the viewers not named are forgotten."""
        self.seq += 1
        family, names = self.family, match.players
        wanted = list(dict.fromkeys(viewers))
        deal = match.deal
        # The score sheet's rows are the finished deals' (rams.sheets), its standings come
        # at the end: it changes only when a deal ends, and is built again only then.
        sheet_key = (len(match.deals), deal is not None and deal.is_over, match.is_over)
        if sheet_key != self._sheet_key:
            self._sheet_key, self._sheets = sheet_key, {}
        common: dict[str, dict[str, Any]] = {}
        for lang in dict.fromkeys(lang for _, lang in wanted):
            if lang not in self._sheets:
                self._sheets[lang] = score_sheet(family, match).to_json(lang)
            common[lang] = {
                "type": "state",
                "family": family.name,
                "table": table,
                "deal": len(match.deals),
                "sheet": self._sheets[lang],
                "winners": match.winners() or None,
                "settlement": settlement_json(family.payouts(match), names, lang),
            }
        shown: dict[Key, Shown] = {}
        if deal is None:
            for seat, lang in wanted:
                body = {**common[lang], "seat": seat, "step": 0, "phase": "waiting",
                        "hand": [], "legal": None, "display": None}  # fmt: skip
                shown[seat, lang] = Shown(self.seq, body, None)
            self.last = shown
            return
        views: dict[int | None, Any] = {}
        seen: dict[Key, Any] = {}
        for seat, lang in wanted:
            if seat not in views:
                view = deal.observation(seat)
                shown_view = family.display(view)
                views[seat] = (view, shown_view, seat_view_json(view))
            seen[seat, lang] = views[seat][0].events
        words = self.narrator.update(len(match.deals), seen)
        step = len(deal.actions)
        deal_over = deal.is_over and not match.is_over
        hands = [card_codes(hand) for hand in deal.dealt_hands()] if match.is_over else None
        for seat, lang in wanted:
            view, display, part = views[seat]
            choosing = display.choices is not None
            body = {
                **common[lang],
                "seat": seat,
                **part,
                "step": step,
                "deal_over": deal_over,
                "display": display_json(display, names, lang),
                "legal": choices_json(display.choices, names, lang),
                "hint": family.hint(view, lang) if choosing else "",
            }
            if hands is not None:
                body["hands"] = hands
            shown[seat, lang] = Shown(self.seq, body, words[seat, lang])
        self.last = shown
