// Verifiable dealing in the browser (schemes rams-fair/2 and, for older records,
// rams-fair/1: the same as rams/fair.py and docs/fair.md «Честная раздача / Verifiable
// dealing»): every deck of a record recomputed with Web Crypto (SHA-256 of the revealed server
// seed against its commitment, then HMAC-SHA256 blocks over the table, the context — the
// rules and the seating — the deal's number, the client seeds and a counter, drawn from by
// rejection sampling for a Fisher–Yates shuffle of the pack, then deal 1's first dealer). And
// the log this browser keeps of what it was shown (rams-fair-log/1, in localStorage by
// table): each deal's commitment, the context, and its own seeds the server acknowledged,
// against which a record is held. No server is asked anything.

const RANKS = "23456789TJQKA";
const SUITS = "SCDH";
const HEX64 = /^[0-9a-f]{64}$/;
const TOKEN = /^[0-9A-Za-z_-]{1,64}$/;
const SCHEME = "rams-fair/2";
const LOG_FORMAT = "rams-fair-log/1";
const encoder = new TextEncoder();

// The cards of a pack (N2, K1) in ascending order, as rams.cards.pack: suit * 13 + rank.
export function packOf(size) {
  const lowest = { 30: 5, 32: 5, 36: 4, 52: 0 }[size];
  if (lowest === undefined) return null;
  const cards = [];
  for (let s = 0; s < 4; s++) for (let r = lowest; r < 13; r++) cards.push(s * 13 + r);
  // K1: the 30-card pack is the 32-card one without the 7♠ and the 7♣.
  return size === 30 ? cards.filter((c) => c !== 5 && c !== 18) : cards;
}

// A card in record notation (``TS``) as its number, or -1.
export function cardId(code) {
  if (typeof code !== "string" || code.length !== 2) return -1;
  const rank = RANKS.indexOf(code[0]), suit = SUITS.indexOf(code[1]);
  return rank < 0 || suit < 0 ? -1 : suit * 13 + rank;
}

function bytesOf(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}

