"""Verifiable dealing (честная раздача, issues 15 and 24): commit, shuffle from seeds,
reveal, check — and check against what a person was shown.

Scheme ``rams-fair/2``, precisely enough to check it without this code. (``rams-fair/1``,
the scheme of the records made before it, is the same without the ``context`` line and
without the first dealer's draw; its records are still read and checked as they were, and
prove less: see docs/fair.md.)

**Seeds.** A server seed is 32 random bytes, written as 64 lowercase hex digits. Its
commitment is the SHA-256 of those 32 bytes (not of the hex text), as 64 lowercase hex
digits. A client seed is a string of 1–64 characters from ``0-9 a-z A-Z _ -`` that a
person's seat contributes (a browser draws 16 bytes with ``crypto.getRandomValues`` and
writes them in hex); a bot's seat never brings one (the server could choose it), and a seat
whose seed came late is simply left out. A table id is a string of 1–64 characters from the
same alphabet.

**The context** binds the rules and the seating: the JSON object ``{"rules": R, "seats":
[{"name": N, "bot": B}, …]}``, R the rules as the record writes them (the preset's name, or
an object of the preset and the options that differ), one seat per player in seat order, N
the player's name, B the level of the bot in that seat or ``null`` for a person; written
with every object's keys sorted, no whitespace (``,`` and ``:`` alone), every non-ASCII
character as itself (no ``\\u`` escapes), in UTF-8. Its digest is the SHA-256 of those
bytes in hex. A record holds ``rules``, ``players`` and ``meta.bots``: anyone recomputes it.

**When.** The server draws the seed of deal *k* and publishes its commitment before it
accepts any client seed for deal *k*: deal 1's at the table's creation, deal *k* + 1's the
moment deal *k* is dealt. Client seeds for deal *k* are accepted (the first one of each
seat) until deal *k* is dealt. The context is published once the seats are full, before
deal 1 is dealt. Every server seed is revealed when the game is over, in the record, and
never before: with a deal's server seed anyone could compute its deck.

**The stream.** For the counter *i* = 0, 1, 2, … the block *i* is HMAC-SHA256 keyed by the
32 bytes of the server seed over the UTF-8 bytes of the six lines (joined by ``\\n``, no
newline at the end)::

    rams-fair/2
    table:<table id>
    context:<the context's digest>
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
Then, in deal 1 only, the first dealer (D4): the 0-based seat ``below(players)``; the
rotation after it is the rules'.

**The record** (§12) holds, in each deal, ``"fair": {"scheme": "rams-fair/2", "table": ID,
"context": DIGEST, "commitment": HEX, "client_seeds": {"1": SEED, …}, "server_seed": HEX
or null}`` (null: not yet revealed); a proof without ``scheme`` and ``context`` is
``rams-fair/1``. :func:`verify_deal` recomputes a deal's deck and the first dealer, and
refuses a seed at a bot's seat, a proof for another table and one for another context;
:func:`rams.verify.verify_record` does it for every deal of a record.

**The log** (``rams-fair-log/1``) is what one person's browser or terminal kept as it was
shown it: ``{"format": "rams-fair-log/1", "table": ID, "scheme": S, "context": {…},
"deals": {"K": {"commitment": HEX, "seeds": {"SEAT": SEED}}}}`` — the commitment published
before deal K (the first one seen), and the seeds the server acknowledged for deal K, by
1-based seat. :func:`rams.verify.check_log` holds a record against it (:class:`FairLog`).

>>> seed = "00" * 32
>>> commitment(seed)[:16]
'66687aadf862bd77'
>>> context = Context("classic", (("Аня", None), ("Прохор", "easy"), ("Глаша", "easy")))
>>> context.canonical().decode()
'{"rules":"classic","seats":[{"bot":null,"name":"Аня"},{"bot":"easy","name":"Прохор"},{"bot":"easy","name":"Глаша"}]}'
>>> context.digest()[:16]
'77e5b39d946799e8'
>>> from rams.cards import cards_str, pack
>>> cards_str(shuffled_deck(seed, {0: "abc"}, "t1", 1, pack(32), context)[:4])
'8D 7C KS KC'
>>> deal_cards(seed, {0: "abc"}, "t1", 1, pack(32), (), context)[1]  # Прохор deals first
{'dealer': 1}
>>> cards_str(shuffled_deck(seed, {0: "abc"}, "t1", 1, pack(32))[:4])  # rams-fair/1
'QH AS JH AD'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rams.words import Phrase, Seat

# (hashlib, hmac and secrets are imported by the functions that deal, hash and check: a
# record's replay needs its proofs read, not checked, and starts without them.)

__all__ = [
    "DRAWN_FIELDS",
    "LOG_FORMAT",
    "SCHEME",
    "SCHEME_1",
    "Context",
    "DealProof",
    "Dealer",
    "Draws",
    "FairLog",
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
]

#: The scheme dealt now, and the one of the records made before it.
SCHEME = "rams-fair/2"
SCHEME_1 = "rams-fair/1"
#: The format of a person's log of what they were shown (:class:`FairLog`).
LOG_FORMAT = "rams-fair-log/1"
#: The deal fields drawn from the stream after the shuffle, in this order, and how many
#: values each draws from (Boston's turned card, B1).
DRAWN_FIELDS: dict[str, int] = {"turned": 52}

_TOKEN = re.compile(r"[0-9A-Za-z_-]{1,64}")
_HEX64 = re.compile(r"[0-9a-f]{64}")


def new_seed() -> str:
    """A fresh server seed: 32 bytes from the system's randomness, in hex."""
    import secrets

    return secrets.token_hex(32)


