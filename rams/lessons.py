"""Lessons (``rams learn``, ``/learn``): short tasks on positions built with the engine.

Each family keeps its lessons under its own package: the positions and goals in
``lessons.toml``, their words in its ``words.toml`` (``FAMILY.learn.ID.title``, ``.task``,
``.hint``). A lesson is a real deal, dealt from the cards it names
(:meth:`~rams.games.protocol.Family.lesson_deal`) and driven by record lines to the moment
of the task, with one seat the learner's, and one of three goals, each checked by the engine:

- ``play``: make the move the lesson asks for (a card, a call, a bid, in record notation).
  An illegal move is explained by the clause the engine refuses it with; a legal one that
  is not the lesson's answer by the lesson's hint and by the bots' analysis
  (:func:`rams.analysis.evaluate`: what the strong bot thinks each move is worth here).
- ``legal``: name every card the rules let you play now; the answer is what the engine
  allows (its legal actions), and each card named wrongly is explained by its refusal.
- ``why``: why may this move not be made? One of the clauses offered; the answer is the
  clause the engine refuses the move with.

Beside each task the clauses it is about are shown from the rules reference
(:mod:`rams.rulebook`). Progress is a set of lessons done, kept by whoever asks (a file for
the terminal, :func:`load_progress`; the browser's storage under its key on the web).
The runner names no game: it reads the registry's families.
"""

from __future__ import annotations

import json
import os
import random
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from rams import games
from rams.actions import Play
from rams.cards import Card, Cards, card_str, parse_cards
from rams.errors import IllegalActionError, NotationError, RamsError
from rams.games.display import choices_json, display_json
from rams.games.protocol import DealState
from rams.rulebook import rulebook
from rams.words import Phrase, text

__all__ = [
    "GOALS",
    "Lesson",
    "Outcome",
    "all_lessons",
    "analysable",
    "answer_json",
    "check",
    "find",
    "index_json",
    "lessons",
    "load_progress",
    "names",
    "outcome_json",
    "position_json",
    "progress_path",
    "save_progress",
]

Goal = Literal["play", "legal", "why"]
GOALS: tuple[Goal, ...] = ("play", "legal", "why")
#: How many sampled deals the analysis of a wrong move draws (small: a lesson waits for it).
SAMPLES = 12


@dataclass(frozen=True)
class Lesson:
    """One lesson: where it is (family, number), the position (preset, dealer, hands,
    other places, record lines played before), whose seat is the learner's, and the goal:
    ``right`` (the moves that are right, for ``play``), ``tried`` and ``options`` (the move
    asked about and the clauses offered, for ``why``); ``clauses`` are shown beside it."""

    family: str
    id: str
    number: int
    preset: str
    players: int
    dealer: int
    seat: int
    goal: Goal
    clauses: tuple[str, ...]
    hands: Mapping[int, str] = field(default_factory=dict)
    places: Mapping[str, str] = field(default_factory=dict)
    before: tuple[str, ...] = ()
    right: tuple[str, ...] = ()
    tried: str = ""
    options: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """Its name across families: ``FAMILY/ID``."""
        return f"{self.family}/{self.id}"

    def words(self, part: str, lang: str) -> str:
        """Its words from its family's catalogue: ``title``, ``task``, ``hint``."""
        return text(f"{self.family}.learn.{self.id}.{part}", lang, names=names(self, lang))

    def rules(self) -> Any:
        return games.family(self.family).rules(self.preset, self.players)

    def position(self) -> DealState:
        """The deal at the moment of the task: dealt, then the record lines played."""
        fam = games.family(self.family)
        deal = fam.lesson_deal(self.rules(), self.dealer, self.hands, self.places)
        for line in self.before:
            seat, action = fam.parse_line(line)
            deal.apply(action, seat)
        return deal

    def clause_texts(self, lang: str) -> list[tuple[str, str]]:
        """The clauses beside the task: (id, its text for these rules)."""
        book = rulebook(self.family)
        rules = self.rules()
        return [(c, book.clause_text(book.clause(c), rules, lang)) for c in self.clauses]

    def answer(self) -> tuple[str, ...]:
        """The right answer as the engine has it: the moves (``play``), every legal card
        (``legal``, in pack order) or the clause the move is refused by (``why``)."""
        if self.goal == "play":
            return self.right
        deal = self.position()
        if self.goal == "legal":
            return tuple(card_str(c) for c in sorted(_legal_cards(deal, self.seat)))
        refusal = _refusal(deal, self.seat, games.family(self.family).parse_action(self.tried))
        if refusal is None:
            raise ValueError(f"{self.key}: {self.tried!r} is not refused")
        return (refusal.clause,)


