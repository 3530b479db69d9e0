"""Verifiable dealing (честная раздача, issue 15): commit, shuffle from seeds, reveal, check.

Scheme ``rams-fair/1``, precisely enough to check it without this code:

**Seeds.** A server seed is 32 random bytes, written as 64 lowercase hex digits. Its
commitment is the SHA-256 of those 32 bytes (not of the hex text), as 64 lowercase hex
digits. A client seed is a string of 1–64 characters from ``0-9 a-z A-Z _ -`` that a seat
contributes (a browser draws 16 bytes with ``crypto.getRandomValues`` and writes them in
hex); a seat without one (a bot, a player whose seed came late) is simply left out. A
table id is a string of 1–64 characters from the same alphabet.

**When.** The server draws the seed of deal *k* and publishes its commitment before it
accepts any client seed for deal *k*: deal 1's at the table's creation, deal *k* + 1's the
moment deal *k* is dealt. Client seeds for deal *k* are accepted (the first one of each
seat) until deal *k* is dealt. Every server seed is revealed when the game is over, in the
record, and never before: with a deal's server seed anyone could compute its deck.

**The stream.** For the counter *i* = 0, 1, 2, … the block *i* is HMAC-SHA256 keyed by the
32 bytes of the server seed over the UTF-8 bytes of the five lines (joined by ``\\n``, no
newline at the end)::

    rams-fair/1
    table:<table id>
    deal:<k, the deal's 1-based number in the game>
    seeds:<seat>=<seed>,<seat>=<seed>,…   (1-based seats, ascending; empty after ':' if none)
    counter:<i>

The stream is block 0, block 1, … concatenated. A draw ``below(n)`` (``0 <= r < n``) with
*b* = bit length of ``n - 1``: none if ``n == 1`` (the answer is 0, no byte used); else take
the next ``ceil(b / 8)`` bytes of the stream as a big-endian integer, keep its low *b* bits,
and return it if it is below ``n``, else draw again (rejection: no modulo bias).

**The deck.** Start from the game's pack in ascending order (:func:`rams.cards.pack` of the
rules' size: cards ``suit * 13 + rank``, suits ♠ ♣ ♦ ♥, ranks 2…A); for ``i`` from
``len - 1`` down to 1, ``j = below(i + 1)`` and swap the cards at ``i`` and ``j``
(Fisher–Yates, from the bottom). The result, index 0 first, is the deck top first (D1), as
the record writes it. A deal field a family draws at random is drawn next from the same
stream: Boston's turned card (B1), ``turned``, is card ``below(52)`` of the 52-card pack.

The first dealer (D4) is drawn by lot by the server and is not part of the proof; the
rotation after it is the rules'.

**The record** (§12) holds, in each deal, ``"fair": {"table": ID, "commitment": HEX,
"client_seeds": {"1": SEED, …}, "server_seed": HEX or null}`` (null: not yet revealed).
:func:`verify_record` recomputes every deck.

>>> seed = "00" * 32
>>> commitment(seed)[:16]
'66687aadf862bd77'
>>> from rams.cards import cards_str, pack
>>> cards_str(shuffled_deck(seed, {0: "abc"}, "t1", 1, pack(32))[:4])
'QH AS JH AD'
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "DRAWN_FIELDS",
    "SCHEME",
    "DealProof",
    "Dealer",
    "Draws",
    "Verdict",
    "commitment",
    "deal_cards",
    "is_client_seed",
    "is_server_seed",
    "message",
    "new_client_seed",
    "new_seed",
    "shuffled_deck",
    "verify_deal",
    "verify_record",
]

SCHEME = "rams-fair/1"
#: The deal fields drawn from the stream after the shuffle, in this order, and how many
#: values each draws from (Boston's turned card, B1).
DRAWN_FIELDS: dict[str, int] = {"turned": 52}

_TOKEN = re.compile(r"[0-9A-Za-z_-]{1,64}")
_HEX64 = re.compile(r"[0-9a-f]{64}")


def new_seed() -> str:
    """A fresh server seed: 32 bytes from the system's randomness, in hex."""
    return secrets.token_hex(32)


def new_client_seed() -> str:
    """A fresh client seed (the terminal's; a browser draws its own)."""
    return secrets.token_hex(16)


def is_server_seed(value: object) -> bool:
    """True for 64 lowercase hex digits (a server seed, or a commitment)."""
    return isinstance(value, str) and _HEX64.fullmatch(value) is not None


