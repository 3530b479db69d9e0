// Shared helpers: language, words, elements, cards, the paper score sheet, the server.

// Every word of the client comes from the server's catalogue (/api/words: both languages, the
// shared words and the family's), loaded once before the first page is drawn.
let STR = { ru: {}, en: {} };

export async function loadWords() {
  const response = await fetch("/api/words");
  STR = await response.json();
}


export let lang = localStorage.getItem("rams.lang") ||
  ((navigator.language || "ru").toLowerCase().startsWith("ru") ? "ru" : "en");

export function setLang(value) {
  lang = value;
  localStorage.setItem("rams.lang", value);
  document.documentElement.lang = value;
}

export function t(key, vars = {}) {
  return fill(STR[lang][key] ?? STR.en[key] ?? key, vars);
}

// A seated bot's level in words; a registered bot of the ladder (``prog:ID``) is a player's program.
export function levelWord(bot) {
  return bot.startsWith("prog:") ? t("ladder.program") : t(`level_${bot}`);
}

// The keys of the catalogue's words under ``prefix`` (``reactions``), in the catalogue's order.
export function wordKeys(prefix) {
  return Object.keys(STR.en).filter((k) => k.startsWith(`${prefix}.`)).map((k) => k.slice(prefix.length + 1));
}

/** A template of the catalogue filled in: ``{k}`` by ``vars.k``; ``{n:n:зритель|зрителя|зрителей}``
 * the number and the noun in the form the number takes. (The server sends some templates
 * whole, for the page to fill in as a person chooses: the confirm button's words.) */
export function fill(text, vars = {}) {
  return text.replace(/\{(\w+)(?::n:([^}]*))?\}/g, (_, k, forms) =>
    forms === undefined ? String(vars[k] ?? "") : `${vars[k]} ${pluralForm(Number(vars[k]), forms.split("|"))}`);
}

