"""Verifiable dealing (rams.fair, issue 15): the scheme against an independent computation,
honest records proven, and every tampered deck, seed or commitment caught at its deal."""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import random
from pathlib import Path
from typing import Any

import pytest

from rams import games
from rams.bots import make_bot
from rams.cards import cards_str, pack, parse_cards
from rams.cli import main
from rams.errors import RecordError
from rams.fair import (
    Dealer,
    DealProof,
    Draws,
    commitment,
    deal_cards,
    message,
    shuffled_deck,
    verify_record,
)
from rams.record import Record, dumps, loads, record_of
from rams.table import Table

EXAMPLES = Path(__file__).parent / "records" / "examples"


def reference_deck(
    server_seed: str, seeds: dict[int, str], table: str, k: int, cards: list[int]
) -> tuple[list[int], int]:
    """The scheme as the README states it, written again with hmac alone: the deck, and how
    many draws were rejected (so that a test can see rejection happen)."""
    key = bytes.fromhex(server_seed)
    seed_line = ",".join(f"{s + 1}={seeds[s]}" for s in sorted(seeds))
    stream: list[int] = []
    counter = 0
    rejected = 0

    def take(n: int) -> list[int]:
        nonlocal counter
        while len(stream) < n:
            text = f"rams-fair/1\ntable:{table}\ndeal:{k}\nseeds:{seed_line}\ncounter:{counter}"
            stream.extend(hmac.new(key, text.encode(), hashlib.sha256).digest())
            counter += 1
        out = stream[:n]
        del stream[:n]
        return out

    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        bits = (n - 1).bit_length()
        while True:
            value = int.from_bytes(bytes(take((bits + 7) // 8)), "big") % (1 << bits)
            if value < n:
                break
            rejected += 1
        deck[i], deck[value] = deck[value], deck[i]
    return deck, rejected


def test_the_commitment_is_the_sha256_of_the_seeds_bytes() -> None:
    seed = "00" * 32
    assert commitment(seed) == hashlib.sha256(bytes(32)).hexdigest()
    assert commitment(seed) == "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    assert commitment("01" * 32) != commitment(seed)


def test_the_message_names_the_scheme_table_deal_seeds_and_counter() -> None:
    assert message({}, "T", 12, 7) == b"rams-fair/1\ntable:T\ndeal:12\nseeds:\ncounter:7"
    # Seats 1-based, ascending, whatever the order they came in.
    assert message({3: "z", 0: "a"}, "T", 1, 0).endswith(b"\nseeds:1=a,4=z\ncounter:0")


@pytest.mark.parametrize("size", [30, 32, 36, 52])
def test_the_deck_is_the_schemes_fisher_yates_computed_independently(size: int) -> None:
    seed = "0123456789abcdef" * 4
    seeds = {0: "anya", 2: "vera-seed_1"}
    want, rejected = reference_deck(seed, seeds, "tbl", 3, list(pack(size)))
    assert shuffled_deck(seed, seeds, "tbl", 3, pack(size)) == want
    assert sorted(want) == list(pack(size))
    assert rejected > 0  # (the draws that fall outside are thrown away: no modulo bias)


def test_a_small_case_checkable_by_hand() -> None:
    """Three cards: the first block's bytes give the draws below 3 and below 2."""
    seed = "ab" * 32
    block = hmac.new(
        bytes.fromhex(seed), b"rams-fair/1\ntable:t\ndeal:1\nseeds:1=x\ncounter:0", "sha256"
    ).digest()
    cards = [10, 20, 30]
    j = next(b & 3 for b in block if b & 3 < 3)  # below(3): two bits, 3 rejected
    cards[2], cards[j] = cards[j], cards[2]
    rest = block[[b & 3 < 3 for b in block].index(True) + 1 :]
    j = rest[0] & 1  # below(2): one bit
    cards[1], cards[j] = cards[j], cards[1]
    assert shuffled_deck(seed, {0: "x"}, "t", 1, [10, 20, 30]) == cards


def test_the_decks_are_pinned() -> None:
    """The golden values the browser's verifier must also reach (tests/web)."""
    seed = "00" * 32
    assert cards_str(shuffled_deck(seed, {0: "abc"}, "t1", 1, pack(32))[:4]) == "QH AS JH AD"
    deck, extra = deal_cards(seed, {}, "t1", 2, pack(52), ["turned"])
    assert sorted(deck) == list(range(52)) and 0 <= extra["turned"] < 52


def test_every_input_changes_the_deck() -> None:
    seed, other = "11" * 32, "12" * 32
    base = shuffled_deck(seed, {0: "a"}, "t", 1, pack(32))
    assert shuffled_deck(other, {0: "a"}, "t", 1, pack(32)) != base
    assert shuffled_deck(seed, {0: "b"}, "t", 1, pack(32)) != base
    assert shuffled_deck(seed, {1: "a"}, "t", 1, pack(32)) != base
    assert shuffled_deck(seed, {0: "a"}, "u", 1, pack(32)) != base
    assert shuffled_deck(seed, {0: "a"}, "t", 2, pack(32)) != base


def test_below_stays_below_and_one_needs_no_byte() -> None:
    draws = Draws("22" * 32, {}, "t", 1)
    assert all(draws.below(n) < n for n in range(1, 300) for _ in range(3))
    assert draws.below(1) == 0
    with pytest.raises(ValueError):
        draws.below(0)


def fair_game(preset: str, players: int, seed: int, **options: Any) -> tuple[Record, Dealer]:
    """A whole game dealt as a web table deals it (a Dealer, some seats' client seeds)."""
    family = games.family_of(preset)
    rules = family.rules(preset, players, **options)
    match = family.new_match(rules, [f"P{i + 1}" for i in range(players)], random.Random(seed), 0)
    rng = random.Random(seed)  # (the server seeds too: a repeatable game)
    dealer = Dealer(f"table{seed}", next_seed=f"{rng.getrandbits(256):064x}")

    def shuffle(game: Any) -> Any:
        for s in range(0, players, 2):  # every other seat brings a seed
            dealer.add_client_seed(s, f"{rng.getrandbits(64):016x}")
        return dealer.deal(pack(rules.pack_size), family.deal_fields)

    bots = [make_bot("random", random.Random(seed + s), family=family.name) for s in range(players)]
    table = Table(
        match,
        bots,
        on_deal=lambda deal: dealer.dealt(f"{rng.getrandbits(256):064x}"),
        shuffle=shuffle,
    )
    assert table.advance() == "over"
    return loads(dumps(record_of(match, {}, dealer.proofs))), dealer


def long_fair_game(deals: int = 4) -> Record:
    """A fair game of classic Rams of at least ``deals`` deals."""
    for seed in range(40):
        record, _ = fair_game("classic", 3, seed, start_score=30)
        if len(record.deals) >= deals:
            return record
    raise AssertionError(f"no game of {deals} deals")


@pytest.fixture(scope="module")
def honest() -> Record:
    return long_fair_game()


def test_an_honest_record_is_proven_and_still_replays(honest: Record) -> None:
    assert all(v.proven for v in verify_record(honest))
    assert honest.replay().is_over
    first = honest.deals[0].fair
    assert first is not None and first.server_seed is not None
    assert first.commitment == commitment(first.server_seed)
    assert dict(first.client_seeds).keys() == {0, 2}
    data = json.loads(dumps(honest))
    assert set(data["deals"][0]["fair"]) == {"table", "commitment", "client_seeds", "server_seed"}
    assert set(data["deals"][0]["fair"]["client_seeds"]) == {"1", "3"}


@pytest.mark.parametrize(("preset", "players"), [("boston", 4), ("kony", 4), ("duel", 2)])
def test_every_family_is_proven_turned_card_included(preset: str, players: int) -> None:
    options = {"deals": 2} if preset == "boston" else {}
    record, _ = fair_game(preset, players, 1, **options)
    assert [v.reason for v in verify_record(record)] == [None] * len(record.deals)
    if preset == "boston":
        data = json.loads(dumps(record))
        turned = data["deals"][0]["turned"]
        data["deals"][0]["turned"] = "2S" if turned != "2S" else "3S"
        assert verify_record(Record.from_json(data))[0].reason == "deck"


def tampered(record: Record, change: Any) -> list[tuple[int, str | None]]:
    data = json.loads(dumps(record))
    change(data["deals"])
    return [(v.deal, v.reason) for v in verify_record(Record.from_json(data)) if not v.proven]


def _swap_two_cards(deals: list[dict[str, Any]]) -> None:
    cards = deals[1]["deck"].split()
    cards[0], cards[5] = cards[5], cards[0]
    deals[1]["deck"] = " ".join(cards)


def _client_seed(deals: list[dict[str, Any]]) -> None:
    deals[2]["fair"]["client_seeds"]["1"] += "x"


def _added_client_seed(deals: list[dict[str, Any]]) -> None:
    deals[1]["fair"]["client_seeds"]["2"] = "mine"


def _server_seed(deals: list[dict[str, Any]]) -> None:
    deals[3]["fair"]["server_seed"] = "ff" * 32


def _seed_and_its_commitment(deals: list[dict[str, Any]]) -> None:
    deals[2]["fair"]["server_seed"] = "ff" * 32
    deals[2]["fair"]["commitment"] = commitment("ff" * 32)


def _commitment(deals: list[dict[str, Any]]) -> None:
    deals[0]["fair"]["commitment"] = "0" * 64


def _table(deals: list[dict[str, Any]]) -> None:
    deals[1]["fair"]["table"] = "another"


def _unrevealed(deals: list[dict[str, Any]]) -> None:
    deals[2]["fair"]["server_seed"] = None


def _no_proof(deals: list[dict[str, Any]]) -> None:
    del deals[3]["fair"]


def _swapped_deals(deals: list[dict[str, Any]]) -> None:
    deals[0]["fair"], deals[1]["fair"] = deals[1]["fair"], deals[0]["fair"]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_swap_two_cards, [(2, "deck")]),
        (_client_seed, [(3, "deck")]),
        (_added_client_seed, [(2, "deck")]),
        (_server_seed, [(4, "commitment")]),
        (_seed_and_its_commitment, [(3, "deck")]),
        (_commitment, [(1, "commitment")]),
        (_table, [(2, "deck")]),
        (_unrevealed, [(3, "unrevealed")]),
        (_no_proof, [(4, "missing")]),
        (_swapped_deals, [(1, "deck"), (2, "deck")]),  # a deal's number is its place
    ],
)
def test_a_tampered_record_fails_at_the_deal_changed(
    honest: Record, change: Any, expected: list[tuple[int, str]]
) -> None:
    assert tampered(honest, change) == expected


