// The reader's own puzzles on the puzzles page: decisions from their reviewed practice
// rounds (kept by practice.js under the root's data-yours key, as the engine wrote them),
// listed by the engine (yours_list) and played one at a time (yours_play: the question
// and the moves, a move tried, "show me" or "skip", each judged as the review judged the
// decision). The build draws the section, empty, with its words (hooks/puzzles_page.py);
// every sentence, mark and drawing here is the engine's. How a puzzle's first try ended
// is kept with it, as the engine answers it.
//
//   import { yoursPanel } from "./yours-panel.js";
//   const yours = yoursPanel(section, { key, ask, refused });
//   yours.list(); // once the page has started the engine
//
// ask(method, args, onError) is the engine's answer, or null after onError(text), the
// reader's sentence for what went wrong; `refused` is store.js's loadStore options for
// kept puzzles it cannot read (set aside, offered for download, said).
//
// The section's data-state is "" (the list) or "playing"; the play's data-id names the
// puzzle shown and data-outcome how it ended ("" while it goes on); data-busy is "true"
// while a request to the engine is under way.

import { choiceButtons, element, figure, markTried, replayStep } from "./review-panel.js";
import { loadStore, writeStore } from "./store.js";

const VERSION = 1;

export function yoursPanel(section, { key, ask, refused }) {
  const $ = (selector) => section.querySelector(selector);
  const el = {
    count: $(".puzzles__yours-count"),
    items: $(".puzzles__yours-items"),
    play: $(".puzzles__yours-play"),
    step: $(".puzzles__yours-step"),
    moves: $(".puzzles__yours-moves"),
    said: $(".puzzles__yours-said"),
    show: $(".puzzles__yours-show"),
    skip: $(".puzzles__yours-skip"),
    back: $(".puzzles__yours-back"),
  };
  let kept = null; // the puzzles kept, as the engine wrote them
  let current = null; // the id of the puzzle played
  let opener = null; // the list's button that opened it

  function setBusy(value) {
    section.dataset.busy = String(value);
  }

  async function call(method, args) {
    setBusy(true);
    const line = current === null ? el.count : el.said;
    const reply = await ask(method, args, (text) => (line.textContent = text));
    setBusy(false);
    return reply;
  }

  async function list() {
    kept = loadStore(key, VERSION, (d) => d, refused);
    if (kept === null) return; // none yet: the built page says so
    const found = await call("yours_list", { yours: kept });
    if (!found) return;
    el.count.textContent = found.text;
    el.items.replaceChildren(
      ...found.items.map((item) => {
        const li = element("li", "puzzles__yours-item");
        const b = element("button", "puzzles__open puzzles__yours-open", item.label);
        b.type = "button";
        b.dataset.id = item.id;
        const state = element("span", "puzzles__yours-outcome", item.outcome_text);
        state.dataset.outcome = item.outcome ?? "";
        li.append(b, " ", state);
        return li;
      }),
    );
  }

  function draw(reply) {
    const label = `${reply.game}: ${reply.label}`;
    const prefix = `yours-${reply.id}-`;
    el.step.replaceChildren(replayStep("h3", label, reply, reply, prefix, reply.known));
    el.moves.replaceChildren(...choiceButtons(reply.choices));
  }

  async function open(button) {
    const reply = await call("yours_play", { yours: kept, id: button.dataset.id });
    if (!reply) return;
    opener = button;
    current = reply.id;
    draw(reply);
    el.said.textContent = "";
    el.play.dataset.id = reply.id;
    el.play.dataset.outcome = "";
    el.show.disabled = false;
    el.skip.disabled = false;
    el.play.hidden = false;
    el.items.hidden = true;
    section.dataset.state = "playing";
    el.play.focus();
    el.play.scrollIntoView({ block: "start" });
  }

  // A try ended (the engine's word for it): the moves are closed, and how it ended is
  // kept with the puzzle as the engine answered it.
  function ended(reply) {
    el.play.dataset.outcome = reply.outcome;
    for (const b of el.moves.querySelectorAll("button")) b.disabled = true;
    el.show.disabled = true;
    el.skip.disabled = true;
    if (reply.yours) {
      kept = reply.yours;
      writeStore(key, JSON.stringify(kept));
    }
    el.back.focus();
  }

  async function tryMove(button) {
    const reply = await call("yours_play", { yours: kept, id: current, move: button.dataset.move });
    if (!reply) return;
    markTried(button, reply);
    el.said.textContent = reply.text;
    if (reply.outcome) ended(reply);
  }

  async function act(action) {
    const reply = await call("yours_play", { yours: kept, id: current, action });
    if (!reply) return;
    el.said.textContent = reply.text;
    if (reply.better) {
      const b = reply.better;
      el.step.append(
        figure("review__better", b.svg, b.svg_narrow, b.caption, `yours-${current}-b`),
      );
    }
    ended(reply);
  }

  async function back() {
    el.play.hidden = true;
    el.items.hidden = false;
    section.dataset.state = "";
    const id = current;
    current = null;
    await list();
    (el.items.querySelector(`[data-id="${id}"]`) ?? opener ?? el.count).focus();
  }

  el.items.addEventListener("click", (event) => {
    const b = event.target.closest(".puzzles__yours-open");
    if (b && section.dataset.busy !== "true") open(b);
  });
  el.moves.addEventListener("click", (event) => {
    const b = event.target.closest("button.review__choice");
    if (b && !b.disabled && !b.dataset.tried && section.dataset.busy !== "true") tryMove(b);
  });
  el.show.addEventListener("click", () => act("show"));
  el.skip.addEventListener("click", () => act("skip"));
  el.back.addEventListener("click", back);

  section.dataset.state = "";
  setBusy(false);
  return { list };
}
