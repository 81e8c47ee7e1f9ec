// The scorepad page: a score sheet for rounds played with real tiles, scored by the rules
// engine in the reader's browser (engine-client.js, a Web Worker). The build
// (hooks/scorepad_page.py) writes every word into the page; this script only reads the
// forms, hands them to the engine (engine.features.scorepad through engine.presentation.web) and shows what it
// answers. No rule, no score and no word is decided here: the engine's view names every
// seat and side, says what the entry form asks for and reads the form as typed.
//
// The engine keeps the whole sheet as one JSON value; every call takes it and returns the
// new {sheet, view}. The sheet is kept in localStorage after every change and restored on
// load: while the engine starts to read it back (seconds on a slow machine), the page
// says so and shows neither the set-up nor the import, so nothing looks like a fresh
// start and nothing can be typed to be lost; the table last shown for that sheet (kept
// beside it) is on screen meanwhile, with nothing to type in or press. The root's
// data-phase is "restoring", "setup" or "sheet", data-busy is "true" while the engine
// works, data-over is "true" once the match is won or drawn. Whatever would lose entered
// rounds (a new sheet or an import over a sheet with rounds, removing the last round)
// asks first, in a modal <dialog>: Escape or the "keep" button changes nothing.
//
// A kept sheet or an imported file over store.js's bounds (size, depth) is never parsed
// nor sent to the engine: a kept one (like a kept sheet the engine refuses) is moved to
// the KEY-refused key and offered for download, and a new set-up starts; a refused file
// changes nothing.

import {
  clearAt,
  confirmFirst as askFirst,
  engineAnswered,
  request,
  showAt,
  startOnInteraction,
} from "./page-kit.js";
import {
  download,
  fileRefusal,
  keepView,
  keptView,
  readStore,
  refusal,
  setAside,
  writeStore,
} from "./store.js";

const STORAGE_KEY = "domino-scorepad-sheet";
// The view last shown (store.js keepView): shown on the next load while the engine
// starts, if it was drawn from that very sheet in the page's language.
const VIEW_KEY = "domino-scorepad-view";

const root = document.querySelector(".scorepad");
if (root) setup(root);