def is_client_seed(value: object) -> bool:
    """True for 1–64 characters of ``0-9 a-z A-Z _ -`` (a client seed, or a table id)."""
    return isinstance(value, str) and _TOKEN.fullmatch(value) is not None


def commitment(server_seed: str | bytes) -> str:
    """The SHA-256 of the server seed's 32 bytes (given in hex, or as the bytes), in hex:
    published before the deal."""
    return hashlib.sha256(_key(server_seed)).hexdigest()


def _key(server_seed: str | bytes) -> bytes:
    return bytes(server_seed) if isinstance(server_seed, bytes) else bytes.fromhex(server_seed)


def _seats(client_seeds: Mapping[Any, str]) -> dict[int, str]:
    """Client seeds by 0-based seat; a key written as text is the record's 1-based seat."""
    return {int(s) - 1 if isinstance(s, str) else s: v for s, v in client_seeds.items()}


def message(
    client_seeds: Mapping[Any, str], table_id: str, deal_number: int, counter: int
) -> bytes:
    """The text HMAC'd for block ``counter``. Seats are 0-based ints here (or the record's
    1-based seats written as text, ``{"1": …}``), 1-based in the text.

    >>> message({2: "b", 0: "a"}, "t1", 3, 0).decode()
    'rams-fair/1\\ntable:t1\\ndeal:3\\nseeds:1=a,3=b\\ncounter:0'
    >>> message({"3": "b", "1": "a"}, "t1", 3, 0) == message({2: "b", 0: "a"}, "t1", 3, 0)
    True
    """
    by_seat = _seats(client_seeds)
    seeds = ",".join(f"{s + 1}={by_seat[s]}" for s in sorted(by_seat))
    lines = (
        SCHEME,
        f"table:{table_id}",
        f"deal:{deal_number}",
        f"seeds:{seeds}",
        f"counter:{counter}",
    )
    return "\n".join(lines).encode()


class Draws:
    """The stream of one deal: HMAC-SHA256 blocks, drawn from by rejection sampling."""

    def __init__(
        self,
        server_seed: str | bytes,
        client_seeds: Mapping[Any, str],
        table_id: str,
        deal_number: int,
    ) -> None:
        self._bytes = self._stream(_key(server_seed), _seats(client_seeds), table_id, deal_number)

    @staticmethod
    def _stream(key: bytes, seeds: dict[int, str], table_id: str, deal: int) -> Iterator[int]:
        counter = 0
        while True:
            yield from hmac.digest(key, message(seeds, table_id, deal, counter), "sha256")
            counter += 1

    def below(self, n: int) -> int:
        """A uniform integer ``0 <= r < n`` (rejection sampling, no modulo bias)."""
        if n < 1:
            raise ValueError(f"below({n!r}): n must be at least 1")
        bits = (n - 1).bit_length()
        if bits == 0:
            return 0
        size, mask = (bits + 7) // 8, (1 << bits) - 1
        while True:
            r = int.from_bytes(bytes(next(self._bytes) for _ in range(size)), "big") & mask
            if r < n:
                return r


def _shuffle(draws: Draws, pack: Sequence[int]) -> list[int]:
    cards = list(pack)
    for i in range(len(cards) - 1, 0, -1):
        j = draws.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def shuffled_deck(
    server_seed: str | bytes,
    client_seeds: Mapping[Any, str],
    table_id: str,
    deal_number: int,
    pack: Sequence[int],
) -> list[int]:
    """The deck of deal ``deal_number`` (1-based), top first: ``pack`` (ascending) shuffled
    by Fisher–Yates from the bottom, each index drawn from the stream. ``client_seeds`` by
    0-based seat (or by the record's 1-based seat written as text); the server seed in hex."""
    return _shuffle(Draws(server_seed, client_seeds, table_id, deal_number), pack)


def deal_cards(
    server_seed: str | bytes,
    client_seeds: Mapping[Any, str],
    table_id: str,
    deal_number: int,
    pack: Sequence[int],
    fields: Iterable[str] = (),
) -> tuple[list[int], dict[str, int]]:
    """The deck and the deal fields a family draws at random (:data:`DRAWN_FIELDS`, drawn
    after the shuffle in their order there)."""
    draws = Draws(server_seed, client_seeds, table_id, deal_number)
    deck = _shuffle(draws, pack)
    wanted = set(fields)
    unknown = wanted - set(DRAWN_FIELDS)
    if unknown:
        raise ValueError(f"no fair draw for the deal fields {sorted(unknown)!r}")
    extra = {name: draws.below(n) for name, n in DRAWN_FIELDS.items() if name in wanted}
    return deck, extra


