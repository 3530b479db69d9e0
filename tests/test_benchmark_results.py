"""Every file under benchmarks/results/ has its commit and command in
benchmarks/results/PROVENANCE.md, and every row there names files that exist."""

from __future__ import annotations

import re
import subprocess
from fnmatch import fnmatchcase
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
# | `file`, `pattern*` | commit | command | notes |
ROW = re.compile(r"^\| (?P<files>`.+?`) \| (?P<commit>[^|]+) \| (?P<command>[^|]+) \|")


def manifest() -> list[tuple[list[str], str, str]]:
    """The rows: their file patterns (relative to results/), commit and command."""
    rows = []
    for line in (RESULTS / "PROVENANCE.md").read_text().splitlines():
        m = ROW.match(line)
        if m:
            files = re.findall(r"`([^`]+)`", m["files"])
            rows.append((files, m["commit"].strip(), m["command"].strip()))
    return rows


def results_files() -> list[str]:
    return sorted(
        p.relative_to(RESULTS).as_posix()
        for p in RESULTS.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    )


def test_every_results_file_has_a_row() -> None:
    patterns = [pattern for files, _, _ in manifest() for pattern in files]
    missing = [f for f in results_files() if not any(fnmatchcase(f, p) for p in patterns)]
    assert missing == [], "add these to benchmarks/results/PROVENANCE.md (commit, command)"


def test_every_row_names_files_that_exist_with_a_commit_and_a_command() -> None:
    files = results_files()
    rows = manifest()
    assert len(rows) > 50
    for patterns, commit, command in rows:
        for pattern in patterns:
            assert any(fnmatchcase(f, pattern) for f in files), f"{pattern}: no such file"
        assert re.fullmatch(r"[0-9a-f]{7,40}|—", commit), (patterns, commit)
        assert command, patterns


def test_every_commit_named_is_in_the_history() -> None:
    commits = {commit for _, commit, _ in manifest() if commit != "—"}
    try:
        done = subprocess.run(["git", "rev-parse", "--is-shallow-repository"], cwd=ROOT,
                              capture_output=True, text=True, check=True)  # fmt: skip
        shallow = done.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        shallow = "unknown"
    if shallow != "false":
        return  # (a tarball or a shallow clone: the history is not here to look in)
    for commit in sorted(commits):
        found = subprocess.run(["git", "cat-file", "-e", f"{commit}^{{commit}}"], cwd=ROOT,
                               capture_output=True)  # fmt: skip
        assert found.returncode == 0, f"{commit}: not a commit of this repository"
