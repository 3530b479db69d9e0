"""`rams play` when its input ends and when a game ends (issue 26).

- Standard input at its end (a pipe or a file run out, Ctrl-D) stops the game at once: one
  line on stderr says that input ended, where the game is saved and the command that goes on
  with it, and the exit status is 1; a new game in which no person has acted leaves no save
  (nor its log of the dealing). Before, it printed the prompt, saved, and exited 0.
- At the end of a game the terminal offers «Разобрать партию» (the strong bot rates each of
  the person's decisions, as ``rams analyse`` does) and «Ещё партию?» (the same players and
  rules, in a save file of its own); each a yes or no, asked again on an answer it cannot
  read. Before, the program ended.
"""

from __future__ import annotations

import io
import os
import random
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pexpect
from rich.console import Console

from rams import games
from rams.fair import Dealer
from rams.record import loads
from rams.terminal import TerminalGame, load_save
from rams.terminal.loop import next_game

RAMS = [sys.executable, "-m", "rams.cli"]
ENV = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "COLUMNS": "100"}
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

#: A game of Fikhman's Ramsch in one deal (F8: ``deals``): ten cards each, then it is over.
ONE_DEAL = ["--preset", "ramsch", "--players", "3", "--rule", "deals=1"]


def play(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``rams play ARGS`` with ``stdin`` as its whole input (a pipe: not a terminal)."""
    return subprocess.run(
        [*RAMS, "play", *args, "--pace", "0"],
        input=stdin,
        capture_output=True,
        text=True,
        env=ENV,
        cwd=cwd,
        timeout=120,
    )


def test_input_that_ends_before_anyone_acted_leaves_no_save(tmp_path: Path) -> None:
    """classic, seed 3: both bots pass, the deal is void (E3), and the first thing the
    person is asked is Enter for the next deal; the input is empty."""
    save = tmp_path / "g.json"
    done = play(
        "--preset", "classic", "--players", "3", "--bots", "heuristic,random",
        "--lang", "ru", "--seed", "3", "--save", str(save),
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert done.stderr == "Ввод закончился до первого хода: партия не сохранена.\n"
    assert "Enter — следующая сдача" in done.stdout
    assert not save.exists()
    assert list(tmp_path.iterdir()) == []


def test_input_that_ends_before_anyone_acted_leaves_no_log_of_the_dealing(
    tmp_path: Path,
) -> None:
    """Without a seed a game is dealt verifiably and its log is written beside the save at
    once; both go when input ends before the person acted."""
    names = ["Аня", "Борис", "Вера"]
    game = games.new_match("classic", 3, names=names, rng=random.Random(1))

    def read(prompt: str) -> str:
        raise EOFError

    save = tmp_path / "g.json"
    console = Console(file=io.StringIO(), width=100)
    tg = TerminalGame(
        console, game, [None, "heuristic", "heuristic"], "ru", save, {}, read,
        dealer=Dealer("t1"),
    )  # fmt: skip
    tg.save()  # (as the game loop does first: the save and the log exist)
    assert save.exists() and (tmp_path / "g.fair-log.json").exists()
    assert tg.run() == 1
    assert list(tmp_path.iterdir()) == []


def test_input_that_ends_mid_game_says_where_it_is_saved_and_how_to_go_on(
    tmp_path: Path,
) -> None:
    """Ramsch, one deal: the person plays two cards (``1``, the first of the hand, legal or
    not; a refused one is asked again) and the input ends. One line on stderr; the command
    it prints, typed as it is, resumes the game — and, its input ending again, says so again
    and keeps the save (the game is the person's already)."""
    save = tmp_path / "g.json"
    moves = "".join(f"{i}\n" for i in range(1, 11)) * 2
    done = play(*ONE_DEAL, "--bots", "heuristic,heuristic", "--lang", "en", "--seed", "2",
                "--save", str(save), stdin=moves[:8])  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert done.stderr.count("\n") == 1
    said = re.fullmatch(
        r"Input ended before the game did: it is saved in (\S+); to go on: (.+) play "
        r"--resume (\S+)\n",
        done.stderr,
    )
    assert said is not None, done.stderr
    assert said.group(1) == said.group(3) == str(save)
    record = load_save(save)
    assert sum(1 for d in record.deals for seat, _ in d.actions if seat == 0) >= 1
    # The command as printed goes on with the game.
    again = subprocess.run(
        [*shlex.split(said.group(2)), "play", "--resume", str(save), "--pace", "0"],
        input="", capture_output=True, text=True, env=ENV, timeout=120,
    )  # fmt: skip
    assert again.returncode == 1, again.stderr
    assert again.stderr == done.stderr
    assert save.exists()


def test_at_the_end_the_game_is_analysed_and_another_begins(tmp_path: Path) -> None:
    """One deal of Ramsch against two bots; at its end the person answers an unreadable word
    (asked again), then «да» to the analysis and «да» to another game: the analysis prints
    the game's unit of points and a line of totals, and another game of the same rules and
    players begins in a save of its own, seeded by the next number; there the person quits."""
    from rams.games.plain.screen import PlainScreen

    names = ["Аня", "Борис", "Вера"]
    rules = games.family("ramsch").rules("ramsch", 3, deals=1)
    game = games.family("ramsch").new_match(rules, names, random.Random(7))
    asked: list[str] = []
    answers = iter(["может быть", "да", "да"])
    current: list[TerminalGame] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        tg = current[-1]
        if "[д/Н]" in prompt:
            return next(answers)
        if tg is not current[0]:  # the next game: quit at once
            return "q"
        deal = tg.game.deal
        assert deal is not None
        view = deal.observation(0)
        return PlainScreen(games.family("ramsch")).choices(view, "ru")[0]

    out = io.StringIO()
    console = Console(file=out, width=120)
    save = tmp_path / "g.json"
    tg = TerminalGame(console, game, [None, "heuristic", "heuristic"], "ru", save,
                      {"bots": [None, "heuristic", "heuristic"], "lang": "ru", "seed": 7},
                      read)  # fmt: skip
    tg.analysis_samples = 2
    current.append(tg)
    assert tg.run() == 0
    assert game.is_over and tg.again
    shown = _ANSI.sub("", out.getvalue())
    ends = [p for p in asked if "[д/Н]" in p]
    assert ends == [
        "Разобрать партию: сильный бот оценит каждое ваше решение? [д/Н] ",
        "Разобрать партию: сильный бот оценит каждое ваше решение? [д/Н] ",
        "Ещё партию — с теми же игроками и правилами? [д/Н] ",
    ]
    assert "Ответьте «да» или «нет» (Enter — нет)." in shown
    assert "Очки — штрафные очки сдачи." in shown
    assert re.search(r"Разобрано решений: \d+; ", shown), shown[-800:]
    # Another game: the same rules and players, the next seed, a save of its own.
    nxt = next_game(tg)
    current.append(nxt)
    assert nxt.game.rules == rules and list(nxt.game.players) == names
    assert nxt.meta["seed"] == 8 and nxt.bots == [None, "heuristic", "heuristic"]
    assert nxt.save_path.parent == tmp_path and nxt.save_path != save
    assert nxt.run() == 0  # («q»: saved and quit)
    assert nxt.save_path.exists()
    assert loads(save.read_text(encoding="utf-8")).replay().is_over  # the first is kept


def test_the_end_questions_in_a_terminal(tmp_path: Path) -> None:
    """Through a pseudo-terminal: the game ends, «Analyse the game» gets «n», «Another
    game» an unreadable «maybe» (asked again), then «y»: a new game begins (its own save
    beside the first) and the person quits it."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "rams.cli", "play", *ONE_DEAL, "--bots", "heuristic,heuristic",
         "--names", "Anya,B1,B2", "--lang", "en", "--seed", "4", "--pace", "0",
         "--save", str(tmp_path / "first.json")],
        encoding="utf-8", timeout=60, env=ENV, dimensions=(60, 100),
    )  # fmt: skip
    for _ in range(30):
        if child.expect([r"Anya> ", r"Analyse the game: .*\[y/N\] "]) == 1:
            break
        child.sendline("?")
        child.expect(r"Legal: ([^\r\n]*)\r\n")
        legal = str(child.match.group(1)).split()
        child.expect(r"Anya> ")
        child.sendline(legal[0])
    child.sendline("n")
    child.expect_exact("Another game with the same players and rules? [y/N] ")
    child.sendline("maybe")
    child.expect_exact("Answer y or n (Enter for no).")
    child.expect_exact("Another game with the same players and rules? [y/N] ")
    child.sendline("y")
    child.expect(r"Anya> ")
    child.sendline("q")
    child.expect(r"Game saved: ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saves = sorted(p.name for p in tmp_path.glob("*.json") if "fair-log" not in p.name)
    assert len(saves) == 2 and "first.json" in saves
    assert loads((tmp_path / "first.json").read_text(encoding="utf-8")).replay().is_over
