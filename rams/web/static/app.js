// The browser client of Rams: a page per path, drawn from what the server sends.
import { el, importKey, lang, loadWords, setLang, t, toast } from "./common.js";
import { showCreate } from "./create.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";
import { showPlayer, showRatings } from "./ratings.js";
import { showLearn } from "./learn.js";
import { showLadder } from "./ladder.js";
import { applyPrefs, prefsMenu } from "./prefs.js";
import { showFlash } from "./lobby.js";
import { showDaily } from "./daily.js";

let current = null;

function route() {
  const path = location.pathname;
  const app = document.getElementById("app");
  let m;
  if ((m = path.match(/^\/t\/([\w-]{1,32})$/))) current = showTable(app, m[1]);
  else if ((m = path.match(/^\/r\/([\w-]{1,32})$/))) current = showReplay(app, m[1]);
  else if ((m = path.match(/^\/ratings(?:\/(\w{1,16}))?$/))) current = showRatings(app, m[1] || "rams");
  else if ((m = path.match(/^\/daily(?:\/(\d{4}-\d{2}-\d{2}))?$/))) current = showDaily(app, m[1] || null);
  else if ((m = path.match(/^\/learn(?:\/(\w{1,16})\/([\w-]{1,40}))?$/))) current = showLearn(app, m[1] ?? null, m[2] ?? null);
  else if ((m = path.match(/^\/ladder(?:\/(\w{1,16}))?$/))) current = showLadder(app, m[1] || null);
  else if ((m = path.match(/^\/p\/([0-9a-f]{64}|bot:\w{1,16})$/))) current = showPlayer(app, m[1]);
  else if (path === "/" || path === "") current = showCreate(app);
  else current = showNotFound(app);
}

// A wrong link: say so in words, and offer the way home (the server answers it 404).
function showNotFound(app) {
  app.dataset.view = "not-found";
  app.replaceChildren(el("section", { class: "gone card-panel", id: "not-found" },
    el("h2", {}, t("noPage")), el("p", {}, el("a", { href: "/", class: "primary" }, t("newTable")))));
  return { relang: () => showNotFound(app) };
}

function drawHeader() {
  document.getElementById("brand").textContent = t("brand");
  document.getElementById("lang-switch").textContent = t("lang");
  document.getElementById("ratings-link").textContent = t("ratings.title");
  document.getElementById("daily-link").textContent = t("daily.title");
  document.getElementById("learn-link").textContent = t("learn.title");
  document.title = t("brand");
  document.getElementById("prefs")?.remove();
  document.getElementById("lang-switch").before(prefsMenu());
  applyPrefs();
}

document.getElementById("lang-switch").addEventListener("click", () => {
  setLang(lang === "ru" ? "en" : "ru");
  drawHeader();
  if (current && current.relang) current.relang();
});

await loadWords();
setLang(lang);
const imported = importKey();  // a key carried from another device (/#key=…)
drawHeader();
route();
if (imported) toast(t("ratings.imported"), "info");
showFlash();  // a note the page before left (a name cut to fit: lobby.js)
