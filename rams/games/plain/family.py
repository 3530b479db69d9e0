"""A plain game family behind the protocol (:class:`rams.games.protocol.Family`): written
once here, each game's family (:mod:`rams.games.kony.family` …) names its rules, its match,
how its actions are read and how its bids are worded."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rams.actions import Play, Say, play_of, split_line
from rams.cards import card_str, pack, parse_card, parse_cards
from rams.errors import NotationError
from rams.events import Event
from rams.games.plain.deal import Phase, PlainDeal, PlainView
from rams.games.plain.match import PlainMatch
from rams.games.plain.rules import PlainRules
from rams.games.plain.wire import action_label
from rams.games.plain.words import BidWords
from rams.games.protocol import DealLayout, PresetInfo
from rams.rulebook import rulebook
from rams.words import Phrase, Seat, number

if TYPE_CHECKING:  # (what draws a game: imported where it is drawn)
    from rams.games.display import Display, Settlement, Verdict, Words
    from rams.sheets import Column

__all__ = ["PlainFamily", "plain_family"]


def _plain_bid(bid: str, lang: str) -> str:
    return bid


class PlainFamily:
    """The protocol's family, for a plain game: a subclass sets the class variables and
    :meth:`parse_word` (its actions that are not a card)."""

    name: ClassVar[str] = ""
    rules_class: ClassVar[type[PlainRules]]
    match_class: ClassVar[type[PlainMatch]]
    deal_fields: tuple[str, ...] = ()
    deal_field_clauses: Mapping[str, str] = {}
    #: The clause that says how the game's record writes its actions (F9, W10 …): an
    #: action it cannot read is refused citing it.
    record_clause: ClassVar[str] = "§12"
    #: Words a seat may say in this game (``pass``, ``accept`` …).
    WORDS: ClassVar[frozenset[str]] = frozenset()
    house_limits: Mapping[str, tuple[int, int]] = {}

    levels: tuple[str, ...] = ("easy", "medium", "hard")
    #: The levels that decide in microseconds (the heuristic, with or without its noise: no search).
    instant_levels: tuple[str, ...] = ("easy", "medium")
    baselines: tuple[str, ...] = ("random",)
    sides: tuple[tuple[int, ...], ...] | None = None
    layout = DealLayout()
    #: Its bots (:func:`rams.games.plain.bots.plain_bot`); each game's heuristic and search settings
    #: are its own package's ``bots`` and ``search`` (:func:`rams.bots.families.part`).
    bots = "rams.games.plain.bots"
    #: How ``hard`` plays the first tricks: ``search`` (max^n with playouts),
    #: ``heuristic`` — the heuristic's card until the double-dummy solver takes over — or
    #: ``solver``, the double-dummy solver from the first trick, each sample's solve limited
    #: (the side games; :class:`rams.games.plain.search.PlainCards`).
    early_tricks: ClassVar[str] = "search"
    #: With ``early_tricks`` ``heuristic`` or ``solver``: the hand length from which
    #: ``hard``'s double-dummy solver runs unlimited (None:
    #: :data:`rams.games.plain.search.DD_CARDS`).
    search_cards: ClassVar[int | None] = None
    #: How the compiled path (:mod:`rams.fast.plain`) keeps the game's books: ``points``
    #: (card points and penalties, F7), ``tricks`` (each for himself, T5), ``sides`` (two
    #: sides' tricks and honours, W6), ``auction`` (a contract bid for, B11).
    kernel: ClassVar[str] = "tricks"

    @property
    def end_clause(self) -> str:
        """The clause that says where a record ends (the match's)."""
        return self.match_class.END_CLAUSE

    @property
    def better(self) -> int:
        return self.match_class.better

    # Rules and matches ------------------------------------------------------------------

    def presets(self) -> dict[str, PresetInfo]:
        book = rulebook(self.name)
        return {
            name: PresetInfo(
                name, self.name, p.source, p.players, dict(book.presets[name]["title"])
            )
            for name, p in self.rules_class.PRESETS.items()
        }

    def rules(self, preset: str, players: int | None = None, /, **options: Any) -> PlainRules:
        made: PlainRules = self.rules_class.preset(preset, players, **options)
        return made

    def rules_from_json(self, data: Any, players: int) -> PlainRules:
        read: PlainRules = self.rules_class.from_json(data, players)
        return read

    def new_match(
        self,
        rules: Any,
        names: Sequence[str] | None = None,
        rng: random.Random | None = None,
        first_dealer: int | None = None,
    ) -> PlainMatch:
        return self.match_class(rules, names, rng, first_dealer)

    def house_options(self) -> list[dict[str, Any]]:
        """Every option a table may change: its name in words, clause, kind and choices."""
        book = rulebook(self.name)
        out = []
        for f in dataclasses.fields(self.rules_class):
            if not f.init or f.name in ("players", "preset_name"):
                continue
            spec = f.metadata
            kind = {"int_or_null": "int"}.get(spec["kind"], spec["kind"])
            low, high = self.house_limits.get(f.name, (spec["low"], spec["high"] or None))
            out.append(
                {
                    "name": f.name,
                    "clause": spec["clause"],
                    "ru": book.option_name(f.name, "ru"),
                    "en": book.option_name(f.name, "en"),
                    "kind": kind,
                    "choices": list(spec["choices"]),
                    "words": {
                        lang: [book.option_value(f.name, c, lang) for c in spec["choices"]]
                        for lang in ("ru", "en")
                    }
                    if spec["choices"]
                    else None,
                    "min": low if kind == "int" else None,
                    "max": high if kind == "int" else None,
                }
            )
        return out

    def option_clause(self, option: str) -> str:
        for f in dataclasses.fields(self.rules_class):
            if f.name == option:
                return str(f.metadata["clause"])
        return "§10"

    # Actions ----------------------------------------------------------------------------

    def parse_line(self, text: str) -> tuple[int, Any]:
        seat, rest = split_line(text)
        return seat, self.parse_action(rest)

    def parse_action(self, text: str) -> Any:
        """An action as a record writes it: a card, or one of the game's own."""
        t = text.strip()
        found: Play | None = play_of(t) if " " not in t else None
        if found is not None:
            return found
        return self.parse_word(t)

    def parse_word(self, text: str) -> Any:
        """An action that is not a card (the family's own)."""
        if text.lower() in self.WORDS:
            return Say(text.lower())
        raise NotationError("plain.notation.unknown", text=repr(text), clause=self.record_clause)

    def lesson_deal(
        self, rules: PlainRules, dealer: int, hands: Mapping[int, str], places: Mapping[str, str]
    ) -> PlainDeal:
        """A deal from given cards, dealt one at a time from the dealer's left, the dealer
        last (F2, W2, B1, T2): places ``rest`` (what lies under the hands: Ramsch's skat)
        and ``turned`` (Boston's card from the second pack)."""
        unknown = set(places) - {"rest", "turned"}
        if unknown:
            raise KeyError(sorted(unknown)[0])
        players = rules.players
        size: int = getattr(rules, "pack_size")  # noqa: B009 (each game's rules say it)
        per = size // players
        given = {seat: parse_cards(cards) for seat, cards in hands.items()}
        tail = parse_cards(places.get("rest", ""))
        used = [c for cs in given.values() for c in cs] + tail
        if len(set(used)) != len(used):
            raise ValueError("a card placed twice")
        spare = [c for c in pack(size) if c not in set(used)]
        for seat in range(players):
            if seat not in given:
                given[seat], spare = spare[:per], spare[per:]
            if len(given[seat]) != per:
                raise ValueError(f"seat {seat} holds {len(given[seat])} cards, not {per}")
        deck = [given[(dealer + 1 + k) % players][i] for i in range(per) for k in range(players)]
        match = self.new_match(rules, first_dealer=dealer)
        extra = {"turned": parse_card(places["turned"])} if "turned" in places else {}
        return match.start_deal(deck + tail + spare, dealer, **extra)

    def deal_extra(self, rng: random.Random) -> dict[str, Any]:
        """A deal's extra record fields drawn at random (Boston's turned card)."""
        return self.match_class.draw_extra(rng)

    def read_deal_field(self, name: str, value: Any) -> Any:
        raise KeyError(name)

    def write_deal_field(self, name: str, value: Any) -> Any:
        raise KeyError(name)

    # Words ------------------------------------------------------------------------------

    def bid_words(self) -> BidWords:
        """How the family words a bid or a contract (Boston's)."""
        return _plain_bid

    def display_lines(self, view: PlainView) -> tuple[Phrase, ...]:
        """What the centre of the table adds in words for this game: that a deal is played
        without a trump (Boston: its contract instead)."""
        if view.trump is None and view.phase is Phase.PLAY:
            return (Phrase("plain.web.p_noTrump"),)
        return ()

    def display(self, view: PlainView) -> Display:
        """What ``view``'s seat is shown (:mod:`rams.games.plain.display`)."""
        from rams.games.plain.display import display

        return display(self, view)

    def hint(self, view: PlainView, lang: str) -> str:
        from rams.games.plain.wire import hint

        return hint(view, lang, self)

    def rules_text(self, rules: PlainRules) -> str:
        """Every option of ``rules``, its value and its clause, in Russian and English."""
        book = rulebook(self.name)
        info = self.presets()[rules.preset_name]
        low, high = info.players
        lines = [
            f"{rules.preset_name}: {info.title['ru']} / {info.title['en']} "
            f"(источник / source: {info.source}); игроков / players: {low}–{high}",
            "",
        ]
        names = [n for n in self.rules_class.option_names() if n != "preset_name"]
        width = max(len(n) for n in names)
        for name in names:
            value = getattr(rules, name)
            shown = (
                "null"
                if value is None
                else str(value).lower()
                if isinstance(value, bool)
                else str(value)
            )
            clause = self.option_clause(name)
            words = f"{book.option_name(name, 'ru')} / {book.option_name(name, 'en')}"
            lines.append(f"{name.ljust(width)}  {shown:<26}  [{clause}]  {words}")
        return "\n".join(lines)

    # Front ends -------------------------------------------------------------------------

    def payouts(self, match: PlainMatch) -> Settlement | None:
        """No stakes: the final standings are the whole result."""
        return None

    def deal_lines(self, events: Sequence[Event], names: Sequence[str], lang: str) -> list[str]:
        from rams.games.plain.words import deal_lines

        return deal_lines(events, names, lang, self.bid_words())

    def sheet_columns(self, match: PlainMatch) -> list[Column]:
        """A column per player (a family of sides declares its own)."""
        from rams.sheets import Column

        return [Column(name, (s,)) for s, name in enumerate(match.players)]

    def sheet_note(self, match: PlainMatch, deal: int) -> Phrase | None:
        """Nothing noted beside a deal (a family with void deals or contracts notes them)."""
        return None

    def standing_scores(self, match: PlainMatch) -> list[int]:
        """Each seat's total."""
        return list(match.scores())

    def rules_json(self, rules: PlainRules) -> dict[str, Any]:
        from rams.games.plain.wire import rules_summary

        return rules_summary(self, rules)

    def announcer(self, names: Sequence[str], lang: str, live: bool = False) -> Any:
        from rams.games.plain.words import Announcer

        return Announcer(names, lang, self.bid_words(), live)

    def action_words(self, action: Any, names: Sequence[str], lang: str) -> str:
        """A card as the screen writes it, any other action as its button says it."""
        if isinstance(action, Play):
            return card_str(action.card, lang)
        return action_label(self, action, names, lang)

    def replay_extra(self, deal: PlainDeal) -> dict[str, Any]:
        return {}

    def verdict(self, match: PlainMatch) -> Verdict | None:
        """The winners by the game's end (F8, W9, B12, T2): for sides, each side's rubbers
        won and rubber points (W9); else each player's total, the best first, and a tie
        said so."""
        from rams.games.display import Verdict

        if not match.is_over:
            return None
        lines: list[Words] = []
        if self.sides is not None:
            summary = match.summary()
            rubbers = summary.get("rubbers", [])
            points = summary.get("points", [0] * len(self.sides))
            for side, (a, b) in enumerate(self.sides):
                won = sum(1 for r in rubbers if r["winner"] == side)
                lines.append(
                    Phrase("replay.side", a=Seat(a), b=Seat(b), rubbers=won,
                           points=number(points[side]))
                )  # fmt: skip
            return Verdict(Phrase("replay.why_rubbers"), tuple(lines))
        scores = match.scores()
        for seat in sorted(range(len(scores)), key=lambda s: -self.better * scores[s]):
            lines.append(Phrase("replay.total", name=Seat(seat), total=number(scores[seat])))
        if len(match.winners()) > 1:
            lines.append(Phrase("replay.tie"))
        why = "replay.why_high" if self.better > 0 else "replay.why_low"
        return Verdict(Phrase(why), tuple(lines))

    def screen(self) -> Any:
        from rams.games.plain.screen import PlainScreen

        return PlainScreen(self)


def plain_family(name: str) -> PlainFamily:
    """A plain game's family by its name (with its bots' parts)."""
    from rams.games import family

    found = family(name)
    assert isinstance(found, PlainFamily), name
    return found
