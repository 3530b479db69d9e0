// The lobby on the home page: the person's name (one field for every way to a table), «Играть
// сейчас», the open tables that wait for players (refreshed while the page is seen), each
// joined in one click; the name's note when it is longer than a table takes; the host's
// control that seats a bot in a free place of a waiting table; a note carried to the next page.
import { api, el, freshSeed, lang, levelWord, playerKey, presetName, saveSeatToken, t, toast } from "./common.js";
import { noteSeed, noteShown } from "./fair.js";

// The most characters of a name (rams.web.live.NAME_MAX): a longer one is cut, and said so.
export const NAME_MAX = 32;
// Seconds between two looks at the open tables while the page is seen.
const REFRESH_S = 5;

// A name as the server keeps it: its spaces trimmed, cut to NAME_MAX characters (not UTF-16
// units: an emoji is one), no joiner left dangling at the end.
export function cutName(value) {
  const chars = [...value.split(/\s+/).filter(Boolean).join(" ")];
  if (chars.length <= NAME_MAX) return { name: chars.join(""), cut: false };
  const kept = chars.slice(0, NAME_MAX);
  while (kept.length && /[\u200d\u{e0020}-\u{e007f}]/u.test(kept[kept.length - 1])) kept.pop();
  return { name: kept.join("").trimEnd(), cut: true };
}

// A name field (no «maxlength»: a browser would cut a pasted name in silence) and, under it,
// what the table will call the person when the name is too long.
export function nameField(id, attrs = {}) {
  const input = el("input", { id, required: true, autocomplete: "nickname",
    value: localStorage.getItem("rams.name") || "", ...attrs });
  const note = el("p", { class: "warn-note small name-note", id: `${id}-note`, role: "status", hidden: true });
  const check = () => {
    const { name, cut } = cutName(input.value);
    note.hidden = !cut;
    note.textContent = cut ? t("lobby.nameLong", { most: NAME_MAX, name }) : "";
  };
  input.addEventListener("input", check);
  check();
  return { input, note, check };
}

// A note for the next page (the table's, after «Играть сейчас» or a creation): shown there once.
export function flash(text) {
  try { sessionStorage.setItem("rams.flash", text); } catch { /* (this page only) */ }
}

export function showFlash() {
  let text = null;
  try { text = sessionStorage.getItem("rams.flash"); sessionStorage.removeItem("rams.flash"); } catch { text = null; }
  if (text) toast(text, "info");
}

// What the server answered a join, a creation or «Играть сейчас»: the seat's token kept, a
// cut name said, and on to the table.
export function seated(made) {
  saveSeatToken(made.id, made.token);
  if (made.name_cut) flash(t("lobby.nameCut", { most: NAME_MAX, name: made.name }));
  location.assign(`/t/${made.id}`);
}

