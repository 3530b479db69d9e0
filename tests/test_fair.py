"""Verifiable dealing (rams.fair, issues 15 and 24): the scheme against an independent
computation, honest records proven, every tampered deck, seed or commitment caught at its
deal; and the attacks found on scheme 1 — a bot's seed ground, a person's seed dropped,
another table's proof, the play cut or changed, the names swapped, a seed and its commitment
swapped afterwards, the first dealer chosen — each caught by ``rams verify``, alone or held
against the person's own log (``--mine``)."""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rams import games
from rams.bots import make_bot
from rams.cards import cards_str, pack, parse_cards
from rams.cli import main
from rams.errors import RecordError
from rams.fair import (
    SCHEME,
    SCHEME_1,
    Context,
    Dealer,
    DealProof,
    Draws,
    FairLog,
    commitment,
    deal_cards,
    message,
    shuffled_deck,
)
from rams.record import Record, dumps, loads, record_of
from rams.table import Table
from rams.verify import check_log, verify_record

EXAMPLES = Path(__file__).parent / "records" / "examples"


def reference_stream(server_seed: str, head: str) -> Callable[[int], int]:
    """``below`` as docs/fair.md states it, written again with hmac alone over the message
    lines ``head`` (everything before ``counter:``)."""
    key = bytes.fromhex(server_seed)
    stream: list[int] = []
    counter = 0

    def take(n: int) -> list[int]:
        nonlocal counter
        while len(stream) < n:
            text = f"{head}\ncounter:{counter}"
            stream.extend(hmac.new(key, text.encode(), hashlib.sha256).digest())
            counter += 1
        out = stream[:n]
        del stream[:n]
        return out

    def below(n: int) -> int:
        bits = (n - 1).bit_length()
        if bits == 0:
            return 0
        while True:
            value = int.from_bytes(bytes(take((bits + 7) // 8)), "big") % (1 << bits)
            if value < n:
                return value
            below.rejected += 1  # type: ignore[attr-defined]

    below.rejected = 0  # type: ignore[attr-defined]
    return below


def reference_deck(
    server_seed: str,
    seeds: dict[int, str],
    table: str,
    k: int,
    cards: list[int],
    context: str | None = None,
) -> tuple[list[int], int, Callable[[int], int]]:
    """The scheme as docs/fair.md states it (scheme 2 with a ``context`` digest, else 1): the
    deck, how many draws were rejected (so that a test can see rejection happen), and the
    stream to draw on from."""
    seed_line = ",".join(f"{s + 1}={seeds[s]}" for s in sorted(seeds))
    if context is None:
        head = f"rams-fair/1\ntable:{table}\ndeal:{k}\nseeds:{seed_line}"
    else:
        head = f"rams-fair/2\ntable:{table}\ncontext:{context}\ndeal:{k}\nseeds:{seed_line}"
    below = reference_stream(server_seed, head)
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        value = below(i + 1)
        deck[i], deck[value] = deck[value], deck[i]
    return deck, below.rejected, below  # type: ignore[attr-defined]


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
    want, rejected, _ = reference_deck(seed, seeds, "tbl", 3, list(pack(size)))
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


#: The context of the examples, its canonical JSON written out by hand from docs/fair.md.
CONTEXT = Context("classic", (("Аня", None), ("Прохор", "easy"), ("Глаша", "easy")))
CONTEXT_TEXT = (
    '{"rules":"classic","seats":[{"bot":null,"name":"Аня"},'
    '{"bot":"easy","name":"Прохор"},{"bot":"easy","name":"Глаша"}]}'
)


def test_the_context_is_canonical_json_and_its_digest_the_sha256_of_it() -> None:
    assert CONTEXT.canonical() == CONTEXT_TEXT.encode("utf-8")
    assert CONTEXT.digest() == hashlib.sha256(CONTEXT_TEXT.encode("utf-8")).hexdigest()
    house = Context({"start_score": 30, "preset": "classic"}, (("Б", None), ("А", "hard")))
    assert house.canonical().decode() == (
        '{"rules":{"preset":"classic","start_score":30},'
        '"seats":[{"bot":null,"name":"Б"},{"bot":"hard","name":"А"}]}'
    )
    # Built from a rules object it is the rules as the record writes them.
    rules = games.family_of("classic").rules("classic", 3, start_score=30)
    names, bots = ["Аня", "Прохор", "Глаша"], [None, "easy", "easy"]
    assert Context.of(rules, names, bots).rules == {"preset": "classic", "start_score": 30}
    assert Context.from_json(json.loads(CONTEXT_TEXT)) == CONTEXT


def test_scheme_2s_message_adds_the_context_line() -> None:
    digest = CONTEXT.digest()
    assert message({2: "b", 0: "a"}, "T", 1, 4, digest) == (
        f"rams-fair/2\ntable:T\ncontext:{digest}\ndeal:1\nseeds:1=a,3=b\ncounter:4".encode()
    )


@pytest.mark.parametrize("size", [32, 52])
def test_scheme_2s_deck_and_first_dealer_computed_independently(size: int) -> None:
    """Deal 1: the deck, then (Boston) the turned card, then the first dealer, all drawn
    from one stream in that order; deal 2 draws no dealer."""
    seed = "0123456789abcdef" * 4
    seeds = {0: "anya"}
    want, _, below = reference_deck(seed, seeds, "tbl", 1, list(pack(size)), CONTEXT.digest())
    turned = below(52) if size == 52 else None
    first = below(3)
    fields = ["turned"] if size == 52 else []
    deck, extra = deal_cards(seed, seeds, "tbl", 1, pack(size), fields, CONTEXT)
    assert deck == want and extra.get("turned") == turned and extra["dealer"] == first
    assert shuffled_deck(seed, seeds, "tbl", 1, pack(size), CONTEXT) == want
    later, _, _ = reference_deck(seed, seeds, "tbl", 2, list(pack(size)), CONTEXT.digest())
    assert deal_cards(seed, seeds, "tbl", 2, pack(size), (), CONTEXT) == (later, {})


def test_scheme_2_is_pinned() -> None:
    """The golden values of docs/fair.md and the module's docstring (the browser's verifier
    reaches them too: tests/web)."""
    assert CONTEXT.digest()[:16] == "77e5b39d946799e8"
    deck, extra = deal_cards("00" * 32, {0: "abc"}, "t1", 1, pack(32), (), CONTEXT)
    assert cards_str(deck[:4]) == "8D 7C KS KC" and extra == {"dealer": 1}


def test_the_seating_and_the_rules_change_the_deck() -> None:
    seed = "11" * 32
    base = shuffled_deck(seed, {0: "a"}, "t", 1, pack(32), CONTEXT)
    swapped = Context("classic", (("Прохор", None), ("Аня", "easy"), ("Глаша", "easy")))
    harder = Context("classic", (("Аня", None), ("Прохор", "hard"), ("Глаша", "easy")))
    longer = Context({"preset": "classic", "start_score": 30}, CONTEXT.seats)
    for other in (swapped, harder, longer):
        assert shuffled_deck(seed, {0: "a"}, "t", 1, pack(32), other) != base
    assert shuffled_deck(seed, {0: "a"}, "t", 1, pack(32)) != base  # (scheme 1)


Cheat = Callable[[Dealer, int], None]


def fair_game(
    preset: str,
    players: int,
    seed: int,
    cheat: Cheat | None = None,
    scheme: str = SCHEME,
    name: str = "table",
    **options: Any,
) -> tuple[Record, Dealer, FairLog]:
    """A whole game dealt as a web table deals it: a Dealer bound to the table's rules and
    seating, every other seat a person's (P1, P3, …) and each bringing a seed to every deal,
    the others bots; the record as the server writes it (meta.bots, the table, the result),
    and the log P1's browser keeps of what it was shown. ``cheat(dealer, k)`` is a dishonest
    server's hand in deal ``k``, after the seeds came in and before it deals. The table's id
    is ``name`` and the seed."""
    family = games.family_of(preset)
    rules = family.rules(preset, players, **options)
    names = [f"P{i + 1}" for i in range(players)]
    bots = [None if s % 2 == 0 else "random" for s in range(players)]
    match = family.new_match(rules, names, random.Random(seed), 0)
    rng = random.Random(seed)  # (the server seeds too: a repeatable game)
    table_id = f"{name}{seed}"
    dealer = Dealer(table_id, next_seed=f"{rng.getrandbits(256):064x}", scheme=scheme)
    dealer.bind(Context.of(rules, names, bots))
    log = FairLog(table_id)
    log.saw_context(dealer.scheme, dealer.context)
    log.saw_commitment(1, dealer.next_commitment)

    def shuffle(game: Any) -> Any:
        k = dealer.next_deal
        for s in range(0, players, 2):  # every person brings a seed
            seed = f"{rng.getrandbits(64):016x}"
            if dealer.add_client_seed(s, seed) and s == 0:
                log.saw_seed(k, s, seed)  # (acknowledged to P1's browser)
        if cheat is not None:
            cheat(dealer, k)
        return dealer.deal(pack(rules.pack_size), family.deal_fields)

    def dealt(deal: Any) -> None:
        dealer.dealt(f"{rng.getrandbits(256):064x}")
        log.saw_commitment(dealer.next_deal, dealer.next_commitment)

    agents = [
        make_bot("random", random.Random(seed + s), family=family.name) for s in range(players)
    ]
    table = Table(match, agents, on_deal=dealt, shuffle=shuffle)
    assert table.advance() == "over"
    meta = {"bots": bots, "table": table_id}
    record = record_of(match, meta, dealer.proofs, result=True)
    return loads(dumps(record)), dealer, log


def long_fair_game(
    deals: int = 4, cheat: Cheat | None = None, scheme: str = SCHEME, name: str = "table"
) -> tuple[Record, FairLog]:
    """A fair game of classic Rams of at least ``deals`` deals, and P1's log."""
    for seed in range(40):
        record, _, log = fair_game("classic", 3, seed, cheat, scheme, name, start_score=30)
        if len(record.deals) >= deals:
            return record, log
    raise AssertionError(f"no game of {deals} deals")


@pytest.fixture(scope="module")
def honest() -> Record:
    return long_fair_game()[0]


@pytest.fixture(scope="module")
def honest_log() -> FairLog:
    return long_fair_game()[1]


def test_an_honest_record_is_proven_and_still_replays(honest: Record) -> None:
    assert all(v.proven for v in verify_record(honest))
    assert honest.replay().is_over
    first = honest.deals[0].fair
    assert first is not None and first.server_seed is not None
    assert first.commitment == commitment(first.server_seed)
    assert dict(first.client_seeds).keys() == {0, 2}
    assert first.scheme == SCHEME and first.context == Context.of_record(honest).digest()
    data = json.loads(dumps(honest))
    assert set(data["deals"][0]["fair"]) == {
        "scheme", "table", "context", "commitment", "client_seeds", "server_seed"
    }  # fmt: skip
    assert data["deals"][0]["fair"]["scheme"] == "rams-fair/2"
    assert set(data["deals"][0]["fair"]["client_seeds"]) == {"1", "3"}
    game = honest.replay()
    assert data["result"] == {
        "scores": game.scores(),
        "winners": [w + 1 for w in game.winners()],
        "payouts": [int(r) for r in game.returns()],
    }


def test_the_first_dealer_is_drawn_from_deal_1s_stream(honest: Record) -> None:
    """D4: after the shuffle, ``below(players)`` of the same stream, computed here from
    the description in docs/fair.md."""
    proof = honest.deals[0].fair
    assert proof is not None and proof.server_seed is not None and proof.context is not None
    cards = list(pack(honest.rules.pack_size))
    deck, _, below = reference_deck(
        proof.server_seed, proof.seeds(), proof.table, 1, cards, proof.context
    )
    assert tuple(deck) == honest.deals[0].deck
    assert honest.deals[0].dealer == below(3)
    # The match dealt by it, whatever seat it was told at first (fair_game says 0).
    firsts = {fair_game("classic", 3, s, start_score=30)[0].deals[0].dealer for s in range(12)}
    assert firsts == {0, 1, 2}


@pytest.mark.parametrize(("preset", "players"), [("boston", 4), ("kony", 4), ("duel", 2)])
def test_every_family_is_proven_turned_card_included(preset: str, players: int) -> None:
    options = {"deals": 2} if preset == "boston" else {}
    record, _, _ = fair_game(preset, players, 1, **options)
    assert [v.reason for v in verify_record(record)] == [None] * len(record.deals)
    if preset == "boston":
        data = json.loads(dumps(record))
        turned = data["deals"][0]["turned"]
        data["deals"][0]["turned"] = "2S" if turned != "2S" else "3S"
        assert verify_record(Record.from_json(data))[0].reason == "deck"


def tampered(record: Record, change: Any) -> list[tuple[int | None, str | None]]:
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
    deals[1]["fair"]["client_seeds"]["2"] = "mine"  # (P2 is a bot)


def _server_seed(deals: list[dict[str, Any]]) -> None:
    deals[3]["fair"]["server_seed"] = "ff" * 32


def _seed_and_its_commitment(deals: list[dict[str, Any]]) -> None:
    deals[2]["fair"]["server_seed"] = "ff" * 32
    deals[2]["fair"]["commitment"] = commitment("ff" * 32)


def _commitment(deals: list[dict[str, Any]]) -> None:
    deals[0]["fair"]["commitment"] = "0" * 64


def _table(deals: list[dict[str, Any]]) -> None:
    deals[1]["fair"]["table"] = "another"


def _context(deals: list[dict[str, Any]]) -> None:
    deals[2]["fair"]["context"] = "0" * 64


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
        (_added_client_seed, [(2, "bot_seed")]),
        (_server_seed, [(4, "commitment")]),
        (_seed_and_its_commitment, [(3, "deck")]),
        (_commitment, [(1, "commitment")]),
        (_table, [(2, "table")]),
        (_context, [(3, "context")]),
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
    for field, value in [
        ("server_seed", "xyz"),
        ("commitment", 5),
        ("client_seeds", {"9": "a"}),
        ("scheme", "rams-fair/3"),
        ("context", "abc"),
    ]:
        bad = copy.deepcopy(data)
        bad["deals"][1]["fair"][field] = value
        with pytest.raises(RecordError) as info:
            Record.from_json(bad)
        assert info.value.deal == 2 and field in str(info.value)
    bad = copy.deepcopy(data)
    del bad["deals"][1]["fair"]["context"]  # (scheme 2 without its context)
    with pytest.raises(RecordError, match="context"):
        Record.from_json(bad)


def test_the_dealer_commits_before_it_takes_seeds_and_shows_no_seed() -> None:
    dealer = Dealer("t")
    promised = dealer.next_commitment
    assert dealer.add_client_seed(1, "abc")
    assert dealer.add_client_seed(2, "a-bot-seed")  # (the seating is not known yet)
    assert not dealer.add_client_seed(1, "abd")  # the first seed of a seat counts
    assert not dealer.add_client_seed(0, "bad seed\n")
    with pytest.raises(ValueError, match="not bound"):
        dealer.deal(pack(32))  # (scheme 2 deals once the seats are full)
    dealer.bind(CONTEXT)
    assert dealer.next_client_seeds == {}  # (the seeds of bots' seats no longer count)
    assert not dealer.add_client_seed(1, "abc")  # a bot's seat brings none
    assert dealer.add_client_seed(0, "abc")
    deck, extra = dealer.deal(pack(32))
    secret = dealer.next_seed
    dealer.dealt()
    assert dealer.proofs[0] == DealProof("t", promised, ((0, "abc"),), secret, CONTEXT.digest())
    shown = json.dumps(dealer.public(), ensure_ascii=False)
    assert secret not in shown and dealer.next_seed not in shown
    assert promised in shown and dealer.next_commitment in shown
    assert dealer.public()["context"] == json.loads(CONTEXT_TEXT)
    assert dealer.public()["scheme"] == "rams-fair/2"
    again = Dealer.restored(dealer.pending_json(), dealer.proofs)
    assert again.next_commitment == dealer.next_commitment and again.proofs == dealer.proofs
    assert again.scheme == SCHEME
    # A table stored before scheme 2 (its pending seed says no scheme) goes on by scheme 1.
    before = {k: v for k, v in dealer.pending_json().items() if k != "scheme"}
    assert Dealer.restored(before).scheme == SCHEME_1
    assert parse_cards(cards_str(deck)) == deck and set(extra) == {"dealer"}


def said(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``rams verify ARGS``: its exit status and its one line."""
    status = main(["verify", *args])
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return status, out.rstrip("\n")


def written(tmp_path: Path, data: Any, name: str = "game.json") -> str:
    path = tmp_path / name
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    return str(path)


PROVEN_EN = (
    "The dealing is fair: {n} deals checked; every deck and the first dealer come from the "
    "revealed server seeds and the seeds of the people at the table, for this table, these "
    "rules and this seating. Every action is legal and every deal complete; the scores, the "
    "winners and the payouts are as written."
)


def test_rams_verify_says_in_one_line(
    honest: Record, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = written(tmp_path, dumps(honest))
    n = len(honest.deals)
    assert said([path, "--lang", "en"], capsys) == (0, PROVEN_EN.format(n=n))
    status, out = said([path, "--lang", "ru"], capsys)
    assert status == 0 and out.startswith(f"Раздача честная: проверено сдач — {n};")
    assert out.endswith("очки, победители и расчёт — как в записи.")

    data = json.loads(dumps(honest))
    _swap_two_cards(data["deals"])
    assert said([written(tmp_path, data), "--lang", "en"], capsys) == (
        2,
        "The dealing is not proven: deal 2: the deck is not the one the seeds give.",
    )
    data = json.loads(dumps(honest))
    _server_seed(data["deals"])
    status, out = said([written(tmp_path, data), "--lang", "ru"], capsys)
    assert status == 2
    assert out.startswith("Раздача не доказана: сдача 4 — SHA-256 раскрытого семени")


def test_rams_verify_of_an_old_or_broken_record_exits_2(
    honest: Record, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = EXAMPLES / "p4_trump_ace_lead_error.json"
    assert said([str(old), "--lang", "en"], capsys) == (
        2,
        "The dealing is not proven: deal 1: the record holds no proof (the server's "
        "commitment and the seeds).",
    )
    bad = json.loads(dumps(honest))
    bad["deals"][2]["fair"]["client_seeds"]["1"] = "not a seed!"
    assert said([written(tmp_path, bad), "--lang", "en"], capsys) == (
        2,
        "The dealing is not proven: deal 3: its field fair.client_seeds is malformed.",
    )
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert main(["verify", str(broken), "--lang", "en"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "not JSON" in captured.err


def test_a_record_of_scheme_1_stays_proven_by_that_scheme_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record made before scheme 2 (no ``scheme``, no ``context`` in its proofs) is
    checked as it always was, and the line says it is the old scheme, which binds less."""
    record, _ = long_fair_game(2, scheme=SCHEME_1)
    data = json.loads(dumps(record))
    assert "scheme" not in data["deals"][0]["fair"] and "context" not in data["deals"][0]["fair"]
    assert all(verify_record(record))
    deck = shuffled_deck(  # (the old message: no context line)
        "00" * 32, {0: "abc"}, "t1", 1, pack(32)
    )
    assert cards_str(deck[:4]) == "QH AS JH AD"
    status, out = said([written(tmp_path, data), "--lang", "en"], capsys)
    assert status == 0
    assert out.startswith(
        f"The dealing is fair by the old scheme (version 1): {len(record.deals)} deals checked;"
    )
    assert "binds neither the seating nor the first dealer" in out
    # Its first dealer is the server's lot, not drawn: none is checked.
    assert verify_record(record)[0].proven


# The attacks, done the way they were found -----------------------------------------------


def _grind_a_bots_seed(dealer: Dealer, k: int) -> None:
    """The server tries seeds for the bot P2 until the deck gives P2's partner… any deck
    it likes: here, one whose top card is an ace (it tries thousands if it must)."""
    for i in range(10_000):
        dealer.next_client_seeds[1] = f"bot{i}"
        deck, _ = dealer.deal(pack(32))
        if deck[0] % 13 == 12:
            return
    raise AssertionError("no ace on top")


def test_attack_a_bots_seed_ground_by_the_server_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = long_fair_game(2, cheat=_grind_a_bots_seed)
    assert all(d.deck[0] % 13 == 12 for d in record.deals)  # the server got its decks
    assert dict(record.deals[0].fair.client_seeds)[1].startswith("bot")  # type: ignore[union-attr]
    assert verify_record(record)[0].reason == "bot_seed"
    assert said([written(tmp_path, dumps(record)), "--lang", "en"], capsys) == (
        2,
        "The dealing is not proven: deal 1: it holds a seed for P2, a bot; only people bring "
        "seeds (a bot's could have been chosen by the server).",
    )
    status, out = said([written(tmp_path, dumps(record)), "--lang", "ru"], capsys)
    assert (status, out) == (
        2,
        "Раздача не доказана: сдача 1 — в ней есть семя за игрока P2, а это бот; семена "
        "приносят только люди (семя бота мог подобрать сервер).",
    )


def _drop_p1s_seed_in_deal_2(dealer: Dealer, k: int) -> None:
    if k == 2:
        del dealer.next_client_seeds[0]  # (acknowledged, then left out)


def test_attack_a_persons_seed_dropped_is_caught_by_their_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, log = long_fair_game(2, cheat=_drop_p1s_seed_in_deal_2)
    assert all(verify_record(record)) and record.replay().is_over  # (consistent in itself)
    mine = log.deals[2].seeds[0]
    assert [v.reason for v in check_log(record, log)] == ["mine_seed"]
    path = written(tmp_path, dumps(record))
    assert said([path, "--lang", "en"], capsys)[0] == 0  # alone: it cannot tell
    log_path = written(tmp_path, log.to_json(), "mine.json")
    assert said([path, "--mine", log_path, "--lang", "en"], capsys) == (
        2,
        f"The record is not what you were shown: deal 2: your seed {mine[:12]}… is not in "
        "the record as P1's.",
    )
    assert said([path, "--mine", log_path, "--lang", "ru"], capsys) == (
        2,
        f"Запись не совпадает с тем, что показали вам: сдача 2 — вашего семени {mine[:12]}… "
        "нет в записи у игрока P1.",
    )


def _another_tables_proof(dealer: Dealer, k: int) -> None:
    if k == 2:
        dealer.table = "another-table"  # (a proof made for another table, its deck dealt)
    if k == 3:
        dealer.table = dealer.proofs[0].table  # type: ignore[union-attr]


def test_attack_another_tables_proof_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = long_fair_game(3, cheat=_another_tables_proof)
    assert record.deals[1].fair is not None and record.deals[1].fair.table == "another-table"
    assert record.replay().is_over
    table = record.meta["table"]
    assert said([written(tmp_path, dumps(record)), "--lang", "en"], capsys) == (
        2,
        f"The dealing is not proven: deal 2: its proof is for another table (another-table); "
        f"the record is of table {table}.",
    )
    # Without meta.table the record's first proof names its table.
    data = json.loads(dumps(record))
    del data["meta"]["table"]
    assert said([written(tmp_path, data), "--lang", "en"], capsys)[0] == 2


def test_attack_the_last_actions_cut_is_refused_as_play(
    honest: Record, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(dumps(honest))
    last = len(data["deals"])
    del data["deals"][-1]["actions"][-3:]
    status, out = said([written(tmp_path, data), "--lang", "en"], capsys)
    assert status == 2
    assert out.startswith(f"The play does not hold: deal {last}, action ")
    assert "the record stops mid-deal" in out
    status, out = said([written(tmp_path, data), "--lang", "ru"], capsys)
    assert status == 2 and out.startswith(f"Игра записана с ошибкой: сдача {last}, ход ")


def test_attack_the_last_deal_cut_is_refused_as_the_result(
    honest: Record, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(dumps(honest))
    del data["deals"][-1]
    assert said([written(tmp_path, data), "--lang", "en"], capsys) == (
        2,
        "The result is not as written: the record writes a result, but the game it records "
        "is not over.",
    )


def test_attack_the_result_rewritten_is_refused(
    honest: Record, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = honest.replay()
    winner = game.winners()[0]
    other = (winner + 1) % 3
    data = json.loads(dumps(honest))
    data["result"]["winners"] = [other + 1]
    assert said([written(tmp_path, data), "--lang", "en"], capsys) == (
        2,
        f"The result is not as written: the winners are P{winner + 1}, not P{other + 1} as "
        "written.",
    )
    data = json.loads(dumps(honest))
    data["result"]["scores"][0] += 10
    scores = game.scores()
    want = [scores[0] + 10, *scores[1:]]
    status, out = said([written(tmp_path, data), "--lang", "ru"], capsys)
    got_text = ", ".join(str(v).replace("-", "−") for v in scores)
    want_text = ", ".join(str(v).replace("-", "−") for v in want)
    assert (status, out) == (
        2,
        f"Итог записан неверно: очки в конце партии — {got_text}, а в записи написано {want_text}.",
    )


def test_attack_the_dealer_changed_is_refused(
    honest: Record, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(dumps(honest))
    n = 3
    data["deals"][2]["dealer"] = data["deals"][2]["dealer"] % n + 1  # a later deal: D4's turn
    status, out = said([written(tmp_path, data), "--lang", "en"], capsys)
    assert status == 2 and out.startswith("The play does not hold: deal 3: D4")
    # The first dealer, and the rotation after it with it: the seeds drew another.
    data = json.loads(dumps(honest))
    drawn = data["deals"][0]["dealer"]
    for d in data["deals"]:
        d["dealer"] = d["dealer"] % n + 1
    assert said([written(tmp_path, data), "--lang", "en"], capsys) == (
        2,
        f"The dealing is not proven: deal 1: P{drawn % n + 1} deals first, but the seeds draw "
        f"P{drawn} (D4).",
    )


def test_attack_the_names_swapped_is_refused(
    honest: Record, honest_log: FairLog, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Swapping P1 and P3 (both people) makes the winning seat name another person."""
    data = json.loads(dumps(honest))
    data["players"][0], data["players"][2] = data["players"][2], data["players"][0]
    assert said([written(tmp_path, data), "--lang", "en"], capsys) == (
        2,
        "The dealing is not proven: deal 1: it was dealt for other rules or another seating "
        "than the record's.",
    )
    # Under scheme 1 the record cannot tell; the person's log can.
    record, log = long_fair_game(2, scheme=SCHEME_1)
    data = json.loads(dumps(record))
    data["players"][0], data["players"][2] = data["players"][2], data["players"][0]
    path = written(tmp_path, data)
    assert said([path, "--lang", "en"], capsys)[0] == 0
    log_path = written(tmp_path, log.to_json(), "mine.json")
    assert said([path, "--mine", log_path, "--lang", "en"], capsys) == (
        2,
        "The record is not what you were shown: where you saw P1, the record has P3.",
    )
    # A seat's bot said to be a person's: its seed is then no bot's, but the log knows.
    data = json.loads(dumps(record))
    data["meta"]["bots"][1] = None
    assert said([written(tmp_path, data), "--mine", log_path, "--lang", "ru"], capsys) == (
        2,
        "Запись не совпадает с тем, что показали вам: там, где вы видели P2 (бот, случайный), "
        "в записи — P2.",
    )


def _a_seed_chosen_after_the_seeds(dealer: Dealer, k: int) -> None:
    """Deal 2: the server, having seen the people's seeds, deals from a seed it picks then
    (a deck it likes), and writes that seed's own commitment into the record."""
    if k != 2:
        return
    for i in range(10_000):
        dealer.next_seed = hashlib.sha256(f"late{i}".encode()).hexdigest()
        deck, _ = dealer.deal(pack(32))
        if deck[0] % 13 == 12:
            return
    raise AssertionError("no ace on top")


def test_attack_a_seed_and_its_commitment_swapped_afterwards_is_caught_by_the_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, log = long_fair_game(2, cheat=_a_seed_chosen_after_the_seeds)
    assert all(verify_record(record)) and record.replay().is_over  # (consistent in itself)
    path = written(tmp_path, dumps(record))
    assert said([path, "--lang", "en"], capsys)[0] == 0
    shown = log.deals[2].commitment
    proof = record.deals[1].fair
    assert shown is not None and proof is not None and proof.commitment != shown
    log_path = written(tmp_path, log.to_json(), "mine.json")
    assert said([path, "--mine", log_path, "--lang", "en"], capsys) == (
        2,
        f"The record is not what you were shown: deal 2: the server's commitment in the "
        f"record ({proof.commitment[:12]}…) is not the one you were shown before the deal "
        f"({shown[:12]}…).",
    )


def test_an_honest_record_matches_its_log(
    honest: Record, honest_log: FairLog, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert check_log(honest, honest_log) == []
    n = len(honest.deals)
    path = written(tmp_path, dumps(honest))
    log_path = written(tmp_path, honest_log.to_json(), "mine.json")
    assert said([path, "--mine", log_path, "--lang", "en"], capsys) == (
        0,
        PROVEN_EN.format(n=n) + f" It matches your log: {n} commitments of the server and "
        f"{n} seeds of yours.",
    )
    # The log of deal n + 1 (committed to when deal n was dealt; never dealt) is no error,
    # but one further on means the record was cut.
    assert n + 1 in honest_log.deals and n + 2 not in honest_log.deals
    cut = json.loads(dumps(honest))
    del cut["deals"][-1]
    del cut["result"]
    assert said([written(tmp_path, cut, "cut.json"), "--lang", "en"], capsys)[1].endswith(
        "Every action is legal; the game is not over."
    )
    log = FairLog.from_json(honest_log.to_json())
    log.saw_commitment(n + 2, "ab" * 32)
    assert [v.reason for v in check_log(honest, log)] == ["mine_cut"]
    assert said([path, "--mine", written(tmp_path, log.to_json(), "l.json")], capsys)[0] == 2
    # Another table's log.
    other = FairLog.from_json({**honest_log.to_json(), "table": "elsewhere"})
    other_path = written(tmp_path, other.to_json(), "o.json")
    assert said([path, "--mine", other_path, "--lang", "en"], capsys) == (
        2,
        f"The record is not what you were shown: the record is of table "
        f"{honest.meta['table']}, your log of table elsewhere.",
    )


def test_a_log_that_cannot_be_read_is_said_on_stderr(
    honest: Record, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = written(tmp_path, dumps(honest))
    bad_logs = [
        ("{", "format"),
        ('{"format": "x"}', "format"),
        ('{"format": "rams-fair-log/1", "table": "t", "deals": 5}', "deals"),
    ]
    for content, field in bad_logs:
        log = written(tmp_path, content, "log.json")
        assert main(["verify", path, "--mine", log, "--lang", "en"]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err == (
            f"{log} is not a log of verifiable dealing: its field {field} is malformed\n"
        )
    assert main(["verify", path, "--mine", str(tmp_path / "none.json")]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_log_round_trips_and_keeps_what_was_seen_first() -> None:
    log = FairLog("t1")
    log.saw_context(SCHEME, CONTEXT)
    log.saw_commitment(1, "aa" * 32)
    log.saw_commitment(1, "bb" * 32)  # (a second, different one for the same deal)
    log.saw_seed(1, 0, "mine")
    log.saw_seed(1, 0, "again")
    assert log.deals[1].commitment == "aa" * 32 and log.deals[1].seeds == {0: "mine"}
    data = log.to_json()
    assert data == {
        "format": "rams-fair-log/1",
        "table": "t1",
        "scheme": "rams-fair/2",
        "context": json.loads(CONTEXT_TEXT),
        "deals": {"1": {"commitment": "aa" * 32, "seeds": {"1": "mine"}}},
    }
    assert FairLog.from_json(json.loads(json.dumps(data))) == log


def test_a_terminal_game_is_dealt_verifiably_and_its_save_is_proven(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``rams play`` without --seed: the person's seat brings a seed to every deal, the save
    holds the proofs (the sealed deal in progress too), the log beside it what the player
    was shown, and ``rams verify SAVE --mine LOG`` proves it; after a resume too."""
    import io

    from rich.console import Console

    from rams.cards import card_str
    from rams.games.rams.actions import Exchange, Play, Swap
    from rams.games.rams.match import RamsMatch
    from rams.games.rams.rules import Rules
    from rams.terminal import TerminalGame, load_save
    from rams.terminal.saves import fair_log_path, pending_seed, resume

    stop_after = 3
    game = RamsMatch(Rules.preset("classic", 3, start_score=100), ["Аня", "B1", "B2"])

    def read(prompt: str) -> str:  # (as the hot-seat test of test_terminal_play answers)
        deal = game.deal
        if len(game.deals) >= stop_after and deal is not None and not deal.is_over:
            return "q"
        if deal is None or deal.is_over or deal.to_move != 0:
            return ""
        action = deal.legal_actions(0)[0]
        if isinstance(action, Exchange):
            return "0"
        if isinstance(action, (Play, Swap)):
            return card_str(action.card)
        return str(action)

    bots: list[str | None] = [None, "heuristic", "heuristic"]
    # The deals are random (the person's seeds): one may end the game at once (four aces,
    # R1) before deal 3; then a new game, in a folder of its own.
    for attempt in range(5):
        if attempt:
            game = RamsMatch(Rules.preset("classic", 3, start_score=100), ["Аня", "B1", "B2"])
        console = Console(file=io.StringIO(), force_terminal=True, width=100)
        save = tmp_path / f"try{attempt}" / "game.json"
        save.parent.mkdir()
        dealer = Dealer("terminal-game")
        tg = TerminalGame(console, game, bots, "en", save, {"bots": bots}, read, dealer=dealer)
        tg.run()
        record = load_save(save)
        if len(record.deals) >= 3:
            break
    assert len(record.deals) >= 3
    assert [v.reason for v in verify_record(record)] == [None] * len(record.deals)
    for d in record.deals:
        assert d.fair is not None and set(dict(d.fair.client_seeds)) == {0}
    assert resume(save)[3] == [d.fair for d in record.deals]
    log = fair_log_path(save)
    assert log.name == "game.fair-log.json"
    finished = tmp_path / "finished.json"
    finished.write_text(dumps(Record(record.rules, record.players, record.deals[:-1], record.meta)))
    status, out = said([str(finished), "--mine", str(log), "--lang", "en"], capsys)
    n = len(record.deals) - 1
    assert status == 0 and out.endswith(
        f"the game is not over. It matches your log: {n} commitments of the server and "
        f"{n} seeds of yours."
    )
    # Resumed, the game keeps the commitment its player was shown for the next deal.
    meta = resume(save)[2]
    promised = pending_seed(meta)
    assert promised is not None and commitment(promised) == dealer.next_commitment
    assert said([str(save), "--mine", str(log), "--lang", "en"], capsys)[0] == 0
