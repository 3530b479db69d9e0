"""The documentation: the site builds from ``docs/`` with no warning, every relative link of the
README and of the pages leads somewhere, every page with examples is run by ``scripts/test``
as doctests, and ``scripts/screenshots.py`` still draws its pictures.

A broken link is caught twice: by ``mkdocs build --strict`` (a page or an anchor missing) and
by :func:`broken_links` (a file, an image or an anchor missing, the README included, which the
site does not build)."""

from __future__ import annotations

import doctest
import fnmatch
import os
import re
import shlex
import shutil
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("RAMS_CHROMIUM", "/usr/bin/chromium")
#: A link or an image in Markdown, ``[text](target)``, or an HTML ``src``/``href``.
LINK = re.compile(
    r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|(?:src|href)=\"([^\"]+)\""
)
FENCE = re.compile(r"^\s*(```|~~~)")
CODE = re.compile(r"(`+).*?\1")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def pages(root: Path = ROOT) -> list[Path]:
    """The README and every page of the site."""
    return [root / "README.md", *sorted((root / "docs").rglob("*.md"))]


def _prose(text: str) -> Iterator[str]:
    """The lines outside fenced code, inline code removed."""
    fenced = False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield CODE.sub("", line)


def _slugs(heading: str) -> set[str]:
    """A heading's anchor as the site writes it (Python-Markdown's toc) and as GitHub does."""
    text = re.sub(r"[*_`]|\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    site = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    site = re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", site).strip().lower())
    github = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
    return {site, github}


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    for line in _prose(path.read_text(encoding="utf-8")):
        m = HEADING.match(line)
        if m:
            found |= _slugs(m.group(2))
        found.update(re.findall(r"\{:?\s*#([\w-]+)", line))  # (an attr_list id)
    return found


def broken_links(root: Path = ROOT) -> list[str]:
    """Every relative link of the README and the pages whose file or anchor is missing."""
    broken: list[str] = []
    for page in pages(root):
        for number, line in enumerate(_prose(page.read_text(encoding="utf-8")), 1):
            for m in LINK.finditer(line):
                target = m.group(1) or m.group(2)
                if re.match(r"[a-z][a-z0-9+.-]*:", target):  # http:, mailto: …
                    continue
                path, _, anchor = target.partition("#")
                where = (page.parent / path).resolve() if path else page
                said = f"{page.relative_to(root)}:{number}: {target}"
                if not where.exists():
                    broken.append(f"{said} (no such file)")
                elif anchor and where.suffix == ".md" and anchor not in anchors(where):
                    broken.append(f"{said} (no such anchor)")
    return broken


def build(config: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    done = build(ROOT / "mkdocs.yml", tmp_path / "site")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert (tmp_path / "site" / "index.html").exists()
    assert (tmp_path / "site" / "images" / "web-table.png").exists()
    # Every page is in the navigation (a page left out is one nobody finds).
    assert 'not included in the "nav"' not in done.stderr


def test_every_relative_link_resolves() -> None:
    assert broken_links() == []


def test_a_broken_link_fails_the_build_and_the_check(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    (tmp_path / "README.md").write_text("[the bots](docs/bots.md#the-levels)\n", encoding="utf-8")
    page = tmp_path / "docs" / "terminal.md"
    page.write_text(
        page.read_text(encoding="utf-8") + "\n[gone](gone.md) and [nowhere](bots.md#nowhere)\n",
        encoding="utf-8",
    )
    done = build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert done.returncode != 0
    assert "gone.md" in done.stderr and "#nowhere" in done.stderr
    assert [b.split(": ", 1)[1] for b in broken_links(tmp_path)] == [
        "docs/bots.md#the-levels (no such anchor)",
        "gone.md (no such file)",
        "bots.md#nowhere (no such anchor)",
    ]


def test_every_page_with_examples_is_run_as_doctests() -> None:
    """``scripts/test`` collects the README and ``docs/`` and names a doctest glob for each
    page that holds examples, so that an example moved into a page still runs."""
    words = shlex.split((ROOT / "scripts" / "test").read_text(encoding="utf-8"), comments=True)
    globs = [w.split("=", 1)[1] for w in words if w.startswith("--doctest-glob=")]
    assert {"README.md", "docs"} <= set(words)
    parser = doctest.DocTestParser()
    with_examples = [
        p for p in pages() if parser.get_examples(p.read_text(encoding="utf-8"), str(p))
    ]
    assert ROOT / "README.md" in with_examples and len(with_examples) > 2
    for p in with_examples:
        # As pytest matches a glob: a bare name against the file's name, else the path's end.
        assert any(
            fnmatch.fnmatch(str(p), f"*/{g}") if "/" in g else fnmatch.fnmatch(p.name, g)
            for g in globs
        ), f"{p.relative_to(ROOT)} holds examples that scripts/test does not run"


def _screenshots() -> ModuleType:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "screenshots", ROOT / "scripts" / "screenshots.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_terminal_picture_is_drawn_from_a_real_game(tmp_path: Path) -> None:
    path: Path = _screenshots().terminal(tmp_path)
    svg = path.read_text(encoding="utf-8")
    # (Rich writes spaces as &#160; and splits the text into runs by style.)
    text = re.sub(r"<[^>]+>", "", svg).replace("&#160;", " ")
    assert svg.startswith("<svg") and "rams play" in text
    assert "Аня&gt;" in text and "Козырь" in text


@pytest.mark.skipif(
    not Path(CHROMIUM).exists() and not os.environ.get("RAMS_REQUIRE_SERVICES"),
    reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)",
)
def test_the_web_picture_is_taken_at_a_real_table(tmp_path: Path) -> None:
    path: Path = _screenshots().web(tmp_path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 50_000
