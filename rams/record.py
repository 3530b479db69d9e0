"""Game records (RULES §12) of every game: load, dump, and replay with full checking.

A record is data; replaying it recomputes every score. The ``rules`` field names a preset,
and through it the game family (:mod:`rams.games`), which reads the rules, the action lines
and any deal fields of its own, and plays the match. Loading checks the shape and the
notation; :meth:`Record.replay` checks every rule and raises :class:`RecordError` naming
the deal (1-based), the action's position in it (1-based) and the clause.

>>> deck = "7S 8S 9S 7D 8D 9D AS KS QS 7C 8C 7H 8H KH QH 9H TS JS 9C TC JC QC KC AC TD JD"
>>> deck += " QD KD AD TH JH AH"
>>> rec = loads('''{"format": "rams-record/1", "rules": "classic", "players": ["A", "B", "C"],
...   "deals": [{"dealer": 3, "actions": ["p1 pass", "p2 pass"], "deck": "%s"}]}''' % deck)
>>> game = rec.replay()
>>> game.sheet, game.winner, game.next_dealer
([(100, 100, 100), (100, 100, 100)], None, 0)
>>> loads(dumps(rec)) == rec
True

A record may write its result (``result``: the scores, the winners 1-based, the payouts, as
the game's ``scores()``, ``winners()`` and ``returns()`` give them); replaying checks it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from rams import games
from rams.actions import format_line
from rams.cards import Card, cards_str, parse_cards
from rams.errors import IllegalActionError, NotationError, RecordError, RulesError
from rams.fair import DealProof
from rams.games.protocol import AnyFamily, Match
from rams.words import text

__all__ = [
    "FORMAT",
    "DealRecord",
    "Record",
    "ReplayStep",
    "Result",
    "dump",
    "dumps",
    "load",
    "loads",
    "record_of",
    "replay_summary",
]

FORMAT = "rams-record/1"
_TOP_KEYS = {"format", "rules", "players", "deals", "result", "meta"}
_DEAL_KEYS = {"dealer", "deck", "actions", "fair"}


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal of a record: the dealer (0-based), the deck top first, the actions, the
    fields a family adds (Boston's ``turned``), as (name, value) pairs, and the proof of its
    deck (``fair``, :mod:`rams.fair`; optional: older records have none)."""

    dealer: int
    deck: tuple[Card, ...]
    actions: tuple[tuple[int, Any], ...]
    extra: tuple[tuple[str, Any], ...] = ()
    fair: DealProof | None = None

    def to_json(self, family: AnyFamily | None = None) -> dict[str, Any]:
        """The §12 form: ``dealer`` 1-based, ``deck`` a string, ``actions`` ``pN …`` lines."""
        out: dict[str, Any] = {"dealer": self.dealer + 1}
        for name, value in self.extra:
            assert family is not None
            out[name] = family.write_deal_field(name, value)
        out["deck"] = cards_str(self.deck)
        out["actions"] = [format_line(s, a) for s, a in self.actions]
        if self.fair is not None:
            out["fair"] = self.fair.to_json()
        return out


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended, as its record writes it (optional): each seat's score as
    the family keeps it (``scores()``), the winners (0-based; 1-based in the JSON) and each
    seat's payout (``returns()``)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    payouts: tuple[float, ...]

    @classmethod
    def of(cls, game: Match) -> Result:
        """The result of a finished match."""
        return cls(
            tuple(int(v) for v in game.scores()),
            tuple(game.winners()),
            tuple(float(r) for r in game.returns()),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": [w + 1 for w in self.winners],
            "payouts": [int(p) if p == int(p) else p for p in self.payouts],
        }

    @classmethod
    def from_json(cls, data: Any, players: int) -> Result:
        """Read a ``result`` object; :class:`RecordError` if it is not one."""
        if not isinstance(data, dict) or set(data) != {"scores", "winners", "payouts"}:
            raise RecordError("record.result")
        scores, winners, payouts = data["scores"], data["winners"], data["payouts"]
        ints = (scores, winners)
        if not all(isinstance(v, list) and all(_is_int(x) for x in v) for v in ints):
            raise RecordError("record.result")
        if not isinstance(payouts, list) or not all(_is_number(x) for x in payouts):
            raise RecordError("record.result")
        if len(scores) != players or len(payouts) != players:
            raise RecordError("record.result")
        if not all(1 <= w <= players for w in winners):
            raise RecordError("record.result")
        return cls(tuple(scores), tuple(w - 1 for w in winners), tuple(map(float, payouts)))

    def check(self, game: Match) -> None:
        """Raise :class:`RecordError` naming what differs if ``game`` (replayed) did not end
        so."""
        if not game.is_over:
            raise RecordError("record.result_not_over")
        got = Result.of(game)
        if got.scores != self.scores:
            raise RecordError(
                "record.result_scores", got=_numbers(got.scores), want=_numbers(self.scores)
            )
        if sorted(got.winners) != sorted(self.winners):
            raise RecordError(
                "record.result_winners", got=Names(got.winners), want=Names(self.winners)
            )
        if any(abs(a - b) > 1e-9 for a, b in zip(got.payouts, self.payouts, strict=True)):
            payouts = _numbers(got.to_json()["payouts"])
            raise RecordError(
                "record.result_payouts", got=payouts, want=_numbers(self.to_json()["payouts"])
            )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return _is_int(value) or (isinstance(value, float) and value == value and abs(value) < 1e300)


