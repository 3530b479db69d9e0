"""Whist (RULES §10.3): rules, deal and match.

>>> WhistRules.preset("whist-named").trump, WhistRules.preset("whist").rubbers
('named', 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from rams.actions import Say
from rams.cards import ACE, JACK, KING, QUEEN, SUIT_MASKS, SUITS, TEN, Card
from rams.events import Event
from rams.games.plain.actions import Trump
from rams.games.plain.deal import Kind, Phase, PlainDeal
from rams.games.plain.match import PlainMatch
from rams.games.plain.rules import PlainPreset, PlainRules, option
from rams.games.protocol import Sheet
from rams.tricks import TRUMP, trick_rules

__all__ = ["SIDES", "WhistDeal", "WhistMatch", "WhistRules", "deal_points", "game_value"]

#: W1: the partners sit opposite: side 0 = p1 + p3, side 1 = p2 + p4.
SIDES = ((0, 2), (1, 3))
#: W6: the trump honours («картинки»).
HONOURS = (ACE, KING, QUEEN, JACK, TEN)
#: W6: honour points for three, four and five honours in a side's tricks.
HONOUR_POINTS = {3: 2, 4: 4, 5: 6}
#: W7: a game is won at this many points.
GAME = 10
DELEGATE = Say("delegate")


@dataclass(frozen=True)
class WhistRules(PlainRules):
    """The options of Whist (W3, W4, W9)."""

    family: ClassVar[str] = "whist"
    PRESETS: ClassVar[Mapping[str, PlainPreset]] = {
        "whist": PlainPreset("whist", "004", (4, 4)),
        "whist-named": PlainPreset("whist-named", "004", (4, 4), {"trump": "named"}),
    }

    players: int = option(4, "W1", "int", low=4, high=4)
    trump: str = option("turned", "W3, W4", "choice", "turned", "named")
    rubbers: int = option(1, "W9", "int", low=1, high=1000)

    @property
    def pack_size(self) -> int:
        """The 52-card pack (W1)."""
        return 52

    @cached_property
    def card_play(self) -> tuple[int, ...]:
        """Follow suit; void, a trump if able; else any card; no duty to head (W5)."""
        return trick_rules(follow=TRUMP)


def deal_points(before: Sequence[int], tricks: Sequence[int], honours: Sequence[int]) -> list[int]:
    """W6, W7: what each side writes for a deal: trick points first (2 per trick above six),
    then honour points; the moment a side reaches 10 the rest is dropped.

    >>> deal_points([6, 2], [4, 9], [3, 2])
    [2, 6]
    >>> deal_points([8, 2], [8, 5], [0, 4])
    [4, 0]
    """
    written = [0, 0]
    score = list(before)
    steps = [(s, 2 * (tricks[s] - 6)) for s in (0, 1) if tricks[s] > 6]
    steps += [(s, HONOUR_POINTS[honours[s]]) for s in (0, 1) if honours[s] >= 3]
    for side, points in steps:
        written[side] += points
        score[side] += points
        if score[side] >= GAME:
            break
    return written


def game_value(loser: int) -> int:
    """W7: a game is worth 1; 2 if the losers have under 5 points; 3 if they have none."""
    return 3 if loser == 0 else 2 if loser < 5 else 1


class WhistDeal(PlainDeal):
    """A deal: 13 cards each; a turned trump (W3) or one the dealer names (W4)."""

    family = "whist"
    DEAL_CLAUSE = "W2"
    PACK_CLAUSE = "W1"
    PLAY_CLAUSES: ClassVar[dict[str, str]] = dict.fromkeys(
        ("free", "free_lead", "follow", "trump", "held", "turn"), "W5"
    )

    def score_width(self) -> int:
        return 2

    def sides(self) -> tuple[tuple[int, ...], ...]:
        return SIDES

    def _setup(self, **extra: Any) -> None:
        super()._setup(**extra)
        self.turned: Card | None = self.deck[-1] if self.rules.trump == "turned" else None
        self.delegated = False

    def _deal_shows(self) -> tuple[Card, ...]:
        return () if self.turned is None else (self.turned,)

    def _begin(self) -> None:
        if self.turned is not None:
            self._play_trump(self.turned // 13)
            return
        self.phase = Phase.TRUMP
        self.to_move = self.dealer

    def _play_trump(self, suit: int) -> None:
        self._start_play((self.dealer + 1) % 4, trump=suit, trump_mask=SUIT_MASKS[suit])

    def _prelude_legal(self, seat: int) -> list[Any]:
        trumps: list[Any] = [Trump(s) for s in range(4)]
        return trumps if self.delegated else [*trumps, DELEGATE]

    def _prelude_apply(self, seat: int, action: Any) -> None:
        if action == DELEGATE:
            self.delegated = True
            self.events.append(Event(Kind.DELEGATE, seat, clause="W4"))
            self.to_move = (self.dealer + 2) % 4
            return
        self.events.append(Event(Kind.TRUMP, seat, number=action.suit, clause="W4"))
        self._play_trump(action.suit)

    def _turn_clause(self) -> str:
        return "W4" if self.phase is Phase.TRUMP else "W5"

    def _action_clause(self, action: Any) -> str | None:
        """W4: naming the trump, or leaving it to the partner, has its own time."""
        return "W4" if isinstance(action, Trump) or action == DELEGATE else None

    def action_table(self) -> tuple[Any, ...]:
        return _TABLE

    def _shown(self) -> tuple[tuple[Card, ...], ...]:
        """W3: the turned card lies face up until the first trick is complete or the dealer
        has played it."""
        shown: list[tuple[Card, ...]] = [() for _ in range(4)]
        tp = self.play
        if (
            self.turned is not None
            and tp is not None
            and not tp.tricks
            and (tp.hands[self.dealer] >> self.turned) & 1
        ):
            shown[self.dealer] = (self.turned,)
        return tuple(shown)

    def side_tricks(self) -> list[int]:
        taken = self.play.taken if self.play is not None else [0] * 4
        return [taken[a] + taken[b] for a, b in SIDES]

    def side_honours(self) -> list[int]:
        if self.play is None or self.trump < 0:
            return [0, 0]
        honours = sum(1 << (13 * self.trump + r) for r in HONOURS)
        won = self.play.won
        return [((won[a] | won[b]) & honours).bit_count() for a, b in SIDES]

    def _score(self) -> None:
        self.scores = deal_points(self.before, self.side_tricks(), self.side_honours())
        for side, delta in enumerate(self.scores):
            if delta:
                total = self.before[side] + delta
                seat, partner = SIDES[side]
                self.events.append(
                    Event(
                        Kind.SCORE,
                        seat,
                        number=partner,
                        delta=delta,
                        record=total,
                        detail="side",
                        clause="W6",
                    )
                )

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        return {"side_tricks": self.side_tricks(), "trump_turned": self.turned is not None}

    def summary(self) -> dict[str, Any]:
        """W10's per-deal part the deal knows: ``trump``, ``tricks``, ``honours``, ``written``."""
        return {
            "trump": SUITS[self.trump] if self.trump >= 0 else None,
            "tricks": self.side_tricks(),
            "honours": self.side_honours(),
            "written": list(self.scores),
        }


