/**
 * The play page's words in English, Bahasa Melayu and Simplified Chinese: every string
 * of the page's own is a key of `/play/messages.json`, one catalogue per language. The
 * language is the one chosen with the page's switch (kept in this browser), else the
 * first of the browser's languages the page has, else English.
 */

const CHOSEN = "penang-rummy-language";
let words = {};
let catalogues = {};
export let language = "en";

/** The language the page speaks: the switch's choice, else the browser's, else English. */
function preferred(available) {
  const kept = localStorage.getItem(CHOSEN);
  if (kept && available.includes(kept)) return kept;
  for (const asked of navigator.languages ?? [navigator.language]) {
    const tag = asked.toLowerCase();
    if (tag.startsWith("zh")) return "zh-Hans";
    if (tag.startsWith("ms")) return "ms";
    if (tag.startsWith("en")) return "en";
  }
  return "en";
}

/** A key's words, with `{name}` filled from `vars`; English where the language lacks it. */
export function t(key, vars = {}) {
  const text = words[key] ?? catalogues.en?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ""));
}

/** Every element marked `data-i18n` (its text) or `data-i18n-label` (its aria-label). */
export function translate(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
}

/** Read the catalogues, speak the language chosen, and offer the switch. */
export async function loadWords() {
  const answer = await fetch("/play/messages.json");
  catalogues = await answer.json();
  const available = Object.keys(catalogues);
  language = preferred(available);
  words = catalogues[language];
  document.documentElement.lang = language;
  document.title = t("page.title");
  translate();
  const choice = document.querySelector("#language");
  if (choice) {
    choice.replaceChildren(...available.map((code) => {
      const option = document.createElement("option");
      Object.assign(option, { value: code, textContent: catalogues[code]["language.name"], selected: code === language });
      option.lang = code;
      return option;
    }));
    choice.addEventListener("change", () => {
      localStorage.setItem(CHOSEN, choice.value);
      location.reload();
    });
  }
}