function setup(root) {
  const words = JSON.parse(root.dataset.words);
  const $ = (selector) => root.querySelector(selector);
  const el = {
    noscript: $(".scorepad__noscript"),
    app: $(".scorepad__app"),
    status: $(".scorepad__status"),
    form: $(".scorepad__setup"),
    start: $("#scorepad-start"),
    preset: $("#scorepad-preset"),
    options: $(".scorepad__options"),
    players: $("#scorepad-players"),
    back: $(".scorepad__back"),
    sheet: $(".scorepad__sheet"),
    match: $(".scorepad__match"),
    table: $(".scorepad__table"),
    head: $(".scorepad__table thead"),
    empty: $(".scorepad__empty"),
    over: $(".scorepad__over"),
    entry: $(".scorepad__entry"),
    entryTitle: $(".scorepad__entry-title"),
    wentOut: $("#scorepad-went-out"),
    handFields: $(".scorepad__hand-fields"),
    play: $(".scorepad__play"),
    playFields: $(".scorepad__play-fields"),
    double: $(".scorepad__double"),
    lastDouble: $("#scorepad-last-double"),
    add: $("#scorepad-add"),
    cancel: $(".scorepad__cancel"),
    remove: $(".scorepad__remove"),
    exportButton: $(".scorepad__export"),
    importInput: $("#scorepad-import"),
    importField: $(".scorepad__import-field"),
    newSheet: $(".scorepad__new"),
    confirm: $(".scorepad__confirm"),
    confirmText: $(".scorepad__confirm-text"),
    confirmYes: $(".scorepad__confirm-yes"),
    confirmNo: $(".scorepad__confirm-no"),
  };

  let sheet = null; // the engine's sheet
  let view = null; // what the engine says the page shows
  let editing = null; // the index of the round being corrected, or null
  let busy = false;

  function say(message) {
    el.status.textContent = message;
  }

  function setBusy(value) {
    busy = value;
    root.dataset.busy = String(value);
  }

  // A message at the control it concerns (page-kit.js showAt), said there once: the
  // status line is cleared. A field or the import is marked invalid, a button is not.
  function tell(control, message, invalid = control.matches("input, select")) {
    say("");
    showAt(control, message, "scorepad__error", { invalid });
  }

  // The engine's answer, or null after telling the reader what went wrong (in the page's
  // language: the engine's own message, followed by `after`, or "the engine could not
  // start"): at the field the engine names (a hand, the points in play), else at `at`,
  // the control the reader used, else in the status line.
  async function ask(method, args, { after = "", at = null } = {}) {
    setBusy(true);
    const result = await request(method, args, {
      failed: words.failed,
      onError: (text, error) => {
        const message = after && engineAnswered(error) ? `${text} ${after}` : text;
        const field = error.field ? root.querySelector(`#${CSS.escape(error.field)}`) : null;
        if (field && !field.disabled && field.getClientRects().length) tell(field, message);
        else if (at) tell(at, message, at === el.importInput && engineAnswered(error));
        else say(message);
      },
    });
    setBusy(false);
    return result;
  }

  // Takes back every message said at a control of `container`.
  function clearErrors(container) {
    for (const note of container.querySelectorAll(".scorepad__error")) {
      const control = root.querySelector(`[aria-describedby~="${note.id}"]`);
      if (control) clearAt(control);
      else note.remove();
    }
  }

  // Storage full or refused: the sheet still works on the page, and can be exported.
  // Beside it, the view last shown (VIEW_KEY), drawn again on the next load while the
  // engine starts.
  function store() {
    const text = JSON.stringify(sheet);
    writeStore(STORAGE_KEY, text);
    keepView(VIEW_KEY, text, view);
  }

  // Asks the reader before a change that loses entered rounds; true if they go ahead.
  const confirmFirst = (question, yes, no) =>
    askFirst(
      { dialog: el.confirm, text: el.confirmText, yes: el.confirmYes, no: el.confirmNo },
      question,
      yes,
      no,
    );

  // A saved sheet the engine could not start to read back is still the reader's (in the
  // store): a new sheet or an import asks before it replaces it, as it would a sheet shown.
  let unread = false;
  const hasRounds = () => unread || (sheet !== null && sheet.rounds.length > 0);

  // A kept sheet that cannot be read (over the bounds, or refused by the engine) leaves
  // the live key but is not lost: set aside, and offered for download as it was stored.
  function keepAside(raw) {
    setAside(STORAGE_KEY, raw, {
      label: words.download_refused,
      place: (p) => el.form.prepend(p),
    });
  }

  // --- The set-up -------------------------------------------------------------------------

  function updateSetup() {
    el.options.hidden = el.preset.value !== el.options.dataset.preset;
    const players = Number(el.players.value);
    for (const field of el.form.querySelectorAll(".scorepad__names [data-seat]")) {
      field.hidden = Number(field.dataset.seat) > players;
    }
    el.back.hidden = sheet === null;
  }

  function toSetup() {
    root.dataset.phase = "setup";
    el.sheet.hidden = true;
    el.form.hidden = false;
    updateSetup();
  }

  function toSheet() {
    root.dataset.phase = "sheet";
    el.form.hidden = true;
    el.sheet.hidden = false;
  }

  el.preset.addEventListener("change", updateSetup);
  el.players.addEventListener("change", updateSetup);
  el.back.addEventListener("click", () => {
    if (sheet === null) return;
    toSheet();
    el.entryTitle.focus();
  });

  el.form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    clearErrors(el.form);
    if (hasRounds()) {
      const go = await confirmFirst(words.confirm_new, words.confirm_new_yes, words.confirm_keep);
      if (!go) return;
    }
    const preset = el.preset.value;
    const options = {};
    if (!el.options.hidden) {
      for (const select of el.options.querySelectorAll("select[data-option]")) {
        options[select.dataset.option] = JSON.parse(select.value);
      }
    }
    const players = Number(el.players.value);
    const names = [];
    for (let seat = 1; seat <= players; seat++) {
      names.push(el.form.querySelector(`#scorepad-name-${seat}`).value);
    }
    const result = await ask("scorepad_new", { preset, options, players, names }, { at: el.start });
    if (!result) return;
    editing = null;
    accept(result);
    toSheet();
    el.entryTitle.focus();
  });

  // --- The sheet --------------------------------------------------------------------------

  // A new sheet and view from the engine: kept, saved and shown, with what the engine
  // says of the change (or the page's own message).
  function accept(result, message = result.message) {
    unread = false;
    sheet = result.sheet;
    view = result.view;
    store();
    render();
    say(message || "");
  }

  function cell(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  // The table: a column per side, named; per round a <tbody> of three rows, its heading
  // ("Round 2") across the sides' columns, the running totals (with what each side
  // gained), then the round's arithmetic, result and correction button; so four
  // players' names and totals share a phone's width. Each cell names its headers.
  function render() {
    root.dataset.over = String(view.outcome.over);
    el.match.textContent = view.status;
    el.match.classList.toggle("is-over", view.outcome.over);
    const span = view.sides.length;
    const names = document.createElement("tr");
    view.sides.forEach((side, index) => {
      const th = cell("th", side.name, "scorepad__side");
      Object.assign(th, { scope: "col", id: `scorepad-h-side-${index}` });
      names.append(th);
    });
    el.head.replaceChildren(names);
    el.table.dataset.sides = String(span);
    const bodies = view.rounds.map((r, index) => {
      const body = cell("tbody", undefined, "scorepad__round");
      const headId = `scorepad-r-${index}`;
      const head = cell("tr", undefined, "scorepad__round-head");
      const title = cell("th", r.title);
      Object.assign(title, { scope: "rowgroup", colSpan: span, id: headId });
      head.append(title);
      const totals = document.createElement("tr");
      r.totals.forEach((total, side) => {
        const td = cell("td", String(total), "scorepad__total");
        td.setAttribute("headers", `${headId} scorepad-h-side-${side}`);
        if (r.gains[side]) td.append(" ", cell("span", r.gains[side], "scorepad__gain"));
        totals.append(td);
      });
      const detail = cell("tr", undefined, "scorepad__detail");
      const td = cell("td", undefined, "scorepad__scoring");
      td.colSpan = span;
      td.setAttribute("headers", headId);
      const fix = cell("button", words.correct, "domino-button scorepad__correct");
      fix.type = "button";
      fix.setAttribute("aria-label", r.correct);
      fix.dataset.index = String(index);
      const told = cell("span", undefined, "scorepad__told");
      told.append(
        cell("span", r.arithmetic, "scorepad__arithmetic"),
        cell("span", r.result, "scorepad__result"),
      );
      td.append(told, fix);
      detail.append(td);
      body.append(head, totals, detail);
      if (index === editing) body.classList.add("is-editing");
      return body;
    });
    for (const old of el.table.querySelectorAll("tbody")) old.remove();
    el.table.append(...bodies);
    el.empty.hidden = view.rounds.length > 0;
    el.remove.disabled = view.rounds.length === 0;
    buildEntry();
  }

  // --- The round entry form ---------------------------------------------------------------

  function field(id, label, attrs) {
    const p = cell("p", undefined, "scorepad__field");
    const labelNode = cell("label", label);
    labelNode.htmlFor = id;
    const input = document.createElement("input");
    input.id = id;
    for (const [key, value] of Object.entries(attrs)) input.setAttribute(key, value);
    p.append(labelNode, input);
    return p;
  }

  // The entry form for the next round, or for the round being corrected (its values).
  function buildEntry() {
    const over = view.outcome.over && editing === null;
    el.over.hidden = !over;
    el.entry.hidden = over;
    el.entryTitle.textContent =
      editing === null ? view.entry.title : view.rounds[editing].correct_title;
    el.add.textContent = editing === null ? words.add : words.save;
    el.cancel.hidden = editing === null;
    const choices = [];
    for (const seat of view.seats) choices.push(new Option(seat.name, String(seat.seat)));
    choices.push(new Option(words.blocked, ""));
    el.wentOut.replaceChildren(...choices);
    const hands = view.seats.map((seat) =>
      field(`scorepad-pips-${seat.seat}`, seat.pips_label, {
        type: "text",
        autocomplete: "off",
        spellcheck: "false",
        class: "scorepad__pips",
      }),
    );
    el.handFields.replaceChildren(...hands);
    el.play.hidden = !view.entry.play_points;
    el.playFields.replaceChildren(
      ...(view.entry.play_points
        ? view.sides.map((side, index) =>
            field(`scorepad-play-${index}`, side.play_label, {
              type: "number",
              min: "0",
              step: "5",
              inputmode: "numeric",
              class: "scorepad__play-points",
            }),
          )
        : []),
    );
    el.lastDouble.checked = false;
    if (editing !== null) {
      // The round as its form shows it, written by the engine.
      const form = view.rounds[editing].form;
      el.wentOut.value = form.went_out;
      form.pips.forEach((text, seat) => {
        $(`#scorepad-pips-${seat}`).value = text;
      });
      (form.play_points || []).forEach((text, side) => {
        $(`#scorepad-play-${side}`).value = text;
      });
      el.lastDouble.checked = form.last_double === true;
    }
    updateEntry();
  }

  // The hand of the seat that went out holds nothing; a blocked round has no last double.
  function updateEntry() {
    const out = el.wentOut.value;
    for (const input of el.handFields.querySelectorAll("input")) {
      const isOut = input.id === `scorepad-pips-${out}`;
      input.disabled = isOut;
      if (isOut) {
        input.value = "";
        clearAt(input);
      }
    }
    el.double.hidden = !view.entry.last_double || out === "";
  }

  el.wentOut.addEventListener("change", updateEntry);
  // A field the reader corrects loses its mark and its message.
  for (const form of [el.entry, el.form]) {
    for (const type of ["input", "change"]) {
      form.addEventListener(type, (event) => {
        if (event.target.matches("[aria-invalid]")) clearAt(event.target);
      });
    }
  }

  // The form as the reader typed it: the engine reads it (engine.features.scorepad.read_form).
  function readForm() {
    const field = (selector) => $(selector).value;
    const form = {
      went_out: el.wentOut.value,
      pips: view.seats.map((seat) => field(`#scorepad-pips-${seat.seat}`)),
    };
    if (view.entry.play_points) {
      form.play_points = view.sides.map((side, index) => field(`#scorepad-play-${index}`));
    }
    if (view.entry.last_double) form.last_double = el.lastDouble.checked;
    return form;
  }

  el.entry.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy || sheet === null) return;
    clearErrors(el.entry);
    const form = readForm();
    const index = editing;
    const result =
      index === null
        ? await ask("scorepad_add", { sheet, form }, { at: el.add })
        : await ask("scorepad_set", { sheet, index, form }, { at: el.add });
    if (!result) return;
    editing = null;
    accept(result);
    el.entryTitle.focus();
  });

  el.cancel.addEventListener("click", () => {
    editing = null;
    render();
    say("");
    el.entryTitle.focus();
  });

  el.table.addEventListener("click", (event) => {
    const button = event.target.closest(".scorepad__correct");
    if (!button || busy) return;
    editing = Number(button.dataset.index);
    render();
    say("");
    el.entryTitle.focus();
  });

  // --- The tools --------------------------------------------------------------------------

  el.remove.addEventListener("click", async () => {
    if (busy || sheet === null) return;
    const go = await confirmFirst(
      words.confirm_remove,
      words.confirm_remove_yes,
      words.confirm_remove_no,
    );
    if (!go) return;
    const result = await ask("scorepad_remove_last", { sheet }, { at: el.remove });
    if (!result) return;
    if (editing !== null && editing >= result.view.rounds.length) editing = null;
    accept(result);
  });

  el.exportButton.addEventListener("click", async () => {
    if (busy || sheet === null) return;
    const text = await ask("scorepad_export", { sheet }, { at: el.exportButton });
    if (text === null) return;
    download(text, "scorepad.json");
    say(words.exported);
  });

  // The engine reads and checks the file first; only a good sheet asks to replace one
  // with rounds on it. A refused file is told at the import control.
  el.importInput.addEventListener("change", async () => {
    const file = el.importInput.files[0];
    el.importInput.value = "";
    if (!file || busy) return;
    clearAt(el.importInput);
    const refuse = (why) => tell(el.importInput, `${why} ${words.unchanged}`);
    if (fileRefusal(file)) {
      refuse(words.import_size);
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch {
      refuse(words.import_unreadable);
      return;
    }
    const why = refusal(text);
    if (why) {
      refuse(words[`import_${why}`]);
      return;
    }
    const result = await ask(
      "scorepad_import",
      { text },
      { after: words.unchanged, at: el.importInput },
    );
    if (!result) return;
    if (hasRounds()) {
      const go = await confirmFirst(
        words.confirm_import,
        words.confirm_import_yes,
        words.confirm_keep,
      );
      if (!go) return;
    }
    editing = null;
    accept(result);
    toSheet();
  });

  el.newSheet.addEventListener("click", () => {
    if (busy) return;
    editing = null;
    say("");
    toSetup();
    el.preset.focus();
  });

  // --- Start ------------------------------------------------------------------------------

  // While a saved sheet comes back, the page says so and offers nothing to type in: no
  // set-up that looks like a fresh start, no import (the app's region is busy).
  function toRestoring() {
    root.dataset.phase = "restoring";
    el.form.hidden = true;
    el.sheet.hidden = true;
    el.importField.hidden = true;
    el.app.setAttribute("aria-busy", "true");
    say(words.restoring);
  }

  // The table last shown for the saved sheet `raw` (VIEW_KEY), shown again at once while
  // the engine starts: the engine's own view of that very sheet in the page's language.
  // Only the table: nothing to type in or press (the stylesheet hides the rest of the
  // sheet while it is restoring). Any other kept view is not shown.
  function showKept(raw) {
    const kept = keptView(VIEW_KEY, raw);
    if (kept === null) return;
    try {
      sheet = JSON.parse(raw);
      view = kept;
      render();
      el.sheet.hidden = false;
    } catch (error) {
      console.warn(`the kept sheet could not be drawn (${error}); the engine draws it`);
      sheet = null;
      view = null;
      el.sheet.hidden = true;
    }
  }

  function restored() {
    el.importField.hidden = false;
    el.app.removeAttribute("aria-busy");
  }

  // A saved sheet comes back as it was; a corrupt one gets the engine's message and a new
  // set-up, never a broken page.
  async function restore(raw) {
    const why = refusal(raw);
    if (why) {
      // Over the bounds: never parsed, set aside, and a new set-up.
      keepAside(raw);
      say(`${words[`store_${why}`]} ${words.save_lost}`);
      toSetup();
      return;
    }
    toRestoring();
    showKept(raw);
    let saved;
    try {
      saved = JSON.parse(raw);
    } catch {
      saved = undefined;
    }
    setBusy(true);
    // Text that is not JSON goes to the engine's importer, which names the fault.
    const [method, args] =
      saved === undefined
        ? ["scorepad_import", { text: raw }]
        : ["scorepad_view", { sheet: saved }];
    const result = await request(method, args, {
      failed: words.failed,
      onError: (text, error) => {
        if (error.code === "engine_failed") {
          unread = true;
          say(text); // the saved sheet is kept for a browser where the engine starts
        } else {
          keepAside(raw);
          say(`${text} ${words.save_lost}`);
        }
      },
    });
    setBusy(false);
    restored();
    if (result === null) {
      sheet = null; // the kept view's, if shown: no sheet is back
      view = null;
      toSetup();
      return;
    }
    accept(result, words.restored);
    toSheet();
  }

  el.noscript.hidden = true;
  el.app.hidden = false;
  const raw = readStore(STORAGE_KEY);
  if (raw !== null) restore(raw);
  else toSetup();
  // The engine starts on the reader's first interaction with the app (a refused sheet
  // starts no engine: restore() has set it aside).
  if (raw === null || refusal(raw)) startOnInteraction(el.app);
}
