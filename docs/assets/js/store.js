// What a reader's browser keeps, bounded: a page reads and writes its store here, and
// checks a stored text or a reader's file before it parses it or hands it to the
// engine's worker. A text over a bound is refused whole (no rule of the game is decided
// here, only sizes):
//
//   import { readStore, writeStore, refusal, setAside, download } from "./store.js";
//   const text = readStore(KEY);   // null: nothing kept, or no storage (private mode)
//   const why = refusal(text);     // null, "size" or "depth"
//   const done = loadStore(KEY, 1, (data) => data.done ?? null, { label, place, refused });
//
// The bounds: a stored or imported text of at most MAX_CHARS characters (a file of more
// bytes is refused before it is read) whose arrays and objects nest at most MAX_DEPTH
// deep, counted by a scan of the brackets outside strings, so text too deep for the
// browser's structured clone or Pyodide's json.loads is never parsed. Both are the
// engine's (engine/core/boundary.py: MAX_STORE, MAX_DEPTH), which the build writes on every
// page's #offline-script (data-max-store, data-max-depth: hooks/offline.py); none is
// written here.
// A refused store leaves its key (setAside): it moves to KEY-refused, replacing an older
// refused copy, and the page offers its exact text for download as KEY-refused.json.
// Storage that is full or refused never stops a page: it goes on without it.
// keepView and keptView keep the engine's last view beside a page's store (see there).

const bounds = document.getElementById("offline-script")?.dataset ?? {};
export const MAX_CHARS = Number(bounds.maxStore);
export const MAX_DEPTH = Number(bounds.maxDepth);

/** The deepest nesting of `[` and `{` outside JSON strings, or Infinity past `limit`. */
export function depth(text, limit = MAX_DEPTH) {
  let level = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      level++;
      if (level > deepest) {
        deepest = level;
        if (deepest > limit) return Infinity;
      }
    } else if (c === 0x5d || c === 0x7d) {
      if (level > 0) level--;
    }
  }
  return deepest;
}

/** Why `text` is refused: "size", "depth", or null when it is within both bounds. */
export function refusal(text) {
  if (typeof text !== "string") return null;
  if (text.length > MAX_CHARS) return "size";
  if (depth(text) > MAX_DEPTH) return "depth";
  return null;
}

/** Why a reader's file is refused before it is read ("size"), or null. */
export function fileRefusal(file) {
  return file.size > MAX_CHARS ? "size" : null;
}

/** The text kept under `key`, or null: nothing kept, or no storage here. */
export function readStore(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `text` under `key`; false where storage is full or refused. */
export function writeStore(key, text) {
  try {
    localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

// A view kept beside what a page stores (a practice save, a score sheet, the day of the
// puzzle): the engine's own view of it, drawn again at once on the next load while the
// engine starts, and replaced by the engine's answer. Kept as {version, lang, for, view}:
// `for` the exact text (or date) it was drawn from, `lang` the page's language.
const VIEW_VERSION = 1;

/** Keeps `view`, drawn from `text` in the page's language, under `key`. */
export function keepView(key, text, view) {
  const lang = document.documentElement.lang;
  return writeStore(key, JSON.stringify({ version: VIEW_VERSION, lang, for: text, view }));
}

/** The view kept under `key` if it was drawn from exactly `text` in the page's language
 * (within the bounds, readable, of this version), else null. */
export function keptView(key, text) {
  const kept = readStore(key);
  if (kept === null || refusal(kept)) return null;
  try {
    const data = JSON.parse(kept);
    const lang = document.documentElement.lang;
    if (data?.version !== VIEW_VERSION || data.lang !== lang || data.for !== text) return null;
    return data.view ?? null;
  } catch {
    return null;
  }
}

/** Forgets what is kept under `key`; false where storage is refused. */
export function removeStore(key) {
  try {
    localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

/** Saves `text` as the file `name`, exactly as it is. */
export function download(text, name) {
  const blob = new Blob([text], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** Sets a refused store aside: `text` leaves `key` for `key-refused` (storage that
 * refuses leaves it in memory only), so the live key starts afresh and the text is not
 * lost, and a button labelled `label`, in a paragraph placed by `place(paragraph)`,
 * downloads it as `key-refused.json`; a second refusal on the same page replaces the
 * first button. */
export function setAside(key, text, { label, place }) {
  if (removeStore(key)) writeStore(`${key}-refused`, text);
  const p = document.createElement("p");
  p.className = "domino-refused";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "domino-button domino-refused__download";
  button.textContent = label;
  button.addEventListener("click", () => download(text, `${key}-refused.json`));
  p.append(button);
  document.querySelector(".domino-refused")?.remove();
  place(p);
  return button;
}

/** `read(data)` of `text` parsed, if it is a JSON object of `version`; else null (the
 * text's bounds are the caller's to check first: `refusal`). */
export function parsed(text, version, read) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const kept =
    data !== null && typeof data === "object" && !Array.isArray(data) && data.version === version;
  return kept ? read(data) : null;
}

/** What a page keeps under `key`, read: the stored text parsed as a JSON object of
 * `version`, handed to `read(data)`, which gives what the page keeps of it or null when it
 * cannot be read. Nothing kept (or no storage here) gives null. A text over the bounds (never
 * parsed), or one that is not such an object, or that `read` refuses, is set aside
 * (`setAside`, with `label` and `place`), `refused(why)` is told why ("size", "depth" or
 * "corrupt"), and the page starts afresh: null. */
export function loadStore(key, version, read, { label, place, refused }) {
  const text = readStore(key);
  if (text === null) return null;
  const why = refusal(text);
  const value = why ? null : parsed(text, version, read);
  if (value !== null) return value;
  setAside(key, text, { label, place });
  refused(why ?? "corrupt");
  return null;
}
