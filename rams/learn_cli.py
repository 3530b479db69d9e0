"""``rams learn``: the lessons (:mod:`rams.lessons`) in the terminal, plain lines in and out.

``rams learn`` goes through the lessons not yet done, in order, every family's; ``rams learn
FAMILY`` or ``rams learn FAMILY/ID`` starts there; ``--list`` prints every family's lessons,
with the ones done marked. Each lesson shows its task, the learner's cards, the trick on the
table and the rule beside it, then asks; a wrong answer is explained and asked again, a
right one is kept in the progress file (:func:`rams.lessons.progress_path`, or
``--progress FILE``) and the next lesson follows. ``q`` or the end of input stops.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rams import games
from rams.cards import Cards, card_codes, parse_cards
from rams.errors import NotationError
from rams.lessons import (
    Lesson,
    all_lessons,
    check,
    find,
    load_progress,
    position_json,
    progress_path,
    save_progress,
)
from rams.words import Suit, default_lang, text

__all__ = ["run_learn"]


def _list(lang: str, done: set[str]) -> None:
    for family, found in all_lessons().items():
        name = text(f"ratings.family_{family}", lang)
        print(text("learn.family", lang, name=name, count=len(found)))
        for lesson in found:
            mark = f" ({text('learn.done', lang)})" if lesson.key in done else ""
            print(f"  {lesson.key:28} {lesson.number:2}. {lesson.words('title', lang)}{mark}")


def _show(lesson: Lesson, lang: str) -> None:
    shown = position_json(lesson, lang)
    total = len(all_lessons()[lesson.family])
    print()
    print(text("learn.heading", lang, number=lesson.number, total=total, title=shown["title"]))
    print(text("learn.you", lang, name=shown["you"], dealer=shown["dealer"]))
    trump = shown["display"].get("trump")
    if trump is not None:
        print(text("learn.trump", lang, names=shown["names"], suit=Suit("SCDH".index(trump))))
    hand = Cards(parse_cards(" ".join(shown["hand"])))
    print(text("learn.hand", lang, cards=hand.words(lang, shown["names"])))
    if shown["trick"]:
        played = ", ".join(
            f"{t['name']} {Cards(parse_cards(t['card'])).words(lang, shown['names'])}"
            for t in shown["trick"]
        )
        print(text("learn.trick", lang, cards=played))
    if lesson.goal == "why":
        fam = games.family(lesson.family)
        said = fam.action_words(fam.parse_action(lesson.tried), shown["names"], lang)
        print(text("learn.tried", lang, action=said))
    for clause in shown["clauses"]:
        print(f"  {text('learn.rule', lang)} {clause['id']}. {clause['text']}")
    print(shown["task"])


def _ask(lesson: Lesson, lang: str) -> str:
    shown = position_json(lesson, lang)
    if lesson.goal == "why":
        for option in shown["options"]:
            print(f"  {option['clause']}. {option['text']}")
        return text("learn.ask_why", lang, options=", ".join(lesson.options))
    choices = shown["choices"]
    if lesson.goal == "play" and choices is not None:
        # The moves that are not a card, numbered; cards to pick, named as the table writes them.
        for number, button in enumerate(choices["buttons"], start=1):
            print(f"  {number}. {button['label']}")
        if choices["pick"] is not None and not choices["cards"]:
            print(text("learn.ask_pick", lang))
    return text(f"learn.ask_{lesson.goal}", lang)


def _move(lesson: Lesson, said: str) -> str:
    """A move as typed, as the record writes it: an action's number (its button), cards
    for the lesson's pick (its verb and the cards), else as typed (a card in any notation
    the table or the record writes, or a move in record notation)."""
    choices = position_json(lesson, "en")["choices"] if lesson.goal == "play" else None
    if choices is None:
        return said
    buttons = choices["buttons"]
    word = said.strip()
    if word.isdigit() and 1 <= int(word) <= len(buttons):
        return str(buttons[int(word) - 1]["action"])
    pick = choices["pick"]
    if pick is not None and not choices["cards"]:
        try:
            cards = parse_cards(word)
        except NotationError:
            return said
        if cards:
            return " ".join([pick["verb"], *card_codes(cards)])
    return said


def _start(args: argparse.Namespace, lang: str) -> list[Lesson] | None:
    """The lessons to go through: from the one named, or every one not done."""
    every = [lesson for found in all_lessons().values() for lesson in found]
    where: str | None = args.lesson
    if where is None:
        return every
    if "/" in where:
        try:
            first = find(where)
        except KeyError:
            print(text("learn.no_lesson", lang, name=where), file=sys.stderr)
            return None
        return every[every.index(first) :]
    if where not in games.FAMILIES:
        print(text("learn.no_lesson", lang, name=where), file=sys.stderr)
        return None
    return [lesson for lesson in every if lesson.family == where]


def run_learn(args: argparse.Namespace) -> int:
    lang = args.lang or default_lang()
    path = Path(args.progress) if args.progress else progress_path()
    done = load_progress(path)
    if args.list:
        _list(lang, done)
        return 0
    todo = _start(args, lang)
    if todo is None:
        return 2
    if args.lesson is None:
        todo = [lesson for lesson in todo if lesson.key not in done]
    for lesson in todo:
        _show(lesson, lang)
        while True:
            try:
                answer = input(_ask(lesson, lang))
            except EOFError:
                print()
                return 0
            if answer.strip().lower() in ("q", "й"):
                return 0
            if not answer.strip():
                continue
            if lesson.goal == "play" and not args.no_analysis:
                print(text("learn.thinking", lang), flush=True)
            outcome = check(lesson, _move(lesson, answer), analyse=not args.no_analysis)
            if outcome.right:
                print(text("learn.right", lang))
                done.add(lesson.key)
                save_progress(path, done)
                break
            print(text("learn.wrong", lang))
            for line in outcome.lines(lesson, lang):
                print(f"  {line}")
            print(text("learn.again", lang))
    print(text("learn.all_done", lang))
    return 0
