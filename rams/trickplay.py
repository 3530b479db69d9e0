"""The card play of a deal, written once for every game: the hands, the trick in progress,
its winner so far, the tricks taken.

Which cards are legal comes from :func:`rams.tricks.legal` and who takes a trick from
:func:`rams.tricks.beats`, on a game's trick-rules vector; what a game does around its
tricks (Rams' records written off a trick at a time, the plain games' scoring at the end)
is the game's. Rams' forced leads (P4, P5) and Pam (M1) are entries of the vector; the one
state they add is kept here: whether the trick is ``locked`` (Pam, or the ace of spades
over the trump ace: nothing after it can win) and which seat must lead the trump queen
(``queen_due``, P5).

>>> from rams.cards import mask_of, parse_cards, cards_str, SUIT_MASKS
>>> from rams.tricks import trick_rules, TRUMP
>>> hands = [mask_of(parse_cards(h)) for h in ("AH 7D", "KH 8H", "9S QD")]
>>> tp = TrickPlay(trick_rules(follow=TRUMP), hands, 0, trump=2, trump_mask=SUIT_MASKS[2])
>>> tp.play(0, parse_cards("AH")[0]), tp.play(1, parse_cards("8H")[0])
(-1, -1)
>>> tp.play(2, parse_cards("QD")[0])  # void in hearts: a trump (W5), and it takes the trick
2
>>> tp.taken, tp.to_move
([0, 0, 1], 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from rams.cards import Card
from rams.tricks import above, beats, legal

__all__ = ["TrickPlay"]


class TrickPlay:
    """The card play of a deal: the hands, the trick in progress, the tricks taken.

    ``t`` is the trick-rules vector (:func:`rams.tricks.trick_rules`), ``trump`` the trump
    suit (-1 for none), ``trump_mask`` the trump cards (the jacks, under F5),
    ``off_suit`` the cards that belong to no plain suit (Pam); ``seats`` play in that order
    around the table (all of them by default; Rams: those who play), ``leader`` leads the
    first trick. ``hands`` is the game's own list: a card played leaves it.
    """

    __slots__ = (
        "_next",
        "best",
        "hands",
        "leader",
        "locked",
        "off_suit",
        "queen_due",
        "seats",
        "t",
        "taken",
        "to_move",
        "trick",
        "tricks",
        "trump",
        "trump_mask",
        "win",
        "win_seat",
        "winners",
        "won",
    )

    def __init__(
        self,
        t: tuple[int, ...],
        hands: list[int],
        leader: int,
        trump: int = -1,
        trump_mask: int = 0,
        off_suit: int = 0,
        seats: Sequence[int] | None = None,
    ) -> None:
        self.t = t
        self.hands = hands
        self.seats = tuple(range(len(hands))) if seats is None else tuple(seats)
        # The next seat in the trick, by seat (-1: a seat that does not play).
        self._next = [-1] * len(hands)
        for i, seat in enumerate(self.seats):
            self._next[seat] = self.seats[(i + 1) % len(self.seats)]
        self.trump = trump
        self.trump_mask = trump_mask
        self.off_suit = off_suit
        self.leader = leader
        self.to_move = leader
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[tuple[tuple[int, Card], ...]] = []
        self.winners: list[int] = []
        self.taken = [0] * len(hands)
        self.won = [0] * len(hands)  # the cards of the tricks each seat took, as a mask
        self.win = -1
        self.win_seat = -1
        self.locked = 0
        self.best = -1
        self.queen_due = -1

    def copy(self, hands: list[int] | None = None) -> TrickPlay:
        """An independent copy (its own lists; ``hands``: the copy's game's own list)."""
        other = TrickPlay.__new__(TrickPlay)
        for name in TrickPlay.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands) if hands is None else hands
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.winners = list(self.winners)
        other.taken = list(self.taken)
        other.won = list(self.won)
        return other

    def legal(self, seat: int) -> int:
        """``seat``'s legal cards as a mask, with the rule that limited them above
        :data:`rams.tricks.RULE_SHIFT`."""
        trick = self.trick
        return legal(
            self.t,
            self.hands[seat],
            len(trick),
            trick[0][1] if trick else -1,
            self.win,
            self.locked,
            self.best,
            self.queen_due == seat,
            self.trump,
            self.trump_mask,
            self.off_suit,
        )

    def play(self, seat: int, c: Card) -> int:
        """``seat`` plays ``c`` (legal: the caller checked); returns the seat that took the
        trick if this card completed it, else -1."""
        self.hands[seat] &= ~(1 << c)
        trick = self.trick
        trumps = self.trump_mask
        if not trick:
            self.win, self.win_seat, self.locked = c, seat, 0
        else:
            state = beats(self.t, c, self.win, self.locked, self.trump, trumps, self.off_suit)
            if state:
                self.win, self.win_seat = c, seat
                self.locked = int(state == 2)
        if (trumps >> c) & 1:
            best = self.best
            if best < 0 or (above(self.t, best, trumps) >> c) & 1:
                self.best = c
        trick.append((seat, c))
        if len(trick) < len(self.seats):
            self.to_move = self._next[seat]
            return -1
        winner = self.win_seat
        self.tricks.append(tuple(trick))
        self.winners.append(winner)
        self.taken[winner] += 1
        won = self.won[winner]
        for _, x in trick:
            won |= 1 << x
        self.won[winner] = won
        self.trick = []
        self.win = self.win_seat = self.best = -1
        self.locked = 0
        self.to_move = winner
        return winner
