"""A deal of a plain trick game (RULES §10.2–10.5): dealt one card at a time, a prelude
that differs by game (Boston's auction, a trump to name), then tricks by the card-play data
of :mod:`rams.tricks`, then the family's scoring.

:class:`~rams.trickplay.TrickPlay` is the card play itself, written once for every game
(Rams' too): the hands, the trick in progress, the tricks taken; which cards are legal
comes from :func:`rams.tricks.legal` and who takes a trick from :func:`rams.tricks.beats`.
:class:`PlainDeal` is the state machine every family's deal extends; its hooks are the
family's prelude, what ends the play, and the scoring. :class:`PlainView` is what one seat
may see — the one gate for hidden information.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from rams.actions import Play, play
from rams.cards import Card, Cards, cards_of, pack
from rams.errors import IllegalActionError, RulesError
from rams.events import Event
from rams.games import protocol
from rams.games.plain.actions import Told
from rams.trickplay import TrickPlay
from rams.tricks import CARDS, RULE_NAMES, RULE_SHIFT
from rams.words import Phrase, Seat, Suit

__all__ = ["Kind", "Phase", "PlainDeal", "PlainView", "TrickPlay"]


class Phase(enum.Enum):
    """The phases of a plain deal, in the order they can occur."""

    AUCTION = "auction"  #: Boston's bids (B4)
    PARTNER = "partner"  #: Boston's partner (B5)
    TRUMP = "trump"  #: naming the trump (W4, T3)
    ASIDE = "aside"  #: Boston's set-aside card (B6)
    PLAY = "play"  #: the tricks
    DONE = "done"  #: the deal is over


class Kind(enum.Enum):
    """What happens in a plain deal (:class:`rams.events.Event` kinds)."""

    DEAL = "deal"  #: dealt; ``cards`` the card turned for trump (W3), if any
    TURNED = "turned"  #: Boston's card from the second pack (B1)
    TRUMP = "trump"  #: ``seat`` names the trump, ``number`` the suit (W4, T3)
    DELEGATE = "delegate"  #: the dealer leaves the trump to his partner (W4)
    BID = "bid"  #: ``detail`` the bid (B3, B4)
    PASS = "pass"  #: a pass in the auction (B4)
    CONTRACT = "contract"  #: the auction is won: ``detail`` the contract
    PARTNER = "partner"  #: ``detail`` alone/invite/accept/decline/together/reject (B5)
    ASIDE = "aside"  #: the declarer sets a card aside (B6; the card is secret)
    OPEN = "open"  #: a hand is shown (B9): ``cards``
    CARD = "card"  #: ``seat`` plays ``cards[0]``
    TRICK = "trick"  #: ``seat`` takes trick ``number`` (``cards`` the trick)
    SKAT = "skat"  #: the skat's card points go to ``seat`` (F2)
    VOID = "void"  #: nothing is written (F7.1, B4)
    SCORE = "score"  #: ``seat`` writes ``delta`` (``record`` its total)
    END = "end"  #: the deal is over


@dataclass(frozen=True, slots=True)
class PlainView:
    """What one seat may see of a plain deal.

    ``shown`` gives, for every seat, the cards of its hand everyone sees (Whist's turned
    card until it joins the dealer's hand, W3; Boston's open hands, B9). ``tricks`` are the
    completed tricks as (seat, card) pairs in playing order, with ``winners`` beside them.
    ``scores`` are the totals before this deal (per seat, or per side in Whist), and
    ``written`` what the deal wrote to them once it is over (public then);
    ``extra`` holds what only one game has (the contract, the card points, the skat count).
    """

    family: str
    seat: int | None
    rules: Any
    dealer: int
    phase: Phase
    to_move: int | None
    hand: tuple[Card, ...]
    trump: int | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    winners: tuple[int, ...]
    tricks_taken: tuple[int, ...]
    shown: tuple[tuple[Card, ...], ...]
    hand_sizes: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...] | None
    scores: tuple[int, ...]
    events: tuple[Event, ...]
    legal_actions: tuple[Any, ...]
    #: When the seat is to play a card: the rule that limits it (``follow``, ``trump`` …).
    play_rule: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    written: tuple[int, ...] = ()

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is to act."""
        return self.to_move == self.seat