def test_the_proof_is_optional_and_checked_when_there(honest: Record) -> None:
    old = loads((EXAMPLES / "p4_trump_ace_lead_error.json").read_text(encoding="utf-8"))
    assert old.deals[0].fair is None
    assert verify_record(old)[0].reason == "missing"
    data = json.loads(dumps(honest))
    for field, value in [("server_seed", "xyz"), ("commitment", 5), ("client_seeds", {"9": "a"})]:
        bad = copy.deepcopy(data)
        bad["deals"][1]["fair"][field] = value
        with pytest.raises(RecordError) as info:
            Record.from_json(bad)
        assert info.value.deal == 2 and field in str(info.value)


def test_the_dealer_commits_before_it_takes_seeds_and_shows_no_seed() -> None:
    dealer = Dealer("t")
    promised = dealer.next_commitment
    assert dealer.add_client_seed(1, "abc")
    assert not dealer.add_client_seed(1, "abd")  # the first seed of a seat counts
    assert not dealer.add_client_seed(0, "bad seed\n")
    deck, _ = dealer.deal(pack(32))
    secret = dealer.next_seed
    dealer.dealt()
    assert dealer.proofs[0] == DealProof("t", promised, ((1, "abc"),), secret)
    shown = json.dumps(dealer.public())
    assert secret not in shown and dealer.next_seed not in shown
    assert promised in shown and dealer.next_commitment in shown
    again = Dealer.restored(dealer.pending_json(), dealer.proofs)
    assert again.next_commitment == dealer.next_commitment and again.proofs == dealer.proofs
    assert parse_cards(cards_str(deck)) == deck


