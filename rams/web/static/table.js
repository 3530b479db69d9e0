// A table: the waiting room, then the game as this seat sees it (server-authoritative).
import {
  api, cardEl, cardText, el, fill, freshSeed, keepSheetScroll, lang, levelWord, num, playerKey, presetName, rulesTextEl,
  saveSeatToken, seatMarks, seatToken, setClauses, sheetEl, signed, standingsEl, t, toast, trickCount, trumpBox, withClauses,
} from "./common.js";
import { noteSeed, noteShown, seedableDeal } from "./fair.js";
import { beep } from "./prefs.js";
import { NAME_MAX, nameField, seatBotControl } from "./lobby.js";
import { createReactions } from "./reactions.js";

// The version of the websocket protocol this page speaks (rams.web.protocol.PROTOCOL; 3:
// it follows "go" to the server process that plays its table).
const PROTOCOL = 3;

export function showTable(app, tableId) {
  app.dataset.view = "table";
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("s");
  if (fromLink) {
    saveSeatToken(tableId, fromLink);
    history.replaceState(null, "", location.pathname);
  }
  let token = seatToken(tableId);
  let ws = null;
  let state = null;      // the last "state" message (a seat's view)
  let table = null;      // the public side of the table
  let seat = null;
  let selected = new Set();
  let thinking = null;   // a bot seat the server says is thinking (cleared by the next state)
  let learnerHint = null;  // the strong bot's hint for this seat's decision (a table with hints)
  let rulesView = null;  // the table's whole rules in words (/api/tables/ID/rules)
  let retry = 0;
  let resyncing = false;  // a whole state asked for (a delta that did not apply)
  let gone = false;      // no such table, or closed: nothing to reconnect to
  const watching = new URLSearchParams(location.search).has("watch");  // the watch link
  let skew = 0;          // the server's clock minus this one (for the countdowns)
  let lingerUntil = 0;   // a finished trick stays on the table until then (ms)
  const dealLogs = {};   // the earlier deals in words, by number, as this seat saw them
  let again = null;      // the next table, once a seat asked to play again ("rematch")

  // The countdowns (a turn clock, a grace period, the pause between deals) tick here.
  const ticker = setInterval(() => {
    for (const node of document.querySelectorAll("[data-until]")) {
      node.textContent = t(node.dataset.words, { n: secondsTo(Number(node.dataset.until)) });
    }
  }, 250);

  // Now and then the page asks the server which state it should hold (a pong), and asks for
  // it whole if it holds another (protocol 2: a change was missed).
  const checker = setInterval(() => { if (state) send({ type: "ping" }); }, 20000);

  // While the connection is down a banner says so and the board takes no clicks.
  let banner = document.getElementById("offline-banner");
  if (!banner) {
    banner = el("div", { id: "offline-banner", role: "alert" });
    document.body.prepend(banner);
  }
  banner.textContent = t("offlineBanner");

  // Connection ---------------------------------------------------------------------------

  function connect(url) {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    // Events of a socket that is no longer the current one (closed to reconnect with a
    // seat) are ignored: its late close must not open a second connection. A reconnection
    // starts again at this page's server (the table's process may have changed).
    const socket = new WebSocket(url || `${proto}://${location.host}/ws/${tableId}`);
    ws = socket;
    socket.onopen = () => {
      if (socket !== ws) return;
      retry = 0;
      document.body.classList.remove("offline");
      // A seat brings its seed for the next deal (rams.fair), naming it: only for a deal
      // whose commitment this browser has already logged (the server committed first).
      const hello = { type: "hello", token, lang, protocol: PROTOCOL };
      resyncing = false;
      const deal = token ? seedableDeal(tableId) : null;
      if (deal !== null) Object.assign(hello, { seed: freshSeed(), deal });
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (event) => {
      if (socket !== ws) return;
      const m = JSON.parse(event.data);
      // Another server process plays this table (protocol 3): its own address is opened at
      // once, and the hello said there (only on this page's host).
      if (m.type === "go" && typeof m.url === "string" && sameHost(m.url)) {
        socket.onclose = null;
        socket.close();
        connect(m.url);
        return;
      }
      receive(m);
    };
    socket.onclose = () => {
      if (socket !== ws || gone) return;
      document.body.classList.add("offline");
      retry = Math.min(retry + 1, 5);
      setTimeout(connect, 400 * retry);
    };
  }

  function sameHost(url) {
    try {
      return new URL(url).hostname === location.hostname;
    } catch {
      return false;
    }
  }

  function reconnect() {
    const old = ws;
    ws = null;
    old.onclose = null;
    old.close();
    connect();
  }

  function send(message) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }
  const reactions = createReactions(send, () => draw());  // quick reactions (reactions.js)

  function act(action) {
    if (!state) return;
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      toast(t("offlineBanner"));  // (the banner already says it: never drop a click silently)
      return;
    }
    send({ type: "act", action, deal: state.deal, step: state.step });
  }

  // The next deal's commitment is out (logged first) and this seat gave it no seed yet: send
  // one, naming the deal; the server's answer says whether it counts, and for which deal.
  const seededFor = new Set();
  function seedNextDeal() {
    if (!table || !table.fair) return;
    noteShown(tableId, table.fair);
    const next = table.fair.next;
    if (!next || seat === null || next.seeded.includes(seat) || seededFor.has(next.deal)) return;
    seededFor.add(next.deal);
    send({ type: "seed", seed: freshSeed(), deal: next.deal });
  }

  // Protocol 2 (docs/web.md): after a whole state each change comes as a delta from it. A
  // delta for another state (a message missed) is not applied: the whole state is asked for
  // once, and the deltas on the way meanwhile are dropped.
  function applyDelta(d) {
    if (!state || state.seq === null || state.seq === undefined || d.base !== state.seq) return null;
    const out = Object.assign({}, state, d.set || {}, { seq: d.seq, type: "state" });
    for (const k of d.unset || []) delete out[k];
    if (d.table) out.table = Object.assign({}, state.table, d.table);
    if (d.log) {
      if (d.log.at > state.log.length) return null;
      out.log = state.log.slice(0, d.log.at).concat(d.log.lines);
    }
    return out;
  }

  function resync() {
    if (resyncing) return;
    resyncing = true;
    send({ type: "resync" });
  }

  function receive(m) {
    if (m.type === "delta") {
      const whole = applyDelta(m);
      if (whole === null) { resync(); return; }
      m = whole;
    } else if (m.type === "pong") {
      // A change missed while no other came: the server names the state this page should hold.
      if (state && m.seq !== null && m.seq !== undefined && m.seq !== state.seq) resync();
      return;
    } else if (m.type === "state") {
      resyncing = false;
    }
    if (m.type === "seed") {
      if (m.accepted && seat !== null) noteSeed(tableId, m.deal, seat, m.seed);
      return;
    }
    receiveOne(m);
    if (["welcome", "table", "state"].includes(m.type)) seedNextDeal();
  }

  function receiveOne(m) {
    if (m.type === "welcome") {
      seat = m.seat;
      table = m.table;
      if (seat === null && token) token = null;
      draw();
    } else if (m.type === "table") {
      table = m.table;
      state = null;
      drawPublic(m);
    } else if (m.type === "state") {
      const moved = !state || state.deal !== m.deal || state.step !== m.step;
      if (m.table.now) skew = m.table.now - Date.now();
      const done = m.last_trick && (!state || !state.last_trick || state.deal !== m.deal
        || state.last_trick.number !== m.last_trick.number);
      if (done && state && !m.trick.length) {
        lingerUntil = Date.now() + 1000;  // the trick stays a second, its winner marked,
        setTimeout(gather, 1000);         // then goes to its taker
      }
      const mineBefore = state && state.legal && state.to_move === state.seat;
      if (m.legal && m.to_move === m.seat && !mineBefore) beep();
      if (m.deal_over || (m.winners ?? null) !== null) dealLogs[m.deal] = m.log;
      // (The next trick led while the last one still lies there: it goes to its taker first.)
      const leaving = !still.matches && (m.trick || []).length > 0 && app.querySelector("#trick.done") !== null;
      state = m;
      table = m.table;
      seat = m.seat;
      thinking = null;
      if (moved) selected = new Set();
      if (leaving) gather(); else draw();
    } else if (m.type === "rematch") {
      again = m;  // (a seat's own token there: kept, so that its link takes the seat)
      if (m.token) saveSeatToken(m.id, m.token);
      draw();
    } else if (m.type === "timeout") {
      toast(t("timedOut", { name: name(m.seat) }), "info");
    } else if (m.type === "notice") {
      toast(t("twoDevices"), "info");
    } else if (m.type === "log") {
      dealLogs[m.deal] = m.lines;
      draw();
    } else if (m.type === "hint") {
      learnerHint = m;
      draw();
    } else if (m.type === "reaction") {
      reactions.receive(m);
    } else if (m.type === "thinking") {
      thinking = m.seat;
      draw();
    } else if (m.type === "error" && ["no_such_table", "expired", "broken"].includes(m.code)) {
      gone = true;
      clearInterval(ticker);
      clearInterval(checker);
      document.body.classList.remove("offline");
      app.replaceChildren(el("section", { class: "gone card-panel", id: "gone" },
        el("h2", {}, t(`gone_${m.code}`)),
        el("p", {}, el("a", { href: "/", class: "primary" }, t("newTable")))));
    } else if (m.type === "error" && m.code !== "stale") {
      // (A stale click is answered with the table as it is now: nothing to tell.)
      toast(m.message + (m.clause && !m.message.includes(m.clause) ? ` (${m.clause})` : ""));
    }
  }

  // Drawing ------------------------------------------------------------------------------

  function name(s) {
    return table.seats[s].name ?? t("free");
  }

  function secondsTo(untilMs) {
    return Math.max(0, Math.ceil((untilMs - (Date.now() + skew)) / 1000));
  }

  // A countdown to ``untilMs`` (the server's clock), in the words of ``key`` ({n} seconds).
  function countdown(untilMs, key, cls) {
    return el("span", { class: `countdown ${cls}`, role: "timer", dataset: { until: untilMs, words: key } },
      t(key, { n: secondsTo(untilMs) }));
  }

  // What a seat box adds on any board: the turn clock, a dropped person's grace period.
  function seatExtras(s) {
    const info = table.seats[s];
    const out = [];
    if (table.clock && table.clock.seat === s) out.push(countdown(table.clock.until, "secondsLeft", "clock"));
    if (info.grace_until && !info.standin) out.push(countdown(info.grace_until, "graceLeft", "badge warn grace"));
    return out;
  }

  // Who watches: a count at the table; a spectator is told what they see.
  function watchersEl() {
    const n = table.spectators || 0;
    const parts = [];
    if (seat === null && table.status !== "open") {
      parts.push(el("p", { class: "guest", id: "spectator-note" }, t("spectatorNote"),
        table.options && table.options.watch_delay ? ` ${t("spectatorDelay", { n: table.options.watch_delay })}` : ""));
    }
    if (n) parts.push(el("p", { class: "spectators small", id: "spectators" }, t("spectators", { n })));
    return parts;
  }

  // A trick's cards as they lie on the table, each before the seat that played it; the
  // winner's card marked.
  function trickCards(cards, winner) {
    return cards.map(([s, c]) => placed(el("figure", { class: s === winner ? "winner" : null, dataset: { card: c, seat: s } },
      cardEl(c, { label: `${name(s)}: ${cardText(c)}` }), el("figcaption", {}, name(s))), s));
  }

  // Around the table -----------------------------------------------------------------------
  // The seats sit around an oval, clockwise as they are numbered (N4): this seat (a
  // spectator: the first) at the bottom, the next one on its left, and so on round; with
  // four, the seat opposite is two along (Whist's partner, W1). A seat's place is where
  // on the oval it sits, as the unit vector from the centre (y downwards); a card it plays
  // lies on the table before it.
  function placeOf(s) {
    const n = table.seats.length;
    const k = (s - (seat ?? 0) + n) % n;
    const angle = Math.PI / 2 + (2 * Math.PI * k) / n;
    return { x: Math.cos(angle), y: Math.sin(angle) };
  }

  function placed(node, s) {
    const { x, y } = placeOf(s);
    node.style.setProperty("--x", x.toFixed(4));
    node.style.setProperty("--y", y.toFixed(4));
    // (At the top or the bottom of a table of four at most, a seat has room to be wider.)
    if (node.classList.contains("seat") && Math.abs(x) < 0.3 && table.seats.length <= 4) node.classList.add("wide");
    return node;
  }

  // The oval is as tall as its seats need: the tallest seat's height (a seat with its
  // shown cards, or badges on two lines) sets where the top and bottom seats sit, and
  // the table grows with it, so that no seat covers another.
  function fitRing() {
    const ring = app.querySelector(".ring");
    if (!ring) return;
    const tallest = Math.max(0, ...[...ring.querySelectorAll(".seat")].map((b) => b.offsetHeight));
    ring.style.setProperty("--seat-h", `${Math.ceil(tallest)}px`);
  }

  // Cards that travel: a card played goes from where it was (this seat's hand, or the seat
  // of whoever played it) to its place in the trick; a finished trick, once it has stayed,
  // goes to its taker. Nothing moves for a browser that asks for reduced motion.
  const still = window.matchMedia("(prefers-reduced-motion: reduce)");
  const TRAVEL_MS = 340;
  const GATHER_MS = 420;

  function centreOf(r) {
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }

  function seatRect(s) {
    const box = app.querySelector(`.ring .seat[data-seat="${s}"]`);
    return box ? box.getBoundingClientRect() : null;
  }

  // Where the cards were before the board is drawn again (null: nothing to move from).
  function snapshot() {
    if (still.matches || !app.querySelector(".ring")) return null;
    const hand = new Map();
    for (const c of app.querySelectorAll(".hand .card")) hand.set(c.dataset.card, c.getBoundingClientRect());
    const trick = new Set([...app.querySelectorAll("#trick figure")].map((f) => f.dataset.card));
    return { hand, trick };
  }

  // Each card new on the table travels to it from where it was.
  function travel(before) {
    if (!before) return;
    for (const f of app.querySelectorAll("#trick figure")) {
      if (before.trick.has(f.dataset.card)) continue;
      const from = before.hand.get(f.dataset.card) || seatRect(Number(f.dataset.seat));
      const card = f.querySelector(".card");
      if (!from || !card) continue;
      const a = centreOf(from);
      const b = centreOf(card.getBoundingClientRect());
      card.animate([
        { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(0.85)`, opacity: 0.6 },
        { transform: "none", opacity: 1 },
      ], { duration: TRAVEL_MS, easing: "cubic-bezier(.2, .7, .3, 1)", id: "to-trick" });
    }
  }

  // The trick that stayed goes to its taker's seat, then the board is drawn without it.
  function gather() {
    const done = app.querySelector("#trick.done");
    const winner = state && state.last_trick ? state.last_trick.winner : null;
    const to = winner === null ? null : seatRect(winner);
    if (still.matches || !done || !to) {
      draw();
      return;
    }
    const b = centreOf(to);
    const moves = [...done.querySelectorAll("figure")].map((f) => {
      const a = centreOf(f.getBoundingClientRect());
      return f.animate([
        { transform: "none", opacity: 1 },
        { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(0.4)`, opacity: 0 },
      ], { duration: GATHER_MS, easing: "ease-in", fill: "forwards", id: "to-taker" });
    });
    Promise.all(moves.map((m) => m.finished)).then(draw, draw);
  }

  // The finished trick while it stays on the table, or null.
  function lingering() {
    const v = state;
    return !v.trick.length && v.last_trick && Date.now() < lingerUntil ? v.last_trick : null;
  }

  // After a deal, the same for every game: for each owner of the sheet's columns (a player,
  // or a side) the tricks taken and what the deal wrote in each of its columns (the sheet's
  // ``last``); why, in the deal's own lines; the earlier deals one click away.
  function dealSummary() {
    const v = state;
    const sheet = v.sheet;
    const cols = sheet.columns;
    const owners = [];
    cols.forEach((c, i) => {
      let o = owners.find((x) => x.label === c.label);
      if (!o) owners.push((o = { label: c.label, seats: c.seats, cols: [] }));
      o.cols.push(i);
    });
    const kinds = cols.some((c) => c.kind);
    const tricks = (seats) => seats.reduce((n, s) => n + ((v.tricks_taken || [])[s] || 0), 0);
    const cells = (i) => {
      const { change, now } = sheet.last[i];
      if (kinds) return [el("td", { class: "num" }, num(now), change ? el("small", { class: "change" }, ` (${signed(change)})`) : null)];
      return [el("td", { class: "num change" }, signed(change)), el("td", { class: "num" }, num(now))];
    };
    const rows = owners.map((o) => el("tr", { class: seat !== null && o.seats.includes(seat) ? "mine" : null },
      el("td", {}, o.label), el("td", { class: "num" }, String(tricks(o.seats))), o.cols.flatMap(cells)));
    const head = kinds ? owners[0].cols.map((i) => el("th", {}, cols[i].kind_word))
      : [el("th", {}, t("sumChange")), el("th", {}, t("sumNow"))];
    // Why: the deal's lines that wrote something (a trick's write-off, jacks, a remise…).
    const why = v.log.filter((line) => line.includes("→"));
    // What the sheet notes beside this deal: a game won (Whist, W7), a contract, a void deal.
    const row = sheet.rows[sheet.rows.length - 1];
    const note = row && row.deal === v.deal ? row.note : null;
    return el("section", { class: "deal-summary", id: "deal-summary" },
      el("h3", {}, t("dealSummary")),
      note ? el("p", { class: "deal-note", id: "deal-note" }, note) : null,
      why.length ? el("ul", { class: "why small", id: "deal-why" }, why.map((line) => el("li", {}, withClauses(line)))) : null,
      el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", {}, t("sumTricks")), head)), el("tbody", {}, rows)));
  }

  function earlierDeals() {
    const v = state;
    if (!v || v.deal < 2) return null;
    const items = [];
    for (let k = v.deal - 1; k >= 1; k--) {
      const box = el("details", { class: "earlier", dataset: { deal: k }, open: dealLogs[k] && openLogs.has(k) ? true : null },
        el("summary", {}, t("deal", { n: k })),
        dealLogs[k] ? el("ol", { tabindex: 0 }, dealLogs[k].map((line) => el("li", {}, withClauses(line)))) : el("p", { class: "small" }, "…"));
      box.addEventListener("toggle", () => {
        if (box.open) { openLogs.add(k); if (!dealLogs[k]) send({ type: "log", deal: k }); } else openLogs.delete(k);
      });
      items.push(box);
    }
    return el("section", { class: "log earlier-deals", id: "earlier-deals" }, el("h3", {}, t("earlierDeals")), items);
  }
  const openLogs = new Set();

  // At the end of the game: every hand of the last deal, as dealt.
  function handsEl(hands) {
    if (!hands) return null;
    return el("section", { class: "all-hands", id: "all-hands" }, el("h3", {}, t("allHands")),
      el("ul", {}, hands.map((cards, s) => el("li", {}, el("b", {}, name(s)), " ",
        cards.map((c) => cardEl(c, { small: true }))))));
  }

  // A panel a person opened stays open when the table is drawn again (every move redraws it).
  const openPanels = new Set();
  function panel(id, attrs, ...children) {
    const box = el("details", { ...attrs, id, open: openPanels.has(id) ? true : null }, ...children);
    box.addEventListener("toggle", () => {
      if (box.open) openPanels.add(id); else openPanels.delete(id);
    });
    return box;
  }

  // Links kept apart: the invitation (and the watch link) to send, one's own seat's link not.
  function linksBox() {
    const link = `${location.origin}/t/${tableId}`;
    const parts = [];
    if (table.status !== "open") {
      parts.push(panel("watch-box", { class: "small" }, el("summary", {}, t("inviteMore")),
        linkRow("watch-link", `${link}?watch`)));
    }
    if (token) {
      parts.push(panel("my-link-box", { class: "small my-link" }, el("summary", {}, t("myLink")),
        el("p", { class: "warn-note" }, t("myLinkNote")), linkRow("personal-link", `${link}#s=${token}`)));
    }
    return parts.length ? el("section", { class: "links-box" }, parts) : null;
  }

  function linkRow(id, value) {
    const input = el("input", { id, readonly: true, value, onfocus: (e) => e.target.select(), "aria-label": id });
    const copy = el("button", { type: "button", onclick: async () => {
      try { await navigator.clipboard.writeText(value); toast(t("copied"), "info"); } catch { input.select(); }
    } }, t("copy"));
    return el("div", { class: "row" }, input, copy);
  }

  function where() {
    document.getElementById("where").textContent = table ? presetName(table.rules) : "";
  }

  function draw() {
    if (!table) return;
    where();
    const mine = state && state.legal && state.to_move === state.seat && seat !== null;
    document.title = mine ? t("titleTurn") : t("brand");
    if (table.status === "open" || !state || state.phase === "waiting") {
      // (Between the seats filling and the first deal there is no board to draw yet.)
      drawPublic({ table });
      return;
    }
    drawGame();
  }

  function inviteBox() {
    const link = `${location.origin}/t/${tableId}`;
    const input = el("input", { id: "invite-link", readonly: true, value: link, onfocus: (e) => e.target.select() });
    const copy = el("button", { type: "button", onclick: async () => {
      try { await navigator.clipboard.writeText(link); toast(t("copied"), "info"); } catch { input.select(); }
    } }, t("copy"));
    const parts = [el("label", {}, t("invite")), el("div", { class: "row" }, input, copy),
      el("label", { class: "small" }, t("watchLink")), linkRow("watch-link", `${link}?watch`)];
    return el("section", { class: "invite card-panel" }, parts);
  }

  function seatList() {
    // The host (the table's creator) may seat a bot in a free place while the table waits.
    const hosting = table.status === "open" && seat !== null && seat === table.host;
    return [hosting ? el("p", { class: "small host-note" }, t("lobby.hostNote")) : null,
      el("ol", { class: "lobby-seats" }, table.seats.map((s, i) => el("li", {
        class: `${s.name ? "taken" : "free"}${i === seat ? " mine" : ""}`,
      }, s.name ?? t("free"), s.bot ? el("span", { class: "badge" }, `${t("bot")} · ${levelWord(s.bot)}`) : null,
      s.name && !s.bot ? el("span", { class: `dot ${s.online ? "on" : "off"}`, title: s.online ? t("online") : t("offline") }) : null,
      hosting && s.name === null ? seatBotControl(table, i, send) : null)))];
  }

  async function loadRules() {
    try {
      rulesView = await api(`/api/tables/${tableId}/rules?lang=${lang}`);
      setClauses(rulesView.clauses);
      draw();
    } catch { rulesView = null; }
  }

  function rulesBox() {
    const r = table.rules;
    return el("section", { class: "rules small", id: "rules-panel" },
      el("b", {}, `${t("rules")}: `, presetName(r),
        r.start_score !== undefined ? `, ${t("startScore").toLowerCase()} ${r.start_score}` : ""),
      r.house.length ? el("ul", {}, r.house.map((h) => el("li", {},
        `${lang === "ru" ? h.ru : h.en}: ${(lang === "ru" ? h.value_ru : h.value_en) ?? JSON.stringify(h.value)} `,
        withClauses(`(${h.clause})`)))) : null,
      rulesView ? panel("all-rules", {}, el("summary", {}, t("allRules")), rulesTextEl(rulesView)) : null);
  }

  // The server's commitment for the deal being played (or the next), and what it means.
  function fairBox() {
    const f = table.fair;
    const shown = f && (f.current || f.next);
    if (!shown) return null;
    return panel("fair-panel", { class: "fair small" },
      el("summary", {}, t("fair.next", { deal: shown.deal, hash: `${shown.commitment.slice(0, 12)}…` })),
      el("p", {}, el("code", {}, shown.commitment)),
      el("p", {}, t("fair.explain")));
  }

  function drawPublic(m) {
    keepSheetScroll();
    app.replaceChildren();
    where();
    document.body.dataset.myTurn = "0";
    const t0 = table;
    const parts = [];
    if (t0.status === "open") {
      parts.push(el("h2", {}, t("waiting")));
      if (seat === null && !watching) parts.push(joinForm());
      parts.push(inviteBox());
      const mineLink = linksBox();
      if (mineLink) parts.push(mineLink);
    } else if (seat === null) {
      parts.push(el("p", { class: "guest" }, t("guest")));
    }
    parts.push(...seatList(), rulesBox(), fairBox());
    if (m.sheet) parts.push(sheetEl(m.sheet));
    if (m.sheet && t0.winner !== null) parts.push(gameOverBox({ winners: t0.winners, sheet: m.sheet, settlement: m.settlement }));
    app.append(el("div", { class: "lobby" }, parts));
  }

  function joinForm() {
    const free = table.seats.some((s) => s.name === null);
    if (!free) return el("p", {}, t("full"));
    const { input, note } = nameField("join-name");  // (a long name is cut, and said so: lobby.js)
    return el("form", { class: "join card-panel", onsubmit: async (e) => {
      e.preventDefault();
      const name = input.value.trim();
      localStorage.setItem("rams.name", name);
      try {
        noteShown(tableId, table.fair);  // deal 1's commitment, before this seat's seed
        const joined = await api(`/api/tables/${tableId}/join`, { name, seed: freshSeed(), key: playerKey() });
        if (joined.seed && joined.seed.accepted) noteSeed(tableId, joined.seed.deal, joined.seat, joined.seed.seed);
        saveSeatToken(tableId, joined.token);
        token = joined.token;
        if (joined.name_cut) toast(t("lobby.nameCut", { most: NAME_MAX, name: joined.name }), "info");
        reconnect();
      } catch (err) { toast(err.message); }
    } }, el("h3", {}, t("joinTitle")), el("label", {}, t("yourName"), " ", input), note,
    el("button", { type: "submit", id: "join-btn", class: "primary" }, t("join")));
  }

  // The board, the same for every game: the server's display of this seat's view (each
  // seat's line, the centre) and its choices in one shape (rams.games.display).

  const over = () => (state.winners ?? null) !== null;

  // A seat at the table: its name, then its badges (the dealer, whose turn it is, a side or
  // a role, a bot and its level…), each whole on a line of its own if the seat is narrow;
  // its figure, notes and tricks taken (a number in words). Partners (the display's
  // ``side``) share a colour, and the one facing this seat is marked as its partner.
  function seatBox(s) {
    const v = state;
    const line = v.display.seats[s];
    const info = table.seats[s];
    const classes = ["seat"];
    const turn = v.to_move === s && !over();
    if (turn) classes.push("to-move");
    if (s === seat) classes.push("me");
    if (line.passed) classes.push("passed");
    const mySide = seat === null ? null : v.display.seats[seat].side;
    if (s !== seat && line.side !== null && line.side === mySide) classes.push("partner");
    const { badges, notes } = seatMarks(line.marks);
    if (turn) badges.unshift(el("span", { class: "badge turn" }, t("turnMark")));
    if (v.dealer === s) badges.unshift(el("span", { class: "badge dealer" }, t("dealer")));
    if (info.bot) badges.push(el("span", { class: "badge" }, `${t("bot")} · ${levelWord(info.bot)}`));
    else if (info.standin) badges.push(el("span", { class: "badge warn" }, t("standin")));
    else if (!info.online) badges.push(el("span", { class: "badge warn" }, t("offline")));
    if (table.pausing && info.ready) badges.push(el("span", { class: "badge ok" }, t("ready")));
    if (thinking === s) badges.push(el("span", { class: "badge thinking", id: "thinking" }, t("thinking")));
    return placed(el("div", { class: classes.join(" "), dataset: { seat: s, side: line.side ?? "" } },
      el("div", { class: "seat-name" }, el("span", { class: "who" }, info.name), " ", badges, seatExtras(s), reactions.bubble(s)),
      el("div", { class: "seat-line" },
        el("span", { class: "record", title: v.display.score }, num(line.score)),
        notes,
        s !== seat && line.cards !== null ? cardsHeld(line.cards) : null,
        trickCount(line.tricks),
        line.shown.length ? el("span", { class: "known", title: t("shownCards") },
          line.shown.map((c) => cardEl(c, { small: true }))) : null)), s);
  }

  // How many cards a seat holds: the figure beside a card's back (the words for a screen
  // reader and under the pointer: «12 карт»).
  function cardsHeld(n) {
    const words = t("cardsInHand", { n });
    return el("span", { class: "exch held", title: words, "aria-label": words }, el("span", { "aria-hidden": "true" }, String(n)));
  }

  // What lies on the table besides the trick: the trump, a turned card, the face-down
  // pile, the deal's lines in words, and the last trick.
  function tableInfo() {
    return el("div", { class: "table-info" }, trumpBox(state.display), lastTrick());
  }

  function centre() {
    return el("div", { class: "centre" }, trickArea());
  }

  // The trick on the table (the finished one while it stays, its winner marked), and the
  // last trick in a line: the same for every game (the view's trick, last_trick).
  function trickArea() {
    const v = state;
    const staying = lingering();
    const trick = el("div", { class: `trick${staying ? " done" : ""}`, role: "group", "aria-label": t("trick"), id: "trick" },
      v.trick.length ? trickCards(v.trick, null) : staying ? trickCards(staying.cards, staying.winner)
        : el("div", { class: "empty small" }, v.last_trick ? "" : t("trick")));
    return el("div", { class: "trick-area" }, trick);
  }

  function lastTrick() {
    const v = state;
    if (!v.last_trick || lingering()) return null;
    return el("div", { class: "last-trick small" }, `${t("lastTrick")} ${v.last_trick.number}: `,
      v.last_trick.cards.map(([s, c]) => el("span", { class: "played" }, cardEl(c, { small: true }), name(s))),
      v.last_trick.winner !== null ? ` — ${t("took", { name: name(v.last_trick.winner) })}` : "");
  }

  // The hand: cards to play are played as they are clicked; cards to pick (to discard, to
  // give for the trump, to set aside) are picked, then confirmed — or sent at once where
  // one card is the whole choice.
  function handBox() {
    const legal = state.legal;
    const playable = new Set(legal ? legal.cards : []);
    const pick = legal ? legal.pick : null;
    const pickable = new Set(pick ? pick.cards : []);
    const cards = state.hand.map((c, i) => {
      const node = cardEl(c, { button: true });
      node.dataset.index = String(i + 1);
      node.append(el("span", { class: "key" }, String(i + 1)));
      if (playable.has(c)) {
        node.classList.add("legal");
        node.addEventListener("click", () => act(c));
      } else if (pickable.has(c)) {
        node.classList.add("choosable");
        if (selected.has(c)) node.classList.add("selected");
        node.setAttribute("aria-pressed", selected.has(c) ? "true" : "false");
        node.addEventListener("click", () => toggle(c));
      } else {
        node.disabled = playable.size > 0 || pickable.size > 0;
        node.classList.add(legal === null || (playable.size === 0 && pickable.size === 0) ? "idle" : "illegal");
      }
      return node;
    });
    // (A long hand lies fanned on a narrow screen: each card under the next, its corner seen.)
    const hand = el("div", { class: `hand${cards.length > 7 ? " fan" : ""}`, role: "group", "aria-label": t("hand") }, cards);
    hand.style.setProperty("--n", String(cards.length));
    return hand;
  }

  function toggle(c) {
    const pick = state.legal.pick;
    if (pick.some === null) {
      act(`${pick.verb} ${c}`);
      return;
    }
    if (pick.most === 1) selected = selected.has(c) ? new Set() : new Set([c]);
    else if (selected.has(c)) selected.delete(c);
    else if (selected.size < pick.most) selected.add(c);
    drawGame();
  }

  function actionsBox() {
    const v = state;
    const legal = v.legal;
    const pick = legal ? legal.pick : null;
    const buttons = [];
    if (pick && pick.some !== null) {
      const n = selected.size;
      const [first] = [...selected];
      const ok = n >= pick.least && n <= pick.most;
      buttons.push(el("button", { type: "button", id: "confirm", class: "primary", disabled: !ok,
        onclick: () => ok && act([pick.verb, ...selected].join(" ")) },
      n ? fill(pick.some, { n, card: cardText(first) }) : fill(pick.none)));
    }
    for (const b of legal ? legal.buttons : []) {
      buttons.push(el("button", { type: "button", class: `word ${b.quiet ? "" : "primary"}`,
        dataset: { action: b.action, key: b.key }, onclick: () => act(b.action) },
      b.label, b.key ? el("kbd", {}, b.key) : null));
    }
    let status;
    if (over()) status = null;  // (the game-over box above says it, once)
    else if (v.deal_over) status = t("dealOver", { n: v.deal });
    else if (pick && pick.some === null) status = fill(pick.none);
    else if (v.to_move === seat && legal) status = t("yourTurn");
    else if (thinking !== null && v.to_move === thinking) status = t("thinkingName", { name: name(thinking) });
    else if (v.to_move !== null && v.to_move !== undefined) status = t("waitFor", { name: name(v.to_move) });
    else status = t("waitDeal");
    return el("div", { class: "actions" },
      el("div", { class: `status${v.to_move === seat && legal ? " mine" : ""}`, id: "status" }, status),
      buttons.length ? el("div", { class: `buttons${buttons.length > 8 ? " many" : ""}`, id: "choices" }, buttons) : null,
      v.hint ? el("div", { class: "hint", id: "hint" }, withClauses(v.hint)) : null);
  }

  function dealOverBox() {
    const v = state;
    const me = table.seats[seat];
    return el("div", { class: "banner deal-over" },
      el("h2", {}, t("dealOver", { n: v.deal })),
      dealSummary(),
      table.pause_until ? el("p", { class: "small" }, countdown(table.pause_until, "pauseLeft", "pause")) : null,
      seat === null ? null : me && me.ready ? el("p", {}, t("waitingOthers"))
        : el("button", { type: "button", id: "ready", class: "primary", onclick: () => send({ type: "ready" }) }, t("nextDeal")));
  }

  // The end of the game: who won, the final standings with what each pays where the game
  // has stakes (Rams, S8), every hand of the last deal, the record and the replay.
  function gameOverBox({ winners, sheet, settlement, hands = null }) {
    const won = (winners || []).map(name);
    return el("div", { class: "banner game-over" },
      el("h2", {}, t("gameOver")),
      won.length ? el("p", { class: "winner" }, won.length === 1 ? t("winner", { name: won[0] })
        : t("winners", { who: won.join(", ") })) : null,
      againBox(),
      standingsEl(sheet, settlement),
      handsEl(hands),
      el("p", { class: "links" },
        el("a", { href: `/api/tables/${tableId}/record`, download: `rams-${tableId}.json`, id: "download" }, t("download")),
        " · ", el("a", { href: `/r/${tableId}`, id: "replay-link" }, t("replay")),
        " · ", el("a", { href: "/" }, t("newTable"))));
  }

  // The end of a game, beside who won: play again at a new table with the same players,
  // rules and options (the first seat to ask makes it: POST /api/tables/ID/rematch; the
  // others are told, each with its own seat there), and review the game (the analysis).
  function againBox() {
    const by = again && again.by !== seat ? el("p", { class: "again-by", id: "again-by" },
      t("againBy", { name: name(again.by) })) : null;
    const review = el("a", { href: `/r/${tableId}${seat === null ? "" : `?seat=${seat}`}#analysis`,
      id: "review", class: "button" }, t("reviewGame"));
    if (seat === null) {
      return el("div", { class: "again" }, by, again ? el("a", { href: `/t/${again.id}?watch`, id: "watch-again",
        class: "button primary" }, t("watchAgain")) : null, review);
    }
    const daily = table && table.options && table.options.daily;
    if (daily) {  // (a daily deal is played once: back to the day's deals, rams.daily)
      return el("div", { class: "again" }, el("a", { href: `/daily/${daily.slice(0, 10)}`, id: "daily-back",
        class: "button primary" }, t("daily.back")), review);
    }
    return el("div", { class: "again" }, by,
      el("button", { type: "button", id: "play-again", class: "primary", onclick: playAgain }, t("playAgain")), review);
  }

  async function playAgain() {
    try {
      const made = await api(`/api/tables/${tableId}/rematch`, { token });
      if (made.token) saveSeatToken(made.id, made.token);
      location.assign(`/t/${made.id}`);
    } catch (err) { toast(err.message); }
  }

  function drawGame() {
    const v = state;
    const before = snapshot();
    keepSheetScroll();
    app.replaceChildren();
    const n = table.seats.length;
    const others = [];
    for (let k = seat === null ? 0 : 1; k < n; k++) others.push(((seat ?? 0) + k) % n);
    const mine = v.legal !== null && !over() && v.to_move === seat;
    document.body.dataset.myTurn = mine ? "1" : "0";
    const board = el("section", { class: `board seats-${n}${seat === null ? " spectating" : ""}` },
      watchersEl(),
      tableInfo(),
      el("div", { class: "ring" },
        el("div", { class: "opponents" }, others.map(seatBox)),
        seat === null ? null : seatBox(seat),
        centre()),
      over() ? gameOverBox({ winners: v.winners, sheet: v.sheet, settlement: v.settlement, hands: v.hands })
        : v.deal_over ? dealOverBox() : null,
      seat === null ? null : el("div", { class: "my-side" }, handBox(), hintBox(), actionsBox(),
        reactions.bar(table, seat)),
      seat === null ? null : el("p", { class: "keys small" }, t("keys")));
    const logBox = el("section", { class: "log" }, el("h3", {}, `${t("log")} · ${t("deal", { n: v.deal })}`),
      el("ol", { tabindex: 0, "aria-label": t("log") }, v.log.map((line) => el("li", {}, withClauses(line)))));
    app.append(el("div", { class: "game" }, board,
      el("aside", {}, sheetEl(v.sheet, seat), logBox, earlierDeals(), linksBox(), rulesBox(), fairBox())));
    const list = logBox.querySelector("ol");
    list.scrollTop = list.scrollHeight;
    fitRing();
    travel(before);
  }

  // A table with hints: the strong bot's choice for the decision this seat faces now (the
  // server sends it to this seat alone; one for an earlier step is not shown).
  function hintBox() {
    const h = learnerHint;
    if (!h || !state || seat === null || h.seat !== seat || h.deal !== state.deal || h.step !== state.step) return null;
    return el("div", { class: "learner-hint", id: "learner-hint", role: "status", "aria-label": t("hintTitle") },
      el("p", {}, h.line), el("p", { class: "small" }, h.choices));
  }

  // Keyboard -----------------------------------------------------------------------------

  function onKey(e) {
    if (!state || seat === null || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    const cards = [...app.querySelectorAll(".hand .card")];
    if (/^Digit[1-9]$/.test(e.code)) {
      const node = cards[Number(e.code.slice(5)) - 1];
      if (node && !node.disabled) { node.focus(); node.click(); e.preventDefault(); }
      return;
    }
    if (e.code === "ArrowRight" || e.code === "ArrowLeft") {
      const i = cards.indexOf(document.activeElement);
      const next = cards[(i + (e.code === "ArrowRight" ? 1 : cards.length - 1) + (i < 0 ? 1 : 0)) % cards.length];
      if (next) { next.focus(); e.preventDefault(); }
      return;
    }
    if (e.code === "Enter" && !(document.activeElement instanceof HTMLButtonElement)) {
      const button = app.querySelector("#confirm:not([disabled])") || app.querySelector("#ready");
      if (button) { button.click(); e.preventDefault(); }
      return;
    }
    const button = e.code.startsWith("Key") && app.querySelector(`button[data-key="${e.code.slice(3)}"]`);
    if (button) { button.click(); e.preventDefault(); }
  }
  document.addEventListener("keydown", onKey);

  connect();
  loadRules();
  return {
    relang: () => {
      send({ type: "lang", lang });
      loadRules();
      draw();
    },
  };
}