@dataclass(frozen=True, slots=True)
class DealProof:
    """What a deal's record holds to prove its deck: the table, the commitment published
    before the deal, the client seeds (seat 0-based, seed), the server seed (None until it
    is revealed)."""

    table: str
    commitment: str
    client_seeds: tuple[tuple[int, str], ...] = ()
    server_seed: str | None = None

    def seeds(self) -> dict[int, str]:
        """The client seeds by seat (0-based)."""
        return dict(self.client_seeds)

    def hidden(self) -> DealProof:
        """The same proof with its server seed not yet revealed."""
        return DealProof(self.table, self.commitment, self.client_seeds, None)

    def to_json(self) -> dict[str, Any]:
        """The record's ``fair`` object (seats 1-based, as strings)."""
        return {
            "table": self.table,
            "commitment": self.commitment,
            "client_seeds": {str(s + 1): seed for s, seed in self.client_seeds},
            "server_seed": self.server_seed,
        }

    @classmethod
    def from_json(cls, data: Any, players: int) -> DealProof:
        """Read a ``fair`` object; ``ValueError`` naming the field that is wrong."""
        if not isinstance(data, dict):
            raise ValueError("fair")
        unknown = sorted(set(data) - {"table", "commitment", "client_seeds", "server_seed"})
        if unknown:
            raise ValueError(unknown[0])
        if not is_client_seed(data.get("table")):
            raise ValueError("table")
        if not is_server_seed(data.get("commitment")):
            raise ValueError("commitment")
        server_seed = data.get("server_seed")
        if server_seed is not None and not is_server_seed(server_seed):
            raise ValueError("server_seed")
        seeds = data.get("client_seeds", {})
        if not isinstance(seeds, dict):
            raise ValueError("client_seeds")
        pairs = []
        for seat, seed in seeds.items():
            if not (seat.isdigit() and 1 <= int(seat) <= players and seat == str(int(seat))):
                raise ValueError("client_seeds")
            if not is_client_seed(seed):
                raise ValueError("client_seeds")
            pairs.append((int(seat) - 1, seed))
        return cls(data["table"], data["commitment"], tuple(sorted(pairs)), server_seed)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The check of one deal (1-based): ``reason`` None when it is proven, else
    ``missing`` (no proof in the record), ``unrevealed`` (no server seed yet),
    ``commitment`` (the seed's SHA-256 is not the commitment) or ``deck`` (the deck, or a
    drawn field, is not the one the seeds give)."""

    deal: int
    reason: str | None

    @property
    def proven(self) -> bool:
        return self.reason is None

    #: The same as :attr:`proven`.
    ok = proven

    def __bool__(self) -> bool:
        """A verdict is true when its deal is proven (``all(verify_record(r))``)."""
        return self.reason is None


def verify_deal(
    k: int,
    proof: DealProof | None,
    deck: Sequence[int],
    pack: Sequence[int],
    extra: Mapping[str, Any] | None = None,
) -> Verdict:
    """Check deal ``k`` (1-based): its commitment, then its deck and drawn fields."""
    if proof is None:
        return Verdict(k, "missing")
    if proof.server_seed is None:
        return Verdict(k, "unrevealed")
    if not hmac.compare_digest(commitment(proof.server_seed), proof.commitment):
        return Verdict(k, "commitment")
    drawn = [name for name in DRAWN_FIELDS if extra and name in extra]
    want_deck, want_extra = deal_cards(
        proof.server_seed, proof.seeds(), proof.table, k, pack, drawn
    )
    if list(deck) != want_deck or any((extra or {})[n] != want_extra[n] for n in drawn):
        return Verdict(k, "deck")
    return Verdict(k, None)


def verify_record(record: Any) -> list[Verdict]:
    """Check every deal of a record (a :class:`rams.record.Record`, its §12 JSON object, or
    that JSON's text): one verdict per deal. (The record's shape is checked as it is
    loaded: a proof that cannot be read raises :class:`rams.errors.RecordError`.)"""
    from rams.cards import pack  # (rams.cards: the core's first module)

    if isinstance(record, (str, bytes, dict)):
        from rams import record as records  # (the record module imports this one)

        if isinstance(record, dict):
            record = records.Record.from_json(record)
        else:
            record = records.loads(record.decode() if isinstance(record, bytes) else record)

    cards = pack(record.rules.pack_size)
    return [
        verify_deal(k, d.fair, d.deck, cards, dict(d.extra))
        for k, d in enumerate(record.deals, start=1)
    ]


@dataclass
class Dealer:
    """The server's side of the scheme for one table: the proofs of the deals dealt (server
    seeds included: they are revealed only in the record at the end), and the committed
    seed of the next deal with the client seeds it has been given.

    >>> dealer = Dealer("t1")
    >>> dealer.add_client_seed(0, "abc"), dealer.add_client_seed(0, "again")
    (True, False)
    >>> from rams.cards import pack
    >>> deck, extra = dealer.deal(pack(32))
    >>> proof = dealer.proof()
    >>> dealer.dealt()
    >>> dealer.next_deal, dealer.proofs == [proof], verify_deal(1, proof, deck, pack(32)).proven
    (2, True, True)
    """

    table: str
    proofs: list[DealProof | None] = field(default_factory=list)
    next_seed: str = field(default_factory=new_seed)
    next_client_seeds: dict[int, str] = field(default_factory=dict)

    @property
    def next_deal(self) -> int:
        """The number (1-based) of the deal the next seed is for."""
        return len(self.proofs) + 1

    @property
    def next_commitment(self) -> str:
        return commitment(self.next_seed)

    def add_client_seed(self, seat: int, seed: str) -> bool:
        """A seat's seed for the next deal; False (ignored) if it is malformed or the seat
        already gave one for that deal."""
        if not is_client_seed(seed) or seat in self.next_client_seeds:
            return False
        self.next_client_seeds[seat] = seed
        return True

    def deal(
        self, pack: Sequence[int], fields: Iterable[str] = ()
    ) -> tuple[list[int], dict[str, int]]:
        """The next deal's deck and drawn fields (nothing changes until :meth:`dealt`)."""
        seeds = self.next_client_seeds
        return deal_cards(self.next_seed, seeds, self.table, self.next_deal, pack, fields)

    def proof(self) -> DealProof:
        """The proof of the next deal, its server seed included."""
        seeds = tuple(sorted(self.next_client_seeds.items()))
        return DealProof(self.table, self.next_commitment, seeds, self.next_seed)

    def dealt(self, next_seed: str | None = None) -> None:
        """The next deal is dealt: keep its proof, and commit to a fresh seed for the one
        after it (``next_seed``, drawn here when None)."""
        self.proofs.append(self.proof())
        self.next_seed = next_seed or new_seed()
        self.next_client_seeds = {}

    def pending_json(self, next_seed: str | None = None) -> dict[str, Any]:
        """The next deal's seed and client seeds, for the database (never for a client);
        with ``next_seed``, what they will be once the next deal is dealt."""
        if next_seed is not None:
            return {"table": self.table, "server_seed": next_seed, "client_seeds": {}}
        seeds = {str(s + 1): v for s, v in sorted(self.next_client_seeds.items())}
        return {"table": self.table, "server_seed": self.next_seed, "client_seeds": seeds}

    @classmethod
    def restored(
        cls, pending: Mapping[str, Any], proofs: Sequence[DealProof | None] = ()
    ) -> Dealer:
        """A dealer from what the database kept: :meth:`pending_json` and the deals' proofs."""
        dealer = cls(str(pending["table"]), list(proofs), str(pending["server_seed"]))
        seeds = pending.get("client_seeds") or {}
        dealer.next_client_seeds = {int(s) - 1: str(v) for s, v in seeds.items()}
        return dealer

    def public(self, game_over: bool = False) -> dict[str, Any]:
        """What every seat and spectator is shown: the next deal's commitment and which seats
        (0-based) gave it a seed, and the current deal's commitment and client seeds (no
        server seed: those come with the record, at the end)."""
        last = self.proofs[-1] if self.proofs else None
        current = None
        if last is not None:
            current = {
                "deal": len(self.proofs),
                "commitment": last.commitment,
                "client_seeds": {str(s + 1): v for s, v in last.client_seeds},
            }
        upcoming = None
        if not game_over:
            upcoming = {
                "deal": self.next_deal,
                "commitment": self.next_commitment,
                "seeded": sorted(self.next_client_seeds),
            }
        return {"scheme": SCHEME, "next": upcoming, "current": current}
