"""Declarations before play, written after the exchange (RULES §4): the rams — four aces,
five of a suit, trump rams (R1–R4, X4) — and the jacks (мальцы: J1–J5, X5; Петух's K4, K6).

A step of the deal between the opening (:mod:`.opening`) and play: :func:`declare` takes
the :class:`~.board.Board` and writes what each clause says.
"""

from __future__ import annotations

from collections.abc import Iterable

from rams.cards import ACE, JACK, SUIT_MASKS, card, cards_of
from rams.games.rams.board import Board
from rams.games.rams.events import Event, EventKind
from rams.games.rams.rules import Rules

__all__ = ["ALL_ACES", "declare", "jack_credit"]

_JACKS = tuple(card(JACK, s) for s in range(4))
_ALL_JACKS = sum(1 << c for c in _JACKS)
ALL_ACES = sum(1 << card(ACE, s) for s in range(4))
_BLACK_JACKS = (1 << _JACKS[0]) | (1 << _JACKS[1])
_RED_JACKS = (1 << _JACKS[2]) | (1 << _JACKS[3])
_FIVE_SUIT_BASE = 5  # R2: the holder writes off 5, the others add 5
_JACKS_WIN = -1  # the "value" of four jacks that win the game (V1)


def _rams_of(board: Board, seat: int) -> tuple[tuple[int, ...], str, int, int] | None:
    """The rams a player who plays shows, with its rank key, kind, suit and write-off."""
    rules, hand = board.rules, board.hands[seat]
    pos = board.order.index(seat)
    if rules.four_aces == "win_game" and hand & ALL_ACES == ALL_ACES:
        return (3, 0, 0, -pos), "four_aces", -1, 0
    for suit in range(4):
        if hand & SUIT_MASKS[suit] == hand:
            ace = board._ace_value[suit] if hand >> (13 * suit + ACE) & 1 else 0
            if suit == board.trump and rules.trump_rams is not None:
                value = rules.trump_rams + ace
                return (2, 0, value, -pos), "trump_rams", suit, value
            if rules.five_suit:
                value = _FIVE_SUIT_BASE + ace
                return (1, suit, value, -pos), "five_suit", suit, value
    return None


def declare(board: Board) -> bool:
    """Write the declarations of the players who play: the best rams shown (R1–R4, X4), else
    the jacks (J1–J5, X5), or Петух's credit for them (K4, K6). True if they ended the deal
    (a rams is scored, or a record reached 0: the game is won); else play comes next."""
    rules = board.rules
    shown = []
    for seat in board.active:
        r = _rams_of(board, seat)
        if r is not None:
            shown.append((r, seat))
    if shown:
        _score_rams(board, shown)
        return True
    if rules.jacks == "rams":
        for seat in board.order:
            if _score_jacks(board, seat):
                return True
    elif rules.jacks in ("petukh", "petukh-any"):
        for seat in board.active:
            _jack_credit(board, seat)
    return False


def _score_rams(
    board: Board, shown: list[tuple[tuple[tuple[int, ...], str, int, int], int]]
) -> None:
    rules = board.rules
    shown.sort(key=lambda x: x[0][0], reverse=True)
    (_, kind, suit, value), holder = shown[0]
    cards = tuple(cards_of(board.hands[holder]))
    if kind == "four_aces" or rules.five_suit_wins:
        # R1, M4: the holder's record becomes 0 and he wins at once.
        clause = "R1" if kind == "four_aces" else "M4"
        delta = -board.records[holder]
        board._write(holder, delta, EventKind.RAMS, clause, cards, kind, suit)
    else:
        clause = "R3" if kind == "trump_rams" else "R2"
        board._write(holder, -value, EventKind.RAMS, clause, cards, kind, suit)
    for (_, k, s, _), seat in shown[1:]:
        # R4: a beaten rams is shown, scores nothing, and its holder pays like the others.
        hand = tuple(cards_of(board.hands[seat]))
        board.events.append(Event(EventKind.RAMS, seat, hand, clause="R4", detail=k, number=s))
    if kind == "four_aces" or rules.five_suit_wins:
        board._win(holder, clause)
        return
    base = rules.trump_rams if kind == "trump_rams" else _FIVE_SUIT_BASE
    assert base is not None
    for seat in board.active:
        if seat != holder:
            board._write(seat, base + board._aces(board.hands[seat]), EventKind.RAMS_PAY, clause)
    if board._reached_zero(holder):
        board._win(holder, "S6")
        return
    board._finish()


def _jack_value(board: Board, mask: int) -> int:
    jacks = mask & _ALL_JACKS
    if jacks == _ALL_JACKS:
        fj = board.rules.four_jacks
        return _JACKS_WIN if fj == "win_game" else int(fj)
    if jacks & _BLACK_JACKS == _BLACK_JACKS or jacks & _RED_JACKS == _RED_JACKS:
        return 5
    return 0


def _score_jacks(board: Board, seat: int) -> bool:
    """Write ``seat``'s jacks (J1–J3, X5); True if that ends the game."""
    dealt, final = board.deal_hands[seat], board.hands[seat]
    dv, fv = _jack_value(board, dealt), _jack_value(board, final)
    if dv == 0 and fv == 0:
        return False
    wins = _JACKS_WIN in (dv, fv)
    from_final = fv == _JACKS_WIN if wins else fv >= dv
    best = max(dv, fv)
    source = final if from_final else dealt
    cards = tuple(cards_of(source & _ALL_JACKS))
    if from_final:
        board.known[seat] |= final & _ALL_JACKS
    detail = "final" if from_final else "dealt"
    if wins:
        board.events.append(Event(EventKind.JACKS, seat, cards, clause="V1", detail=detail))
        board._set_record(seat, 0, EventKind.JACKS, "V1")
        board._win(seat, "V1")
        return True
    board._write(seat, -best, EventKind.JACKS, "J1", cards=cards, detail=detail)
    if board._reached_zero(seat):
        board._win(seat, "S6")
        return True
    return False


def _jack_credit(board: Board, seat: int) -> None:
    """K4, K6: the jacks a player will write off with his first trick."""
    trump = board.trump if board.trump is not None else 0
    hands = (board.deal_hands[seat], board.hands[seat])
    board.jack_credit[seat], board.jack_remise[seat] = jack_credit(board.rules, trump, hands)


def jack_credit(rules: Rules, trump: int, hands: Iterable[int]) -> tuple[int, int]:
    """Петух's jacks (K4, K6) over the hands that count (J2: dealt and final): the credit
    written off with the first trick, and the addition if no trick is taken (K6).

    >>> from rams.cards import parse_cards, mask_of
    >>> jack_credit(Rules.preset("petukh", 3), 2, [mask_of(parse_cards("JD JH 7S"))])
    (10, 0)
    """
    best = count = 0
    trump_jack = 1 << card(JACK, trump)
    for mask in hands:
        jacks = mask & _ALL_JACKS
        n = jacks.bit_count()
        count = max(count, n)
        if rules.jacks == "petukh":
            value = 15 if n == 4 else 0
            for pair in (_BLACK_JACKS, _RED_JACKS):
                if n < 4 and jacks & pair == pair:
                    value = max(value, 10 if pair & trump_jack else 5)
        elif rules.jacks == "petukh-any":
            value = 10 if n == 4 else 5 if n >= 2 else 0
        else:
            value = 0
        best = max(best, value)
    remise = 10 if rules.jacks == "petukh-any" and count >= 2 else 0
    return best, remise
