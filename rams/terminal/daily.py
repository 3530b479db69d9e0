"""``rams daily``: the daily deals (rams.daily) in the terminal, kept in a local file.

The terminal plays the day's deals on its own, with no server: it draws each day's seeds
the first time it is run that day and keeps them, with the results, in a file (by default
``saves/daily.json``, ``--file`` to choose), which shows the deals' commitments while the
day lasts and their seeds once it is over. Each deal is played once (a deal begun and left
goes on from its save, never from the start); its result is compared with the bots' own on
the very same cards (duplicate scoring: 2 matchpoints for beating them, 1 for equalling
them). A terminal's deals are its own: the same day at a web server deals from that
server's seeds.
"""

from __future__ import annotations

import argparse
import json
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from rich.console import Console

from rams.daily import (
    DailyDeal,
    OneDeal,
    bots_points,
    day_deals,
    deal_points,
    matchpoints,
    new_game,
    parse_day,
    revealed,
    shuffler,
    today,
)
from rams.errors import RamsError
from rams.fair import commitment, new_seed
from rams.files import atomic_write, writable_dir, writable_file
from rams.games import presets
from rams.terminal.loop import TerminalGame
from rams.terminal.saves import SAVES, resume
from rams.words import default_lang, text

__all__ = ["DAILY_FILE", "FORMAT", "DailyBook", "run_daily"]

#: The file the terminal keeps its daily deals in, by default.
DAILY_FILE = SAVES / "daily.json"
FORMAT = "rams-daily/1"
#: A day to take as today (``YYYY-MM-DD``), for trying the command out and for its tests.
TODAY_VARIABLE = "RAMS_DAILY_TODAY"


def w(key: str, lang: str, **fields: Any) -> str:
    """A word of the terminal's daily deals (``daily.terminal.KEY``)."""
    return text(f"daily.terminal.{key}", lang, **fields)


