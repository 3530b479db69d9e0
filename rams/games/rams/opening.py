"""The opening of a Rams deal, the phases before play (RULES §2–§4, §10.1): the dealing
(D2, D3, K1, V2), Pam's swap for the turned card (M3), play or pass (E1–E3), the talon
(V2), the exchange (E4, K5) and the dealer's turned trump (E5, X1); then the declarations
(:mod:`.declarations`) and play.

Each phase is a step of the :class:`~.board.Board` it is given: it checks an action, writes
what it does, and hands on to the next phase.
"""

from __future__ import annotations

from rams.cards import Card, Cards, cards_of, suit_of
from rams.errors import IllegalActionError
from rams.games.rams import declarations
from rams.games.rams.actions import GO, KEEP, PASS, PLAY_IN, SELL, TAKE, Action, Exchange, Say, Swap
from rams.games.rams.board import PAM, Board
from rams.games.rams.declarations import ALL_ACES
from rams.games.rams.events import Event, EventKind
from rams.games.rams.view import Phase
from rams.words import Seat

__all__ = [
    "deal_cards",
    "dealer_trump",
    "exchange",
    "pam_swap",
    "play_or_pass",
    "play_or_pass_problem",
    "talon",
]

# Dealing (D2, D3, K1, V2) ------------------------------------------------------------


def deal_cards(board: Board) -> None:
    """Deal the cards (D2; the talon, V2) and turn the trump (D3; in the dealer's hand in
    Петух with six, K1); then Pam's swap (M3) or the first phase."""
    rules, n = board.rules, board.n
    hands = [0] * n
    talon = 0
    recipients: list[int] = list(board.order)
    if rules.talon:
        non_dealer = (board.dealer + 1) % n
        recipients = [non_dealer, board.dealer, -1]
    pos = 0
    last_to_dealer = -1
    for size in rules.packets:
        for who in recipients:
            for c in board.deck[pos : pos + size]:
                if who < 0:
                    talon |= 1 << c
                else:
                    hands[who] |= 1 << c
                    if who == board.dealer:
                        last_to_dealer = c
            pos += size
    board.hands = hands
    board.talon = talon
    board.turned_in_hand = rules.turned_card_in_hand
    if board.turned_in_hand:
        # K1: Петух with six: the dealer's last card is trump, shown, and stays in his hand.
        board.turned = None
        board.stock = []
        board._set_trump(suit_of(last_to_dealer))
        board.known[board.dealer] |= 1 << last_to_dealer
        shown: tuple[Card, ...] = (last_to_dealer,)
    else:
        board.turned = board.deck[pos]
        pos += 1
        board.stock = [] if rules.talon else list(board.deck[pos:])
        shown = (board.turned,)
        if not (rules.pamfil and board.turned == PAM):
            board._set_trump(suit_of(board.turned))
    board.stock_pos = 0
    board.deal_hands = list(hands)
    board.events.append(
        Event(
            EventKind.DEAL,
            board.dealer,
            shown,
            clause="K1" if board.turned_in_hand else "D3",
            detail="in_hand"
            if board.turned_in_hand
            else "pam"
            if rules.pamfil and board.turned == PAM
            else "",
        )
    )
    if rules.pamfil:
        _find_pam_holder(board)
    if rules.pamfil and board.turned == PAM:
        board._set_phase(Phase.PAM_SWAP, board.dealer)
    else:
        _after_pam(board)


def _find_pam_holder(board: Board) -> None:
    board.pam_holder = None
    for seat in range(board.n):
        if board.hands[seat] >> PAM & 1:
            board.pam_holder = seat


def _after_pam(board: Board) -> None:
    rules = board.rules
    if rules.talon:
        board._set_phase(Phase.TALON, board.order[0])
    elif rules.passing:
        board._set_phase(Phase.DECLARE, board.order[0])
    else:
        board.active = list(board.order)
        _start_exchange(board)


# M3 ----------------------------------------------------------------------------


