// The first page: pick a name, the game, the seats and house rules; create the table.
import { api, el, lang, playerKey, t, toast } from "./common.js";
import { noteShown } from "./fair.js";
import { createLobby, seated } from "./lobby.js";

const FIELDS = ["max_exchange", "remise", "dealer_trump", "passing", "ace_forbids_pass",
  "must_trump", "must_overtrump", "must_head_trick", "marriage_lead", "ace_covers_honours",
  "five_suit", "five_suit_wins", "four_aces", "jacks", "freeze", "overshoot", "payout",
  "spade_ace_bonus", "big_pack_from", "dave",
  // The plain games (RULES §10.2–10.5).
  "deals", "jacks_trump", "rank_order", "trump", "rubbers", "pack_size"];

// The house options of a preset's family (each family has its own, /api/meta).
function familyOptions(meta, preset) {
  return meta.options.filter((o) => o.family === preset.family);
}

export function showCreate(app) {
  app.dataset.view = "create";
  let meta = null;
  let form = null;
  const state = { preset: "classic", players: 3, seats: [] };
  const lobby = createLobby();  // the name, «Играть сейчас», the open tables (lobby.js)

  function draw() {
    app.replaceChildren();
    document.getElementById("where").textContent = "";
    if (!meta) return;
    const preset = meta.presets.find((p) => p.name === state.preset);
    const [lo, hi] = preset.players;
    state.players = Math.min(hi, Math.max(lo, state.players));
    while (state.seats.length < state.players) state.seats.push(state.seats.length === 0 ? "you" : "friend");
    state.seats.length = state.players;
    const defaults = preset.options;

    const presetSel = el("select", { id: "preset", name: "preset",
      onchange: (e) => { state.preset = e.target.value; keepName(); draw(); } },
    meta.presets.map((p) => el("option", { value: p.name, selected: p.name === state.preset },
      `${lang === "ru" ? p.ru : p.en} (${p.players[0]}–${p.players[1]})`)));
    const players = el("input", { id: "players", type: "number", min: lo, max: hi, value: state.players,
      onchange: (e) => { state.players = Number(e.target.value) || lo; keepName(); draw(); } });
    const seatRows = state.seats.map((kind, i) => {
      if (i === 0) return el("li", {}, `${i + 1}. `, el("b", {}, t("seatYou")));
      const sel = el("select", { "data-seat": i, "aria-label": `${t("seats")} ${i + 1}`,
        onchange: (e) => { state.seats[i] = e.target.value; } },
      el("option", { value: "friend", selected: kind === "friend" }, t("seatFriend")),
      (preset.levels || meta.levels).map((level) => el("option", { value: `bot:${level}`, selected: kind === `bot:${level}` },
        t("seatBot", { level: t(`level_${level}`) }))));
      return el("li", {}, `${i + 1}. `, sel);
    });
    const range = (o) => (o && o.min !== null ? { min: o.min, max: o.max } : { min: 0 });
    const hasStart = defaults.start_score !== undefined;
    const start = hasStart ? el("input", { id: "start_score", type: "number",
      ...range(familyOptions(meta, preset).find((o) => o.name === "start_score")), value: defaults.start_score }) : null;
    const house = familyOptions(meta, preset).filter((o) => FIELDS.includes(o.name)).map((o) => {
      const label = `${lang === "ru" ? o.ru : o.en} (${o.clause})`;
      const value = defaults[o.name];
      let input;
      if (o.kind === "bool") {
        input = el("input", { type: "checkbox", "data-option": o.name, "data-default": String(value), checked: value });
        return el("label", { class: "check" }, input, " ", label);
      }
      if (o.kind === "choice") {
        input = el("select", { "data-option": o.name, "data-default": String(value),
          "data-numeric": o.choices.every((c) => typeof c === "number") ? "1" : null },
          o.choices.map((c, i) => el("option", { value: c, selected: c === value },
            o.words ? o.words[lang][i] : c)));
      } else {
        input = el("input", { type: "number", ...range(o), "data-option": o.name, "data-default": String(value), value });
      }
      return el("label", {}, label, " ", input);
    });
    const clock = el("select", { id: "clock" }, ["off", "relaxed", "fast"].map((c) =>
      el("option", { value: c, selected: c === (state.clock || "off") }, t(`clock_${c}`))));
    clock.addEventListener("change", () => { state.clock = clock.value; });
    const delay = el("select", { id: "watch-delay" }, [0, 10, 30, 120].map((d) =>
      el("option", { value: d, selected: d === (state.watchDelay || 0) }, d ? t("watchDelay_n", { n: d }) : t("watchDelay_0"))));
    delay.addEventListener("change", () => { state.watchDelay = Number(delay.value); });
    const hints = el("input", { type: "checkbox", id: "hints", checked: Boolean(state.hints) });
    hints.addEventListener("change", () => { state.hints = hints.checked; });
    const open = el("input", { type: "checkbox", id: "public", checked: Boolean(state.public) });
    open.addEventListener("change", () => { state.public = open.checked; });
    const reactions = el("input", { type: "checkbox", id: "reactions", checked: state.reactions !== false });
    reactions.addEventListener("change", () => { state.reactions = reactions.checked; });
    const extra = el("textarea", { id: "extra", rows: 2, placeholder: "ace_values={\"S\":5,\"C\":10,\"D\":15,\"H\":20}" });
    form = el("form", { id: "create-form", class: "card-panel", onsubmit: submit },
      el("h2", {}, t("lobby.createTitle")),
      el("label", {}, t("preset"), " ", presetSel),
      el("label", {}, t("players"), " ", players),
      el("fieldset", {}, el("legend", {}, t("seats")), el("ol", { class: "seats" }, seatRows)),
      hasStart ? el("label", {}, t("startScore"), " ", start) : null,
      el("label", {}, t("clock"), " ", clock),
      el("label", {}, t("watchDelay"), " ", delay),
      el("label", { class: "check" }, hints, " ", t("hints")),
      el("label", { class: "check" }, open, " ", t("lobby.public")),
      el("label", { class: "check" }, reactions, " ", t("lobby.reactions")),
      el("details", {}, el("summary", {}, t("houseRules")),
        el("div", { class: "house" }, house),
        el("label", { class: "wide" }, t("moreRules"), extra)),
      el("button", { type: "submit", id: "create", class: "primary" }, t("create")));
    lobby.draw();
    app.append(el("section", { class: "intro" }, el("h1", {}, t("brand")), el("p", {}, t("intro"))), lobby.node, form);
  }

  function keepName() {
    const input = document.getElementById("name");
    if (input) localStorage.setItem("rams.name", input.value);
  }

  async function submit(event) {
    event.preventDefault();
    const name = document.getElementById("name").value.trim();  // (the lobby's field)
    localStorage.setItem("rams.name", name);
    const rules = {};
    const preset = meta.presets.find((p) => p.name === state.preset);
    const startInput = form.querySelector("#start_score");
    const start = startInput ? Number(startInput.value) : 0;
    if (start && start !== preset.options.start_score) rules.start_score = start;
    for (const input of form.querySelectorAll("[data-option]")) {
      const key = input.dataset.option;
      let value;
      if (input.type === "checkbox") value = input.checked;
      else if (input.type === "number") {
        if (input.value === "") continue;  // (an option whose default is «none», Ramsch's deals)
        value = Number(input.value);
      } else value = input.dataset.numeric ? Number(input.value) : input.value;
      if (String(value) !== input.dataset.default) rules[key] = value;
    }
    const bots = state.seats.map((kind) => (kind.startsWith("bot:") ? kind.slice(4) : null));
    const extra = form.querySelector("#extra").value.split("\n").map((s) => s.trim()).filter(Boolean);
    try {
      const made = await api("/api/tables", {
        name, preset: state.preset, players: state.players, bots, rules, extra,
        clock: form.querySelector("#clock").value, watch_delay: Number(form.querySelector("#watch-delay").value),
        hints: form.querySelector("#hints").checked,
        public: form.querySelector("#public").checked, reactions: form.querySelector("#reactions").checked,
        key: playerKey(), lang,
      });
      noteShown(made.id, made.table.fair);  // deal 1's commitment, before this seat's seed
      seated(made);
    } catch (e) {
      toast(e.message);
    }
  }

  api("/api/meta").then((m) => { meta = m; draw(); }).catch((e) => toast(e.message));
  return { relang: () => { keepName(); draw(); } };
}
