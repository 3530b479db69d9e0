"""``rams simulate``: bot-only games with a progress bar and a table of results."""

from __future__ import annotations

import argparse
import random

from rich.console import Console
from rich.table import Table as RichTable

from rams.bots import SEARCHING, make_bot
from rams.errors import RulesError
from rams.files import writable_dir, writable_file
from rams.games import family_of, parse_override, presets
from rams.parallel import parallelism
from rams.progress import compile_solver, progress_bar
from rams.sim import Summary, simulate, summarize, summary_json
from rams.stats import Interval
from rams.tournament import MOST_RUNS
from rams.words import bot_word, default_lang, interval, text

__all__ = ["run_simulate", "summary_table"]


def summary_table(summary: Summary, title: str, lang: str = "en", better: int = -1) -> RichTable:
    """The figures per bot, and each bot against the first, with 95 % intervals; ``better``
    says which way a score is better in this game (-1: Rams' records run down)."""
    table = RichTable(
        title=title,
        title_justify="left",
        caption=text("sim.caption" if better < 0 else "sim.caption_up", lang),
        caption_justify="left",
    )
    table.add_column(text("sim.bot", lang))
    for key in ("seats", "change", "win_rate", "vs_first"):
        table.add_column(text(f"sim.{key}", lang), justify="right")
    for b in summary.bots:
        vs = summary.versus_first.get(b.name)
        table.add_row(
            bot_word(b.name, lang),
            str(b.seats),
            interval(*_bounds(b.change_per_deal), lang),
            interval(*_bounds(b.win_rate), lang, sign=False),
            "—" if vs is None else interval(*_bounds(vs), lang),
        )
    return table


def _bounds(estimate: Interval) -> tuple[float, float, float]:
    """An estimate's mean and its 95 % interval, to be written in a screen's language."""
    return estimate.mean, estimate.low, estimate.high


def run_simulate(args: argparse.Namespace) -> int:
    """Run the games and print the figures."""
    overrides = dict(parse_override(r) for r in args.rule or [])
    rules = family_of(args.preset).rules(args.preset, args.players, **overrides)
    bots = [b.strip() for b in args.bots.split(",")]
    for b in bots:
        make_bot(b, random.Random(0), family=rules.family)  # refuses a bot that cannot run
    if len(bots) != rules.players:
        raise RulesError("cli.bots_count", ("bots",), count=len(bots), seats=rules.players)
    if args.games < 1 or args.workers < 1:
        raise RulesError("cli.games_workers", ("games",))
    if args.games > MOST_RUNS:
        raise RulesError(
            "cli.how_many", ("games",), flag="--games", value=args.games, most=MOST_RUNS
        )
    # Every path is checked before the first game: no run is lost to a bad --json.
    records = writable_dir(args.records, "--records") if args.records else None
    json_path = writable_file(args.json, "--json") if args.json else None
    lang = args.lang or default_lang()
    if SEARCHING.intersection(bots):
        compile_solver(lang)
    if args.ray is not None:
        parallelism(
            args.workers, args.ray
        )  # (joined before the progress bar: an error is one line)
    with progress_bar(text("sim.games", lang), args.games) as advance:
        results = simulate(
            rules, bots, args.games, args.seed, workers=args.workers, records=records,
            progress=advance, ray=args.ray,
        )  # fmt: skip
    summary = summarize(results)
    title = text("sim.title", lang, preset=presets()[rules.preset_name].title[lang],
                 players=rules.players,
                 games=summary.games, deals=summary.deals, seed=args.seed)  # fmt: skip
    better = family_of(args.preset).better
    Console().print(summary_table(summary, title, lang, better))
    if json_path is not None:
        json_path.write_text(summary_json(summary) + "\n", encoding="utf-8")
    return 0