def pam_swap(board: Board, seat: int, action: Action) -> None:
    """M3: the turned card is Pam: the dealer takes it, and the card he gives is turned
    instead, its suit trump."""
    if not isinstance(action, Swap):
        raise board._wrong_kind(seat, action, "swap", "M3")
    c = action.card
    if not board.hands[seat] >> c & 1:
        raise IllegalActionError("M3", "rams.illegal.not_held", who=Seat(seat), cards=Cards((c,)))
    board.hands[seat] = board.hands[seat] & ~(1 << c) | (1 << PAM)
    board.deal_hands[seat] = board.hands[seat]
    board.known[seat] |= 1 << PAM
    board.turned = c
    board.pam_holder = seat
    board._set_trump(suit_of(c))
    board.events.append(Event(EventKind.PAM_SWAP, seat, (PAM, c), clause="M3"))
    _after_pam(board)


# E1–E3: play or pass -------------------------------------------------------------


def play_or_pass_problem(board: Board, seat: int, action: Action) -> IllegalActionError | None:
    """Why ``seat`` may not say ``action`` in the declaration round (E1 play or pass; E2 no
    pass with an ace dealt; E3 the dealer must play after one), or None if it may."""
    if action is not PLAY_IN and action is not PASS and action not in (PLAY_IN, PASS):
        return board._wrong_kind(seat, action, "play or pass", "E1")
    if action == PASS:
        if board.rules.ace_forbids_pass and board.deal_hands[seat] & ALL_ACES:
            aces = Cards(cards_of(board.deal_hands[seat] & ALL_ACES))
            return IllegalActionError("E2", "rams.illegal.ace_no_pass", who=Seat(seat), aces=aces)
        if seat == board.dealer and len(board.active) == 1:
            return IllegalActionError(
                "E3",
                "rams.illegal.dealer_must_play",
                first=Seat(board.active[0]),
                who=Seat(seat),
            )
    return None


def play_or_pass(board: Board, seat: int, action: Action) -> None:
    """``seat`` says play or pass (E1); after the last, the exchange; a void deal when
    nobody before the dealer plays (E3, X3)."""
    problem = play_or_pass_problem(board, seat, action)
    if problem is not None:
        raise problem
    assert isinstance(action, Say)
    board.calls[seat] = action.word
    if action == PLAY_IN:
        board.active.append(seat)
    board.events.append(Event(EventKind.CALL, seat, detail=action.word, clause="E1"))
    i = board.order.index(seat)
    if i == board.n - 1:
        _start_exchange(board)
        return
    nxt = board.order[i + 1]
    if nxt == board.dealer and not board.active:
        # E3, X3: nobody before the dealer plays: the deal is void, the dealer says nothing.
        board.void = True
        board.events.append(Event(EventKind.VOID, board.dealer, clause="E3"))
        board._finish()
        return
    board.to_move = nxt


# E4, K5 ------------------------------------------------------------------------


def _start_exchange(board: Board) -> None:
    rules = board.rules
    exchangers = list(board.active)
    if board.turned_in_hand:
        exchangers = []  # K1: no stock, no exchange
    elif rules.freeze:
        if any(r <= 1 for r in board.start_records):
            board.events.append(Event(EventKind.FROZEN, None, clause="K5", number=1))
            exchangers = []
        else:
            for s in list(exchangers):
                if board.start_records[s] <= 2:
                    exchangers.remove(s)
                    board.events.append(Event(EventKind.FROZEN, s, clause="K5", number=2))
    board.exchangers = exchangers
    if exchangers:
        board._set_phase(Phase.EXCHANGE, exchangers[0])
    else:
        _start_dealer_trump(board)


