"""The terminal's and the command line's phrases a native reader changed (issue 26), each
checked against what it was, so that the old wording cannot come back unnoticed.

| where | was | now |
| --- | --- | --- |
| every `--help`, in Russian | «usage:», «show this help message» | «вызов:», «показать…» |
| argparse's errors, in Russian | «invalid choice» | «нет такого значения» |
| a fraction a text is filled with | «--unload-after 0.0», «0.5» | «--unload-after 0», «0,5» |
| the tournament's rating | «mu ± sigma», later «μ ± σ» | «сила ± разброс» |
| the terminal's sheet, a record below 0 | «-2» | «−2» |
| Rams' exchange of a card not held (E4) | «у игрока Аня нет AS» | «у игрока Аня нет Т♠» |
| a plain game's move out of turn | «Борис: нельзя AS — …» | «Борис: нельзя сыграть Т♠ — …» |
| a plain game's wrong kind of move | «а не trump S» | «а не назначить пики козырем» |
| Boston's bid out of turn | «нельзя bid 9C» | «нельзя заявить 9 ♣» |
| Boston's `?` in the auction | «Можно: 6S 6C …» | «Можно: 6♠ 6♣ …» |
| the claim without overshoot | «(overshoot = "restart")» | «по правилу «перебравший…»» |
"""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys

import pytest

from rams import games
from rams.cards import parse_card
from rams.cli import build_parser, cli_lang
from rams.errors import IllegalActionError
from rams.words import text
from tests.util import make_deal, run

RAMS = [sys.executable, "-m", "rams.cli"]
RU = {**os.environ, "LANG": "ru_RU.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "100"}
COMMANDS = (
    "replay",
    "verify",
    "analyse",
    "rules",
    "play",
    "simulate",
    "tournament",
    "serve",
    "learn",
    "daily",
    "ladder",
    "bot",
)

#: Latin words a Russian --help may hold beside the command's own names: what a person
#: types as it is (a value of an option, a file's name, an address's scheme) and the names
#: of programs (Ray, Redis, PostgreSQL, SQLAlchemy, uvicorn, JSON, HTTP's X-Forwarded-For).
TYPED = {
    "rams", "ru", "en", "auto", "local", "ray", "Ray", "info", "json", "JSON", "fair", "log",
    "sqlite", "postgresql", "psycopg", "redis", "Redis", "PostgreSQL", "SQLAlchemy",
    "uvicorn", "X", "Forwarded", "For", "https", "h", "help",
    "saves", "state", "lessons", "whist", "finesse",  # (files and lessons typed as they are)
    # rams ladder: an engine as it is typed (builtin:heuristic, "python3 examples/bots/
    # random_bot.py"), the protocol's ready, the stand-in's default, the folder's.
    "builtin", "heuristic", "python", "examples", "bots", "random", "bot", "py", "ready",
    "ladder", "results", "http", "connect",
}  # fmt: skip


def help_of(*command: str) -> str:
    done = subprocess.run(
        [*RAMS, *command, "--help"], capture_output=True, text=True, env=RU, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def latin_words(said: str, allowed: set[str]) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]+", said) if w not in allowed]


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_every_help_is_russian_in_a_russian_locale(command: str) -> None:
    """The locale says Russian (LANG=ru_RU): the help of ``rams`` and of every command has no
    Latin word but the command's and options' names and what is typed as it is."""
    said = help_of(*([command] if command else []))
    parser = build_parser("ru")
    names = set(COMMANDS)
    for action in parser._actions:  # (the commands' parsers: their options' names)
        for sub in getattr(action, "choices", None) or {}:
            names.add(sub)
            for option in action.choices[sub]._actions:
                for flag in option.option_strings:
                    names.update(re.findall(r"[A-Za-z]+", flag))
    assert said.startswith("вызов: rams")
    assert "параметры:" in said and "показать эту справку и выйти" in said
    assert latin_words(said, names | TYPED) == [], said
    for english in ("usage", "options", "show this help", "default", "number of"):
        assert english not in said


def test_lang_on_the_command_line_chooses_the_help_before_the_locale() -> None:
    """``--lang en`` wins over a Russian locale, ``--lang ru`` over an English one."""
    english = subprocess.run(
        [*RAMS, "play", "--lang", "en", "--help"], capture_output=True, text=True, env=RU
    )
    assert english.stdout.startswith("usage: rams play")
    said = " ".join(english.stdout.split())
    assert "--pace S" in said and "(default 0.5; 0: at once)" in said
    env = {**RU, "LANG": "en_GB.UTF-8"}
    russian = subprocess.run(
        [*RAMS, "play", "--lang=ru", "--help"], capture_output=True, text=True, env=env
    )
    assert russian.stdout.startswith("вызов: rams play")
    assert "--pace СЕК" in russian.stdout
    assert "(по умолчанию 0,5; 0 — все сразу)" in " ".join(russian.stdout.split())
    assert cli_lang(["x", "--lang", "ru"]) == "ru" and cli_lang(["--lang=en"]) == "en"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["play", "--players", "x"], "rams play: ошибка: --players: это не число: 'x'"),
        (["play", "--lang", "ru", "--pace"], "rams play: ошибка: --pace: нужно одно значение"),
        (["analyse", "x.json"], "rams analyse: ошибка: не хватает обязательных аргументов: --seat"),
        (["dance"], "rams: ошибка: КОМАНДА: нет такого значения: 'dance' (можно: 'replay', "
         "'verify', 'analyse', 'rules', 'play', 'daily', 'learn', 'simulate', 'tournament', "
         "'ladder', 'serve', 'bot')"),
        (["rules", "--frob"], "rams: ошибка: непонятные аргументы: --frob"),
    ],
)  # fmt: skip
def test_argparse_says_its_errors_in_russian(args: list[str], said: str) -> None:
    """Its usage line first (in Russian), then the error, exit status 2."""
    done = subprocess.run([*RAMS, *args], capture_output=True, text=True, env=RU, timeout=60)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert lines[0].startswith("вызов: rams")
    assert lines[-1] == said