class PlainDeal:
    """A deal of a plain trick game; a family's deal sets the class variables and writes
    the hooks :meth:`_begin` (the prelude's first step), :meth:`_prelude_legal` and
    :meth:`_prelude_apply`, :meth:`_trick_taken`, :meth:`_score`; the rest — dealing,
    turns, card play, the legal actions and ids, copies, the observation — is here.

    ``before`` are the scores before this deal, as the match keeps them (per seat, or per
    side in Whist): some games score a deal against them (W6's «10 ends the game»).
    """

    #: The family's name, and the clause that names each card-play rule (``follow``: F4 …).
    family: ClassVar[str] = ""
    PLAY_CLAUSES: ClassVar[dict[str, str]] = {}
    #: The clause of the dealing (D2-like: one card at a time).
    DEAL_CLAUSE: ClassVar[str] = ""
    #: The clause that sets the game's pack (a deck of another is refused citing it).
    PACK_CLAUSE: ClassVar[str] = "N2"

    def __init__(
        self,
        rules: Any,
        dealer: int,
        deck: Sequence[Card],
        before: Sequence[int] | None = None,
        **extra: Any,
    ) -> None:
        n = rules.players
        if not 0 <= dealer < n:
            raise RulesError("plain.rules.no_dealer_seat", ("dealer",), seat=dealer + 1, n=n)
        size = rules.pack_size
        if len(deck) != size or set(deck) != set(pack(size)):
            raise IllegalActionError(self.PACK_CLAUSE, "plain.record.pack", size=size)
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.deck = tuple(deck)
        self.before = tuple(before) if before is not None else tuple([0] * self.score_width())
        self.actions: list[tuple[int, Any]] = []
        self.events: list[Event] = []
        self.phase = Phase.PLAY
        self.to_move: int | None = None
        self.scores: list[int] = [0] * self.score_width()
        self.void = False
        dealt = self.hand_size() * n
        hands = [0] * n
        for i, c in enumerate(self.deck[:dealt]):
            hands[(dealer + 1 + i) % n] |= 1 << c
        self.hands = hands
        self.dealt = tuple(hands)
        self.rest = self.deck[dealt:]
        self.play: TrickPlay | None = None
        self.trump = -1
        self._setup(**extra)
        self.events.append(Event(Kind.DEAL, dealer, self._deal_shows(), clause=self.DEAL_CLAUSE))
        self._begin()

    # What a family says -----------------------------------------------------------------

    def hand_size(self) -> int:
        """Cards dealt to each seat."""
        return int(self.rules.pack_size // self.n)

    def score_width(self) -> int:
        """How many scores a deal writes: one per seat (one per side in Whist)."""
        return int(self.rules.players)

    def _setup(self, **extra: Any) -> None:
        """Take the deal's extra record fields (Boston's ``turned``)."""
        if extra:
            raise TypeError(f"unexpected deal fields {sorted(extra)}")

    def _deal_shows(self) -> tuple[Card, ...]:
        """The cards the deal shows everyone as it is dealt (Whist's turned card)."""
        return ()

    def _begin(self) -> None:
        """The first step after dealing (a bid, a trump to name, or the first lead)."""
        raise NotImplementedError

    def _prelude_legal(self, seat: int) -> list[Any]:
        """The legal actions of ``seat`` (to move) before play."""
        return []

    def _prelude_apply(self, seat: int, action: Any) -> None:
        """Apply a legal prelude action."""
        raise NotImplementedError

    def out_of_turn(self, seat: int) -> list[Any]:
        """The actions ``seat`` may take whoever is to move (Boston's «Играю вместе»)."""
        return []

    def _trick_taken(self, winner: int) -> bool:
        """A trick was taken; True if the deal ends now (B6, B10)."""
        assert self.play is not None
        return not any(self.play.hands)

    def _score(self) -> None:
        """Write the deal's scores (``self.scores``) and their events."""
        raise NotImplementedError

    def action_table(self) -> tuple[Any, ...]:
        """Every action of the game that is not a card, in id order (ids from 52)."""
        return ()

    def owed_phrase(self) -> Phrase:
        """In words, what the deal waits for (for errors about records)."""
        key = {
            Phase.AUCTION: "bid",
            Phase.PARTNER: "partner",
            Phase.TRUMP: "trump",
            Phase.ASIDE: "aside",
        }.get(self.phase, "card")
        return Phrase(f"plain.owed.{key}")

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        """What the family's view adds for ``seat`` (see :class:`PlainView`)."""
        return {}

    def _shown(self) -> tuple[tuple[Card, ...], ...]:
        """The cards of each hand everyone sees."""
        return tuple(() for _ in range(self.n))

    def sides(self) -> tuple[tuple[int, ...], ...] | None:
        """The partnerships, if the game has fixed ones (Whist, W1)."""
        return None

    def summary(self) -> dict[str, Any]:
        """The deal's part of ``rams replay --json`` (F9, W10, B13, T6)."""
        raise NotImplementedError

    # Starting the play ------------------------------------------------------------------

    def _start_play(
        self,
        leader: int,
        trump: int = -1,
        trump_mask: int = 0,
        off_suit: int = 0,
        follow: int | None = None,
    ) -> None:
        t = self.rules.card_play if follow is None else _with_follow(self.rules.card_play, follow)
        self.trump = trump
        self.play = TrickPlay(t, self.hands, leader, trump, trump_mask, off_suit)
        self.phase = Phase.PLAY
        self.to_move = leader

    def _finish(self) -> None:
        self._score()
        self.phase = Phase.DONE
        self.to_move = None
        self.events.append(Event(Kind.END, clause=self.DEAL_CLAUSE))

    # The protocol -----------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.DONE

    @property
    def action_count(self) -> int:
        """The number of action ids: the 52 cards, then :meth:`action_table`."""
        return 52 + len(self.action_table())

    def legal_actions(self, seat: int | None = None) -> list[Any]:
        """The actions ``seat`` may take now (the seat to move by default; for another seat,
        what it may do out of turn)."""
        if seat is None:
            seat = self.to_move
        if seat is None or self.phase is Phase.DONE:
            return []
        if seat != self.to_move:
            return self.out_of_turn(seat)
        if self.phase is Phase.PLAY:
            assert self.play is not None
            return [play(c) for c in cards_of(self.play.legal(seat) & CARDS)]
        return self._prelude_legal(seat)

    def record_fields(self) -> dict[str, Any]:
        """What the deal's record holds beside dealer, deck and actions."""
        return {}

    def apply(self, action: Any, seat: int | None = None) -> None:
        """Apply ``action`` for ``seat`` (the seat to move by default); raises
        :class:`IllegalActionError`, leaving the deal unchanged, if the rules forbid it."""
        if seat is None:
            seat = self.to_move
        if seat is None or not 0 <= seat < self.n:
            if self.phase is Phase.DONE:
                raise IllegalActionError(self._over_clause(), "plain.illegal.deal_over")
            raise IllegalActionError("N4", "illegal.no_seat", seat=(seat or 0) + 1)
        if self.phase is Phase.DONE:
            raise IllegalActionError(self._over_clause(), "plain.illegal.deal_over")
        if seat != self.to_move:
            if action in self.out_of_turn(seat):
                self.actions.append((seat, action))
                self._prelude_apply(seat, action)
                return
            raise self._not_your_turn(seat, action)
        if self.phase is Phase.PLAY:
            if not isinstance(action, Play):
                raise self._wrong_kind(seat, action)
            self._play_card(seat, action.card)
            return
        if action not in self._prelude_legal(seat):
            raise self._refusal(seat, action)
        self.actions.append((seat, action))
        self._prelude_apply(seat, action)

    def _play_card(self, seat: int, c: Card) -> None:
        tp = self.play
        assert tp is not None
        mask = tp.legal(seat)
        if not (mask >> c) & 1:
            raise self._explain_card(seat, c, mask)
        self.actions.append((seat, play(c)))
        winner = tp.play(seat, c)
        self.events.append(Event(Kind.CARD, seat, (c,), clause=self._play_clause("free")))
        self.to_move = tp.to_move
        if winner >= 0:
            number = len(tp.tricks)
            self.events.append(
                Event(Kind.TRICK, winner, tuple(c for _, c in tp.tricks[-1]), number=number)
            )
            if self._trick_taken(winner):
                self._finish()

    def _play_clause(self, rule: str) -> str:
        return self.PLAY_CLAUSES.get(rule, self.PLAY_CLAUSES.get("free", ""))

    def _explain_card(self, seat: int, c: Card, mask: int) -> IllegalActionError:
        tp = self.play
        assert tp is not None
        if not (tp.hands[seat] >> c) & 1:
            return IllegalActionError(
                self._play_clause("held"),
                "plain.illegal.not_held",
                who=Seat(seat),
                cards=Cards((c,)),
            )
        rule = RULE_NAMES[mask >> RULE_SHIFT]
        lead = tp.trick[0][1] if tp.trick else 0
        return IllegalActionError(
            self._play_clause(rule),
            "plain.illegal.card",
            rule=Phrase(f"plain.card_rule.{rule}", suit=Suit(lead // 13)),
            who=Seat(seat),
            legal=Cards(cards_of(mask & CARDS)),
            card=Cards((c,)),
        )

    def _over_clause(self) -> str:
        """The clause that ended the deal (a refusal after it cites it)."""
        return self.DEAL_CLAUSE

    def _action_clause(self, action: Any) -> str | None:
        """The clause that says when an action of this kind may be taken (a refusal of it
        out of its time cites that clause), or None for the phase's own."""
        return None

    def _not_your_turn(self, seat: int, action: Any) -> IllegalActionError:
        return IllegalActionError(
            self._action_clause(action) or self._turn_clause(),
            "plain.illegal.not_your_turn",
            who=Seat(seat),
            act=Told(action),
            mover=Seat(self.to_move or 0),
            owed=self.owed_phrase(),
        )

    def _wrong_kind(self, seat: int, action: Any) -> IllegalActionError:
        return IllegalActionError(
            self._action_clause(action) or self._turn_clause(),
            "plain.illegal.wrong_kind",
            who=Seat(seat),
            owed=self.owed_phrase(),
            act=Told(action),
        )

    def _turn_clause(self) -> str:
        """The clause that says whose turn it is in this phase."""
        return self._play_clause("turn")

    def _refusal(self, seat: int, action: Any) -> IllegalActionError:
        """Why a prelude action is not legal (a family words its own reasons)."""
        return self._wrong_kind(seat, action)

    def play_rule(self, seat: int) -> str:
        """Which rule limits ``seat``'s cards now (``free``, ``follow``, ``trump`` …)."""
        assert self.play is not None
        return RULE_NAMES[self.play.legal(seat) >> RULE_SHIFT]

    # Ids --------------------------------------------------------------------------------

    def action_id(self, action: Any, seat: int | None = None) -> int:
        """The id of an action: a card's number, or 52 + its place in the action table."""
        if isinstance(action, Play):
            return int(action.card)
        return 52 + self.action_table().index(action)

    def action_from_id(self, action_id: int, seat: int | None = None) -> Any:
        """The action of an id (see :meth:`action_id`)."""
        if 0 <= action_id < 52:
            return play(action_id)
        table = self.action_table()
        if not 52 <= action_id < 52 + len(table):
            raise IllegalActionError(self.DEAL_CLAUSE, "illegal.id_not_legal", id=action_id)
        return table[action_id - 52]

    def legal_action_ids(self, seat: int | None = None) -> list[int]:
        """The ids of :meth:`legal_actions`, ascending."""
        if self.phase is Phase.PLAY and (seat is None or seat == self.to_move):
            assert self.play is not None and self.to_move is not None
            return cards_of(self.play.legal(self.to_move) & CARDS)
        return sorted(self.action_id(a, seat) for a in self.legal_actions(seat))

    def apply_id(self, action_id: int, seat: int | None = None) -> None:
        """Apply the action of an id."""
        self.apply(self.action_from_id(action_id, seat), seat)

    # Copies and views -------------------------------------------------------------------

    def copy(self) -> Any:
        """An independent copy (for search): nothing it does changes this deal."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.actions = list(self.actions)
        other.events = list(self.events)
        other.scores = list(self.scores)
        if self.play is not None:
            other.play = self.play.copy()
            other.hands = other.play.hands
        else:
            other.hands = list(self.hands)
        self._copy_into(other)
        return other

    def _copy_into(self, other: Any) -> None:
        """Copy the family's own mutable state into ``other``."""

    def hand_of(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a mask."""
        return self.play.hands[seat] if self.play is not None else self.hands[seat]

    def hands_now(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand as it is now."""
        return tuple(tuple(cards_of(self.hand_of(s))) for s in range(self.n))

    def dealt_hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand as it was dealt."""
        return tuple(tuple(cards_of(m)) for m in self.dealt)

    def observation(self, seat: int | None) -> PlainView:
        """Everything ``seat`` may see now, and nothing more; a spectator (``None``) sees
        the public board: no hand, no choices."""
        if seat is not None and not 0 <= seat < self.n:
            raise IllegalActionError("N4", "illegal.no_seat", seat=seat + 1)
        tp = self.play
        # The seat's own choices: to move, its legal actions; else what it may do out of
        # turn (Boston's «Играю вместе»).
        legal_now = tuple(self.legal_actions(seat)) if seat is not None else ()
        return PlainView(
            family=self.family,
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            phase=self.phase,
            to_move=self.to_move,
            hand=tuple(cards_of(self.hand_of(seat))) if seat is not None else (),
            trump=self.trump if self.trump >= 0 else None,
            trick=tuple(tp.trick) if tp is not None else (),
            tricks=tuple(tp.tricks) if tp is not None else (),
            winners=tuple(tp.winners) if tp is not None else (),
            tricks_taken=tuple(tp.taken) if tp is not None else tuple([0] * self.n),
            shown=self._shown(),
            hand_sizes=tuple(self.hand_of(s).bit_count() for s in range(self.n)),
            sides=self.sides(),
            scores=self.before,
            events=tuple(e.seen_by(seat) for e in self.events),
            legal_actions=legal_now,
            play_rule=self.play_rule(seat)
            if seat is not None and tp is not None and seat == self.to_move
            else None,
            extra=self._view_extra(seat),
            written=tuple(self.scores) if self.is_over else (),
        )

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.rules.preset_name} dealer p{self.dealer + 1}, "
            f"{self.phase.value}>"
        )


def _with_follow(t: tuple[int, ...], follow: int) -> tuple[int, ...]:
    return (follow, *t[1:])


if TYPE_CHECKING:
    # The seam, checked: a plain deal is the protocol's deal of its games' views.
    _IS_A_DEAL: type[protocol.Deal[Any, PlainView]] = PlainDeal
