// The lessons page: small tasks on live figures, judged by the rules engine in the
// reader's browser (engine-client.js, a Web Worker running engine.features.lessons). The build
// (hooks/lessons.py) draws every task and writes every word into the page; this script
// only keeps the reader's progress, sends each answer to the engine and shows what it
// answers. No rule is decided here.
//
// Progress is kept in localStorage under the root's data-storage key, the same on the
// page of every language: {"version": 1, "done": [task ids]}. Saved progress over
// store.js's bounds (size, depth; then never parsed) or that cannot be read moves to the
// KEY-refused key: the page says so and offers its text for download.
// The reset asks first (a modal <dialog>).
//
// A task (.lesson-task) carries its data (data-task, sent to the engine as it is)
// and its explanations (data-texts: right, wrong, and wrong.ANSWER for one wrong answer).
// Its data-state is "" (not answered yet), "wrong" or "right"; data-busy is "true" while
// the engine judges an answer, and data-answers counts the answers it has judged.

import { askEngine, fill, markerEnd, pickTile, startOnInteraction } from "./page-kit.js";
import { loadStore, removeStore, writeStore } from "./store.js";

const VERSION = 1;
const HINT_AFTER = 2; // misses before the hint shows

const root = document.querySelector(".lessons");
if (root) setup(root);

