// A person's preferences, kept in this browser: a sound on one's turn (off by default), a
// four-colour deck, high contrast, and the rule numbers (clause ids) shown as small links.
import { el, t } from "./common.js";

const PREFS = ["sound", "fourColour", "contrast", "clauses"];

export function pref(name) {
  return localStorage.getItem(`rams.pref.${name}`) === "1";
}

export function applyPrefs() {
  for (const p of PREFS) document.body.classList.toggle(`pref-${p}`, pref(p));
}

// The menu in the header: a checkbox for each preference.
export function prefsMenu() {
  return el("details", { class: "prefs", id: "prefs" },
    el("summary", { "aria-label": t("prefs") }, "⚙"),
    el("div", { class: "prefs-box card-panel" }, PREFS.map((p) => {
      const box = el("input", { type: "checkbox", id: `pref-${p}`, checked: pref(p) });
      box.addEventListener("change", () => {
        localStorage.setItem(`rams.pref.${p}`, box.checked ? "1" : "0");
        applyPrefs();
      });
      return el("label", { class: "check" }, box, " ", t(`pref_${p}`));
    })));
}

let audio = null;

// A short tone when it becomes one's turn (only if the sound is switched on).
export function beep() {
  if (!pref("sound")) return;
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.25);
  } catch { /* no audio here: the title still says it */ }
}
