"""The short commands start quickly: ``rams replay``, ``rams verify`` and ``rams rules``
import only what they need (no third-party package of the extras, no family but the
record's), and the package's TOML files are parsed once, then read from their cache
(:mod:`rams.tomldata`). ``benchmarks/cli_start.py`` measures the time itself."""

from __future__ import annotations

import argparse
import gc
import json
import marshal
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rams import cards, cli, games, tomldata, words

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


def _heavy(modules: set[str], heavy: tuple[str, ...] = HEAVY) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in heavy))


#: What a short command imports no more (each named module and its submodules): the
#: compressors that ``shutil`` imports (argparse's help imports it for the terminal's
#: width), what draws a game (a record's replay in JSON, its check and the rules draw
#: none), the hashes (a replay reads a record's proofs, it does not check them) and the
#: families but the one of the rules asked for.
_COMPRESSORS = ("shutil", "bz2", "lzma")
_DRAWING = ("rams.games.display", "rams.sheets", "rams.games.story")
_HASHES = ("hashlib", "hmac", "secrets")
_OTHER_FAMILIES = tuple(f"rams.games.{name}" for name in ("ramsch", "whist", "boston", "kony"))


@pytest.mark.parametrize(
    ("argv", "absent"),
    [
        (("replay", "--json", str(RAMS_RECORD)), _COMPRESSORS + _DRAWING + _HASHES),
        (("replay", str(WHIST_RECORD), "--lang", "ru"), _COMPRESSORS + _HASHES),
        (
            ("replay", str(RAMS_RECORD), "--lang", "en"),
            _COMPRESSORS + _HASHES + _OTHER_FAMILIES + ("rams.games.plain",),
        ),
        (("verify", str(RAMS_RECORD), "--lang", "en"), _COMPRESSORS + _DRAWING),
        (("rules",), _COMPRESSORS + _DRAWING + _HASHES),
        (
            ("rules", "classic", "--text", "--lang", "ru"),
            _COMPRESSORS + _DRAWING + _HASHES + _OTHER_FAMILIES + ("rams.games.plain",),
        ),
    ],
    ids=["replay-json", "replay-text", "replay-rams-text", "verify", "rules", "rules-text"],
)
def test_a_short_command_imports_nothing_heavy(
    argv: tuple[str, ...], absent: tuple[str, ...], tmp_path: Path
) -> None:
    status, modules = imported(*argv, tmp_path=tmp_path)
    assert status == (2 if argv[0] == "verify" else 0)  # (an example holds no proof)
    assert "rams.cli" in modules
    assert ("rams.record" in modules) == (argv[0] != "rules")
    assert not _heavy(modules), _heavy(modules)
    assert not _heavy(modules, absent), _heavy(modules, absent)


def test_the_check_sees_a_heavy_import(tmp_path: Path) -> None:
    """The check can fail: a command that imports the bots (``analyse``, stopped by a
    seat the game lacks once it has read the record) is caught."""
    status, modules = imported("analyse", str(RAMS_RECORD), "--seat", "9", tmp_path=tmp_path)
    assert status == 2
    assert {"rams.bots", "rams.parallel"} <= set(_heavy(modules))
    assert _heavy({"numba", "rams.fast.core", "rams"}) == ["numba", "rams.fast.core"]
    # (and the lighter rules see what they name: the Whist record's text draws its game)
    _, modules = imported("replay", str(WHIST_RECORD), tmp_path=tmp_path)
    found = set(_heavy(modules, _DRAWING + _OTHER_FAMILIES))
    assert {"rams.games.display", "rams.games.story", "rams.games.whist.family"} <= found


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


# The parser of the command named ----------------------------------------------------------

