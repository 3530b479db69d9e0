"""The protocol every game family implements: a match (партия), its deals, a seat's view.

Front ends and tools — the driver loop, the terminal, the web tables, simulate, tournament,
replay, the adapters — speak only this; each family (:mod:`rams.games.rams` …) is a module
behind it, and a player program is a :class:`Bot`, given a seat's view. Out-of-turn
actions (a Rams claim, Boston's «Играю вместе») are simply legal actions of a seat that is
not to move: ``deal.legal_actions(seat)`` lists them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from rams.cards import Card
from rams.events import Event
from rams.games.replaying import Announcing
from rams.words import Phrase, text

if TYPE_CHECKING:  # (imported by what draws a game, not by what plays one)
    from rams.games.display import Display, Settlement, Verdict
    from rams.sheets import Column

__all__ = [
    "AnyBot",
    "AnyFamily",
    "Bot",
    "Deal",
    "DealLayout",
    "DealState",
    "Family",
    "GameRules",
    "Match",
    "PresetInfo",
    "Sheet",
    "View",
]


#: A family's action (Rams' :data:`~rams.games.rams.actions.Action` …).
A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)
#: What a seat of a family's deal sees (Rams' :class:`~rams.games.rams.view.Observation` …).
V_co = TypeVar("V_co", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)
#: A family's rules (Rams' :class:`~rams.games.rams.rules.Rules` …).
R = TypeVar("R")
#: A family's match (Rams' :class:`~rams.games.rams.match.RamsMatch` …).
M = TypeVar("M")


class GameRules(Protocol):
    """A family's rules, as far as the tools need them: which family and preset, how many
    seats, how big the pack; and the record's form of them."""

    family: ClassVar[str]
    preset_name: str
    players: int

    @property
    def pack_size(self) -> int: ...

    def to_json(self) -> Any: ...


class View(Protocol):
    """What one seat may see of a deal (the one gate for hidden information)."""

    seat: int
    to_move: int | None
    hand: tuple[Card, ...]
    legal_actions: tuple[Any, ...]
    events: tuple[Event, ...]

    @property
    def is_my_turn(self) -> bool: ...


class Bot(Protocol[V_contra, A_co]):
    """A player program (:mod:`rams.bots` makes them). It is given its seat's view (the
    family's observation), never a deal, and answers with one of its legal actions; the
    driver loop (:mod:`rams.table`) asks it whenever its seat is to act.

    Optional, and read by the driver when present: ``act_out_of_turn(view, offers)``, the
    offer out of turn it takes (a claim, S7), None to decline; ``sees_all`` with
    ``act_full(deal, seat)``, for bots that see every card (measurement only)."""

    name: str

    def act(self, view: V_contra) -> A_co:
        """The action to take; ``view.legal_actions`` lists the choices."""
        ...


#: A bot of any family, as the driver loop and the tools hold it.
AnyBot = Bot[Any, Any]


