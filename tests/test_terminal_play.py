"""`rams play` end to end through a pseudo-terminal (pexpect): a whole game against bots with
a wrong input, `?`, an illegal card, save-and-quit, `--resume`, Ctrl-C and end of input, and
the saved record replayed. Bad setups exit with status 2 and one line."""

from __future__ import annotations

import io
import itertools
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

from rams.cards import cards_str
from rams.record import loads, replay_summary
from rams.terminal import load_save

RAMS = [sys.executable, "-m", "rams.cli"]
ENV = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "COLUMNS": "100"}
PROMPT = r"Anya> "
NEXT = r"Press Enter for the next deal"
OVER = r"wins? the game!"  # (then the final standings)
ASK_ANALYSE = r"Analyse the game: [^\r\n]*\[y/N\] "
ASK_AGAIN = r"Another game with the same players and rules\? \[y/N\] "


def _as_a_terminal_starts_it() -> None:
    """In the child, before ``rams`` starts: Ctrl-C delivered as a person's terminal delivers
    it. A child inherits an ignored or blocked SIGINT from the process that starts it, and
    a test process may have one (a library's thread, a server's handler), which would make
    the test's Ctrl-C vanish."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def spawn(*args: str) -> pexpect.spawn:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "rams.cli", *args, *(["--pace", "0"] if args[0] == "play" else [])],
        encoding="utf-8",
        timeout=30,
        env=ENV,
        dimensions=(60, 100),
        preexec_fn=_as_a_terminal_starts_it,
    )
    return child


def new_game(save: Path, seed: int = 3) -> pexpect.spawn:
    return spawn(
        "play",
        "--preset", "classic",
        "--players", "3",
        "--bots", "heuristic,random",
        "--names", "Anya,B1,B2",
        "--lang", "en",
        "--seed", str(seed),
        "--rule", "start_score=40",
        "--save", str(save),
    )  # fmt: skip


def wait_prompt(child: pexpect.spawn) -> None:
    """Wait for Anya's prompt, pressing Enter between deals (a void deal comes first at times)."""
    while child.expect([PROMPT, NEXT]) == 1:
        child.sendline("")


def legal_choices(child: pexpect.spawn) -> list[str]:
    """Ask `?` at the prompt and read the legal choices it lists."""
    child.sendline("?")
    child.expect(r"Legal: ([^\r\n]*)\r\n")
    legal = str(child.match.group(1)).split()
    child.expect(r"\(([A-Z][0-9]+)\)\S*\r\n")  # the hint names the rule's clause
    child.expect(PROMPT)
    return legal


def play_on(child: pexpect.spawn, turns: int | None = None) -> int:
    """Answer every prompt with the first legal choice; returns how many actions were sent.

    Stops after ``turns`` actions (at a prompt), or at the end of the game.
    """
    sent = 0
    while True:
        idx = child.expect([PROMPT, NEXT, OVER])
        if idx == 2:
            no_more(child)
            return sent
        if idx == 1:
            child.sendline("")
            continue
        if turns is not None and sent >= turns:
            return sent
        legal = legal_choices(child)
        child.sendline(legal[0])
        sent += 1


def no_more(child: pexpect.spawn) -> None:
    """At the end of a game: no analysis (where it is offered), no other game."""
    if child.expect([ASK_ANALYSE, ASK_AGAIN]) == 0:
        child.sendline("n")
        child.expect(ASK_AGAIN)
    child.sendline("n")
    child.expect(pexpect.EOF)


