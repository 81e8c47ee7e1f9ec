// The puzzles page: one position, every hand shown, one best move, judged by the rules
// engine in the reader's browser (engine-client.js, a Web Worker running
// engine.presentation.views.puzzles). The build (hooks/puzzles_page.py) writes every
// word and the list of puzzles into the page; this script asks the engine for the puzzle
// of the day (by the reader's date) or the one chosen, sends the reader's move, and
// shows what the engine answers: the verdict, the value against the best, why, and the
// line step by step. No rule is decided here.
//
// Progress is kept in localStorage under the root's data-storage key, the same on the
// page of every language: {"version": 1, "solved": [puzzle ids], "days": ["YYYY-MM-DD"]},
// the days being those on which the reader solved that day's puzzle. Which days count and
// are kept, and the streak they make, is the engine's rule (engine.features.puzzles.streak, the
// method puzzle_streak): the page sends the days it keeps and the reader's date, then
// keeps and shows what the engine answers. Saved progress over store.js's bounds (size,
// depth; then never parsed), or that cannot be read, moves to the KEY-refused key: the
// page says so and offers its text for download.
//
// The reader's rated puzzles (engine.features.rated) are kept in the same object, as
// "rated" (the engine's stored form, which only the engine reads and checks) and
// "themes" (the themes ticked). Every move the reader makes, and every answer shown,
// goes to the engine with them (method puzzle), which rates a first attempt or counts
// it in the streak and answers the form to keep; puzzle_rated gives the rating, the
// puzzle near it and the streak. A form the engine cannot read is its error: the page
// says so, stops rating and keeps the stored form as it was.
//
// The puzzle's section (.puzzle) has data-state "" (to play), "wrong", "right" or "shown"
// (the answer asked for), and data-puzzle its id; the root's data-busy is "true" while
// the engine works, data-today the id of the puzzle of the day once known.

import {
  askEngine,
  button,
  endButtons,
  fill,
  markerEnd,
  pickTile,
  readerDate,
  request,
  setupStepper,
  startEngine,
} from "./page-kit.js";
import { keepView, keptView, loadStore, writeStore } from "./store.js";
import { yoursPanel } from "./yours-panel.js";

const VERSION = 1;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
// The puzzle of the day as last shown (store.js keepView, for its date): shown at once on
// a later load that day, in the same language, while the engine starts.
const DAY_KEY = "domino-puzzle-of-the-day";
// The puzzles of the next DAYS_AHEAD days, asked for once the day's is shown and kept the
// same way (under DAY_KEY+1, DAY_KEY+2, ...), so the day's first visit shows its puzzle
// at once too, if the reader came in the days before.
const DAYS_AHEAD = 2;
const aheadKey = (days) => `${DAY_KEY}+${days}`;

/** A streak's seed: any whole number the engine takes (0 to 2^31 - 1). */
function seed() {
  return crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
}