def test_a_fraction_a_text_is_filled_with_has_a_decimal_comma() -> None:
    """A value with a fraction as a field of a text (the analysis' threshold, an option a
    refusal echoes back) is written as the language writes it (rams.words.decimal): «0,5»
    and «−1,5» in Russian, 0.5 and -1.5 in English, a whole one without its «.0»."""
    assert text("analysis.clean", "ru", count=4, threshold=0.5) == (
        "Разобрано решений: 4; дорогих нет: ни одно не стоило больше 0,5."
    )
    assert text("cli.seconds", "ru", flag="--grace", value=-1.5) == (
        "--grace −1,5: число секунд, 0 или больше"
    )
    assert text("cli.seconds", "en", flag="--grace", value=-1.5) == (
        "--grace -1.5: seconds, 0 or more"
    )
    assert text("cli.minutes", "en", flag="--unload-after", value=0.0) == (
        "--unload-after 0: minutes, more than 0"
    )


def test_the_tournaments_rating_is_in_the_ratings_pages_words() -> None:
    """«mu ± sigma» was a column of the tournament's table, «μ ± σ» for a while; now the
    ratings page's «сила ± разброс», and «рейтинг» (mu − 3 sigma) is said in the caption
    as the skill less three uncertainties; every figure with a decimal comma."""
    from rich.console import Console

    from rams.stats import mean_ci
    from rams.tournament import BotFigures, Rating, TournamentSummary
    from rams.tournament_cli import results_table

    bot = BotFigures("hard", 4, mean_ci([1.0, 2.0, 3.0]), Rating(25.0, 8.333, 25.0 - 24.999))
    summary = TournamentSummary(3, 1, (bot,), ())
    console = Console(width=400, record=True, file=io.StringIO())
    console.print(results_table(summary, "t", "ru"))
    shown = console.export_text()
    assert "сила ± разброс" in shown and "рейтинг" in shown
    assert "сила минус три разброса" in shown
    assert "25,00 ± 8,33" in shown and "+2,000 [" in shown
    assert re.search(r"│ +0,00 +│", shown), shown  # (mu − 3 sigma: 0.001)
    assert not re.search(r"\b(mu|sigma|ordinal)\b|μ|σ", shown), shown


# Refusals: cards and bids as the table shows them --------------------------------------


def test_E4_an_exchange_of_a_card_not_held_names_it_as_the_table_does() -> None:
    """Three players, p3 deals; Аня (p1) holds 7♠ 8♠ 9♠ 10♠ В♠, all play; Аня exchanges
    first (E4) and tries to discard the ace of spades, which she does not hold."""
    deal = make_deal("classic", 3, dealer=2, hands={0: "7S 8S 9S TS JS"}, turned="7H")
    run(deal, "p1 play", "p2 play", "p3 play")
    from rams.games.rams.actions import parse_action

    with pytest.raises(IllegalActionError) as refused:
        deal.apply(parse_action("exchange AS"), 0)
    names = ["Аня", "Борис", "Вера"]
    assert refused.value.clause == "E4"
    assert refused.value.why("ru", names) == "у игрока Аня нет Т♠"
    assert refused.value.why("en") == "p1 does not hold AS"  # (the engine's own text)


def _plain_deal(preset: str, seed: int = 3) -> tuple[object, list[str]]:
    names = ["Аня", "Борис", "Вера", "Глеб"]
    match = games.new_match(preset, 4, names=names, rng=random.Random(seed))
    return match.start_deal(), names