@dataclass(frozen=True)
class Outcome:
    """What an answer came to: ``right``; else why not, in the catalogue's words (each a
    phrase, worded where shown) with the clauses it rests on, and for a legal move that is
    not the answer the bots' values of the move and of the best one (in the family's
    points, higher better), where they value it."""

    right: bool
    why: tuple[Phrase, ...] = ()
    clauses: tuple[str, ...] = ()
    values: tuple[float, float] | None = None

    def lines(self, lesson: Lesson, lang: str) -> list[str]:
        """The outcome in words: a line each, then the clauses' texts."""
        who = names(lesson, lang)
        out = [p.words(lang, who) for p in self.why]
        book = rulebook(lesson.family)
        rules = lesson.rules()
        for c in self.clauses:
            out.append(f"{c}. {book.clause_text(book.clause(c), rules, lang)}")
        return out


def names(lesson: Lesson, lang: str) -> list[str]:
    """The players' names: the learner's first of the catalogue's, the others after."""
    pool = text("learn.names", lang).split(", ")
    order = [(lesson.seat + k) % lesson.players for k in range(lesson.players)]
    out = [""] * lesson.players
    for name, seat in zip(pool, order, strict=False):
        out[seat] = name
    return out


def _legal_cards(deal: DealState, seat: int) -> set[Card]:
    return {a.card for a in deal.legal_actions(seat) if isinstance(a, Play)}


def _refusal(deal: DealState, seat: int, action: Any) -> IllegalActionError | None:
    """The engine's refusal of ``action`` by ``seat`` here, None if it would be allowed."""
    trial = deal.copy()
    try:
        trial.apply(action, seat)
    except IllegalActionError as e:
        return e
    return None


def check(
    lesson: Lesson,
    answer: str,
    *,
    analyse: bool = True,
    samples: int = SAMPLES,
    rng: random.Random | None = None,
) -> Outcome:
    """Check an answer (as typed: a move in record notation, cards, or a clause id); a
    legal move that is not the answer is valued by the bots when ``analyse`` (slow the
    first time: the strong bot's kernels compile)."""
    fam = games.family(lesson.family)
    deal = lesson.position()
    said = answer.strip()
    if lesson.goal == "why":
        wanted = lesson.answer()[0]
        chosen = said.upper()
        if chosen == wanted:
            return Outcome(True)
        if chosen not in lesson.options:
            return Outcome(False, (Phrase("learn.pick_one", options=", ".join(lesson.options)),))
        refusal = _refusal(deal, lesson.seat, fam.parse_action(lesson.tried))
        assert refusal is not None
        because = Phrase("learn.refused", clause=refusal.clause, why=_Why(refusal))
        return Outcome(
            False, (because, Phrase(f"{lesson.family}.learn.{lesson.id}.hint")), (wanted,)
        )
    if lesson.goal == "legal":
        try:
            named = set(parse_cards(said.replace(",", " ")))
        except NotationError as e:
            return Outcome(False, (Phrase("learn.not_understood", why=_Why(e)),))
        legal = _legal_cards(deal, lesson.seat)
        if named == legal:
            return Outcome(True)
        why: list[Phrase] = []
        clauses: list[str] = []
        for c in sorted(named - legal):
            refusal = _refusal(deal, lesson.seat, Play(c))
            if refusal is not None:
                why.append(Phrase("learn.card_refused", cards=Cards((c,)), why=_Why(refusal)))
                clauses.append(refusal.clause)
        missing = sorted(legal - named)
        if missing:
            why.append(Phrase("learn.cards_missing", cards=Cards(missing), count=len(missing)))
        why.append(Phrase(f"{lesson.family}.learn.{lesson.id}.hint"))
        return Outcome(False, tuple(why), tuple(dict.fromkeys(clauses)))
    try:
        action = fam.parse_action(said)
    except RamsError as e:
        return Outcome(False, (Phrase("learn.not_understood", why=_Why(e)),))
    if action in [fam.parse_action(r) for r in lesson.right]:
        if _refusal(deal, lesson.seat, action) is not None:  # (a lesson's data is wrong)
            raise ValueError(f"{lesson.key}: the right answer {said!r} is refused")
        return Outcome(True)
    refusal = _refusal(deal, lesson.seat, action)
    if refusal is not None:
        because = Phrase("learn.refused", clause=refusal.clause, why=_Why(refusal))
        return Outcome(False, (because,), (refusal.clause,))
    hint = Phrase(f"{lesson.family}.learn.{lesson.id}.hint")
    values = _values(lesson, deal, action, samples, rng) if analyse else None
    if values is None:
        return Outcome(False, (hint,))
    mine, best = values
    said_values = Phrase("learn.values", mine=round(mine, 1), best=round(best, 1),
                         unit=Phrase(f"analysis.unit_{lesson.family}"))  # fmt: skip
    return Outcome(False, (hint, said_values), (), values)


