// Quick reactions at a table (rams.web.reactions): the bar of the catalogue's phrases and emoji
// a seated person sends from, and each reaction shown for a moment by its sender's seat — to
// everyone at the table and to the spectators. No free text: only the catalogue's words.
import { el, t, wordKeys } from "./common.js";

// The reactions of a table: ``send`` sends a message over its socket, ``redraw`` draws the
// table again (a reaction's bubble comes and goes with it).
export function createReactions(send, redraw) {
  const shown = new Map();  // seat → { text, until }
  let open = false;         // the bar unfolded (it stays so as the table is drawn again)

  // A ``reaction`` message: shown by its seat for its seconds, then gone.
  function receive(m) {
    const until = Date.now() + m.seconds * 1000;
    shown.set(m.seat, { key: m.reaction, at: Date.now(), until });
    setTimeout(() => { if (shown.get(m.seat)?.until === until) { shown.delete(m.seat); redraw(); } }, m.seconds * 1000 + 20);
    redraw();
  }

  // The bubble by a seat's name while its reaction shows (null otherwise).
  function bubble(seat) {
    const r = shown.get(seat);
    if (!r || r.until <= Date.now()) return null;
    // (It pops up once: drawn again by the next move, it stays still.)
    const fresh = Date.now() - r.at < 250 ? " fresh" : "";
    return el("span", { class: `reaction-bubble${fresh}`, role: "status", dataset: { seat, reaction: r.key } },
      t(`reactions.${r.key}`));
  }

  // The bar a seated person sends from (none for a spectator, or where the table has them off).
  function bar(table, seat) {
    if (seat === null || !table.options || !table.options.reactions) return null;
    const box = el("details", { class: "reactions-bar", id: "reactions-bar", open: open ? true : null },
      el("summary", {}, `💬 ${t("lobby.reactionsBar")}`),
      el("div", { class: "reaction-buttons", role: "group", "aria-label": t("lobby.reactionsBar") },
        wordKeys("reactions").map((key) => el("button", { type: "button", class: "reaction", dataset: { reaction: key },
          onclick: () => send({ type: "react", reaction: key }) }, t(`reactions.${key}`)))));
    box.addEventListener("toggle", () => { open = box.open; });
    return box;
  }

  return { receive, bubble, bar };
}
