"""Checking a record from its seeds up — what ``rams verify`` says: the dealing (every
deck and the first dealer from the seeds, :mod:`rams.fair`), the play and the result (the
record's replay, :mod:`rams.record`), and, given a person's own log of what they were
shown, the record against it.

It stands above both: the scheme knows nothing of records, and a record's replay knows
nothing of the scheme beyond reading its proofs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rams.cards import pack
from rams.errors import RecordError
from rams.fair import SCHEME_1, Context, FairLog, Verdict, is_client_seed, verify_deal
from rams.record import Record, loads
from rams.words import Phrase, Seat, has

__all__ = ["Finding", "as_record", "check_log", "record_table", "verify", "verify_record"]


def as_record(record: Record | Mapping[str, Any] | str | bytes) -> Record:
    """A record, from itself, its §12 JSON object or that JSON's text (a
    :class:`rams.errors.RecordError` if it is not one)."""
    if isinstance(record, Record):
        return record
    if isinstance(record, Mapping):
        return Record.from_json(dict(record))
    return loads(record.decode() if isinstance(record, bytes) else record)


def record_table(record: Record) -> str | None:
    """The table a record is of: its ``meta.table`` if it names one, else its first
    proof's (None: no proof at all)."""
    named = record.meta.get("table")
    if is_client_seed(named):
        assert isinstance(named, str)
        return named
    return next((d.fair.table for d in record.deals if d.fair is not None), None)


def verify_record(record: Record | Mapping[str, Any] | str | bytes) -> list[Verdict]:
    """Check every deal of a record (a :class:`rams.record.Record`, its §12 JSON object, or
    that JSON's text): one verdict per deal. (The record's shape is checked as it is
    loaded: a proof that cannot be read raises :class:`rams.errors.RecordError`.) The play
    is not checked here: :meth:`rams.record.Record.replay` does that."""
    record = as_record(record)
    cards = pack(record.rules.pack_size)
    context = Context.of_record(record)
    table = record_table(record)
    return [
        verify_deal(
            k, d.fair, d.deck, cards, dict(d.extra), dealer=d.dealer, context=context, table=table
        )
        for k, d in enumerate(record.deals, start=1)
    ]


def _seat_words(seat: tuple[str, str | None]) -> Phrase:
    name, bot = seat
    if bot is None:
        return Phrase("fair.seat_person", name=name)
    level = f"terminal.bot_{bot}"
    return Phrase("fair.seat_bot", name=name, level=Phrase(level) if has(level) else bot)


def check_log(
    record: Record | Mapping[str, Any] | str | bytes, log: FairLog, over: bool = True
) -> list[Verdict]:
    """Hold a record against a person's log of what they were shown: the table, the scheme,
    the seating and the rules, and for every deal logged the commitment shown before it and
    the seeds acknowledged; one verdict per difference (none: it matches). A logged deal the
    record lacks is allowed only where the game went no further: the one after the last,
    once the game is ``over`` (its commitment was out when the game ended); any, while the
    game is not over (a saved game: its deal in progress is sealed away)."""
    record = as_record(record)
    out: list[Verdict] = []

    def differs(at: int | None, reason: str, /, **fields: Any) -> None:
        out.append(Verdict(at, reason, tuple(fields.items())))

    table = record_table(record)
    if table != log.table:
        differs(None, "mine_table", got=table or "—", want=log.table)
    if log.scheme is not None:
        schemes = [(k, d.fair.scheme) for k, d in enumerate(record.deals, 1) if d.fair is not None]
        wrong = [(k, scheme) for k, scheme in schemes if scheme != log.scheme]
        if wrong:
            differs(wrong[0][0], "mine_scheme", got=wrong[0][1], want=log.scheme)
    if log.context is not None:
        context = Context.of_record(record)
        if context is None:
            differs(None, "no_seating")
        elif len(context.seats) != len(log.context.seats):
            differs(None, "mine_players", got=len(context.seats), want=len(log.context.seats))
        else:
            seats = [(a, b) for a, b in zip(context.seats, log.context.seats, strict=True)]
            for got, want in seats:
                if got != want:
                    differs(None, "mine_seat", got=_seat_words(got), want=_seat_words(want))
            if context != log.context and all(a == b for a, b in seats):
                differs(None, "mine_rules")
    count = len(record.deals)
    last = max(log.deals, default=0)
    if over and last > count + 1:
        differs(None, "mine_cut", count=count, deal=last - 1)
    for k, logged in sorted(log.deals.items()):
        if k > count:
            continue
        proof = record.deals[k - 1].fair
        shown = logged.commitment
        if shown is not None and (proof is None or proof.commitment != shown):
            written = "—" if proof is None else proof.commitment[:12] + "…"
            differs(k, "mine_commitment", got=written, want=shown[:12] + "…")
        for seat, seed in sorted(logged.seeds.items()):
            if proof is None or proof.seeds().get(seat) != seed:
                differs(k, "mine_seed", name=Seat(seat), seed=seed[:12] + "…")
    return out


@dataclass(frozen=True, slots=True)
class Finding:
    """What checking a record found: whether everything checked holds (``proven``), and
    what to say of it, phrases of the catalogue (one line once worded)."""

    proven: bool
    said: tuple[Phrase, ...]

    def words(self, lang: str, names: Sequence[str] | None = None) -> str:
        """The finding in one line of ``lang``, seats by ``names``."""
        return " ".join(phrase.words(lang, names) for phrase in self.said)


def verify(record: Record, log: FairLog | None = None) -> Finding:
    """Check a record from its seeds up: first the dealing (:func:`verify_record`), then
    the play, every action legal and every deal complete, and the result as written (the
    record's replay), then, given ``log``, the record against what its person was shown
    (:func:`check_log`). The first part that does not hold is the finding, with why."""
    verdicts = verify_record(record)
    if not verdicts:
        return Finding(False, (Phrase("fair.no_deals"),))
    failed = [v for v in verdicts if not v.proven]
    if failed:
        return Finding(False, (_said(failed[0], "fair.not_proven", "fair.not_proven_record"),))
    try:
        game = record.replay()
    except RecordError as e:
        if e.key.startswith("record.result"):
            return Finding(False, (Phrase("fair.result_fails", why=Phrase(e.key, **e.fields)),))
        return Finding(False, (Phrase("fair.play_fails", why=e),))
    if log is not None:
        differs = check_log(record, log, game.is_over)
        if differs:
            return Finding(False, (_said(differs[0], "fair.not_mine_deal", "fair.not_mine"),))
    old = any(d.fair is not None and d.fair.scheme == SCHEME_1 for d in record.deals)
    said = [Phrase("fair.proven_old" if old else "fair.proven", count=len(verdicts))]
    if not game.is_over:
        said.append(Phrase("fair.play_unfinished"))
    else:
        said.append(Phrase("fair.play_over" if record.result else "fair.play_no_result"))
    if log is not None:
        shown, seeds = log.checked(len(record.deals))
        said.append(Phrase("fair.mine_ok", commitments=shown, seeds=seeds))
    return Finding(True, tuple(said))


def _said(v: Verdict, in_deal: str, in_record: str) -> Phrase:
    """A verdict as a phrase: ``in_deal`` when it names a deal, else ``in_record``."""
    if v.deal is None:
        return Phrase(in_record, why=v.why())
    return Phrase(in_deal, deal=v.deal, why=v.why())
