// The practice page: a match against the computer, played by the rules engine in the
// reader's browser (engine-client.js, a Web Worker). The build (hooks/practice_page.py)
// writes every word into the page; this script only wires the controls to the engine and
// shows what it answers. No rule is decided here.
//
// The engine keeps the whole game in one JSON "save"; every call takes it and returns the
// new {save, view}. The save is kept in localStorage after every change and restored on
// load. The root's data-phase is "setup", "play", "round-over" or "match-over".

import { startEngine, callEngine } from "./engine-client.js";

const STORAGE_KEY = "domino-practice-save";

const root = document.querySelector(".practice");
if (root) setup(root);

function setup(root) {
  const words = JSON.parse(root.dataset.words);
  const lang = document.documentElement.lang || "en";
  const maxSeed = Number(root.dataset.maxSeed);
  const $ = (selector) => root.querySelector(selector);
  const el = {
    app: $(".practice__app"),
    status: $(".practice__status"),
    phase: $(".practice__phase"),
    form: $(".practice__setup"),
    preset: $("#practice-preset"),
    options: $(".practice__options"),
    partnerships: $("#practice-option-partnerships"),
    players: $("#practice-players"),
    seed: $("#practice-seed"),
    start: $(".practice__start"),
    game: $(".practice__game"),
    round: $(".practice__round"),
    turn: $(".practice__turn"),
    hintButton: $(".practice__hint-button"),
    undo: $(".practice__undo"),
    skip: $(".practice__skip"),
    download: $(".practice__download"),
    newGame: $(".practice__new"),
    hint: $(".practice__hint"),
    end: $(".practice__end"),
    endTitle: $(".practice__end-title"),
    endText: $(".practice__end-text"),
    hands: $(".practice__hands"),
    next: $(".practice__next"),
    match: $(".practice__match"),
    nextRound: $(".practice__next-round"),
    newGame2: $(".practice__new-game"),
    layout: $(".practice__layout"),
    tiles: $(".practice__tiles"),
    ends: $(".practice__ends"),
    whichEnd: $(".practice__which-end"),
    endButtons: $(".practice__end-buttons"),
    cancel: $(".practice__cancel"),
    seats: $(".practice__seats"),
    boneyard: $(".practice__boneyard"),
    target: $(".practice__target"),
    score: $(".practice__score tbody"),
    log: $(".practice__log"),
  };

  let save = null; // the engine's save of the game on the table
  let view = null; // what the engine says the page shows
  let busy = false; // a call to the engine is under way (root's data-busy)
  let fast = false; // show the computer's moves at once, until it is the reader's turn
  let timer = null; // the pause before the computer's next move
  let token = 0; // bumped by every new state: a late answer for an old one is dropped

  const fill = (template, values) =>
    template.replace(/\{(\w+)\}/g, (match, key) => (key in values ? String(values[key]) : match));

  // data-busy tells tests and assistive scripts that the engine is working on a move.
  function setBusy(value) {
    busy = value;
    root.dataset.busy = String(value);
  }

  function say(message) {
    el.status.textContent = message;
  }

  function setPhase(phase) {
    if (root.dataset.phase !== phase) el.phase.textContent = words[`phase.${phase}`] ?? "";
    root.dataset.phase = phase;
  }

  function store() {
    try {
      if (save) localStorage.setItem(STORAGE_KEY, JSON.stringify(save));
    } catch {
      // Storage full or refused (private mode): the game goes on without it.
    }
  }

  function stored() {
    try {
      return localStorage.getItem(STORAGE_KEY);
    } catch {
      return null;
    }
  }

  function forget() {
    try {
      localStorage.removeItem(STORAGE_KEY);
    } catch {
      // nothing kept, nothing to remove
    }
  }

  // --- The set-up form -----------------------------------------------------------------

  function randomSeed() {
    const n = new Uint32Array(1);
    crypto.getRandomValues(n);
    return n[0] % (maxSeed + 1);
  }

  function urlSeed() {
    const value = new URLSearchParams(location.search).get("seed");
    if (value === null || !/^\d+$/.test(value)) return null;
    const n = Number(value);
    return n <= maxSeed ? n : null;
  }

  function showSeedInUrl(seed) {
    const url = new URL(location.href);
    url.searchParams.set("seed", String(seed));
    history.replaceState(history.state, "", url);
  }

  function updateForm() {
    const players = Number(el.players.value);
    el.options.hidden = el.preset.value !== el.options.dataset.preset;
    for (const field of root.querySelectorAll(".practice__field[data-seat]")) {
      field.hidden = Number(field.dataset.seat) >= players;
    }
    if (players !== 4) el.partnerships.value = "false";
    el.partnerships.disabled = players !== 4;
  }

  function settings() {
    const preset = el.preset.value;
    const players = Number(el.players.value);
    const options = {};
    if (preset === el.options.dataset.preset) {
      for (const select of el.options.querySelectorAll("select[data-option]")) {
        const value = JSON.parse(select.value);
        // Only the options that differ from the rules' own (the first choice) are sent.
        if (select.selectedIndex !== 0) options[select.dataset.option] = value;
      }
    }
    const levels = [];
    for (let seat = 1; seat < players; seat++) levels.push($(`#practice-level-${seat}`).value);
    const seed = el.seed.value.trim() === "" ? NaN : Number(el.seed.value);
    return { preset, options, players, levels, seed };
  }

  function showSetup() {
    cancelComputer();
    el.form.hidden = false;
    el.game.hidden = true;
    setPhase("setup");
    if (el.seed.value === "") el.seed.value = String(urlSeed() ?? randomSeed());
    updateForm();
  }

  // --- Talking to the engine ----------------------------------------------------------------

  function engineState() {
    return document.documentElement.dataset.engine;
  }

  // Calls the engine; on an error, says it in the status line and returns null.
  async function ask(method, args) {
    if (engineState() !== "ready") {
      say(words.loading);
      const outcome = await startEngine();
      if (outcome !== "ready") {
        say(words.failed);
        return null;
      }
      if (el.status.textContent === words.loading) say("");
    }
    try {
      return await callEngine(method, args, lang);
    } catch (error) {
      say(error.code === "engine_failed" ? words.failed : error.message);
      return null;
    }
  }

  // Runs one engine call that changes the game, then shows the new state.
  async function act(method, args = {}, { announce = "" } = {}) {
    if (busy) return false;
    setBusy(true);
    cancelComputer();
    const reply = await ask(method, { save, ...args });
    setBusy(false);
    if (!reply) {
      render();
      return false;
    }
    adopt(reply);
    if (announce) say(announce);
    return true;
  }

  function adopt(reply) {
    save = reply.save;
    view = reply.view;
    token++;
    store();
    showSeedInUrl(save.seed);
    el.hint.hidden = true;
    el.hint.textContent = "";
    if (view.your_turn || view.phase !== "play") fast = false;
    el.form.hidden = true;
    el.game.hidden = false;
    render();
    scheduleComputer();
  }

  // --- The computer's moves -------------------------------------------------------------

  function computersTurn() {
    return view && view.phase === "play" && !view.your_turn && view.turn !== null;
  }

  function cancelComputer() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function scheduleComputer() {
    cancelComputer();
    if (!computersTurn()) return;
    const pace = fast ? 0 : Number(root.dataset.pace);
    const mine = token;
    timer = setTimeout(async () => {
      timer = null;
      if (mine !== token || busy) return;
      await act("practice_computer");
    }, pace);
  }

  // --- Showing the view -----------------------------------------------------------------

  function button(text, className) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = className;
    b.textContent = text;
    return b;
  }

  function item(text) {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  }

  function render() {
    if (!view) return;
    setPhase(view.phase);
    const playing = view.phase === "play";
    el.round.textContent = fill(words.round, { round: view.round });
    el.turn.textContent = playing ? view.turn_text : "";
    // Buttons are disabled only by the game's state, never while the engine works (a
    // button disabled under the reader's focus would drop it); the handlers wait instead.
    el.hintButton.disabled = !(playing && view.your_turn);
    el.undo.disabled = !view.can_undo;
    el.skip.hidden = !computersTurn();
    el.download.disabled = !(view.phase !== "play" || view.round > 1);

    if (el.layout.dataset.svg !== view.layout) {
      el.layout.innerHTML = view.layout;
      el.layout.dataset.svg = view.layout;
    }

    // The reader's tiles: the playable ones stand out (and say so).
    const focusedTile = document.activeElement?.closest?.(".practice__tile")?.dataset.tile;
    el.tiles.replaceChildren(
      ...view.hand.map((tile) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "domino-tile practice__tile";
        b.dataset.tile = tile.code;
        const playable = playing && view.your_turn && tile.playable;
        b.classList.toggle("is-playable", playable);
        b.setAttribute(
          "aria-label",
          playable ? `${tile.name}, ${words.playable}` : tile.name,
        );
        b.innerHTML = tile.svg;
        b.querySelector("svg")?.setAttribute("aria-hidden", "true");
        return b;
      }),
    );
    if (focusedTile) el.tiles.querySelector(`[data-tile="${focusedTile}"]`)?.focus();
    if (!playing || !view.your_turn) closeEnds();

    el.seats.replaceChildren(
      ...view.seats.map((s) => item(fill(words.seat_tiles, { name: s.name, count: s.tiles }))),
    );
    el.boneyard.hidden = view.boneyard === null;
    if (view.boneyard !== null) el.boneyard.textContent = fill(words.boneyard, { count: view.boneyard });

    el.target.textContent = fill(words.target, { target: view.target });
    el.score.replaceChildren(
      ...view.sides.map((side) => {
        const tr = document.createElement("tr");
        const th = document.createElement("th");
        th.scope = "row";
        th.textContent = side.name;
        const round = document.createElement("td");
        round.textContent = String(side.round);
        const total = document.createElement("td");
        total.textContent = String(side.total);
        tr.append(th, round, total);
        return tr;
      }),
    );

    el.log.replaceChildren(...(view.log.length ? view.log : [words.log_empty]).map(item));

    const over = view.round_end !== null;
    const wasHidden = el.end.hidden;
    el.end.hidden = !over;
    if (over) {
      el.endTitle.textContent =
        view.match_end !== null ? words.match_over : fill(words.round_over, { round: view.round });
      el.endText.textContent = view.round_end.text;
      el.hands.replaceChildren(
        ...view.round_end.hands.map((h) =>
          item(`${h.name}: ${h.tiles.length ? h.tiles.join(" ") : words.hand_empty}`),
        ),
      );
      el.next.textContent = view.round_end.next;
      el.next.hidden = !view.round_end.next;
      el.match.textContent = view.match_end ?? "";
      el.match.hidden = view.match_end === null;
      el.nextRound.hidden = view.phase !== "round-over";
      el.newGame2.hidden = view.phase !== "match-over";
      if (wasHidden) el.end.focus();
    }
  }

  // --- The reader's moves ---------------------------------------------------------------

  function closeEnds() {
    el.ends.hidden = true;
    el.endButtons.replaceChildren();
  }

  function chooseTile(code) {
    const tile = view?.hand.find((t) => t.code === code);
    if (!tile || busy) return;
    if (!(view.phase === "play" && view.your_turn && tile.playable)) {
      say(fill(words.not_playable, { tile: tile.name }));
      return;
    }
    if (tile.ends.length <= 1) {
      closeEnds();
      const move = tile.ends.length ? `${tile.code}@${tile.ends[0].end}` : tile.code;
      act("practice_play", { move }).then(() => {
        if (view.your_turn) el.tiles.querySelector(".is-playable")?.focus();
      });
      return;
    }
    // It fits more than one end: ask which.
    el.whichEnd.textContent = fill(words.which_end, { tile: tile.name });
    el.endButtons.replaceChildren(
      ...tile.ends.map((e) => {
        const b = button(e.label, "domino-button practice__end-button");
        b.dataset.move = `${tile.code}@${e.end}`;
        return b;
      }),
    );
    el.ends.hidden = false;
    el.endButtons.querySelector("button").focus();
  }

  el.tiles.addEventListener("click", (event) => {
    const b = event.target.closest(".practice__tile");
    if (b) chooseTile(b.dataset.tile);
  });
  el.endButtons.addEventListener("click", (event) => {
    const b = event.target.closest(".practice__end-button");
    if (!b) return;
    closeEnds();
    act("practice_play", { move: b.dataset.move }).then(() => {
      if (view.your_turn) el.tiles.querySelector(".is-playable")?.focus();
    });
  });
  el.cancel.addEventListener("click", () => {
    const code = el.endButtons.querySelector("button")?.dataset.move.split("@")[0];
    closeEnds();
    el.tiles.querySelector(`[data-tile="${code}"]`)?.focus();
  });

  el.hintButton.addEventListener("click", async () => {
    if (busy || !view) return;
    const mine = token;
    const reply = await ask("practice_hint", { save });
    if (!reply || mine !== token) return;
    el.hint.textContent = reply.text;
    el.hint.hidden = false;
  });
  el.undo.addEventListener("click", () => act("practice_undo"));
  el.skip.addEventListener("click", () => {
    fast = true;
    if (!busy) scheduleComputer();
  });
  el.nextRound.addEventListener("click", () =>
    act("practice_next_round").then(() => el.tiles.querySelector(".is-playable, .practice__tile")?.focus()),
  );
  const toSetup = () => {
    el.seed.value = String(randomSeed());
    say("");
    showSetup();
    el.preset.focus();
  };
  el.newGame.addEventListener("click", toSetup);
  el.newGame2.addEventListener("click", toSetup);

  el.download.addEventListener("click", async () => {
    if (busy || !save) return;
    const record = await ask("practice_record", { save });
    if (!record) return;
    const blob = new Blob([JSON.stringify(record, null, 2) + "\n"], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `domino-${save.preset}-seed-${save.seed}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    say(words.downloaded);
  });

  // --- Starting a game ------------------------------------------------------------------

  el.preset.addEventListener("change", updateForm);
  el.players.addEventListener("change", updateForm);
  el.form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    const args = settings();
    if (!Number.isInteger(args.seed) || args.seed < 0 || args.seed > maxSeed) {
      args.seed = Number.isFinite(args.seed) ? args.seed : -1;
    }
    setBusy(true);
    el.start.disabled = true;
    const reply = await ask("practice_new", args);
    setBusy(false);
    el.start.disabled = false;
    if (!reply) return;
    say("");
    adopt(reply);
    el.tiles.querySelector(".is-playable, .practice__tile")?.focus();
  });

  // --- On load: the saved game, or the set-up form -------------------------------------

  async function restore(text) {
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text; // the engine says why a save that is not JSON cannot be read
    }
    setBusy(true);
    const reply = await ask("practice_view", { save: parsed });
    setBusy(false);
    if (reply) {
      adopt(reply);
      say(words.restored);
      return;
    }
    if (engineState() === "failed") {
      showSetup();
      return;
    }
    // The engine refused the save: its message, then a fresh game.
    const message = el.status.textContent;
    forget();
    say(`${message} ${words.save_lost}`);
    showSetup();
  }

  el.app.hidden = false;
  $(".practice__noscript").hidden = true;
  const kept = stored();
  const wanted = urlSeed();
  let keptSeed = null;
  try {
    keptSeed = JSON.parse(kept)?.seed ?? null;
  } catch {
    keptSeed = null;
  }
  if (kept !== null && (wanted === null || wanted === keptSeed)) {
    el.form.hidden = true;
    restore(kept);
  } else {
    showSetup();
    // The engine starts on the reader's first interaction with the set-up, so it is
    // ready, or nearly, when they press Start.
    const start = () => startEngine();
    for (const type of ["pointerdown", "keydown", "focusin"]) {
      el.app.addEventListener(type, start, { once: true });
    }
  }
}