function setup(root) {
  const words = JSON.parse(root.dataset.words);
  const ids = root.dataset.ids.split(" ").filter(Boolean);
  const storageKey = root.dataset.storage;
  const $ = (selector) => root.querySelector(selector);
  const el = {
    app: $(".puzzles__app"),
    solved: $(".puzzles__solved"),
    streak: $(".puzzles__streak"),
    message: $(".puzzles__message"),
    live: $(".puzzles__live"),
    puzzle: $(".puzzle"),
    title: $(".puzzle__title"),
    meta: $(".puzzle__meta"),
    question: $(".puzzle__question"),
    figure: $(".puzzle__figure"),
    answer: $(".puzzle__answer"),
    handLabel: $(".puzzle__hand-label"),
    tray: $(".puzzle__tray"),
    ends: $(".puzzle__ends"),
    status: $(".puzzle__status"),
    feedback: $(".puzzle__feedback"),
    verdict: $(".puzzle__verdict"),
    worth: $(".puzzle__worth"),
    why: $(".puzzle__why"),
    again: $(".puzzle__again"),
    show: $(".puzzle__show"),
    next: $(".puzzle__next"),
    today: $(".puzzle__today"),
    line: $(".puzzle__line"),
    lineTitle: $(".puzzle__line-title"),
    steps: $(".puzzle__steps"),
    values: $(".puzzle__values"),
    valueList: $(".puzzle__value-list"),
    hands: $(".puzzle__hands"),
    stock: $(".puzzle__stock"),
    scores: $(".puzzle__scores"),
    events: $(".puzzle__events"),
    level: $("#puzzles-level"),
    rating: $(".puzzles__rating"),
    near: $(".puzzles__near"),
    streakStart: $(".puzzles__streak-start"),
    streakSkip: $(".puzzles__streak-skip"),
    streakLine: $(".puzzles__streak-line"),
    themeBoxes: [...root.querySelectorAll('.puzzles__themes-choice input[name="theme"]')],
    rated: $(".puzzle__rated"),
    items: [...root.querySelectorAll(".puzzles__items > li")],
    themes: [...root.querySelectorAll(".puzzles__theme")],
  };
  let solved = new Set();
  let rated = null; // the engine's stored form of the rated puzzles (null: a newcomer)
  let ratedBroken = false; // the engine cannot read it: no rating, the store kept as is
  let ratedView = null; // the engine's last puzzle_rated reply
  let streakId = null; // the streak's puzzle on the page, while one is played
  let days = []; // the days kept, as the engine last said (as stored, until it has)
  let view = null; // the engine's view of the puzzle on the page
  let daily = null; // {id, date} of the puzzle of the day, once the engine has said
  let picked = null; // the tile chosen
  let busy = false;
  let token = 0; // bumped by every puzzle opened: a late answer for another is dropped

  const announce = (text) => {
    el.live.textContent = text;
  };

  function tell(text) {
    el.message.textContent = text;
    el.message.hidden = !text;
    if (text) announce(text);
  }

  function say(text) {
    el.status.textContent = text;
  }

  function setBusy(value) {
    busy = value;
    root.dataset.busy = String(value);
  }

  // --- Progress -------------------------------------------------------------------------

  // Progress a newer site cannot read leaves the live key but is not lost: set aside,
  // and offered for download as it was stored. A puzzle the site no longer has is
  // forgotten.
  function load() {
    const data = loadStore(storageKey, VERSION, (d) => (valid(d) ? d : null), {
      label: words.download_refused,
      place: (p) => el.message.after(p),
      refused: (why) => tell(why === "corrupt" ? words.corrupt : words[`store_${why}`]),
    });
    if (data === null) return;
    solved = new Set(data.solved.filter((id) => ids.includes(id)));
    days = data.days;
    rated = data.rated ?? null;
    const themes = Array.isArray(data.themes) ? data.themes : [];
    for (const box of el.themeBoxes) box.checked = themes.includes(box.value);
  }

  const valid = (data) =>
    Array.isArray(data.solved) &&
    data.solved.every((id) => typeof id === "string" && /^[a-z0-9-]{1,80}$/.test(id)) &&
    Array.isArray(data.days) &&
    data.days.every((day) => typeof day === "string" && DAY.test(day));

  // Storage full or refused: the puzzles go on without it.
  function store() {
    const data = { version: VERSION, solved: [...solved].sort(), days };
    if (rated !== null) data.rated = rated;
    const themes = chosenThemes();
    if (themes.length) data.themes = themes;
    writeStore(storageKey, JSON.stringify(data));
  }

  const chosenThemes = () => el.themeBoxes.filter((b) => b.checked).map((b) => b.value);

  // --- Rated puzzles --------------------------------------------------------------------

  // A form the engine cannot read: said once, and the rating stops (the store keeps it).
  function ratedRefused(text) {
    ratedBroken = true;
    tell(text);
    el.near.disabled = true;
    el.streakStart.disabled = true;
    el.streakSkip.hidden = true;
  }

  function showRated(reply) {
    ratedView = reply;
    el.rating.textContent = [reply.rating_text, reply.next_text].join(" ").trim();
    el.near.disabled = reply.next === null;
    el.streakStart.disabled = false;
    el.streakStart.textContent = reply.streak.running ? words.streak_go_on : words.streak_start;
    el.streakLine.textContent = reply.streak.text;
    showSkip();
  }

  // Whether the puzzle on the page is the streak's.
  const onStreak = () => streakId !== null && view?.id === streakId;

  // Skip shows on the streak's puzzle, not yet answered, while the skip is unused.
  function showSkip() {
    el.streakSkip.hidden = !(
      ratedView?.streak.skip &&
      onStreak() &&
      el.puzzle.dataset.state === ""
    );
  }

  // The engine's view of the rated puzzles, after `extra` (a streak begun, a puzzle
  // skipped); null if it cannot say.
  async function rate(extra = {}) {
    if (ratedBroken) return null;
    const args = { rated, themes: chosenThemes(), ...extra };
    const reply = await request("puzzle_rated", args, {
      failed: words.try_failed,
      onError: (text, error) => (error.code === "bad_rated" ? ratedRefused(text) : tell(text)),
    });
    if (reply === null) return null;
    rated = reply.rated;
    store();
    showRated(reply);
    return reply;
  }

  // What the reader's move did to the rating (or the streak), from the engine's reply.
  function ratedAfter(reply) {
    const after = reply.rated;
    el.rated.hidden = !after;
    if (!after) return "";
    rated = after.rated;
    store();
    const said = after.change || after.streak.text;
    el.rated.textContent = said;
    el.rating.textContent = after.rating_text;
    el.streakLine.textContent = after.streak.text;
    if (ratedView) ratedView = { ...ratedView, streak: after.streak };
    return said;
  }

  // The arguments that let the engine rate a move: none once it cannot read the form.
  function ratedArgs() {
    if (ratedBroken) return {};
    const args = { rated, today: readerDate() };
    if (onStreak()) args.streak = true;
    return args;
  }

  // The streak, as the engine counts it (puzzle_streak), shown in its words; with
  // `solvedDay`, the date of the puzzle of the day just solved, which the engine adds to
  // the days kept if that day counts. Its reply ({days, count, counted, text}), or null
  // if the engine cannot say (then the page keeps what it had).
  async function countStreak(solvedDay = null) {
    const args = { days, today: readerDate() };
    if (solvedDay !== null) args.solved = solvedDay;
    const reply = await request("puzzle_streak", args, { failed: words.try_failed });
    if (reply === null) return null;
    days = reply.days;
    el.streak.textContent = reply.text;
    return reply;
  }

  function showProgress() {
    el.solved.textContent = fill(words.solved, { done: solved.size, total: ids.length });
    for (const item of el.items) {
      const done = solved.has(item.dataset.puzzle);
      item.dataset.done = String(done);
      item.querySelector(".puzzles__done").hidden = !done;
    }
    for (const theme of el.themes) {
      const items = [...theme.querySelectorAll(".puzzles__items > li")];
      const done = items.filter((item) => item.dataset.done === "true").length;
      theme.querySelector(".puzzles__count").textContent = fill(words.solved, {
        done,
        total: items.length,
      });
    }
  }

  // --- The puzzle -----------------------------------------------------------------------

  // The engine draws each layout twice: for a page, and turning sooner for a phone; the
  // style sheet shows the one that fits the screen.
  const drawn = (d) =>
    d.svg
      ? `<div class="puzzle__wide">${d.svg}</div><div class="puzzle__narrow">${d.svg_narrow}</div>`
      : "";

  function setState(state) {
    el.puzzle.dataset.state = state;
  }

  function showActions(names) {
    for (const name of ["again", "show", "next", "today"]) el[name].hidden = !names.includes(name);
  }

  // The puzzle's line under its title: whose day, the game, theme and level, and
  // "Solved" once it is, so that a puzzle solved before says so at its top.
  function showMeta() {
    const meta = [view.game, fill(words.theme, { theme: view.theme.name })];
    meta.push(fill(words.level, { level: view.difficulty.name }), view.rating.text);
    if (daily !== null && daily.id === view.id) meta.unshift(words.daily);
    if (solved.has(view.id)) meta.push(words.done);
    el.meta.textContent = meta.join(" · ");
  }

  function showView(next) {
    view = next;
    picked = null;
    el.puzzle.dataset.puzzle = view.id;
    el.title.textContent = view.title;
    showMeta();
    el.question.textContent = view.question;
    el.figure.innerHTML = drawn(view);
    if (!view.svg) el.figure.textContent = view.empty;
    el.handLabel.textContent = view.hand_label;
    el.tray.replaceChildren(
      ...view.tiles.map((t) => {
        const b = button("domino-tile", "", { tile: t.code, picked: t.picked });
        b.setAttribute("aria-pressed", "false");
        b.setAttribute("aria-label", t.name);
        b.innerHTML = t.svg;
        return b;
      }),
    );
    el.ends.replaceChildren(...endButtons(view.ends));
    el.hands.replaceChildren(
      ...view.hands.map((h) => {
        const li = document.createElement("li");
        const label = document.createElement("span");
        label.className = "puzzle__seat";
        label.textContent = h.label;
        const tiles = document.createElement("span");
        tiles.className = "puzzle__tiles";
        tiles.setAttribute("aria-hidden", "true");
        tiles.innerHTML = h.tiles.map((t) => t.svg).join("");
        const named = document.createElement("span");
        named.className = "domino-sr-only";
        named.textContent = h.text;
        li.append(label, " ", tiles, named);
        return li;
      }),
    );
    el.stock.textContent = view.stock;
    el.scores.textContent = view.scores;
    el.scores.hidden = !view.scores;
    el.events.replaceChildren(
      ...view.history.map((line) => {
        const li = document.createElement("li");
        li.textContent = line;
        return li;
      }),
    );
    el.events.closest("details").hidden = view.history.length === 0;
    el.answer.hidden = false;
    el.feedback.hidden = true;
    el.line.hidden = true;
    el.values.hidden = true;
    showActions([]);
    setState("");
    el.rated.hidden = true;
    showSkip();
    say("");
    for (const item of el.items) item.dataset.current = String(item.dataset.puzzle === view.id);
  }

  async function ask(args, { quiet = false } = {}) {
    setBusy(true);
    const loading = quiet ? null : words.try_loading;
    const reply = await askEngine("puzzle", args, {
      loading,
      failed: words.try_failed,
      say,
      announce,
    });
    setBusy(false);
    return reply;
  }

  function opened(next, { focus }) {
    showView(next);
    el.puzzle.hidden = false;
    const hash = daily !== null && daily.id === next.id ? "" : `#${next.id}`;
    history.replaceState(null, "", `${location.pathname}${location.search}${hash}`);
    if (focus) {
      el.title.focus({ preventScroll: true });
      el.puzzle.scrollIntoView({ block: "start", behavior: "smooth" });
      announce(`${next.title}. ${next.question}`);
    }
  }

  /** Opens the puzzle `id`, or with none the puzzle of the reader's day; `fresh`: to be
   * played (rated, or in the streak) even if it was solved before. */
  async function open(id, { focus = false, fresh = false } = {}) {
    const mine = ++token;
    const args = id ? { id } : { date: readerDate() };
    const next = await ask(args);
    if (next === null || mine !== token) return null;
    if (args.date) {
      daily = { id: next.id, date: args.date };
      root.dataset.today = next.id;
      keepView(DAY_KEY, args.date, next);
      keepAhead();
    }
    opened(next, { focus });
    // A puzzle solved before (a reload, a return to it) shows as solved: its answer, its
    // line and the way on, as when it was solved; nothing is counted again.
    if (solved.has(next.id) && !fresh) {
      const reply = await ask({ id: next.id, reveal: true }, { quiet: true });
      if (reply !== null && mine === token) judged(reply, "right", { again: true, focus });
    }
    return next;
  }

  function pick(b) {
    picked = pickTile(el.tray, b);
    announce(b.dataset.picked);
  }

  function stepper(steps) {
    const box = document.createElement("div");
    box.className = "domino-stepper puzzle__stepper";
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", words.stepper_label);
    const controls = document.createElement("div");
    controls.className = "domino-stepper__controls";
    controls.hidden = true;
    controls.append(
      button("domino-button", words.stepper_prev, { go: "prev" }),
      button("domino-button domino-button--primary", words.stepper_next, { go: "next" }),
    );
    const list = document.createElement("ol");
    list.className = "domino-stepper__steps";
    steps.forEach((step, k) => {
      const li = document.createElement("li");
      li.className = "domino-step";
      li.dataset.step = String(k + 1);
      const figure = document.createElement("figure");
      figure.className = "domino-figure";
      figure.innerHTML = drawn(step);
      const caption = document.createElement("figcaption");
      const count = document.createElement("span");
      count.className = "domino-step__count";
      count.textContent = step.count;
      caption.append(count, ` ${step.caption}`);
      figure.append(caption);
      li.append(figure);
      list.append(li);
    });
    const live = document.createElement("p");
    live.className = "domino-stepper__live domino-sr-only";
    live.setAttribute("aria-live", "polite");
    box.append(controls, list, live);
    setupStepper(box);
    return box;
  }

  // Shows the engine's judgement of a move (`state` "right", "wrong" or "shown"); `again`:
  // of a puzzle solved before, shown as it was (no count, focus only if asked).
  async function judged(reply, state, { again = false, focus = true } = {}) {
    const onDaily = daily !== null && daily.id === view.id;
    // The puzzle of the day solved: the engine says whether the day counts and the streak.
    const mine = token;
    const streak = state === "right" && onDaily && !again ? await countStreak(daily.date) : null;
    if (mine !== token) return store(); // another puzzle opened meanwhile
    setState(state);
    el.answer.hidden = true;
    el.feedback.hidden = false;
    el.verdict.textContent = reply.verdict;
    el.worth.textContent = reply.worth;
    el.why.textContent = state === "shown" ? `${reply.why} ${words.shown}` : reply.why;
    el.lineTitle.textContent = reply.line;
    el.steps.replaceChildren(stepper(reply.steps));
    el.line.hidden = false;
    el.values.hidden = !reply.values;
    el.valueList.replaceChildren(
      ...(reply.values ?? []).map((v) => {
        const li = document.createElement("li");
        li.textContent = v.text;
        li.dataset.best = String(v.best);
        return li;
      }),
    );
    const inStreak = onStreak() && !again;
    const ratedSaid = again ? "" : ratedAfter(reply);
    if (inStreak) {
      // The streak goes on with its next puzzle, or is over: then the rating's ways on.
      streakId = state === "right" ? (reply.rated?.streak.next ?? null) : null;
      if (streakId !== null) showActions(["next"]);
      else showActions(state === "wrong" ? ["show"] : []);
      if (streakId === null) rate();
    } else if (state === "wrong") showActions(["again", "show"]);
    else showActions(onDaily ? ["next"] : ["next", "today"]);
    showSkip();
    const parts = [reply.verdict, reply.worth, el.why.textContent, ratedSaid];
    if (state === "right" && !again) {
      solved.add(view.id);
      if (streak?.counted) parts.push(words.today_done);
      store();
      showProgress();
      showMeta();
    }
    say("");
    announce(parts.join(" "));
    if (focus) el.feedback.focus();
  }

  async function play(end) {
    if (busy || !view || el.puzzle.dataset.state !== "") return;
    if (!picked) {
      say(words.try_pick_tile);
      announce(words.try_pick_tile);
      return;
    }
    const mine = token;
    say(words.thinking);
    const args = { id: view.id, tile: picked, end, ...ratedArgs() };
    const reply = await ask(args, { quiet: true });
    if (reply === null || mine !== token) return;
    judged(reply, reply.right ? "right" : "wrong");
  }

  async function reveal() {
    if (busy || !view) return;
    const mine = token;
    say(words.thinking);
    const args = { id: view.id, reveal: true };
    // Shown before any move, the answer is a first attempt lost (or ends the streak).
    if (el.puzzle.dataset.state === "") Object.assign(args, ratedArgs());
    const reply = await ask(args, { quiet: true });
    if (reply === null || mine !== token) return;
    judged(reply, "shown");
  }

  function again() {
    showView(view);
    (el.tray.querySelector(".domino-tile") ?? el.title).focus();
  }

  /** The next puzzle of the list after this one that is not solved yet (else the next). */
  function following() {
    const start = ids.indexOf(view.id);
    for (let k = 1; k <= ids.length; k++) {
      const id = ids[(start + k) % ids.length];
      if (!solved.has(id)) return id;
    }
    return ids[(start + 1) % ids.length];
  }

  // --- Events ---------------------------------------------------------------------------

  el.puzzle.addEventListener("click", (event) => {
    const target = event.target;
    const tile = target.closest(".domino-tile");
    if (tile && el.tray.contains(tile)) return pick(tile);
    const end = target.closest(".domino-end");
    if (end) return play(end.dataset.end);
    const marker = markerEnd(event);
    if (marker && el.figure.contains(target) && !el.answer.hidden) return play(marker);
    if (target.closest(".puzzle__again")) return again();
    if (target.closest(".puzzle__show")) return reveal();
    if (target.closest(".puzzle__next")) {
      return streakId !== null
        ? open(streakId, { focus: true, fresh: true })
        : open(following(), { focus: true });
    }
    if (target.closest(".puzzle__today")) return open(null, { focus: true });
  });
  el.near.addEventListener("click", async () => {
    if (busy) return;
    const reply = await rate();
    streakId = null;
    if (reply?.next) open(reply.next, { focus: true, fresh: true });
  });
  el.streakStart.addEventListener("click", async () => {
    if (busy) return;
    const running = ratedView?.streak.running;
    const reply = running ? await rate() : await rate({ start: seed() });
    if (!reply?.streak.next) return;
    streakId = reply.streak.next;
    open(streakId, { focus: true, fresh: true });
  });
  el.streakSkip.addEventListener("click", async () => {
    if (busy || streakId === null) return;
    const reply = await rate({ skip: streakId });
    streakId = reply?.streak.next ?? null;
    if (streakId !== null) open(streakId, { focus: true, fresh: true });
  });
  for (const box of el.themeBoxes) {
    box.addEventListener("change", () => {
      store();
      rate();
    });
  }
  root.querySelector(".puzzles__list").addEventListener("click", (event) => {
    const opener = event.target.closest(".puzzles__open");
    if (!opener) return;
    streakId = null; // a puzzle of the list is played outside the streak
    open(opener.dataset.puzzle, { focus: true });
  });
  el.level.addEventListener("change", () => {
    const level = el.level.value;
    for (const item of el.items) item.hidden = Boolean(level) && item.dataset.level !== level;
    for (const theme of el.themes) {
      theme.hidden = ![...theme.querySelectorAll("li")].some((li) => !li.hidden);
    }
  });

  // The puzzle the address's fragment names, or "" for one that names none: a fragment
  // that is no escaped text (`#%`) names none, and the page goes on with today's puzzle.
  function named() {
    try {
      return decodeURIComponent(location.hash.slice(1));
    } catch {
      return "";
    }
  }

  // A link to another puzzle of this page (its address's fragment) opens it.
  window.addEventListener("hashchange", () => {
    const id = named();
    if (ids.includes(id) && id !== view?.id) open(id, { focus: true });
  });

  // The next days' puzzles (DAYS_AHEAD), asked for in the background (the page not
  // busy) unless kept already, and kept for their days.
  async function keepAhead() {
    for (let days = 1; days <= DAYS_AHEAD; days++) {
      const date = readerDate(-days);
      if (keptView(aheadKey(days), date) !== null) continue;
      const view = await request("puzzle", { date });
      if (view !== null) keepView(aheadKey(days), date, view);
    }
  }

  // The puzzle of the day as it was last shown today (DAY_KEY), or as it was kept ahead
  // on the days before: the engine's own view of it, on screen at once; open(null) asks
  // the engine again (and nothing can be played until it has answered), and its answer
  // replaces it.
  function showKeptDay() {
    const date = readerDate();
    const keys = [DAY_KEY, ...Array.from({ length: DAYS_AHEAD }, (_, i) => aheadKey(i + 1))];
    const kept = keys.map((key) => keptView(key, date)).find((view) => view !== null) ?? null;
    if (kept === null || !ids.includes(kept.id)) return;
    try {
      daily = { id: kept.id, date };
      opened(kept, { focus: false });
    } catch (error) {
      console.warn(`the kept puzzle could not be drawn (${error}); the engine draws it`);
      daily = null;
      el.puzzle.hidden = true;
    }
  }

  root.querySelector(".puzzles__noscript").hidden = true;
  el.app.hidden = false;
  load();
  showProgress();
  root.dataset.ready = "true";
  // The page is the puzzle: the engine starts at once. The streak comes first, then the
  // puzzle of the day (a right answer to it may count), then the one the address names.
  startEngine();
  countStreak();
  rate();
  const wanted = named();
  showKeptDay();
  open(null).then((first) => {
    if (first && ids.includes(wanted) && wanted !== first.id) open(wanted);
  });
  // The reader's own puzzles, listed once the puzzle of the day has been asked for.
  const yours = yoursPanel($(".puzzles__yours"), {
    key: root.dataset.yours,
    ask: (method, args, onError) => request(method, args, { failed: words.try_failed, onError }),
    refused: {
      label: words.download_refused,
      place: (p) => el.message.after(p),
      refused: (why) => tell(why === "corrupt" ? words.corrupt : words[`store_${why}`]),
    },
  });
  yours.list();
}

const root = document.querySelector(".puzzles");
if (root) setup(root);
