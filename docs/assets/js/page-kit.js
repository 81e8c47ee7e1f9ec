// The page kit: what the pages' scripts (practice.js, scorepad.js, lessons.js, puzzles.js
// and figures.js) share, so that each writes only its own page. No rule is decided here, and
// no word: every text comes from the build (the page's data-words) or from the engine.
//
//   import { fill, request, askEngine, startOnInteraction, pickTile } from "./page-kit.js";
//   fill(words.round, { round: 2 });         // "Round {round}" -> "Round 2"
//   startOnInteraction(app);                 // the engine starts on the reader's first move in app
//   const value = await request("ping", {}, { failed: words.failed, onError: say });
//   // The same, saying words.wait while the engine starts, and any error, to the reader:
//   const reply = await askEngine("ping", {}, { loading: words.wait, failed: words.failed, say });
//
// The engine's client (engine-client.js) is imported on the first call that needs it: a
// page whose reader never turns to the engine (a rules page read, not tried) never loads
// it. What a page keeps in the reader's browser, within its bounds, is store.js's.

let client = null; // engine-client.js, once imported

async function engineClient() {
  client ??= await import("./engine-client.js");
  return client;
}

/** `template` with each `{name}` replaced by `values[name]`; a name not in `values` stays. */
export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (match, key) =>
    key in values ? String(values[key]) : match,
  );
}

