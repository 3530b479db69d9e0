"""A Python face for the fast core: a deal driven by integer action ids, compiled inside.

:class:`FastDeal` has the integer half of :class:`rams.games.rams.deal.Deal`'s API —
``legal_action_ids``, ``apply_id``, ``copy``, ``records``, ``to_move``, ``winner`` — for
simulations and adapters that need speed more than events and observations. It is the
same game: ``tests/test_fast_equivalence.py`` checks the fast core against the reference
engine action by action.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from rams.cards import Card, pack
from rams.errors import IllegalActionError, RulesError
from rams.fast import compiling
from rams.fast import core as fc
from rams.fast import play as fp
from rams.games.rams.rules import Rules

__all__ = ["FastDeal"]


@lru_cache(maxsize=64)
def _rules_array(rules: Rules) -> np.ndarray:
    return fc.rules_array(rules)


class FastDeal:
    """One deal in the fast core. ``deck`` top first (D1); ``records`` from the game (S1)."""

    __slots__ = ("_buf", "r", "rules", "s")

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        deck: Sequence[Card],
        records: Sequence[int] | None = None,
        stake: int = 1,
        dave_offerer: int | None = None,
    ) -> None:
        n = rules.players
        if sorted(deck) != list(pack(rules.pack_size)):
            raise RulesError("rules.deck_not_pack", ("pack",), size=rules.pack_size)
        compiling.wait()
        self.rules = rules
        self.r = _rules_array(rules)
        recs = list(records) if records is not None else [rules.start_score] * n
        self.s = fc.new_state(
            self.r,
            dealer,
            np.asarray(deck, dtype=np.int64),
            np.array(recs + [0] * (fp.MAXP - n), dtype=np.int64),
            stake,
            -1 if dave_offerer is None else dave_offerer,
        )
        self._buf = np.empty(64, dtype=np.int64)

    def _seat(self, seat: int | None) -> int:
        if seat is None:
            return -1
        if not 0 <= seat < self.rules.players:
            raise IllegalActionError("N4", "illegal.no_seat", seat=seat + 1)
        return seat

    def legal_action_ids(self, seat: int | None = None) -> list[int]:
        """The legal action ids (the ids and order of the reference deal's ``action_id``)."""
        k = fc.legal_actions(self.s, self.r, self._seat(seat), self._buf)
        ids: list[int] = self._buf[:k].tolist()
        return ids

    def apply_id(self, action_id: int, seat: int | None = None) -> None:
        """Apply an action id; IllegalActionError (and no change) if it is not legal."""
        if not fc.apply_action(self.s, self.r, action_id, self._seat(seat)):
            raise IllegalActionError("P7", "illegal.id_not_legal", id=action_id)

    def copy(self) -> FastDeal:
        """An independent copy (one array copy)."""
        new = FastDeal.__new__(FastDeal)
        new.rules, new.r, new.s = self.rules, self.r, self.s.copy()
        new._buf = np.empty(64, dtype=np.int64)
        return new

    @property
    def is_over(self) -> bool:
        """True once the deal is finished (or has ended the game)."""
        return bool(self.s[fp.S_PHASE] == fc.DONE)

    @property
    def to_move(self) -> int | None:
        """The seat to act, or None."""
        seat = int(self.s[fp.S_TO_MOVE])
        return None if seat < 0 else seat

    @property
    def winner(self) -> int | None:
        """The seat that has won the game in this deal, or None."""
        seat = int(self.s[fp.S_WINNER])
        return None if seat < 0 else seat

    @property
    def records(self) -> list[int]:
        """Every player's record now."""
        n = self.rules.players
        recs: list[int] = self.s[fp.A_RECORDS : fp.A_RECORDS + n].tolist()
        return recs

    def can_claim(self, seat: int) -> bool:
        """Whether ``seat`` may claim the game now (S7)."""
        return bool(fc.can_claim(self.s, self.r, seat))
