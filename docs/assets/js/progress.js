// The progress page: what the reader's browser keeps (the practice page's finished
// matches under the root's data-storage key, the puzzles page's progress under
// data-puzzles, the reader's own puzzles under data-yours, exported and imported with the
// rest), drawn by the rules engine in the reader's browser (engine-client.js, a
// Web Worker running engine.presentation.views.progress): every chart, table and sentence
// is the engine's answer (method progress_view). The build (hooks/progress_page.py) writes
// the page's own words. Nothing is sent anywhere.
//
// The profile is the three stores in one file: exported as the engine writes it
// (progress_export), imported only as the engine reads it (progress_import: the file's
// text, bounded here by store.js before it is read, then bounded again, parsed and
// checked whole by the engine); a file it refuses is told in the page's language and
// changes nothing. Importing over kept progress, and erasing it, ask first.
//
// The root's data-state is "" (not drawn yet), "empty" (nothing kept) or "drawn";
// data-busy is "true" while the engine works.

import { confirmFirst, engineFailure, readerDate, request, startEngine } from "./page-kit.js";
import { download, fileRefusal, loadStore, refusal, removeStore, writeStore } from "./store.js";

const VERSION = 1; // the version of both stores' objects

const root = document.querySelector(".progress");
if (root) setup(root);

