// The public ladder (rams.web.ladder): a family's ratings of the registered bots and the
// built-in levels, the matches the server played with their figures and replays, and the
// form that registers a bot (a name; the secret key is shown once, with the command that
// connects the bot).
import { api, decimal as fixed, el, lang, t, toast } from "./common.js";

const w = (key, vars) => t(`ladder.${key}`, vars);

function entrantName(names, id) {
  const name = names[id] ?? id;
  if (id.startsWith("level:")) {
    const level = id.slice("level:".length);
    return w("builtin", { level: w(`level_${level}`) });
  }
  return name;
}

function familyTabs(families, current) {
  return el("nav", { class: "tabs" }, families.map((f) =>
    el("a", { href: `/ladder/${f}`, class: f === current ? "current" : null,
      "aria-current": f === current ? "page" : null }, t(`ratings.family_${f}`))));
}

function registerForm() {
  const out = el("div", { class: "bot-key", id: "bot-key" });
  const name = el("input", { id: "bot-name", maxlength: 40, required: true, "aria-label": w("botName"),
    placeholder: w("botName") });
  const form = el("form", { class: "register-bot", id: "register-bot", onsubmit: async (e) => {
    e.preventDefault();
    try {
      const bot = await api("/api/bots", { name: name.value });
      const command = `rams bot connect ${location.origin} --key ${bot.key} -- python3 examples/bots/random_bot.py`;
      out.replaceChildren(
        el("p", {}, w("registered", { name: bot.name })),
        el("p", {}, w("keyOnce")),
        el("input", { readonly: true, value: bot.key, id: "bot-key-value", "aria-label": w("key") }),
        el("p", {}, w("runIt")),
        el("pre", { class: "command", id: "bot-command" }, command));
    } catch (err) { toast(err.message); }
  } }, el("label", { for: "bot-name" }, w("botName")), name,
    el("button", { type: "submit", class: "primary" }, w("register")));
  return el("section", { class: "card-panel register" }, el("h2", {}, w("registerTitle")),
    el("p", {}, w("registerIntro")), form, out);
}

export function showLadder(app, family = null) {
  app.dataset.view = "ladder";
  let data = null;
  let presets = {};
  const when = (at) => new Date(at).toLocaleString(lang === "ru" ? "ru-RU" : "en-GB");
  const presetTitle = (name) => { const p = presets[name]; return p ? (lang === "ru" ? p.ru : p.en) : name; };

  function ratingsTable() {
    if (!data.ratings.length) return el("p", { class: "empty", id: "ladder-empty" }, w("empty"));
    const names = Object.fromEntries(data.ratings.map((r) => [r.entrant, r.name]));
    return el("div", { class: "scroll-x" }, el("table", { class: "leaderboard", id: "ladder-ratings" },
      el("thead", {}, el("tr", {}, ["rank", "bot", "ordinal", "skill", "matches"].map((k) => el("th", {}, w(k))))),
      el("tbody", {}, data.ratings.map((r, i) => el("tr", {},
        el("td", { class: "num" }, String(i + 1)),
        el("td", {}, entrantName(names, r.entrant)),
        el("td", { class: "num" }, fixed(r.ordinal, 2)),
        el("td", { class: "num" }, w("interval", { mu: fixed(r.mu, 2), low: fixed(r.low, 2), high: fixed(r.high, 2) })),
        el("td", { class: "num" }, String(r.matches)))))));
  }

  function matchPanel(m) {
    const points = m.bots.map((b) => `${entrantName(m.names, b.name)}: ${fixed(b.points_per_deal.mean, 2)}`);
    const failed = Object.entries(m.failures).map(([id, counts]) =>
      `${entrantName(m.names, id)}: ${Object.entries(counts).map(([c, n]) => `${t(`ladder.code_${c}`)} × ${n}`).join(", ")}`);
    return el("li", { class: "ladder-match" },
      el("span", { class: "when" }, when(m.at)), " · ",
      presetTitle(m.preset), " · ",
      w("deals", { count: m.deals }), " · ",
      points.join("; "),
      failed.length ? el("span", { class: "failed" }, ` · ${w("failed")}: ${failed.join("; ")}`) : null,
      " · ", w("replays"), " ",
      ...m.replays.flatMap((id, k) => [el("a", { href: `/r/${id}` }, String(k + 1)), " "]));
  }

  function draw() {
    if (!data) return;
    app.replaceChildren(
      el("section", { class: "card-panel ladder" },
        el("h1", {}, w("title")),
        el("p", {}, w("intro")),
        familyTabs(data.families, family),
        el("p", { class: "connected", id: "ladder-connected" }, w("connected", { count: data.connected })),
        ratingsTable(),
        el("h2", {}, w("latest")),
        data.matches.length ? el("ul", { class: "ladder-matches", id: "ladder-matches" }, data.matches.map(matchPanel))
          : el("p", { class: "empty" }, w("noMatches"))),
      registerForm());
  }

  api("/api/meta").then((m) => { presets = Object.fromEntries(m.presets.map((p) => [p.name, p])); draw(); }).catch(() => {});
  api(family ? `/api/ladder/${family}` : "/api/ladder").then((d) => { data = d; family = d.family; draw(); }).catch((e) => {
    app.replaceChildren(el("p", { class: "card-panel empty" }, e.message));
  });
  return { relang: draw };
}