def new_client_seed() -> str:
    """A fresh client seed (the terminal's; a browser draws its own)."""
    import secrets

    return secrets.token_hex(16)


def is_server_seed(value: object) -> bool:
    """True for 64 lowercase hex digits (a server seed, a commitment, a digest)."""
    return isinstance(value, str) and _HEX64.fullmatch(value) is not None


def is_client_seed(value: object) -> bool:
    """True for 1–64 characters of ``0-9 a-z A-Z _ -`` (a client seed, or a table id)."""
    return isinstance(value, str) and _TOKEN.fullmatch(value) is not None


def commitment(server_seed: str | bytes) -> str:
    """The SHA-256 of the server seed's 32 bytes (given in hex, or as the bytes), in hex:
    published before the deal."""
    import hashlib

    return hashlib.sha256(_key(server_seed)).hexdigest()


def _key(server_seed: str | bytes) -> bytes:
    return bytes(server_seed) if isinstance(server_seed, bytes) else bytes.fromhex(server_seed)


def _seats(client_seeds: Mapping[Any, str]) -> dict[int, str]:
    """Client seeds by 0-based seat; a key written as text is the record's 1-based seat."""
    return {int(s) - 1 if isinstance(s, str) else s: v for s, v in client_seeds.items()}


@dataclass(frozen=True, slots=True, eq=False)
class Context:
    """The rules and the seating a game is dealt for (scheme 2): ``rules`` as the record
    writes them, ``seats`` (name, bot level or None for a person) in seat order. Two
    contexts are equal when their canonical JSON is."""

    rules: Any
    seats: tuple[tuple[str, str | None], ...]

    @classmethod
    def of(cls, rules: Any, names: Sequence[str], bots: Sequence[str | None]) -> Context:
        """The context of ``rules`` (a rules object, or its record form) and a seating."""
        spec = rules.to_json() if hasattr(rules, "to_json") else rules
        return cls(spec, tuple(zip(names, bots, strict=True)))

    @classmethod
    def of_record(cls, record: Any) -> Context | None:
        """A record's context, from its rules, ``players`` and ``meta.bots``; None when
        ``meta.bots`` does not say who is a bot (one level or null per seat)."""
        bots = record.meta.get("bots")
        players = record.players
        if not isinstance(bots, list) or len(bots) != len(players):
            return None
        if not all(b is None or isinstance(b, str) for b in bots):
            return None
        return cls.of(record.rules, players, bots)

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules, "seats": [{"name": n, "bot": b} for n, b in self.seats]}

    @classmethod
    def from_json(cls, data: Any) -> Context:
        """Read a context; ``ValueError`` if it is not one."""
        seats = data.get("seats") if isinstance(data, dict) else None
        if not isinstance(seats, list) or set(data) != {"rules", "seats"}:
            raise ValueError("context")
        pairs = []
        for s in seats:
            if not (isinstance(s, dict) and set(s) == {"name", "bot"}):
                raise ValueError("context")
            name, bot = s["name"], s["bot"]
            if not isinstance(name, str) or not (bot is None or isinstance(bot, str)):
                raise ValueError("context")
            pairs.append((name, bot))
        return cls(data["rules"], tuple(pairs))

    def canonical(self) -> bytes:
        """The context's canonical JSON (keys sorted, no whitespace, UTF-8 unescaped)."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return text.encode()

    def digest(self) -> str:
        """The SHA-256 of :meth:`canonical`, in hex: the ``context:`` line of the message."""
        import hashlib

        return hashlib.sha256(self.canonical()).hexdigest()

    def is_bot(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat][1] is not None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Context) and self.canonical() == other.canonical()

    def __hash__(self) -> int:
        return hash(self.canonical())


def message(
    client_seeds: Mapping[Any, str],
    table_id: str,
    deal_number: int,
    counter: int,
    context: str | None = None,
) -> bytes:
    """The text HMAC'd for block ``counter``: scheme 2 with a ``context`` digest, scheme 1
    without. Seats are 0-based ints here (or the record's 1-based seats written as text,
    ``{"1": …}``), 1-based in the text.

    >>> message({2: "b", 0: "a"}, "t1", 3, 0, "c0ffee").decode()
    'rams-fair/2\\ntable:t1\\ncontext:c0ffee\\ndeal:3\\nseeds:1=a,3=b\\ncounter:0'
    >>> message({"3": "b", "1": "a"}, "t1", 3, 0).decode()
    'rams-fair/1\\ntable:t1\\ndeal:3\\nseeds:1=a,3=b\\ncounter:0'
    """
    by_seat = _seats(client_seeds)
    seeds = ",".join(f"{s + 1}={by_seat[s]}" for s in sorted(by_seat))
    head = [SCHEME_1, f"table:{table_id}"]
    if context is not None:
        head = [SCHEME, f"table:{table_id}", f"context:{context}"]
    lines = (*head, f"deal:{deal_number}", f"seeds:{seeds}", f"counter:{counter}")
    return "\n".join(lines).encode()


class Draws:
    """The stream of one deal: HMAC-SHA256 blocks, drawn from by rejection sampling."""

    def __init__(
        self,
        server_seed: str | bytes,
        client_seeds: Mapping[Any, str],
        table_id: str,
        deal_number: int,
        context: str | None = None,
    ) -> None:
        seeds = _seats(client_seeds)
        self._bytes = self._stream(_key(server_seed), seeds, table_id, deal_number, context)

    @staticmethod
    def _stream(
        key: bytes, seeds: dict[int, str], table_id: str, deal: int, context: str | None
    ) -> Iterator[int]:
        import hmac

        counter = 0
        while True:
            yield from hmac.digest(key, message(seeds, table_id, deal, counter, context), "sha256")
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
    context: Context | None = None,
) -> list[int]:
    """The deck of deal ``deal_number`` (1-based), top first: ``pack`` (ascending) shuffled
    by Fisher–Yates from the bottom, each index drawn from the stream (scheme 2 with a
    ``context``, else 1). ``client_seeds`` by 0-based seat (or by the record's 1-based seat
    written as text); the server seed in hex."""
    digest = None if context is None else context.digest()
    return _shuffle(Draws(server_seed, client_seeds, table_id, deal_number, digest), pack)


def deal_cards(
    server_seed: str | bytes,
    client_seeds: Mapping[Any, str],
    table_id: str,
    deal_number: int,
    pack: Sequence[int],
    fields: Iterable[str] = (),
    context: Context | None = None,
) -> tuple[list[int], dict[str, int]]:
    """The deck and the deal fields a family draws at random (:data:`DRAWN_FIELDS`, drawn
    after the shuffle in their order there); with a ``context`` (scheme 2), deal 1's first
    dealer too, drawn last, as the field ``dealer`` (0-based, D4)."""
    digest = None if context is None else context.digest()
    draws = Draws(server_seed, client_seeds, table_id, deal_number, digest)
    deck = _shuffle(draws, pack)
    wanted = set(fields)
    unknown = wanted - set(DRAWN_FIELDS)
    if unknown:
        raise ValueError(f"no fair draw for the deal fields {sorted(unknown)!r}")
    extra = {name: draws.below(n) for name, n in DRAWN_FIELDS.items() if name in wanted}
    if context is not None and deal_number == 1:
        extra["dealer"] = draws.below(len(context.seats))
    return deck, extra


@dataclass(frozen=True, slots=True)
class DealProof:
    """What a deal's record holds to prove its deck: the table, the commitment published
    before the deal, the client seeds (seat 0-based, seed), the server seed (None until it
    is revealed), and the digest of the context it was dealt for (scheme 2; None: a proof
    of scheme 1)."""

    table: str
    commitment: str
    client_seeds: tuple[tuple[int, str], ...] = ()
    server_seed: str | None = None
    context: str | None = None

    @property
    def scheme(self) -> str:
        return SCHEME_1 if self.context is None else SCHEME

    def seeds(self) -> dict[int, str]:
        """The client seeds by seat (0-based)."""
        return dict(self.client_seeds)

    def hidden(self) -> DealProof:
        """The same proof with its server seed not yet revealed."""
        return DealProof(self.table, self.commitment, self.client_seeds, None, self.context)

    def to_json(self) -> dict[str, Any]:
        """The record's ``fair`` object (seats 1-based, as strings); scheme 1's without
        ``scheme`` and ``context``, as it always was."""
        out: dict[str, Any] = {}
        if self.context is not None:
            out = {"scheme": SCHEME}
        out["table"] = self.table
        if self.context is not None:
            out["context"] = self.context
        out["commitment"] = self.commitment
        out["client_seeds"] = {str(s + 1): seed for s, seed in self.client_seeds}
        out["server_seed"] = self.server_seed
        return out

    @classmethod
    def from_json(cls, data: Any, players: int) -> DealProof:
        """Read a ``fair`` object; ``ValueError`` naming the field that is wrong."""
        if not isinstance(data, dict):
            raise ValueError("fair")
        known = {"scheme", "table", "context", "commitment", "client_seeds", "server_seed"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(unknown[0])
        scheme = data.get("scheme", SCHEME_1)
        if scheme not in (SCHEME, SCHEME_1):
            raise ValueError("scheme")
        context = data.get("context")
        if (scheme == SCHEME) != is_server_seed(context) or ("context" in data) != (
            scheme == SCHEME
        ):
            raise ValueError("context")
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
        return cls(data["table"], data["commitment"], tuple(sorted(pairs)), server_seed, context)


@dataclass(frozen=True, slots=True)
class Verdict:
    """One finding of a check: ``deal`` (1-based; None for the record as a whole) and
    ``reason``, None when the deal is proven, else a key of the catalogue's ``fair.why_*``:
    ``missing`` (no proof in the record), ``unrevealed`` (no server seed yet),
    ``commitment`` (the seed's SHA-256 is not the commitment), ``table`` (a proof for
    another table), ``bot_seed`` (a seed at a bot's seat), ``no_seating`` (a scheme 2
    record that does not say who is a bot), ``context`` (the rules or the seating are not
    those the deal was dealt for), ``deck`` (the deck, or a drawn field, is not the one the
    seeds give), ``dealer`` (the first dealer is not the one drawn); and against a person's
    log (:func:`rams.verify.check_log`) the ``mine_*`` ones. ``fields`` fill in its words."""

    deal: int | None
    reason: str | None
    fields: tuple[tuple[str, Any], ...] = ()

    @property
    def proven(self) -> bool:
        return self.reason is None

    #: The same as :attr:`proven`.
    ok = proven

    def __bool__(self) -> bool:
        """A verdict is true when its deal is proven (``all(rams.verify.verify_record(r))``)."""
        return self.reason is None

    def why(self) -> Phrase:
        """The reason as a phrase of the catalogue (a :class:`rams.words.Phrase`)."""
        return Phrase(f"fair.why_{self.reason}", **dict(self.fields))


def _seat(seat: int) -> Seat:
    return Seat(seat)


def verify_deal(
    k: int,
    proof: DealProof | None,
    deck: Sequence[int],
    pack: Sequence[int],
    extra: Mapping[str, Any] | None = None,
    *,
    dealer: int | None = None,
    context: Context | None = None,
    table: str | None = None,
) -> Verdict:
    """Check deal ``k`` (1-based) of a record: its commitment, its table (``table``, the
    record's), that no bot brought a seed (``context``: the record's rules and seating,
    None if the record does not say who is a bot), then its deck and drawn fields; under
    scheme 2 also its context and, in deal 1, the first dealer (``dealer``, 0-based)."""
    if proof is None:
        return Verdict(k, "missing")
    if proof.server_seed is None:
        return Verdict(k, "unrevealed")
    import hmac

    if not hmac.compare_digest(commitment(proof.server_seed), proof.commitment):
        return Verdict(k, "commitment")
    if table is not None and proof.table != table:
        return Verdict(k, "table", (("got", proof.table), ("want", table)))
    if context is not None:
        for seat, _ in proof.client_seeds:
            if context.is_bot(seat):
                return Verdict(k, "bot_seed", (("name", _seat(seat)),))
    bound = None
    if proof.context is not None:
        if context is None:
            return Verdict(k, "no_seating")
        if proof.context != context.digest():
            return Verdict(k, "context")
        bound = context
    drawn = [name for name in DRAWN_FIELDS if extra and name in extra]
    want_deck, want_extra = deal_cards(
        proof.server_seed, proof.seeds(), proof.table, k, pack, drawn, bound
    )
    if list(deck) != want_deck or any((extra or {})[n] != want_extra[n] for n in drawn):
        return Verdict(k, "deck")
    if "dealer" in want_extra and dealer is not None and dealer != want_extra["dealer"]:
        return Verdict(k, "dealer", (("got", _seat(dealer)), ("want", _seat(want_extra["dealer"]))))
    return Verdict(k, None)


@dataclass
class LoggedDeal:
    """What a person was shown of one deal: the commitment published before it (the first
    one seen), and the seeds the server acknowledged for it, by 0-based seat."""

    commitment: str | None = None
    seeds: dict[int, str] = field(default_factory=dict)


@dataclass
class FairLog:
    """What one person's browser or terminal kept of a table as it was shown it (format
    ``rams-fair-log/1``): the table, the scheme and context published, and by deal the
    commitment and their own seeds. What was seen first is kept."""

    table: str
    scheme: str | None = None
    context: Context | None = None
    deals: dict[int, LoggedDeal] = field(default_factory=dict)

    def saw_commitment(self, deal: int, value: str) -> None:
        """Deal ``deal``'s commitment, shown before the deal (the first one seen counts)."""
        logged = self.deals.setdefault(deal, LoggedDeal())
        if logged.commitment is None:
            logged.commitment = value

    def saw_seed(self, deal: int, seat: int, seed: str) -> None:
        """A seed of ``seat`` (0-based) the server acknowledged for deal ``deal``."""
        self.deals.setdefault(deal, LoggedDeal()).seeds.setdefault(seat, seed)

    def saw_context(self, scheme: str, context: Context | None) -> None:
        """The scheme and context the table published (the first seen counts)."""
        if self.scheme is None:
            self.scheme = scheme
        if self.context is None:
            self.context = context

    def checked(self, deals: int) -> tuple[int, int]:
        """How many commitments and own seeds a record of ``deals`` deals is held to."""
        within = [d for k, d in self.deals.items() if k <= deals]
        return sum(d.commitment is not None for d in within), sum(len(d.seeds) for d in within)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": LOG_FORMAT,
            "table": self.table,
            "scheme": self.scheme,
            "context": None if self.context is None else self.context.to_json(),
            "deals": {
                str(k): {
                    "commitment": d.commitment,
                    "seeds": {str(s + 1): v for s, v in sorted(d.seeds.items())},
                }
                for k, d in sorted(self.deals.items())
            },
        }

    @classmethod
    def from_json(cls, data: Any) -> FairLog:
        """Read a log; ``ValueError`` naming the field that is wrong."""
        if not isinstance(data, dict) or data.get("format") != LOG_FORMAT:
            raise ValueError("format")
        if not is_client_seed(data.get("table")):
            raise ValueError("table")
        scheme = data.get("scheme")
        if scheme not in (None, SCHEME, SCHEME_1):
            raise ValueError("scheme")
        context = data.get("context")
        deals = data.get("deals", {})
        if not isinstance(deals, dict):
            raise ValueError("deals")
        log = cls(data["table"], scheme, None if context is None else Context.from_json(context))
        for k, d in deals.items():
            if not (isinstance(k, str) and k.isdigit() and k == str(int(k)) and int(k) >= 1):
                raise ValueError("deals")
            if not isinstance(d, dict):
                raise ValueError("deals")
            shown = d.get("commitment")
            if shown is not None and not is_server_seed(shown):
                raise ValueError("commitment")
            seeds = d.get("seeds", {})
            if not isinstance(seeds, dict):
                raise ValueError("seeds")
            logged = LoggedDeal(shown)
            for seat, seed in seeds.items():
                if not (seat.isdigit() and seat == str(int(seat)) and int(seat) >= 1):
                    raise ValueError("seeds")
                if not is_client_seed(seed):
                    raise ValueError("seeds")
                logged.seeds[int(seat) - 1] = seed
            log.deals[int(k)] = logged
        return log