function setup(root) {
  const $ = (selector) => root.querySelector(selector);
  const words = JSON.parse(root.dataset.words);
  const keys = {
    progress: root.dataset.storage,
    puzzles: root.dataset.puzzles,
    yours: root.dataset.yours,
  };
  const el = {
    app: $(".progress__app"),
    status: $(".progress__status"),
    summary: $(".progress__summary"),
    matches: $(".progress__matches"),
    points: $(".progress__points"),
    share: $(".progress__share"),
    rating: $(".progress__rating"),
    streak: $(".progress__streak"),
    export: $(".progress__export"),
    file: $("#progress-file"),
    reset: $(".progress__reset"),
    confirm: {
      dialog: $(".progress__confirm"),
      text: $(".progress__confirm-text"),
      yes: $(".progress__confirm-yes"),
      no: $(".progress__confirm-no"),
    },
  };
  let kept = { progress: null, puzzles: null, yours: null }; // what the stores hold, parsed
  let busy = false;

  function say(text) {
    el.status.textContent = text;
  }

  function setBusy(value) {
    busy = value;
    root.dataset.busy = String(value);
  }

  // The engine's answer, or null with its message said.
  async function ask(method, args) {
    if (document.documentElement.dataset.engine !== "ready") {
      say(words.loading);
      const outcome = await startEngine();
      if (outcome !== "ready") {
        say(engineFailure() ?? words.failed);
        return null;
      }
      if (el.status.textContent === words.loading) say("");
    }
    return request(method, args, { failed: words.failed, onError: say });
  }

  // A store this page cannot read is set aside (store.js), offered for download, and
  // said; the page goes on without it.
  function read(key) {
    return loadStore(key, VERSION, (data) => data, {
      label: words.download_refused,
      place: (p) => el.status.after(p),
      refused: () => say(words.refused),
    });
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A table's head and rows: each row's cells are the values of `fields`, the first a
  // row header.
  function fillTable(section, columns, rows, fields) {
    section.querySelector("thead tr").replaceChildren(
      ...columns.map((c) => {
        const th = element("th", "", c);
        th.scope = "col";
        return th;
      }),
    );
    section.querySelector("tbody").replaceChildren(
      ...rows.map((row) => {
        const tr = element("tr");
        fields.forEach((f, k) => {
          const cell = element(k === 0 ? "th" : "td", "", String(row[f]));
          if (k === 0) cell.scope = "row";
          tr.append(cell);
        });
        return tr;
      }),
    );
  }

  // A chart (the engine's drawing and a table of the same figures), or what would draw it.
  function showChart(section, found, fields) {
    const drawn = found.rows.length > 0;
    section.hidden = false;
    section.dataset.drawn = String(drawn);
    section.querySelector(".progress__chart-title").textContent = found.title;
    const about = section.querySelector(".progress__about");
    if (about) about.textContent = found.about ?? "";
    const drawing = section.querySelector(".progress__drawing");
    if (drawing) drawing.innerHTML = found.svg ?? "";
    section.querySelector(".progress__table-wrap").hidden = !drawn;
    const none = section.querySelector(".progress__none");
    none.textContent = found.none;
    none.hidden = drawn;
    fillTable(section, found.columns, found.rows, fields);
  }

  async function draw() {
    kept = { progress: read(keys.progress), puzzles: read(keys.puzzles), yours: read(keys.yours) };
    setBusy(true);
    const view = await ask("progress_view", { progress: kept.progress, puzzles: kept.puzzles });
    setBusy(false);
    if (!view) return;
    root.dataset.state = view.empty ? "empty" : "drawn";
    el.summary.textContent = view.empty ? words.empty : view.summary;
    showChart(el.matches, view.matches, ["game", "opponents", "played", "won", "percent"]);
    showChart(el.points, view.points, ["n", "date", "game", "rounds", "value", "result"]);
    showChart(el.share, view.share, ["n", "date", "game", "judged", "good", "value"]);
    showChart(el.rating, view.rating, ["date", "tried", "solved", "value"]);
    el.streak.textContent = view.streak;
    root.dataset.matches = String(view.counts.matches);
    root.dataset.attempts = String(view.counts.attempts);
  }

  el.export.addEventListener("click", async () => {
    if (busy) return;
    setBusy(true);
    const found = await ask("progress_export", { ...kept, date: readerDate() });
    setBusy(false);
    if (!found) return;
    download(found.text, found.name);
    say(words.exported.replace("{name}", found.name));
  });

  // A profile file: bounded before it is read, then read by the engine; kept only once
  // the engine has read all of it, and once the reader agrees to replace what is kept.
  el.file.addEventListener("change", async () => {
    const file = el.file.files[0];
    el.file.value = "";
    if (!file || busy) return;
    const tooBig = fileRefusal(file);
    if (tooBig) return say(`${words.file_size} ${words.unchanged}`);
    let text;
    try {
      text = await file.text();
    } catch {
      return say(`${words.file_unreadable} ${words.unchanged}`);
    }
    const why = refusal(text);
    if (why) return say(`${words[`file_${why}`]} ${words.unchanged}`);
    setBusy(true);
    let refusedWith = null;
    const found = await request(
      "progress_import",
      { text },
      { failed: words.failed, onError: (message) => (refusedWith = message) },
    );
    setBusy(false);
    if (!found) return say(`${refusedWith ?? words.failed} ${words.unchanged}`);
    const hasAny = Object.values(kept).some((data) => data !== null);
    if (hasAny) {
      const go = await confirmFirst(
        el.confirm,
        words.confirm_import,
        words.confirm_import_yes,
        words.confirm_import_no,
      );
      if (!go) return say(words.unchanged);
    }
    for (const [name, data] of Object.entries({
      progress: found.progress,
      puzzles: found.puzzles,
      yours: found.yours.puzzles.length ? found.yours : null,
    })) {
      if (data === null) removeStore(keys[name]);
      else writeStore(keys[name], JSON.stringify(data));
    }
    await draw();
    say(found.said);
  });

  el.reset.addEventListener("click", async () => {
    if (busy) return;
    const go = await confirmFirst(el.confirm, words.confirm, words.confirm_yes, words.confirm_no);
    if (!go) return say(words.unchanged);
    for (const key of Object.values(keys)) removeStore(key);
    await draw();
    say(words.erased);
  });

  el.app.hidden = false;
  $(".progress__noscript").hidden = true;
  draw();
}
