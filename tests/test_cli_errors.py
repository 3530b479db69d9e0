"""Every bad option or path of the commands: one line on stderr and exit status 2, checked
before any long work starts (no traceback, nothing half done)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

RAMS = [sys.executable, "-m", "rams.cli"]
ENV = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}


def fails(*args: str, cwd: Path | None = None, within: float = 20.0) -> str:
    """Run ``rams ARGS``: it must exit 2 at once with one line on stderr; returns the line."""
    started = time.monotonic()
    done = subprocess.run(
        [*RAMS, *args],
        capture_output=True,
        text=True,
        env=ENV,
        cwd=cwd,
        timeout=within + 30,
        stdin=subprocess.DEVNULL,
    )
    elapsed = time.monotonic() - started
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert elapsed < within, f"took {elapsed:.1f} s: the check came after the work"
    return lines[0]


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--port", "99999"], "--port 99999"),
        (["--port", "-1"], "--port -1"),
        (["--port", "65536"], "1 to 65535"),
        (["--grace", "-5"], "--grace"),
        (["--bot-delay", "-1"], "--bot-delay"),
        (["--deal-pause", "-2"], "--deal-pause"),
        (["--tables-per-minute", "0"], "--tables-per-minute"),
        (["--database-url", "garbage"], "not a database URL"),
        (["--database-url", "nosuchdb://x/y"], "cannot open the database"),
        (
            ["--database-url", "postgresql+psycopg://rams:secret@127.0.0.1:1/rams"],
            "cannot open the database",
        ),
        (["--host", "no-such-host.invalid"], "cannot listen"),
        (["--workers", "2"], "several server processes are linked by Redis"),
        (["--workers", "0"], "at least 1, not 0"),
        (["--worker-ports", "9000"], "at least two processes"),
        (
            ["--workers", "2", "--redis", "redis://127.0.0.1:1/0", "--worker-ports", "65535"],
            "ports 65535–65536",
        ),
        (["--redis", "redis://127.0.0.1:1/0"], "SQLite is for one process"),
        (["--lease", "0.5"], "--lease 0.5"),
        (["--unload-after", "0"], "--unload-after 0: minutes"),
        (["--think-workers", "0"], "--think-workers 0"),
        (["--heavy-tables", "-1"], "--heavy-tables -1"),
        (["--analysis-queue", "0"], "--analysis-queue 0"),
        (["--allow-origin", "evil.example"], "--allow-origin 'evil.example'"),
    ],
)
def test_serve_refuses_bad_options_in_one_line(
    tmp_path: Path, flags: list[str], words: str
) -> None:
    line = fails("serve", "--database-url", f"sqlite:///{tmp_path / 'db.sqlite3'}", *flags)
    assert words in line
    assert "secret" not in line  # a password is never echoed


def test_serve_port_0_prints_the_real_port(tmp_path: Path) -> None:
    """--port 0 chooses a free port, and the address printed is the one it listens on."""
    import re
    import socket

    proc = subprocess.Popen(
        [*RAMS, "serve", "--port", "0", "--database-url", f"sqlite:///{tmp_path / 'db'}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=ENV,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert m, line
        port = int(m.group(1))
        assert port != 0
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "nothing listens on the printed port"
                time.sleep(0.1)
    finally:
        proc.terminate()
        proc.communicate(timeout=20)


def test_play_save_in_a_missing_folder(tmp_path: Path) -> None:
    line = fails("play", "--save", str(tmp_path / "nowhere" / "x.json"), "--bots", "random,random")
    assert line.startswith("rams: --save") and "does not exist" in line


def test_play_save_is_a_folder(tmp_path: Path) -> None:
    line = fails("play", "--save", str(tmp_path), "--bots", "random,random")
    assert "is a folder" in line


def test_play_resume_of_a_missing_file(tmp_path: Path) -> None:
    line = fails("play", "--resume", str(tmp_path / "none.json"))
    assert "cannot read" in line


def test_simulate_json_path_is_checked_before_the_games(tmp_path: Path) -> None:
    """A bad --json is refused before the first game (this run would take hours)."""
    line = fails(
        "simulate", "--preset", "classic", "--players", "3", "--bots", "random,random,random",
        "--games", "10000000", "--json", str(tmp_path / "nowhere" / "x.json"),
    )  # fmt: skip
    assert "--json" in line and "does not exist" in line


def test_simulate_records_folder_that_is_a_file(tmp_path: Path) -> None:
    f = tmp_path / "file"
    f.write_text("x")
    line = fails(
        "simulate", "--preset", "classic", "--players", "3", "--bots", "random,random,random",
        "--games", "10000000", "--records", str(f),
    )  # fmt: skip
    assert "--records" in line and "is a file" in line


def test_tournament_out_that_is_a_file(tmp_path: Path) -> None:
    f = tmp_path / "file"
    f.write_text("x")
    line = fails(
        "tournament", "--preset", "classic", "--players", "3", "--bots", "random,random,random",
        "--deals", "10000000", "--out", str(f),
    )  # fmt: skip
    assert "--out" in line and "is a file" in line


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--preset", "classic", "--players", "3", "--bots", "random,random,random",
         "--games", "0"],
        ["simulate", "--preset", "nope", "--players", "3", "--bots", "random,random,random"],
        ["tournament", "--preset", "classic", "--players", "3", "--bots", "random,random",
         "--deals", "5"],
        ["play", "--preset", "nope"],
        ["rules", "nope"],
        ["simulate", "--preset", "classic", "--players", "3", "--bots", "random,random,random",
         "--rule", "players=4"],
        ["tournament", "--preset", "whist", "--players", "4", "--bots",
         "random,random,random,random", "--rule", "players=4"],
        ["simulate", "--preset", "classic", "--players", "3", "--bots", "random,random,random",
         "--rule", "start_score=[100]"],
    ],
)  # fmt: skip
def test_other_bad_setups_in_one_line(args: list[str]) -> None:
    assert fails(*args).startswith("rams: ")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "--pace", "-1"], "--pace -1: seconds from 0 to 60"),
        (["play", "--pace", "nan"], "--pace nan: seconds from 0 to 60"),
        (
            ["simulate", "--preset", "classic", "--players", "3", "--bots", "random,random,random",
             "--games", "99999999999999999999999"],
            "--games 99999999999999999999999: a whole number from 1 to 10000000",
        ),
        (
            ["tournament", "--preset", "classic", "--players", "3", "--bots",
             "random,random,random", "--deals", "10000001"],
            "--deals 10000001: a whole number from 1 to 10000000",
        ),
    ],
)  # fmt: skip
def test_a_count_or_a_pace_out_of_range_is_refused_at_once(args: list[str], words: str) -> None:
    """Once accepted: a negative pace, and a number of games no machine would finish."""
    assert fails(*args).endswith(words)


def test_a_record_that_cannot_be_read_is_refused_in_the_persons_language(tmp_path: Path) -> None:
    """§12: `rams replay … --lang ru` says what is wrong in Russian, the system's reason too
    (it was «cannot read …: No such file or directory» and «not JSON: Expecting property name
    …», English on a Russian screen)."""
    missing = str(tmp_path / "none.json")
    assert fails("replay", missing, "--lang", "ru") == (
        f"запись: не удаётся прочитать {missing}: такого файла нет"
    )
    assert (
        fails("replay", missing, "--lang", "en") == f"record: cannot read {missing}: no such file"
    )
    broken = tmp_path / "broken.json"
    broken.write_text("{\n", encoding="utf-8")
    assert fails("replay", str(broken), "--lang", "ru") == (
        "запись: это не JSON (строка 2, позиция 1)"
    )
    assert fails("replay", str(tmp_path), "--lang", "ru").endswith(": это папка, а не файл")