def _numbers(values: Sequence[float]) -> str:
    """Numbers as a person writes them: ``12, −40, 100``."""
    return ", ".join(str(v).replace("-", "−") for v in values)


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One step of a replay: the game just after ``action`` (``None`` at a deal's start).

    ``game`` is the live game being replayed: copy what you keep.
    """

    deal_index: int
    action_index: int | None
    seat: int | None
    action: Any
    game: Any


@dataclass(frozen=True, slots=True)
class Record:
    """A whole game record: the rules, the players' names and the deals, and the result
    if it writes one.

    ``meta`` is free application data (who is a bot, the language…), kept by load and dump
    and ignored by replay (:mod:`rams.fair` reads its ``bots`` and ``table``).
    """

    rules: Any
    players: tuple[str, ...]
    deals: tuple[DealRecord, ...]
    meta: dict[str, Any] = field(default_factory=dict)
    result: Result | None = None

    @property
    def family(self) -> AnyFamily:
        """The game family of the record's rules."""
        return games.family(self.rules.family)

    # JSON -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The §12 JSON object."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "rules": self.rules.to_json(),
            "players": list(self.players),
            "deals": [d.to_json(self.family) for d in self.deals],
        }
        if self.result is not None:
            out["result"] = self.result.to_json()
        if self.meta:
            out["meta"] = self.meta
        return out

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Read a §12 object, checking its shape and notation (not yet the rules of play)."""
        if not isinstance(data, dict):
            raise RecordError("record.not_object")
        unknown = sorted(set(data) - _TOP_KEYS)
        if unknown:
            raise RecordError("record.unknown_field", name=repr(unknown[0]))
        if data.get("format") != FORMAT:
            raise RecordError("record.format", want=repr(FORMAT), got=repr(data.get("format")))
        players = data.get("players")
        if (
            not isinstance(players, list)
            or not players
            or not all(isinstance(p, str) and p.strip() for p in players)
        ):
            raise RecordError("record.players")
        if "rules" not in data:
            raise RecordError("record.missing", name=repr("rules"), clause="§12")
        try:
            spec = data["rules"]
            preset = spec.get("preset") if isinstance(spec, dict) else spec
            if not isinstance(preset, str):
                raise RulesError("rams.rules.not_rules", ("rules",))
            family = games.family_of(preset)
            rules = family.rules_from_json(spec, len(players))
        except RulesError as e:
            raise RecordError("record.rules", cause=e) from None
        deals = data.get("deals")
        if not isinstance(deals, list):
            raise RecordError("record.deals")
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise RecordError("record.meta")
        deal_records = tuple(_deal_from_json(d, i + 1, rules, family) for i, d in enumerate(deals))
        result = None if "result" not in data else Result.from_json(data["result"], len(players))
        return cls(rules, tuple(players), deal_records, meta, result)

    # Replay ---------------------------------------------------------------------------

    def __iter__(self) -> Iterator[ReplayStep]:
        """Replay step by step, checking everything; yields the game after each action."""
        return self.steps()

    def steps(self, partial: bool = False) -> Iterator[ReplayStep]:
        """Replay step by step; with ``partial`` the last deal may stop mid-deal (to resume)."""
        rules = self.rules
        game = self._new_match()
        for k, dr in enumerate(self.deals, start=1):
            if game.is_over:
                won = game.winners()
                raise RecordError(
                    "record.over", k, winners=Winners(won), clause=self.family.end_clause
                )
            try:
                game.start_deal(dr.deck, dr.dealer, **dict(dr.extra))
            except (IllegalActionError, RulesError) as e:
                raise RecordError.of(e, k) from None
            yield ReplayStep(k - 1, None, None, None, game)
            deal = game.deal
            assert deal is not None
            for i, (seat, action) in enumerate(dr.actions, start=1):
                if seat >= rules.players:
                    raise RecordError("record.no_seat", k, i, seat=seat + 1)
                try:
                    deal.apply(action, seat)
                except IllegalActionError as e:
                    raise RecordError.of(e, k, i) from None
                yield ReplayStep(k - 1, i - 1, seat, action, game)
            if not deal.is_over and not game.is_over and not (partial and k == len(self.deals)):
                raise RecordError(
                    "record.mid_deal",
                    k,
                    len(dr.actions) + 1,
                    owed=deal.owed_phrase(),
                    clause=self.family.end_clause,
                )

    def _new_match(self) -> Any:
        first = self.deals[0].dealer if self.deals else 0
        return self.family.new_match(self.rules, self.players, random.Random(0), first)

    def replay(self, partial: bool = False) -> Any:
        """Replay the whole record, checking every rule; returns the game at its end.

        With ``partial`` the last deal may be unfinished: the game is returned mid-deal, ready
        to go on (an application resuming a saved game; ``rams replay`` never does this).
        Without it, a result the record writes must be the game's.
        """
        game = None
        for step in self.steps(partial):
            game = step.game
        if game is None:
            game = self._new_match()
        if self.result is not None and not partial:
            self.result.check(game)
        return game


def _deal_from_json(data: Any, k: int, rules: Any, family: AnyFamily) -> DealRecord:
    if not isinstance(data, dict):
        raise RecordError("record.deal_object", k)
    unknown = sorted(set(data) - _DEAL_KEYS - set(family.deal_fields))
    if unknown:
        raise RecordError("record.unknown_field", k, name=repr(unknown[0]))
    dealer = data.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 1 <= dealer <= rules.players:
        raise RecordError("record.dealer", k, players=rules.players, value=repr(dealer))
    deck_data = data.get("deck")
    try:
        if isinstance(deck_data, str):
            deck = parse_cards(deck_data)
        elif isinstance(deck_data, list) and all(isinstance(c, str) for c in deck_data):
            deck = parse_cards(" ".join(deck_data))
        else:
            raise RecordError("record.deck", k)
    except NotationError as e:
        raise RecordError("record.deck_error", k, cause=e) from None
    actions_data = data.get("actions")
    if not isinstance(actions_data, list):
        raise RecordError("record.actions", k)
    actions = []
    for i, line in enumerate(actions_data, start=1):
        if not isinstance(line, str):
            raise RecordError("record.action_string", k, i, value=repr(line))
        try:
            actions.append(family.parse_line(line))
        except NotationError as e:
            raise RecordError.of(e, k, i) from None
    extra = []
    for name in family.deal_fields:
        if name not in data:
            clause = family.deal_field_clauses.get(name, "§12")
            raise RecordError("record.missing", k, name=repr(name), clause=clause)
        try:
            extra.append((name, family.read_deal_field(name, data[name])))
        except (NotationError, RulesError) as e:
            raise RecordError("record.field_error", k, name=name, cause=e) from None
    proof = None
    if "fair" in data:
        try:
            proof = DealProof.from_json(data["fair"], rules.players)
        except ValueError as e:
            raise RecordError("record.fair", k, name=str(e)) from None
    return DealRecord(dealer - 1, tuple(deck), tuple(actions), tuple(extra), proof)


def record_of(
    game: Match,
    meta: Mapping[str, Any] | None = None,
    proofs: Sequence[DealProof | None] = (),
    result: bool = False,
) -> Record:
    """The record of a match played through the API (any state: unfinished deals included);
    ``proofs``, the deals' proofs of their decks (:mod:`rams.fair`), by deal, if it has them;
    with ``result``, a finished match's result written too (:class:`Result`)."""
    return Record(
        game.rules,
        tuple(game.players),
        tuple(
            DealRecord(
                d.dealer,
                d.deck,
                tuple(d.actions),
                tuple(d.record_fields().items()),
                proofs[k] if k < len(proofs) else None,
            )
            for k, d in enumerate(game.deals)
        ),
        dict(meta or {}),
        Result.of(game) if result and game.is_over else None,
    )


