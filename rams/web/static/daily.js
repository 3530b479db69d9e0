// The daily deals (rams.daily): today's deals of every game family, each played once against
// bots; the results on each deal compared on the very same cards (matchpoints), the day's
// standings, each player's replay and the bots' analysis once the day is over; the deals'
// commitments before, their seeds after.
import { api, decimal, el, lang, myPlayerId, num, playerKey, signed, t, toast } from "./common.js";
import { nameField, seated } from "./lobby.js";

const d = (key, vars) => t(`daily.${key}`, vars);
// The table this browser played a deal at (its own replay, before the day is over).
const mineKey = (deal) => `rams.daily.${deal}`;

function dayText(day) {
  const [y, m, dd] = day.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, dd));
  return date.toLocaleDateString(lang === "ru" ? "ru-RU" : "en-GB",
    { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

function shiftDay(day, by) {
  const [y, m, dd] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, dd + by)).toISOString().slice(0, 10);
}

export function showDaily(app, day = null) {
  app.dataset.view = "daily";
  let data = null;
  let mine = null;
  const name = nameField("daily-name", { "aria-label": t("yourName") });

  async function play(deal) {
    const value = name.input.value.trim();
    if (!value) { toast(t("yourName")); name.input.focus(); return; }
    localStorage.setItem("rams.name", value);
    try {
      const made = await api(`/api/daily/${deal.id}/play`, { name: value, key: playerKey(), lang });
      try { localStorage.setItem(mineKey(deal.id), made.id); } catch { /* (this visit only) */ }
      seated(made);
    } catch (e) {
      toast(e.message);
      load();
    }
  }

  function resultRow(deal, r) {
    const table = r.table || (r.player === mine ? localStorage.getItem(mineKey(deal.id)) : null);
    return el("tr", { class: r.player === mine ? "mine" : null },
      el("td", {}, r.name, r.player === mine ? ` (${t("ratings.you")})` : null),
      el("td", { class: "num" }, num(r.points)),
      el("td", { class: "num" }, `${r.matchpoints} / ${r.most}`),
      el("td", {}, table ? [
        el("a", { href: `/r/${table}`, class: "replay-link" }, d("replay")), " · ",
        el("a", { href: `/r/${table}?seat=0#analysis`, class: "analysis-link" }, d("analysis")),
      ] : null));
  }

  function dealPanel(deal) {
    const own = deal.results.find((r) => r.player === mine);
    const table = own ? null : localStorage.getItem(mineKey(deal.id));
    let action = null;
    if (own) action = el("p", { class: "daily-mine" }, d("yourPoints", { points: num(own.points) }));
    else if (table) action = el("p", {}, el("a", { href: `/t/${table}`, class: "primary" }, d("goOn")));
    else if (data.open) action = el("button", { type: "button", class: "primary play-daily", "data-deal": deal.id, onclick: () => play(deal) }, d("play"));
    return el("section", { class: "card-panel daily-deal", id: `deal-${deal.id}` },
      el("h3", {}, d("deal", { title: deal.title, n: deal.number })),
      el("p", { class: "small fair-line" }, d("commitment"), " ",
        el("code", { title: deal.commitment }, `${deal.commitment.slice(0, 16)}…`)),
      deal.seed ? el("p", { class: "small fair-line" }, d("seed"), " ", el("code", { class: "seed" }, deal.seed)) : null,
      action,
      deal.results.length ? el("div", { class: "scroll-x" }, el("table", { class: "leaderboard daily-results" },
        el("thead", {}, el("tr", {}, ["player", "points", "matchpoints", "replay"].map((k) => el("th", {}, d(`col_${k}`))))),
        el("tbody", {}, deal.results.map((r) => resultRow(deal, r))))) : el("p", { class: "empty" }, d("noResults")));
  }

  function standings() {
    if (!data.standings.length) return null;
    return el("section", { class: "card-panel daily-standings" },
      el("h2", {}, d("standings")),
      el("p", { class: "small" }, d("standingsExplain")),
      el("div", { class: "scroll-x" }, el("table", { class: "leaderboard", id: "daily-standings" },
        el("thead", {}, el("tr", {}, ["rank", "player", "deals", "matchpoints", "percent", "versus"].map((k) => el("th", {}, d(`col_${k}`))))),
        el("tbody", {}, data.standings.map((s, i) => el("tr", { class: s.player === mine ? "mine" : null },
          el("td", { class: "num" }, String(i + 1)),
          el("td", {}, s.name, s.player === mine ? ` (${t("ratings.you")})` : null),
          el("td", { class: "num" }, String(s.deals)),
          el("td", { class: "num" }, `${s.matchpoints} / ${s.most}`),
          el("td", { class: "num" }, `${decimal(s.percent)} %`),
          el("td", { class: "num" }, s.versus_bots === null ? "—" : signed(s.versus_bots))))))));
  }

  function draw() {
    if (!data) return;
    const families = [];
    for (const deal of data.deals) {
      let group = families.find((f) => f.family === deal.family);
      if (!group) families.push(group = { family: deal.family, deals: [] });
      group.deals.push(deal);
    }
    const nav = el("nav", { class: "tabs daily-days" },
      el("a", { href: `/daily/${shiftDay(data.day, -1)}`, id: "day-before" }, d("before")),
      data.day !== data.today ? el("a", { href: "/daily", id: "day-today" }, d("today")) : null);
    app.replaceChildren(...[
      el("section", { class: "card-panel daily" },
        el("h1", {}, d("title")),
        el("p", { class: "daily-day" }, dayText(data.day), " · ",
          data.open ? d("open") : data.over ? d("over") : d("coming")),
        el("p", {}, d("intro")),
        data.open ? el("label", { class: "wide" }, t("yourName"), name.input, name.note) : null,
        el("p", { class: "small" }, data.over ? d("seedsShown") : d("seedsLater")),
        nav),
      standings(),
      ...families.map((f) => el("section", { class: "daily-family" },
        el("h2", {}, t(`ratings.family_${f.family}`)), ...f.deals.map(dealPanel))),
      data.next ? el("section", { class: "card-panel small daily-next" },
        el("h2", {}, d("tomorrow")),
        el("ul", {}, data.next.deals.map((x) => el("li", {}, d("deal", { title: x.title, n: x.number }), " ", el("code", { title: x.commitment }, `${x.commitment.slice(0, 16)}…`))))) : null,
    ].filter(Boolean));  // (a part not shown is left out)
  }

  function load() {
    api(day ? `/api/daily/${day}?lang=${lang}` : `/api/daily?lang=${lang}`)
      .then((got) => { data = got; draw(); })
      .catch((e) => app.replaceChildren(el("p", { class: "card-panel empty" }, e.message)));
  }

  myPlayerId().then((id) => { mine = id; draw(); }).catch(() => {});
  load();
  return { relang: load };
}
