// The board of a plain trick game (Ramsch, Whist, Boston, the four trump deals): the seats
// with their sides, scores, tricks and open cards; the trump and what the game adds (the
// auction, the contract, the card points); the trick; the hand; the actions as buttons.
import { cardBack, cardEl, cardText, el, suitSymbol, t, withClauses } from "./common.js";

export function plainBoard(ctx) {
  const { state: v, table, seat, name, act, thinking } = ctx;
  const n = table.seats.length;
  const over = v.winners !== null && v.winners !== undefined;
  const sideOf = (s) => (v.sides ? v.sides.findIndex((side) => side.includes(s)) : -1);
  // Whist: the side's points in the game in play; the others: the seat's total.
  const scoreOf = (s) => (v.sides ? v.scores[sideOf(s)] : v.totals[s]);

  function seatBox(s) {
    const info = table.seats[s];
    const classes = ["seat"];
    if (v.to_move === s && !over) classes.push("to-move");
    if (s === seat) classes.push("me");
    if (v.extra && v.extra.passed && v.extra.passed.includes(s)) classes.push("passed");
    const badges = [];
    if (v.dealer === s) badges.push(el("span", { class: "badge dealer" }, t("dealer")));
    if (sideOf(s) >= 0) badges.push(el("span", { class: "badge side" }, t("p_side", { n: sideOf(s) + 1 })));
    if (v.extra && v.extra.declarer === s) badges.push(el("span", { class: "badge ok" }, t("p_declarer")));
    if (v.extra && v.extra.partner === s) badges.push(el("span", { class: "badge ok" }, t("p_partner")));
    if (info.bot) badges.push(el("span", { class: "badge" }, `${t("bot")} · ${t(`level_${info.bot}`)}`));
    else if (info.standin) badges.push(el("span", { class: "badge warn" }, t("standin")));
    else if (!info.online) badges.push(el("span", { class: "badge warn" }, t("offline")));
    if (table.pausing && info.ready) badges.push(el("span", { class: "badge ok" }, t("ready")));
    if (thinking === s) badges.push(el("span", { class: "badge thinking", id: "thinking" }, t("thinking")));
    const shown = v.shown[s] || [];
    const points = v.extra && v.extra.card_points ? v.extra.card_points[s] : null;
    return el("div", { class: classes.join(" "), dataset: { seat: s } },
      el("div", { class: "seat-name" }, info.name, " ", badges, ctx.seatExtras(s)),
      el("div", { class: "seat-line" },
        el("span", { class: "record", title: t("p_score") }, String(scoreOf(s))),
        points !== null ? el("span", { class: "exch", title: t("p_cardPoints") }, String(points)) : null,
        s !== seat ? el("span", { class: "exch" }, t("p_cards", { n: v.hand_sizes[s] })) : null,
        el("span", { class: "tricks", title: t("tricks") }, "●".repeat(v.tricks_taken[s] || 0) || "·")),
      shown.length ? el("div", { class: "known", title: t("p_shown") }, shown.map((c) => cardEl(c, { small: true }))) : null);
  }

  function centre() {
    const x = v.extra || {};
    const said = v.extra_words || {};  // (the bids and the contract in words, from the server)
    const trump = el("div", { class: "trumpbox" },
      el("div", { class: "label" }, t("trump")),
      el("span", { class: "suit-big", id: "trump" }, v.trump ? suitSymbol(v.trump) : "—"),
      !v.trump && v.phase === "play" ? el("div", { class: "small" }, t("p_noTrump")) : null,
      x.turned ? el("div", { class: "small", id: "second-pack" }, `${t("p_secondPack")}: `, cardEl(x.turned, { small: true })) : null,
      x.contract ? el("div", { class: "small", id: "contract" },
        `${t("p_contract")}: ${said.contract} (${x.value}) — ${name(x.declarer)}`) : null,
      x.bids && x.bids.length && !x.contract ? el("ol", { class: "small bids", id: "bids", "aria-label": t("p_bids") },
        x.bids.map(([s, , value], i) => el("li", {}, `${name(s)}: ${said.bids[i]} (${value})`))) : null,
      x.skat ? el("div", { class: "stock" }, cardBack(), ` ${x.skat}`) : null);
    return el("div", { class: "centre" }, trump, ctx.trickArea());
  }

  function handBox() {
    const legal = v.legal;
    const playable = new Set(legal ? legal.cards : []);
    const aside = new Set(legal ? legal.aside : []);
    const cards = v.hand.map((c, i) => {
      const node = cardEl(c, { button: true });
      node.dataset.index = String(i + 1);
      node.append(el("span", { class: "key" }, String(i + 1)));
      if (playable.has(c)) {
        node.classList.add("legal");
        node.addEventListener("click", () => act(c));
      } else if (aside.has(c)) {
        node.classList.add("choosable");
        node.addEventListener("click", () => act(`aside ${c}`));
      } else {
        node.disabled = playable.size > 0 || aside.size > 0;
        node.classList.add(legal === null || (playable.size === 0 && aside.size === 0) ? "idle" : "illegal");
      }
      return node;
    });
    return el("div", { class: "hand", role: "group", "aria-label": t("hand") }, cards);
  }

  function actionsBox() {
    const legal = v.legal;
    const buttons = (legal ? legal.actions : []).map((a) => el("button", {
      type: "button", class: `word ${a.action === "pass" ? "" : "primary"}`,
      dataset: { action: a.action }, onclick: () => act(a.action),
    }, a.label));
    let status;
    if (over) status = t("gameOver");
    else if (v.deal_over) status = t("dealOver", { n: v.deal });
    else if (legal && legal.aside.length) status = t("p_aside");
    else if (v.to_move === seat && legal) status = t("yourTurn");
    else if (thinking !== null && v.to_move === thinking) status = t("thinkingName", { name: name(thinking) });
    else if (v.to_move !== null && v.to_move !== undefined) status = t("waitFor", { name: name(v.to_move) });
    else status = t("waitDeal");
    return el("div", { class: "actions" },
      el("div", { class: `status${v.to_move === seat && legal ? " mine" : ""}`, id: "status" }, status),
      buttons.length ? el("div", { class: `buttons${buttons.length > 8 ? " many" : ""}`, id: "plain-actions" }, buttons) : null,
      v.hint ? el("div", { class: "hint", id: "hint" }, withClauses(v.hint)) : null);
  }

  function gameOver() {
    const names = (v.winners || []).map((s) => table.seats[s].name).join(", ");
    return el("div", { class: "banner game-over" },
      el("h2", {}, t("gameOver")),
      el("p", { class: "winner" }, t("p_winners", { names })),
      ctx.hands,
      el("p", { class: "links" },
        el("a", { href: `/api/tables/${ctx.tableId}/record`, download: `rams-${ctx.tableId}.json`, id: "download" }, t("download")),
        " · ", el("a", { href: `/r/${ctx.tableId}`, id: "replay-link" }, t("replay")),
        " · ", el("a", { href: "/" }, t("newTable"))));
  }

  const others = [];
  for (let k = seat === null ? 0 : 1; k < n; k++) others.push(((seat ?? 0) + k) % n);
  return el("section", { class: `board plain seats-${n}${seat === null ? " spectating" : ""}` },
    ctx.watchers,
    el("div", { class: "opponents" }, others.map(seatBox)),
    centre(),
    over ? gameOver() : v.deal_over ? ctx.dealOverBox() : null,
    seat === null ? null : el("div", { class: "my-side" }, seatBox(seat), handBox(), actionsBox()));
}

export { cardText };
