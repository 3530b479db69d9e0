"""One deal (сдача) as an explicit state machine (RULES §2–§8, §10.1, §11).

deal → [Pam swap] → play/pass → [talon] → exchange → dealer's turned trump →
declarations (rams, jacks) → five tricks → scoring. The deal also carries what it needs
of the game (партия): the records, the stake and Даве, because a deal can end the game
(S6) and a record's value changes what is legal (K3, K5, S7).

A :class:`Deal` is its :class:`~.board.Board` (the state, and the writes every phase makes)
with its phases: the opening (:mod:`.opening`), the declarations (:mod:`.declarations`),
the card play here, the tricks' scoring (:mod:`.scoring`), the claim and Даве
(:mod:`.stakes`), and the integer action ids (:mod:`.ids`).

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
from typing import TYPE_CHECKING

from rams.actions import _PLAYS
from rams.cards import SUIT_MASKS, Card, Cards, cards_of
from rams.errors import IllegalActionError
from rams.games import protocol
from rams.games.rams import opening, stakes
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
from rams.games.rams.board import PAM, Board, Standing
from rams.games.rams.dealing import arrange_deck, deck_layout
from rams.games.rams.declarations import jack_credit
from rams.games.rams.events import Event, EventKind
from rams.games.rams.ids import (
    EXCHANGE_IDS,
    ID_PASS,
    ID_PLAY_IN,
    NUM_ACTIONS,
    SUBSETS,
    action_from_id,
    action_id,
)
from rams.games.rams.rules import Rules
from rams.games.rams.scoring import end_trick
from rams.games.rams.stakes import can_claim, may_offer_dave
from rams.games.rams.view import Observation, Phase
from rams.tricks import CARDS, RULE_SHIFT, beats
from rams.words import Phrase, Seat, Suit

__all__ = [
    "NUM_ACTIONS",
    "PAM",
    "Deal",
    "Phase",
    "Standing",
    "arrange_deck",
    "deck_layout",
    "jack_credit",
    "takes_over",
    "trick_winner",
]

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


class Deal(Board):
    """One deal of a Rams-family game.

    ``deck`` is the whole pack, top card first (D1); ``dealer`` a 0-based seat. Drive it
    with :meth:`legal_actions` and :meth:`apply`; read it through :meth:`observation`.
    """

    __slots__ = ()

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        deck: Sequence[Card],
        standing: Standing | None = None,
    ) -> None:
        super().__init__(rules, dealer, deck, standing)
        opening.deal_cards(self)

    # Queries ----------------------------------------------------------------------

    def can_claim(self, seat: int) -> bool:
        """Whether ``seat`` may claim the game now (S7; not between a Даве and its answer)."""
        return can_claim(self, seat)

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
            if may_offer_dave(self, seat):
                out.append(DAVE)
        if can_claim(self, seat):
            out.append(CLAIM)
        return out

    def out_of_turn(self, seat: int) -> list[Action]:
        """What ``seat`` may do whoever is to move: claim the game (S7), when it may."""
        return [CLAIM] if can_claim(self, seat) else []

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
            play = self.play
            assert play is not None
            mask = play.legal(seat) & CARDS
            self._memo_key, self._memo_mask = len(self.actions), mask
            plays = _PLAYS
            return [plays[c] for c in cards_of(mask)]
        if phase is Phase.DECLARE:
            return [
                a for a in (PLAY_IN, PASS) if opening.play_or_pass_problem(self, seat, a) is None
            ]
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
            stakes.claim(self, seat)
        elif self.winner is not None or self.phase is Phase.DONE:
            raise self._over_error()
        elif seat != self.to_move:
            raise self._turn_error(seat, action)
        elif self.dave_pending is not None:
            stakes.answer_dave(self, seat, action)
        elif action in (ACCEPT, CONCEDE):
            raise IllegalActionError("V4", "rams.illegal.no_dave", who=Seat(seat), act=Told(action))
        elif action == DAVE:
            stakes.offer_dave(self, seat)
        elif self.phase is Phase.PLAY:
            if not isinstance(action, Play):
                raise self._wrong_kind(seat, action, "a card", "P1")
            self._play(seat, action.card)
        elif self.phase is Phase.DECLARE:
            opening.play_or_pass(self, seat, action)
        elif self.phase is Phase.EXCHANGE:
            if not isinstance(action, Exchange):
                raise self._wrong_kind(seat, action, "exchange", "E4, X1")
            opening.exchange(self, seat, action)
        elif self.phase is Phase.DEALER_TRUMP:
            opening.dealer_trump(self, seat, action)
        elif self.phase is Phase.TALON:
            opening.talon(self, seat, action)
        elif self.phase is Phase.PAM_SWAP:
            opening.pam_swap(self, seat, action)
        self.actions.append((seat, action))

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

    # Play: P1–P6, M1, M4, X7, X8 --------------------------------------------------------

    def _legal(self, seat: int) -> int:
        """``seat``'s legal cards and the rule that limits them (:func:`rams.tricks.legal`,
        on the shared card play; in play only)."""
        assert self.play is not None
        return self.play.legal(seat)

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
        """``seat`` plays ``c``: the shared card play takes it (:class:`~rams.trickplay.
        TrickPlay`); the deal announces a forced lead (P4, P5), keeps what the others know
        of the hand, and scores a completed trick (:func:`~.scoring.end_trick`)."""
        bit = 1 << c
        if self._memo_key == len(self.actions):
            legal = self._memo_mask
        else:
            legal = self._legal(seat) & CARDS
        if not legal & bit:
            raise self._explain_card(seat, c)
        play = self.play
        assert play is not None
        known = self.known
        if known[seat] & bit:
            known[seat] ^= bit
        events = self.events
        events.append(
            _new_event(Event, (_PLAY, seat, (c,), 0, None, "", "", len(play.tricks) + 1, (), ()))
        )
        if not play.trick and (
            bit == self._trump_ace or (bit == self._trump_queen and play.queen_due == seat)
        ):
            # P4, P5: a forced lead, announced (it reveals nothing the card does not).
            clause = "P4" if bit == self._trump_ace else "P5"
            events.append(Event(EventKind.FORCED, seat, (c,), clause=clause))
        winner = play.play(seat, c)
        if winner < 0:
            self.to_move = play.to_move
        else:
            end_trick(self, winner, play.tricks[-1])

    # Copy, observation, encoding -----------------------------------------------------

    def copy(self) -> Deal:
        """An independent copy (cheap: lists are copied, immutable parts shared)."""
        new = Deal.__new__(Deal)
        for name in Board.__slots__:
            value = getattr(self, name)
            if type(value) is list:
                value = list(value)
            object.__setattr__(new, name, value)
        if self.play is not None:  # (its hands are the copy's own)
            new.play = self.play.copy(new.hands)
        return new

    def hands_now(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand as it is now."""
        return tuple(tuple(cards_of(m)) for m in self.hands)

    def dealt_hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand as it was dealt (after Pam's swap, M3)."""
        return tuple(tuple(cards_of(m)) for m in self.deal_hands)

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
            winners=tuple(self.play.winners) if self.play is not None else (),
        )

    @property
    def action_count(self) -> int:
        """The size of the integer action space (:data:`~rams.games.rams.ids.NUM_ACTIONS`)."""
        return NUM_ACTIONS

    def record_fields(self) -> dict[str, object]:
        """What a record's deal holds beside dealer, deck and actions: nothing, in Rams."""
        return {}

    def action_id(self, action: Action, seat: int | None = None) -> int:
        """The integer id of an action (0 ≤ id < NUM_ACTIONS); an exchange is numbered by the
        positions of its cards in ``seat``'s sorted hand (:mod:`.ids`)."""
        who = self.to_move if seat is None else seat
        return action_id(action, None if who is None else self.hands[who])

    def action_from_id(self, action_id: int, seat: int | None = None) -> Action:
        """The action of an integer id (the inverse of :meth:`action_id`)."""
        who = self.to_move if seat is None else seat
        return action_from_id(action_id, None if who is None else self.hands[who])

    def legal_action_ids(self, seat: int | None = None) -> list[int]:
        """The ids of :meth:`legal_actions`, in the same order (for adapters and fast loops)."""
        who = self.to_move if seat is None else seat
        rules = self.rules
        if (
            who is not None
            and who == self.to_move
            and self.dave_pending is None
            and self.winner is None
            and not rules.dave
            and (rules.overshoot == "off" or self.records[who] > 0)
        ):
            phase = self.phase
            if phase is Phase.PLAY:
                play = self.play
                assert play is not None
                mask = play.legal(who) & CARDS
                self._memo_key, self._memo_mask = len(self.actions), mask
                return cards_of(mask)
            if phase is Phase.EXCHANGE:
                return list(EXCHANGE_IDS[min(rules.max_exchange, self.stock_count)])
            if phase is Phase.DECLARE:
                may_pass = opening.play_or_pass_problem(self, who, PASS) is None
                return [ID_PLAY_IN, ID_PASS] if may_pass else [ID_PLAY_IN]
        return [self.action_id(a, seat) for a in self.legal_actions(seat)]

    def apply_id(self, action_id: int, seat: int | None = None) -> None:
        """Apply the action of an integer id."""
        if seat is None and self.phase is Phase.PLAY and self.dave_pending is None:
            who = self.to_move
            if action_id < 52 and who is not None:
                self._play(who, action_id)
                self.actions.append((who, _PLAYS[action_id]))
                return
        self.apply(self.action_from_id(action_id, seat), seat)


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


if TYPE_CHECKING:
    # The seam, checked: a Rams deal is the protocol's deal of Rams' actions and views.
    _IS_A_DEAL: type[protocol.Deal[Action, Observation]] = Deal
