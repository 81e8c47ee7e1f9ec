// The practice page: a match against the computer, played by the rules engine in the
// reader's browser (engine-client.js, a Web Worker). The build (hooks/practice_page.py)
// writes every word into the page; this script only wires the controls to the engine and
// draws what it answers. No rule is decided here: what can be played, where, what it
// scores, who is to move, what each line says, all come from the engine's view.
//
// The engine keeps the whole game in one JSON "save"; every call takes it and returns the
// new {save, view}. The save is kept in localStorage after every change and restored on
// load; the address carries the game's whole setting (view.link), so a link deals the
// same match. The root's data-phase is "setup", "play", "round-over" or "match-over", and
// data-busy is "true" while the engine works on a move. A save over store.js's bounds
// (size, depth) is never parsed nor sent to the engine: the page says so and starts
// afresh. It, or a save the engine refuses, moves to the KEY-refused key, and the page
// offers its text for download.
//
// At a round's end the reader reviews any finished round of the match (a chooser from
// the second round on). The judged decisions of the rounds reviewed are kept beside the
// save (REVIEW_KEY), so the match's summary still counts them after a reload: bounded
// (store.js) and checked by the engine (review_kept) when read back (one that is not is
// dropped, nothing else with it); a new match forgets them.

import {
  confirmFirst,
  engineAnswered,
  engineFailure,
  fill,
  markerEnd,
  readerDate,
  request,
  startEngine,
  startOnInteraction,
} from "./page-kit.js";
import { reviewPanel } from "./review-panel.js";
import {
  download,
  keepView,
  keptView,
  parsed,
  readStore,
  refusal,
  removeStore,
  setAside,
  writeStore,
} from "./store.js";

const STORAGE_KEY = "domino-practice-save";
const REVIEW_KEY = "domino-practice-review"; // the rounds of the match reviewed so far
// The table last drawn (store.js keepView): shown on the next load while the engine
// starts, if it was drawn from that very save in the page's language.
const VIEW_KEY = "domino-practice-view";
const PACE_KEY = "domino-practice-pace"; // the pace of the computer's moves the reader chose
const REVIEW_VERSION = 1;
const MIN_TILE_PX = 38; // a layout tile is never drawn shorter than this on its long side
const TARGET_PX = 44; // an end marker's button is at least this wide and high
const ROOM_PX = TARGET_PX / 2; // room around the drawing for the end buttons beyond it
const RESTORED_MS = 6000; // how long "your saved match is back" stays on the table

const root = document.querySelector(".practice");
if (root) setup(root);

