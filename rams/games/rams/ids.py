"""Integer action ids of a Rams deal, for search and the adapters: 52 cards, play, pass, 32
exchanges (by the positions of the cards in the sorted hand), 52 swaps, 8 words.

Bound to :class:`~rams.games.rams.deal.Deal`; its ``action_count`` is :data:`NUM_ACTIONS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rams.actions import _PLAYS, play
from rams.cards import cards_of
from rams.errors import IllegalActionError
from rams.games.rams.actions import PASS, PLAY_IN, Action, Exchange, Play, Say, Swap
from rams.games.rams.view import Phase
from rams.tricks import CARDS

if TYPE_CHECKING:
    from rams.games.rams.deal import Deal

__all__ = ["NUM_ACTIONS", "SUBSETS"]

_ID_PLAY_IN, _ID_PASS, _ID_EXCHANGE, _ID_SWAP = 52, 53, 54, 86
_WORD_IDS = {
    "keep": 138,
    "take": 139,
    "sell": 140,
    "go": 141,
    "dave": 142,
    "accept": 143,
    "concede": 144,
    "claim": 145,
}
_ID_WORDS = {v: k for k, v in _WORD_IDS.items()}
NUM_ACTIONS = 146
"""The size of the integer action space: 52 cards, play, pass, 32 exchanges, 52 swaps, 8 words."""

#: The subsets of a five-card hand by positions, in id order, for each largest size (E4).
SUBSETS = tuple(
    tuple(tuple(i for i in range(5) if m >> i & 1) for m in range(32) if m.bit_count() <= most)
    for most in range(6)
)
_EXCHANGE_IDS = tuple(
    tuple(54 + m for m in range(32) if m.bit_count() <= most) for most in range(6)
)


def action_id(deal: Deal, action: Action, seat: int | None = None) -> int:
    """The integer id of an action (0 ≤ id < NUM_ACTIONS); an exchange is numbered by the
    positions of its cards in ``seat``'s sorted hand."""
    if isinstance(action, Play):
        return action.card
    if isinstance(action, Swap):
        return _ID_SWAP + action.card
    if isinstance(action, Exchange):
        who = deal.to_move if seat is None else seat
        assert who is not None
        hand = cards_of(deal.hands[who])
        return _ID_EXCHANGE + sum(1 << hand.index(c) for c in action.cards)
    if action == PLAY_IN:
        return _ID_PLAY_IN
    if action == PASS:
        return _ID_PASS
    return _WORD_IDS[action.word]


def action_from_id(deal: Deal, action_id: int, seat: int | None = None) -> Action:
    """The action of an integer id (the inverse of :meth:`action_id`)."""
    if 0 <= action_id < 52:
        return play(action_id)
    if action_id == _ID_PLAY_IN:
        return PLAY_IN
    if action_id == _ID_PASS:
        return PASS
    if _ID_EXCHANGE <= action_id < _ID_SWAP:
        who = deal.to_move if seat is None else seat
        assert who is not None
        hand = cards_of(deal.hands[who])
        m = action_id - _ID_EXCHANGE
        if m >> len(hand):
            raise IllegalActionError("E4", "rams.illegal.no_exchange_id", id=action_id)
        return Exchange.of_sorted(tuple([c for i, c in enumerate(hand) if m >> i & 1]))
    if _ID_SWAP <= action_id < _ID_SWAP + 52:
        return Swap(action_id - _ID_SWAP)
    if action_id in _ID_WORDS:
        return Say(_ID_WORDS[action_id])
    raise IllegalActionError("§12", "rams.illegal.no_action_id", id=action_id)


def legal_action_ids(deal: Deal, seat: int | None = None) -> list[int]:
    """The ids of :meth:`legal_actions`, in the same order (for adapters and fast loops)."""
    who = deal.to_move if seat is None else seat
    rules = deal.rules
    if (
        who is not None
        and who == deal.to_move
        and deal.dave_pending is None
        and deal.winner is None
        and not rules.dave
        and (rules.overshoot == "off" or deal.records[who] > 0)
    ):
        phase = deal.phase
        if phase is Phase.PLAY:
            mask = deal._legal(who) & CARDS
            deal._memo_key, deal._memo_mask = len(deal.actions), mask
            return cards_of(mask)
        if phase is Phase.EXCHANGE:
            return list(_EXCHANGE_IDS[min(rules.max_exchange, deal.stock_count)])
        if phase is Phase.DECLARE:
            may_pass = deal._declare_problem(who, PASS) is None
            return [_ID_PLAY_IN, _ID_PASS] if may_pass else [_ID_PLAY_IN]
    return [deal.action_id(a, seat) for a in deal.legal_actions(seat)]


def apply_id(deal: Deal, action_id: int, seat: int | None = None) -> None:
    """Apply the action of an integer id."""
    if seat is None and deal.phase is Phase.PLAY and deal.dave_pending is None:
        who = deal.to_move
        if action_id < 52 and who is not None:
            deal._play(who, action_id)
            deal.actions.append((who, _PLAYS[action_id]))
            return
    deal.apply(deal.action_from_id(action_id, seat), seat)
