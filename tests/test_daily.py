"""Daily deals (issue 31, rams.daily): the day's deals, their cards from the verifiable
scheme, their seeds published only once the day is over, one deal then the end, and
duplicate scoring with expected values worked out by hand."""

from __future__ import annotations

import hashlib
import random
from datetime import UTC, date, datetime

from rams import games
from rams.bots import make_bot
from rams.cards import pack
from rams.daily import (
    BOTS,
    DEALS_PER_GAME,
    OneDeal,
    Result,
    bots_points,
    day_deals,
    deal_points,
    matchpoints,
    new_game,
    parse_deal,
    published,
    revealed,
    shuffler,
    standings,
)
from rams.fair import Context, commitment, deal_cards
from rams.table import Table

DAY = date(2026, 12, 7)
SEED = "5e" * 32


def test_the_day_has_each_familys_first_preset_twice() -> None:
    deals = day_deals(DAY)
    # Written out by hand: the first preset of each family, as `rams rules` lists them.
    assert [d.id for d in deals] == [
        f"2026-12-07-{p}-{k}"
        for p in ("classic", "ramsch", "whist", "boston", "kony")
        for k in range(1, DEALS_PER_GAME + 1)
    ]
    assert [d.players for d in deals[::2]] == [3, 3, 4, 4, 4]
    assert deals[0].bots == (None, "easy", "easy")
    assert parse_deal("2026-12-07-whist-2") == deals[5]
    assert parse_deal("2026-12-07-whist-3") is None
    assert parse_deal("2026-13-07-whist-1") is None
    assert parse_deal("nonsense") is None


def test_the_seeds_are_published_only_once_the_day_is_over() -> None:
    # A fake clock: the last second of the day, then the first of the next (UTC).
    assert not revealed(DAY, datetime(2026, 12, 7, 23, 59, 59, tzinfo=UTC))
    assert revealed(DAY, datetime(2026, 12, 8, 0, 0, 0, tzinfo=UTC))
    # (Moscow's midnight is 21:00 UTC: the day is still on.)
    assert not revealed(DAY, datetime.fromisoformat("2026-12-08T02:00:00+03:00"))
    # The commitments: from the day before on.
    assert published(DAY, datetime(2026, 12, 6, 0, 0, tzinfo=UTC))
    assert not published(DAY, datetime(2026, 12, 5, 23, 59, tzinfo=UTC))


def test_the_cards_follow_from_the_seed_by_the_verifiable_scheme() -> None:
    deal = day_deals(DAY)[6]  # Boston, deal 1: a turned card is drawn too
    rules = games.family("boston").rules("boston", 4)
    context = Context(
        rules.to_json(),
        (("1", None), ("2", "easy"), ("3", "easy"), ("4", "easy")),
    )
    want = deal_cards(SEED, {}, "2026-12-07-boston-1", 1, pack(52), ("turned",), context)
    assert deal.cards(SEED) == want
    assert set(want[1]) == {"turned", "dealer"}
    # The commitment is the SHA-256 of the seed's 32 bytes.
    assert commitment(SEED) == hashlib.sha256(bytes([0x5E] * 32)).hexdigest()
    # Another deal of the day, from the same seed, is other cards (its id is in the stream).
    assert day_deals(DAY)[7].cards(SEED)[0] != want[0]


def test_one_deal_then_the_match_is_over() -> None:
    deal = day_deals(DAY)[0]
    game = new_game(deal, ["Аня", "Прохор", "Глаша"])
    agents = [make_bot("easy", random.Random(i), family="rams") for i in range(3)]
    deck, drawn = deal.cards(SEED)
    table = Table(game, agents, shuffle=shuffler(deck, drawn))  # type: ignore[arg-type]
    assert not game.is_over and game.needs_deal
    assert table.advance() == "over"
    assert len(game.deals) == 1 and game.deals[0].is_over
    assert game.to_move is None and not game.needs_deal
    assert game.first_dealer == drawn["dealer"] and list(game.deals[0].deck) == deck


def test_a_seats_points_are_its_score_change_turned_so_more_is_better() -> None:
    rams = OneDeal(games.family("rams").new_match(games.family("rams").rules("classic", 3),
                                                 ["A", "B", "C"], None, 0))  # fmt: skip
    # Rams counts down from 100 (lower is better): 100 → 78 is 22 points made, 100 → 120
    # is 20 lost.
    rams.inner.scores = lambda: [78, 120, 100]
    assert [deal_points(rams, s) for s in range(3)] == [22, -20, 0]
    whist = OneDeal(games.family("whist").new_match(games.family("whist").rules("whist", 4),
                                                   ["A", "B", "C", "D"], None, 0))  # fmt: skip
    whist.inner.scores = lambda: [8, 0, 8, 0]  # (Whist counts up: more is better)
    assert [deal_points(whist, s) for s in range(4)] == [8, 0, 8, 0]


def test_the_bots_result_is_the_same_every_time() -> None:
    deal = day_deals(DAY)[2]
    assert bots_points(deal, SEED) == bots_points(deal, SEED)


def test_matchpoints_by_hand() -> None:
    # 10 beats −5 and 0 (2 + 2) and equals the other 10 (1): 5; −5 beats nobody: 0;
    # 0 beats −5: 2.
    assert matchpoints([10, -5, 10, 0]) == [5, 0, 5, 2]
    assert matchpoints([3]) == [0]
    assert matchpoints([1, 1]) == [1, 1]


def test_the_days_standings_by_hand() -> None:
    a, b = "2026-12-07-classic-1", "2026-12-07-classic-2"
    results = [
        Result(a, "anya", "Аня", 10, "t1"),
        Result(a, "boris", "Борис", -5, "t2"),
        Result(a, BOTS, "Боты", 0),
        Result(b, "anya", "Аня", 0, "t3"),
        Result(b, BOTS, "Боты", 4),
    ]
    got = standings(results)
    # Deal a: Аня beats both (4 of 4), the bots beat Борис (2 of 4), Борис 0 of 4.
    # Deal b: the bots beat Аня (2 of 2; Аня 0 of 2).
    # Аня: 4 of 6, 10 − 0 + 0 − 4 = 6 more than the bots; the bots 4 of 6, 0 more than
    # themselves; Борис: 0 of 4, 5 fewer. Аня and the bots share 2/3: by name, then Борис.
    assert [(s.name, s.deals, s.matchpoints, s.most, s.versus_bots) for s in got] == [
        ("Аня", 2, 4, 6, 6),
        ("Боты", 2, 4, 6, 0),
        ("Борис", 1, 0, 4, -5),
    ]
    assert got[0].share == 4 / 6 and got[2].share == 0
    # Without the bots' result on a deal, «versus the bots» is not known.
    alone = standings([Result(a, "anya", "Аня", 10), Result(a, "boris", "Борис", 12)])
    assert [(s.name, s.matchpoints, s.versus_bots) for s in alone] == [
        ("Борис", 2, None),
        ("Аня", 0, None),
    ]