/** The Russian plural form of a noun for ``n`` (one, few, many). */
export function pluralForm(n, forms) {
  const tens = n % 100, ones = n % 10;
  if (forms.length < 3) return forms[ones === 1 && tens !== 11 ? 0 : forms.length - 1];
  if (ones === 1 && tens !== 11) return forms[0];
  if (ones >= 2 && ones <= 4 && (tens < 12 || tens > 14)) return forms[1];
  return forms[2];
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

const SUIT_SYMBOL = { S: "♠", C: "♣", D: "♦", H: "♥" };
const RANK = {
  ru: { T: "10", J: "В", Q: "Д", K: "К", A: "Т" },
  en: { T: "10", J: "J", Q: "Q", K: "K", A: "A" },
};

export function rankText(code) {
  return RANK[lang][code[0]] ?? code[0];
}

export function suitSymbol(letter) {
  return SUIT_SYMBOL[letter] ?? "";
}

export function cardText(code) {
  return rankText(code) + suitSymbol(code[1]);
}

// An action in record notation (``exchange 7S 8D``) in words and card faces.
// What a display (rams.games.display) shows of a seat beside its name and in its line: its
// side and role as badges; its call and its notes (cards drawn, card points) as words.
export function seatMarks(marks) {
  const badges = [];
  const notes = [];
  for (const m of marks) {
    if (m.tone === "side" || m.tone === "role") {
      badges.push(el("span", { class: `badge ${m.tone === "side" ? "side" : "ok"}` }, m.text));
    } else {
      notes.push(el("span", { class: m.tone === "note" ? "exch" : `call ${m.tone}`, title: m.title }, m.text));
    }
  }
  return { badges, notes };
}

// A seat's tricks as a number in words («3 взятки»; not counted: nothing). (Dots overflowed
// from five tricks, and Whist's thirteen could not be read.)
export function trickCount(n) {
  return el("span", { class: "tricks", title: t("tricks") }, n === null ? "" : t("tricksN", { n }));
}

// The centre's box of a display: the trump, a card turned face up and what it is, the
// face-down pile, and what the deal adds in words (the stake, the contract).
export function trumpBox(d) {
  return el("div", { class: "trumpbox" },
    el("div", { class: "label" }, t("trump")),
    el("span", { class: "suit-big", id: "trump" }, d.trump ? suitSymbol(d.trump) : "—"),
    d.turned ? el("div", { class: "turned", id: "turned" },
      cardEl(d.turned, { label: `${d.turned_label}: ${cardText(d.turned)}` }),
      el("div", { class: "small" }, d.turned_label)) : null,
    d.pile ? el("div", { class: "stock", id: "pile" }, d.pile.count > 0 ? cardBack() : null, ` ${d.pile.text}: ${d.pile.count}`) : null,
    d.lines.length ? el("ul", { class: "small lines", id: "centre-lines" }, d.lines.map((x) => el("li", {}, x))) : null);
}

// A card face; a button when it can be chosen.
export function cardEl(code, { button = false, small = false, label = null } = {}) {
  const red = code[1] === "D" || code[1] === "H";
  const node = el(button ? "button" : "span", {
    class: `card ${red ? "red" : "black"}${small ? " small" : ""}`,
    type: button ? "button" : null,
    dataset: { card: code },
    "aria-label": label ?? cardText(code),
    title: cardText(code),
  },
  el("span", { class: "rank" }, rankText(code)),
  el("span", { class: "suit" }, suitSymbol(code[1])));
  return node;
}

export function cardBack(small = true) {
  return el("span", { class: `card back${small ? " small" : ""}`, "aria-hidden": "true" });
}

// The score sheet of every game drawn like paper (rams.sheets): a row per deal with its
// number, a column per player or side, each entry in the row of the deal that wrote it, every
// earlier value of a column struck out, the deal's note under its row; then the standings.
// ``upto``: only the first rows (a replay's step), the standings once every row is shown.
// A whole number as the page writes it: a true minus sign, as on paper (null: nothing); a
// change with its sign (null: 0). The same as the server's rams.words.number and signed.
export const num = (v) => (v === null || v === undefined ? "" : v < 0 ? `−${-v}` : String(v));
export const signed = (v) => (v === null || v === undefined ? "0" : v > 0 ? `+${v}` : num(v));
// A fraction as the page's language writes it: «−1,5» in Russian (a decimal comma and a true
// minus sign), "−1.5" in English; "—" for none.
export const decimal = (v, digits = 1) => {
  if (v === null || v === undefined) return "—";
  const text = Math.abs(v).toFixed(digits);
  return `${v < 0 && Number(text) !== 0 ? "−" : ""}${lang === "ru" ? text.replace(".", ",") : text}`;
};

export function sheetEl(sheet, highlight = null, upto = null) {
  const rows = upto === null ? sheet.rows : sheet.rows.slice(0, Math.max(1, upto));
  const cols = sheet.columns;
  const mine = cols.map((c) => highlight !== null && c.seats.includes(highlight));
  const last = cols.map((_, c) => rows.reduce((at, r, k) => (r.entries[c] !== null ? k : at), -1));
  const body = [];
  rows.forEach((r, k) => {
    body.push(el("tr", { dataset: { deal: r.deal } },
      el("th", { class: "deal", scope: "row" }, r.deal ? String(r.deal) : ""),
      r.entries.map((v, c) => {
        if (v === null) return el("td", { class: mine[c] ? "mine" : null });
        const now = k === last[c];
        return el("td", { class: `${now ? "now" : "old"}${mine[c] ? " mine" : ""}` },
          now ? num(v) : el("s", {}, num(v)));
      })));
    if (r.note) body.push(el("tr", { class: "note" }, el("td", { colspan: cols.length + 1 }, r.note)));
  });
  const words = sheet.words || {};
  const standings = sheet.standings && rows.length === sheet.rows.length ? sheet.standings : null;
  // Columns of several kinds (Whist's points, games, rubber points by side): the kind over
  // its columns, the sides' names under it.
  const kinds = cols.some((c) => c.kind);
  const head = [];
  if (kinds) {
    const groups = [];
    cols.forEach((c) => {
      const g = groups[groups.length - 1];
      if (g && g.kind === c.kind) g.n += 1; else groups.push({ kind: c.kind, word: c.kind_word, n: 1 });
    });
    head.push(el("tr", {}, el("th", { class: "deal", rowspan: 2 }, words.deal || ""),
      groups.map((g) => el("th", { class: "kind", colspan: g.n }, el("span", {}, g.word)))));
    // A side's names may break after their «+», so that six columns fit a narrow sheet.
    const side = (label) => label.split("+").flatMap((n, k) => (k ? ["+", el("wbr"), n] : [n]));
    head.push(el("tr", { class: "sides" }, cols.map((c, i) =>
      el("th", { class: mine[i] ? "mine" : null, title: c.heading }, side(c.label)))));
  } else {
    // A long name without a space is cut at the column's widest (its whole in the title),
    // so that one name cannot push the other columns out of the sheet's box.
    head.push(el("tr", {}, el("th", { class: "deal" }, words.deal || ""),
      cols.map((c, i) => el("th", { class: mine[i] ? "mine" : null, title: c.heading },
        el("span", { class: "name" }, c.heading)))));
  }

  // A sheet wider than its place scrolls sideways in a box of its own that shows it: a
  // line says so, a shadow marks each side with more columns, the deal's number stays.
  const box = el("div", { class: "sheet-scroll", tabindex: 0, role: "region", "aria-label": words.title || t("sheet") },
    el("table", {}, el("thead", {}, head), el("tbody", {}, body)));
  scrollHints(box);
  return el("section", { class: "sheet paper" },
    el("div", { class: "sheet-top" }, el("h3", {}, words.title || t("sheet")),
      el("p", { class: "sheet-wide small", "aria-hidden": "true" }, "⇠ ", t("sheetScroll"), " ⇢")),
    box,
    standings ? el("ul", { class: "standings", "aria-label": words.standings },
      (sheet.places || []).map((p) => el("li", { class: p.place === 1 ? "first" : null }, p.text))) : null);
}

// The sheet is drawn again at every move: where a person scrolled it to is kept (read
// from the sheet on the page just before the page is drawn again: a scroll's own event may
// not have come yet).
let sheetLeft = 0;

export function keepSheetScroll() {
  const box = document.querySelector(".sheet-scroll");
  if (box && box.dataset.placed) sheetLeft = box.scrollLeft;  // (not one drawn and gone before it was placed)
}

function scrollHints(box) {
  const update = () => {
    const more = box.scrollWidth - box.clientWidth;
    if (!box.isConnected) return;
    box.parentElement.classList.toggle("wide", more > 1);
    box.classList.toggle("more-left", box.scrollLeft > 1);
    box.classList.toggle("more-right", box.scrollLeft < more - 1);
  };
  let first = true;
  new ResizeObserver(() => {
    if (first && sheetLeft) box.scrollLeft = sheetLeft;  // (once laid out)
    first = false;
    box.dataset.placed = "1";
    update();
  }).observe(box);
  box.addEventListener("scroll", () => {
    sheetLeft = box.scrollLeft;
    update();
  }, { passive: true });
}

// The settlement: each player's final record (when given) beside what they get or pay.
// The final standings (the sheet's places: a player, or a side) and, in a game with stakes,
// what each pays or receives (Rams: the settlement, S8, and the Pam ledger, M2): one table,
// every column headed.
export function standingsEl(sheet, settlement) {
  const places = [...((sheet && sheet.standings) || [])].sort((a, b) => a.place - b.place);
  if (!places.length) return null;
  const cols = settlement ? settlement.columns : [];
  const sum = (amounts, seats) => seats.reduce((a, s) => a + amounts[s], 0);
  return el("section", { class: "settlement standings", id: "standings" },
    el("h3", {}, (sheet.words && sheet.words.standings) || t("standings")),
    settlement && settlement.why ? el("p", { class: "small" }, withClauses(settlement.why)) : null,
    el("table", {},
      el("thead", {}, el("tr", {},
        el("th", { scope: "col" }, t("standPlace")), el("th", { scope: "col" }, t("standWho")),
        el("th", { scope: "col", class: "num" }, t("standScore")),
        cols.map((c) => el("th", { scope: "col", class: "num" }, c.heading)))),
      el("tbody", {}, places.map((p) => {
        const paid = cols.length ? sum(cols[0].amounts, p.seats) : 0;
        return el("tr", { class: paid > 0 ? "plus" : paid < 0 ? "minus" : null, dataset: { seats: p.seats.join(" ") } },
          el("td", {}, String(p.place)), el("td", {}, p.label), el("td", { class: "num" }, num(p.score)),
          cols.map((c) => el("td", { class: "num paid" }, signed(sum(c.amounts, p.seats)))));
      }))));
}

export async function api(path, body) {
  const response = await fetch(path, body === undefined ? { headers: { "Accept-Language": lang } } : {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept-Language": lang },
    body: JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const message = data && (data.message || (data.detail && JSON.stringify(data.detail)));
    const error = new Error(message || `HTTP ${response.status}`);
    error.status = response.status;  // (a page tells «no such table» from «not over yet»)
    throw error;
  }
  return data;
}

let toastTimer = null;
export function toast(text, kind = "error") {
  const box = document.getElementById("toast");
  box.replaceChildren(...withClauses(text));  // a cited «(P4)» opens its rule
  box.className = kind;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 5000);
}

// A fresh client seed for verifiable dealing (rams.fair): 16 random bytes in hex, drawn by
// the browser (each one the server acknowledges goes into this browser's log: fair.js).
export function freshSeed() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function seatToken(tableId) {
  return localStorage.getItem(`rams.seat.${tableId}`);
}

export function saveSeatToken(tableId, token) {
  localStorage.setItem(`rams.seat.${tableId}`, token);
}

// Clause ids («(P4)») as links to their text -------------------------------------------------

let clauseTexts = {};

// The clauses of the table's rules, by id: { P4: { text, source } } (from /api/tables/ID/rules).
export function setClauses(map) {
  clauseTexts = map || {};
}

export function showClause(id) {
  const clause = clauseTexts[id];
  if (!clause) return;
  let dialog = document.getElementById("clause-dialog");
  if (!dialog) {
    dialog = el("dialog", { id: "clause-dialog", class: "clause-dialog", "aria-labelledby": "clause-title" });
    document.body.append(dialog);
  }
  dialog.replaceChildren(
    el("h3", { id: "clause-title" }, `${t("clause")} ${id}`),
    el("p", { class: "clause-text" }, clause.text),
    el("p", { class: "small" }, clause.source),
    el("form", { method: "dialog" }, el("button", { type: "submit", class: "primary", id: "clause-close" }, t("close"))));
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
}

// Text in which every clause id the rules have (P4, E5…) is a small button that opens its
// text; each id, with its brackets, is hidden unless «show rule numbers» is on.
export function withClauses(text) {
  const parts = [];
  let last = 0;
  text = String(text);
  for (const m of text.matchAll(/( ?\()?\b([A-Z]\d{1,2})\b(\))?/g)) {
    const id = m[2];
    if (!clauseTexts[id]) continue;
    const bracketed = m[1] !== undefined && m[3] !== undefined;
    const start = bracketed ? m.index : m.index + (m[1] ? m[1].length : 0);
    parts.push(text.slice(last, start));
    const button = el("button", { type: "button", class: "clause-link", dataset: { clause: id },
      title: `${t("clause")} ${id}`, onclick: () => showClause(id) }, id);
    parts.push(el("span", { class: "clause-ref" }, bracketed ? [m[1], button, ")"] : button));
    last = bracketed ? m.index + m[0].length : start + id.length;
  }
  parts.push(text.slice(last));
  return parts;
}

// The whole rules of a table, in words: the sections and clauses that apply, every option.
export function rulesTextEl(view) {
  return el("div", { class: "rules-text" },
    view.about ? el("p", {}, view.about) : null,
    view.sections.map((s) => el("section", {}, el("h4", {}, s.title),
      el("dl", {}, s.clauses.flatMap((c) => [el("dt", {}, c.id), el("dd", { id: `clause-${c.id}` }, c.text,
        el("span", { class: "small source" }, ` ${c.source}`))])))),
    el("h4", {}, view.options_title),
    el("ul", {}, view.options.map((o) => el("li", {}, `${o.name}: ${o.value}`))));
}

export function presetName(rules) {
  return lang === "ru" ? rules.ru : rules.en;
}

// The person's identity for the ratings (rams.ratings): a secret key of 32 random bytes in hex,
// drawn once and kept in this browser; the server keeps only its SHA-256.
export function playerKey() {
  let key = null;
  try { key = localStorage.getItem("rams.key"); } catch { key = null; }
  if (!/^[0-9a-f]{64}$/.test(key || "")) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    key = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    try { localStorage.setItem("rams.key", key); } catch { /* (this visit only) */ }
  }
  return key;
}

// A key carried from another device by its link (/#key=…): taken, and the link forgotten.
export function importKey() {
  const m = location.hash.match(/^#key=([0-9a-f]{64})$/);
  if (!m) return false;
  try { localStorage.setItem("rams.key", m[1]); } catch { return false; }
  history.replaceState(null, "", location.pathname);
  return true;
}

// The person's player id: the SHA-256 of their key (null where the browser cannot hash here).
export async function myPlayerId() {
  if (!crypto.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(playerKey()));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