def loads(text: str) -> Record:
    """Read a record from JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError("record.not_json", why=e.msg, line=e.lineno, column=e.colno) from None
    except (ValueError, RecursionError) as e:  # a number too long, nesting too deep
        raise RecordError("record.not_a_record", why=str(e)[:80]) from None
    try:
        return Record.from_json(data)
    except RecursionError:
        raise RecordError("record.too_deep") from None


def load(fp: IO[str]) -> Record:
    """Read a record from a text file."""
    return loads(fp.read())


def dumps(record: Record, indent: int | None = 1) -> str:
    """Write a record as JSON text (UTF-8 names kept as they are)."""
    return json.dumps(record.to_json(), ensure_ascii=False, indent=indent)


def dump(record: Record, fp: IO[str]) -> None:
    """Write a record to a text file."""
    fp.write(dumps(record))
    fp.write("\n")


def replay_summary(game: Match) -> dict[str, Any]:
    """The ``rams replay --json`` object of a replayed match (its family's
    :meth:`~rams.games.protocol.Match.summary`)."""
    return game.summary()


class Names(tuple[int, ...]):
    """Seats as a field of a text: their names (``p2, p3`` in the engine's text), «никто»
    / ``nobody`` when there are none."""

    __slots__ = ()

    def words(self, lang: str, names: Sequence[str] | None = None) -> str:
        return ", ".join(names[w] if names is not None else f"p{w + 1}" for w in self) or text(
            "record.nobody", lang
        )


class Winners(tuple[int, ...]):
    """The winners of a match as a field of a text: ``p2 has won`` / «победитель — Борис»."""

    __slots__ = ()

    def words(self, lang: str, names: Sequence[str] | None = None) -> str:
        key = "record.has_won" if len(self) == 1 else "record.have_won"
        return text(key, lang, who=Names(self).words(lang, names))