class DailyBook:
    """The local file: each day's seeds (drawn once) and each deal's result, ``{"format",
    "days": {DAY: {"seeds": {DEAL: SEED}, "results": {DEAL: {"points", "bots"}}}}}``
    (``points`` null while the deal is played)."""

    def __init__(self, path: Path, data: dict[str, Any] | None = None) -> None:
        self.path = path
        self.data = data or {"format": FORMAT, "days": {}}

    @classmethod
    def load(cls, path: Path) -> DailyBook:
        if not path.exists():
            return cls(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise RamsError("daily.terminal.bad_file", path=str(path)) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RamsError("daily.terminal.bad_file", path=str(path))
        return cls(path, data)

    def save(self) -> None:
        text_ = json.dumps(self.data, ensure_ascii=False, indent=1, sort_keys=True)
        atomic_write(self.path, text_ + "\n", 0o600)

    def _day(self, day: date) -> dict[str, Any]:
        found: dict[str, Any] = self.data["days"].setdefault(
            day.isoformat(), {"seeds": {}, "results": {}}
        )
        return found

    def seeds(self, day: date) -> dict[str, str]:
        """The day's seeds, drawn now for the deals that have none (and kept)."""
        seeds: dict[str, str] = self._day(day)["seeds"]
        missing = [d for d in day_deals(day) if d.id not in seeds]
        for d in missing:
            seeds[d.id] = new_seed()
        if missing:
            self.save()
        return seeds

    def result(self, deal: DailyDeal) -> dict[str, Any] | None:
        found: dict[str, Any] | None = self._day(deal.day)["results"].get(deal.id)
        return found

    def begin(self, deal: DailyDeal) -> None:
        """The one try at ``deal`` begins (kept before a card is seen)."""
        self._day(deal.day)["results"][deal.id] = {"points": None, "bots": None}
        self.save()

    def end(self, deal: DailyDeal, points: int, bots: int) -> None:
        self._day(deal.day)["results"][deal.id] = {"points": points, "bots": bots}
        self.save()


class DailyGame(TerminalGame):
    """One daily deal at the terminal: its own cards, and at its end the result beside the
    bots' on the same cards (no payouts, no «another game»)."""

    deal: DailyDeal
    book: DailyBook
    seed: str

    def show_result(self) -> None:
        pass  # (the day's result, in _after_game)

    def _saved_message(self) -> None:
        # (Not `rams play --resume`: a daily deal goes on by the command that began it.)
        if not self.game.is_over:
            self.console.print(w("left", self.lang))

    def _after_game(self) -> None:
        points = deal_points(self.game, 0)
        bots = bots_points(self.deal, self.seed)
        self.book.end(self.deal, points, bots)
        mine = matchpoints([points, bots])[0]
        say = self.console.print
        say(w("result", self.lang, points=_num(points, self.lang), bots=_num(bots, self.lang)))
        say(w("matchpoints", self.lang, n=mine))


def _num(v: int, lang: str) -> str:
    """A number as the language writes it (a true minus sign)."""
    return f"−{-v}" if v < 0 else str(v)


def _title(deal: DailyDeal, lang: str) -> str:
    """The deal's game, at the head of a line (the catalogue's titles run in a sentence)."""
    title = presets()[deal.preset].title[lang]
    return title[:1].upper() + title[1:]


def _day_now() -> date:
    import os

    forced = os.environ.get(TODAY_VARIABLE)
    if forced:
        day = parse_day(forced)
        if day is None:
            raise RamsError("daily.terminal.bad_today", variable=TODAY_VARIABLE, value=forced)
        return day
    return today(datetime.now(UTC))


def _listing(book: DailyBook, day: date, lang: str, console: Console) -> None:
    seeds = book.seeds(day)
    console.print(w("head", lang, day=day.isoformat()))
    for i, d in enumerate(day_deals(day), start=1):
        found = book.result(d)
        if found is None:
            state = w("not_played", lang)
        elif found["points"] is None:
            state = w("begun", lang)
        else:
            state = w("played", lang, points=_num(found["points"], lang),
                      bots=_num(found["bots"], lang))  # fmt: skip
        console.print(w("line", lang, n=i, title=_title(d, lang), k=d.number, state=state))
        console.print(w("commitment", lang, hex=commitment(seeds[d.id])))
    # The days before, over now: their seeds, which anyone may check against the commitments.
    for past in sorted(book.data["days"]):
        pday = parse_day(past)
        if pday is None or not revealed(pday, datetime(day.year, day.month, day.day, tzinfo=UTC)):
            continue
        console.print(w("seeds_of", lang, day=past))
        for deal_id, seed in sorted(book.data["days"][past]["seeds"].items()):
            console.print(w("seed", lang, deal=deal_id, seed=seed))


def run_daily(args: argparse.Namespace) -> int:
    """``rams daily``: list the day's deals (``--list``), or play one (``--deal N``, else
    asked)."""
    lang = args.lang or default_lang()
    console = Console(highlight=False)
    path = Path(args.file) if args.file else DAILY_FILE
    if args.file:
        writable_file(args.file, "--file")
    else:
        writable_dir(path.parent, "--file")
    book = DailyBook.load(path)
    day = _day_now()
    deals = day_deals(day)
    _listing(book, day, lang, console)
    if args.list:
        return 0
    number = args.deal
    if number is None:
        try:
            answer = input(w("ask", lang, count=len(deals))).strip()
        except EOFError:
            console.print()
            return 0
        if not answer:
            return 0
        number = int(answer) if answer.isdigit() else 0
    if not 1 <= number <= len(deals):
        raise RamsError("daily.terminal.no_deal", n=number, count=len(deals))
    deal = deals[number - 1]
    seed = book.seeds(day)[deal.id]
    save = path.with_name(f"daily-{deal.id}.json")
    found = book.result(deal)
    if found is not None and found["points"] is not None:
        console.print(w("once", lang))
        return 1
    if found is not None and save.exists():  # (begun and left: it goes on)
        inner, bots, meta, _ = resume(save)
        game = OneDeal(inner)
    else:
        names = [args.name or w("you", lang), *text("table.bot_names", lang).split()]
        game = new_game(deal, names[: deal.players])
        bots, meta = list(deal.bots), {"bots": list(deal.bots), "lang": lang, "daily": deal.id}
        book.begin(deal)
    tg = DailyGame(console, game, bots, lang, save, meta, pace=args.pace, resumed=found is not None)
    tg.deal, tg.book, tg.seed = deal, book, seed
    deck, drawn = deal.cards(seed)
    tg.table.shuffle = shuffler(deck, drawn)
    return tg.run()