#: Command lines of every command, parsed by the whole parser and by the one built for them.
_LINES = [
    ["replay", "--json", "x.json"],
    ["verify", "x.json", "--mine", "log.json", "--lang", "ru"],
    ["analyse", "x.json", "--seat", "2", "--threshold", "1.5"],
    ["rules", "classic", "--players", "3", "--text"],
    ["play", "--preset", "duel", "--bots", "easy", "--rule", "dave=true"],
    ["daily", "--list"],
    ["learn", "--list", "--lang", "en"],
    ["simulate", "--preset", "classic", "--players", "3", "--bots", "random,random,random"],
    ["tournament", "--preset", "classic", "--players", "3", "--bots", "a,b,c", "--deals", "8"],
    ["ladder", "--engines", "a", "b", "--preset", "duel", "--players", "2"],
    ["serve", "--port", "9000", "--allow-origin", "x"],
    ["bot", "connect", "ws://x", "--key", "k"],
    ["replay", "rules"],  # (a record named like a command)
]


def _parsed(parser: argparse.ArgumentParser, argv: list[str]) -> dict[str, object]:
    said = vars(parser.parse_args(argv))
    run = said.pop("run")
    return {**said, "run": getattr(run, "__qualname__", run)}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_parser_of_the_command_named_parses_as_the_whole(lang: str) -> None:
    with cli.argparse_words(lang):
        whole = cli.build_parser(lang)
        for argv in _LINES:
            built = cli.build_parser(lang, set(argv))
            assert _parsed(built, argv) == _parsed(whole, argv), argv
            assert built.format_help() == whole.format_help()
            name = argv[0]
            assert _choices(built)[name].format_help() == _choices(whole)[name].format_help()
        # (a parser built for one command holds no other command's options)
        only = _choices(cli.build_parser(lang, {"rules"}))
        assert [a.dest for a in only["replay"]._actions] == ["help"]
        assert "--text" in only["rules"].format_help()