def test_rams_verify_says_in_one_line(
    honest: Record, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(dumps(honest), encoding="utf-8")
    assert main(["verify", str(path), "--lang", "en"]) == 0
    n = len(honest.deals)
    assert capsys.readouterr().out == (
        f"The dealing is fair: {n} deals checked; every deck comes from the revealed server "
        "seed and the players' seeds.\n"
    )
    assert main(["verify", str(path), "--lang", "ru"]) == 0
    assert capsys.readouterr().out.startswith(f"Раздача честная: проверено сдач — {n};")

    data = json.loads(dumps(honest))
    _swap_two_cards(data["deals"])
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["verify", str(path), "--lang", "en"]) == 2
    assert capsys.readouterr().out == (
        "Deal 2 is not proven: the deck is not the one the seeds give.\n"
    )
    data = json.loads(dumps(honest))
    _server_seed(data["deals"])
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["verify", str(path), "--lang", "ru"]) == 2
    out = capsys.readouterr().out
    assert out.startswith("Сдача 4 не доказана: SHA-256 раскрытого семени") and out.count("\n") == 1


def test_rams_verify_of_an_old_or_broken_record_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = EXAMPLES / "p4_trump_ace_lead_error.json"
    assert main(["verify", str(old), "--lang", "en"]) == 2
    assert capsys.readouterr().out == (
        "Deal 1 is not proven: the record holds no proof (the server's commitment and the seeds).\n"
    )
    bad = json.loads(dumps(long_fair_game()))
    bad["deals"][2]["fair"]["client_seeds"]["1"] = "not a seed!"
    path = tmp_path / "bad-seed.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    assert main(["verify", str(path), "--lang", "en"]) == 2
    assert capsys.readouterr().out == (
        "Deal 3 is not proven: its field fair.client_seeds is malformed.\n"
    )
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert main(["verify", str(broken), "--lang", "en"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "not JSON" in captured.err


def test_a_terminal_game_is_dealt_verifiably_and_its_save_is_proven(tmp_path: Path) -> None:
    """``rams play`` without --seed: the person's seat brings a seed to every deal, the save
    holds the proofs (the sealed deal in progress too) and ``rams verify`` proves it."""
    import io

    from rich.console import Console

    from rams.cards import card_str
    from rams.games.rams.actions import Exchange, Play, Swap
    from rams.games.rams.match import Game
    from rams.games.rams.rules import Rules
    from rams.terminal import TerminalGame, load_save
    from rams.terminal.saves import resume

    game = Game(Rules.preset("classic", 3, start_score=100), ["Аня", "B1", "B2"])

    asked: list[str] = []

    def read(prompt: str) -> str:  # (as the hot-seat test of test_terminal_play answers)
        asked.append(prompt)
        deal = game.deal
        if len(asked) > 400 or (len(game.deals) >= 3 and deal is not None and not deal.is_over):
            return "q"
        if deal is None or deal.is_over or deal.to_move != 0:
            return ""
        action = deal.legal_actions(0)[0]
        if isinstance(action, Exchange):
            return "0"
        if isinstance(action, (Play, Swap)):
            return card_str(action.card)
        return str(action)

    console = Console(file=io.StringIO(), force_terminal=True, width=100)
    save = tmp_path / "game.json"
    dealer = Dealer("terminal-game")
    tg = TerminalGame(
        console, game, [None, "heuristic", "heuristic"], "en", save, {}, read, dealer=dealer
    )
    tg.run()
    record = load_save(save)
    assert len(record.deals) >= 3
    assert [v.reason for v in verify_record(record)] == [None] * len(record.deals)
    for d in record.deals:
        assert d.fair is not None and set(dict(d.fair.client_seeds)) == {0}
    assert resume(save)[3] == [d.fair for d in record.deals]
    finished = tmp_path / "finished.json"
    finished.write_text(dumps(Record(record.rules, record.players, record.deals[:-1])))
    assert main(["verify", str(finished), "--lang", "en"]) == 0


def test_verify_record_takes_the_json_too_and_a_verdict_is_true_when_proven(
    honest: Record,
) -> None:
    text = dumps(honest)
    for given in (honest, text, json.loads(text)):
        verdicts = verify_record(given)
        assert all(verdicts) and all(v.ok for v in verdicts)
    data = json.loads(text)
    _commitment(data["deals"])
    first = verify_record(data)[0]
    assert not first and first.reason == "commitment" and not all(verify_record(data))
    # The seeds keyed as the record keys them (1-based text) are the same seats.
    proof = honest.deals[0].fair
    assert proof is not None and proof.server_seed is not None
    by_text = {str(s + 1): v for s, v in proof.client_seeds}
    size = honest.rules.pack_size
    deck = shuffled_deck(proof.server_seed, by_text, proof.table, 1, pack(size))
    assert tuple(deck) == honest.deals[0].deck