// The lobby's part of the home page: made once, redrawn in place (``node`` is put back on the
// page each time the page is drawn again; the name typed stays).
export function createLobby() {
  const field = nameField("name", { form: "create-form" });
  const list = el("div", { id: "open-tables", "aria-live": "polite" });
  const playNow = el("button", { type: "button", id: "play-now", class: "primary", onclick: () => play() });
  const note = el("span", { class: "small" });
  const title = el("h2", {});
  const nameLabel = el("span", {});
  const node = el("section", { class: "card-panel lobby-home", id: "lobby-home" },
    el("label", { class: "name-row" }, nameLabel, " ", field.input), field.note,
    el("div", { class: "play-row" }, playNow, note),
    title, list);
  let tables = null;
  let busy = false;

  function name() {
    const value = field.input.value.trim();
    localStorage.setItem("rams.name", value);
    if (!value) {
      field.input.focus();
      toast(t("lobby.nameFirst"));
      return null;
    }
    return value;
  }

  // «Играть сейчас»: the server names the table it would seat this person at; the browser
  // logs that table's commitment for the first deal and joins with its own seed, as from the
  // list (a table filled meanwhile: ask again); none: a new table with bots.
  async function play() {
    const who = name();
    if (who === null || busy) return;
    busy = true;
    try {
      for (let tries = 0; tries < 3; tries++) {
        const chosen = await api("/api/play/choose", { name: who, key: playerKey() });
        if (chosen.id === null) break;
        try {
          seated(await joinWithSeed(chosen.id, who));
          return;
        } catch (e) {
          if (![404, 409, 410].includes(e.status)) throw e;
        }
      }
      seated(await api("/api/play", { name: who, key: playerKey(), lang, new_table: true }));
    } catch (e) {
      toast(e.message);
    } finally {
      busy = false;
    }
  }

  // The deal's commitment logged before this seat's seed goes (as the invitation's form).
  async function joinWithSeed(tableId, who) {
    const table = await api(`/api/tables/${tableId}`);
    noteShown(tableId, table.fair);
    const joined = await api(`/api/tables/${tableId}/join`, { name: who, seed: freshSeed(), key: playerKey() });
    if (joined.seed && joined.seed.accepted) noteSeed(tableId, joined.seed.deal, joined.seat, joined.seed.seed);
    return joined;
  }

  async function sit(tableId) {
    const who = name();
    if (who === null || busy) return;
    busy = true;
    try {
      seated(await joinWithSeed(tableId, who));
    } catch (e) {
      toast(e.message);
      refresh();
    } finally {
      busy = false;
    }
  }

  function seatWords(s) {
    if (s.name === null) return el("span", { class: "free" }, t("free"));
    return el("span", {}, s.name, s.bot ? el("span", { class: "badge" }, `${t("bot")} · ${levelWord(s.bot)}`) : null);
  }

  function tableItem(x) {
    const game = presetName(x.rules);
    const players = t("lobby.playersN", { n: x.seats.length });
    const extras = [];
    if (x.options.clock !== "off") extras.push(t(`lobby.clock_${x.options.clock}`));
    if (x.options.hints) extras.push(t("lobby.hintsOn"));
    const house = x.rules.house.map((h) => `${lang === "ru" ? h.ru : h.en}: ${(lang === "ru" ? h.value_ru : h.value_en) ?? JSON.stringify(h.value)}`);
    return el("li", { class: "open-table", dataset: { table: x.id } },
      el("div", { class: "what" },
        el("b", {}, game), ` · ${players} · `,
        el("span", { class: "free-count" }, t("lobby.freeSeats", { n: x.free })), " · ",
        el("span", { class: "table-status" }, t(`lobby.status_${x.status}`)),
        extras.length ? el("span", { class: "small" }, ` · ${extras.join(" · ")}`) : null,
        el("div", { class: "small who" }, x.seats.flatMap((s, i) => (i ? [", ", seatWords(s)] : [seatWords(s)]))),
        house.length ? el("div", { class: "small house-rules" }, house.join("; ")) : null),
      el("button", { type: "button", class: "sit primary", dataset: { table: x.id },
        "aria-label": t("lobby.sitAt", { game, players }), onclick: () => sit(x.id) }, t("lobby.sit")));
  }

  function draw() {
    nameLabel.textContent = t("yourName");
    playNow.textContent = t("lobby.playNow");
    note.textContent = t("lobby.playNowNote");
    title.textContent = t("lobby.title");
    field.check();
    if (tables === null) return;
    list.replaceChildren(tables.length
      ? el("ul", { class: "open-list" }, tables.map(tableItem))
      : el("p", { class: "empty small", id: "no-open-tables" }, t("lobby.empty")));
  }

  async function refresh() {
    if (document.visibilityState === "hidden") return;
    try {
      tables = (await api("/api/lobby")).tables;
      draw();
    } catch { /* (the next look tries again) */ }
  }

  draw();
  refresh();
  setInterval(refresh, REFRESH_S * 1000);
  document.addEventListener("visibilitychange", refresh);
  return { node, draw };
}

// The bot levels this server seats, by preset (/api/meta, asked once); null until it answers,
// and then ``ready`` is called.
let meta = null;
let asked = null;
function levelsOf(preset, ready) {
  if (meta !== null) {
    const p = meta.presets.find((x) => x.name === preset);
    return p ? p.levels : meta.levels;
  }
  asked = asked || api("/api/meta").then((m) => { meta = m; }).catch(() => { asked = null; });
  asked.then(() => { if (meta !== null) ready(); });
  return null;
}

// The registered bots connected to the server's ladder now (/api/bots/connected), asked at
// most every 10 s: seated like a level, by ``prog:ID``.
// Every control drawn while the list is asked for is filled again when it comes.
let connected = [];
let connectedAt = 0;
let connecting = null;
function connectedBots(ready) {
  if (Date.now() - connectedAt > 10000 && connecting === null) {
    connectedAt = Date.now();
    connecting = api("/api/bots/connected").then((d) => { connected = d.bots; }).catch(() => {})
      .finally(() => { connecting = null; });
  }
  if (connecting !== null) connecting.then(ready);
  return connected;
}

// At a table waiting for players, the host's control by a free seat: a bot's level (or a
// connected bot of the ladder) and the button that seats it (the server checks that this is
// the host, the seat still free and the bot still connected).
export function seatBotControl(table, index, send) {
  const select = el("select", { class: "bot-level", "aria-label": t("lobby.botLevel", { n: index + 1 }) });
  const fill = () => {
    const levels = levelsOf(table.rules.preset, fill) || [];
    const chosen = select.value;
    select.replaceChildren(...levels.map((lv) => el("option", { value: lv, selected: chosen ? lv === chosen : lv === "easy" }, t(`level_${lv}`))),
      ...connectedBots(fill).map((b) => el("option", { value: `prog:${b.id}`, selected: chosen === `prog:${b.id}` },
        `${b.name} (${t("ladder.program")})`)));
  };
  fill();
  return el("span", { class: "seat-bot", dataset: { seat: index } }, select,
    el("button", { type: "button", class: "seat-bot-btn", dataset: { seat: index },
      onclick: () => send({ type: "seat_bot", seat: index, level: select.value }) }, t("lobby.seatBot")));
}
