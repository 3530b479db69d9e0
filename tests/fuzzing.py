"""What the fuzz tests feed the engine: whole records of every preset, mutated one node at a
time, and house rules of random names and values (``tests/test_fuzz.py``; the long run is
``benchmarks/fuzz.py``).

A mutation replaces, deletes or adds one node of a record's JSON tree, or changes one card
or word of a string in it; each is drawn from a Hypothesis ``data`` object, so a failure is
shrunk to the smallest mutation that shows it.
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

from hypothesis import strategies as st

from rams import games
from rams.errors import RamsError, RulesError
from rams.record import loads
from rams.verify import verify_record

#: A JSON value of any kind, small.
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=8,
)  # fmt: skip
#: Tokens a record's strings are made of: cards, words, seats.
TOKENS = st.sampled_from(
    ["AS", "TH", "7C", "2D", "XX", "play", "pass", "p1", "p9", "bid", "5S", "13H",
     "small-null", "exchange", "swap", "", " ", "p0", "-1"]
)  # fmt: skip


@cache
def records() -> tuple[str, ...]:
    """A finished record of each preset at its smallest table, played by random choices
    (a fixed seed: the same records every run)."""
    out = []
    rng = random.Random(2026)
    for preset, info in sorted(games.presets().items()):
        match = games.new_match(preset, info.players[0], rng=random.Random(rng.random()))
        for _ in range(12):  # (deals: a record small enough to mutate fast)
            if match.is_over:
                break
            deal = match.deal
            if deal is None or deal.is_over:
                match.start_deal()
                continue
            while not deal.is_over:
                seat = deal.to_move
                ids = deal.legal_action_ids(seat)
                deal.apply_id(ids[rng.randrange(len(ids))], seat)
        out.append(json.dumps(match.record()))
    return tuple(out)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*path, i))
    return out


def mutate(data: st.DataObject, text: str) -> str:
    """One mutation of a record's JSON: a node replaced, deleted or added, or one token of
    a string changed."""
    tree = json.loads(text)
    paths = _paths(tree)
    path = data.draw(st.sampled_from(paths))
    kind = data.draw(st.sampled_from(["replace", "delete", "add", "token"]))
    if not path:
        return json.dumps(data.draw(JSON)) if kind == "replace" else text
    parent = tree
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    value = parent[last]
    if kind == "replace":
        parent[last] = data.draw(JSON)
    elif kind == "delete":
        del parent[last]
    elif kind == "add" and isinstance(value, dict):
        value[data.draw(st.text(max_size=8))] = data.draw(JSON)
    elif kind == "add" and isinstance(value, list):
        value.insert(data.draw(st.integers(0, len(value))), data.draw(JSON))
    elif isinstance(value, str):
        words = value.split(" ")
        i = data.draw(st.integers(0, max(0, len(words) - 1)))
        words[i : i + 1] = [data.draw(TOKENS)]
        parent[last] = " ".join(words)
    return json.dumps(tree)


def load_and_replay(text: str) -> None:
    """What loading a record may do with any input: replay it and verify its proofs, or
    refuse it with a :class:`RamsError` — never another exception, and never a change to
    the text it was given."""
    before = copy.copy(text)
    try:
        record = loads(text)
        record.replay()
        verify_record(record)
    except RamsError:
        pass
    assert text == before


#: A value of any kind an option might be handed through the Python API: JSON's, and others.
ANY_VALUE = (
    JSON
    | st.tuples(JSON, JSON)
    | st.sets(st.integers(-2, 9), max_size=3)
    | st.binary(max_size=4)
    | st.floats()
    | st.complex_numbers(max_magnitude=10)
)


def options(data: st.DataObject) -> tuple[str, Any, dict[str, Any]]:
    """A preset, a table size (an int, None, or a value of another kind) and house rules:
    real option names (``players`` among them) or made-up names, with values of any kind."""
    preset = data.draw(st.sampled_from(sorted(games.presets())))
    family = games.family_of(preset)
    names = [o["name"] for o in family.house_options()] + ["players"]
    keys = st.sampled_from(names) | st.text(max_size=10)
    chosen = data.draw(st.dictionaries(keys, ANY_VALUE, max_size=3))
    players = data.draw(st.none() | st.integers(-1, 9) | ANY_VALUE)
    return preset, players, chosen


def build_rules(preset: str, players: Any, chosen: dict[str, Any]) -> None:
    """Rules from any options: built, or refused with a :class:`RulesError` that names the
    options at fault and is worded in both languages — never another exception, a value of
    a kind the option never takes included (issue 24: this once let any ``TypeError`` pass,
    and an option named ``players`` raised one)."""
    try:
        games.family_of(preset).rules(preset, players, **chosen)
    except RulesError as e:
        assert e.options, f"{e.key} names no option"
        for lang in ("ru", "en"):
            assert e.words(lang)