def exchange(board: Board, seat: int, action: Exchange) -> None:
    """``seat`` exchanges cards from the stock (E4); after the last, the dealer's trump."""
    hand = board.hands[seat]
    discard = action.mask
    if discard & ~hand:
        missing = Cards(cards_of(discard & ~hand))  # (Т♠ on a Russian screen, AS in a log)
        raise IllegalActionError("E4", "rams.illegal.not_held", who=Seat(seat), cards=missing)
    k = len(action.cards)
    if k > board.rules.max_exchange:
        raise IllegalActionError(
            "E4",
            "rams.illegal.exchange_most",
            who=Seat(seat),
            most=board.rules.max_exchange,
            k=k,
        )
    if k > board.stock_count:
        raise IllegalActionError(
            "E4", "rams.illegal.exchange_stock", who=Seat(seat), k=k, stock=board.stock_count
        )
    drawn = board.stock[board.stock_pos : board.stock_pos + k]
    board.stock_pos += k
    hand &= ~discard
    for c in drawn:
        hand |= 1 << c
    board.hands[seat] = hand
    board.discards |= discard
    if k:
        # Others cannot tell which cards went: nothing of this hand stays publicly known.
        board.known[seat] = 0
    board.exchanged[seat] = k
    board.events.append(
        Event(
            EventKind.EXCHANGE,
            seat,
            number=k,
            secret=action.cards,
            drawn=tuple(drawn),
            clause="E4",
        )
    )
    i = board.exchangers.index(seat)
    if i + 1 < len(board.exchangers):
        board.to_move = board.exchangers[i + 1]
    else:
        _start_dealer_trump(board)


# E5, X1, V2, V3 ------------------------------------------------------------------


def _start_dealer_trump(board: Board) -> None:
    rules = board.rules
    if (
        board.turned is not None
        and rules.dealer_trump != "forbidden"
        and board.dealer in board.active
    ):
        board._set_phase(Phase.DEALER_TRUMP, board.dealer)
    else:
        _declarations(board)


def dealer_trump(board: Board, seat: int, action: Action) -> None:
    """The dealer takes the turned trump for a card (swap) or leaves it (keep) (E5, X1);
    then the declarations."""
    if action == KEEP:
        if board.rules.dealer_trump == "mandatory":
            raise IllegalActionError("E5", "rams.illegal.must_swap", who=Seat(seat))
        board.events.append(Event(EventKind.KEEP, seat, clause="E5"))
    elif isinstance(action, Swap):
        c = action.card
        if not board.hands[seat] >> c & 1:
            raise IllegalActionError(
                "E5", "rams.illegal.not_held", who=Seat(seat), cards=Cards((c,))
            )
        assert board.turned is not None
        t = board.turned
        board.hands[seat] = board.hands[seat] & ~(1 << c) | (1 << t)
        board.discards |= 1 << c
        board.known[seat] |= 1 << t
        board.known[seat] &= ~(1 << c)
        board.events.append(Event(EventKind.DEALER_SWAP, seat, (t,), secret=(c,), clause="E5"))
        board.turned = None
    else:
        raise board._wrong_kind(seat, action, "swap", "E5, X1")
    _declarations(board)


def talon(board: Board, seat: int, action: Action) -> None:
    """V2: the non-dealer takes the talon or sells; after a sale the dealer takes it or says
    go; then on to the declarations."""
    allowed = (TAKE, SELL) if seat != board.dealer else (TAKE, GO)
    if action not in allowed:
        raise board._wrong_kind(seat, action, "talon", "V2")
    assert isinstance(action, Say)
    board.events.append(Event(EventKind.TALON, seat, detail=action.word, clause="V2"))
    board.active = list(board.order)
    if action == TAKE:
        board.discards |= board.hands[seat]
        board.hands[seat] = board.talon
        board.talon = 0
        board.taker = seat
        board.known[seat] = 0
        _start_dealer_trump(board)
    elif action == SELL:
        board.to_move = board.dealer
    else:
        _start_dealer_trump(board)


def _declarations(board: Board) -> None:
    """The declarations (R1–R4, J1–J5), then play, unless they ended the deal."""
    if not declarations.declare(board):
        board._start_play()
