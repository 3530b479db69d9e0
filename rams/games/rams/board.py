"""What lies on the table of one Rams deal (сдача), and the writes every phase makes on it.

A :class:`Board` holds the deal's state — the hands, the stock, the turned trump, the
calls, the trick and the tricks taken, the records, the stake and Даве, the history — and
the steps every phase shares: a record written off or added to (§5), the game won (S6),
the deal finished, play begun, an action refused in words. The phases take the board:
the opening (:mod:`.opening`: dealing, Pam, play or pass, the talon, the exchange, the
dealer's trump), the declarations (:mod:`.declarations`), the tricks' scoring
(:mod:`.scoring`), the claim and Даве (:mod:`.stakes`). :class:`~.deal.Deal` is the board
with its phases: the state machine a player drives.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rams.cards import ACE, CLUBS, JACK, KING, QUEEN, SUIT_MASKS, Card, card, cards_of, pack
from rams.errors import IllegalActionError, RulesError
from rams.games.rams.actions import Action, Told
from rams.games.rams.dealing import deck_problem
from rams.games.rams.events import Event, EventKind
from rams.games.rams.rules import Rules
from rams.games.rams.view import Phase
from rams.trickplay import TrickPlay
from rams.words import Phrase, Seat

__all__ = ["PAM", "Board", "Standing"]

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


@dataclass(frozen=True, slots=True)
class Standing:
    """What a deal takes over from the game: the records, the stake and Даве rights (V4).

    ``dave_offerer`` is the only seat that may offer Даве, or None while either may.
    """

    records: tuple[int, ...]
    stake: int = 1
    dave_offerer: int | None = None


class Board:
    """The state of one deal of a Rams-family game, and the steps its phases share.

    ``deck`` is the whole pack, top card first (D1); ``dealer`` a 0-based seat. A board
    is not dealt yet: :class:`~.deal.Deal` deals it and drives it.
    """

    __slots__ = (
        "_ace_value",
        "_memo_key",
        "_memo_mask",
        "_pam_bit",
        "_t",
        "_trump_ace",
        "_trump_king",
        "_trump_mask",
        "_trump_queen",
        "actions",
        "active",
        "calls",
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
        "play",
        "pre_play_records",
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
        #: The card play (P1–P6, M1, M4), from the first lead on (:meth:`_start_play`).
        self.play: TrickPlay | None = None
        self.credited = [False] * n
        self.jack_credit = [0] * n
        self.jack_remise = [0] * n
        self.start_hands = [0] * n
        self.leader = self.order[0]
        self.winner: int | None = None
        self.win_clause = ""
        self.void = False
        self.pam_holder: int | None = None
        self._memo_key = -1  # len(actions) when _memo_mask was computed for the seat to act
        self._memo_mask = 0
        self._t = rules.card_play
        self.trump: int | None = None
        self._pam_bit = 0
        self._trump_mask = self._trump_ace = self._trump_king = self._trump_queen = 0
        self._ace_value: tuple[int, ...] = (0, 0, 0, 0)
        # Before the first phase is set: declarations can end the game while dealing, when
        # no action comes before them (no passing, no exchange, no turned trump to take).
        self.phase = Phase.DEALER_TRUMP
        self.to_move: int | None = None
        # Dealt by the opening (rams.games.rams.opening.deal_cards).
        self.hands = [0] * n
        self.deal_hands: list[int] = []
        self.talon = 0
        self.turned: Card | None = None
        self.turned_in_hand = False
        self.stock: list[Card] = []
        self.stock_pos = 0

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.rules.preset_name} dealer p{self.dealer + 1}, "
            f"{self.phase.value}: {self.owed()}>"
        )

    # Phases and trump ---------------------------------------------------------------

    def _set_phase(self, phase: Phase, to_move: int | None) -> None:
        self.phase = phase
        self.to_move = to_move

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

    def standing(self) -> Standing:
        """What the next deal takes over (the records, the stake, Даве rights)."""
        return Standing(tuple(self.records), self.stake, self.dave_offerer)

    # Records, the end of the game: §5, S6 -------------------------------------------

    def _aces(self, mask: int) -> int:
        v = self._ace_value
        total = 0
        for s in range(4):
            if mask >> (13 * s + ACE) & 1:
                total += v[s]
        return total

    def _write(
        self,
        seat: int,
        delta: int,
        kind: EventKind,
        clause: str,
        cards: tuple[Card, ...] = (),
        detail: str = "",
        number: int = 0,
    ) -> None:
        self.records[seat] += delta
        self.events.append(
            _new_event(
                Event,
                (kind, seat, cards, delta, self.records[seat], clause, detail, number, (), ()),
            )
        )

    def _set_record(self, seat: int, value: int, kind: EventKind, clause: str) -> None:
        self._write(seat, value - self.records[seat], kind, clause)

    def _reached_zero(self, seat: int) -> bool:
        return self.rules.overshoot == "off" and self.records[seat] <= 0

    def _win(self, seat: int, clause: str) -> None:
        """``seat`` wins the game; during play the others go back to their pre-play records."""
        self.winner = seat
        self.win_clause = clause
        if self.phase is Phase.PLAY and self.pre_play_records is not None:
            for other in range(self.n):
                if other != seat and self.records[other] != self.pre_play_records[other]:
                    self._set_record(other, self.pre_play_records[other], EventKind.REVERT, "S6")
        self.events.append(Event(EventKind.WIN, seat, clause=clause, record=self.records[seat]))
        if self.phase is not Phase.DONE:
            self._finish()

    def _finish(self) -> None:
        if self.rules.pamfil and not self.void and self.pam_holder is not None:
            self.events.append(
                Event(EventKind.PAM, self.pam_holder, (PAM,), clause="M2", number=self.n - 1)
            )
        self._set_phase(Phase.DONE, None)
        self.dave_pending = None
        self.events.append(Event(EventKind.DONE))

    # Play begins: P1 ----------------------------------------------------------------

    def _start_play(self) -> None:
        self.pre_play_records = tuple(self.records)
        for seat in self.active:
            self.start_hands[seat] = self.hands[seat]
        if self.rules.talon:
            self.leader = self.taker if self.taker is not None else (self.dealer + 1) % self.n
        else:
            self.leader = self.active[0]
        # The tricks go round the active players clockwise (P1), on the shared card play.
        self.play = TrickPlay(
            self._t,
            self.hands,
            self.leader,
            self.trump if self.trump is not None else -1,
            self._trump_mask,
            self._pam_bit,
            seats=sorted(self.active),
        )
        self._set_phase(Phase.PLAY, self.leader)

    # The card play's state, read as the deal's ------------------------------------------

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The trick in progress, as (seat, card) in playing order."""
        return self.play.trick if self.play is not None else []

    @property
    def completed(self) -> list[tuple[tuple[int, Card], ...]]:
        """The completed tricks, in order."""
        return self.play.tricks if self.play is not None else []

    @property
    def tricks_taken(self) -> list[int]:
        """How many tricks each seat took."""
        return self.play.taken if self.play is not None else [0] * self.n

    @property
    def q_due(self) -> int | None:
        """The seat that must lead the trump queen after its king won (P5), if any."""
        due = self.play.queen_due if self.play is not None else -1
        return None if due < 0 else due

    # Refusals in words ----------------------------------------------------------------

    def _over_error(self) -> IllegalActionError:
        if self.winner is not None:
            return IllegalActionError(
                "X9", "rams.illegal.game_over", who=Seat(self.winner), why=self.win_clause
            )
        return IllegalActionError("X9", "rams.illegal.deal_over")

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
