"""``rams tournament``: a duplicate tournament with a progress bar, tables and a chart."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter
from rich.console import Console
from rich.table import Table

from rams.bots import SEARCHING
from rams.errors import RamsError
from rams.files import writable_dir
from rams.games import family_of, parse_override, presets
from rams.parallel import parallelism
from rams.progress import compile_solver, progress_bar
from rams.tournament import (
    TournamentSummary,
    check_setup,
    run_tournament_deals,
    summarize,
    summary_dict,
)
from rams.words import bot_word, decimal, default_lang, interval, os_reason, text

__all__ = ["pairs_table", "results_table", "run_tournament", "write_chart"]


def results_table(summary: TournamentSummary, title: str, lang: str = "en") -> Table:
    """Per bot, best first: mean points per deal with its 95 % interval, the OpenSkill rating."""
    table = Table(
        title=title,
        title_justify="left",
        caption=text("tournament.caption", lang),
        caption_justify="left",
    )
    table.add_column(text("sim.bot", lang))
    table.add_column(text("sim.seats", lang), justify="right")
    table.add_column(text("tournament.points", lang), justify="right")
    table.add_column(text("tournament.head.mu_sigma", lang), justify="right")
    table.add_column(text("tournament.ordinal", lang), justify="right")
    for b in sorted(summary.bots, key=lambda b: -b.points.mean):
        table.add_row(
            bot_word(b.name, lang),
            str(b.seats),
            interval(b.points.mean, b.points.low, b.points.high, lang),
            f"{decimal(b.rating.mu, lang, 2)} ± {decimal(b.rating.sigma, lang, 2)}",
            decimal(b.rating.ordinal, lang, 2),
        )
    return table


def pairs_table(summary: TournamentSummary, lang: str = "en") -> Table:
    """For every pair of bots: the first's points per deal minus the second's, paired by deal."""
    table = Table(
        title=text("tournament.pairs", lang),
        title_justify="left",
        caption=text("tournament.pairs_caption", lang),
        caption_justify="left",
    )
    table.add_column(text("sim.bot", lang))
    table.add_column(text("tournament.minus", lang))
    table.add_column(text("tournament.difference", lang), justify="right")
    table.add_column("", justify="left")
    for p in summary.pairs:
        table.add_row(
            bot_word(p.first, lang),
            bot_word(p.second, lang),
            interval(p.difference.mean, p.difference.low, p.difference.high, lang),
            "*" if p.difference.excludes_zero else "",
        )
    return table


def write_chart(summary: TournamentSummary, title: str, path: Path, lang: str = "en") -> None:
    """A bar chart (PNG) of mean points per deal per bot, the 95 % intervals as error bars."""
    names = [_label(bot_word(b.name, lang)) for b in summary.bots]
    means = [b.points.mean for b in summary.bots]
    below = [_half(b.points.mean - b.points.low) for b in summary.bots]
    above = [_half(b.points.high - b.points.mean) for b in summary.bots]
    fig = Figure(figsize=(max(4.5, 1.3 * len(names) + 2), 4.5), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.bar(names, means, yerr=[below, above], capsize=8, color="#4c72b0", edgecolor="black")
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_ylabel(text("tournament.axis", lang))
    # The axis's numbers as the language writes them: «0,5» and «−1» in Russian.
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: axis_number(v, lang)))
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, format="png")


def _label(name: str, most: int = 24) -> str:
    """A bar's label: a long name (an outside program's command) cut to its end, where
    its script's name is.

    >>> _label("hard"), _label("/usr/bin/python3 /home/anya/bots/my_clever_bot.py")
    ('hard', '…a/bots/my_clever_bot.py')
    """
    return name if len(name) <= most else "…" + name[-(most - 1) :]


def axis_number(value: float, lang: str) -> str:
    """A number on the chart's axis as ``lang`` writes it (a tick at −0.0 is 0).

    >>> axis_number(-0.5, "ru"), axis_number(-0.0, "ru"), axis_number(-0.5, "en")
    ('−0,5', '0', '-0.5')
    """
    return decimal(value + 0.0, lang, None)


def _half(x: float) -> float:
    """An error bar's length; none for the infinite interval of a single deal."""
    return x if math.isfinite(x) else 0.0


def run_tournament(args: argparse.Namespace) -> int:
    """Play the tournament, print the tables, write results.json and chart.png."""
    overrides = dict(parse_override(r) for r in args.rule or [])
    rules = family_of(args.preset).rules(args.preset, args.players, **overrides)
    bots = [b.strip() for b in args.bots.split(",")]
    check_setup(rules, bots, args.deals, args.workers)
    out = writable_dir(args.out, "--out")
    lang = args.lang or default_lang()
    if SEARCHING.intersection(bots):
        compile_solver(lang)
    if args.ray is not None:
        parallelism(
            args.workers, args.ray
        )  # (joined before the progress bar: an error is one line)
    with progress_bar(text("sim.deals", lang), args.deals) as advance:
        result = run_tournament_deals(
            rules, bots, args.deals, args.seed, workers=args.workers, progress=advance,
            ray=args.ray,
        )  # fmt: skip
    summary = summarize(result.deals)
    title = text("tournament.title", lang, preset=presets()[rules.preset_name].title[lang],
                 players=rules.players,
                 deals=args.deals, seed=args.seed)  # fmt: skip
    stdout = Console()
    stdout.print(results_table(summary, title, lang))
    if summary.pairs:
        stdout.print(pairs_table(summary, lang))
    data: dict[str, Any] = {
        "parameters": {
            "preset": rules.preset_name,
            "players": rules.players,
            "bots": bots,
            "deals": args.deals,
            "seed": args.seed,
            "workers": args.workers,
            "ray": args.ray,
            "rule": list(args.rule or []),
        },
        **summary_dict(summary),
    }
    write_results(out, data, summary, title, lang)
    return 0


def write_results(
    out: Path, data: dict[str, Any], summary: TournamentSummary, title: str, lang: str
) -> None:
    """``results.json`` and ``chart.png`` in ``out``, and a line that says so (a tournament's
    and a ladder's)."""
    try:
        (out / "results.json").write_text(
            json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        write_chart(summary, title, out / "chart.png", lang)
    except OSError as e:
        raise RamsError("files.cannot_write", path=str(out), why=os_reason(e)) from None
    said = text("tournament.wrote", lang, results=out / "results.json", chart=out / "chart.png")
    Console(stderr=True).print(said)
