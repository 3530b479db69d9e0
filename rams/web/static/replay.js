// The step-by-step replay of a finished game, of any family: every hand face up (at each
// deal's end, every hand as dealt), the score sheet as it stood at the step shown, and at
// the last step the winners by name with the settlement explained.
import {
  api, cardEl, el, lang, num, presetName, seatMarks, sheetEl, standingsEl, t, toast, trickCount, trumpBox,
} from "./common.js";
import { checkLog, hasLog, loadLog, logChecked, recordTable, verifyRecord } from "./fair.js";


export function showReplay(app, tableId) {
  app.dataset.view = "replay";
  let data = null;
  let i = 0;
  let verdict = null;  // the Verify button's answer: { text, proven }
  // The strong bot's analysis of one seat (rams.web.analysis): the seat chosen, and the
  // server's answer (status, progress; once done the ratings, each with its line).
  // (A link may name the seat to analyse: «Разобрать партию» at the table's end, ?seat=N.)
  let analysisSeat = Math.max(0, Number(new URLSearchParams(location.search).get("seat")) || 0);
  let analysis = null;
  let polling = null;

  // The replay's own words come with it (the catalogue's ``replay`` section).
  const w = (key) => (data && data.words && data.words[key]) || t(key);

  async function load() {
    try {
      data = await api(`/api/tables/${tableId}/replay?lang=${lang}`);
      i = Math.min(i, data.steps.length - 1);
      analysisSeat = Math.min(analysisSeat, data.players.length - 1);
      draw();
      if (location.hash === "#analysis") document.getElementById("analysis")?.scrollIntoView();
    } catch (e) {
      // No such table: say so (not «the replay opens once the game is over»).
      const gone = e.status === 404;
      app.replaceChildren(el("section", { class: "card-panel", id: gone ? "not-found" : "not-over" },
        gone ? el("h2", {}, t("notFound")) : el("p", {}, t("notOver"), " ", el("a", { href: `/t/${tableId}` }, tableId)),
        gone ? el("p", {}, el("a", { href: "/", class: "primary" }, t("newTable"))) : null));
      if (!gone) toast(e.message);
    }
  }

  function go(to) {
    if (!data) return;
    i = Math.max(0, Math.min(data.steps.length - 1, to));
    draw();
  }

  // The sheet as it stood at step ``s``: the rows written by then.
  function sheetAt(s) {
    return data.sheet ? sheetEl(data.sheet, null, s.sheet_rows === undefined ? null : s.sheet_rows) : null;
  }

  function cardsRow(label, cards, cls) {
    return el("div", { class: `replay-shown ${cls}` },
      el("span", { class: "label" }, label),
      el("span", { class: "hand small-hand" }, cards.map((c) => cardEl(c, { small: true }))));
  }

  // A seat as the step shows it: the display's line (the same as at the table), its hand
  // face up, and at a deal's end its hand as dealt (and as play began, where that differs).
  function seatBox(s, names, seat) {
    const line = s.display.seats[seat];
    const dealt = s.dealt ? s.dealt[seat] : null;
    const inPlay = s.in_play ? s.in_play[seat] : null;
    const { badges, notes } = seatMarks(line.marks);
    if (s.dealer === seat) badges.unshift(el("span", { class: "badge dealer" }, t("dealer")));
    return el("div", {
      class: `seat${s.to_move === seat ? " to-move" : ""}${s.seat === seat ? " acted" : ""}${line.passed ? " passed" : ""}`,
      dataset: { seat } },
    el("div", { class: "seat-name" }, names[seat], badges),
    el("div", { class: "seat-line" },
      el("span", { class: "record", title: s.display.score }, num(line.score)), notes, trickCount(line.tricks)),
    s.hands[seat].length ? el("div", { class: "hand small-hand" }, s.hands[seat].map((c) => cardEl(c, { small: true }))) : null,
    dealt ? cardsRow(w("dealt"), dealt, "dealt") : null,
    inPlay ? cardsRow(w("inPlay"), inPlay, "in-play") : null);
  }

  function resultEl(names) {
    const r = data.result;
    if (!r) return null;
    return el("section", { class: "replay-result", id: "replay-result", dataset: { winners: r.winners.join(" ") } },
      el("h3", {}, w("result")),
      el("p", { class: "winner", id: "replay-winner" }, r.title),
      r.why ? el("p", { class: "why" }, r.why) : null,
      el("ul", { class: "settlement-lines", id: "settlement-lines" }, r.lines.map((line) => el("li", {}, line))),
      standingsEl(data.sheet, data.settlement));
  }

  // A finding's fields in words: a seat as the log names it (its bot's level after it).
  function fieldWords(fields) {
    const out = {};
    for (const [k, v] of Object.entries(fields || {})) {
      if (v && typeof v === "object" && v.key) {
        const level = v.level ? t(`level_${v.level}`) : null;
        out[k] = t(v.key, { name: v.name, level: level === `level_${v.level}` ? v.level : level });
      } else {
        out[k] = v;
      }
    }
    return out;
  }

  function findingText(f, inDeal, inRecord) {
    const why = t(`fair.why_${f.reason}`, fieldWords(f.fields));
    return f.deal === null || f.deal === undefined ? t(inRecord, { why }) : t(inDeal, { deal: f.deal, why });
  }

  // The Verify button: the downloadable record's every deck recomputed here (rams.fair),
  // then the record held against this browser's own log of the table (what it was shown
  // before each deal, its own seeds); or a record file of one's own (its pack then read
  // from its decks' length, its table's log looked up by the record's table).
  async function verify(file = null) {
    if (!(window.crypto && crypto.subtle)) {
      verdict = { text: t("fair.no_crypto"), proven: false };
      draw();
      return;
    }
    verdict = { text: t("fair.checking"), proven: null };
    draw();
    try {
      const record = file ? JSON.parse(await file.text()) : await api(`/api/tables/${tableId}/record`);
      const r = await verifyRecord(record, file ? null : data.pack_size);
      if (r.count === undefined) {
        verdict = r.deal === undefined ? { text: t(`fair.${r.reason}`), proven: false }
          : { text: findingText(r, "fair.not_proven", "fair.not_proven_record"), proven: false };
      } else {
        const proven = t(r.old ? "fair.proven_old" : "fair.proven", { count: r.count });
        const table = file ? recordTable(record) : tableId;
        if (!table || !hasLog(table)) {
          verdict = { text: `${proven} ${t("fair.no_log")}`, proven: true };
        } else {
          const log = loadLog(table);
          const differs = checkLog(record, log, record.result !== undefined);
          if (differs.length) {
            verdict = { text: findingText(differs[0], "fair.not_mine_deal", "fair.not_mine"), proven: false };
          } else {
            const n = logChecked(log, record.deals.length);
            verdict = { text: `${proven} ${t("fair.mine_ok", n)}`, proven: true };
          }
        }
      }
    } catch (e) {
      verdict = { text: e instanceof SyntaxError ? t("fair.not_json") : e.message, proven: false };
    }
    draw();
  }

  function verifyBox() {
    const cls = verdict === null || verdict.proven === null ? "" : verdict.proven ? " proven" : " failed";
    return el("section", { class: "fair replay-verify", id: "replay-verify" },
      el("button", { type: "button", id: "verify", onclick: () => verify() }, t("fair.verify")),
      " ",
      // The file input's own button would say «Choose File» in the browser's language, not
      // the page's: it is hidden, and the label, a button in the page's words, opens it.
      el("label", { class: "file-button", tabindex: "0", role: "button",
        onkeydown: (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), e.target.querySelector("input").click()) },
        t("fair.verify_file"),
        el("input", { type: "file", id: "verify-file", class: "hidden-input", accept: ".json,application/json",
          onchange: (e) => e.target.files[0] && verify(e.target.files[0]) })),
      verdict ? el("p", { class: `verify-verdict${cls}`, id: "verify-verdict", role: "status" }, verdict.text) : null);
  }

  // The analysis: started (or found) by POST, then asked for every half second until done.
  async function analyse() {
    clearTimeout(polling);
    const seat = analysisSeat;
    const path = `/api/tables/${tableId}/analysis?seat=${seat}&lang=${lang}`;
    try {
      analysis = await api(path, {});
      draw();
      while (analysis.status === "running" && analysis.seat === seat && seat === analysisSeat) {
        await new Promise((resolve) => { polling = setTimeout(resolve, 500); });
        if (seat !== analysisSeat) return;
        analysis = await api(path);
        draw();
      }
    } catch (e) {
      toast(e.message);
    }
  }

  async function relangAnalysis() {
    if (!analysis || analysis.status !== "done") return;
    try {
      analysis = await api(`/api/tables/${tableId}/analysis?seat=${analysis.seat}&lang=${lang}`);
      draw();
    } catch (e) {
      toast(e.message);
    }
  }

  // The costly decisions of the seat analysed, by the replay's step index.
  function costlySteps() {
    const marks = new Map();
    if (!analysis || analysis.status !== "done") return marks;
    const costly = analysis.ratings.filter((r) => r.costly);
    data.steps.forEach((s, k) => {
      const r = costly.find((c) => c.deal === s.deal && c.step === s.index);
      if (r) marks.set(k, r);
    });
    return marks;
  }

  function analysisBox(names) {
    const a = analysis && analysis.seat === analysisSeat ? analysis : null;
    const running = a !== null && a.status === "running";
    let status = null;
    if (running) {
      status = el("p", { class: "analysis-status", id: "analysis-status", role: "status" },
        el("progress", { id: "analysis-progress", max: Math.max(1, a.total), value: a.done }), " ",
        a.total ? t("analysis.progress", { done: a.done, total: a.total }) : t("analysis.waiting"));
    } else if (a !== null && a.status === "failed") {
      status = el("p", { class: "analysis-status failed", id: "analysis-status", role: "status" }, t("analysis.failed"));
    } else if (a !== null && a.status === "done") {
      status = el("div", { class: "analysis-status", id: "analysis-status", role: "status", dataset: { done: "1" } },
        el("p", {}, a.summary), el("p", { class: "unit" }, a.unit));
    }
    const seat = el("select", { id: "analysis-seat", disabled: running,
      onchange: (e) => { analysisSeat = Number(e.target.value); clearTimeout(polling); draw(); } },
    names.map((n, k) => el("option", { value: k, selected: k === analysisSeat }, n)));
    return el("section", { class: "analysis", id: "analysis" },
      el("h3", {}, t("analysis.title")),
      el("label", {}, t("analysis.seat"), " ", seat), " ",
      el("button", { type: "button", id: "analysis-start", disabled: running, onclick: () => analyse() }, t("analysis.start")),
      status);
  }

  function draw() {
    const s = data.steps[i];
    const names = data.players;
    const last = i === data.steps.length - 1;
    document.getElementById("where").textContent = `${t("replayTitle")} · ${presetName(data.rules)}`;
    const lines = [];
    for (let k = 0; k <= i; k++) if (data.steps[k].deal === s.deal) lines.push(...data.steps[k].lines);
    const hands = el("div", { class: "replay-hands" }, names.map((_, seat) => seatBox(s, names, seat)));
    // The trick as it lies (a finished one, with its taker marked, until the next card).
    const done = !s.trick.length && s.last_trick;
    const shownTrick = s.trick.length ? s.trick : done ? s.last_trick.cards : [];
    const centre = el("div", { class: "centre" }, trumpBox(s.display),
      el("div", { class: `trick${done ? " done" : ""}` }, shownTrick.map(([seat, c]) =>
        el("figure", { class: done && seat === s.last_trick.winner ? "winner" : null },
          cardEl(c), el("figcaption", {}, names[seat])))));
    const marks = costlySteps();
    const mark = marks.get(i);
    const slider = el("input", { type: "range", id: "replay-slider", min: 0, max: data.steps.length - 1, value: i,
      "aria-label": t("step", { i: i + 1, n: data.steps.length }), oninput: (e) => go(Number(e.target.value)) });
    // Each costly decision marked along the slider, at its step (a click shows it).
    const lastStep = Math.max(1, data.steps.length - 1);
    const timeline = marks.size ? el("div", { class: "analysis-marks", id: "analysis-marks" },
      [...marks.entries()].map(([k, r]) => {
        const b = el("button", { type: "button", class: `analysis-mark${k === i ? " shown" : ""}`,
          dataset: { step: k }, title: r.line,
          "aria-label": `${t("analysis.mark")}: ${t("deal", { n: r.deal })} · ${t("step", { i: k + 1, n: data.steps.length })}`,
          onclick: () => go(k) }, "▲");
        b.style.left = `${(100 * k) / lastStep}%`;  // (CSSOM: the page's CSP allows no inline style)
        return b;
      })) : null;
    const controls = el("div", { class: "replay-controls" },
      el("button", { type: "button", id: "first", onclick: () => go(0), "aria-label": "first" }, "«"),
      el("button", { type: "button", id: "prev", onclick: () => go(i - 1), "aria-label": "previous" }, "◀"),
      el("button", { type: "button", id: "next", onclick: () => go(i + 1), "aria-label": "next" }, "▶"),
      el("button", { type: "button", id: "last", onclick: () => go(data.steps.length - 1), "aria-label": "last" }, "»"),
      el("div", { class: "replay-track" }, slider, timeline),
      el("span", { id: "step-no" }, `${t("deal", { n: s.deal })} · ${t("step", { i: i + 1, n: data.steps.length })}`));
    const action = s.action === null ? t("start") : `${names[s.seat]}: ${s.said}`;
    app.replaceChildren(el("div", { class: "game replay", dataset: { step: i, end: last ? "1" : "0" } },
      el("section", { class: "board" }, el("h2", {}, t("replayTitle")), controls,
        el("p", { class: "replay-action", id: "replay-action" }, action),
        mark ? el("p", { class: "analysis-line", id: "analysis-line", role: "note" }, `${names[analysis.seat]}: ${mark.line}`) : null,
        centre, hands,
        last ? resultEl(names) : null,
        el("p", { class: "links" }, el("a", { href: `/api/tables/${tableId}/record`, download: `rams-${tableId}.json` }, t("download")),
          hasLog(tableId) ? " · " : null,
          hasLog(tableId) ? el("a", { id: "log-download", download: `rams-${tableId}.fair-log.json`,
            href: `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(loadLog(tableId), null, 1))}` },
          t("fair.log_download")) : null),
        analysisBox(names),
        verifyBox()),
      el("aside", {}, sheetAt(s),
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
  return { relang: () => { load(); relangAnalysis(); } };
}
