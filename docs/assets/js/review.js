// The review page: a record the reader opens or pastes, read and checked by the rules
// engine in the reader's browser (engine-client.js, a Web Worker), then one seat of one
// of its rounds reviewed in the review panel (review-panel.js). The build
// (hooks/review_page.py) writes every word into the page; this script wires the form to
// the engine. No rule is decided here: whether a record can be read, and why not, is the
// engine's to say, in the page's language.
//
// What enters is bounded before it is read (store.js): a file over its size is refused
// unread, and a text over that size or nested too deeply is never sent. The page parses
// no record: it sends the text, which the engine bounds again, parses and checks. A refused
// record changes nothing: the record read before, the seat and round chosen and the
// review on the page all stay. The root's data-busy is "true" while the engine reads a
// record; data-loaded is "true" once one is read.

import {
  clearAt,
  engineFailure,
  fill,
  request,
  showAt,
  startEngine,
  startOnInteraction,
} from "./page-kit.js";
import { reviewPanel } from "./review-panel.js";
import { fileRefusal, refusal } from "./store.js";

const root = document.querySelector(".review-page");
if (root) setup(root);

function setup(root) {
  const $ = (selector) => root.querySelector(selector);
  const el = {
    app: $(".review-page__app"),
    form: $(".review-page__form"),
    file: $("#review-file"),
    text: $("#review-text"),
    read: $(".review-page__read"),
    status: $(".review-page__status"),
    choice: $(".review-page__choice"),
    game: $(".review-page__game"),
    seat: $("#review-seat"),
    roundField: $(".review-page__round"),
    round: $("#review-round"),
    panel: $(".review"),
  };
  const words = JSON.parse(el.panel.dataset.words);
  let busy = false;
  let loaded = null; // {text, key, players, rounds}: the record read last, as text

  function say(text) {
    el.status.textContent = text;
  }

  function setBusy(value) {
    busy = value;
    root.dataset.busy = String(value);
  }

  // The engine's answer, or null with its message said (`onError` too, if given).
  async function ask(method, args, onError = say) {
    if (document.documentElement.dataset.engine !== "ready") {
      say(words.loading);
      const outcome = await startEngine();
      if (outcome !== "ready") {
        onError(engineFailure() ?? words.failed);
        return null;
      }
      if (el.status.textContent === words.loading) say("");
    }
    return request(method, args, { failed: words.failed, onError });
  }

  // A paste or a file the engine or the bounds refused is marked at its field, with the
  // reason and that nothing changed, said there once (not in the status line too), and
  // the field takes the focus: the reader is where the message is.
  const FIELDS = { paste: el.text, file: el.file };

  function refuse(message, source) {
    say("");
    for (const [name, field] of Object.entries(FIELDS)) if (name !== source) clearAt(field);
    showAt(FIELDS[source], `${message} ${words.unchanged}`, "review-page__error");
  }

  function options(select, count, word, key) {
    const kept = select.value;
    select.replaceChildren(
      ...Array.from({ length: count }, (_, k) => {
        const option = document.createElement("option");
        option.value = String(k);
        option.textContent = fill(word, { [key]: k + 1 });
        return option;
      }),
    );
    // The seat or round chosen before stays chosen, if this record has it.
    if (kept !== "" && Number(kept) < count) select.value = kept;
  }

  // Reads `text` (from "file" or "paste"): the engine checks the record by listing its
  // first seat's decisions in its first round; a good one offers its seats and rounds.
  async function read(text, source) {
    if (busy) return;
    const why = refusal(text);
    if (why) return refuse(words[`${source}_${why}`], source);
    if (source === "paste" && !text.trim()) return refuse(words.empty, source);
    // The text goes to the engine as it is: the engine parses it, and tells a text that
    // is no JSON by the line and column where it breaks, in the page's language.
    setBusy(true);
    let refused = null;
    const listed = await ask("review_decisions", { record_text: text, seat: 0 }, (message) => {
      refused = message;
    });
    setBusy(false);
    if (listed === null) return refuse(refused ?? words.failed, source);
    // The engine has read the record: its number of players is a checked one.
    loaded = { text, key: text, players: listed.players, rounds: listed.rounds };
    options(el.seat, loaded.players, words.seat_option, "seat");
    options(el.round, loaded.rounds, words.round_option, "round");
    el.roundField.hidden = loaded.rounds < 2;
    const done = fill(words.read_done, { game: listed.game });
    el.game.textContent = `${done} ${fill(words.rounds, { count: loaded.rounds })}`;
    el.choice.hidden = false;
    root.dataset.loaded = "true";
    for (const field of Object.values(FIELDS)) clearAt(field);
    say(done);
    el.seat.focus();
  }

  el.file.addEventListener("change", async () => {
    const file = el.file.files[0];
    el.file.value = ""; // the same file chosen again is read again
    if (!file || busy) return;
    if (fileRefusal(file)) return refuse(words.file_size, "file");
    let text;
    try {
      text = await file.text();
    } catch {
      return refuse(words.file_unreadable, "file");
    }
    read(text, "file");
  });
  el.read.addEventListener("click", () => read(el.text.value, "paste"));

  const panel = reviewPanel(el.panel, { ask: (method, args) => ask(method, args) });
  el.form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy || loaded === null) return;
    const seat = Number(el.seat.value);
    const round = loaded.rounds > 1 ? Number(el.round.value) : null;
    // A match's rounds reviewed for the same seat are summed up together.
    const match = loaded.rounds > 1 ? `${seat} ${loaded.key}` : null;
    say("");
    await panel.run({ recordText: loaded.text, seat, round, match });
  });

  el.app.hidden = false;
  $(".review-page__noscript").hidden = true;
  startOnInteraction(el.app, { warm: true });
}
