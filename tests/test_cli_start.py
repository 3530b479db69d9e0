"""The short commands start quickly: ``rams replay``, ``rams verify`` and ``rams rules``
import only what they need (no third-party package of the extras, no family but the
record's), and the package's TOML files are parsed once, then read from their cache
(:mod:`rams.tomldata`). ``benchmarks/cli_start.py`` measures the time itself."""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rams import games, tomldata

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "records" / "examples"
#: A record of Rams (preset ``rams-001-v1``) and one of Whist.
RAMS_RECORD = EXAMPLES / "v1_four_jacks_win.json"
WHIST_RECORD = EXAMPLES / "whist_03_long_rubber_bonus_3.json"

#: What a short command must not import: the extras' packages (the compiled kernels, the
#: web server, the database, the cluster, the terminal's screens) and the package's slow
#: standard ones.
HEAVY = (
    "numba",
    "numpy",
    "llvmlite",
    "fastapi",
    "starlette",
    "uvicorn",
    "pydantic",
    "sqlalchemy",
    "redis",
    "ray",
    "rich",
    "httpx",
    "websockets",
    "concurrent.futures",
    "multiprocessing",
    "importlib.resources",
    "tomllib",
    "rams.fast",
    "rams.bots",
    "rams.adapters",
    "rams.web",
    "rams.terminal",
    "rams.parallel",
)

_PROBE = """
import contextlib, io, json, sys
from rams.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    status = main(sys.argv[1:])
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""


def imported(*argv: str, tmp_path: Path) -> tuple[int, set[str]]:
    """The exit status of ``rams ARGV`` in a fresh process, and every module it imported
    (the TOML caches already written, as an installed package's are after its first run)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(tmp_path / "pyc")
    env["PYTHONPATH"] = str(ROOT)
    for _ in range(2):  # (the first run writes the caches; the second is measured)
        done = subprocess.run(
            [sys.executable, "-c", _PROBE, *argv],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            check=True,
        )
    said = json.loads(done.stdout.strip().splitlines()[-1])
    return said["status"], set(said["modules"])


def _heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


@pytest.mark.parametrize(
    "argv",
    [
        ("replay", "--json", str(RAMS_RECORD)),
        ("replay", str(WHIST_RECORD), "--lang", "ru"),
        ("verify", str(RAMS_RECORD), "--lang", "en"),
        ("rules",),
        ("rules", "classic", "--text", "--lang", "ru"),
    ],
    ids=["replay-json", "replay-text", "verify", "rules", "rules-text"],
)
def test_a_short_command_imports_nothing_heavy(argv: tuple[str, ...], tmp_path: Path) -> None:
    status, modules = imported(*argv, tmp_path=tmp_path)
    assert status == (2 if argv[0] == "verify" else 0)  # (an example holds no proof)
    assert "rams.cli" in modules
    assert ("rams.record" in modules) == (argv[0] != "rules")
    assert not _heavy(modules), _heavy(modules)


def test_the_check_sees_a_heavy_import(tmp_path: Path) -> None:
    """The check can fail: a command that imports the bots (``analyse``, stopped by a
    seat the game lacks once it has read the record) is caught."""
    status, modules = imported("analyse", str(RAMS_RECORD), "--seat", "9", tmp_path=tmp_path)
    assert status == 2
    assert {"rams.bots", "rams.parallel"} <= set(_heavy(modules))
    assert _heavy({"numba", "rams.fast.core", "rams"}) == ["numba", "rams.fast.core"]


def test_a_records_replay_imports_its_family_only(tmp_path: Path) -> None:
    _, modules = imported("replay", "--json", str(RAMS_RECORD), tmp_path=tmp_path)
    families = {
        m.split(".")[2] for m in modules if m.startswith("rams.games.") and m.count(".") >= 2
    }
    assert "rams" in families
    assert not families & {"whist", "boston", "kony", "ramsch", "plain"}, families


def test_a_preset_belongs_to_one_family() -> None:
    """``family_of`` asks the families in turn: it is right only if no two share a name."""
    seen: dict[str, str] = {}
    for name in games.FAMILIES:
        for preset in games.family(name).presets():
            assert preset not in seen, (preset, seen[preset], name)
            seen[preset] = name
    assert {p: f.name for p in seen for f in [games.family_of(p)]} == seen
    assert seen["whist"] == "whist" and seen["classic"] == "rams"


def test_the_toml_cache_is_written_read_and_refreshed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "pycache_prefix", None)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    source = tmp_path / "data.toml"
    source.write_text('[a]\nru = "один"\nen = "one"\n', encoding="utf-8")
    cached = Path(tomldata.cache_path(str(source)))
    assert cached.parent == tmp_path / "__pycache__"
    assert tomldata.load(source) == {"a": {"ru": "один", "en": "one"}}
    assert cached.is_file()
    # The cache is what is read: a cache that claims other words is believed while it
    # matches the file's size and time…
    stat = source.stat()
    cached.write_bytes(marshal.dumps((stat.st_mtime_ns, stat.st_size, {"a": "cached"})))
    assert tomldata.load(source) == {"a": "cached"}
    # …and not once the file changes.
    source.write_text('[a]\nru = "два"\nen = "two"\n', encoding="utf-8")
    os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert tomldata.load(source) == {"a": {"ru": "два", "en": "two"}}
    assert tomldata.load(source) == {"a": {"ru": "два", "en": "two"}}  # (now from the cache)
    cached.write_bytes(b"not marshal")
    assert tomldata.load(source) == {"a": {"ru": "два", "en": "two"}}


def test_no_cache_is_written_where_bytecode_would_not_be(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "pycache_prefix", None)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    source = tmp_path / "data.toml"
    source.write_text("x = 1\n", encoding="utf-8")
    assert tomldata.load(source) == {"x": 1}
    assert not (tmp_path / "__pycache__").exists()
