"""One deal (сдача) as an explicit state machine (RULES §2–§8, §10.1, §11).

deal → [Pam swap] → play/pass → [talon] → exchange → dealer's turned trump →
declarations (rams, jacks) → five tricks → scoring. The deal also carries what it needs
of the game (партия): the records, the stake and Даве, because a deal can end the game
(S6) and a record's value changes what is legal (K3, K5, S7).

>>> from rams.games.rams.rules import Rules
>>> from rams.cards import parse_cards
>>> deck = parse_cards(
...     "AS KS QS AC AD 7H JS TS 9S 8H 9H 7C 7D KH QH 8S 7S 8C 9C TC JC QC KC 8D 9D"
...     " TD JD QD KD TH JH AH")
>>> d = Deal(Rules.preset("classic", 3), dealer=2, deck=deck)
>>> d.phase, d.to_move, [str(a) for a in d.legal_actions()]
(<Phase.DECLARE: 'declare'>, 0, ['play'])
"""

from __future__ import annotations

from collections.abc import Sequence

from rams.actions import _PLAYS
from rams.cards import (
    ACE,
    CLUBS,
    JACK,
    KING,
    QUEEN,
    SUIT_MASKS,
    Card,
    Cards,
    card,
    cards_of,
    cards_str,
    pack,
    suit_of,
)
from rams.errors import IllegalActionError, RulesError
from rams.games.rams import declarations, ids, scoring, stakes
from rams.games.rams.actions import (
    ACCEPT,
    CLAIM,
    CONCEDE,
    DAVE,
    GO,
    KEEP,
    PASS,
    PLAY_IN,
    SELL,
    TAKE,
    Action,
    Exchange,
    Play,
    Say,
    Swap,
    Told,
)
from rams.games.rams.dealing import arrange_deck, deck_layout, deck_problem
from rams.games.rams.declarations import ALL_ACES, petukh_jacks
from rams.games.rams.events import Event, EventKind
from rams.games.rams.ids import NUM_ACTIONS, SUBSETS
from rams.games.rams.rules import Rules
from rams.games.rams.stakes import Standing
from rams.games.rams.view import Observation, Phase
from rams.tricks import CARDS, RULE_SHIFT, beats, legal
from rams.words import Phrase, Seat, Suit

__all__ = [
    "NUM_ACTIONS",
    "PAM",
    "Deal",
    "Phase",
    "Standing",
    "arrange_deck",
    "deck_layout",
    "petukh_jacks",
    "takes_over",
    "trick_winner",
]

PAM = card(JACK, CLUBS)
"""Памфил, the jack of clubs (M1)."""

#: What the deal waits for, by phase (the words: rams.owed.* in the catalogue).
_OWED = {
    Phase.DECLARE: "declare",
    Phase.EXCHANGE: "exchange",
    Phase.PLAY: "card",
    Phase.PAM_SWAP: "pam",
}

_new_event = tuple.__new__  # an Event without NamedTuple's keyword handling (hot loops)
_PLAY = EventKind.PLAY

#: The names by which a Rams deal calls the rules of :mod:`rams.tricks` (see Deal.play_rule).
PLAY_RULES = (
    "free",
    "free_lead",
    "P4",
    "P5_K",
    "P5_Q",
    "M1_led",
    "P6",
    "P2_follow",
    "P2_head",
    "P2_trump",
    "P2_over",
)