def test_whole_game_with_wrong_input_help_quit_resume_and_replay(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = new_game(save)
    wait_prompt(child)
    # A wrong input gets a message and a new prompt, never a crash.
    child.sendline("zz")
    child.expect(r"Cannot read 'zz'")
    child.expect(PROMPT)
    # `?` lists the legal choices with the rule that limits them.
    legal = legal_choices(child)
    assert legal
    child.sendline(legal[0])
    play_on(child, turns=6)
    # Save and quit.
    child.sendline("q")
    child.expect(r"Game saved: ")
    child.expect(r"To go on: ([^\r\n]+?) play --resume ")
    # What it prints works as typed: ``rams`` where it is on the PATH, else a program that is.
    typed = _ANSI.sub("", child.match.group(1).decode() if isinstance(child.match.group(1), bytes)
                      else str(child.match.group(1)))  # fmt: skip
    program = typed.split(" -m ")[0]
    assert (typed == "rams" and shutil.which("rams")) or Path(program).exists(), typed
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = save.read_text(encoding="utf-8")
    saved = load_save(save)
    played = sum(len(d.actions) for d in saved.deals)
    assert played >= 7
    assert saved.meta["bots"] == [None, "heuristic", "random"]
    # The deal in progress is sealed: neither its deck nor any discard can be read in the
    # file, which only its owner may open.
    current = saved.deals[-1]
    assert cards_str(current.deck) not in text and '"sealed"' in text
    assert len(loads(text).deals) == len(saved.deals) - 1  # only finished deals in the clear
    assert stat.S_IMODE(save.stat().st_mode) == 0o600

    # Resume from the saved record and play to the end.
    child = spawn("play", "--resume", str(save), "--lang", "en")
    play_on(child)
    child.close()
    assert child.exitstatus == 0
    final = loads(save.read_text(encoding="utf-8"))
    assert final.deals[: len(saved.deals) - 1] == saved.deals[:-1]
    game = final.replay()
    assert game.winner is not None

    # The saved record replays with `rams replay`.
    proc = subprocess.run([*RAMS, "replay", str(save), "--json"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == replay_summary(game)


def test_a_game_without_a_seed_keeps_a_log_that_verifies_its_save_across_a_resume(
    tmp_path: Path,
) -> None:
    """``rams play`` without --seed deals verifiably and writes the player's log beside the
    save; quit and resumed, the game keeps the commitment it had shown for its next deal,
    and at the end ``rams verify SAVE --mine LOG`` proves the save against the log."""
    # Without a seed the deals are random: one may end the game at once (four aces, R1)
    # before six turns; then a new game, in a folder of its own.
    for attempt in range(5):
        save = tmp_path / f"try{attempt}" / "game.json"
        save.parent.mkdir()
        log = save.parent / "game.fair-log.json"
        child = spawn(
            "play", "--preset", "classic", "--players", "3", "--bots", "heuristic,random",
            "--names", "Anya,B1,B2", "--lang", "en", "--rule", "start_score=40",
            "--save", str(save),
        )  # fmt: skip
        play_on(child, turns=6)
        if child.isalive():
            break
        child.close()
    child.sendline("q")
    child.expect(r"Your log of the dealing: ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and log.exists()
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    before = json.loads(log.read_text(encoding="utf-8"))
    child = spawn("play", "--resume", str(save), "--lang", "en")
    play_on(child)
    child.close()
    assert child.exitstatus == 0
    after = json.loads(log.read_text(encoding="utf-8"))
    for k, shown in before["deals"].items():  # (the same commitments; seeds only added)
        assert after["deals"][k]["commitment"] == shown["commitment"]
        assert after["deals"][k]["seeds"].items() >= shown["seeds"].items()
    proc = subprocess.run(
        [*RAMS, "verify", str(save), "--mine", str(log), "--lang", "en"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    deals = len(loads(save.read_text(encoding="utf-8")).deals)
    many = "" if deals == 1 else "s"  # (a game without a seed may end in one deal)
    assert proc.stdout.endswith(
        f"It matches your log: {deals} commitment{many} of the server and {deals} "
        f"seed{many} of yours.\n"
    )


def test_an_illegal_card_gets_the_rule_and_a_new_prompt(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = new_game(save, seed=5)
    # Play on until Anya must play a card while some card of her hand is not legal.
    for _ in range(60):
        idx = child.expect([PROMPT, NEXT, OVER])
        if idx == 1:
            child.sendline("")
            continue
        assert idx == 0
        child.sendline("?")
        child.expect(r"Legal: ([^\r\n]*)\r\n")
        legal = str(child.match.group(1)).split()
        child.expect(PROMPT)
        hand = [str(i) for i in range(1, 6)]
        if legal and all(len(x) <= 3 and x[-1] in "♠♣♦♥" for x in legal):
            # A card phase: try each numbered card until one is refused.
            for number in hand:
                child.sendline(number)
                got = child.expect([r"Not allowed: ([^\r\n]*)", PROMPT, NEXT, OVER, r"• "])
                if got == 0:
                    assert "(P" in child.match.group(1) or "(M" in child.match.group(1)
                    child.expect(PROMPT)
                    child.sendline("q")
                    child.expect(pexpect.EOF)
                    return
                break
            continue
        child.sendline(legal[0])
    pytest.fail("never reached a refused card")


@pytest.mark.parametrize(("how", "status"), [("intr", 130), ("eof", 1)])
def test_ctrl_c_and_end_of_input_save_first(tmp_path: Path, how: str, status: int) -> None:
    """Ctrl-C saves and says so (130); the end of input (Ctrl-D) after the person acted
    saves and says in one line where, and how to go on (1: the game did not end)."""
    save = tmp_path / "game.json"
    child = new_game(save)
    wait_prompt(child)
    child.sendline("play" if "play" in legal_choices(child) else "pass")
    wait_prompt(child)
    if how == "intr":
        child.sendintr()
        # A Ctrl-C that comes after the prompt is printed but before Python's input() is
        # reading (a loaded machine can hold the program there) is only acted on at the
        # next key, as a person would see: press it again, as a person would.
        if child.expect([r"Game saved: ", pexpect.TIMEOUT], timeout=10) == 1:
            child.sendintr()
            child.expect(r"Game saved: ")
    else:
        child.sendeof()
        child.expect(r"Input ended before the game did: it is saved in (\S+); to go on: ")
        assert child.match.group(1) == str(save)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == status
    record = load_save(save)
    game = record.replay(partial=True)
    last = game.deals[-1]
    assert last.actions and not last.is_over  # saved mid-deal, every action kept


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--preset", "nope", "--bots", "heuristic,heuristic"], "unknown preset 'nope'"),
        (
            ["--preset", "classic", "--players", "3", "--bots", "heuristic,heuristic",
             "--rule", "dave=true"],
            "options dave, talon clash",
        ),
        (["--preset", "classic", "--players", "3", "--bots", "robot,heuristic"], "unknown bot"),
        (["--preset", "classic", "--players", "9", "--bots", "heuristic"], "not 9"),
        (["--preset", "classic", "--rule", "start_score"], "KEY=VALUE"),
    ],
)  # fmt: skip
def test_bad_setups_exit_2_with_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    proc = subprocess.run(
        [*RAMS, "play", *args, "--save", str(tmp_path / "g.json")],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env=ENV,
    )
    assert proc.returncode == 2
    assert message in proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    "content",
    ["{not json", '{"format": "rams-record/1"}', '{"format": "rams-record/1", "rules": "classic", '
     '"players": ["a", "b", "c"], "deals": [{"dealer": 1, "deck": "AS", "actions": []}]}'],
)  # fmt: skip
def test_a_corrupt_resume_file_exits_2(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    proc = subprocess.run(
        [*RAMS, "play", "--resume", str(path)], capture_output=True, text=True, env=ENV
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith(("record:", "deal 1"))
    assert "Traceback" not in proc.stderr
    assert path.read_text(encoding="utf-8") == content  # the file is left as it was


def test_hot_seat_wipes_the_screen_before_the_next_person(tmp_path: Path) -> None:
    """With two people at one keyboard, the last hand is cleared (screen and scrollback)
    before the next person is asked to take over."""
    import random

    from rich.console import Console

    from rams.cards import card_str
    from rams.games.rams.actions import Exchange, Play, Swap
    from rams.games.rams.match import RamsMatch
    from rams.games.rams.rules import Rules
    from rams.terminal import TerminalGame

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100)
    game = RamsMatch(Rules.preset("classic", 3), ["Аня", "Борис", "Bot"], rng=random.Random(4))
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if "look away" in prompt or "next deal" in prompt or "claim" in prompt:
            return ""
        if len(prompts) > 24:
            return "q"
        deal = game.deal
        assert deal is not None
        action = deal.legal_actions()[0]
        if isinstance(action, Exchange):
            return "0"
        if isinstance(action, (Play, Swap)):
            return card_str(action.card)
        return str(action)

    tg = TerminalGame(console, game, [None, None, "heuristic"], "en", tmp_path / "g.json", {}, read)
    assert tg.run() == 0
    text = out.getvalue()
    handovers = [i for i, p in enumerate(prompts) if "look away" in p]
    assert len(handovers) >= 2
    assert text.count("\x1b[3J") >= len(handovers)  # scrollback wiped at every handover
    assert "\x1b[2J" in text  # and the screen


def test_resume_of_a_finished_game_changes_nothing_on_disk(tmp_path: Path) -> None:
    """`--resume` of a game that is over shows its result and leaves the file as it was:
    the same bytes, the same mode, the same modification time."""
    import random

    from rams.bots import make_bot
    from rams.games.rams.match import RamsMatch
    from rams.games.rams.rules import Rules
    from rams.table import Table
    from rams.terminal import save_text

    rules = Rules.preset("classic", 3, start_score=20)
    game = RamsMatch(rules, ["Anya", "B1", "B2"], rng=random.Random(5))
    Table(game, [make_bot("heuristic", random.Random(s)) for s in range(3)]).advance()
    assert game.is_over
    save = tmp_path / "done.json"
    save.write_text(save_text(game, {"bots": [None, "heuristic", "heuristic"]}) + "\n")
    save.chmod(0o644)
    before = (save.read_bytes(), save.stat().st_mode, save.stat().st_mtime_ns)
    time.sleep(0.05)
    child = spawn("play", "--resume", str(save), "--lang", "en")
    child.expect("This game is already over")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (save.read_bytes(), save.stat().st_mode, save.stat().st_mtime_ns) == before
    assert not (tmp_path / "done.json.tmp").exists()


def test_a_bot_that_thinks_long_is_shown_thinking() -> None:
    """No silent freeze in the terminal: a bot slower than THINKING_AFTER shows a spinner
    with its name («Борис думает…») until it acts; a quick one shows nothing."""

    from rich.console import Console

    from rams.games.rams.actions import PLAY_IN
    from rams.terminal import THINKING_AFTER, ThinkingBot

    class Slow:
        name = "slow"

        def __init__(self, seconds: float) -> None:
            self.seconds = seconds

        def act(self, view: object) -> object:
            time.sleep(self.seconds)
            return PLAY_IN

    for seconds, shown in ((THINKING_AFTER + 0.4, True), (0.0, False)):
        out = io.StringIO()
        console = Console(file=out, force_terminal=True, width=80)
        bot = ThinkingBot(Slow(seconds), console, "Борис думает…")  # type: ignore[arg-type]
        assert bot.act(None) is PLAY_IN  # type: ignore[arg-type]
        assert ("Борис думает…" in out.getvalue()) is shown


def test_a_clause_id_typed_at_the_prompt_shows_its_text(tmp_path: Path) -> None:
    """Every clause the table cites («(P4)») opens its text: typed at the prompt, `P4` or
    `?E2` prints that clause of the game's rulebook, and the prompt comes back."""
    from rams.games.rams.rules import Rules
    from rams.rulebook import rules_view

    clauses = rules_view(Rules.preset("classic", 3, start_score=40), "en")["clauses"]
    child = new_game(tmp_path / "game.json")
    wait_prompt(child)
    for typed, cid in (("P4", "P4"), ("?e2", "E2")):
        child.sendline(typed)
        child.expect_exact(f"{cid}: {clauses[cid]['text'][:40]}")
        child.expect(PROMPT)
    child.sendline("V2")  # the duel's talon is no rule of this game
    child.expect_exact("This game has no rule V2.")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_paced_bots_show_each_card_as_it_is_played_and_mark_the_leader(tmp_path: Path) -> None:
    """`--pace S`: between a person's turns each bot card is its own line, S seconds apart,
    and the lead of a trick says who leads."""

    log = io.StringIO()
    child = pexpect.spawn(
        sys.executable,
        ["-m", "rams.cli", "play", "--preset", "classic", "--players", "3",
         "--bots", "heuristic,heuristic", "--names", "Anya,Boris,Vera", "--lang", "en",
         "--seed", "5", "--rule", "start_score=40", "--pace", "0.25",
         "--save", str(tmp_path / "g.json")],
        encoding="utf-8", timeout=60, env=ENV, dimensions=(60, 100),
    )  # fmt: skip
    child.logfile_read = log
    bot_cards: list[tuple[float, str]] = []
    for _ in range(12):
        idx = child.expect(
            [
                r"(Boris|Vera) leads \S+\r\n",
                r"(Boris|Vera): (?:10|[2-9JQKA])[♠♣♦♥]\S*\r\n",
                r"Anya> ",
                NEXT,
                OVER,
            ]
        )
        if idx in (0, 1):
            bot_cards.append((time.monotonic(), str(child.match.group(0)).strip()))
        elif idx == 2:
            legal = legal_choices(child)
            child.sendline(legal[0])
        elif idx == 3:
            child.sendline("")
        else:
            break
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert len(bot_cards) >= 2, log.getvalue()[-2000:]
    assert any(" leads " in line for _, line in bot_cards)
    # Each card came on its own line (never two in one), and they came paced.
    assert all(len(re.findall(r"(?:10|[2-9JQKA])[♠♣♦♥]", line)) == 1 for _, line in bot_cards), (
        bot_cards
    )
    gaps = [b - a for (a, _), (b, _) in itertools.pairwise(bot_cards)]
    assert max(gaps) >= 0.2


# In Russian: the engine's own reason, with the players' names ---------------------------

RU_PROMPT = r"Аня> "
RU_NEXT = r"Enter — следующая сдача"
RU_OVER = r"Победител[ьи] партии: "
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_RU_TYPED_SUIT = {"♠": "п", "♣": "т", "♦": "б", "♥": "ч"}


def ru_spawn(*args: str) -> tuple[pexpect.spawn, io.StringIO]:
    log = io.StringIO()
    child = spawn("play", *args, "--lang", "ru")
    child.logfile_read = log
    return child, log


def ru_legal(child: pexpect.spawn) -> list[str]:
    child.sendline("?")
    child.expect(r"Можно: ([^\r\n]*)\r\n")
    legal = str(child.match.group(1)).split()
    child.expect(RU_PROMPT)
    return legal


def russian_reason(child: pexpect.spawn) -> str:
    """The refusal's reason; it is Russian: Cyrillic, no Latin letter outside the clause id."""
    child.expect(r"Нельзя: ([^\r\n]*)\r\n")
    reason = _ANSI.sub("", str(child.match.group(1))).strip()
    words = re.sub(r" \([A-Z]\d+\)$", "", reason)
    assert words != reason, reason  # the clause id ends it
    assert re.search(r"[А-Яа-яЁё]", words) and not re.search(r"[A-Za-z]", words), reason
    child.expect(RU_PROMPT)
    return reason


def test_a_refusal_in_russian_is_the_engines_reason_with_names(tmp_path: Path) -> None:
    """`тп` (Т♠) not held, «ходи» at the card play and a card that does not follow the rules
    are each refused with the engine's reason in Russian, naming Аня, not a general hint."""
    child, log = ru_spawn(
        "--preset", "classic", "--players", "3", "--bots", "heuristic,random",
        "--names", "Аня,Борис,Вера", "--seed", "5", "--rule", "start_score=40",
        "--save", str(tmp_path / "g.json"),
    )  # fmt: skip
    refused_card = False
    for _ in range(80):
        idx = child.expect([RU_PROMPT, RU_NEXT, RU_OVER])
        if idx == 1:
            child.sendline("")
            continue
        assert idx == 0, "the game ended before a card was refused"
        start = len(log.getvalue())
        legal = ru_legal(child)
        if not (legal and all(x[-1] in "♠♣♦♥" for x in legal)):
            child.sendline(legal[0])
            continue
        screen = _ANSI.sub("", log.getvalue()[:start])
        shown = re.findall(r"Карты игрока Аня: ([^│\r\n]*)", screen)[-1]
        hand = {f"{r}{s}" for r, s in re.findall(r"\d+ (10|[2-9ВДКТ])([♠♣♦♥])", shown)}
        missing = next(
            r + s for r in ("Т", "К", "Д", "В", "10", "9", "8", "7") for s in "♠♣♦♥"
            if r + s not in hand
        )  # fmt: skip
        child.sendline(missing[:-1].lower() + _RU_TYPED_SUIT[missing[-1]])  # тп, 10ч
        assert russian_reason(child) == f"у игрока Аня нет {missing} (P7)"
        child.sendline("ходи")
        assert russian_reason(child) == "Аня: сейчас нужно сыграть карту, а не сказать «Ходи» (P1)"
        if len(legal) < len(hand):  # a card held but not allowed: the rule, then the cards
            bad = next(c for c in sorted(hand) if c not in legal)
            child.sendline(bad)
            reason = russian_reason(child)
            assert reason.endswith(f"Аня может сыграть {' '.join(legal)}, а не {bad} (P2)")
            refused_card = True
            break
        child.sendline(legal[0])
    assert refused_card, "never met a card that the rules refuse"
    child.sendline("q")
    child.expect("Игра сохранена: ")
    child.expect(pexpect.EOF)


def test_the_duels_non_dealer_is_asked_to_take_or_sell_not_go(tmp_path: Path) -> None:
    """V2 in Russian: the non-dealer is asked «взять прикуп или сказать «Продаю»» and `?`
    offers «беру продаю», never «ходи»; typing «ходи» gets the engine's reason."""
    for seed in range(1, 12):
        child, _ = ru_spawn(
            "--preset", "duel", "--players", "2", "--bots", "heuristic",
            "--names", "Аня,Борис", "--seed", str(seed), "--save", str(tmp_path / f"{seed}.json"),
        )  # fmt: skip
        child.expect(r"Аня, ваш ход: ([^\r\n]*)\r\n")
        asked = _ANSI.sub("", str(child.match.group(1)))
        child.expect(RU_PROMPT)
        if "Продаю" not in asked:  # Аня deals (or Борис took the talon): another seed
            child.sendline("q")
            child.expect(pexpect.EOF)
            continue
        assert asked == "взять прикуп («беру») или сказать «Продаю»"
        assert ru_legal(child) == ["беру", "продаю"]
        child.sendline("ходи")
        assert russian_reason(child) == (
            "Аня: сейчас нужно взять прикуп или сказать «Продаю», а не сказать «Ходи» (V2)"
        )
        child.sendline("q")
        child.expect(pexpect.EOF)
        return
    pytest.fail("Аня was never the non-dealer at the talon")
