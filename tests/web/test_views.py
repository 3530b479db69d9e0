"""Protocol 2's states and deltas (rams.web.views, rams.web.protocol.apply_delta), without
a server: at every step of some random games of every family, each viewer's state built
once per change is the full state message of the one gate (``state_message``), and the
delta from the viewer's previous state, applied to it, gives the new one."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rams import games
from rams.games.narration import Narrator
from rams.games.wire import state_message
from rams.web.protocol import apply_delta
from rams.web.views import TableViews, delta

#: A preset of every family (and Rams with Pam, and a table of two).
PRESETS = [("classic", 3), ("duel", 2), ("mushka-pamfil", 4), ("ramsch", 3), ("whist", 4),
           ("boston", 4), ("kony", 4)]  # fmt: skip


def _steps(preset: str, players: int, seed: int, deals: int = 2) -> Any:
    """A random match's every state: before its first deal, then after each deal is dealt
    and each action, over its first ``deals`` deals (and its end, if it comes)."""
    rng = random.Random(seed)
    match = games.new_match(preset, players, rng=random.Random(seed))
    yield match
    while not match.is_over and len(match.deals) < deals:
        deal = match.start_deal()
        yield match
        while not deal.is_over:
            seat = deal.to_move
            deal.apply(rng.choice(deal.legal_actions(seat)), seat)
            yield match


def _full(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != "seq"}


@pytest.mark.parametrize(("preset", "players"), PRESETS, ids=[p for p, _ in PRESETS])
def test_a_delta_applied_to_the_state_before_is_the_full_state(preset: str, players: int) -> None:
    family = games.family_of(preset)
    rng = random.Random(preset)
    viewers = [(s, lang) for s in [*range(players), None] for lang in ("ru", "en")]
    deltas = steps = 0
    for seed in range(3):  # (three matches: one may end at once)
        deltas += _check_match(family, preset, players, seed, viewers, rng)
        steps += sum(1 for _ in _steps(preset, players, seed))
    assert steps > 20 and deltas > steps * len(viewers) // 2


def _check_match(
    family: Any, preset: str, players: int, seed: int, viewers: list[Any], rng: random.Random
) -> int:
    views: TableViews | None = None
    held: dict[Any, dict[str, Any]] = {}  # what each viewer's client holds
    deltas = 0
    for match in _steps(preset, players, seed):
        if views is None:
            views = TableViews(family, match.players)
        # Now and then a viewer is away for a change (its stream forgotten, its state
        # then sent whole again).
        here = [v for v in viewers if rng.random() < 0.9]
        before = views.last
        table = {"id": "t", "now": rng.randrange(10**6)}
        views.update(match, table, here)
        assert set(views.last) == set(here)
        for seat, lang in here:
            now = views.last[seat, lang]
            whole = now.full()
            assert _full(whole) == state_message(family, match, seat, lang, table)
            assert whole["seq"] == views.seq
            then = before.get((seat, lang))
            if then is not None and (seat, lang) in held:
                d = delta(then, now)
                json.dumps(d)
                assert d["type"] == "delta" and d["base"] == then.seq and d["seq"] == now.seq
                got = apply_delta(held[seat, lang], d)
                assert got == json.loads(json.dumps(whole))
                deltas += 1
            held[seat, lang] = json.loads(whole.text())
        for v in set(held) - set(here):
            del held[v]
    return deltas


def test_a_delta_carries_only_what_changed() -> None:
    """Late in a deal a delta holds the new lines, not the deal's: it is no longer than
    one early in the deal (give or take the cards of a trick)."""
    family = games.family_of("whist")
    views = TableViews(family, ["Аня", "Борис", "Вера", "Глеб"])
    sizes = []
    previous = None
    for match in _steps("whist", 4, seed=3, deals=1):
        views.update(match, {"now": 0}, [(0, "ru")])
        now = views.last[0, "ru"]
        if previous is not None and match.deal is not None and match.deal.actions:
            d = delta(previous, now)
            assert "log" not in d or d["log"]["at"] >= len(previous.full()["log"]) - 1
            assert "table" not in d and "family" not in d.get("set", {})
            sizes.append(len(d.text()))
        previous = now
    assert len(sizes) == 52
    full = len(previous.full().text())  # type: ignore[union-attr]
    late = sizes[-13:-1]  # (the last one brings the deal's result: its sheet and score)
    assert max(late) < full / 2
    assert max(late) < 1.3 * max(sizes[:12])


def test_a_delta_for_another_state_is_refused() -> None:
    state = {"seq": 4, "log": ["a"], "table": {}}
    with pytest.raises(ValueError):
        apply_delta(state, {"type": "delta", "base": 3, "seq": 5})
    with pytest.raises(ValueError):
        apply_delta({**state, "seq": None}, {"type": "delta", "base": 4, "seq": 5})
    with pytest.raises(ValueError):  # (lines after some this client does not hold)
        apply_delta(state, {"type": "delta", "base": 4, "seq": 5, "log": {"at": 2, "lines": []}})
    got = apply_delta(
        state, {"type": "delta", "base": 4, "seq": 5, "log": {"at": 0, "lines": ["b"]}}
    )
    assert got == {"seq": 5, "log": ["b"], "table": {}} and state["log"] == ["a"]


def test_events_seen_alike_are_worded_once_per_language() -> None:
    """Whist hides no event: every seat and a spectator share one stream a language, so
    each event is worded once in Russian and once in English, however many watch."""
    family = games.family_of("whist")
    match = games.new_match("whist", 4, rng=random.Random(5))
    narrator = Narrator(family, match.players)
    deal = match.start_deal()
    rng = random.Random(5)
    for _ in range(20):
        deal.apply(rng.choice(deal.legal_actions(deal.to_move)), deal.to_move)
        seen = {(s, lang): deal.observation(s).events for s in [0, 1, 2, 3, None]
                for lang in ("ru", "en")}  # fmt: skip
        words = narrator.update(1, seen)
        for (s, lang), w in words.items():
            assert w.lines() == family.deal_lines(seen[s, lang], match.players, lang)
    assert narrator.worded == 2 * len(deal.events)


def test_a_seat_with_a_secret_gets_its_own_stream() -> None:
    """A Rams exchange is seen by the seat that made it (its discards), not by the others:
    from there that seat's lines are its own, and nobody else's name its cards."""
    family = games.family_of("classic")
    match = games.new_match("classic", 3, rng=random.Random(8))
    narrator = Narrator(family, match.players)
    deal = match.start_deal()
    rng = random.Random(8)
    parted = False
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions(deal.to_move)), deal.to_move)
        seen = {(s, "en"): deal.observation(s).events for s in [0, 1, 2, None]}
        words = narrator.update(1, seen)
        for (s, _), w in words.items():
            assert w.lines() == family.deal_lines(seen[s, "en"], match.players, "en")
        streams = {id(w.stream) for w in words.values()}
        parted |= len(streams) > 1
    assert parted