class Deal:
    """One deal of a Rams-family game.

    ``deck`` is the whole pack, top card first (D1); ``dealer`` a 0-based seat. Drive it
    with :meth:`legal_actions` and :meth:`apply`; read it through :meth:`observation`.
    """

    __slots__ = (
        "_ace_value",
        "_active_n",
        "_best_trump",
        "_memo_key",
        "_memo_mask",
        "_next_seat",
        "_pam_bit",
        "_t",
        "_trump_ace",
        "_trump_king",
        "_trump_mask",
        "_trump_queen",
        "_win_card",
        "_win_locked",
        "_win_seat",
        "actions",
        "active",
        "calls",
        "completed",
        "credited",
        "dave_offerer",
        "dave_pending",
        "deal_hands",
        "dealer",
        "deck",
        "discards",
        "events",
        "exchanged",
        "exchangers",
        "hands",
        "jack_credit",
        "jack_remise",
        "known",
        "leader",
        "n",
        "order",
        "pam_holder",
        "phase",
        "pre_play_records",
        "q_due",
        "records",
        "rules",
        "stake",
        "start_hands",
        "start_records",
        "stock",
        "stock_pos",
        "taker",
        "talon",
        "to_move",
        "trick",
        "tricks_taken",
        "trump",
        "turned",
        "turned_in_hand",
        "void",
        "win_clause",
        "winner",
    )

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        deck: Sequence[Card],
        standing: Standing | None = None,
    ) -> None:
        n = rules.players
        if not 0 <= dealer < n:
            raise RulesError("rams.rules.no_dealer_seat", ("players",), seat=dealer, n=n)
        expected = pack(rules.pack_size)
        if len(deck) != len(expected) or sorted(deck) != list(expected):
            raise deck_problem(deck, expected, rules.pack_size)
        st = standing or Standing((rules.start_score,) * n)
        if len(st.records) != n:
            raise RulesError("rams.rules.records_count", ("players",), count=len(st.records), n=n)
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.deck = tuple(deck)
        self.order = tuple((dealer + i) % n for i in range(1, n + 1))
        self.records = list(st.records)
        self.start_records = tuple(st.records)
        self.pre_play_records: tuple[int, ...] | None = None
        self.stake = st.stake
        self.dave_offerer = st.dave_offerer
        self.dave_pending: int | None = None
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.calls: list[str | None] = [None] * n
        self.active: list[int] = []
        self.exchanged: list[int | None] = [None] * n
        self.exchangers: list[int] = []
        self.discards = 0
        self.known = [0] * n
        self.taker: int | None = None
        self.talon = 0
        self.trick: list[tuple[int, Card]] = []
        self.completed: list[tuple[tuple[int, Card], ...]] = []
        self.tricks_taken = [0] * n
        self.credited = [False] * n
        self.jack_credit = [0] * n
        self.jack_remise = [0] * n
        self.start_hands = [0] * n
        self.q_due: int | None = None
        self.leader = self.order[0]
        self.winner: int | None = None
        self.win_clause = ""
        self.void = False
        self.pam_holder: int | None = None
        self._win_seat = -1
        self._win_card = -1
        self._win_locked = False
        self._best_trump = -1
        self._memo_key = -1  # len(actions) when _memo_mask was computed for the seat to act
        self._memo_mask = 0
        self._next_seat: list[int] = []
        self._t = rules.card_play
        self._active_n = 0
        self.trump: int | None = None
        self._pam_bit = 0
        self._trump_mask = self._trump_ace = self._trump_king = self._trump_queen = 0
        self._ace_value: tuple[int, ...] = (0, 0, 0, 0)
        # Before the first phase is set: declarations can end the game while dealing, when
        # no action comes before them (no passing, no exchange, no turned trump to take).
        self.phase = Phase.DEALER_TRUMP
        self.to_move: int | None = None
        self._deal_cards()

    def __repr__(self) -> str:
        return (
            f"<Deal {self.rules.preset_name} dealer p{self.dealer + 1}, "
            f"{self.phase.value}: {self.owed()}>"
        )

    # Dealing (D2, D3, K1, V2) ------------------------------------------------------

    def _deal_cards(self) -> None:
        rules, n = self.rules, self.n
        hands = [0] * n
        talon = 0
        recipients: list[int] = list(self.order)
        if rules.talon:
            non_dealer = (self.dealer + 1) % n
            recipients = [non_dealer, self.dealer, -1]
        pos = 0
        last_to_dealer = -1
        for size in rules.packets:
            for who in recipients:
                for c in self.deck[pos : pos + size]:
                    if who < 0:
                        talon |= 1 << c
                    else:
                        hands[who] |= 1 << c
                        if who == self.dealer:
                            last_to_dealer = c
                pos += size
        self.hands = hands
        self.talon = talon
        self.turned_in_hand = rules.turned_card_in_hand
        if self.turned_in_hand:
            # K1: Петух with six: the dealer's last card is trump, shown, and stays in his hand.
            self.turned: Card | None = None
            self.stock: list[Card] = []
            self._set_trump(suit_of(last_to_dealer))
            self.known[self.dealer] |= 1 << last_to_dealer
            shown: tuple[Card, ...] = (last_to_dealer,)
        else:
            self.turned = self.deck[pos]
            pos += 1
            self.stock = [] if rules.talon else list(self.deck[pos:])
            shown = (self.turned,)
            if not (rules.pamfil and self.turned == PAM):
                self._set_trump(suit_of(self.turned))
        self.stock_pos = 0
        self.deal_hands = list(hands)
        self.events.append(
            Event(
                EventKind.DEAL,
                self.dealer,
                shown,
                clause="K1" if self.turned_in_hand else "D3",
                detail="in_hand"
                if self.turned_in_hand
                else "pam"
                if rules.pamfil and self.turned == PAM
                else "",
            )
        )
        if rules.pamfil:
            self._find_pam_holder()
        if rules.pamfil and self.turned == PAM:
            self._set_phase(Phase.PAM_SWAP, self.dealer)
        else:
            self._after_pam()

    def _set_trump(self, trump: int) -> None:
        rules = self.rules
        self.trump = trump
        pam = (1 << PAM) if rules.pamfil else 0
        self._pam_bit = pam
        self._trump_mask = SUIT_MASKS[trump] & ~pam
        self._trump_ace = 1 << card(ACE, trump)
        self._trump_king = 1 << card(KING, trump)
        self._trump_queen = 1 << card(QUEEN, trump)
        self._ace_value = tuple(rules.ace_value(s, trump) for s in range(4))

    def _find_pam_holder(self) -> None:
        self.pam_holder = None
        for seat in range(self.n):
            if self.hands[seat] >> PAM & 1:
                self.pam_holder = seat

    def _after_pam(self) -> None:
        rules = self.rules
        if rules.talon:
            self._set_phase(Phase.TALON, self.order[0])
        elif rules.passing:
            self._set_phase(Phase.DECLARE, self.order[0])
        else:
            self.active = list(self.order)
            self._start_exchange()

    def _set_phase(self, phase: Phase, to_move: int | None) -> None:
        self.phase = phase
        self.to_move = to_move

    # Queries ----------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the deal is finished (or has ended the game)."""
        return self.phase is Phase.DONE

    @property
    def stock_count(self) -> int:
        """Cards left in the stock (E4)."""
        return len(self.stock) - self.stock_pos

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds. Not for players: they read :meth:`observation`."""
        return cards_of(self.hands[seat])

    can_claim = stakes.can_claim

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The actions ``seat`` (by default the seat to act) may take now.

        Only the seat to act has actions of the phase; any seat may have ``claim`` (S7).
        """
        if self.winner is not None:
            return []
        if seat is None:
            seat = self.to_move
            if seat is None:
                return []
        out: list[Action] = []
        if seat == self.to_move:
            out = self._phase_actions(seat)
            if self._may_offer_dave(seat):
                out.append(DAVE)
        if self.can_claim(seat):
            out.append(CLAIM)
        return out

    def out_of_turn(self, seat: int) -> list[Action]:
        """What ``seat`` may do whoever is to move: claim the game (S7), when it may."""
        return [CLAIM] if self.can_claim(seat) else []

    def legal_cards(self) -> list[Card]:
        """The cards the seat to act may play (P2–P6, M1); empty outside play."""
        if self.phase is not Phase.PLAY or self.dave_pending is not None or self.to_move is None:
            return []
        return cards_of(self._legal_card_mask(self.to_move))

    def _phase_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if self.dave_pending is not None:
            return [ACCEPT, CONCEDE]
        if phase is Phase.PLAY:
            mask = self._legal(seat) & CARDS
            self._memo_key, self._memo_mask = len(self.actions), mask
            plays = _PLAYS
            return [plays[c] for c in cards_of(mask)]
        if phase is Phase.DECLARE:
            return [a for a in (PLAY_IN, PASS) if self._declare_problem(seat, a) is None]
        if phase is Phase.EXCHANGE:
            hand = cards_of(self.hands[seat])
            most = min(self.rules.max_exchange, self.stock_count)
            of_sorted = Exchange.of_sorted
            return [of_sorted(tuple([hand[i] for i in positions])) for positions in SUBSETS[most]]
        if phase is Phase.DEALER_TRUMP:
            out: list[Action] = [Swap(c) for c in cards_of(self.hands[seat])]
            if self.rules.dealer_trump == "optional":
                out.append(KEEP)
            return out
        if phase is Phase.PAM_SWAP:
            return [Swap(c) for c in cards_of(self.hands[seat])]
        if phase is Phase.TALON:
            return [TAKE, SELL] if seat != self.dealer else [TAKE, GO]
        return []

    _may_offer_dave = stakes._may_offer_dave

    # Applying actions ----------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply ``action`` by ``seat`` (by default the seat to act).

        Raises :class:`~rams.errors.IllegalActionError`, naming the clause, for anything the
        rules forbid; the deal is then unchanged.
        """
        if seat is None:
            if self.to_move is None:
                raise self._over_error()
            seat = self.to_move
        kind = type(action)
        if (
            kind is Play
            and seat == self.to_move
            and self.phase is Phase.PLAY
            and self.dave_pending is None
        ):
            self._play(seat, action.card)  # type: ignore[union-attr]
            self.actions.append((seat, action))
            return
        if not 0 <= seat < self.n:
            raise IllegalActionError("N4", "illegal.no_seat", seat=seat + 1)
        if kind is Say and action.word == "claim":  # type: ignore[union-attr]
            self._claim(seat)
        elif self.winner is not None or self.phase is Phase.DONE:
            raise self._over_error()
        elif seat != self.to_move:
            raise self._turn_error(seat, action)
        elif self.dave_pending is not None:
            self._answer_dave(seat, action)
        elif action in (ACCEPT, CONCEDE):
            raise IllegalActionError("V4", "rams.illegal.no_dave", who=Seat(seat), act=Told(action))
        elif action == DAVE:
            self._offer_dave(seat)
        elif self.phase is Phase.PLAY:
            if not isinstance(action, Play):
                raise self._wrong_kind(seat, action, "a card", "P1")
            self._play(seat, action.card)
        elif self.phase is Phase.DECLARE:
            self._declare(seat, action)
        elif self.phase is Phase.EXCHANGE:
            if not isinstance(action, Exchange):
                raise self._wrong_kind(seat, action, "exchange", "E4, X1")
            self._exchange(seat, action)
        elif self.phase is Phase.DEALER_TRUMP:
            self._dealer_trump(seat, action)
        elif self.phase is Phase.TALON:
            self._talon(seat, action)
        elif self.phase is Phase.PAM_SWAP:
            self._pam_swap(seat, action)
        self.actions.append((seat, action))

    def _over_error(self) -> IllegalActionError:
        if self.winner is not None:
            return IllegalActionError(
                "X9", "rams.illegal.game_over", who=Seat(self.winner), why=self.win_clause
            )
        return IllegalActionError("X9", "rams.illegal.deal_over")

    def _turn_error(self, seat: int, action: Action) -> IllegalActionError:
        assert self.to_move is not None
        clause = {
            Phase.DECLARE: "E1",
            Phase.EXCHANGE: "E4",
            Phase.DEALER_TRUMP: "E5",
            Phase.PLAY: "P1",
            Phase.TALON: "V2",
            Phase.PAM_SWAP: "M3",
        }.get(self.phase, "X9")
        if self.dave_pending is not None or (
            isinstance(action, Say) and action.word in ("dave", "accept", "concede")
        ):
            clause = "V4"
        owed = Phrase("rams.owed.dave") if self.dave_pending is not None else self._owed_word()
        return IllegalActionError(
            clause,
            "rams.illegal.not_your_turn",
            who=Seat(seat),
            act=Told(action),
            mover=Seat(self.to_move),
            owed=owed,
        )

    def _owed_word(self) -> Phrase:
        phase = self.phase
        if phase is Phase.DEALER_TRUMP:
            key = "swap_or_keep" if self.rules.dealer_trump == "optional" else "swap"
        elif phase is Phase.TALON:
            key = "take_or_sell" if self.to_move != self.dealer else "take_or_go"
        else:
            key = _OWED.get(phase, "act")
        return Phrase(f"rams.owed.{key}")

    def owed_phrase(self) -> Phrase:
        """What the deal waits for, in the catalogue's words: «p2 is to play a card»."""
        if self.to_move is None:
            return Phrase("rams.owed.nothing")
        if self.dave_pending is not None:
            return Phrase("rams.owed.mover_dave", mover=Seat(self.to_move))
        return Phrase("rams.owed.mover", mover=Seat(self.to_move), owed=self._owed_word())

    def owed(self) -> str:
        """In words, what the deal waits for: ``p2 is to play a card``."""
        return str(self.owed_phrase())

    def _wrong_kind(self, seat: int, action: Action, want: str, clause: str) -> IllegalActionError:
        return IllegalActionError(
            clause,
            "rams.illegal.wrong_kind",
            who=Seat(seat),
            owed=self._owed_word(),
            act=Told(action),
        )

    # M3 ----------------------------------------------------------------------------

    def _pam_swap(self, seat: int, action: Action) -> None:
        if not isinstance(action, Swap):
            raise self._wrong_kind(seat, action, "swap", "M3")
        c = action.card
        if not self.hands[seat] >> c & 1:
            raise IllegalActionError(
                "M3", "rams.illegal.not_held", who=Seat(seat), cards=Cards((c,))
            )
        self.hands[seat] = self.hands[seat] & ~(1 << c) | (1 << PAM)
        self.deal_hands[seat] = self.hands[seat]
        self.known[seat] |= 1 << PAM
        self.turned = c
        self.pam_holder = seat
        self._set_trump(suit_of(c))
        self.events.append(Event(EventKind.PAM_SWAP, seat, (PAM, c), clause="M3"))
        self._after_pam()

    # E1–E3 -------------------------------------------------------------------------

    def _declare_problem(self, seat: int, action: Action) -> IllegalActionError | None:
        if action is not PLAY_IN and action is not PASS and action not in (PLAY_IN, PASS):
            return self._wrong_kind(seat, action, "play or pass", "E1")
        if action == PASS:
            if self.rules.ace_forbids_pass and self.deal_hands[seat] & ALL_ACES:
                aces = Cards(cards_of(self.deal_hands[seat] & ALL_ACES))
                return IllegalActionError(
                    "E2", "rams.illegal.ace_no_pass", who=Seat(seat), aces=aces
                )
            if seat == self.dealer and len(self.active) == 1:
                return IllegalActionError(
                    "E3",
                    "rams.illegal.dealer_must_play",
                    first=Seat(self.active[0]),
                    who=Seat(seat),
                )
        return None

    def _declare(self, seat: int, action: Action) -> None:
        problem = self._declare_problem(seat, action)
        if problem is not None:
            raise problem
        assert isinstance(action, Say)
        self.calls[seat] = action.word
        if action == PLAY_IN:
            self.active.append(seat)
        self.events.append(Event(EventKind.CALL, seat, detail=action.word, clause="E1"))
        i = self.order.index(seat)
        if i == self.n - 1:
            self._start_exchange()
            return
        nxt = self.order[i + 1]
        if nxt == self.dealer and not self.active:
            # E3, X3: nobody before the dealer plays: the deal is void, the dealer says nothing.
            self.void = True
            self.events.append(Event(EventKind.VOID, self.dealer, clause="E3"))
            self._finish()
            return
        self.to_move = nxt

    # E4, K5 ------------------------------------------------------------------------

    def _start_exchange(self) -> None:
        rules = self.rules
        exchangers = list(self.active)
        if self.turned_in_hand:
            exchangers = []  # K1: no stock, no exchange
        elif rules.freeze:
            if any(r <= 1 for r in self.start_records):
                self.events.append(Event(EventKind.FROZEN, None, clause="K5", number=1))
                exchangers = []
            else:
                for s in list(exchangers):
                    if self.start_records[s] <= 2:
                        exchangers.remove(s)
                        self.events.append(Event(EventKind.FROZEN, s, clause="K5", number=2))
        self.exchangers = exchangers
        if exchangers:
            self._set_phase(Phase.EXCHANGE, exchangers[0])
        else:
            self._start_dealer_trump()

    def _exchange(self, seat: int, action: Exchange) -> None:
        hand = self.hands[seat]
        discard = action.mask
        if discard & ~hand:
            missing = cards_str(cards_of(discard & ~hand))
            raise IllegalActionError("E4", "rams.illegal.not_held", who=Seat(seat), cards=missing)
        k = len(action.cards)
        if k > self.rules.max_exchange:
            raise IllegalActionError(
                "E4",
                "rams.illegal.exchange_most",
                who=Seat(seat),
                most=self.rules.max_exchange,
                k=k,
            )
        if k > self.stock_count:
            raise IllegalActionError(
                "E4", "rams.illegal.exchange_stock", who=Seat(seat), k=k, stock=self.stock_count
            )
        drawn = self.stock[self.stock_pos : self.stock_pos + k]
        self.stock_pos += k
        hand &= ~discard
        for c in drawn:
            hand |= 1 << c
        self.hands[seat] = hand
        self.discards |= discard
        if k:
            # Others cannot tell which cards went: nothing of this hand stays publicly known.
            self.known[seat] = 0
        self.exchanged[seat] = k
        self.events.append(
            Event(
                EventKind.EXCHANGE,
                seat,
                number=k,
                secret=action.cards,
                drawn=tuple(drawn),
                clause="E4",
            )
        )
        i = self.exchangers.index(seat)
        if i + 1 < len(self.exchangers):
            self.to_move = self.exchangers[i + 1]
        else:
            self._start_dealer_trump()

    # E5, X1, V2, V3 ------------------------------------------------------------------

    def _start_dealer_trump(self) -> None:
        rules = self.rules
        if (
            self.turned is not None
            and rules.dealer_trump != "forbidden"
            and self.dealer in self.active
        ):
            self._set_phase(Phase.DEALER_TRUMP, self.dealer)
        else:
            self._declarations()

    def _dealer_trump(self, seat: int, action: Action) -> None:
        if action == KEEP:
            if self.rules.dealer_trump == "mandatory":
                raise IllegalActionError("E5", "rams.illegal.must_swap", who=Seat(seat))
            self.events.append(Event(EventKind.KEEP, seat, clause="E5"))
        elif isinstance(action, Swap):
            c = action.card
            if not self.hands[seat] >> c & 1:
                raise IllegalActionError(
                    "E5", "rams.illegal.not_held", who=Seat(seat), cards=Cards((c,))
                )
            assert self.turned is not None
            t = self.turned
            self.hands[seat] = self.hands[seat] & ~(1 << c) | (1 << t)
            self.discards |= 1 << c
            self.known[seat] |= 1 << t
            self.known[seat] &= ~(1 << c)
            self.events.append(Event(EventKind.DEALER_SWAP, seat, (t,), secret=(c,), clause="E5"))
            self.turned = None
        else:
            raise self._wrong_kind(seat, action, "swap", "E5, X1")
        self._declarations()

    def _talon(self, seat: int, action: Action) -> None:
        allowed = (TAKE, SELL) if seat != self.dealer else (TAKE, GO)
        if action not in allowed:
            raise self._wrong_kind(seat, action, "talon", "V2")
        assert isinstance(action, Say)
        self.events.append(Event(EventKind.TALON, seat, detail=action.word, clause="V2"))
        self.active = list(self.order)
        if action == TAKE:
            self.discards |= self.hands[seat]
            self.hands[seat] = self.talon
            self.talon = 0
            self.taker = seat
            self.known[seat] = 0
            self._start_dealer_trump()
        elif action == SELL:
            self.to_move = self.dealer
        else:
            self._start_dealer_trump()

    # Declarations: R1–R4, J1–J5, X4, X5 -------------------------------------------------

    _aces = scoring._aces

    _rams_of = declarations._rams_of

    _declarations = declarations._declarations

    _score_rams = declarations._score_rams

    _jack_value = declarations._jack_value

    _score_jacks = declarations._score_jacks

    _petukh_jacks = declarations._petukh_jacks

    # Play: P1–P6, M1, M4, X7, X8 --------------------------------------------------------

    def _start_play(self) -> None:
        self.pre_play_records = tuple(self.records)
        self._active_n = len(self.active)
        for seat in self.active:
            self.start_hands[seat] = self.hands[seat]
        if self.rules.talon:
            self.leader = self.taker if self.taker is not None else (self.dealer + 1) % self.n
        else:
            self.leader = self.active[0]
        # The next seat in the trick: the next active player clockwise (P1).
        ring = sorted(self.active)
        self._next_seat = [-1] * self.n
        for i, seat in enumerate(ring):
            self._next_seat[seat] = ring[(i + 1) % len(ring)]
        self._set_phase(Phase.PLAY, self.leader)

    def _legal(self, seat: int) -> int:
        """``seat``'s legal cards and the rule that limits them (:func:`rams.tricks.legal`)."""
        trick = self.trick
        return legal(
            self._t,
            self.hands[seat],
            len(trick),
            trick[0][1] if trick else -1,
            self._win_card,
            self._win_locked,
            self._best_trump,
            self.q_due == seat,
            self.trump if self.trump is not None else -1,
            self._trump_mask,
            self._pam_bit,
        )

    def _legal_card_mask(self, seat: int) -> int:
        return self._legal(seat) & CARDS

    def play_rule(self, seat: int) -> str:
        """Which rule limits ``seat``'s cards now: ``free``, ``free_lead``, ``P4``, ``P5_K``,
        ``P5_Q``, ``M1_led``, ``P6``, ``P2_follow``, ``P2_head``, ``P2_trump``, ``P2_over`` (it
        speaks only of the seat's own hand, so it is part of the seat's observation)."""
        return PLAY_RULES[self._legal(seat) >> RULE_SHIFT]

    def _explain_card(self, seat: int, c: Card) -> IllegalActionError:
        """Why ``c`` is not a legal card for ``seat`` (the slow path, for messages)."""
        if not self.hands[seat] >> c & 1:
            return IllegalActionError(
                "P7", "rams.illegal.not_held", who=Seat(seat), cards=Cards((c,))
            )
        legal = Cards(cards_of(self._legal_card_mask(seat)))
        rule = self.play_rule(seat)
        led = Suit(self.trick[0][1] // 13 if self.trick else 0)
        return IllegalActionError(
            rule.partition("_")[0],
            "rams.illegal.card",
            rule=Phrase(f"rams.card_rule.{rule}", suit=led),
            who=Seat(seat),
            legal=legal,
            card=Cards((c,)),
        )

    def _play(self, seat: int, c: Card) -> None:
        bit = 1 << c
        if self._memo_key == len(self.actions):
            legal = self._memo_mask
        else:
            legal = self._legal(seat) & CARDS
        if not legal & bit:
            raise self._explain_card(seat, c)
        self.hands[seat] ^= bit
        known = self.known
        if known[seat] & bit:
            known[seat] ^= bit
        trick = self.trick
        self.events.append(
            _new_event(Event, (_PLAY, seat, (c,), 0, None, "", "", len(self.completed) + 1, (), ()))
        )
        trump = self.trump
        if not trick:
            self._win_seat, self._win_card, self._win_locked = seat, c, False
            self._best_trump = -1
            if bit == self._trump_ace or (bit == self._trump_queen and self.q_due == seat):
                # P4, P5: a forced lead, announced (it reveals nothing the card does not).
                clause = "P4" if bit == self._trump_ace else "P5"
                self.events.append(Event(EventKind.FORCED, seat, (c,), clause=clause))
        else:
            state = beats(
                self._t,
                c,
                self._win_card,
                self._win_locked,
                trump,  # type: ignore[arg-type]
                self._trump_mask,
                self._pam_bit,
            )
            if state:
                self._win_seat, self._win_card = seat, c
                self._win_locked = state == 2
        if bit & self._trump_mask and c > self._best_trump:
            self._best_trump = c
        trick.append((seat, c))
        if len(trick) == self._active_n:
            self._end_trick()
        else:
            self.to_move = self._next_seat[seat]

    _end_trick = scoring._end_trick

    _remises = scoring._remises

    # Records, the end of the game: S6, S7, V4 ---------------------------------------

    _write = scoring._write

    _set_record = scoring._set_record

    _reached_zero = scoring._reached_zero

    _win = scoring._win

    def _finish(self) -> None:
        if self.rules.pamfil and not self.void and self.pam_holder is not None:
            self.events.append(
                Event(EventKind.PAM, self.pam_holder, (PAM,), clause="M2", number=self.n - 1)
            )
        self._set_phase(Phase.DONE, None)
        self.dave_pending = None
        self.events.append(Event(EventKind.DONE))

    _claim = stakes._claim

    _offer_dave = stakes._offer_dave

    _answer_dave = stakes._answer_dave

    # Copy, observation, encoding -----------------------------------------------------

    def copy(self) -> Deal:
        """An independent copy (cheap: lists are copied, immutable parts shared)."""
        new = Deal.__new__(Deal)
        for name in Deal.__slots__:
            value = getattr(self, name)
            if type(value) is list:
                value = list(value)
            object.__setattr__(new, name, value)
        return new

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may see: its hand, the table, the public history (the one gate);
        a spectator (``None``) sees the table and the public history only."""
        if seat is None:
            return self._observation(None, (), (), ())
        return self._observation(
            seat,
            tuple(cards_of(self.hands[seat])),
            tuple(self.legal_actions(seat)),
            tuple(cards_of(self.deal_hands[seat])),
        )

    def _observation(
        self,
        seat: int | None,
        hand: tuple[Card, ...],
        legal: tuple[Action, ...],
        dealt: tuple[Card, ...],
    ) -> Observation:
        return Observation(
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            phase=self.phase,
            to_move=self.to_move,
            hand=hand,
            trump=self.trump,
            turned=self.turned,
            stock_count=self.stock_count,
            calls=tuple(self.calls),
            active=tuple(self.active),
            exchanged=tuple(self.exchanged),
            trick=tuple(self.trick),
            tricks=tuple(self.completed),
            tricks_taken=tuple(self.tricks_taken),
            records=tuple(self.records),
            pre_play_records=self.pre_play_records,
            stake=self.stake,
            dave_offerer=self.dave_offerer,
            dave_pending=self.dave_pending,
            known=tuple(tuple(cards_of(m)) for m in self.known),
            events=tuple(e.seen_by(seat) for e in self.events),
            legal_actions=legal,
            winner=self.winner,
            play_rule=self.play_rule(seat)
            if seat is not None
            and self.phase is Phase.PLAY
            and seat == self.to_move
            and self.dave_pending is None
            else None,
            dealt=dealt,
        )

    @property
    def action_count(self) -> int:
        """The size of the integer action space (:data:`~rams.games.rams.ids.NUM_ACTIONS`)."""
        return NUM_ACTIONS

    def record_fields(self) -> dict[str, object]:
        """What a record's deal holds beside dealer, deck and actions: nothing, in Rams."""
        return {}

    def standing(self) -> Standing:
        """What the next deal takes over (the records, the stake, Даве rights)."""
        return Standing(tuple(self.records), self.stake, self.dave_offerer)

    action_id = ids.action_id

    action_from_id = ids.action_from_id

    legal_action_ids = ids.legal_action_ids

    apply_id = ids.apply_id


def card_play(rules: Rules) -> tuple[int, ...]:
    """The trick rules of a Rams rule set as data (:attr:`.rules.Rules.card_play`)."""
    return rules.card_play


def takes_over(rules: Rules, trump: int | None, c: Card, w: Card, locked: bool) -> int:
    """0 if ``c`` does not beat ``w`` (the card winning so far), 1 if it does, 2 if it does
    and nothing after it can (Pam, M1; the ace of spades over the trump ace, M4)."""
    t = -1 if trump is None else trump
    pam = (1 << PAM) if rules.pamfil else 0
    trumps = SUIT_MASKS[t] & ~pam if t >= 0 else 0
    return beats(card_play(rules), c, w, int(locked), t, trumps, pam)


def trick_winner(rules: Rules, trump: int, cards: Sequence[Card]) -> int:
    """The index in ``cards`` (in playing order) of the card that wins the trick (P3, M1, M4).

    >>> from rams.cards import parse_cards
    >>> trick_winner(Rules.preset("classic", 3), 2, parse_cards("KH 7D AH"))
    1
    """
    best, locked = 0, False
    for i in range(1, len(cards)):
        state = takes_over(rules, trump, cards[i], cards[best], locked)
        if state:
            best, locked = i, state == 2
    return best
