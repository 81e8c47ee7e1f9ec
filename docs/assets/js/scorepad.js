// The scorepad page: a score sheet for rounds played with real tiles, scored by the rules
// engine in the reader's browser (engine-client.js, a Web Worker). The build
// (hooks/scorepad_page.py) writes every word into the page; this script only reads the
// forms, hands them to the engine (engine.scorepad through engine.web) and shows what it
// answers. No rule and no score is decided here.
//
// The engine keeps the whole sheet as one JSON value; every call takes it and returns the
// new {sheet, view}. The sheet is kept in localStorage after every change and restored on
// load. The root's data-phase is "setup" or "sheet", data-busy is "true" while the engine
// works, data-over is "true" once the match is won or drawn.

import { startEngine, callEngine } from "./engine-client.js";

const STORAGE_KEY = "domino-scorepad-sheet";

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
    preset: $("#scorepad-preset"),
    options: $(".scorepad__options"),
    players: $("#scorepad-players"),
    back: $(".scorepad__back"),
    sheet: $(".scorepad__sheet"),
    match: $(".scorepad__match"),
    head: $(".scorepad__table thead tr"),
    body: $(".scorepad__table tbody"),
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
    add: $(".scorepad__add"),
    cancel: $(".scorepad__cancel"),
    remove: $(".scorepad__remove"),
    exportButton: $(".scorepad__export"),
    importInput: $("#scorepad-import"),
    newSheet: $(".scorepad__new"),
  };

  let sheet = null; // the engine's sheet
  let view = null; // what the engine says the page shows
  let editing = null; // the index of the round being corrected, or null
  let busy = false;

  const fill = (template, values) =>
    template.replace(/\{(\w+)\}/g, (match, key) => (key in values ? String(values[key]) : match));

  function say(message) {
    el.status.textContent = message;
  }

  function setBusy(value) {
    busy = value;
    root.dataset.busy = String(value);
  }

  // The engine's answer, or null after telling the reader what went wrong (in the page's
  // language: the engine's own message, or "the engine could not start").
  async function ask(method, args, after = "") {
    setBusy(true);
    try {
      return await callEngine(method, args);
    } catch (error) {
      if (error.code === "engine_failed") say(words.failed);
      else say(after ? `${error.message} ${after}` : error.message);
      return null;
    } finally {
      setBusy(false);
    }
  }

  function store() {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(sheet));
    } catch {
      // Storage full or refused: the sheet still works on the page, and can be exported.
    }
  }

  function forget() {
    try {
      localStorage.removeItem(STORAGE_KEY);
    } catch {
      // nothing kept, nothing to forget
    }
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
    const result = await ask("scorepad_new", { preset, options, players, names });
    if (!result) return;
    editing = null;
    accept(result, "");
    toSheet();
    el.entryTitle.focus();
  });

  // --- The sheet --------------------------------------------------------------------------

  function seatName(seat) {
    return sheet.names[seat].trim() || fill(words.seat, { seat: seat + 1 });
  }

  // A new sheet and view from the engine: kept, saved and shown.
  function accept(result, message) {
    sheet = result.sheet;
    view = result.view;
    store();
    render();
    say(message);
  }

  function cell(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function render() {
    root.dataset.over = String(view.outcome.over);
    el.match.textContent = view.status;
    el.match.classList.toggle("is-over", view.outcome.over);
    // The table: a row per round, a column per side with its running total.
    const head = [cell("th", words.round), cell("th", words.scoring)];
    for (const side of view.sides) head.push(cell("th", side.name));
    head.push(cell("th", words.correct));
    for (const th of head) th.scope = "col";
    el.head.replaceChildren(...head);
    const rows = view.rounds.map((round, index) => {
      const tr = document.createElement("tr");
      const number = cell("th", String(round.round));
      number.scope = "row";
      const scoring = cell("td", undefined, "scorepad__scoring");
      scoring.append(
        cell("span", round.arithmetic, "scorepad__arithmetic"),
        cell("span", round.result, "scorepad__result"),
      );
      tr.append(number, scoring);
      round.totals.forEach((total, side) => {
        const td = cell("td", String(total), "scorepad__total");
        if (round.points[side] > 0) td.append(" ", cell("span", `+${round.points[side]}`, "scorepad__gain"));
        tr.append(td);
      });
      const fix = cell("button", words.correct, "domino-button scorepad__correct");
      fix.type = "button";
      fix.setAttribute("aria-label", fill(words.correct_round, { round: round.round }));
      fix.dataset.index = String(index);
      const td = cell("td");
      td.append(fix);
      tr.append(td);
      if (index === editing) tr.classList.add("is-editing");
      return tr;
    });
    el.body.replaceChildren(...rows);
    el.empty.hidden = view.rounds.length > 0;
    el.remove.disabled = view.rounds.length === 0;
    buildEntry();
  }

  // --- The round entry form ---------------------------------------------------------------

  const scoresInPlay = () => view.preset === "all-fives";
  const doubleFinish = () => view.options.double_finish === true;

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
    const number = editing === null ? view.rounds.length + 1 : editing + 1;
    el.entryTitle.textContent = fill(editing === null ? words.entry_new : words.entry_fix, {
      round: number,
    });
    el.add.textContent = editing === null ? words.add : words.save;
    el.cancel.hidden = editing === null;
    const choices = [];
    for (let seat = 0; seat < sheet.players; seat++) {
      choices.push(new Option(seatName(seat), String(seat)));
    }
    choices.push(new Option(words.blocked, ""));
    el.wentOut.replaceChildren(...choices);
    const hands = [];
    for (let seat = 0; seat < sheet.players; seat++) {
      hands.push(
        field(`scorepad-pips-${seat}`, fill(words.pips, { name: seatName(seat) }), {
          type: "text",
          autocomplete: "off",
          spellcheck: "false",
          class: "scorepad__pips",
        }),
      );
    }
    el.handFields.replaceChildren(...hands);
    el.play.hidden = !scoresInPlay();
    el.playFields.replaceChildren(
      ...(scoresInPlay()
        ? view.sides.map((side, index) =>
            field(`scorepad-play-${index}`, fill(words.play_points, { name: side.name }), {
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
      const round = sheet.rounds[editing];
      el.wentOut.value = round.went_out === null ? "" : String(round.went_out);
      round.pips.forEach((hand, seat) => {
        const input = $(`#scorepad-pips-${seat}`);
        input.value = Array.isArray(hand) ? hand.join(" ") : String(hand);
      });
      (round.play_points || []).forEach((points, side) => {
        const input = $(`#scorepad-play-${side}`);
        if (input) input.value = String(points);
      });
      el.lastDouble.checked = round.last_double === true;
    }
    updateEntry();
  }

  // The hand of the seat that went out holds nothing; a blocked round has no last double.
  function updateEntry() {
    const out = el.wentOut.value;
    for (const input of el.handFields.querySelectorAll("input")) {
      const isOut = input.id === `scorepad-pips-${out}`;
      input.disabled = isOut;
      if (isOut) input.value = "";
    }
    el.double.hidden = !doubleFinish() || out === "";
  }

  el.wentOut.addEventListener("change", updateEntry);

  // A hand as the engine takes it: a number of pips, or the list of its tiles.
  function readHand(text) {
    const value = text.trim();
    if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
    if (value === "") return value; // the engine says what is missing
    return value.split(/[\s,;]+/).filter(Boolean);
  }

  function readEntry() {
    const out = el.wentOut.value;
    const wentOut = out === "" ? null : Number(out);
    const pips = [];
    for (let seat = 0; seat < sheet.players; seat++) {
      pips.push(seat === wentOut ? 0 : readHand($(`#scorepad-pips-${seat}`).value));
    }
    const entry = { went_out: wentOut, pips };
    if (scoresInPlay()) {
      entry.play_points = view.sides.map((side, index) => {
        const value = $(`#scorepad-play-${index}`).value.trim();
        return value === "" ? 0 : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      });
    }
    if (doubleFinish()) entry.last_double = wentOut !== null && el.lastDouble.checked;
    return entry;
  }

  el.entry.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy || sheet === null) return;
    const entry = readEntry();
    const index = editing;
    const result =
      index === null
        ? await ask("scorepad_add", { sheet, entry })
        : await ask("scorepad_set", { sheet, index, entry });
    if (!result) return;
    editing = null;
    const round = index === null ? result.view.rounds.length : index + 1;
    accept(result, fill(index === null ? words.added : words.corrected, { round }));
    el.entryTitle.focus();
  });

  el.cancel.addEventListener("click", () => {
    editing = null;
    render();
    say("");
    el.entryTitle.focus();
  });

  el.body.addEventListener("click", (event) => {
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
    const result = await ask("scorepad_remove_last", { sheet });
    if (!result) return;
    if (editing !== null && editing >= result.view.rounds.length) editing = null;
    accept(result, words.removed);
  });

  el.exportButton.addEventListener("click", async () => {
    if (busy || sheet === null) return;
    const text = await ask("scorepad_export", { sheet });
    if (text === null) return;
    const blob = new Blob([text], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "scorepad.json";
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    say(words.exported);
  });

  el.importInput.addEventListener("change", async () => {
    const file = el.importInput.files[0];
    el.importInput.value = "";
    if (!file || busy) return;
    let text;
    try {
      text = await file.text();
    } catch (error) {
      say(`${error.message} ${words.unchanged}`);
      return;
    }
    const result = await ask("scorepad_import", { text }, words.unchanged);
    if (!result) return;
    editing = null;
    accept(result, words.imported);
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

  // A saved sheet comes back as it was; a corrupt one gets the engine's message and a new
  // set-up, never a broken page.
  async function restore(raw) {
    startEngine();
    say(words.loading);
    let saved;
    try {
      saved = JSON.parse(raw);
    } catch {
      saved = undefined;
    }
    setBusy(true);
    let result;
    try {
      // Text that is not JSON goes to the engine's importer, which names the fault.
      result =
        saved === undefined
          ? await callEngine("scorepad_import", { text: raw })
          : await callEngine("scorepad_view", { sheet: saved });
    } catch (error) {
      if (error.code === "engine_failed") {
        say(words.failed); // the saved sheet is kept for a browser where the engine starts
      } else {
        forget();
        say(`${error.message} ${words.save_lost}`);
      }
      toSetup();
      return;
    } finally {
      setBusy(false);
    }
    accept(result, words.restored);
    toSheet();
  }

  el.noscript.hidden = true;
  el.app.hidden = false;
  toSetup();
  let raw = null;
  try {
    raw = localStorage.getItem(STORAGE_KEY);
  } catch {
    raw = null;
  }
  if (raw !== null) {
    restore(raw);
  } else {
    // The engine starts on the reader's first interaction with the app.
    const start = () => startEngine();
    for (const type of ["pointerdown", "keydown", "focusin"]) {
      el.app.addEventListener(type, start, { once: true });
    }
  }
}