@dataclass
class Dealer:
    """The server's side of the scheme for one table: the proofs of the deals dealt (server
    seeds included: they are revealed only in the record at the end), and the committed
    seed of the next deal with the client seeds it has been given. Under scheme 2 it deals
    once it is bound to the table's context (:meth:`bind`, when the seats are full).

    >>> dealer = Dealer("t1")
    >>> dealer.add_client_seed(0, "abc"), dealer.add_client_seed(0, "again")
    (True, False)
    >>> dealer.bind(Context("classic", (("Аня", None), ("Прохор", "easy"), ("Глаша", "easy"))))
    >>> dealer.add_client_seed(1, "a-bot-seed")
    False
    >>> from rams.cards import pack
    >>> deck, extra = dealer.deal(pack(32))
    >>> sorted(extra), 0 <= extra["dealer"] < 3
    (['dealer'], True)
    >>> proof = dealer.proof()
    >>> dealer.dealt()
    >>> dealer.next_deal, dealer.proofs == [proof]
    (2, True)
    >>> verify_deal(1, proof, deck, pack(32), dealer=extra["dealer"], context=dealer.context)
    Verdict(deal=1, reason=None, fields=())
    """

    table: str
    proofs: list[DealProof | None] = field(default_factory=list)
    next_seed: str = field(default_factory=new_seed)
    next_client_seeds: dict[int, str] = field(default_factory=dict)
    #: The scheme it deals by (a table begun before scheme 2 goes on by scheme 1).
    scheme: str = SCHEME
    #: The rules and the seating the deals are bound to (scheme 2).
    context: Context | None = None

    @property
    def next_deal(self) -> int:
        """The number (1-based) of the deal the next seed is for."""
        return len(self.proofs) + 1

    @property
    def next_commitment(self) -> str:
        return commitment(self.next_seed)

    def bind(self, context: Context) -> None:
        """The table's rules and seating, fixed once its seats are full (scheme 2); the
        seeds a bot's seat was given before, if any, no longer count."""
        self.context = context
        for seat in [s for s in self.next_client_seeds if context.is_bot(s)]:
            del self.next_client_seeds[seat]

    def add_client_seed(self, seat: int, seed: str) -> bool:
        """A person's seed for the next deal; False (ignored) if it is malformed, the seat
        is a bot's, or the seat already gave one for that deal."""
        if not is_client_seed(seed) or seat in self.next_client_seeds:
            return False
        if self.context is not None and self.context.is_bot(seat):
            return False
        self.next_client_seeds[seat] = seed
        return True

    def _bound(self) -> Context | None:
        if self.scheme == SCHEME_1:
            return None
        if self.context is None:
            raise ValueError(f"{SCHEME}: the dealer of table {self.table!r} is not bound")
        return self.context

    def deal(
        self, pack: Sequence[int], fields: Iterable[str] = ()
    ) -> tuple[list[int], dict[str, int]]:
        """The next deal's deck and drawn fields, deal 1's first dealer among them as
        ``dealer`` under scheme 2 (nothing changes until :meth:`dealt`)."""
        seeds = self.next_client_seeds
        context = self._bound()
        return deal_cards(self.next_seed, seeds, self.table, self.next_deal, pack, fields, context)

    def proof(self) -> DealProof:
        """The proof of the next deal, its server seed included."""
        seeds = tuple(sorted(self.next_client_seeds.items()))
        context = self._bound()
        digest = None if context is None else context.digest()
        return DealProof(self.table, self.next_commitment, seeds, self.next_seed, digest)

    def dealt(self, next_seed: str | None = None) -> None:
        """The next deal is dealt: keep its proof, and commit to a fresh seed for the one
        after it (``next_seed``, drawn here when None)."""
        self.proofs.append(self.proof())
        self.next_seed = next_seed or new_seed()
        self.next_client_seeds = {}

    def pending_json(self, next_seed: str | None = None) -> dict[str, Any]:
        """The next deal's seed and client seeds, for the database (never for a client);
        with ``next_seed``, what they will be once the next deal is dealt."""
        out: dict[str, Any] = {"table": self.table, "scheme": self.scheme}
        if next_seed is not None:
            return {**out, "server_seed": next_seed, "client_seeds": {}}
        seeds = {str(s + 1): v for s, v in sorted(self.next_client_seeds.items())}
        return {**out, "server_seed": self.next_seed, "client_seeds": seeds}

    @classmethod
    def restored(
        cls, pending: Mapping[str, Any], proofs: Sequence[DealProof | None] = ()
    ) -> Dealer:
        """A dealer from what the database kept: :meth:`pending_json` and the deals' proofs
        (a table stored before scheme 2 goes on by scheme 1)."""
        scheme = str(pending.get("scheme", SCHEME_1))
        dealer = cls(str(pending["table"]), list(proofs), str(pending["server_seed"]))
        dealer.scheme = scheme
        seeds = pending.get("client_seeds") or {}
        dealer.next_client_seeds = {int(s) - 1: str(v) for s, v in seeds.items()}
        return dealer

    def public(self, game_over: bool = False) -> dict[str, Any]:
        """What every seat and spectator is shown: the scheme, the context once bound, the
        next deal's commitment and which seats (0-based) gave it a seed, and the current
        deal's commitment and client seeds (no server seed: those come with the record, at
        the end)."""
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
        context = None if self.context is None else self.context.to_json()
        return {"scheme": self.scheme, "context": context, "next": upcoming, "current": current}