def _values(
    lesson: Lesson, deal: DealState, action: Any, samples: int, rng: random.Random | None
) -> tuple[float, float] | None:
    """The bots' value of ``action`` and of the best move, from the learner's view."""
    from rams.analysis import evaluate

    view = deal.observation(lesson.seat)
    found = evaluate(view, lesson.family, samples, rng or random.Random(0), action)
    if not found or action not in found:
        return None
    return found[action], max(found.values())


class _Why:
    """An engine's refusal or a notation error as a field, worded in the text's language."""

    def __init__(self, error: RamsError) -> None:
        self.error = error

    def words(self, lang: str, names: Sequence[str] | None = None) -> str:
        if isinstance(self.error, IllegalActionError):
            return self.error.why(lang, names)
        return self.error.words(lang, names)


# Loading ---------------------------------------------------------------------------------


def _seat(value: Any) -> int:
    """A seat as the lesson files write it: ``p2`` or 2 (1-based) → 1."""
    return int(str(value).removeprefix("p")) - 1


@cache
def lessons(family: str) -> tuple[Lesson, ...]:
    """A family's lessons, in order (its ``lessons.toml``; none if it has no such file)."""
    package = games.FAMILIES[family].rpartition(".")[0]
    path = resources.files(package).joinpath("lessons.toml")
    if not path.is_file():
        return ()
    with path.open("rb") as f:
        data = tomllib.load(f)
    out = []
    for number, raw in enumerate(data.get("lesson", []), start=1):
        preset = str(raw["preset"])
        info = games.presets()[preset]
        out.append(
            Lesson(
                family=family,
                id=str(raw["id"]),
                number=number,
                preset=preset,
                players=int(raw.get("players", info.players[0])),
                dealer=_seat(raw["dealer"]),
                seat=_seat(raw["seat"]),
                goal=raw["goal"],
                clauses=tuple(raw["clauses"]),
                hands={_seat(k): str(v) for k, v in raw.get("hands", {}).items()},
                places={str(k): str(v) for k, v in raw.get("places", {}).items()},
                before=tuple(raw.get("before", ())),
                right=tuple(raw.get("right", ())),
                tried=str(raw.get("try", "")),
                options=tuple(raw.get("options", ())),
            )
        )
    return tuple(out)


def all_lessons() -> dict[str, tuple[Lesson, ...]]:
    """Every family's lessons, by family, in the registry's order."""
    return {f: lessons(f) for f in games.FAMILIES}


def find(key: str) -> Lesson:
    """A lesson by its ``FAMILY/ID``; KeyError if there is none."""
    family, _, lesson_id = key.partition("/")
    if family not in games.FAMILIES:
        raise KeyError(key)
    for lesson in lessons(family):
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(key)


# What a learner is shown -------------------------------------------------------------------