class Deal(Protocol[A, V_co]):
    """One deal (сдача): a state machine driven by actions (``A``) or by integer ids, seen
    by each seat as a view (``V_co``).

    ``dealer`` (0-based), ``deck`` (top first) and ``actions`` (seat, action) are what its
    record holds, with :meth:`record_fields` for what a family adds.
    """

    to_move: int | None
    events: list[Event]
    dealer: int
    deck: tuple[Card, ...]
    actions: list[tuple[int, A]]

    @property
    def phase(self) -> Any: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def action_count(self) -> int: ...

    def legal_actions(self, seat: int | None = None) -> list[A]: ...

    def out_of_turn(self, seat: int) -> list[A]:
        """The actions ``seat`` may take whoever is to move (a Rams claim), if any."""
        ...

    def record_fields(self) -> dict[str, Any]:
        """What the deal's record holds beside dealer, deck and actions (Boston's turned)."""
        ...

    def owed_phrase(self) -> Phrase:
        """What the deal waits for, in the catalogue's words (for errors about records)."""
        ...

    def apply(self, action: A, seat: int | None = None) -> None: ...

    def observation(self, seat: int | None) -> V_co:
        """What ``seat`` may see now; ``None``: a spectator, who sees the public board
        and no hand."""
        ...

    def copy(self) -> Deal[A, V_co]: ...

    def hands_now(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand as it is now: the whole deal, for a finished game's replay (never a
        seat's view while it goes on)."""
        ...

    def dealt_hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand as it was dealt: what the record shows, public once the game is
        over (never a seat's view while it goes on)."""
        ...

    def legal_action_ids(self, seat: int | None = None) -> list[int]: ...

    def apply_id(self, action_id: int, seat: int | None = None) -> None: ...

    def action_id(self, action: A, seat: int | None = None) -> int: ...

    def action_from_id(self, action_id: int, seat: int | None = None) -> A: ...


#: A deal of any family, as the tools that drive every family hold it.
DealState = Deal[Any, Any]


class Match(Protocol):
    """A match (партия): deals in turn until the family's end, a score sheet, results."""

    players: list[str]
    rules: Any
    #: Shuffles the next deals (a resumed match gets a fresh one).
    rng: random.Random
    #: The seat (0-based) that deals first (D4); a verifiable dealer (:mod:`rams.fair`)
    #: sets it as it deals the first deal, having drawn it with that deal's cards.
    first_dealer: int

    @property
    def deal(self) -> DealState | None: ...

    @property
    def deals(self) -> Sequence[DealState]: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def needs_deal(self) -> bool: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def sheet(self) -> Sheet: ...

    def start_deal(
        self, deck: Sequence[Card] | None = None, dealer: int | None = None
    ) -> DealState: ...

    def winners(self) -> list[int]: ...

    def scores(self) -> list[int]:
        """Each seat's score as the family keeps it (Rams: the records, lower is better; the
        family's ``better`` says which way is better)."""
        ...

    def returns(self) -> list[float]: ...

    def summary(self) -> dict[str, Any]: ...

    def record(self) -> dict[str, Any]: ...

    def copy(self) -> Any: ...


@dataclass(frozen=True)
class DealLayout:
    """What the research adapters (:mod:`rams.adapters`) lay out beyond the protocol for a
    family's deals: its views' planes and its action ids."""

    #: The offer a seat is asked about out of turn and may answer by staying silent
    #: (Boston's «Играю вместе», B5), or None: that silence gets an action id one past the
    #: deal's own.
    silent_offer: Any = None
    #: The chance outcomes of each field a deal records beside its deck (Boston's
    #: ``turned``: one of 52 cards), each drawn as one chance step after the deck.
    chance_fields: Mapping[str, int] = field(default_factory=dict)
    #: Whether the deal opens with declarations its view shows (each seat's dealt cards, its
    #: calls, the active seats, the stock, the stake, the card turned, Даве: Rams' view,
    #: which keeps ``records`` for scores and ``known`` for the cards shown); a hidden deal
    #: of it is drawn again, before play, by dealing a deck again and replaying the actions.
    declarations: bool = False


@dataclass(frozen=True)
class PresetInfo:
    """A preset of some family, as the registry lists it."""

    name: str
    family: str
    source: str
    players: tuple[int, int]
    title: Mapping[str, str]


class Family(Protocol[R, A, V_contra, M]):
    """A game family: its presets, its rules (``R``), its matches (``M``), its actions
    (``A``) as records write them, and what its front ends show of a seat's view
    (``V_contra``). A family states its own types (``FAMILY: Family[Rules, Action,
    Observation, RamsMatch]``, checked against this protocol); the front ends and tools,
    which hold any family, hold an :data:`AnyFamily`."""

    # Read-only: a family states them as class attributes.

    @property
    def name(self) -> str: ...

    @property
    def deal_fields(self) -> tuple[str, ...]:
        """Fields a deal of this family's records carries beside dealer, deck and actions."""
        ...

    @property
    def deal_field_clauses(self) -> Mapping[str, str]:
        """The clause that sets each of :attr:`deal_fields` (Boston's ``turned``: B1): a
        record's deal without one is refused citing it."""
        ...

    @property
    def better(self) -> int:
        """Which way a score is better: +1 (more, most games) or -1 (less: Rams' records)."""
        ...

    @property
    def house_limits(self) -> Mapping[str, tuple[int, int]]:
        """The range of each numeric house rule a server takes."""
        ...

    @property
    def end_clause(self) -> str:
        """The clause that says where a record ends (Rams' X9; Ramsch's F8 …)."""
        ...

    @property
    def levels(self) -> tuple[str, ...]:
        """The levels of bot a table offers people, weakest first."""
        ...

    @property
    def instant_levels(self) -> tuple[str, ...]:
        """The levels among :attr:`levels` that decide in microseconds, with no search and
        no sampling (a server asks them on the spot, not in a worker process)."""
        ...

    @property
    def baselines(self) -> tuple[str, ...]:
        """The plainer bots a person may seat beside them, strongest first (``heuristic``,
        ``random``)."""
        ...

    @property
    def sides(self) -> tuple[tuple[int, ...], ...] | None:
        """The seats that play together all match (Whist's two sides), or None."""
        ...

    @property
    def layout(self) -> DealLayout:
        """Its deals' layout for the research adapters."""
        ...

    @property
    def bots(self) -> str:
        """Its bots' module, by name: ``make_bot(family, name, rng, allow_all_seeing, timed)``
        (a bot by name, :func:`rams.bots.make_bot`) and ``evaluate(family, view, samples,
        rng, action)`` (each choice's value as its strong bot values it,
        :func:`rams.analysis.evaluate`). The bots' layer imports it (:func:`rams.bots.of`);
        the family, below the bots, names it only."""
        ...

    def house_options(self) -> list[dict[str, Any]]: ...

    def option_clause(self, option: str) -> str: ...

    def hint(self, view: V_contra, lang: str) -> str:
        """In words, what limits the choices of ``view``'s seat now (the «?» of the
        terminal, the hint beside the web table's buttons)."""
        ...

    def presets(self) -> dict[str, PresetInfo]: ...

    def rules(self, preset: str, players: int | None = None, /, **options: Any) -> R:
        """The rules of ``preset`` for ``players`` seats with house rules ``options`` (both
        positional: an option named ``players`` is refused as an unknown option)."""
        ...

    def rules_from_json(self, data: Any, players: int) -> R: ...

    def new_match(
        self,
        rules: R,
        names: Sequence[str] | None = None,
        rng: random.Random | None = None,
        first_dealer: int | None = None,
    ) -> M: ...

    def parse_line(self, text: str) -> tuple[int, A]: ...

    def parse_action(self, text: str) -> A: ...

    def announcer(self, names: Sequence[str], lang: str, live: bool = False) -> Announcing:
        """What puts a deal's events into words as they come (``feed``, ``flush``); ``live``:
        each card on its own line as it is played (the terminal's pace)."""
        ...

    def action_words(self, action: A, names: Sequence[str], lang: str) -> str:
        """An action as a person says it («сносит 7♠ 8♦», «6 ♥», «Т♠»)."""
        ...

    def replay_extra(self, deal: Any) -> dict[str, Any]:
        """What a replay adds at a finished deal beyond every hand as dealt (Rams: the
        hands as play began, ``in_play``)."""
        ...

    def verdict(self, match: M) -> Verdict | None:
        """What decided a finished match, in words (:class:`rams.games.display.Verdict`):
        why its winners won, and who paid what or each total; None while it goes on."""
        ...

    def deal_extra(self, rng: random.Random) -> dict[str, Any]:
        """A deal's extra record fields drawn at random (Boston's ``turned``), for tools that
        deal decks themselves (tournaments)."""
        ...

    def read_deal_field(self, name: str, value: Any) -> Any: ...

    def write_deal_field(self, name: str, value: Any) -> Any: ...

    def display(self, view: V_contra) -> Display:
        """What a seat is shown of a deal, from its observation ``view`` alone
        (:mod:`rams.games.display`): drawn by every front end the same way."""
        ...

    def payouts(self, match: M) -> Settlement | None:
        """What each seat pays or receives once the match is over, beside the final
        standings (Rams: the settlement, S8, and the Pam ledger, M2); None for a game
        without stakes, or while it goes on."""
        ...

    def deal_lines(self, events: Sequence[Event], names: Sequence[str], lang: str) -> list[str]:
        """A deal's events (as a seat saw them) in words, a line each."""
        ...

    def sheet_columns(self, match: M) -> list[Column]:
        """The score sheet's columns (:mod:`rams.sheets`): a player each, or each side's."""
        ...

    def sheet_note(self, match: M, deal: int) -> Phrase | None:
        """What the score sheet notes beside deal ``deal`` (0-based): a void deal, a
        contract, a game won; None for nothing."""
        ...

    def standing_scores(self, match: M) -> list[int]:
        """Each seat's score as the final standings rank it (its side's, where a column
        belongs to a side)."""
        ...

    def rules_json(self, rules: R) -> dict[str, Any]: ...

    def rules_text(self, rules: R) -> str:
        """Every option of ``rules``, its value and its clause (``rams rules PRESET``)."""
        ...

    def lesson_deal(
        self,
        rules: Any,
        dealer: int,
        hands: Mapping[int, str],
        places: Mapping[str, str],
    ) -> DealState:
        """A deal of ``rules`` dealt with the given cards, for a lesson (:mod:`rams.lessons`):
        ``hands`` by 0-based seat in record notation, ``places`` the family's other places
        (Rams' ``turned``, ``stock``, ``talon``; Ramsch's ``rest``, Boston's ``turned``);
        every other place gets the remaining cards in pack order."""
        ...

    def screen(self) -> Any:
        """The family's terminal screen (a :class:`rams.terminal.widgets.Screen`; it draws
        with Rich, so it is imported only when asked for)."""
        ...


#: A family of any game, as the registry (:func:`rams.games.family`), the front ends and the
#: tools hold it.
AnyFamily = Family[Any, Any, Any, Any]


class Sheet(list[tuple[int, ...]]):
    """A score sheet («запись»): rows of scores, one a line as the family keeps them (the
    start, then after each deal), with a label for each column; ``columns()`` gives each
    column with its label and values. A sheet with several kinds of column (Whist's points,
    games and rubber points per side) names each column's kind in ``kinds``, a key of the
    catalogue's ``sheet`` words, which the front ends word in their language."""

    def __init__(
        self,
        rows: Sequence[tuple[int, ...]],
        labels: Sequence[str],
        kinds: Sequence[str] | None = None,
    ) -> None:
        super().__init__(rows)
        self.labels = list(labels)
        self.kinds = list(kinds) if kinds is not None else None

    def headings(self, lang: str) -> list[str]:
        """Each column's heading in ``lang``: its label, with its kind when it has one."""
        if self.kinds is None:
            return list(self.labels)
        return [
            text(f"sheet.{kind}", lang, label=label)
            for label, kind in zip(self.labels, self.kinds, strict=True)
        ]

    def columns(self) -> list[dict[str, Any]]:
        """Each column: ``{"label": …, "values": [every row's value]}`` (and its ``kind``)."""
        return [
            {"label": label, "values": [row[i] for row in self]}
            | ({"kind": self.kinds[i]} if self.kinds is not None else {})
            for i, label in enumerate(self.labels)
        ]
