"""One deal as the frameworks see it: chance deals the cards, then the seats act by ids.

An episode is one deal (сдача) from the start of a match of a preset (every score at its
start), as the duplicate tournaments play it (:mod:`rams.tournament`). Chance deals the
deck one card at a time, top card first (an outcome is the card, each remaining card
alike), then draws the family's extra fields (Boston's card of the second pack, B1: 52
outcomes); the deal then starts with the dealer the table names. The seat to act chooses
among :meth:`rams.games.protocol.DealState.legal_action_ids`; an episode's return is each
seat's points, what its score gained in the deal (``better × (after − before)``).

Out-of-turn actions: a Rams claim (S7) is taken for its seat as soon as it may, as every
bot of the driver loop takes it. Boston's «Играю вместе» (B5), which any other seat may say
while the declarer chooses a partner, is asked in turn: before each such choice, every seat
that may say it is asked once, from the declarer's left, and acts — ``together`` or
:data:`SILENT` (the id after the deal's own, :attr:`EpisodeSpec.silent`), which writes nothing.
A deal that runs past :attr:`EpisodeSpec.max_decisions` (Даве offered
again and again) ends there, truncated, with the points as they stand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rams import games
from rams.cards import Card, cards_of, pack
from rams.games.protocol import AnyFamily, Match

__all__ = ["SILENT", "Episode", "EpisodeSpec"]

#: What a seat asked whether it says «Играю вместе» answers when it does not (B5).
SILENT = "silent"


class EpisodeSpec:
    """What every episode of a preset shares, for the adapters: the family, the rules, the
    dealer, and the sizes every framework declares (actions, chance outcomes, tricks,
    bounds). (The one ``Table`` of the package is the driver, :class:`rams.table.Table`.)"""

    def __init__(
        self, preset: str, players: int | None = None, dealer: int = 0, **options: Any
    ) -> None:
        self.preset = preset
        self.family: AnyFamily = games.family_of(preset)
        self.rules: Any = self.family.rules(preset, players, **options)
        self.players: int = self.rules.players
        self.dealer = dealer % self.players
        self.pack: tuple[Card, ...] = pack(self.rules.pack_size)
        self.extra_fields: tuple[str, ...] = tuple(self.family.deal_fields)
        #: Each extra field's chance outcomes (the family's layout).
        self.outcomes: Mapping[str, int] = self.family.layout.chance_fields
        assert set(self.extra_fields) <= set(self.outcomes), self.extra_fields
        #: The offer a seat is asked about out of turn and may stay silent to (or None).
        self.offer: Any = self.family.layout.silent_offer
        probe = Episode.dealt(self, list(self.pack), dict.fromkeys(self.extra_fields, 0))
        deal = probe.deal
        #: B5: the id of staying silent when asked about «Играю вместе» (None: no game
        #: has such an offer), one past the deal's own ids.
        self.silent: int | None = deal.action_count if self.offer is not None else None
        self.action_count: int = deal.action_count + (self.silent is not None)
        self.phase_type: Any = type(deal.phase)
        self.event_type: Any = type(deal.events[0].kind) if deal.events else None
        self.max_tricks: int = max(len(deal.observation(s).hand) for s in range(self.players))
        self.chance_steps: int = len(self.pack) + len(self.extra_fields)
        self.max_decisions: int = 8 * self.rules.pack_size + 16 * self.players
        #: Every seat's score at the start of a match (what the deal starts from).
        self.start_scores: list[int] = list(probe.before)
        start = max(abs(x) for x in probe.before) if probe.before else 0
        #: A loose bound on any seat's points in a deal (the frameworks ask for one).
        self.points_bound: float = float(max(1000, 4 * start))

    def __repr__(self) -> str:
        return f"EpisodeSpec({self.preset!r}, players={self.players}, dealer={self.dealer})"


class Episode:
    """A deal being dealt or played: the deck so far, then the match and its deal."""

    __slots__ = ("_asked", "_asked_at", "before", "deal", "decisions", "deck", "extra", "match",
                 "spec")  # fmt: skip

    def __init__(self, spec: EpisodeSpec) -> None:
        self.spec = spec
        self.deck: list[Card] = []
        self.extra: dict[str, int] = {}
        self.match: Match | None = None
        self.deal: Any = None
        self.before: list[int] = []
        self.decisions = 0
        self._asked: set[int] = set()  # B5: the seats asked at this point of the deal
        self._asked_at = -1

    @classmethod
    def dealt(cls, spec: EpisodeSpec, deck: Sequence[Card], extra: dict[str, int]) -> Episode:
        """An episode whose chance steps are done: ``deck`` (top first) and ``extra``."""
        ep = cls(spec)
        ep.deck = list(deck)
        ep.extra = dict(extra)
        ep._start()
        return ep

    @classmethod
    def shuffled(cls, spec: EpisodeSpec, rng: random.Random) -> Episode:
        """An episode dealt at random by ``rng`` (what chance does, in one step)."""
        deck = list(spec.pack)
        rng.shuffle(deck)
        extra = {name: rng.randrange(spec.outcomes[name]) for name in spec.extra_fields}
        return cls.dealt(spec, deck, extra)

    # Chance ---------------------------------------------------------------------------

    @property
    def is_chance(self) -> bool:
        """True while chance deals (the deck, then the extra fields)."""
        return self.deal is None

    def chance_outcomes(self) -> list[int]:
        """The outcomes of the chance step now, ascending, each equally likely."""
        if len(self.deck) < len(self.spec.pack):
            taken = set(self.deck)
            return [c for c in self.spec.pack if c not in taken]
        name = self.spec.extra_fields[len(self.extra)]
        return list(range(self.spec.outcomes[name]))

    def apply_chance(self, outcome: int) -> None:
        """Deal the next card (or draw the next extra field); the last one starts the deal."""
        if len(self.deck) < len(self.spec.pack):
            self.deck.append(outcome)
        else:
            self.extra[self.spec.extra_fields[len(self.extra)]] = outcome
        if len(self.deck) == len(self.spec.pack) and len(self.extra) == len(self.spec.extra_fields):
            self._start()

    def _start(self) -> None:
        t = self.spec
        match = t.family.new_match(t.rules, None, random.Random(0), t.dealer)
        self.before = list(match.scores())
        self.deal = match.start_deal(self.deck, t.dealer, **self.extra)
        self.match = match
        self._claims()

    # Play -----------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the deal is over (or truncated at :attr:`EpisodeSpec.max_decisions`)."""
        d = self.deal
        return d is not None and (
            d.is_over or d.to_move is None or self.decisions >= self.spec.max_decisions
        )

    @property
    def to_move(self) -> int | None:
        """The seat to act; None at a chance step or at the end."""
        if self.deal is None or self.is_over:
            return None
        asked = self.asked()
        if asked is not None:
            return asked
        seat: int = self.deal.to_move
        return seat

    def asked(self) -> int | None:
        """B5: the seat asked now whether it says «Играю вместе» — while the declarer is to
        choose a partner, each seat that may say it, once, from the declarer's left — or
        None."""
        d = self.deal
        if self.spec.silent is None or d is None or d.is_over or d.to_move is None:
            return None
        if len(d.actions) != self._asked_at:  # a new point of the deal: ask again
            self._asked_at, self._asked = len(d.actions), set()
        n = self.spec.players
        for k in range(1, n):
            seat: int = (d.to_move + k) % n
            if seat not in self._asked and self.spec.offer in d.out_of_turn(seat):
                return seat
        return None

    def legal(self, seat: int | None = None) -> list[int]:
        """The ids ``seat`` (the seat to act by default) may choose, ascending; empty for
        any other seat."""
        who = self.to_move
        if who is None or (seat is not None and seat != who):
            return []
        if who != self.deal.to_move:  # asked about «Играю вместе»
            return sorted([self.deal.action_id(self.spec.offer, who), self.spec.silent])
        ids: list[int] = self.deal.legal_action_ids(who)
        return sorted(ids)

    def action_str(self, action_id: int, seat: int | None = None) -> str:
        """An action id as the record writes the action (``silent`` for :data:`SILENT`)."""
        if action_id == self.spec.silent:
            return SILENT
        return str(self.deal.action_from_id(action_id, seat))

    def apply(self, action_id: int) -> None:
        """The seat to act takes the action of ``action_id``."""
        seat = self.to_move
        assert seat is not None
        if action_id == self.spec.silent and seat == self.asked():
            self._asked.add(seat)
        else:
            self.deal.apply_id(action_id, seat)
        self.decisions += 1
        self._claims()

    def act(self, action: Any) -> None:
        """The seat to act takes ``action`` (an action value, as a bot gives it; None or
        :data:`SILENT` for a seat asked about «Играю вместе» that does not say it)."""
        seat = self.to_move
        assert seat is not None
        if seat == self.asked() and (action is None or action == SILENT):
            self._asked.add(seat)
        else:
            self.deal.apply(action, seat)
        self.decisions += 1
        self._claims()

    def act_bot(self, bot: Any) -> None:
        """The seat to act lets ``bot`` decide: its ``act``, or, when the seat is asked
        about «Играю вместе», its ``act_out_of_turn`` (None: silent)."""
        seat = self.to_move
        assert seat is not None
        view = self.deal.observation(seat)
        if seat == self.asked():
            decide = getattr(bot, "act_out_of_turn", None)
            self.act(decide(view, [self.spec.offer]) if decide is not None else None)
        else:
            self.act(bot.act(view))

    @property
    def is_truncated(self) -> bool:
        """True if the deal was cut short at :attr:`EpisodeSpec.max_decisions`."""
        d = self.deal
        return d is not None and not d.is_over and d.to_move is not None and self.is_over

    def _claims(self) -> None:
        """S7: a seat that may claim the game claims it at once (the bots' way)."""
        d = self.deal
        for _ in range(self.spec.players):
            for seat in range(self.spec.players):
                offers = [a for a in d.out_of_turn(seat) if getattr(a, "word", "") == "claim"]
                if offers:
                    d.apply(offers[0], seat)
                    break
            else:
                return

    def points(self) -> list[float]:
        """Each seat's points in the deal so far: its score's gain, ``better``-signed."""
        if self.match is None:
            return [0.0] * self.spec.players
        better = self.spec.family.better
        after = self.match.scores()
        return [float(better * (a - b)) for a, b in zip(after, self.before, strict=True)]

    def observation(self, seat: int | None) -> Any:
        """What ``seat`` may see (the deal's one gate; None before the deal starts)."""
        return None if self.deal is None else self.deal.observation(seat)

    def copy(self) -> Episode:
        """An independent copy (the match and its deal copied)."""
        new = Episode.__new__(Episode)
        new.spec = self.spec
        new.deck = list(self.deck)
        new.extra = dict(self.extra)
        new.before = self.before
        new.decisions = self.decisions
        new._asked, new._asked_at = set(self._asked), self._asked_at
        if self.match is None:
            new.match, new.deal = None, None
        else:
            new.match = self.match.copy()
            new.deal = new.match.deal
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Episode:
        return self.copy()

    # Resampling the hidden cards ----------------------------------------------------------

    def resample(self, seat: int, rng: random.Random) -> Episode:
        """A deal that ``seat`` cannot tell from this one: the same observation for it, the
        cards it cannot see drawn again by the bots' samplers (:func:`rams.games.rams.search.
        sample_hands` in Rams' play, :func:`rams.games.plain.search.sample_world` in the
        plain games; before Rams' play, a deck dealt again with the seat's cards where they
        lay and the actions replayed). Every sample is checked: the seat's observation is
        the same. ``Episode.fallbacks`` counts the times no sample was found and a copy
        was returned."""
        if self.deal is None:
            return self.copy()
        view = self.deal.observation(seat)
        if not self.spec.family.layout.declarations:
            out = self._sampled_world(seat, view, rng)
        elif view.phase.value == "play":
            out = self._play_world(seat, view, rng)
        else:
            out = self._replayed_world(seat, view, rng)
        if out is None or out.deal.observation(seat) != view:
            Episode.fallbacks += 1
            return self.copy()
        return out

    #: How many resamplings found no other deal (the copy of the real one was returned).
    fallbacks: ClassVar[int] = 0

    def _sampled_world(self, seat: int, view: Any, rng: random.Random) -> Episode | None:
        from rams.games.plain.search import sample_world

        world = sample_world(view, rng)
        out = self.copy()
        d = out.deal
        hands = d.play.hands if d.play is not None else d.hands
        for s in range(self.spec.players):
            if s != seat:
                hands[s] = world.hands[s]
        d.rest = tuple(cards_of(world.rest))
        return out

    def _play_world(self, seat: int, view: Any, rng: random.Random) -> Episode | None:
        from rams.games.rams.search import _relaxed, knowledge_of, sample_hands

        know = knowledge_of(view)
        hands = None
        for attempt in range(40):
            hands = sample_hands(view, know if attempt < 30 else _relaxed(know), rng)
            if hands is not None:
                break
        if hands is None:
            return None
        out = self.copy()
        d = out.deal
        for s in range(self.spec.players):
            if s != seat and know.sizes[s]:
                d.hands[s] = hands[s]
        d._memo_key = -1
        return out

    def _replayed_world(self, seat: int, view: Any, rng: random.Random) -> Episode | None:
        from rams.games.rams.actions import Exchange, Swap
        from rams.games.rams.dealing import deck_layout

        t = self.spec
        layout = deck_layout(t.rules, t.dealer)
        fixed: dict[int, Card] = {}
        mine = [i for i, w in enumerate(layout) if w == seat]
        for i, c in zip(mine, view.dealt, strict=False):
            fixed[i] = c
        if view.turned is not None and "turned" in layout:
            fixed[layout.index("turned")] = view.turned
        stock = [i for i, w in enumerate(layout) if w == "stock"]
        pos = 0
        for e in view.events:
            if e.kind.value == "exchange":
                if e.seat == seat:
                    for i, c in zip(stock[pos:], e.drawn, strict=False):
                        fixed[i] = c
                pos += e.number
        for s, cards in enumerate(view.known):
            if s == seat:
                continue
            spots = [i for i, w in enumerate(layout) if w == s and i not in fixed]
            for i, c in zip(spots, [c for c in cards if c not in fixed.values()], strict=False):
                fixed[i] = c
        placed = set(fixed.values())
        free = [c for c in t.pack if c not in placed]
        history = list(self.deal.actions)
        for _ in range(30):
            rng.shuffle(free)
            rest = iter(free)
            deck = [fixed[i] if i in fixed else next(rest) for i in range(len(layout))]
            try:
                out = Episode.dealt(t, deck, dict(self.extra))
                for s, action in history:
                    d = out.deal
                    if getattr(action, "word", "") == "claim":
                        continue  # (taken again by the replay's own claims)
                    if s != seat and isinstance(action, Exchange):
                        size = len(cards_of(d.hands[s]))
                        spots = sorted(rng.sample(range(size), len(action.cards)))
                        d.apply_id(54 + sum(1 << i for i in spots), s)
                    elif s != seat and isinstance(action, Swap):
                        d.apply(rng.choice([a for a in d.legal_actions(s) if type(a) is Swap]), s)
                    else:
                        d.apply(action, s)
                    out.decisions += 1
                    out._claims()
            except (ValueError, IndexError):
                continue
            if out.deal.observation(seat) == view:
                return out
        return None