_TABLE: tuple[Any, ...] = (*(Trump(s) for s in range(4)), DELEGATE)


class WhistMatch(PlainMatch):
    """Games to 10, rubbers of two games won, a match of ``rubbers`` rubbers (W7–W9).

    ``totals`` is the running score of the game in play (per side); ``games`` the games
    each side has won in the rubber in play; ``rubbers`` the finished rubbers; ``points``
    their rubber points per side, summed.
    """

    END_CLAUSE = "W9"
    deal_class = WhistDeal

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.games = [0, 0]
        self._games_written = [0, 0]  # the games as the sheet writes them (see _settle)
        self._values = [0, 0]  # the values of the games each side won in this rubber
        self.rubbers: list[dict[str, Any]] = []
        self.points = [0, 0]
        self.written = [0, 0]  # every point written, per side, over the match
        self._info: list[dict[str, Any]] = []
        self._rows = [self._row()]

    def _width(self) -> int:
        return 2

    def _row(self) -> tuple[int, ...]:
        return (*self.totals, *self._games_written, *self.points)

    @property
    def sheet(self) -> Sheet:
        """The score sheet: per side the points of the game in play, the games won in the
        rubber in play and the rubber points (W7, W8), after each deal."""
        self._catch_up()
        labels = [self.side_name(side) for _ in range(3) for side in (0, 1)]
        kinds = [kind for kind in ("points", "games", "rubbers") for _ in (0, 1)]
        return Sheet(self._rows, labels, kinds)

    def side_name(self, side: int) -> str:
        a, b = SIDES[side]
        return f"{self.players[a]}+{self.players[b]}"

    def _settle(self, deal: PlainDeal) -> None:
        score = [t + s for t, s in zip(self.totals, deal.scores, strict=True)]
        self.written = [w + s for w, s in zip(self.written, deal.scores, strict=True)]
        info: dict[str, Any] = {}
        winner = next((s for s in (0, 1) if score[s] >= GAME), None)
        if winner is not None:
            value = game_value(score[1 - winner])
            info["game"] = {"winner": winner, "value": value, "score": score}
            self.games[winner] += 1
            self._values[winner] += value
            score = [0, 0]
            if self.games[winner] == 2:
                bonus = 5 if self.games[1 - winner] == 0 else 3
                points = list(self._values)
                points[winner] += bonus
                rubber = {"winner": winner, "games": list(self.games), "bonus": bonus,
                          "points": points}  # fmt: skip
                info["rubber"] = rubber
                self.rubbers.append(rubber)
                self.points = [p + q for p, q in zip(self.points, points, strict=True)]
                self.games = [0, 0]
                self._values = [0, 0]
        self.totals = score
        info["score"] = list(score)
        info["games"] = list(self.games)
        self._info.append(info)
        won = [sum(1 for r in self.rubbers if r["winner"] == s) for s in (0, 1)]
        self._over = max(won) >= self.rules.rubbers
        # The sheet ends on the last rubber's games («2:1»), not on the «0:0» of a rubber
        # nobody plays; a rubber with another after it starts the next at 0:0.
        self._games_written = self.rubbers[-1]["games"] if self._over else list(self.games)

    def _catch_up(self) -> None:
        while self._settled < len(self._deals) and self._deals[self._settled].is_over:
            self._settle(self._deals[self._settled])
            self._settled += 1
            self._rows.append(self._row())

    def deal_limit(self) -> int:
        return 10**9

    def _winners(self) -> list[int]:
        won = [sum(1 for r in self.rubbers if r["winner"] == s) for s in (0, 1)]
        return list(SIDES[0 if won[0] > won[1] else 1])

    def seat_scores(self) -> list[int]:
        """Every point each seat's side has written (W6), over the match."""
        return [self.written[0 if s in SIDES[0] else 1] for s in range(4)]

    def returns(self) -> list[float]:
        """The rubber points each seat's side holds above the other side's (W8)."""
        self._catch_up()
        diff = self.points[0] - self.points[1]
        return [float(diff if s in SIDES[0] else -diff) for s in range(4)]

    def summary(self) -> dict[str, Any]:
        """W10: per deal ``trump``, ``tricks``, ``honours``, ``written``, then ``game`` and
        ``rubber`` when one ends, the running ``score`` and ``games``; overall ``rubbers``,
        ``points`` and ``winners``."""
        self._catch_up()
        deals = [
            {**d.summary(), **(self._info[i] if i < len(self._info) else {})}
            for i, d in enumerate(self._deals)
        ]
        return {
            "deals": deals,
            "rubbers": [dict(r) for r in self.rubbers],
            "points": list(self.points),
            "winners": self.winners() or None,
        }

    def _copy_into(self, other: Any) -> None:
        other.games = list(self.games)
        other._games_written = list(self._games_written)
        other._values = list(self._values)
        other.rubbers = [dict(r) for r in self.rubbers]
        other.points = list(self.points)
        other.written = list(self.written)
        other._info = [dict(i) for i in self._info]
