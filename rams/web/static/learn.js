// The lessons (rams.lessons, /learn): every family's lessons in a list, and a lesson — its
// position as the learner's seat sees it (the server sends only that seat's view), the task,
// the rules beside it, answered by clicking cards, actions or a rule; the server checks the
// answer with the engine, and a wrong move may be weighed by the bots on request.
// Progress: the lessons done, kept in this browser (localStorage; docs/lessons.md says why).
import { api, cardEl, cardText, el, fill, lang, t, toast, trumpBox } from "./common.js";

const w = (key, vars) => t(`learn.${key}`, vars);
const STORE = "rams.lessons";

// The lessons done («FAMILY/ID»), as this browser keeps them.
export function lessonsDone() {
  try {
    const data = JSON.parse(localStorage.getItem(STORE) || "{}");
    return new Set(Array.isArray(data.done) ? data.done.filter((k) => typeof k === "string") : []);
  } catch { return new Set(); }
}

function keepDone(done) {
  try { localStorage.setItem(STORE, JSON.stringify({ format: "rams-lessons/1", done: [...done].sort() })); }
  catch { /* (this visit only) */ }
}

// Every lesson in order, across families: [{ key, number, title, family }].
function inOrder(index) {
  return index.families.flatMap((f) => f.lessons.map((x) => ({ ...x, family: f.family })));
}

