"""Integer action ids of a Rams deal, for search and the adapters: 52 cards, play, pass, 32
exchanges (by the positions of the cards in the sorted hand), 52 swaps, 8 words.

The code both ways needs only the hand an exchange is made from (a bitmask);
:class:`~.deal.Deal`'s ``action_id``, ``action_from_id``, ``legal_action_ids`` and
``apply_id`` use it, and its ``action_count`` is :data:`NUM_ACTIONS`.

>>> from rams.cards import mask_of, parse_cards
>>> hand = mask_of(parse_cards("7S 9S JH QH AH"))
>>> action_id(Exchange.of_sorted(tuple(parse_cards("7S JH"))), hand)
59
>>> str(action_from_id(59, hand)), str(action_from_id(12, hand))
('exchange 7S JH', 'AS')
"""

from __future__ import annotations

from rams.actions import play
from rams.cards import cards_of
from rams.errors import IllegalActionError
from rams.games.rams.actions import PASS, PLAY_IN, Action, Exchange, Play, Say, Swap

__all__ = [
    "EXCHANGE_IDS",
    "ID_PASS",
    "ID_PLAY_IN",
    "NUM_ACTIONS",
    "SUBSETS",
    "action_from_id",
    "action_id",
]

ID_PLAY_IN, ID_PASS, _ID_EXCHANGE, _ID_SWAP = 52, 53, 54, 86
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
#: The ids of the exchanges of at most ``most`` cards (E4), in id order, for each ``most``.
EXCHANGE_IDS = tuple(tuple(54 + m for m in range(32) if m.bit_count() <= most) for most in range(6))


def action_id(action: Action, hand: int | None) -> int:
    """The integer id of an action (0 ≤ id < NUM_ACTIONS); an exchange is numbered by the
    positions of its cards in the sorted ``hand`` (a bitmask) it is made from."""
    if isinstance(action, Play):
        return action.card
    if isinstance(action, Swap):
        return _ID_SWAP + action.card
    if isinstance(action, Exchange):
        assert hand is not None
        cards = cards_of(hand)
        return _ID_EXCHANGE + sum(1 << cards.index(c) for c in action.cards)
    if action == PLAY_IN:
        return ID_PLAY_IN
    if action == PASS:
        return ID_PASS
    return _WORD_IDS[action.word]


def action_from_id(action_id: int, hand: int | None) -> Action:
    """The action of an integer id (the inverse of :func:`action_id`), an exchange's cards
    from the sorted ``hand``."""
    if 0 <= action_id < 52:
        return play(action_id)
    if action_id == ID_PLAY_IN:
        return PLAY_IN
    if action_id == ID_PASS:
        return PASS
    if _ID_EXCHANGE <= action_id < _ID_SWAP:
        assert hand is not None
        cards = cards_of(hand)
        m = action_id - _ID_EXCHANGE
        if m >> len(cards):
            raise IllegalActionError("E4", "rams.illegal.no_exchange_id", id=action_id)
        return Exchange.of_sorted(tuple([c for i, c in enumerate(cards) if m >> i & 1]))
    if _ID_SWAP <= action_id < _ID_SWAP + 52:
        return Swap(action_id - _ID_SWAP)
    if action_id in _ID_WORDS:
        return Say(_ID_WORDS[action_id])
    raise IllegalActionError("§12", "rams.illegal.no_action_id", id=action_id)
