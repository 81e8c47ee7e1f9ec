// Live figures: steppers and try-it figures. The build draws every step and writes every
// word into the page; this script only shows one step at a time, and sends the reader's
// try-it moves to the rules engine (in a Web Worker, started on the first move) and
// shows what it answers. No rule is decided here.

import {
  askEngine,
  endButtons,
  engineFailure,
  engineReady,
  markerEnd,
  pickTile,
  setupStepper,
  startEngine,
} from "./page-kit.js";

// --- Try-it figures --------------------------------------------------------------------

function setupTry(root) {
  const controls = root.querySelector(".domino-try__controls");
  const figure = root.querySelector("figure");
  const tray = root.querySelector(".domino-try__tray");
  const ends = root.querySelector(".domino-try__ends");
  const status = root.querySelector(".domino-try__status");
  const reset = root.querySelector(".domino-try__reset");
  const start = {
    figure: figure.innerHTML,
    tray: tray.innerHTML,
    ends: ends.innerHTML,
    plays: root.dataset.plays.split(" ").filter(Boolean),
    hand: root.dataset.hand.split(" ").filter(Boolean),
  };
  let state = { plays: [...start.plays], hand: [...start.hand], tile: null };
  let acts = 0; // the reader's actions so far: a late message of an earlier one is dropped

  function say(text, { visible = true } = {}) {
    status.textContent = text;
    status.classList.toggle("domino-sr-only", !visible);
  }

  function pick(button) {
    const mine = ++acts;
    state.tile = pickTile(tray, button);
    if (engineReady()) {
      say(button.dataset.picked);
      return;
    }
    say(`${button.dataset.picked} ${root.dataset.tryLoading}`);
    // Start the engine while the reader chooses an end, and say when it is there (or why
    // it could not start, in the page's language, else in the figure's own words).
    startEngine().then((outcome) => {
      // The reader has moved on (another tile, an end chosen, a reset): this is stale.
      if (mine !== acts) return;
      say(
        outcome === "ready" ? button.dataset.picked : (engineFailure() ?? root.dataset.tryFailed),
      );
    });
  }

  async function play(end) {
    acts += 1;
    if (!state.tile) {
      say(root.dataset.tryPickTile);
      return;
    }
    const args = {
      preset: root.dataset.preset,
      plays: state.plays,
      hand: state.hand,
      tile: state.tile,
      end,
    };
    const view = await askEngine("try_move", args, {
      loading: root.dataset.tryLoading,
      failed: root.dataset.tryFailed,
      say,
    });
    if (view === null) return;
    state = { plays: view.plays, hand: view.hand, tile: null };
    figure.innerHTML = view.svg;
    const caption = document.createElement("figcaption");
    caption.textContent = view.caption;
    figure.append(caption);
    tray.querySelector(`[data-tile="${args.tile}"]`)?.remove();
    pickTile(tray, null);
    ends.replaceChildren(...endButtons(view.ends));
    // The caption already shows the move; the status repeats it for screen readers only.
    say(view.caption, { visible: false });
    // The button that was pressed is gone: keep the focus in the figure.
    (tray.querySelector(".domino-tile") ?? reset).focus();
  }

  tray.addEventListener("click", (event) => {
    const button = event.target.closest(".domino-tile");
    if (button) pick(button);
  });
  ends.addEventListener("click", (event) => {
    const button = event.target.closest(".domino-end");
    if (button) play(button.dataset.end);
  });
  figure.addEventListener("click", (event) => {
    const end = markerEnd(event);
    if (end) play(end);
  });
  reset.addEventListener("click", () => {
    acts += 1;
    figure.innerHTML = start.figure;
    tray.innerHTML = start.tray;
    ends.innerHTML = start.ends;
    state = { plays: [...start.plays], hand: [...start.hand], tile: null };
    say(root.dataset.tryResetDone);
  });
  controls.hidden = false;
  root.classList.add("is-live");
}

for (const root of document.querySelectorAll(".domino-stepper")) setupStepper(root);
for (const root of document.querySelectorAll(".domino-try")) setupTry(root);
