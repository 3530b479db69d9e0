// The ratings (rams.ratings): a family's leaderboard, people and bots alike, and a player's
// page with their games, wins, average place, the same by game, and the rating's history as
// a line chart drawn in SVG.
import { api, decimal as fixed, el, lang, myPlayerId, playerKey, t, toast } from "./common.js";

const SVG = "http://www.w3.org/2000/svg";
const r = (key, vars) => t(`ratings.${key}`, vars);

function who(p) {
  return p.bot ? r("bot", { level: t(`level_${p.bot}`) }) : p.name;
}

function familyTabs(families, current) {
  return el("nav", { class: "tabs" }, families.map((f) =>
    el("a", { href: `/ratings/${f}`, class: f === current ? "current" : null,
      "aria-current": f === current ? "page" : null }, r(`family_${f}`))));
}

export function showRatings(app, family = "rams") {
  app.dataset.view = "ratings";
  let data = null;
  let mine = null;

  function draw() {
    if (!data) return;
    const rows = data.players.map((p, i) => el("tr", { class: p.id === mine ? "mine" : null },
      el("td", { class: "num" }, String(i + 1)),
      el("td", {}, el("a", { href: `/p/${p.id}` }, who(p)), p.id === mine ? ` (${r("you")})` : null),
      el("td", { class: "num" }, fixed(p.ordinal)),
      el("td", { class: "num" }, fixed(p.mu)),
      el("td", { class: "num" }, fixed(p.sigma)),
      el("td", { class: "num" }, String(p.games)),
      el("td", { class: "num" }, String(p.wins)),
      el("td", { class: "num" }, fixed(p.place, 2))));
    app.replaceChildren(el("section", { class: "card-panel ratings" },
      el("h1", {}, r("title")),
      el("p", {}, r("intro")),
      familyTabs(data.families, family),
      rows.length ? el("table", { class: "leaderboard" },
        el("thead", {}, el("tr", {}, ["rank", "player", "ordinal", "mu", "sigma", "games", "wins", "place"].map((k) => el("th", {}, r(k))))),
        el("tbody", {}, rows)) : el("p", { class: "empty" }, r("empty")),
      mine ? el("p", {}, el("a", { href: `/p/${mine}`, id: "my-page" }, r("myPage"))) : null,
      el("p", {}, el("a", { href: `/ladder/${family}`, id: "ladder-link" }, t("ladder.link"))),
      keyPanel()));
  }

  myPlayerId().then((id) => { mine = id; draw(); }).catch(() => {});
  api(`/api/ratings/${family}`).then((d) => { data = d; draw(); }).catch((e) => toast(e.message));
  return { relang: draw };
}

// The link that carries this browser's key to another device (shown only when asked).
function keyPanel() {
  const box = el("div", { class: "key-link" });
  const button = el("button", { type: "button", onclick: () => {
    const link = `${location.origin}/#key=${playerKey()}`;
    box.replaceChildren(el("p", {}, r("keyExplain")), el("input", { readonly: true, value: link, size: 80, "aria-label": r("key") }));
  } }, r("showKey"));
  box.append(button);
  return box;
}

// The rating (skill − 3 × uncertainty) after every game: a polyline over the games, with its range marked.
export function historyChart(history) {
  const w = 560, h = 160, pad = 28;
  const ys = history.map((s) => s.ordinal);
  const lo = Math.min(...ys, 0), hi = Math.max(...ys, 1);
  const x = (i) => pad + (history.length > 1 ? (i * (w - 2 * pad)) / (history.length - 1) : (w - 2 * pad) / 2);
  const y = (v) => h - pad - ((v - lo) * (h - 2 * pad)) / (hi - lo || 1);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "chart");
  svg.setAttribute("role", "img");
  const label = r("chart", { first: fixed(ys[0]), last: fixed(ys[ys.length - 1]) });
  svg.setAttribute("aria-label", label);
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  add("title", {}, label);
  add("line", { x1: pad, y1: y(0), x2: w - pad, y2: y(0), class: "axis" });
  add("text", { x: 2, y: y(hi) + 4, class: "tick" }, fixed(hi));
  add("text", { x: 2, y: y(lo) + 4, class: "tick" }, fixed(lo));
  add("polyline", { points: history.map((s, i) => `${x(i)},${y(s.ordinal)}`).join(" "), class: "line" });
  history.forEach((s, i) => add("circle", { cx: x(i), cy: y(s.ordinal), r: 3, class: s.won ? "dot won" : "dot" }));
  return svg;
}

export function showPlayer(app, playerId) {
  app.dataset.view = "player";
  let data = null;

  function familyPanel(f) {
    const when = (at) => new Date(at).toLocaleString(lang === "ru" ? "ru-RU" : "en-GB");
    return el("section", { class: "card-panel family" },
      el("h2", {}, r(`family_${f.family}`)),
      el("p", { class: "figures" },
        `${r("figures", { rating: fixed(f.ordinal), mu: fixed(f.mu), sigma: fixed(f.sigma) })} · `,
        `${r("games")}: ${f.games} · ${r("wins")}: ${f.wins} · ${r("place")}: ${fixed(f.place, 2)}`),
      el("table", { class: "presets" },
        el("thead", {}, el("tr", {}, ["preset", "games", "wins", "place"].map((k) => el("th", {}, r(k))))),
        el("tbody", {}, f.presets.map((p) => el("tr", {},
          el("td", {}, presetTitle(p.preset)), el("td", { class: "num" }, String(p.games)),
          el("td", { class: "num" }, String(p.wins)), el("td", { class: "num" }, fixed(p.place, 2)))))),
      el("h3", {}, r("history")),
      historyChart(f.history),
      el("table", { class: "history" },
        el("thead", {}, el("tr", {}, ["when", "game", "placeOne", "ordinal"].map((k) => el("th", {}, r(k))))),
        el("tbody", {}, f.history.slice().reverse().map((s) => el("tr", {},
          el("td", {}, when(s.at)),
          el("td", {}, el("a", { href: `/r/${s.table}` }, presetTitle(s.preset))),
          el("td", { class: "num" }, String(s.place), s.won ? ` (${r("won")})` : null),
          el("td", { class: "num" }, fixed(s.ordinal)))))));
  }

  let presets = {};
  function presetTitle(name) {
    const p = presets[name];
    return p ? (lang === "ru" ? p.ru : p.en) : name;
  }

  function draw() {
    if (!data) return;
    app.replaceChildren(el("section", { class: "card-panel player" },
      el("h1", {}, who(data)),
      el("p", {}, el("a", { href: "/ratings" }, r("title")))),
      ...(data.families.length ? data.families.map(familyPanel) : [el("p", { class: "card-panel empty" }, r("noGames"))]));
  }

  api("/api/meta").then((m) => {
    presets = Object.fromEntries(m.presets.map((p) => [p.name, p]));
    draw();
  }).catch(() => {});
  api(`/api/players/${playerId}`).then((d) => { data = d; draw(); }).catch((e) => {
    app.replaceChildren(el("p", { class: "card-panel empty" }, e.message));
  });
  return { relang: draw };
}
