// Verifiable dealing in the browser (scheme rams-fair/1, the same as rams/fair.py and the
// README's «Честная раздача / Verifiable dealing»): every deck of a record recomputed with
// Web Crypto (SHA-256 of the revealed server seed against its commitment, then HMAC-SHA256
// blocks over the table, the deal's number, the client seeds and a counter, drawn from by
// rejection sampling for a Fisher–Yates shuffle of the pack). No server is asked anything.

const RANKS = "23456789TJQKA";
const SUITS = "SCDH";
const HEX64 = /^[0-9a-f]{64}$/;
const TOKEN = /^[0-9A-Za-z_-]{1,64}$/;
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

// The deck of deal ``k`` (1-based) and then the turned card's draw (Boston, B1).
export async function dealCards(fair, k, pack) {
  const key = await crypto.subtle.importKey("raw", bytesOf(fair.server_seed),
    { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const seats = Object.keys(fair.client_seeds || {}).map(Number).sort((a, b) => a - b);
  const seeds = seats.map((s) => `${s}=${fair.client_seeds[String(s)]}`).join(",");
  const draws = new Draws(key, `rams-fair/1\ntable:${fair.table}\ndeal:${k}\nseeds:${seeds}`);
  const cards = pack.slice();
  for (let i = cards.length - 1; i > 0; i--) {
    const j = await draws.below(i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return { deck: cards, turned: () => draws.below(52) };
}

function wellFormed(fair) {
  if (!fair || typeof fair !== "object" || !TOKEN.test(fair.table || "")) return false;
  const seeds = fair.client_seeds || {};
  return typeof seeds === "object" && Object.entries(seeds).every(
    ([seat, seed]) => /^[1-9][0-9]*$/.test(seat) && TOKEN.test(String(seed)));
}

// Check every deal of a record (the §12 JSON): { count } when each is proven, else the first
// deal that is not, { deal, reason }: missing, unrevealed, commitment or deck (as rams.fair).
export async function verifyRecord(record, packSize) {
  const deals = (record && record.deals) || [];
  if (!deals.length) return { reason: "no_deals" };
  for (let k = 1; k <= deals.length; k++) {
    const d = deals[k - 1];
    const fair = d.fair;
    if (!fair || !HEX64.test(fair.commitment || "")) return { deal: k, reason: "missing" };
    if (!fair.server_seed) return { deal: k, reason: "unrevealed" };
    if (!HEX64.test(fair.server_seed) || await commitmentOf(fair.server_seed) !== fair.commitment) {
      return { deal: k, reason: "commitment" };
    }
    const codes = Array.isArray(d.deck) ? d.deck : String(d.deck || "").split(/[\s,]+/).filter(Boolean);
    const pack = packOf(packSize || codes.length);
    if (!pack || !wellFormed(fair)) return { deal: k, reason: "deck" };
    const want = await dealCards(fair, k, pack);
    const same = codes.length === want.deck.length && codes.every((c, i) => cardId(c) === want.deck[i]);
    if (!same) return { deal: k, reason: "deck" };
    if (d.turned !== undefined && cardId(d.turned) !== await want.turned()) {
      return { deal: k, reason: "deck" };
    }
  }
  return { count: deals.length };
}