export function showLearn(app, family = null, lessonId = null) {
  app.dataset.view = "learn";
  let index = null;
  let shown = null;   // the lesson as the server sends it
  let result = null;  // the last answer's outcome
  let said = null;    // the last answer as the learner gave it, in words
  let marked = new Set();
  let asking = false;
  const key = family && lessonId ? `${family}/${lessonId}` : null;

  function draw() {
    if (!index) return;
    if (key === null) drawList();
    else if (shown) drawLesson();
  }

  function drawList() {
    const done = lessonsDone();
    const all = inOrder(index);
    app.replaceChildren(el("section", { class: "card-panel learn", id: "lessons" },
      el("h1", {}, w("title")),
      el("p", {}, w("intro")),
      el("p", { id: "learn-progress" }, w("progress", { done: all.filter((x) => done.has(x.key)).length, total: all.length })),
      all.length && all.every((x) => done.has(x.key)) ? el("p", { class: "finished" }, w("finished")) : null,
      index.families.map((f) => el("section", { class: "learn-family", dataset: { family: f.family } },
        el("h2", {}, t(`ratings.family_${f.family}`)),
        el("ol", {}, f.lessons.map((x) => el("li", { class: done.has(x.key) ? "done" : null },
          el("a", { href: `/learn/${x.key}`, class: "lesson", dataset: { key: x.key } }, x.title),
          " ", el("span", { class: "small goal" }, `(${w(`goal_${x.goal}`)})`),
          done.has(x.key) ? el("span", { class: "badge ok" }, w("done")) : null)))))));
  }

  // The answer as the page sends it, and as the learner is told they gave it.
  async function answer(value, words) {
    if (!shown) return;
    said = words;
    try {
      result = await api(`/api/lessons/${key}/check?lang=${lang}`, { answer: value });
      result.answer = value;
    } catch (e) { toast(e.message); return; }
    if (result.right) {
      const done = lessonsDone();
      done.add(key);
      keepDone(done);
    }
    marked = new Set();
    drawLesson();
    document.getElementById("result")?.scrollIntoView({ block: "nearest" });
  }

  async function askBots() {
    if (!result || asking) return;
    asking = true;
    drawLesson();
    try {
      const found = await api(`/api/lessons/${key}/bots?lang=${lang}`, { answer: result.answer });
      result = { ...found, answer: result.answer, asked: true };
    } catch (e) { toast(e.message); }
    asking = false;
    drawLesson();
  }

  function next() {
    const all = inOrder(index);
    const at = all.findIndex((x) => x.key === key);
    return at >= 0 && at + 1 < all.length ? all[at + 1] : null;
  }

  function handEl() {
    const choices = shown.choices;
    const pick = choices ? choices.pick : null;
    const pickable = new Set(pick ? pick.cards : []);
    const cards = shown.hand.map((c) => {
      const node = cardEl(c, { button: true });
      if (shown.goal === "legal") {
        node.classList.add("choosable");
        if (marked.has(c)) node.classList.add("selected");
        node.setAttribute("aria-pressed", marked.has(c) ? "true" : "false");
        node.addEventListener("click", () => { toggle(c, 99); });
      } else if (shown.goal === "play" && choices && choices.cards.length) {
        // Any card may be tried: a card the rules forbid is explained by its clause.
        node.classList.add("legal");
        node.addEventListener("click", () => answer(c, cardText(c)));
      } else if (pickable.has(c)) {
        node.classList.add("choosable");
        if (marked.has(c)) node.classList.add("selected");
        node.setAttribute("aria-pressed", marked.has(c) ? "true" : "false");
        node.addEventListener("click", () => {
          if (pick.some === null) answer(`${pick.verb} ${c}`, fill(pick.none) + ": " + cardText(c));
          else toggle(c, pick.most);
        });
      } else {
        node.disabled = true;
        node.classList.add("idle");
      }
      return node;
    });
    return el("div", { class: "hand", id: "hand", role: "group", "aria-label": w("hand_title") }, cards);
  }

  function toggle(c, most) {
    if (marked.has(c)) marked.delete(c);
    else if (most === 1) marked = new Set([c]);
    else if (marked.size < most) marked.add(c);
    drawLesson();
  }

  // What the learner answers with, by the lesson's goal.
  function answerEl() {
    const parts = [];
    if (shown.goal === "why") {
      parts.push(el("p", {}, w("web_why")));
      parts.push(el("div", { class: "options", id: "options" }, shown.options.map((o) =>
        el("button", { type: "button", class: "option", dataset: { clause: o.clause },
          onclick: () => answer(o.clause, o.clause) },
        el("strong", {}, `${o.clause}. `), o.text))));
    } else if (shown.goal === "legal") {
      parts.push(el("p", {}, w("web_legal")));
      const chosen = [...marked].map(cardText).join(" ");
      parts.push(el("p", { class: "small", id: "marked" }, chosen ? w("chosen", { cards: chosen }) : w("none_chosen")));
      const codes = shown.hand.filter((c) => marked.has(c));
      parts.push(el("div", { class: "buttons" }, el("button", { type: "button", class: "primary", id: "check",
        disabled: codes.length === 0, onclick: () => answer(codes.join(" "), codes.map(cardText).join(" ")) }, w("check"))));
    } else {
      const choices = shown.choices || { cards: [], pick: null, buttons: [] };
      const pick = choices.pick;
      const what = pick && pick.some !== null ? "web_pick" : choices.buttons.length ? "web_play" : "web_card";
      parts.push(el("p", {}, w(what)));
      const buttons = [];
      if (pick && pick.some !== null) {
        const codes = shown.hand.filter((c) => marked.has(c));
        const ok = codes.length >= pick.least && codes.length <= pick.most;
        const label = codes.length ? fill(pick.some, { n: codes.length, card: cardText(codes[0]) }) : fill(pick.none);
        // (What was answered, in words: the button's, and the cards unless it names them.)
        const named = codes.length === 0 || (codes.length === 1 && pick.some.includes("{card}"));
        const words = named ? label : `${label}: ${codes.map(cardText).join(" ")}`;
        buttons.push(el("button", { type: "button", class: "primary", id: "confirm", disabled: !ok,
          onclick: () => ok && answer([pick.verb, ...codes].join(" "), words) }, label));
      }
      for (const b of choices.buttons) {
        buttons.push(el("button", { type: "button", class: `word ${b.quiet ? "" : "primary"}`,
          dataset: { action: b.action }, onclick: () => answer(b.action, b.label) }, b.label));
      }
      if (buttons.length) parts.push(el("div", { class: "buttons", id: "choices" }, buttons));
    }
    return el("section", { class: "learn-answer", id: "answer" }, el("h3", {}, w("answer_title")), parts);
  }

  function resultEl() {
    if (!result) return null;
    const after = next();
    return el("section", { class: `learn-result ${result.right ? "right" : "wrong"}`, id: "result", role: "status" },
      el("p", { class: "verdict" }, result.right ? w("right") : w("wrong")),
      said ? el("p", { class: "small" }, w("you_answered", { answer: said })) : null,
      result.right ? null : el("ul", { class: "why", id: "why" }, result.lines.map((x) => el("li", {}, x))),
      result.right ? el("div", { class: "buttons" }, after
        ? el("a", { href: `/learn/${after.key}`, class: "button primary", id: "next" }, w("next"))
        : el("a", { href: "/learn", class: "button primary", id: "next" }, w("lessons")))
        : el("p", { class: "small" }, w("try_again")),
      !result.right && result.ask_bots && !result.asked ? el("div", { class: "buttons" },
        el("button", { type: "button", id: "ask-bots", disabled: asking, onclick: askBots }, asking ? w("asking") : w("ask_bots"))) : null);
  }

  function drawLesson() {
    const s = shown;
    const d = s.display;
    app.replaceChildren(el("section", { class: "card-panel learn lesson", id: "lesson", dataset: { key: s.key, goal: s.goal } },
      el("p", { class: "small" }, el("a", { href: "/learn", id: "all-lessons" }, w("lessons"))),
      el("h1", {}, w("heading", { number: s.number, total: s.total, title: s.title })),
      el("div", { class: "learn-layout" },
        el("div", { class: "learn-main" },
          el("p", { class: "you" }, w("you", { name: s.you, dealer: s.dealer })),
          el("div", { class: "learn-board" },
            trumpBox(d),
            s.trick.length ? el("div", { class: "learn-trick", id: "trick", role: "group", "aria-label": w("trick_title") },
              el("div", { class: "label small" }, w("trick_title")),
              s.trick.map((x) => el("figure", {}, cardEl(x.card), el("figcaption", { class: "small" }, x.name)))) : null),
          el("h3", {}, w("hand_title")),
          handEl(),
          s.tried ? el("p", { class: "tried", id: "tried" }, w("tried", { action: s.tried })) : null,
          el("p", { class: "task", id: "task" }, s.task),
          answerEl(),
          resultEl()),
        el("aside", { class: "learn-rules", id: "rules", "aria-label": w("rules_title") },
          el("h3", {}, w("rules_title")),
          el("dl", {}, s.clauses.flatMap((c) => [el("dt", {}, `${w("rule")} ${c.id}`), el("dd", {}, c.text)]))))));
  }

  async function load() {
    try {
      index = await api(`/api/lessons?lang=${lang}`);
      if (key !== null) shown = await api(`/api/lessons/${key}?lang=${lang}`);
    } catch (e) {
      app.replaceChildren(el("p", { class: "card-panel empty" }, e.message));
      return;
    }
    draw();
  }

  load();
  return {
    relang: () => {
      result = null;
      said = null;
      load();
    },
  };
}
