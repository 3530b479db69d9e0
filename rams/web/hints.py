"""Hints for learners (a table option, off by default): before a person decides, the strong
bot values their choices as the analysis of a finished game does (:func:`rams.analysis.evaluate`),
from that seat's observation only, and the best choice is shown to that seat alone.

The valuing runs in the server's worker processes (:mod:`rams.web.work`), after the bots'
moves, and only while a person of that seat is connected: a hint the table has moved past,
or whose person left, is dropped before it starts. The values are kept with the table and
worded for each socket in its language (the catalogue's ``analysis.hint`` section).

:class:`Hints` is one of the parts :class:`~rams.web.tables.Tables` is made of.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

from rams import bots
from rams.analysis import action_words, evaluate
from rams.web.live import Background, LiveTable
from rams.web.work import Stale, Workers
from rams.words import text

__all__ = ["EVEN", "TOP", "Hints", "hint_message", "ranked_choices"]

log = logging.getLogger("rams.web")

#: How many of the best choices a hint lists with their values.
TOP = 3
#: Below this many points between the best choice and the worst, the choices are even.
EVEN = 0.1


def ranked_choices(
    view: Any, family: str, samples: int, seed: str, current: Callable[[], bool] = lambda: True
) -> list[tuple[Any, float]] | None:
    """The choices of the seat whose view (observation) this is, valued by the strong bot,
    best first; None where no bot values this decision, or the table moved on before the
    work began (``current()`` false)."""
    if not current():
        return None
    values = evaluate(view, family, samples, random.Random(seed))
    if values is None or len(values) < 2:
        return None
    return sorted(values.items(), key=lambda kv: -kv[1])


def _number(value: float, lang: str) -> str:
    """A value over the worst choice, one decimal: «+2,5» in Russian, "+2.5" in English."""
    written = f"{value:+.1f}"
    return written.replace(".", ",") if lang == "ru" else written


def hint_message(
    key: tuple[int, int, int], ranked: list[tuple[Any, float]], lang: str, names: list[str]
) -> dict[str, Any]:
    """The ``hint`` message for the seat of ``key`` (deal, step, seat): the best action in
    record notation, its line, and the best few choices with what each gains over the
    worst, worded in ``lang``."""
    deal, step, seat = key
    worst = ranked[-1][1]

    def words(action: Any) -> str:
        return action_words(action, lang, names, "analysis.best_card", "analysis.best_choice")

    best, best_value = ranked[0]
    gain = best_value - worst
    if gain >= 1:
        line = text("analysis.hint.best", lang, best=words(best), gain=round(gain))
    elif gain >= EVEN:
        line = text("analysis.hint.best_small", lang, best=words(best))
    else:
        line = text("analysis.hint.even", lang)
    top = [
        {"action": str(a), "words": words(a), "gain": round(v - worst, 2)} for a, v in ranked[:TOP]
    ]
    choices = ", ".join(f"{words(a)} {_number(v - worst, lang)}" for a, v in ranked[:TOP])
    return {
        "type": "hint",
        "deal": deal,
        "step": step,
        "seat": seat,
        "best": str(best),
        "line": line,
        "top": top,
        "choices": text("analysis.hint.top", lang, choices=choices),
    }


def _key(live: LiveTable) -> tuple[tuple[int, int, int], Any] | None:
    """The decision a hint is for now, with the deciding seat's view: a person's turn with
    more than one legal action, at a table with hints; None when there is none."""
    table, game = live.table, live.game
    if not live.options.hints or table is None or game is None:
        return None
    if live.status == "over" or live.pausing or game.is_over:
        return None
    seat, deal = table.waiting_for(), game.deal
    if seat is None or deal is None:
        return None
    view = deal.observation(seat)  # (that seat's view only: never another's cards)
    if view.to_move != seat or len(view.legal_actions) < 2:
        return None
    return (len(game.deals), len(deal.actions), seat), view


class Hints:
    """The hints of a server's tables: valued in its worker processes (``workers``), their
    waiting done in the background (``background``), ``samples`` sampled deals each."""

    def __init__(self, workers: Workers, background: Background, samples: int) -> None:
        self.workers = workers
        self.background = background
        self.samples = samples

    def arm(self, live: LiveTable) -> None:
        """Start valuing the decision a person faces now (a table with hints, while that
        person is connected), once per decision; a hint for a decision the table left, or
        whose person left, is forgotten."""
        found = _key(live) if bots.available("hard") else None
        if found is not None and not live.online(found[0][2]):
            found = None
        key = None if found is None else found[0]
        if key == live.hint_key:
            return
        live.hint_key, live.hint = key, None
        if found is None:
            return
        key, view = found
        family = live.rules.family
        seed = f"{live.id}:{key}"
        seat = key[2]

        def current() -> bool:
            return live.hint_key == key and live.online(seat) and not live.moved

        async def work() -> None:
            try:
                ranked = await self.workers.run(
                    live.id, "hint", ranked_choices, view, family, self.samples, seed,
                    current=current,
                )  # fmt: skip
            except Stale:
                return
            except Exception:
                log.exception("table %s: the hint for %s failed", live.id, key)
                return
            if ranked is None or not current():
                return  # (stale: the step moved on)
            live.hint = ranked
            self.send(live)

        self.background.spawn(work())

    def send(self, live: LiveTable) -> None:
        """Send the current hint, if one is ready, to the deciding seat's sockets only."""
        key, ranked = live.hint_key, live.hint
        if key is None or ranked is None:
            return
        worded: dict[str, dict[str, Any]] = {}
        for c in list(live.clients):
            if c.seat != key[2]:
                continue
            if c.lang not in worded:
                worded[c.lang] = hint_message(key, ranked, c.lang, live.names)
            c.send(worded[c.lang])
