"""`rams play` for each game of RULES §10.2–10.5, through a pseudo-terminal (pexpect): a
person with bots plays by typing the legal choices `?` lists — cards, bids, the trump, a
partner — wrong input gets a message and a new prompt, the game is saved after every action,
and the saved record replays to the same result."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from rams.record import loads
from tests.test_terminal_play import no_more

ENV = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "COLUMNS": "110"}
PROMPT = r"Anya> "
NEXT = r"Press Enter for the next deal"
OVER = r"wins? the game!"  # (then the final standings)

GAMES = [
    ("ramsch", 3, ["deals=2"]),
    ("ramsch-jacks", 4, ["deals=1"]),
    ("kony", 4, []),
    ("whist", 4, []),
    ("whist-named", 4, []),
    ("boston", 4, ["deals=2"]),
]


def spawn(*args: str) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable, ["-m", "rams.cli", *args, "--pace", "0"], encoding="utf-8", timeout=60,
        env=ENV, dimensions=(60, 110),
    )  # fmt: skip


def legal_choices(child: pexpect.spawn) -> list[str]:
    """Ask `?` and read the legal choices it lists."""
    child.sendline("?")
    child.expect(r"Legal: ([^\r\n]*)\r\n")
    legal = str(child.match.group(1)).split()
    child.expect(PROMPT)
    return legal


def play(child: pexpect.spawn, turns: int, pick: int) -> int:
    """Answer ``turns`` prompts (or to the end) with a legal choice; the actions sent."""
    sent = 0
    while sent < turns:
        idx = child.expect([PROMPT, NEXT, OVER])
        if idx == 2:
            no_more(child)
            return sent
        if idx == 1:
            child.sendline("")
            continue
        legal = legal_choices(child)
        assert legal, "a prompt without a legal choice"
        # The last choice of an auction is `pass`: pass mostly, so the games stay short.
        child.sendline(legal[-1] if "pass" in legal and sent % 3 else legal[pick % len(legal)])
        sent += 1
    return sent


@pytest.mark.parametrize(("preset", "players", "rules"), GAMES, ids=[g[0] for g in GAMES])
def test_a_person_plays_with_bots_in_the_terminal(
    tmp_path: Path, preset: str, players: int, rules: list[str]
) -> None:
    save = tmp_path / "game.json"
    names = ",".join(["Anya", *(f"B{i}" for i in range(1, players))])
    bots = ",".join(["hard", "random", "easy", "medium"][: players - 1])
    args = [
        "play", "--preset", preset, "--players", str(players), "--bots", bots,
        "--names", names, "--lang", "en", "--seed", "7", "--save", str(save),
    ]  # fmt: skip
    for r in rules:
        args += ["--rule", r]
    child = spawn(*args)
    child.expect(PROMPT)
    child.sendline("zz")  # a wrong input: a message and a new prompt
    child.expect(r"Cannot read 'zz'")
    assert play(child, 6, pick=1) == 6
    child.sendline("q")  # save and quit, then go on
    child.expect(r"Game saved: ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and save.exists()
    child = spawn("play", "--resume", str(save), "--lang", "en")
    long_game = preset.startswith("whist")  # (a whole rubber: the test stops after a deal)
    sent = play(child, 30 if long_game else 10_000, pick=0)
    assert sent > 0
    if long_game:
        child.sendline("q")
        child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    record = loads(save.read_text(encoding="utf-8")) if not long_game else None
    if record is not None:
        match = record.replay()
        assert match.is_over and match.winners()
        proc = subprocess.run(
            [sys.executable, "-m", "rams.cli", "replay", str(save), "--json"],
            capture_output=True, text=True, env=ENV,
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout) == match.summary()


@pytest.mark.parametrize("preset", ["whist-named", "boston", "kony"])
def test_the_legal_words_of_a_russian_screen_are_russian(preset: str) -> None:
    """`?` on a Russian screen: the trump named as a suit in words (W4, T2), the auction's
    and the partner's words in Russian (B3, B5); only cards and bids («6H») in notation.
    Each word offered is read back as the action it names."""
    import random

    from rams import games

    family = games.family_of(preset)
    screen = family.screen()
    rng = random.Random(3)
    seen_words: set[str] = set()
    for _ in range(20):
        match = games.new_match(preset, 4, names=["Аня", "Борис", "Вера", "Гена"], rng=rng)
        deal = match.start_deal()
        while deal.to_move is not None and deal.phase.value != "play":
            view = deal.observation(deal.to_move)
            words = screen.choices(view, "ru")
            for w, action in zip(words, view.legal_actions, strict=True):
                if not any(ch.isdigit() for ch in w):  # (bids and invitations: notation)
                    assert not any("a" <= ch.lower() <= "z" for ch in w), (w, action)
                    seen_words.add(w)
                assert screen.parse(w, view) == action
            deal.apply(rng.choice(view.legal_actions))
    expected = {"whist-named": {"пики"}, "boston": {"пас"}, "kony": {"черви"}}[preset]
    assert expected <= seen_words