/** The reader's calendar date, "YYYY-MM-DD", `back` days ago. */
export function readerDate(back = 0) {
  const d = new Date();
  d.setDate(d.getDate() - back);
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Asks the reader before a change that loses what they have, in the modal `dialog`
 * (a `<form method="dialog">` whose "no" and "yes" submit buttons are `no` and `yes`, its
 * question the element `text`); resolves to true if they go ahead. The dialog opens on
 * its "no" button, so Enter or Escape at once changes nothing; focus goes back to where
 * it was. */
export function confirmFirst({ dialog, text, yes, no }, question, yesLabel, noLabel) {
  const opener = document.activeElement;
  text.textContent = question;
  yes.textContent = yesLabel;
  no.textContent = noLabel;
  dialog.returnValue = "";
  dialog.showModal();
  no.focus();
  return new Promise((resolve) => {
    dialog.addEventListener(
      "close",
      () => {
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
        resolve(dialog.returnValue === "yes");
      },
      { once: true },
    );
  });
}

// --- Messages at their control ------------------------------------------------------

/** Says `message` next to `control` (an element with an id): in a note of class
 * `className` right after it, which describes it (aria-describedby); marks the control
 * invalid (`invalid`, not for a button) and moves focus to it, the control and its note
 * in view. Said again, the note's text is replaced: one message per control. */
export function showAt(control, message, className, { invalid = true } = {}) {
  const id = `${control.id}-error`;
  let note = document.getElementById(id);
  if (!note) {
    note = document.createElement("span");
    note.id = id;
    note.className = className;
    control.after(note);
    const described = control.getAttribute("aria-describedby");
    control.setAttribute("aria-describedby", described ? `${id} ${described}` : id);
  }
  note.textContent = message;
  if (invalid) control.setAttribute("aria-invalid", "true");
  control.focus({ preventScroll: true });
  (control.parentElement ?? control).scrollIntoView({ block: "nearest" });
}

/** Takes back what showAt said at `control`: its note and its invalid mark. */
export function clearAt(control) {
  const note = document.getElementById(`${control.id}-error`);
  control.removeAttribute("aria-invalid");
  if (!note) return;
  note.remove();
  const rest = (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter((id) => id && id !== note.id);
  if (rest.length) control.setAttribute("aria-describedby", rest.join(" "));
  else control.removeAttribute("aria-describedby");
}

// --- The engine ------------------------------------------------------------------------

/** Starts the engine (engine-client.js); resolves to "ready" or "failed", never rejects. */
export async function startEngine() {
  try {
    return (await engineClient()).startEngine();
  } catch {
    return "failed"; // engine-client.js itself did not load
  }
}

/** Why the engine's start failed, in the page's language, or null (engine-client.js). */
export function engineFailure() {
  return client?.engineFailure() ?? null;
}

/** Starts the engine on the reader's first pointer, key or focus inside `element`, so that
 * it is ready, or nearly, when they ask it something; with `warm`, warmed up too, while
 * the page asks nothing (engine-client.js's warmEngine). */
export function startOnInteraction(element, { warm = false } = {}) {
  const start = warm ? warmEngine : startEngine;
  for (const type of ["pointerdown", "keydown", "focusin"]) {
    element.addEventListener(type, () => start(), { once: true });
  }
}

/** Starts the engine and warms it up (engine-client.js's warmEngine). */
export async function warmEngine() {
  try {
    (await engineClient()).warmEngine();
  } catch {
    // engine-client.js itself did not load: the page's next request says so
  }
}

/** Whether `error` is the engine's answer to a request (its message names the fault), not
 * a start that failed nor a fault of the browser. */
export function engineAnswered(error) {
  return Boolean(error.code) && error.code !== "engine_failed";
}

/** What the reader is told of a failed request: why the engine did not start (or
 * `failed`), the engine's own message, or `failed` for an error the engine did not write:
 * the browser's text is never shown as it is. */
export function failureText(error, failed) {
  if (error.code === "engine_failed") return engineFailure() ?? failed;
  return engineAnswered(error) ? error.message : failed;
}

/** The engine's answer to `method` with `args`, its words in `lang` (the page's by
 * default); on an error, `onError(failureText(error, failed), error)` and null (no method
 * of the engine answers null). */
export async function request(method, args, { failed, onError, lang } = {}) {
  try {
    return await (await engineClient()).callEngine(method, args, lang);
  } catch (error) {
    onError?.(failureText(error, failed), error);
    return null;
  }
}

/** Whether the engine has started (`<html data-engine="ready">`, engine-client.js). */
export function engineReady() {
  return document.documentElement.dataset.engine === "ready";
}

/** `request(method, args)` for a reader who waits on the answer: while the engine is not
 * ready, `say(loading)` first (with a `loading` text); on an error, `say(text)` and
 * `announce(text)` of what went wrong (failureText, with `failed`) and null. */
export async function askEngine(method, args, { loading, failed, say, announce }) {
  if (loading && !engineReady()) say(loading);
  return request(method, args, {
    failed,
    onError: (text) => {
      say(text);
      announce?.(text);
    },
  });
}

// --- Steppers ------------------------------------------------------------------------

/** Makes the stepper `root` (a `.domino-stepper`: its steps, each a `.domino-step` with a
 * figure and its caption, under `:scope > ol`, and its hidden controls) show one step at
 * a time: previous/next buttons, the arrow keys, Home and End, each step's caption read
 * out by its live region. The rules pages' steppers are drawn at build time; the puzzles
 * page draws its lines' from the engine's answer. */
export function setupStepper(root) {
  const steps = [...root.querySelectorAll(":scope > ol > .domino-step")];
  const controls = root.querySelector(".domino-stepper__controls");
  const live = root.querySelector(".domino-stepper__live");
  const prev = controls.querySelector('[data-go="prev"]');
  const next = controls.querySelector('[data-go="next"]');
  let current = 0;

  function show(index, announce) {
    const focused = document.activeElement;
    current = Math.max(0, Math.min(steps.length - 1, index));
    steps.forEach((step, i) => {
      step.hidden = i !== current;
    });
    prev.disabled = current === 0;
    next.disabled = current === steps.length - 1;
    // A button that has just stopped working hands the focus to the other one, so the
    // keyboard stays in the stepper at the first and last steps.
    if (focused === prev && prev.disabled) next.focus();
    if (focused === next && next.disabled) prev.focus();
    if (announce) live.textContent = steps[current].querySelector("figcaption").textContent;
  }

  root.classList.add("is-live");
  controls.hidden = false;
  prev.addEventListener("click", () => show(current - 1, true));
  next.addEventListener("click", () => show(current + 1, true));
  root.addEventListener("keydown", (event) => {
    const moves = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: steps.length - 1,
    };
    if (!(event.key in moves) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    show(moves[event.key], true);
  });
  show(0, false);
}

// --- Tiles and ends --------------------------------------------------------------------

/** A button (type "button") of class `className` saying `label`, with `data` as its data-
 * attributes ({ end: "left" } is data-end="left"). */
export function button(className, label, data = {}) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = className;
  b.textContent = label;
  Object.assign(b.dataset, data);
  return b;
}

/** The open ends to lay a tile on, as buttons (`.domino-end`), drawn as the build draws
 * them (hooks/kit.py's end_buttons): `ends` are the engine's ({ end, label }). */
export function endButtons(ends) {
  return ends.map((e) => button("domino-button domino-end", e.label, { end: e.end }));
}

/** Marks `button` as the chosen one of the tile buttons (`.domino-tile`) in `container`,
 * by aria-pressed, or none when `button` is null; returns its tile ("3-4") or null. */
export function pickTile(container, button) {
  for (const b of container.querySelectorAll(".domino-tile")) {
    b.setAttribute("aria-pressed", String(b === button));
  }
  return button?.dataset.tile ?? null;
}

/** The open end ("left", "up", …) of the end marker drawn in a figure that `event` hit,
 * or null: with a mouse or a finger, the drawn markers work as the ends' buttons. */
export function markerEnd(event) {
  return event.target.closest(".domino-markers [data-end]")?.dataset.end ?? null;
}