function hexOf(buffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function commitmentOf(serverSeed) {
  return hexOf(await crypto.subtle.digest("SHA-256", bytesOf(serverSeed)));
}

// The stream of one deal: HMAC-SHA256 blocks 0, 1, … and draws below n by rejection.
class Draws {
  constructor(key, head) {
    this.key = key;
    this.head = head;  // the message's first four lines, "counter:" follows
    this.counter = 0;
    this.bytes = new Uint8Array(0);
    this.at = 0;
  }

  async nextByte() {
    if (this.at >= this.bytes.length) {
      const text = `${this.head}\ncounter:${this.counter++}`;
      this.bytes = new Uint8Array(await crypto.subtle.sign("HMAC", this.key, encoder.encode(text)));
      this.at = 0;
    }
    return this.bytes[this.at++];
  }

  async below(n) {
    const bits = (n - 1).toString(2).length;
    if (n === 1) return 0;
    const size = Math.ceil(bits / 8);
    for (;;) {
      let r = 0;
      for (let i = 0; i < size; i++) r = r * 256 + await this.nextByte();
      r %= 2 ** bits;  // (the low bits: 2 ** bits divides 256 ** size)
      if (r < n) return r;
    }
  }
}

// The context's canonical JSON (keys sorted, no whitespace, non-ASCII as itself), as
// rams.fair.Context.canonical writes it.
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export async function contextDigest(context) {
  return hexOf(await crypto.subtle.digest("SHA-256", encoder.encode(canonicalJson(context))));
}

// A record's context: its rules, its players and meta.bots (null: meta.bots does not say
// who is a bot).
export function contextOf(record) {
  const bots = record.meta && record.meta.bots;
  const players = record.players || [];
  if (!Array.isArray(bots) || bots.length !== players.length) return null;
  if (!bots.every((b) => b === null || typeof b === "string")) return null;
  return { rules: record.rules, seats: players.map((name, i) => ({ name, bot: bots[i] })) };
}

// The deck of deal ``k`` (1-based), then the draws that follow it on the same stream:
// Boston's turned card (B1) and, in deal 1 of scheme 2, the first dealer (D4), in that order.
export async function dealCards(fair, k, pack) {
  const key = await crypto.subtle.importKey("raw", bytesOf(fair.server_seed),
    { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const seats = Object.keys(fair.client_seeds || {}).map(Number).sort((a, b) => a - b);
  const seeds = seats.map((s) => `${s}=${fair.client_seeds[String(s)]}`).join(",");
  const head = fair.scheme === SCHEME
    ? `${SCHEME}\ntable:${fair.table}\ncontext:${fair.context}\ndeal:${k}\nseeds:${seeds}`
    : `rams-fair/1\ntable:${fair.table}\ndeal:${k}\nseeds:${seeds}`;
  const draws = new Draws(key, head);
  const cards = pack.slice();
  for (let i = cards.length - 1; i > 0; i--) {
    const j = await draws.below(i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return { deck: cards, turned: () => draws.below(52), dealer: (n) => draws.below(n) };
}

function wellFormed(fair) {
  if (!fair || typeof fair !== "object" || !TOKEN.test(fair.table || "")) return false;
  if (fair.scheme !== undefined && fair.scheme !== SCHEME && fair.scheme !== "rams-fair/1") return false;
  if (fair.scheme === SCHEME && !HEX64.test(fair.context || "")) return false;
  const seeds = fair.client_seeds || {};
  return typeof seeds === "object" && Object.entries(seeds).every(
    ([seat, seed]) => /^[1-9][0-9]*$/.test(seat) && TOKEN.test(String(seed)));
}

// The table a record is of: meta.table, else its first proof's.
export function recordTable(record) {
  const named = record.meta && record.meta.table;
  if (typeof named === "string" && TOKEN.test(named)) return named;
  const first = (record.deals || []).find((d) => d.fair && typeof d.fair.table === "string");
  return first ? first.fair.table : null;
}

// Check every deal of a record (the §12 JSON): { count, old } when each is proven (old: some
// deal is of scheme 1), else the first finding, { deal, reason, fields }: missing,
// unrevealed, commitment, table, bot_seed, no_seating, context, deck or dealer (as rams.fair).
export async function verifyRecord(record, packSize) {
  const deals = (record && record.deals) || [];
  if (!deals.length) return { reason: "no_deals" };
  const players = record.players || [];
  const context = contextOf(record);
  const digest = context ? await contextDigest(context) : null;
  const table = recordTable(record);
  let old = false;
  for (let k = 1; k <= deals.length; k++) {
    const d = deals[k - 1];
    const fair = d.fair;
    const fail = (reason, fields = {}) => ({ deal: k, reason, fields });
    if (!fair || !HEX64.test(fair.commitment || "")) return fail("missing");
    if (!fair.server_seed) return fail("unrevealed");
    if (!HEX64.test(fair.server_seed) || await commitmentOf(fair.server_seed) !== fair.commitment) {
      return fail("commitment");
    }
    if (!wellFormed(fair)) return fail("deck");
    if (table !== null && fair.table !== table) return fail("table", { got: fair.table, want: table });
    if (context) {
      const bot = Object.keys(fair.client_seeds || {}).map(Number)
        .find((s) => context.seats[s - 1] && context.seats[s - 1].bot !== null);
      if (bot !== undefined) return fail("bot_seed", { name: players[bot - 1] });
    }
    if (fair.scheme === SCHEME) {
      if (!context) return fail("no_seating");
      if (fair.context !== digest) return fail("context");
    } else {
      old = true;
    }
    const codes = Array.isArray(d.deck) ? d.deck : String(d.deck || "").split(/[\s,]+/).filter(Boolean);
    const pack = packOf(packSize || codes.length);
    if (!pack) return fail("deck");
    const want = await dealCards(fair, k, pack);
    const same = codes.length === want.deck.length && codes.every((c, i) => cardId(c) === want.deck[i]);
    if (!same) return fail("deck");
    if (d.turned !== undefined && cardId(d.turned) !== await want.turned()) return fail("deck");
    if (fair.scheme === SCHEME && k === 1) {
      const drawn = await want.dealer(players.length);
      if (d.dealer !== drawn + 1) {
        return fail("dealer", { got: players[d.dealer - 1] ?? String(d.dealer), want: players[drawn] });
      }
    }
  }
  return { count: deals.length, old };
}

// This browser's log of a table (rams-fair-log/1), from localStorage; a fresh one if none.
export function loadLog(tableId) {
  try {
    const log = JSON.parse(localStorage.getItem(`rams.fair.${tableId}`) || "null");
    if (log && log.format === LOG_FORMAT && log.table === tableId && log.deals) return log;
  } catch { /* (unreadable: begin again) */ }
  return { format: LOG_FORMAT, table: tableId, scheme: null, context: null, deals: {} };
}

export function hasLog(tableId) {
  return localStorage.getItem(`rams.fair.${tableId}`) !== null;
}

function saveLog(log) {
  try {
    localStorage.setItem(`rams.fair.${log.table}`, JSON.stringify(log));
  } catch { /* (a full or disabled storage: the game goes on, unlogged) */ }
}

// What the table showed (its ``fair``): the scheme and context, and the next deal's
// commitment, published before that deal; the first one seen of each is kept.
export function noteShown(tableId, fair) {
  if (!fair) return;
  const log = loadLog(tableId);
  if (!log.scheme && fair.scheme) log.scheme = fair.scheme;
  if (!log.context && fair.context) log.context = fair.context;
  const next = fair.next;
  if (next && HEX64.test(next.commitment || "")) {
    const entry = log.deals[String(next.deal)] ||= { commitment: null, seeds: {} };
    if (!entry.commitment) entry.commitment = next.commitment;
  }
  saveLog(log);
}

// A seed of this browser's seat (0-based) that the server acknowledged for deal ``deal``.
export function noteSeed(tableId, deal, seat, seed) {
  const log = loadLog(tableId);
  const entry = log.deals[String(deal)] ||= { commitment: null, seeds: {} };
  if (!entry.seeds[String(seat + 1)]) entry.seeds[String(seat + 1)] = seed;
  saveLog(log);
}

// The deal a hello may bring a seed for: the last one whose commitment the log holds and
// for which this browser gave no seed yet (null: none).
export function seedableDeal(tableId) {
  const log = loadLog(tableId);
  const open = Object.entries(log.deals)
    .filter(([, d]) => d.commitment && !Object.keys(d.seeds || {}).length)
    .map(([k]) => Number(k));
  return open.length ? Math.max(...open) : null;
}

// Hold a record against a log: [] when it matches, else its findings, each
// { deal (or null), reason, fields } with reason mine_table, mine_scheme, no_seating,
// mine_players, mine_seat, mine_rules, mine_cut, mine_commitment or mine_seed (as
// rams.fair.check_log). ``over``: the game is over (a logged deal beyond the next is then a
// record cut short).
export function checkLog(record, log, over = true) {
  const out = [];
  const players = record.players || [];
  const table = recordTable(record);
  if (table !== log.table) out.push({ deal: null, reason: "mine_table", fields: { got: table ?? "—", want: log.table } });
  const deals = record.deals || [];
  if (log.scheme) {
    const k = deals.findIndex((d) => d.fair && (d.fair.scheme || "rams-fair/1") !== log.scheme);
    if (k >= 0) out.push({ deal: k + 1, reason: "mine_scheme", fields: { got: deals[k].fair.scheme || "rams-fair/1", want: log.scheme } });
  }
  if (log.context) {
    const context = contextOf(record);
    if (!context) out.push({ deal: null, reason: "no_seating", fields: {} });
    else if (context.seats.length !== log.context.seats.length) {
      out.push({ deal: null, reason: "mine_players", fields: { got: context.seats.length, want: log.context.seats.length } });
    } else {
      let seated = true;
      context.seats.forEach((got, i) => {
        const want = log.context.seats[i];
        if (got.name !== want.name || got.bot !== want.bot) {
          seated = false;
          out.push({ deal: null, reason: "mine_seat", fields: { got: seatWords(got), want: seatWords(want) } });
        }
      });
      if (seated && canonicalJson(context) !== canonicalJson(log.context)) {
        out.push({ deal: null, reason: "mine_rules", fields: {} });
      }
    }
  }
  const logged = Object.keys(log.deals).map(Number).sort((a, b) => a - b);
  const last = logged.length ? logged[logged.length - 1] : 0;
  if (over && last > deals.length + 1) {
    out.push({ deal: null, reason: "mine_cut", fields: { count: deals.length, deal: last - 1 } });
  }
  for (const k of logged) {
    if (k > deals.length) continue;
    const entry = log.deals[String(k)];
    const fair = deals[k - 1].fair;
    if (entry.commitment && (!fair || fair.commitment !== entry.commitment)) {
      const got = fair && typeof fair.commitment === "string" ? `${fair.commitment.slice(0, 12)}…` : "—";
      out.push({ deal: k, reason: "mine_commitment", fields: { got, want: `${entry.commitment.slice(0, 12)}…` } });
    }
    for (const [seat, seed] of Object.entries(entry.seeds || {})) {
      if (!fair || !fair.client_seeds || fair.client_seeds[seat] !== seed) {
        out.push({ deal: k, reason: "mine_seed", fields: { name: players[Number(seat) - 1] ?? seat, seed: `${seed.slice(0, 12)}…` } });
      }
    }
  }
  return out;
}

// A seat of a context as the findings name it: a bot's level follows its name.
function seatWords(seat) {
  return seat.bot === null ? { key: "fair.seat_person", name: seat.name }
    : { key: "fair.seat_bot", name: seat.name, level: seat.bot };
}

// How many commitments and own seeds a record of ``count`` deals was held to.
export function logChecked(log, count) {
  let commitments = 0, seeds = 0;
  for (const [k, d] of Object.entries(log.deals)) {
    if (Number(k) > count) continue;
    if (d.commitment) commitments++;
    seeds += Object.keys(d.seeds || {}).length;
  }
  return { commitments, seeds };
}
