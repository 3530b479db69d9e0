"""Every file under benchmarks/results/ has its commit and command in
benchmarks/results/PROVENANCE.md, and every row there names files that exist."""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import subprocess
from fnmatch import fnmatchcase
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
# | `file`, `pattern*` | commit | command | notes |
ROW = re.compile(r"^\| (?P<files>`.+?`) \| (?P<commit>[^|]+) \| (?P<command>[^|]+) \|")


def manifest(results: Path = RESULTS) -> list[tuple[list[str], str, str]]:
    """The rows: their file patterns (relative to results/), commit and command."""
    rows = []
    for line in (results / "PROVENANCE.md").read_text().splitlines():
        m = ROW.match(line)
        if m:
            files = re.findall(r"`([^`]+)`", m["files"])
            rows.append((files, m["commit"].strip(), m["command"].strip()))
    return rows


def results_files(results: Path = RESULTS) -> list[str]:
    return sorted(
        p.relative_to(results).as_posix()
        for p in results.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    )


def without_a_row(results: Path = RESULTS) -> list[str]:
    """The files under ``results`` that no row of its PROVENANCE.md names."""
    patterns = [pattern for files, _, _ in manifest(results) for pattern in files]
    return [f for f in results_files(results) if not any(fnmatchcase(f, p) for p in patterns)]


def test_every_results_file_has_a_row() -> None:
    missing = without_a_row()
    assert missing == [], "add these to benchmarks/results/PROVENANCE.md (commit, command)"


def test_a_file_without_a_row_is_found(tmp_path: Path) -> None:
    # The check above, on a copy of the list and files: one file more, not in the list, and
    # a file in a folder that a pattern names (`web_load_pg/*.json`) but does not match.
    shutil.copy(RESULTS / "PROVENANCE.md", tmp_path)
    for f in results_files():
        (tmp_path / f).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / f).touch()
    assert without_a_row(tmp_path) == []
    (tmp_path / "new_benchmark.txt").write_text("$ python benchmarks/new.py  # commit abc1234\n")
    (tmp_path / "web_load_pg" / "t5-w9.csv").touch()
    assert without_a_row(tmp_path) == ["new_benchmark.txt", "web_load_pg/t5-w9.csv"]


def recorded(path: Path) -> tuple[str, str] | None:
    """The command and commit that a file records itself: a benchmark's first line
    (``$ COMMAND  # commit HASH``, benchmarks/_provenance.py) or its JSON's ``command`` and
    ``commit``; None for a file that records no commit (made before, or not by a benchmark)."""
    if path.suffix not in (".txt", ".json"):
        return None
    text = path.read_text(errors="replace")
    if path.suffix == ".json":
        with contextlib.suppress(ValueError):
            data = json.loads(text)
            if isinstance(data, dict) and "commit" in data:
                return str(data["command"]), str(data["commit"])
        return None
    first = text.partition("\n")[0]
    if first.startswith("$ ") and "  # commit " in first:
        command, _, commit = first.removeprefix("$ ").partition("  # commit ")
        return command, commit
    return None


def disagreeing(results: Path = RESULTS) -> list[str]:
    """The files whose own command and commit are not their row's: the row's commit must be
    the one the file names (a clean checkout, not ``unknown``; ``-dirty`` only where the row
    says that very ``HASH-dirty``), and the row's command must hold the file's."""
    rows = manifest(results)
    wrong = []
    for f in results_files(results):
        own = recorded(results / f)
        row = next((r for r in rows if any(fnmatchcase(f, p) for p in r[0])), None)
        if own is None or row is None:
            continue
        command, commit = own
        # (A run on a checkout with changes says ``-dirty``: its row must say so too, and
        # its notes what differed.)
        dirty_ok = commit.endswith("-dirty") and row[1] == commit
        if not dirty_ok and (
            not re.fullmatch(r"[0-9a-f]{7,40}", commit) or not commit.startswith(row[1])
        ):
            wrong.append(f"{f}: made on {commit}, its row says {row[1]}")
        elif command not in row[2]:
            wrong.append(f"{f}: made by {command!r}, its row says {row[2]!r}")
    return wrong


def test_a_file_that_names_its_commit_and_command_agrees_with_its_row() -> None:
    assert disagreeing() == []


def test_a_file_made_on_another_commit_than_its_row_says_is_found(tmp_path: Path) -> None:
    (tmp_path / "PROVENANCE.md").write_text(
        "| `a.txt`, `b.txt` | abc1234 | `python benchmarks/a.py --n 1 > a.txt` | |\n"
        "| `c.json` | abc1234 | `python benchmarks/a.py --n 1 --json c.json` | |\n"
        "| `d.txt` | abc1234-dirty | `python benchmarks/a.py --n 3 > d.txt` | a script edited |\n"
    )
    (tmp_path / "d.txt").write_text("$ python benchmarks/a.py --n 3  # commit abc1234-dirty\n")
    (tmp_path / "a.txt").write_text("$ python benchmarks/a.py --n 1  # commit abc1234\n")
    (tmp_path / "b.txt").write_text("$ python benchmarks/a.py --n 2  # commit abc1234-dirty\n")
    (tmp_path / "c.json").write_text(
        '{"command": "python benchmarks/a.py --n 2", "commit": "abc1234"}'
    )
    assert disagreeing(tmp_path) == [
        "b.txt: made on abc1234-dirty, its row says abc1234",
        "c.json: made by 'python benchmarks/a.py --n 2', its row says "
        "'`python benchmarks/a.py --n 1 --json c.json`'",
    ]


def test_every_row_names_files_that_exist_with_a_commit_and_a_command() -> None:
    files = results_files()
    rows = manifest()
    assert len(rows) > 50
    for patterns, commit, command in rows:
        for pattern in patterns:
            assert any(fnmatchcase(f, pattern) for f in files), f"{pattern}: no such file"
        assert re.fullmatch(r"[0-9a-f]{7,40}(-dirty)?|—", commit), (patterns, commit)
        assert command, patterns


def test_every_commit_named_is_in_the_history() -> None:
    commits = {commit.removesuffix("-dirty") for _, commit, _ in manifest() if commit != "—"}
    try:
        done = subprocess.run(["git", "rev-parse", "--is-shallow-repository"], cwd=ROOT,
                              capture_output=True, text=True, check=True)  # fmt: skip
        shallow = done.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        shallow = "unknown"
    if shallow != "false":
        return  # (a tarball or a shallow clone: the history is not here to look in)
    for commit in sorted(commits):
        # An ancestor of HEAD, not merely an object here: a helper's branch rebased away
        # leaves its commits in this clone's objects but not in a fresh clone's.
        found = subprocess.run(["git", "merge-base", "--is-ancestor", commit, "HEAD"], cwd=ROOT,
                               capture_output=True)  # fmt: skip
        assert found.returncode == 0, f"{commit}: not a commit in this branch's history"