function setup(root) {
  const words = JSON.parse(root.dataset.words);
  // The engine's bounds and sizes, as the build writes them (hooks/practice_page.py): the
  // largest seed; the longest link the engine reads (a longer one is cut just past it,
  // for the engine to refuse); a drawn tile's long side, in the drawing's units.
  const maxSeed = Number(root.dataset.maxSeed);
  const maxQuery = Number(root.dataset.maxQuery);
  const tileLength = Number(root.dataset.tileLength);
  const $ = (selector) => root.querySelector(selector);
  const el = {
    app: $(".practice__app"),
    status: $(".practice__status"),
    phase: $(".practice__phase"),
    said: $(".practice__said"),
    form: $(".practice__setup"),
    preset: $("#practice-preset"),
    options: $(".practice__options"),
    partnerships: $("#practice-option-partnerships"),
    players: $("#practice-players"),
    seed: $("#practice-seed"),
    start: $(".practice__start"),
    back: $(".practice__back"),
    game: $(".practice__game"),
    table: $(".practice__table"),
    round: $(".practice__round"),
    turn: $(".practice__turn"),
    hintButton: $(".practice__hint-button"),
    undo: $(".practice__undo"),
    skip: $(".practice__skip"),
    menu: $(".practice__menu"),
    download: $(".practice__download"),
    downloadNote: $(".practice__download-note"),
    newGame: $(".practice__new"),
    board: $(".practice__board"),
    layout: $(".practice__layout"),
    openEnds: $(".practice__open-ends"),
    lastTile: $(".practice__last-tile"),
    feed: $(".practice__feed"),
    keys: $(".practice__keys"),
    keysButton: $(".practice__keys-button"),
    copyLink: $(".practice__copy-link"),
    link: $(".practice__link"),
    linkInput: $("#practice-link"),
    pace: $("#practice-pace"),
    notes: $(".practice__notes"),
    hint: $(".practice__hint"),
    callouts: $(".practice__callouts"),
    hand: $(".practice__hand"),
    tiles: $(".practice__tiles"),
    ends: $(".practice__ends"),
    whichEnd: $(".practice__which-end"),
    endButtons: $(".practice__end-buttons"),
    cancel: $(".practice__cancel"),
    seats: $(".practice__seats"),
    boneyard: $(".practice__boneyard"),
    target: $(".practice__target"),
    score: $(".practice__score tbody"),
    end: $(".practice__end"),
    endTitle: $(".practice__end-title"),
    endText: $(".practice__end-text"),
    hands: $(".practice__hands"),
    next: $(".practice__next"),
    match: $(".practice__match"),
    nextRound: $(".practice__next-round"),
    newGame2: $(".practice__new-game"),
    reviewButton: $(".practice__review"),
    reviewChoice: $(".practice__review-choice"),
    reviewRound: $("#practice-review-round"),
    yours: $(".practice__yours"),
    yoursText: $(".practice__yours-text"),
    review: $(".practice__end .review"),
    history: $(".practice__history"),
    rounds: $(".practice__rounds"),
    log: $(".practice__log"),
    confirm: {
      dialog: $(".practice__confirm"),
      text: $(".practice__confirm-text"),
      yes: $(".practice__confirm-yes"),
      no: $(".practice__confirm-no"),
    },
  };

  let save = null; // the engine's save of the game on the table
  let view = null; // what the engine says the page shows
  let busy = false; // a call to the engine is under way (root's data-busy)
  let fast = false; // show the computer's moves at once, until it is the reader's turn
  let timer = null; // the pause before the computer's next move
  let token = 0; // bumped by every new state: a late answer for an old one is dropped
  let choosing = null; // the hand tile whose end the reader is choosing
  let heard = { round: null, count: 0 }; // the log entries already announced
  let shownLayout = null; // the SVG text on the table now
  let hinted = null; // the hint's move on the table now: {code, end}
  let hintReply = null; // the hint shown: its words for each drawing
  let whole = false; // the whole drawing is shown, for an end to be chosen
  const reviewWords = JSON.parse(el.review.dataset.words);
  const review = reviewPanel(el.review, {
    ask: (method, args) => ask(method, args),
    keep: {
      read: readReviewed,
      write: (match, rounds) => {
        writeReviewed(match, rounds);
        noteProgress({ match, rounds });
      },
      clear: () => removeStore(REVIEW_KEY),
    },
    onYours: keepYours,
  });

  const logText = (entry) => entry.text;

  // data-busy tells tests and assistive scripts that the engine is working on a move.
  function setBusy(value) {
    busy = value;
    root.dataset.busy = String(value);
  }

  function say(message) {
    el.status.textContent = message;
  }

  // The status line sits above the form, and in the table during play (under the board,
  // which gives it the room): a message never pushes the table down the page.
  function placeStatus(inGame) {
    const home = inGame ? el.callouts : el.app;
    if (el.status.parentElement === home) return;
    if (inGame) el.callouts.prepend(el.status);
    else el.app.prepend(el.status);
  }

  function setPhase(phase) {
    if (root.dataset.phase !== phase) el.phase.textContent = words[`phase.${phase}`] ?? "";
    root.dataset.phase = phase;
  }

  // Storage full or refused (private mode): the game goes on without it.
  function store() {
    if (!save) return;
    const text = JSON.stringify(save);
    writeStore(STORAGE_KEY, text);
    keepView(VIEW_KEY, text, view);
  }

  const stored = () => readStore(STORAGE_KEY);

  // --- The rounds reviewed, kept beside the save ----------------------------------------

  /** The rounds reviewed that the store keeps, {match, rounds: Map(round -> items)}, or
   * null. Whether they can be used is the engine's rule (review_kept: their shape, each
   * item's fields, the bounds): an entry over store.js's bounds, or one the engine
   * refuses, is dropped, alone; a round the engine drops is dropped from the store too,
   * the others kept. */
  async function readReviewed() {
    const text = readStore(REVIEW_KEY);
    if (text === null) return null;
    const data = refusal(text) ? null : parsed(text, REVIEW_VERSION, (d) => d);
    let answered = true; // false: the engine could not be asked, and the entry stays
    const kept =
      data === null
        ? null
        : await request(
            "review_kept",
            { kept: data },
            { onError: (_, e) => (answered = engineAnswered(e)) },
          );
    if (kept === null && answered) removeStore(REVIEW_KEY);
    if (kept === null) return null;
    const rounds = new Map(kept.rounds);
    if (kept.dropped > 0) writeReviewed(kept.match, rounds);
    return { match: kept.match, rounds };
  }

  // Storage full or refused: the summary is kept for this visit only.
  function writeReviewed(match, rounds) {
    const data = { version: REVIEW_VERSION, match, rounds: [...rounds] };
    writeStore(REVIEW_KEY, JSON.stringify(data));
  }

  // The header stays at the top of the window: the table is placed under it.
  function headerHeight() {
    return document.querySelector(".md-header")?.offsetHeight ?? 0;
  }

  function placeTable() {
    root.style.setProperty("--practice-top", `${headerHeight()}px`);
    if (!el.game.hidden) el.table.scrollIntoView({ block: "start" });
  }

  // --- The set-up form -----------------------------------------------------------------

  function randomSeed() {
    const n = new Uint32Array(1);
    crypto.getRandomValues(n);
    return n[0] % (maxSeed + 1);
  }

  function query() {
    return location.search.replace(/^\?/, "");
  }

  function urlSeed() {
    const value = new URLSearchParams(location.search).get("seed");
    if (value === null || !/^\d+$/.test(value)) return null;
    const n = Number(value);
    return n <= maxSeed ? n : null;
  }

  function showLinkInUrl() {
    const url = new URL(location.href);
    url.search = view.link ? `?${view.link}` : "";
    history.replaceState(history.state, "", url);
  }

  function updateForm() {
    const players = Number(el.players.value);
    el.options.hidden = el.preset.value !== el.options.dataset.preset;
    for (const field of root.querySelectorAll(".practice__field[data-seat]")) {
      field.hidden = Number(field.dataset.seat) >= players;
    }
    // Which player counts allow partnerships is the engine's rule, written by the build.
    const allowed = (el.partnerships.dataset.needsPlayers ?? "").split(" ").map(Number);
    const ok = allowed.includes(players);
    if (!ok) el.partnerships.value = el.partnerships.options[0].value;
    el.partnerships.disabled = !ok;
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
    const text = el.seed.value.trim();
    const seed = /^\d+$/.test(text) ? Number(text) : text === "" ? null : text;
    return { preset, options, players, levels, seed };
  }

  // Selects the option of `value`: the game and player selects hold plain text, the
  // rule options' selects each value as JSON (so the text "difference" is '"difference"').
  function choose(select, value) {
    const forms = [JSON.stringify(value), typeof value === "string" ? value : null];
    const index = [...select.options].findIndex((o) => forms.includes(o.value));
    if (index >= 0) select.selectedIndex = index;
  }

  // Fills the form with the settings the engine read from a link; the controls a link
  // got wrong keep the reader's own choice.
  function fillForm(given, wrong) {
    const ok = (id) => !wrong.has(id);
    if (given.preset && ok("practice-preset")) choose(el.preset, given.preset);
    if (given.players && ok("practice-players")) choose(el.players, String(given.players));
    for (const select of el.options.querySelectorAll("select[data-option]")) {
      const name = select.dataset.option;
      if (!ok(select.id)) continue;
      if (given.options && name in given.options) choose(select, given.options[name]);
      else select.selectedIndex = 0;
    }
    (given.levels ?? []).forEach((level, i) => {
      const select = $(`#practice-level-${i + 1}`);
      if (select && ok(select.id)) choose(select, level);
    });
    if (Number.isInteger(given.seed) && ok("practice-seed")) el.seed.value = String(given.seed);
    updateForm();
  }

  // A field's error: shown next to it, described by it, marked invalid.
  function showError(id, message) {
    const control = id ? root.querySelector(`#${CSS.escape(id)}`) : null;
    if (!control || !el.form.contains(control)) {
      say(message);
      return;
    }
    let note = root.querySelector(`#${CSS.escape(id)}-error`);
    if (!note) {
      note = document.createElement("span");
      note.className = "practice__error";
      note.id = `${id}-error`;
      control.after(note);
      const described = control.getAttribute("aria-describedby");
      control.setAttribute("aria-describedby", described ? `${note.id} ${described}` : note.id);
    }
    note.textContent = message;
    control.setAttribute("aria-invalid", "true");
  }

  function clearError(control) {
    const note = root.querySelector(`#${CSS.escape(control.id)}-error`);
    if (!note) return;
    note.remove();
    control.removeAttribute("aria-invalid");
    const rest = (control.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter((id) => id && id !== note.id);
    if (rest.length) control.setAttribute("aria-describedby", rest.join(" "));
    else control.removeAttribute("aria-describedby");
  }

  function clearErrors() {
    for (const control of el.form.querySelectorAll("[aria-invalid]")) clearError(control);
  }

  function showSetup() {
    cancelComputer();
    closeEnds();
    el.form.hidden = false;
    el.game.hidden = true;
    placeStatus(false);
    el.back.hidden = !(save || stored());
    setPhase("setup");
    if (el.seed.value === "") el.seed.value = String(urlSeed() ?? randomSeed());
    updateForm();
  }

  // A link's settings, read by the engine: the form shows them, and each bad value gets
  // the engine's message at its field.
  let linking = null; // the engine reading the address's link, until it has answered
  async function readLink() {
    const q = query();
    if (!q) return;
    const args = { query: q.slice(0, maxQuery + 1) };
    const reply = await ask("practice_settings", args, { quiet: true });
    if (!reply) return; // an engine without the method: the seed alone is read
    const wrong = new Set((reply.errors ?? []).map((e) => e.field));
    fillForm(reply.settings ?? {}, wrong);
    clearErrors();
    for (const e of reply.errors ?? []) showError(e.field, e.message);
    // The form is the link's: the reader is told so, and what to press.
    if (!reply.errors?.length) say(words.link_ready);
  }

  // --- Talking to the engine ----------------------------------------------------------------

  function engineState() {
    return document.documentElement.dataset.engine;
  }

  // Calls the engine; on an error, says it (at its field if it names one) and returns
  // null. `quiet` says nothing of the error; `loading` is said while the engine starts.
  async function ask(method, args, { quiet = false, loading = words.loading } = {}) {
    if (engineState() !== "ready") {
      say(loading);
      const outcome = await startEngine();
      if (outcome !== "ready") {
        say(engineFailure() ?? words.failed);
        return null;
      }
      if (el.status.textContent === loading) say("");
    }
    return request(method, args, {
      failed: words.failed,
      onError: (text, error) => {
        if (quiet) return;
        if (error.field && !el.form.hidden) showError(error.field, text);
        else say(text);
      },
    });
  }

  // Runs one engine call that changes the game, then shows the new state. A status the
  // move makes stale (a restored game, a download, an earlier error) is cleared.
  async function act(method, args = {}) {
    if (busy) return false;
    setBusy(true);
    cancelComputer();
    const reply = await ask(method, { save, ...args });
    setBusy(false);
    if (!reply) {
      render();
      return false;
    }
    say("");
    adopt(reply);
    return true;
  }

  function adopt(reply, { silent = false } = {}) {
    const before = view;
    save = reply.save;
    view = reply.view;
    // A round's review belongs to its end: another round, or another match, closes it.
    if (!before || before.round !== view.round || before.link !== view.link || !view.round_end) {
      review.hide();
      el.yours.hidden = true;
    }
    token++;
    store();
    showLinkInUrl();
    el.hint.hidden = true;
    el.hint.textContent = "";
    hinted = null;
    hintReply = null;
    el.link.hidden = true;
    if (view.your_turn || view.phase !== "play") fast = false;
    el.form.hidden = true;
    el.game.hidden = false;
    placeStatus(true);
    listen(before, silent);
    render();
    scheduleComputer();
    if (view.phase === "match-over" && before?.phase !== "match-over") noteProgress();
  }

  // --- The reader's progress (the progress page's figures) ------------------------------

  // A match over is kept among the reader's finished matches (under the root's
  // data-progress key), with how well the reader played in its rounds reviewed; telling
  // the engine the same match again changes only its review (progress_match). Kept
  // matches the engine cannot read are left as they are, for the progress page to say so.
  // One at a time: each reads what the one before wrote.
  let noting = Promise.resolve();

  // What the store keeps under `key` for another page (its objects of version 1): {data},
  // data null when nothing is kept; null when what is kept cannot be read (it is left as
  // it is, for the page that shows it to say so).
  function keptFor(key) {
    const text = readStore(key);
    if (text === null) return { data: null };
    const data = refusal(text) ? null : parsed(text, 1, (d) => d);
    return data === null ? null : { data };
  }
  function noteProgress(reviewed) {
    noting = noting.then(() => noteNow(reviewed)).catch(() => {});
  }

  async function noteNow(reviewed) {
    if (!save || view?.phase !== "match-over") return;
    const key = root.dataset.progress;
    const kept = keptFor(key);
    if (!kept) return;
    const mine = save;
    const found = reviewed ?? (await readReviewed());
    const items = found?.match === view.link ? [...found.rounds.values()].flat() : [];
    const answer = await request("progress_match", {
      progress: kept.data,
      save: mine,
      date: readerDate(),
      items: items.length ? items : null,
    });
    if (answer && mine === save) writeStore(key, JSON.stringify(answer.progress));
  }

  // --- The reader's own puzzles (the puzzles page plays them) ---------------------------

  // A decision the review says can be one of the reader's puzzles is kept among them
  // (under the root's data-yours key), as the engine adds it (yours_add: it judges it
  // again and keeps each decision once). Kept puzzles the engine cannot read are left as
  // they are, for the puzzles page to say so. One at a time, as the progress is.
  function keepYours(args) {
    noting = noting.then(() => keepNow(args)).catch(() => {});
  }

  async function keepNow(args) {
    const key = root.dataset.yours;
    const kept = keptFor(key);
    if (!kept) return;
    const answer = await request("yours_add", { ...args, yours: kept.data, date: readerDate() });
    if (!answer) return;
    if (answer.added) writeStore(key, JSON.stringify(answer.yours));
    el.yoursText.textContent = answer.said;
    el.yours.hidden = false;
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
      if (await act("practice_computer")) focusTurn();
    }, pace);
  }

  // --- Heard as well as seen: each new entry of the round's log, once, in order ---------

  function listen(before, silent) {
    const log = view.log;
    const sameRound = before && heard.round === view.round && before.seed === view.seed;
    if (!sameRound || log.length < heard.count) {
      el.said.replaceChildren();
      heard = {
        round: view.round,
        count: silent || (!sameRound && before === null) ? log.length : 0,
      };
      if (silent) return;
    }
    // The entries that came at once are said in one announcement: a screen reader that
    // reads the newest change of a live region first loses none of them.
    const fresh = log.slice(heard.count).map(logText);
    if (fresh.length) {
      const p = document.createElement("p");
      p.textContent = fresh.join(" ");
      el.said.append(p);
    }
    heard.count = log.length;
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

  function viewBox(svgText) {
    const m = /viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"/.exec(svgText ?? "");
    return m ? { width: Number(m[3]), height: Number(m[4]) } : null;
  }

  // The scale at which a drawing fits the board, and its tiles' least long side there.
  function fit(svgText, width, height) {
    const box = viewBox(svgText);
    if (!box) return 0;
    return Math.min(width / box.width, height / box.height);
  }

  // Of the two drawings of the layout (one bent sooner for a narrow screen), the one
  // that is drawn the larger in the board.
  function chooseLayout() {
    const wide = view.layout;
    const narrow = view.layout_narrow;
    if (!narrow || narrow === wide) return wide;
    const width = el.board.clientWidth || 328;
    const height = el.board.clientHeight || 300;
    return fit(narrow, width, height) > fit(wide, width, height) * 1.05 ? narrow : wide;
  }

  // Sizes the drawing to the board: as large as it is drawn, smaller to fit, never with a
  // tile under MIN_TILE_PX (then the board pans), and the last tile laid in view.
  function fitLayout(changed) {
    const svg = el.layout.querySelector("svg");
    if (!svg) return;
    const box = svg.viewBox.baseVal;
    if (!box || !box.width) return;
    const natural = Number(svg.getAttribute("width")) / box.width || 1;
    let longest = tileLength;
    const tiles = svg.querySelectorAll("[data-tile]");
    if (tiles.length) {
      longest = Math.min(
        ...[...tiles].map((t) => {
          const b = t.getBBox();
          return Math.max(b.width, b.height);
        }),
      );
    }
    const style = getComputedStyle(el.board);
    const width =
      el.board.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height =
      el.board.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    // The drawing keeps room around it for the end buttons that stand beyond its ends.
    el.layout.style.padding = `${ROOM_PX}px`;
    const room = 2 * ROOM_PX;
    let scale = Math.min(natural, (width - room) / box.width, (height - room) / box.height);
    // While an end is chosen on a table whose ends lie farther apart than the board, the
    // whole drawing is shown (its tiles smaller for that moment): every end in view.
    // (The end buttons may stand a whole button beyond the drawing's edge.)
    if (whole) {
      const reach = 2 * TARGET_PX;
      scale = Math.min(scale, (width - reach) / box.width, (height - reach) / box.height);
      scale = Math.max(scale, 0.05);
    } else {
      scale = Math.max(scale, MIN_TILE_PX / longest);
    }
    svg.style.maxWidth = "none";
    svg.style.width = `${box.width * scale}px`;
    svg.style.height = `${box.height * scale}px`;
    if (changed) keepInView(svg.querySelector(".domino-last"));
  }

  // Pans the board (never the page) so that `target` is inside it.
  function keepInView(target) {
    if (!target) return;
    const board = el.board.getBoundingClientRect();
    const r = target.getBoundingClientRect();
    let dx = 0;
    let dy = 0;
    if (r.left < board.left) dx = r.left - board.left - 24;
    else if (r.right > board.right) dx = r.right - board.right + 24;
    if (r.top < board.top) dy = r.top - board.top - 24;
    else if (r.bottom > board.bottom) dy = r.bottom - board.bottom + 24;
    if (dx || dy) el.board.scrollBy({ left: dx, top: dy, behavior: "instant" });
  }

  // The words of `o` for the drawing shown: each drawing names the open ends by their
  // places on it, the narrow one's words under the key's "_narrow" twin.
  function placed(o, key) {
    const narrow = shownLayout === view.layout_narrow && shownLayout !== view.layout;
    return (narrow && o[`${key}_narrow`]) || o[key];
  }

  // The open ends, in every game (in All Fives with what they add up to), by their
  // places on the drawing shown; so the hint's end, and, while an end is chosen, the
  // list's names for them.
  function namePlaces() {
    el.openEnds.textContent = [placed(view, "ends_line"), view.open_ends?.text ?? ""]
      .join(" ")
      .trim();
    if (hintReply) el.hint.textContent = placed(hintReply, "text");
    if (!choosing) return;
    el.endButtons.querySelectorAll(".practice__end-button").forEach((b, i) => {
      b.querySelector(".practice__end-name").textContent = placed(choosing.ends[i], "text");
    });
  }

  function drawLayout() {
    const svgText = chooseLayout();
    const changed = svgText !== shownLayout;
    if (changed) {
      const targets = [...el.layout.querySelectorAll(".practice__end-target")];
      el.layout.innerHTML = svgText;
      el.layout.append(...targets);
      shownLayout = svgText;
    }
    namePlaces();
    fitLayout(changed);
    if (choosing) showEndTargets(choosing);
    markHint();
  }

  // The hint's tile is marked in the hand, and the end it goes on on the table.
  function markHint() {
    for (const m of el.layout.querySelectorAll(".domino-markers .is-hinted")) {
      m.classList.remove("is-hinted");
    }
    if (!hinted) return;
    const b = el.tiles.querySelector(`[data-tile="${hinted.code}"]`);
    b?.classList.add("is-hinted");
    b?.setAttribute("aria-describedby", el.hint.id);
    if (hinted.end) {
      el.layout
        .querySelector(`.domino-markers [data-end="${hinted.end}"]`)
        ?.classList.add("is-hinted");
    }
  }

  function tileButton(tile, playable) {
    const b = button("", "domino-tile practice__tile");
    b.dataset.tile = tile.code;
    b.classList.toggle("is-playable", playable);
    b.classList.toggle("is-drawn", !!tile.drawn);
    // The engine's name for the button: the tile first, then whether it can be played
    // and whether it was just drawn.
    b.setAttribute("aria-label", tile.label);
    b.innerHTML = tile.svg;
    const svg = b.querySelector("svg");
    if (svg) {
      svg.setAttribute("aria-hidden", "true");
      // Drawn larger than the engine's size by the page's scale; a double stands across.
      svg.style.width = `calc(${Number(svg.getAttribute("width")) || 50}px * var(--practice-hand-scale, 1))`;
      svg.style.height = "auto";
      svg.style.maxWidth = "none";
    }
    if (tile.drawn) {
      const mark = document.createElement("span");
      mark.className = "practice__drawn";
      mark.setAttribute("aria-hidden", "true");
      mark.textContent = words.drawn;
      b.append(mark);
    }
    return b;
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
    // While the computer plays, the skip button takes the place of hint and undo.
    const theirs = computersTurn();
    el.skip.classList.toggle("is-idle", !theirs);
    el.skip.setAttribute("aria-hidden", String(!theirs));
    el.skip.tabIndex = theirs ? 0 : -1;
    for (const b of [el.hintButton, el.undo]) {
      b.classList.toggle("is-idle", theirs);
      b.setAttribute("aria-hidden", String(theirs));
      b.tabIndex = theirs ? -1 : 0;
    }
    // Whether a record exists, and why not, is the engine's to say.
    el.download.disabled = !view.can_download;
    const note = view.can_download ? "" : view.download_note;
    el.downloadNote.textContent = note;
    el.downloadNote.hidden = !note;

    // Who laid the last tile (the open ends are named with the drawing).
    el.lastTile.textContent = view.last_tile?.text ?? "";
    el.lastTile.hidden = !view.last_tile;
    const notes = view.notes;
    el.notes.replaceChildren(...notes.map(item));
    el.notes.hidden = notes.length === 0;

    // The reader's tiles: the playable ones stand out (and say so), the drawn ones too.
    const focusedTile = document.activeElement?.closest?.(".practice__tile")?.dataset.tile;
    el.tiles.replaceChildren(
      ...view.hand.map((tile) => tileButton(tile, playing && view.your_turn && tile.playable)),
    );
    if (focusedTile) {
      el.tiles.querySelector(`[data-tile="${focusedTile}"]`)?.focus({ preventScroll: true });
    }
    if (!playing || !view.your_turn) closeEnds();

    el.seats.replaceChildren(
      ...view.seats.map((s) => {
        const li = item(s.text);
        // The seat to move is marked (its line says so too, in the page's language).
        li.classList.toggle("is-turn", s.turn);
        if (s.turn) li.setAttribute("aria-current", "true");
        // What the seat did last this round, until it acts again.
        if (s.last) {
          const last = document.createElement("span");
          last.className = "practice__last";
          last.textContent = s.last;
          li.append(" ", last);
        }
        return li;
      }),
    );
    el.feed.replaceChildren(...view.feed.map(item));
    el.boneyard.hidden = view.boneyard === null;
    if (view.boneyard !== null) {
      el.boneyard.textContent = fill(words.boneyard, { count: view.boneyard });
    }

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

    const log = view.log;
    el.log.replaceChildren(...(log.length ? log.map(logText) : [words.log_empty]).map(item));
    renderHistory();
    // Drawn once the rest is written: its measuring lays the page out once, not twice.
    drawLayout();

    const over = view.round_end !== null;
    const wasHidden = el.end.hidden;
    el.end.hidden = !over;
    if (over) {
      el.endTitle.textContent =
        view.match_end !== null ? words.match_over : fill(words.round_over, { round: view.round });
      el.endText.textContent = view.round_end.text;
      el.hands.replaceChildren(...view.round_end.hands.map((h) => item(h.text)));
      el.next.textContent = view.round_end.next;
      el.next.hidden = !view.round_end.next;
      el.match.textContent = view.match_end ?? "";
      el.match.hidden = view.match_end === null;
      el.nextRound.hidden = view.phase !== "round-over";
      el.newGame2.hidden = view.phase !== "match-over";
      renderChooser();
      if (wasHidden) {
        el.end.focus({ preventScroll: true });
        el.end.scrollIntoView({ block: "nearest" });
      }
    }
  }

  // The finished rounds of the match to review (view.round of them, this one the last):
  // offered from the second one on, the one just finished chosen when a round ends.
  let chooserShown = "";
  function renderChooser() {
    const finished = view.round;
    const key = `${finished} ${view.link}`;
    if (key !== chooserShown) {
      chooserShown = key;
      el.reviewRound.replaceChildren(
        ...Array.from({ length: finished }, (_, k) => {
          const option = document.createElement("option");
          option.value = String(k);
          option.textContent = fill(reviewWords.round_option, { round: k + 1 });
          return option;
        }),
      );
      el.reviewRound.value = String(finished - 1);
    }
    el.reviewChoice.hidden = finished < 2;
    el.reviewButton.textContent =
      finished < 2 ? reviewWords.review_round : reviewWords.review_chosen;
  }

  // Each finished round, to open again: its final layout, hands and score. The drawings'
  // ids are made the round's own, so they never repeat the table's.
  let historyShown = "";
  function renderHistory() {
    const rounds = view.history;
    const key = JSON.stringify(rounds.map((r) => [r.round, r.totals]));
    el.history.hidden = rounds.length === 0;
    if (key === historyShown) return;
    historyShown = key;
    el.rounds.replaceChildren(
      ...rounds.map((r) => {
        const details = document.createElement("details");
        details.className = "practice__past";
        const summary = document.createElement("summary");
        summary.textContent = r.title;
        details.append(summary);
        details.addEventListener(
          "toggle",
          () => {
            if (!details.open || details.dataset.drawn) return;
            details.dataset.drawn = "true";
            const figure = document.createElement("div");
            figure.className = "practice__past-layout";
            const narrow = narrowScreen() && r.layout_narrow;
            figure.innerHTML = ownIds(narrow ? r.layout_narrow : r.layout, `past${r.round}-`);
            const text = document.createElement("p");
            text.textContent = r.text;
            const hands = document.createElement("ul");
            hands.append(...(r.hands ?? []).map((h) => item(h.text)));
            const open = button(words.steps_open, "domino-button practice__steps-open");
            open.addEventListener("click", () => stepThrough(r.round, open));
            details.append(figure, text, hands, open);
          },
          { once: false },
        );
        return details;
      }),
    );
  }

  // A finished round, move by move from the deal to the score, as the engine tells it:
  // the table of each step and what happened, with buttons to go back and forth.
  async function stepThrough(round, open) {
    if (busy || !save) return;
    const reply = await ask("practice_steps", { save, round: round - 1 });
    if (!reply) return;
    const steps = reply.steps;
    const box = document.createElement("div");
    box.className = "practice__steps";
    const figure = document.createElement("div");
    figure.className = "practice__past-layout";
    const caption = document.createElement("p");
    caption.className = "practice__steps-text";
    caption.setAttribute("aria-live", "polite");
    const count = document.createElement("span");
    count.className = "practice__steps-count";
    const prev = button(words.steps_prev, "domino-button practice__steps-prev");
    const next = button(words.steps_next, "domino-button practice__steps-next");
    const bar = document.createElement("p");
    bar.className = "practice__actions";
    bar.append(prev, count, next);
    box.append(bar, figure, caption);
    let at = 0;
    const show = () => {
      const step = steps[at];
      const narrow = narrowScreen();
      figure.innerHTML = ownIds(narrow ? step.layout_narrow : step.layout, `steps${round}-`);
      caption.textContent = step.text;
      count.textContent = fill(words.steps_count, { step: at + 1, count: steps.length });
      prev.disabled = at === 0;
      next.disabled = at === steps.length - 1;
    };
    prev.addEventListener("click", () => {
      at = Math.max(0, at - 1);
      show();
      if (prev.disabled) next.focus();
    });
    next.addEventListener("click", () => {
      at = Math.min(steps.length - 1, at + 1);
      show();
      if (next.disabled) prev.focus();
    });
    show();
    open.replaceWith(box);
    next.focus();
  }

  // A phone's screen: a finished round's tables are drawn for it (layout_narrow).
  function narrowScreen() {
    return window.matchMedia("(max-width: 40em)").matches;
  }

  function ownIds(svgText, prefix) {
    let out = svgText ?? "";
    for (const [, id] of out.matchAll(/id="([^"]+)"/g)) out = out.replaceAll(id, prefix + id);
    return out;
  }

  // --- Focus: the reader's next action, without moving the table -----------------------

  function focusTurn() {
    if (!view || el.game.hidden) return;
    if (view.phase === "play" && view.your_turn) {
      el.tiles.querySelector(".is-playable")?.focus({ preventScroll: true });
    }
  }

  // --- The reader's moves ---------------------------------------------------------------

  function closeEnds() {
    choosing = null;
    if (whole) {
      whole = false;
      el.table.classList.remove("is-whole");
      fitLayout(false);
    }
    el.tiles.inert = false;
    el.ends.hidden = true;
    el.endButtons.replaceChildren();
    for (const b of el.layout.querySelectorAll(".practice__end-target")) b.remove();
  }

  const moveOf = (e) => e.move; // the engine writes every move: the page never builds one

  function play(move) {
    closeEnds();
    act("practice_play", { move }).then(focusTurn);
  }

  // An end's number, the same on its button in the list and on the table (and its key).
  function endNumber(n) {
    const span = document.createElement("span");
    span.className = "practice__end-number";
    span.textContent = String(n);
    return span;
  }

  // Pans the board so that every end button is in it; false if they lie farther apart
  // than the board is large.
  function revealTargets() {
    const boxes = [...el.layout.querySelectorAll(".practice__end-target")].map((b) =>
      b.getBoundingClientRect(),
    );
    if (!boxes.length) return true;
    const left = Math.min(...boxes.map((r) => r.left));
    const right = Math.max(...boxes.map((r) => r.right));
    const top = Math.min(...boxes.map((r) => r.top));
    const bottom = Math.max(...boxes.map((r) => r.bottom));
    const board = el.board.getBoundingClientRect();
    const inner = {
      left: board.left + el.board.clientLeft,
      top: board.top + el.board.clientTop,
      right: board.left + el.board.clientLeft + el.board.clientWidth,
      bottom: board.top + el.board.clientTop + el.board.clientHeight,
    };
    if (right - left > inner.right - inner.left || bottom - top > inner.bottom - inner.top) {
      return false;
    }
    const dx = left < inner.left ? left - inner.left : Math.max(0, right - inner.right);
    const dy = top < inner.top ? top - inner.top : Math.max(0, bottom - inner.bottom);
    if (dx || dy) el.board.scrollBy({ left: dx, top: dy, behavior: "instant" });
    return true;
  }

  // Where an end's button stands: on its marker, at least a fingertip large, grown away
  // from the tile the end belongs to (the nearest), so that it never covers that tile.
  function targetBox(marker, tiles) {
    const r = marker.getBoundingClientRect();
    const w = Math.max(TARGET_PX, r.width);
    const h = Math.max(TARGET_PX, r.height);
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    let left = cx - w / 2;
    let top = cy - h / 2;
    let own = null;
    let nearest = Infinity;
    for (const t of tiles) {
      const q = t.getBoundingClientRect();
      const d = (q.left + q.width / 2 - cx) ** 2 + (q.top + q.height / 2 - cy) ** 2;
      if (d < nearest) [own, nearest] = [q, d];
    }
    if (own) {
      const dx = cx - (own.left + own.width / 2);
      const dy = cy - (own.top + own.height / 2);
      if (Math.abs(dx) >= Math.abs(dy)) {
        left = dx > 0 ? Math.max(left, own.right + 1) : Math.min(left, own.left - 1 - w);
      } else {
        top = dy > 0 ? Math.max(top, own.bottom + 1) : Math.min(top, own.top - 1 - h);
      }
    }
    return { left, top, w, h };
  }

  // Real buttons over the drawn end markers, each as large as a fingertip and numbered as
  // the list is. Drawn again (the board resized), the buttons move with their markers:
  // they are never replaced.
  function showEndTargets(tile) {
    const box = el.layout.getBoundingClientRect();
    const tiles = [...el.layout.querySelectorAll("svg [data-tile]")];
    const kept = new Map(
      [...el.layout.querySelectorAll(".practice__end-target")].map((b) => [b.dataset.end, b]),
    );
    tile.ends.forEach((e, i) => {
      const marker = e.end && el.layout.querySelector(`.domino-markers [data-end="${e.end}"]`);
      if (!marker) return;
      const { left, top, w, h } = targetBox(marker, tiles);
      let b = kept.get(e.end);
      kept.delete(e.end);
      if (!b) {
        b = button("", "practice__end-target");
        b.dataset.end = e.end;
        el.layout.append(b);
      }
      b.dataset.move = moveOf(e);
      // Its number, the score a play there makes (All Fives), and its name in words.
      b.replaceChildren(endNumber(i + 1));
      if (e.score) b.append(` +${e.score}`);
      const name = document.createElement("span");
      name.className = "domino-sr-only";
      name.textContent = ` ${placed(e, "text")}`;
      b.append(name);
      b.classList.toggle("has-score", !!e.score);
      b.style.left = `${left - box.left}px`;
      b.style.top = `${top - box.top}px`;
      b.style.width = `${w}px`;
      b.style.height = `${h}px`;
    });
    for (const b of kept.values()) b.remove();
  }

  function chooseTile(code) {
    const tile = view?.hand.find((t) => t.code === code);
    if (!tile || busy) return;
    if (!(view.phase === "play" && view.your_turn && tile.playable)) {
      say(fill(words.not_playable, { tile: tile.name }));
      return;
    }
    if (tile.ends.length <= 1) {
      play(moveOf(tile.ends[0]));
      return;
    }
    // It fits more than one end: ask which, on the table and in a list, both numbered.
    choosing = tile;
    el.whichEnd.textContent = fill(words.which_end, { tile: tile.name });
    el.endButtons.replaceChildren(
      ...tile.ends.map((e, i) => {
        const b = button("", "domino-button practice__end-button");
        const label = document.createElement("span");
        label.className = "practice__end-name";
        label.textContent = placed(e, "text");
        b.append(endNumber(i + 1), " ", label);
        b.dataset.move = moveOf(e);
        return b;
      }),
    );
    // The choice lies over the hand and what follows it: the board keeps its size.
    el.table.style.setProperty("--practice-ends-top", `${el.hand.offsetTop}px`);
    el.tiles.inert = true;
    el.ends.hidden = false;
    showEndTargets(tile);
    if (!revealTargets()) {
      // The ends lie farther apart than the board: the board takes the room of the
      // lines under it and of the hand, and the whole drawing is shown in it.
      whole = true;
      el.table.classList.add("is-whole");
      fitLayout(false);
      showEndTargets(tile);
      revealTargets();
    }
    el.endButtons.querySelector("button").focus({ preventScroll: true });
  }

  el.tiles.addEventListener("click", (event) => {
    const b = event.target.closest(".practice__tile");
    if (b) chooseTile(b.dataset.tile);
  });
  el.endButtons.addEventListener("click", (event) => {
    const b = event.target.closest(".practice__end-button");
    if (b) play(b.dataset.move);
  });
  // A tap on an end marker, or on its button, plays the chosen tile there.
  el.layout.addEventListener("click", (event) => {
    if (!choosing) return;
    const target = event.target.closest(".practice__end-target");
    if (target) {
      play(target.dataset.move);
      return;
    }
    const end = markerEnd(event);
    const e = end && choosing.ends.find((x) => x.end === end);
    if (e) play(moveOf(e));
  });
  el.cancel.addEventListener("click", () => {
    const code = choosing?.code;
    closeEnds();
    if (code) el.tiles.querySelector(`[data-tile="${code}"]`)?.focus({ preventScroll: true });
  });
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && choosing) el.cancel.click();
  });

  // --- Keyboard shortcuts: the keys and their actions are the help panel's ------------

  // A message said on demand: said again even when it is the same as the last one.
  function tell(message) {
    say("");
    requestAnimationFrame(() => say(message));
  }

  const shortcuts = new Map();
  for (const line of el.keys.querySelectorAll("[data-action]")) {
    for (const key of line.dataset.keys.split(" "))
      shortcuts.set(key.toLowerCase(), line.dataset.action);
  }
  const actions = {
    tile: (key) => {
      const n = Number(key) - 1;
      if (choosing) {
        const e = choosing.ends[n];
        if (e) play(moveOf(e));
        return;
      }
      const tile = view.hand[n];
      if (tile) chooseTile(tile.code);
    },
    hint: () => el.hintButton.disabled || el.hintButton.click(),
    undo: () => el.undo.disabled || el.undo.click(),
    ends: () => tell(el.openEnds.textContent),
    last: () => tell(view.last_move),
    turn: () => tell(view.whose_turn),
    table: () => tell(el.layout.querySelector("svg desc")?.textContent ?? ""),
    help: () => openKeys(),
  };

  function openKeys() {
    el.menu.open = false;
    if (!el.keys.open) el.keys.showModal();
  }

  el.keysButton.addEventListener("click", openKeys);

  // Anywhere on the page but in a field or a dialog, while the game is shown.
  document.addEventListener("keydown", (event) => {
    if (!view || el.game.hidden || event.defaultPrevented) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target.closest?.("input, select, textarea, [contenteditable], dialog")) return;
    const action = actions[shortcuts.get(event.key.toLowerCase())];
    if (!action) return;
    event.preventDefault();
    action(event.key);
  });

  // --- The menu's link and pace ---------------------------------------------------------

  // The address is the whole match (view.link): copied, or, where the browser refuses,
  // shown selected for the reader to copy.
  el.copyLink.addEventListener("click", async () => {
    el.menu.open = false;
    const href = location.href;
    try {
      await navigator.clipboard.writeText(href);
      el.link.hidden = true;
      say(words.link_copied);
    } catch {
      el.linkInput.value = href;
      el.link.hidden = false;
      say(words.link_manual);
      el.linkInput.focus({ preventScroll: true });
      el.linkInput.select();
    }
  });

  // The pace the reader chose is kept beside the save (a value the menu does not offer
  // is ignored): the computer's next move waits that long.
  const keptPace = readStore(PACE_KEY);
  if ([...el.pace.options].some((o) => o.value === keptPace)) {
    el.pace.value = keptPace;
    root.dataset.pace = keptPace;
  }
  el.pace.addEventListener("change", () => {
    root.dataset.pace = el.pace.value;
    writeStore(PACE_KEY, el.pace.value);
    if (!busy) scheduleComputer();
  });

  el.hintButton.addEventListener("click", async () => {
    if (busy || !view) return;
    const mine = token;
    const reply = await ask("practice_hint", { save });
    if (!reply || mine !== token) return;
    hintReply = reply;
    el.hint.textContent = placed(reply, "text");
    el.hint.hidden = false;
    // The engine names the move; the hand's tiles carry every move each can make.
    for (const tile of view.hand) {
      const e = tile.ends.find((x) => x.move === reply.move);
      if (e) hinted = { code: tile.code, end: e.end };
    }
    markHint();
  });
  el.undo.addEventListener("click", () => act("practice_undo").then(focusTurn));
  el.skip.addEventListener("click", () => {
    if (!computersTurn()) return;
    fast = true;
    if (!busy) scheduleComputer();
  });
  el.nextRound.addEventListener("click", async () => {
    if (await act("practice_next_round")) {
      placeTable();
      focusTurn();
    }
  });

  // "New game" keeps the game on the table (and its save) until a new one starts:
  // "Back to my game" returns to it.
  const toSetup = () => {
    el.menu.open = false;
    el.seed.value = String(randomSeed());
    clearErrors();
    showSetup();
    say(save ? words.kept_game : "");
    el.form.scrollIntoView({ block: "start" });
    el.preset.focus({ preventScroll: true });
  };
  el.newGame.addEventListener("click", toSetup);
  el.newGame2.addEventListener("click", toSetup);
  el.back.addEventListener("click", () => {
    if (busy) return;
    if (!save || !view) {
      const kept = stored();
      if (kept !== null) restore(kept);
      return;
    }
    say("");
    el.form.hidden = true;
    el.game.hidden = false;
    placeStatus(true);
    showLinkInUrl();
    render();
    scheduleComputer();
    placeTable();
    focusTurn();
  });

  // "Review this round": the engine judges each of the reader's decisions of the round
  // just finished, or of the round chosen (its record, the one the menu downloads); the
  // match's summary counts every round of this match reviewed so far.
  el.reviewButton.addEventListener("click", async () => {
    if (busy || !save || !view?.round_end) return;
    const mine = token;
    const chosen = Number(el.reviewRound.value);
    const listed = Number.isInteger(chosen) && chosen >= 0 && chosen < view.round;
    const round = view.round > 1 && listed ? chosen : view.round - 1;
    const record = await ask("practice_record", { save });
    if (!record || mine !== token) return;
    el.yours.hidden = true; // until a decision of this round is kept
    await review.run({ record, seat: view.you, round, match: view.link });
  });

  el.download.addEventListener("click", async () => {
    if (busy || !save) return;
    const record = await ask("practice_record", { save });
    if (!record) return;
    // One line of JSON: `python -m engine replay FILE` reads JSON Lines. The name says
    // which rounds it holds: the record after round 1 and after round 3 are two files.
    const count = record.rounds.length;
    const rounds = count === 1 ? "round-1" : `rounds-1-${count}`;
    const name = `domino-${save.preset}-seed-${save.seed}-${rounds}.json`;
    download(JSON.stringify(record) + "\n", name);
    say(words.downloaded);
  });

  // --- Starting a game ------------------------------------------------------------------

  el.preset.addEventListener("change", updateForm);
  el.players.addEventListener("change", updateForm);
  el.form.addEventListener("change", (event) => {
    if (event.target.matches("[aria-invalid]")) clearError(event.target);
  });
  el.form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    // A link still being read fills the form first: Start deals the game it names.
    if (linking) await linking;
    if (busy) return;
    // A new match replaces the one kept (on the table or in the store): unless it is
    // over, the reader is asked first, and keeping it changes nothing.
    const over = save !== null && view?.phase === "match-over";
    if ((save !== null || stored() !== null) && !over) {
      const go = await confirmFirst(
        el.confirm,
        words.confirm_replace,
        words.confirm_replace_yes,
        words.confirm_keep,
      );
      if (!go || busy) return;
    }
    const args = settings();
    clearErrors();
    setBusy(true);
    el.start.disabled = true;
    const reply = await ask("practice_new", args);
    setBusy(false);
    el.start.disabled = false;
    if (!reply) return;
    say("");
    review.forget(); // a new match: the rounds reviewed were another's
    adopt(reply);
    placeTable();
    focusTurn();
  });

  // The table follows the window: a turned phone, a wider window.
  let resizing = null;
  new ResizeObserver(() => {
    if (resizing) return;
    resizing = requestAnimationFrame(() => {
      resizing = null;
      if (view && !el.game.hidden) drawLayout();
    });
  }).observe(el.board);

  // --- On load: the saved game, or the set-up form -------------------------------------

  // A kept save that cannot be read (over the bounds, or refused by the engine) leaves
  // the live key but is not lost: set aside, and offered for download as it was stored.
  function keepAside(text) {
    setAside(STORAGE_KEY, text, {
      label: words.download_refused,
      place: (p) => el.form.prepend(p),
    });
  }

  // A kept save over the bounds: the reader is told, and the set-up starts afresh.
  function refuse(text, why) {
    keepAside(text);
    say(`${words[`store_${why}`]} ${words.save_lost}`);
  }

  // The table last drawn from the save `text` (VIEW_KEY), drawn again at once: the
  // engine's own view of that save in the page's language, kept when it was shown.
  function showKept(text) {
    const kept = keptView(VIEW_KEY, text);
    if (kept === null) return;
    try {
      save = JSON.parse(text);
      view = kept;
      el.game.hidden = false;
      placeStatus(true);
      render();
      placeTable();
    } catch (error) {
      console.warn(`the kept table could not be drawn (${error}); the engine draws it`);
      save = null;
      view = null;
      el.game.hidden = true;
    }
  }

  async function restore(text) {
    const why = refusal(text);
    if (why) {
      refuse(text, why);
      showSetup();
      return;
    }
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text; // the engine says why a save that is not JSON cannot be read
    }
    // While the engine starts to read it back (seconds on a slow machine), the page says
    // the saved match is coming back, and shows no set-up that looks like a fresh start:
    // the table as it was last drawn, if it is kept, until the engine's answer replaces it.
    el.form.hidden = true;
    el.app.setAttribute("aria-busy", "true");
    setBusy(true);
    showKept(text);
    const reply = await ask("practice_view", { save: parsed }, { loading: words.restoring });
    setBusy(false);
    el.app.removeAttribute("aria-busy");
    if (reply) {
      adopt(reply, { silent: true });
      say(words.restored);
      // Said, then gone: it would otherwise stay on the table until the next move.
      setTimeout(() => {
        if (el.status.textContent === words.restored) say("");
      }, RESTORED_MS);
      placeTable();
      focusTurn();
      return;
    }
    save = null; // the kept table's, if shown: no match is back
    view = null;
    if (engineState() === "failed") {
      showSetup();
      return;
    }
    // The engine refused the save: its message, then a fresh game.
    const message = el.status.textContent;
    keepAside(text);
    say(`${message} ${words.save_lost}`);
    showSetup();
  }

  root.style.setProperty("--practice-top", `${headerHeight()}px`);
  el.app.hidden = false;
  $(".practice__noscript").hidden = true;
  let kept = stored();
  const refused = kept === null ? null : refusal(kept);
  if (refused) {
    refuse(kept, refused);
    kept = null;
  }
  const wanted = urlSeed();
  let keptSave = null;
  try {
    if (kept !== null) keptSave = JSON.parse(kept);
  } catch {
    // not JSON: restore() has the engine say why
  }
  // A kept game comes back unless the address asks for another deal.
  if (kept !== null && (!query() || (wanted !== null && wanted === keptSave?.seed))) {
    el.form.hidden = true;
    restore(kept);
  } else {
    showSetup();
    // A link with the game's settings is read by the engine; a deal number alone (the
    // form shows it) waits, like a bare address, for the reader to start the engine.
    const keys = [...new URLSearchParams(location.search).keys()];
    if (keys.some((key) => key !== "seed")) {
      linking = readLink().finally(() => {
        linking = null;
      });
    } else {
      // The engine starts on the reader's first interaction with the set-up, so it is
      // ready, or nearly, when they press Start.
      startOnInteraction(el.app);
      if (query()) say(words.link_ready); // a deal number, filled in
    }
  }
}