def position_json(lesson: Lesson, lang: str) -> dict[str, Any]:
    """The task as a front end draws it: its words, the clauses beside it, and the
    learner's view of the position (the family's display, the hand, the trick on the
    table) — through the observation, so never a card the learner may not see."""
    fam = games.family(lesson.family)
    deal = lesson.position()
    view = deal.observation(lesson.seat)
    who = names(lesson, lang)
    trick = [{"name": who[s], "card": card_str(c)} for s, c in getattr(view, "trick", ())]
    display = fam.display(view)
    shown = display_json(display, who, lang)
    # A move asked for: the seat's choices as the table offers them (cards, a pick, words);
    # the other goals ask their own question (cards to name, a clause to choose).
    choices = choices_json(display.choices, who, lang) if lesson.goal == "play" else None
    tried = fam.action_words(fam.parse_action(lesson.tried), who, lang) if lesson.tried else None
    return {
        "key": lesson.key,
        "family": lesson.family,
        "number": lesson.number,
        "goal": lesson.goal,
        "title": lesson.words("title", lang),
        "task": lesson.words("task", lang),
        "you": who[lesson.seat],
        "names": who,
        "seat": lesson.seat,
        "dealer": who[lesson.dealer],
        "hand": [card_str(c) for c in view.hand],
        "trick": trick,
        "display": shown,
        "choices": choices,
        "tried": tried,
        "options": [
            {"clause": c, "text": rulebook(lesson.family).clause(c).words(lang)}
            for c in lesson.options
        ],
        "clauses": [{"id": c, "text": t} for c, t in lesson.clause_texts(lang)],
    }


def outcome_json(lesson: Lesson, outcome: Outcome, lang: str) -> dict[str, Any]:
    """An outcome as a front end shows it: right or not, its lines in words, the clauses
    they rest on, and the bots' values where they were asked."""
    return {
        "right": outcome.right,
        "lines": outcome.lines(lesson, lang),
        "clauses": list(outcome.clauses),
        "values": None if outcome.values is None else list(outcome.values),
    }


def analysable(lesson: Lesson, outcome: Outcome) -> bool:
    """Whether the bots may be asked about this wrong answer: a legal move of a ``play``
    lesson that is not its answer (an illegal one is explained by its clause)."""
    return (
        lesson.goal == "play"
        and not outcome.right
        and not outcome.clauses
        and (len(outcome.why) == 1 and outcome.why[0].key.endswith(".hint"))
    )


def answer_json(key: str, answer: str, lang: str, analyse: bool) -> dict[str, Any]:
    """An answer to the lesson ``key`` checked, as a front end shows it (a function of plain
    values, for a worker process: the web asks the bots there)."""
    lesson = find(key)
    return outcome_json(lesson, check(lesson, answer, analyse=analyse), lang)


def index_json(lang: str) -> list[dict[str, Any]]:
    """Every family's lessons as a front end lists them: the family, and each lesson's key,
    number, goal and title."""
    return [
        {
            "family": family,
            "lessons": [
                {"key": x.key, "number": x.number, "goal": x.goal, "title": x.words("title", lang)}
                for x in found
            ],
        }
        for family, found in all_lessons().items()
        if found
    ]


# Progress ----------------------------------------------------------------------------------


def progress_path() -> Path:
    """Where the terminal keeps the lessons done: ``$RAMS_LESSONS``, else
    ``$XDG_STATE_HOME/rams/lessons.json`` (``~/.local/state/rams/lessons.json``)."""
    given = os.environ.get("RAMS_LESSONS")
    if given:
        return Path(given)
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / __name__.partition(".")[0] / "lessons.json"


def load_progress(path: Path) -> set[str]:
    """The lessons done (``FAMILY/ID``) as the file keeps them; none if it is missing or
    unreadable (a broken file is not the learner's fault: it starts over)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    done = data.get("done", []) if isinstance(data, dict) else []
    return {str(k) for k in done if isinstance(k, str)}


def save_progress(path: Path, done: set[str]) -> None:
    """Keep the lessons done (atomically; the folder is made if missing)."""
    from rams.files import atomic_write

    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, json.dumps({"format": "rams-lessons/1", "done": sorted(done)}) + "\n")
