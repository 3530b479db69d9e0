"""A match in words, as text, for every game (``rams replay``): each deal's events as the
table said them, what the deal wrote, the score sheet with its final standings, and the
result — who won, why, and who paid what (the family's :class:`~rams.games.display.Verdict`).

>>> import random
>>> from rams import games
>>> family = games.family("kony")
>>> names = ["Аня", "Борис", "Вера", "Глеб"]
>>> match = family.new_match(family.rules("kony", 4), names, random.Random(1))
>>> match_text(family, match, "ru").splitlines()
['Четыре кона — Аня, Борис, Вера, Глеб', 'Партия не окончена.']
"""

from __future__ import annotations

from typing import Any

from rams.games.display import winners_title
from rams.games.protocol import AnyFamily
from rams.sheets import ScoreSheet, score_sheet
from rams.words import number, text

__all__ = ["match_text"]


def match_text(family: AnyFamily, match: Any, lang: str) -> str:
    """``match`` (replayed from a record) in words, in ``lang``."""
    names = list(match.players)
    title = family.presets()[match.rules.preset_name].title[lang]  # (no other family's)
    lines = [
        text("story.title", lang, preset=title[:1].upper() + title[1:],
             name=match.rules.preset_name, players=", ".join(names))
    ]  # fmt: skip
    sheet = score_sheet(family, match)
    for k, deal in enumerate(match.deals, start=1):
        lines += ["", text("story.deal", lang, deal=k)]
        lines += ["  " + line for line in family.deal_lines(deal.events, names, lang)]
        if deal.is_over and k < len(sheet.rows):
            lines.append("  " + text("story.written", lang, values=_written(sheet, k, lang)))
    if match.deals:
        lines += ["", text("story.sheet", lang), sheet.text(lang)]
    verdict = family.verdict(match)
    winners = match.winners()
    if verdict is None or not winners:
        lines.append(text("story.not_over", lang))
        return "\n".join(lines)
    lines += ["", winners_title(winners, names, lang)]
    if verdict.why is not None:
        lines.append(text("replay.why", lang, why=verdict.why.words(lang, names)))
    lines += [line.words(lang, names) for line in verdict.lines]
    return "\n".join(lines)


def _written(sheet: ScoreSheet, upto: int, lang: str) -> str:
    """Each column's value after deal ``upto``: «Аня 21, Борис 25»."""
    values = sheet.values_after(upto)
    return ", ".join(
        f"{c.heading(lang)} {number(v)}" for c, v in zip(sheet.columns, values, strict=True)
    )