def test_a_plain_games_move_out_of_turn_or_of_the_wrong_kind_is_said_in_words() -> None:
    """Kony: Аня (the dealer's left) names the trump first (T3). Борис playing a card out of
    turn, Аня playing a card instead of naming, and Борис naming out of turn."""
    from rams.actions import Play
    from rams.games.plain.actions import Trump

    match = games.new_match("kony", 4, names=["Аня", "Борис", "Вера", "Глеб"],
                            rng=random.Random(3), first_dealer=3)  # fmt: skip
    deal = match.start_deal()
    names = list(match.players)
    assert deal.to_move == 0
    ace = parse_card("AS")
    with pytest.raises(IllegalActionError) as refused:
        deal.apply(Play(ace), 1)
    assert refused.value.why("ru", names) == (
        "Борис: нельзя сыграть Т♠ — сейчас очередь игрока Аня: назначить козырь"
    )
    with pytest.raises(IllegalActionError) as refused:
        deal.apply(Play(ace), 0)
    assert refused.value.why("ru", names) == "Аня: сейчас нужно назначить козырь, а не сыграть Т♠"
    with pytest.raises(IllegalActionError) as refused:
        deal.apply(Trump(0), 1)
    said = refused.value.why("ru", names)
    assert (
        said == "Борис: нельзя назначить пики козырем — сейчас очередь игрока Аня: назначить козырь"
    )
    assert refused.value.why("en") == "p2 may not trump S: p1 is to name the trump"


def test_bostons_refusals_and_help_show_bids_as_the_table_does() -> None:
    """Борис bidding 9 ♣ before Аня; Аня saying «Соглашаюсь» in the auction; `?` lists the bids
    as «6♠», never «6S»."""
    from rams.actions import Say
    from rams.games.boston.bids import Bid

    match = games.new_match("boston", 4, names=["Аня", "Борис", "Вера", "Глеб"],
                            rng=random.Random(3), first_dealer=3)  # fmt: skip
    deal = match.start_deal()
    names = list(match.players)
    assert deal.to_move == 0
    with pytest.raises(IllegalActionError) as refused:
        deal.apply(Bid("9C"), 1)
    assert refused.value.why("ru", names) == (
        "Борис: нельзя заявить 9 ♣ — сейчас очередь игрока Аня: торговаться"
    )
    with pytest.raises(IllegalActionError) as refused:
        deal.apply(Say("accept"), 0)
    assert (
        refused.value.why("ru", names) == "Аня: сейчас нужно торговаться, а не сказать «Соглашаюсь»"
    )
    family = games.family("boston")
    choices = family.screen().choices(deal.observation(0), "ru")
    assert choices[:4] == ["5♠", "5♣", "5♦", "5♥"] and "6♥" in choices and "13♠" in choices
    assert not [c for c in choices if re.search(r"[A-Za-z]", c)], choices
    assert family.screen().choices(deal.observation(0), "en")[:2] == ["5S", "5C"]


def test_the_claim_without_overshoot_names_the_rule_in_words() -> None:
    said = text("rams.illegal.claim_needs_overshoot", "ru")
    assert "overshoot" not in said and "«перебравший начинает заново»" in said


def test_B5_bostons_partner_is_invited_by_name_not_by_seat_number() -> None:
    """B5: Аня wins the auction with 5 ♠ and the three others pass; `?` offers the partners by
    name («Борис», «Вера», «Глеб»), and typing a name (in any case) invites that player; the
    invited player answers «да»/«yes» or «нет»/«no»."""
    from rams.actions import Say
    from rams.games.boston.bids import Bid, Invite

    match = games.new_match("boston", 4, names=["Аня", "Борис", "Вера", "Глеб"],
                            rng=random.Random(3), first_dealer=3)  # fmt: skip
    deal = match.start_deal()
    names = list(match.players)
    deal.apply(Bid("5S"), 0)
    for seat in (1, 2, 3):
        deal.apply(Say("pass"), seat)
    screen = games.family("boston").screen()
    view = deal.observation(0)
    choices = screen.choices(view, "ru", names)
    assert {"Борис", "Вера", "Глеб"} <= set(choices), choices
    assert not [c for c in choices if c.startswith("p")], choices
    assert screen.parse("вера", view, names) == Invite(2)
    assert screen.parse(" Глеб ", view, names) == Invite(3)
    deal.apply(Invite(2), 0)
    answer = deal.observation(2)
    assert screen.parse("да", answer, names) == Say("accept")
    assert screen.parse("yes", answer, names) == Say("accept")
    assert screen.parse("no", answer, names) == Say("decline")


def test_every_command_of_the_parser_has_its_help_checked() -> None:
    """A new command joins :data:`COMMANDS`, so its Russian help is checked too."""
    parser = build_parser("ru")
    commands = {sub for a in parser._actions for sub in (getattr(a, "choices", None) or {})}
    assert commands == set(COMMANDS)