def _choices(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    assert parser._subparsers is not None
    found: dict[str, argparse.ArgumentParser] = parser._subparsers._group_actions[0].choices  # type: ignore[assignment]
    return found


@pytest.mark.parametrize("columns", [None, "60", "200", "abc", "0", "-3"])
def test_the_help_is_as_wide_as_argparse_makes_it(
    columns: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert cli._columns() == shutil.get_terminal_size().columns
    ours = cli._HelpFormatter("rams")
    theirs = argparse.HelpFormatter("rams")
    assert ours._width == theirs._width


# The collector of cyclic garbage ----------------------------------------------------------


def test_a_short_command_runs_without_the_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off through replay, verify and rules; back on for a command that plays or searches
    (its run sees it on), and as it was once the command is over."""
    seen: dict[str, bool] = {}

    def noting(name: str) -> cli.Command:
        def run(args: argparse.Namespace) -> int:
            seen[name] = gc.isenabled()
            return 0

        return run

    for name in ("_replay", "_verify", "_rules", "_analyse"):
        monkeypatch.setattr(cli, name, noting(name))
    assert gc.isenabled()
    for argv in (["replay", "x"], ["verify", "x"], ["rules"], ["analyse", "x", "--seat", "1"]):
        assert cli.main(argv) == 0
        assert gc.isenabled(), argv
    assert seen == {"_replay": False, "_verify": False, "_rules": False, "_analyse": True}
    gc.disable()
    try:  # (a caller's collector left off stays off)
        assert cli.main(["analyse", "x", "--seat", "1"]) == 0
        assert not seen["_analyse"] and not gc.isenabled()
    finally:
        gc.enable()


# The cards of a mask before and after their table ------------------------------------------


def test_the_cards_of_a_mask_are_the_same_before_the_table_is_built() -> None:
    rng = random.Random(29)
    masks = [rng.getrandbits(52) & rng.getrandbits(52) for _ in range(500)]
    masks += [0, 1, (1 << 52) - 1, 1 << 51, 1 << 13, 1 << 60 | 5]
    early = [cards._cards_of_early(m) for m in masks]
    table = tuple(cards._suit_cards(s) for s in range(4))
    assert early[-6:] == [[], [0], list(range(52)), [51], [13], [0, 2]]
    assert all(e == sorted(e) for e in early)
    s0, s1, s2, s3 = table
    for mask, found in zip(masks, early, strict=True):
        want = [*s0[mask & 0x1FFF], *s1[mask >> 13 & 0x1FFF], *s2[mask >> 26 & 0x1FFF]]
        assert found == [*want, *s3[mask >> 39 & 0x1FFF]]
        assert cards.cards_of(mask) == found


def test_the_table_is_built_at_the_early_calls_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cards, "_SUIT_CARDS", None)
    monkeypatch.setattr(cards, "_early", 0)
    monkeypatch.setattr(cards, "_EARLY", 3)
    assert cards.cards_of(0b11) == [0, 1] and cards._SUIT_CARDS is None
    assert cards.cards_of(0b11) == [0, 1] and cards._SUIT_CARDS is None
    assert cards.cards_of(1 << 20) == [20] and cards._SUIT_CARDS is not None
    assert cards.cards_of(1 << 20 | 1) == [0, 20] and cards._early == 3


# The catalogue's one table ----------------------------------------------------------------


def test_a_made_table_is_cached_and_made_afresh_when_a_source_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "pycache_prefix", None)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    a.write_text('x = "one"\n', encoding="utf-8")
    b.write_text('y = "two"\n', encoding="utf-8")
    made: list[int] = []

    def make() -> dict[str, object]:
        made.append(1)
        return {**tomldata.load(a), **tomldata.load(b)}

    sources = [str(a), str(b)]
    assert tomldata.load_made("both", sources, make) == {"x": "one", "y": "two"}
    assert tomldata.load_made("both", sources, make) == {"x": "one", "y": "two"}
    assert len(made) == 1  # (the second from the cache)
    stat = b.stat()
    b.write_text('y = "три"\n', encoding="utf-8")  # (the second file: as many bytes, but
    os.utime(b, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))  # a later time)
    assert tomldata.load_made("both", sources, make) == {"x": "one", "y": "три"}
    assert len(made) == 2
    assert tomldata.load_made("both", sources[:1], make)["y"] == "три"  # (other sources)
    assert len(made) == 3


def test_the_cached_catalogue_is_the_catalogue_made_afresh(tmp_path: Path) -> None:
    made = words._load(str(ROOT / "rams" / "words.toml"), "")
    for path in sorted((ROOT / "rams" / "games").glob("*/words.toml")):
        made.update(words._load(str(path), path.parent.name))
    assert words.catalogue() == made
    assert list(words.catalogue()) == list(made)  # (in the same order)
    code = "from rams import words; print(len(words.catalogue()))"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env |= {"PYTHONPYCACHEPREFIX": str(tmp_path / "pyc"), "PYTHONPATH": str(ROOT)}
    for _ in range(2):  # (the second from the cache)
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
        )
        assert int(done.stdout) == len(made)
    assert list((tmp_path / "pyc").rglob("words.catalogue.*.marshal"))


def test_the_program_leaves_its_objects_to_the_end_uncollected(tmp_path: Path) -> None:
    """Run as the program, ``main`` moves what it made to the permanent generation (the
    collections of the interpreter's end then walk none of it); called with its arguments,
    it leaves its caller's generations as they were."""
    code = (
        "import gc, sys; from rams.cli import main; "
        "before = gc.get_freeze_count(); status = main(); "
        "print(before, gc.get_freeze_count(), status, file=sys.stderr)"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env |= {"PYTHONPYCACHEPREFIX": str(tmp_path / "pyc"), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code, "rules"], capture_output=True, text=True, env=env, check=True
    )
    before, after, status = map(int, done.stderr.split())
    assert (before, status) == (0, 0) and after > 10_000
    frozen = gc.get_freeze_count()
    assert cli.main(["rules"]) == 0
    assert gc.get_freeze_count() == frozen
