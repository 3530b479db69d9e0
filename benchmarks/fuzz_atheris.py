"""Coverage-guided fuzzing with atheris (libFuzzer): the bytes libFuzzer mutates are steered
by the lines and branches of ``rams`` each input reaches (the package is instrumented as it
is imported). Three doors, by the input's first byte:

- 0: a record (§12) — loaded, replayed and its proofs verified, or refused with a
  ``RamsError`` (``tests.fuzzing.load_and_replay``);
- 1: a preset and house rules (§9.1), ``{"preset": …, "players": …, "rules": {…}}`` —
  built, or refused with a ``RulesError`` that names the options at fault, a value of the
  wrong kind included (``tests.fuzzing.build_rules``);
- 2: a websocket message — read by the server's parser, or refused with a
  ``ProtocolError``; an action read by its family's parser, or a ``NotationError``.

Anything else raised is a crash: libFuzzer stops and writes the input to ``crash-…``. The
seed corpus is a record of every preset, the options of every family, and one message of
each type (written to ``--corpus``, default a temporary folder). The arguments after ``--``
go to libFuzzer (``-runs=N``, ``-seed=S``, ``-max_total_time=S``, ``-max_len=N``).

    .venv/bin/python benchmarks/fuzz_atheris.py -- -runs=100000 -seed=2026 -max_len=65536
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import tempfile
from pathlib import Path

import atheris
from _provenance import header

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
with atheris.instrument_imports(include=["rams"]):  # (every rams module imported here)
    from rams import games
    from rams.errors import NotationError
    from rams.web.protocol import Act, ProtocolError, parse_message
    from tests.fuzzing import build_rules, load_and_replay, records

MESSAGES = [
    {"type": "hello", "token": "abc", "lang": "ru", "seed": "s-1"},
    {"type": "act", "action": "exchange 7S 8D", "deal": 1, "step": 3},
    {"type": "act", "action": "13H"},
    {"type": "ready"},
    {"type": "lang", "lang": "en"},
    {"type": "ping"},
    {"type": "log", "deal": 2},
    {"type": "seed", "seed": "abcDEF_-09"},
]
FAMILIES = sorted({games.family_of(p).name for p in games.presets()})


def _rules(text: str) -> None:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return
    if not isinstance(data, dict) or not isinstance(data.get("preset"), str):
        return
    rules = data.get("rules")
    if not isinstance(rules, dict) or data["preset"] not in games.presets():
        return
    build_rules(data["preset"], data.get("players"), rules)


def _message(text: str) -> None:
    try:
        message = parse_message(text)
    except ProtocolError:
        return
    if isinstance(message, Act):
        for family in FAMILIES:
            with contextlib.suppress(NotationError):
                games.family(family).parse_action(message.action)


def one_input(data: bytes) -> None:
    if not data:
        return
    text = data[1:].decode("utf-8", "replace")
    door = data[0] % 3
    if door == 0:
        load_and_replay(text)
    elif door == 1:
        _rules(text)
    else:
        _message(text)


def seeds() -> list[bytes]:
    out = [b"\x00" + r.encode() for r in records()]
    for preset, info in sorted(games.presets().items()):
        family = games.family_of(preset)
        rules = {o["name"]: o.get("default") for o in family.house_options()}
        rules.pop("players", None)
        body = {"preset": preset, "players": info.players[0], "rules": rules}
        out.append(b"\x01" + json.dumps(body).encode())
    out += [b"\x02" + json.dumps(m).encode() for m in MESSAGES]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", help="the corpus folder (default: a temporary one)")
    parser.add_argument("libfuzzer", nargs="*", help="libFuzzer's arguments, after --")
    args = parser.parse_args()
    print(header(__file__), flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(args.corpus or tmp)
        corpus.mkdir(parents=True, exist_ok=True)
        for k, seed in enumerate(seeds()):
            (corpus / f"seed-{k:03d}").write_bytes(seed)
        atheris.Setup([sys.argv[0], *args.libfuzzer, str(corpus)], one_input)
        atheris.Fuzz()


if __name__ == "__main__":
    main()
