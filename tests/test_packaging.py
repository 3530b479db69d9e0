"""What a built package carries: every file of ``rams/`` that is not Python source is named by
``[tool.setuptools.package-data]`` in ``pyproject.toml``, so an installed wheel (not only an
editable checkout) has its words, lessons, rulebooks, the evaluator's weights and the web
table's files."""

from __future__ import annotations

import subprocess
import tomllib
from fnmatch import fnmatchcase
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _patterns() -> list[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    patterns: list[str] = data["tool"]["setuptools"]["package-data"]["rams"]
    return patterns


def _data_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "rams"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [name.removeprefix("rams/") for name in listed if not name.endswith(".py")]


def _carried(name: str, patterns: list[str]) -> bool:
    # setuptools' globs: ``*`` stops at a folder's edge, as fnmatch's does not
    return any(fnmatchcase(name, p) and name.count("/") == p.count("/") for p in patterns)


def test_every_data_file_of_the_package_is_in_its_package_data() -> None:
    files = _data_files()
    assert "words.toml" in files and "games/rams/data/evaluator.json" in files
    left = [name for name in files if not _carried(name, _patterns())]
    assert not left, f"not in pyproject.toml's package-data, so not in a wheel: {left}"


def test_the_check_sees_a_file_no_pattern_names() -> None:
    assert not _carried("games/rams/data/evaluator.json", ["games/*/rulebook.toml"])
    assert not _carried("web/static/deep/x.js", ["web/static/*"])
    assert _carried("web/static/table.js", ["web/static/*"])
