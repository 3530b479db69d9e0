// The step-by-step replay of a finished game: every hand face up, the score sheet at the end.
import {
  actionText, api, cardEl, el, lang, presetName, settlementEl, sheetEl, suitSymbol, t, toast,
} from "./common.js";

export function showReplay(app, tableId) {
  app.dataset.view = "replay";
  let data = null;
  let i = 0;

  async function load() {
    try {
      data = await api(`/api/tables/${tableId}/replay?lang=${lang}`);
      i = Math.min(i, data.steps.length - 1);
      draw();
    } catch (e) {
      app.replaceChildren(el("p", { class: "card-panel" }, t("notOver"), " ", el("a", { href: `/t/${tableId}` }, tableId)));
      toast(e.message);
    }
  }

  function go(to) {
    if (!data) return;
    i = Math.max(0, Math.min(data.steps.length - 1, to));
    draw();
  }

  function draw() {
    const s = data.steps[i];
    const names = data.players;
    document.getElementById("where").textContent = `${t("replayTitle")} · ${presetName(data.rules)}`;
    const lines = [];
    for (let k = 0; k <= i; k++) if (data.steps[k].deal === s.deal) lines.push(...data.steps[k].lines);
    const hands = el("div", { class: "replay-hands" }, names.map((n, seat) => el("div", {
      class: `seat${s.to_move === seat ? " to-move" : ""}${s.seat === seat ? " acted" : ""}`,
      dataset: { seat } },
    el("div", { class: "seat-name" }, n, s.dealer === seat ? el("span", { class: "badge dealer" }, t("dealer")) : null),
    el("div", { class: "seat-line" }, el("span", { class: "record" }, String(s.records[seat])),
      s.calls[seat] ? el("span", { class: `call ${s.calls[seat]}` }, t(`call_${s.calls[seat]}`)) : null,
      el("span", { class: "tricks" }, "●".repeat(s.tricks_taken[seat]) || "·")),
    el("div", { class: "hand small-hand" }, s.hands[seat].map((c) => cardEl(c, { small: true }))))));
    const centre = el("div", { class: "centre" },
      el("div", { class: "trumpbox" }, el("div", { class: "label" }, t("trump")),
        s.turned ? cardEl(s.turned) : el("span", { class: "suit-big" }, s.trump ? suitSymbol(s.trump) : "—"),
        el("div", { class: "stock" }, `${t("stock")}: ${s.stock}`)),
      el("div", { class: "trick" }, (s.trick.length ? s.trick : s.last_trick || []).map(([seat, c]) =>
        el("figure", {}, cardEl(c), el("figcaption", {}, names[seat])))));
    const slider = el("input", { type: "range", id: "replay-slider", min: 0, max: data.steps.length - 1, value: i,
      "aria-label": t("step", { i: i + 1, n: data.steps.length }), oninput: (e) => go(Number(e.target.value)) });
    const controls = el("div", { class: "replay-controls" },
      el("button", { type: "button", id: "first", onclick: () => go(0), "aria-label": "first" }, "«"),
      el("button", { type: "button", id: "prev", onclick: () => go(i - 1), "aria-label": "previous" }, "◀"),
      el("button", { type: "button", id: "next", onclick: () => go(i + 1), "aria-label": "next" }, "▶"),
      el("button", { type: "button", id: "last", onclick: () => go(data.steps.length - 1), "aria-label": "last" }, "»"),
      slider,
      el("span", { id: "step-no" }, `${t("deal", { n: s.deal })} · ${t("step", { i: i + 1, n: data.steps.length })}`));
    const action = s.action === null ? t("start") : `${names[s.seat]}: ${actionText(s.action)}`;
    const end = i === data.steps.length - 1 && data.payouts
      ? settlementEl(names, data.payouts, null) : null;
    app.replaceChildren(el("div", { class: "game replay" },
      el("section", { class: "board" }, el("h2", {}, t("replayTitle")), controls,
        el("p", { class: "replay-action", id: "replay-action" }, action), centre, hands, end,
        el("p", { class: "links" }, el("a", { href: `/api/tables/${tableId}/record`, download: `rams-${tableId}.json` }, t("download")))),
      el("aside", {}, sheetEl(data.sheet),
        el("section", { class: "log" }, el("h3", {}, `${t("log")} · ${t("deal", { n: s.deal })}`),
          el("ol", {}, lines.map((line) => el("li", {}, line)))))));
  }

  document.addEventListener("keydown", (e) => {
    if (!data || e.target instanceof HTMLInputElement) return;
    if (e.code === "ArrowRight") go(i + 1);
    else if (e.code === "ArrowLeft") go(i - 1);
    else if (e.code === "Home") go(0);
    else if (e.code === "End") go(data.steps.length - 1);
  });
  load();
  return { relang: load };
}
