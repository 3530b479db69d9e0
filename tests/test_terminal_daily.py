"""`rams daily` (issue 31): the day's deals in the terminal, kept in a local file — a deal
played through a pseudo-terminal to its end, its result beside the bots' on the same
cards; one try a deal; the day's seeds shown only once the day is over (a fake today)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect

from rams.cards import cards_str
from rams.daily import parse_deal
from rams.terminal import load_save

RAMS = [sys.executable, "-m", "rams.cli"]
ENV = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "COLUMNS": "100"}
DEAL = "2026-12-07-ramsch-1"


def _daily(file: Path, today: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*RAMS, "daily", "--file", str(file), "--lang", "en", *args],
        capture_output=True, text=True, timeout=120,
        env={**ENV, "RAMS_DAILY_TODAY": today},
    )  # fmt: skip


def test_a_daily_deal_played_in_a_terminal_once(tmp_path: Path) -> None:
    file = tmp_path / "daily.json"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "rams.cli", "daily", "--deal", "3", "--name", "Anya", "--lang", "en",
         "--pace", "0", "--file", str(file)],
        encoding="utf-8", timeout=60, env={**ENV, "RAMS_DAILY_TODAY": "2026-12-07"},
        dimensions=(60, 100),
    )  # fmt: skip
    child.expect_exact("The daily deals of 2026-12-07 (UTC):")
    child.expect_exact("3. Fikhman's Rams (Ramsch), deal 1 — not played")
    for _ in range(40):
        if child.expect([r"Anya> ", r"Your result on this deal: "]) == 1:
            break
        child.sendline("?")
        child.expect(r"Legal: ([^\r\n]*)\r\n")
        legal = str(child.match.group(1)).split()
        child.expect(r"Anya> ")
        child.sendline(legal[0])
    child.expect(r"([−\d]+); the bots' on the same cards: ([−\d]+)\.")
    mine, bots = (int(str(g).replace("−", "-")) for g in child.match.groups())
    child.expect(r"Matchpoints: (\d) of 2\.")
    # 2 for beating the bots' result, 1 for equalling it, 0 for less.
    assert int(child.match.group(1)) == (2 if mine > bots else 1 if mine == bots else 0)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    data = json.loads(file.read_text(encoding="utf-8"))
    assert data["days"]["2026-12-07"]["results"][DEAL] == {"points": mine, "bots": bots}

    # One try: the deal is not played again.
    again = _daily(file, "2026-12-07", "--deal", "3")
    assert again.returncode == 1
    assert "You have played this deal already" in again.stdout
    listed = _daily(file, "2026-12-07", "--list")
    assert "deal 1 — played: you" in listed.stdout
    seeds = data["days"]["2026-12-07"]["seeds"]
    assert f"commitment: {hashlib.sha256(bytes.fromhex(seeds[DEAL])).hexdigest()}" in listed.stdout
    assert seeds[DEAL] not in listed.stdout  # (the day is on: its seeds are not shown)
    # The next day: the seeds of the day before are shown, and they deal its cards.
    nxt = _daily(file, "2026-12-08", "--list")
    assert nxt.returncode == 0
    assert "The seeds of 2026-12-07" in nxt.stdout and f"{DEAL}: {seeds[DEAL]}" in nxt.stdout
    deal = parse_deal(DEAL)
    assert deal is not None
    save = json.loads((tmp_path / f"daily-{DEAL}.json").read_text(encoding="utf-8"))
    deck, _ = deal.cards(seeds[DEAL])
    assert save["deals"][0]["deck"] == cards_str(deck)


def test_the_days_list_in_russian(tmp_path: Path) -> None:
    done = subprocess.run(
        [*RAMS, "daily", "--file", str(tmp_path / "d.json"), "--lang", "ru", "--list"],
        capture_output=True, text=True, timeout=120,
        env={**ENV, "RAMS_DAILY_TODAY": "2026-12-07"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Сдачи дня 2026-12-07 (UTC):"
    assert "3. Рамс по Фихману, сдача 1 — не сыграна" in lines
    assert sum(line.startswith("   обязательство: ") for line in lines) == 10
    # A day written wrong is said so, in words.
    bad = subprocess.run(
        [*RAMS, "daily", "--file", str(tmp_path / "d.json"), "--lang", "ru", "--list"],
        capture_output=True, text=True, timeout=120,
        env={**ENV, "RAMS_DAILY_TODAY": "7.12.2026"},
    )  # fmt: skip
    assert bad.returncode != 0
    assert "RAMS_DAILY_TODAY=7.12.2026: день пишется ГГГГ-ММ-ДД." in bad.stderr


def test_a_daily_deal_left_goes_on_and_never_begins_again(tmp_path: Path) -> None:
    """A deal left mid-way («q») is saved; the same command goes on with it where it was
    (a fresh start would have none of the person's actions), never from the start."""
    file = tmp_path / "daily.json"
    args = ["-m", "rams.cli", "daily", "--deal", "3", "--name", "Anya", "--lang", "en",
            "--pace", "0", "--file", str(file)]  # fmt: skip
    env = {**ENV, "RAMS_DAILY_TODAY": "2026-12-07"}
    child = pexpect.spawn(sys.executable, args, encoding="utf-8", timeout=60, env=env,
                          dimensions=(60, 100))  # fmt: skip
    for _ in range(2):  # (two of Anya's ten cards of Ramsch)
        child.expect(r"Anya> ")
        child.sendline("?")
        child.expect(r"Legal: ([^\r\n]*)\r\n")
        legal = str(child.match.group(1)).split()
        child.expect(r"Anya> ")
        child.sendline(legal[0])
    child.expect(r"Anya> ")
    child.sendline("q")
    child.expect_exact("The deal is begun: the same command goes on with it")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    listed = _daily(file, "2026-12-07", "--list")
    assert "3. Fikhman's Rams (Ramsch), deal 1 — begun, not finished" in listed.stdout
    save = tmp_path / "daily-2026-12-07-ramsch-1.json"
    (deal,) = load_save(save).deals
    mine = [a for seat, a in deal.actions if seat == 0]
    assert len(mine) == 2
    child = pexpect.spawn(sys.executable, args, encoding="utf-8", timeout=60, env=env,
                          dimensions=(60, 100))  # fmt: skip
    child.expect(r"Anya> ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    (again,) = load_save(save).deals
    assert again.deck == deal.deck and again.actions[: len(deal.actions)] == deal.actions


def test_asked_which_deal_enter_leaves_and_a_wrong_number_is_said(tmp_path: Path) -> None:
    def run(answer: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*RAMS, "daily", "--file", str(tmp_path / "d.json"), "--lang", "ru"],
            input=answer, capture_output=True, text=True, timeout=120,
            env={**ENV, "RAMS_DAILY_TODAY": "2026-12-07"},
        )  # fmt: skip

    left = run("\n")
    assert left.returncode == 0
    assert "Какую сдачу сыграть (1–10, Enter — выйти)? " in left.stdout
    wrong = run("11\n")
    assert wrong.returncode != 0 and "Сдачи 11 нет: их 10." in wrong.stderr
