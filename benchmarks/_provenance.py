"""The line a benchmark prints first: its command and the commit it ran on, so that its output
kept in ``results/`` says what made it (``results/PROVENANCE.md`` lists every such file).

    $ python benchmarks/web_load.py --tables 5 --concurrency 5 --seed 2026  # commit 64e3625
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def commit() -> str:
    """``git rev-parse --short HEAD``, with ``-dirty`` when a tracked file differs from it
    (but for ``benchmarks/results/``, where a run may be writing its own output); ``unknown``
    outside a git checkout."""
    try:
        head = _git("rev-parse", "--short", "HEAD")
        changed = _git("status", "--porcelain", "--untracked-files=no", "--", ".",
                       ":(exclude)benchmarks/results")  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("-dirty" if changed else "")


def command(script: str, argv: Sequence[str] | None = None) -> str:
    """The command line as typed at the repository's root: ``python benchmarks/NAME.py …``,
    with ``argv`` (default: this process's arguments)."""
    path = Path(script).resolve()
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    return shlex.join(["python", str(shown), *(sys.argv[1:] if argv is None else argv)])


def header(script: str, argv: Sequence[str] | None = None) -> str:
    """``$ COMMAND  # commit HASH``: what a benchmark prints first (pass it ``__file__``)."""
    return f"$ {command(script, argv)}  # commit {commit()}"


def made_by(script: str, argv: Sequence[str] | None = None) -> dict[str, str]:
    """The same as fields of a JSON output: ``{"command": …, "commit": …}``."""
    return {"command": command(script, argv), "commit": commit()}


def parse(line: str) -> dict[str, str | None]:
    """The command and commit of a first line that :func:`header` printed (the commit
    ``None`` in a line printed before it, a bare ``$ COMMAND``)."""
    shown, _, made = line.removeprefix("$ ").partition("  # commit ")
    return {"command": shown, "commit": made or None}