function setup(root) {
  const words = JSON.parse(root.dataset.words);
  const storageKey = root.dataset.storage;
  const live = root.querySelector(".lessons__live");
  const message = root.querySelector(".lessons__message");
  const summary = root.querySelector(".lessons__summary");
  const items = [...root.querySelectorAll(".lessons__list > li")];
  const sections = [...document.querySelectorAll(".lesson-task")];
  const tasks = new Map(); // task id -> its controller
  let done = new Set();

  function announce(text) {
    live.textContent = text;
  }

  function tell(text) {
    message.textContent = text;
    message.hidden = !text;
    if (text) announce(text);
  }

  // --- Progress -------------------------------------------------------------------------

  // Nothing kept, or no storage here (private mode): progress lasts as long as the page.
  // Progress that cannot be read (over the bounds, or not progress) leaves the live key
  // but is not lost: set aside, and offered for download as it was stored.
  function load() {
    const ids = loadStore(storageKey, VERSION, (data) => (valid(data) ? data.done : null), {
      label: words.download_refused,
      place: (p) => message.after(p),
      refused: (why) => tell(why === "corrupt" ? words.corrupt : words[`store_${why}`]),
    });
    if (ids !== null) done = new Set(ids);
  }

  const valid = (data) =>
    Array.isArray(data.done) &&
    data.done.every((id) => typeof id === "string" && /^[a-z0-9-]{1,80}$/.test(id));

  // Storage full or refused: the lessons go on without it.
  function store() {
    writeStore(storageKey, JSON.stringify({ version: VERSION, done: [...done].sort() }));
  }

  const lessonTasks = (item) => item.dataset.tasks.split(" ").filter(Boolean);
  const lessonDone = (item) => lessonTasks(item).every((id) => done.has(id));

  function showProgress() {
    let lessons = 0;
    for (const item of items) {
      const ids = lessonTasks(item);
      const count = ids.filter((id) => done.has(id)).length;
      const complete = count === ids.length;
      lessons += complete ? 1 : 0;
      item.dataset.done = String(complete);
      item.querySelector(".lessons__progress").textContent = complete
        ? fill(words.complete, { total: ids.length })
        : fill(words.progress, { done: count, total: ids.length });
    }
    summary.textContent = fill(words.summary, { done: lessons, total: items.length });
    for (const section of sections) {
      const finished = done.has(section.dataset.taskId);
      section.dataset.done = String(finished);
      section.querySelector(".lesson-task__done").hidden = !finished;
    }
  }

  // --- Tasks ------------------------------------------------------------------------------

  function nextSection(section) {
    const k = sections.indexOf(section);
    return k >= 0 && k + 1 < sections.length ? sections[k + 1] : null;
  }

  function goTo(section) {
    const title = section.querySelector(".lesson-task__title");
    title.focus({ preventScroll: true });
    section.scrollIntoView({ block: "start", behavior: "smooth" });
    const question = section.querySelector(".lesson-task__question").textContent;
    announce(`${title.firstChild.textContent.trim()}. ${question}`);
  }

  function setupTask(section) {
    const data = JSON.parse(section.dataset.task);
    const texts = JSON.parse(section.dataset.texts);
    const kind = section.dataset.kind;
    const $ = (selector) => section.querySelector(selector);
    const answer = $(".lesson-task__answer");
    const figure = $(".lesson-task__figure");
    const feedback = $(".lesson-task__feedback");
    const verdict = $(".lesson-task__verdict");
    const why = $(".lesson-task__why");
    const hint = $(".lesson-task__hint");
    const actions = $(".lesson-task__actions");
    const next = $(".lesson-task__next");
    const start = { answer: answer.innerHTML, figure: figure ? figure.innerHTML : "" };
    let misses = 0;
    let picked = null; // the tile chosen for a move
    let busy = false;

    function setState(state) {
      section.dataset.state = state;
    }

    function say(first, second = "") {
      feedback.hidden = false;
      verdict.textContent = first;
      why.textContent = second;
    }

    function pick(button) {
      picked = pickTile(section, button);
      announce(button.dataset.picked);
    }

    function right(reply) {
      setState("right");
      const before = lessonTasks(items.find((i) => i.dataset.lesson === section.dataset.lesson));
      done.add(data.id);
      store();
      showProgress();
      let told = texts.right;
      if (reply.view) {
        // The move as the engine draws and tells it.
        figure.innerHTML = reply.view.svg;
        told = `${reply.view.caption} ${texts.right}`;
      }
      answer.hidden = true;
      hint.hidden = true; // answered: the hint has done its work
      say(words.right, told);
      const following = nextSection(section);
      const sameLesson = following && following.dataset.lesson === section.dataset.lesson;
      next.hidden = !following;
      next.textContent = sameLesson ? words.next_task : words.next_lesson;
      actions.hidden = false;
      const parts = [`${words.right} ${told}`];
      const item = items.find((i) => i.dataset.lesson === section.dataset.lesson);
      if (item && before.every((id) => done.has(id))) {
        parts.push(fill(words.lesson_done, { lesson: item.querySelector("a").textContent }));
      }
      if (items.every(lessonDone)) parts.push(words.all_done);
      announce(parts.join(" "));
      (following ? next : $(".lesson-task__again")).focus();
    }

    function wrong(reply) {
      misses += 1;
      setState("wrong");
      section.dataset.misses = String(misses);
      const own = texts[`wrong.${reply.answer}`] ?? texts.wrong;
      const reasons = [reply.reason, own].filter(Boolean).join(" ");
      say(`${words.wrong} ${words.try_again}`, reasons);
      const parts = [`${words.wrong} ${reasons} ${words.try_again}`];
      if (misses >= HINT_AFTER && hint.hidden) {
        hint.hidden = false;
        parts.push(hint.textContent);
      }
      announce(parts.join(" "));
      if (kind === "move") picked = pickTile(section, null);
      if (kind === "number") $(".lesson-task__number input").select();
    }

    async function submit(value) {
      if (busy || section.dataset.state === "right") return;
      busy = true;
      section.dataset.busy = "true";
      // The engine could not start, or the answer is none it can read (a number written
      // in letters): no miss, the reader tries again.
      const reply = await askEngine(
        "lesson_answer",
        { task: data, answer: value },
        { loading: words.try_loading, failed: words.try_failed, say, announce },
      );
      busy = false;
      section.dataset.busy = "false";
      if (reply === null) return;
      section.dataset.answers = String(Number(section.dataset.answers || 0) + 1);
      if (reply.right) right(reply);
      else wrong(reply);
    }

    function play(end) {
      if (!picked) {
        say(words.try_pick_tile);
        announce(words.try_pick_tile);
        return;
      }
      submit(`${picked}@${end}`);
    }

    function again() {
      answer.innerHTML = start.answer;
      if (figure) figure.innerHTML = start.figure;
      answer.hidden = false;
      feedback.hidden = true;
      hint.hidden = true;
      actions.hidden = true;
      misses = 0;
      picked = null;
      setState("");
      section.dataset.misses = "0";
    }

    section.addEventListener("click", (event) => {
      const target = event.target;
      const tile = target.closest(".domino-tile");
      if (tile && answer.contains(tile)) return pick(tile);
      const endButton = target.closest(".domino-end");
      if (endButton) return play(endButton.dataset.end);
      const marker = markerEnd(event);
      if (marker && kind === "move" && !answer.hidden) return play(marker);
      const choice = target.closest(".lesson-task__choice");
      if (choice) return submit(choice.dataset.choice);
      if (target.closest(".lesson-task__next")) {
        const following = nextSection(section);
        if (following) goTo(following);
        return;
      }
      if (target.closest(".lesson-task__again")) {
        again();
        (section.querySelector(".domino-tile, .lesson-task__choice, input") ?? answer).focus();
      }
    });
    section.addEventListener("submit", (event) => {
      event.preventDefault();
      submit(section.querySelector(".lesson-task__number input").value);
    });
    // The engine starts on the reader's first move towards an answer.
    startOnInteraction(answer);
    answer.hidden = false;
    section.classList.add("is-live");
    setState("");
    section.dataset.busy = "false";
    return { again };
  }

  // --- The map and the reset -------------------------------------------------------------

  // The reset asks first, in a modal <dialog> that opens on its "keep" button: Escape,
  // Enter at once or "keep" changes nothing; the focus goes back to the reset button.
  const resetButton = root.querySelector(".lessons__reset");
  const confirm = root.querySelector(".lessons__confirm");
  root.querySelector(".lessons__noscript").hidden = true;
  resetButton.addEventListener("click", () => {
    confirm.returnValue = "";
    confirm.showModal();
    confirm.querySelector(".lessons__confirm-no").focus();
  });
  confirm.addEventListener("close", () => {
    resetButton.focus();
    if (confirm.returnValue !== "yes") return;
    done = new Set();
    removeStore(storageKey);
    for (const task of tasks.values()) task.again();
    showProgress();
    tell(words.reset_done);
  });
  for (const section of sections) tasks.set(section.dataset.taskId, setupTask(section));
  load();
  showProgress();
  root.dataset.ready = "true";
}
