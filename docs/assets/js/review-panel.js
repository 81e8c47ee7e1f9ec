// The review of a round: one seat's decisions judged by the rules engine in the reader's
// browser, shown one at a time, then summed up. The build draws the panel, empty, with
// its words (hooks/review_panel.py); the review page (review.js) and the practice page
// (practice.js, at a round's end) fill it here from the engine's answers: the decisions
// (review_decisions), each judged by its own request (review_judge), so that the
// progress bar moves, the reader can stop between two, and the page's main thread never
// waits on the engine, and the summary (review_summary). No rule and no sentence is made
// here: every mark, value, verdict and count is the engine's.
//
//   import { reviewPanel } from "./review-panel.js";
//   const review = reviewPanel(section, { ask, keep, onYours }); // ask(method, args): the value, or null
//   await review.run({ recordText, seat, round, match }); // false: the engine refused it
//   review.hide();                                        // and stops judging
//   review.forget();                                      // a new match: none remembered
//
// The record is `recordText`, the record as the reader gave it (the engine parses it), or
// `record`, one the engine gave already parsed. `match`, a key naming the record's match
// (or null), asks for the match's summary too: the judged rounds of one key are summed up
// together, each round counted once. `keep`, if given, keeps them past a reload:
// `keep.read()` resolves to {match, rounds: Map(round -> items)} or null (the engine
// checks what was kept), `keep.write(match,
// rounds)` keeps them, `keep.clear()` forgets them (practice.js keeps them in the
// reader's store). `onYours(args)`, if given, is told of each decision judged that can
// become one of the reader's own puzzles (review_judge's `yours`): `args` are the
// record, seat, round and index, as yours_add takes them.
//
// The section's data-state is "" (nothing yet), "judging", "stopped" or "done";
// data-count the decisions of the round, data-judged those judged so far, data-current
// the one shown (from 0); data-busy is "true" while a request to the engine is under way
// (a review stopped still takes in the judgement it was waiting for).

import { fill } from "./page-kit.js";

/** `svgText` with each of its ids (and the references to them) made unique by `prefix`:
 * several drawings on one page never share an id. */
function ownIds(svgText, prefix) {
  let out = svgText ?? "";
  for (const [, id] of out.matchAll(/id="([^"]+)"/g)) out = out.replaceAll(id, prefix + id);
  return out;
}

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// The engine draws each table twice: for a page, and turning sooner for a phone. Only
// the one that fits the screen is put in the page (half the drawing work, on a main
// thread that must stay free); a screen that changes width draws the decision again.
const NARROW = window.matchMedia("(max-width: 40em)");

// A drawing's box is given the drawing's size before the drawing is in it (its width and
// height attributes: at most that wide, as tall as its proportions make it), and it
// contains its own layout (review.css): putting the drawing in lays out that box alone,
// not the page. The drawings are put in one a task, each after a frame has been painted,
// so that no task of the main thread does the style and layout of several (a decision
// shows up to three tables, of some 250 elements each).
const waiting = []; // [box, the drawing's SVG text], in the order they were asked for
let drawing = false; // a task to put the next one in is asked for

function sizeOf(svgText) {
  const head = /<svg\b[^>]*>/.exec(svgText)?.[0] ?? "";
  const width = Number(/\swidth="([\d.]+)"/.exec(head)?.[1]);
  const height = Number(/\sheight="([\d.]+)"/.exec(head)?.[1]);
  return width > 0 && height > 0 ? { width, height } : null;
}

function drawSoon() {
  if (drawing || !waiting.length) return;
  drawing = true;
  requestAnimationFrame(() => setTimeout(drawNext, 0));
}

function drawNext() {
  drawing = false;
  while (waiting.length) {
    const [box, svgText] = waiting.shift();
    if (!box.isConnected) continue; // the reader has gone to another decision
    box.innerHTML = svgText;
    delete box.dataset.pending;
    break;
  }
  drawSoon();
}

/** A figure of the engine's drawing of a table that fits the screen, with its caption;
 * the drawing itself comes in a later task (drawNext). */
export function figure(className, wide, narrow, caption, prefix) {
  const box = element("figure", `domino-figure review__figure ${className}`);
  const drawn = element("div", "review__drawing");
  const small = NARROW.matches && Boolean(narrow);
  const svgText = ownIds(small ? narrow : wide, prefix);
  drawn.dataset.fit = small ? "narrow" : "wide";
  const size = sizeOf(svgText);
  if (size) {
    drawn.dataset.sized = "true";
    drawn.style.maxWidth = `${size.width}px`;
    drawn.style.aspectRatio = `${size.width} / ${size.height}`;
  }
  drawn.dataset.pending = "true";
  waiting.push([drawn, svgText]);
  drawSoon();
  box.append(drawn, element("figcaption", "", caption));
  return box;
}

/** A mark's badge; `told` when the text beside it names the mark already (then screen
 * readers skip the badge). */
export function mark(value, { told = false } = {}) {
  const badge = element("span", "review__mark", value.name);
  badge.dataset.mark = value.id;
  if (told) badge.setAttribute("aria-hidden", "true");
  return badge;
}

/** A decision replayed, as the reader meets it (the review's "learn from your mistakes"
 * and the puzzles page's own puzzles): its heading (`label`, in a `tag`, with the
 * replay's mark), the table as it was (`table`: svg, svg_narrow, caption, empty), what
 * was `known` then, and the replay's question. */
export function replayStep(tag, label, replay, table, prefix, known) {
  const step = element("div", "review__retry-decision");
  const heading = element(tag, "review__retry-label", label);
  heading.append(" ", mark(replay.mark));
  step.append(heading);
  const { svg, svg_narrow: narrow, caption, empty } = table;
  if (svg) step.append(figure("review__before", svg, narrow, caption, prefix));
  else step.append(element("p", "review__empty", empty), element("p", "", caption));
  if (known) step.append(element("p", "review__known", known));
  step.append(element("p", "review__retry-prompt", replay.prompt));
  return step;
}

/** A replay's move button once tried: its mark, and closed if the move was refused. */
export function markTried(button, reply) {
  button.dataset.tried = reply.accepted ? "good" : "bad";
  if (!reply.accepted) button.setAttribute("aria-disabled", "true");
  button.prepend(mark(reply.tried_mark), " ");
}

/** A replay's moves, one button each (its move in data-move). */
export function choiceButtons(choices) {
  return choices.map((c) => {
    const b = element("button", "domino-button review__choice", c.label);
    b.type = "button";
    b.dataset.move = c.move;
    return b;
  });
}

export function reviewPanel(section, { ask: askPage, keep = null, onYours = null }) {
  const words = JSON.parse(section.dataset.words);
  const level = Math.min(6, Number(section.dataset.level) || 3);
  const $ = (selector) => section.querySelector(selector);
  const el = {
    title: $(".review__title"),
    game: $(".review__game"),
    intro: $(".review__intro"),
    progress: $(".review__progress"),
    bar: $(".review__bar"),
    count: $(".review__count"),
    cancel: $(".review__cancel"),
    stopped: $(".review__stopped"),
    stoppedText: $(".review__stopped-text"),
    resume: $(".review__resume"),
    decisions: $(".review__decisions"),
    prev: $(".review__prev"),
    next: $(".review__next"),
    where: $(".review__where"),
    step: $(".review__step"),
    live: $(".review__live"),
    summary: $(".review__summary"),
    share: $(".review__share"),
    marks: $(".review__marks"),
    key: $(".review__key"),
    keyTitle: $(".review__key-title"),
    keyList: $(".review__key-list"),
    graph: $(".review__graph"),
    graphTitle: $(".review__graph-title"),
    graphAbout: $(".review__graph-about"),
    graphDrawing: $(".review__graph-drawing"),
    graphTurn: $(".review__graph-turn"),
    graphHead: $(".review__graph-table thead tr"),
    graphBody: $(".review__graph-table tbody"),
    learn: $(".review__learn"),
    learnTitle: $(".review__learn-title"),
    learnAbout: $(".review__learn-about"),
    learnCount: $(".review__learn-count"),
    learnTally: $(".review__learn-tally"),
    learnStart: $(".review__learn-start"),
    retry: $(".review__retry"),
    retryWhere: $(".review__retry-where"),
    retryStep: $(".review__retry-step"),
    retryMoves: $(".review__retry-moves"),
    retrySaid: $(".review__retry-said"),
    retryShow: $(".review__retry-show"),
    retrySkip: $(".review__retry-skip"),
    retryNext: $(".review__retry-next"),
    retryEnd: $(".review__retry-end"),
    match: $(".review__match"),
    matchShare: $(".review__match-share"),
    matchRounds: $(".review__match-rounds"),
    matchCount: $(".review__match-count"),
    said: $(".review__said"),
  };
  const matches = new Map(); // match key -> Map(round -> the judged items of that round)
  let review = null; // {source, seat, round, match, listed, judged: [], next}
  let token = 0; // bumped by every run and by hide(): a late answer for another is dropped
  let current = 0; // the decision shown
  let stopping = false; // the reader asked to stop after the request under way
  let judging = false; // a judging loop is under way

  const announce = (text) => {
    el.said.textContent = text;
  };

  // The page's request, with data-busy "true" while it is under way.
  let asking = 0;
  async function ask(method, args) {
    asking += 1;
    section.dataset.busy = "true";
    try {
      return await askPage(method, args);
    } finally {
      asking -= 1;
      section.dataset.busy = String(asking > 0);
    }
  }

  function setState(state) {
    section.dataset.state = state;
    el.progress.hidden = state !== "judging";
    el.stopped.hidden = state !== "stopped";
  }

  function showProgress() {
    const done = review.next;
    const total = review.listed.count;
    el.bar.max = Math.max(total, 1);
    el.bar.value = done;
    const counted = fill(words.progress, { done, total });
    el.count.textContent = counted;
    el.stoppedText.textContent = fill(words.stopped, { done, total });
    section.dataset.judged = String(done);
  }

  // --- One decision ---------------------------------------------------------------------

  function judgement(j, prefix) {
    const box = element("div", "review__judgement");
    const verdict = element("p", "review__verdict");
    verdict.append(mark(j.mark, { told: true }), " ", j.verdict);
    box.append(verdict);
    if (j.reason) box.append(element("p", "review__reason", j.reason));
    const moves = element("div", "review__moves");
    moves.append(
      figure("review__played", j.played_svg, j.played_svg_narrow, j.played_caption, `${prefix}p`),
    );
    if (j.best !== j.move) {
      moves.append(figure("review__better", j.svg, j.svg_narrow, j.caption, `${prefix}b`));
    }
    box.append(moves);
    box.append(element(`h${Math.min(6, level + 1)}`, "review__known-title", words.known));
    box.append(element("p", "review__known", j.known.text));
    const values = element("details", "review__values");
    values.append(element("summary", "", words.values));
    const list = element("ul", "review__value-list");
    for (const v of j.values) {
      const li = element("li");
      li.dataset.best = String(v.best);
      li.dataset.played = String(v.played);
      li.append(mark(v.mark), " ", v.text);
      list.append(li);
    }
    values.append(list);
    box.append(values, element("p", "review__method", j.method_text));
    box.append(faceUpBox(j.index));
    return box;
  }

  // --- Face up: the decision with every hand shown, each move solved exactly -------------
  // (review_face_up, one move a request, so that a progress bar moves and the reader can
  // stop between two). What was solved is kept for the review, per decision, and drawn
  // again when the decision is shown again.

  const faceUps = new Map(); // decision index -> {replies, found, total, done, running}

  function faceUpBox(index) {
    const box = element("div", "review__faceup");
    box.dataset.index = String(index);
    const open = element("button", "domino-button review__faceup-open", words.face_up_open);
    open.type = "button";
    box.append(open, element("div", "review__faceup-body"));
    const found = faceUps.get(index);
    if (found) drawFaceUp(box, found);
    return box;
  }

  function faceUpBoxOf(index) {
    return el.step.querySelector(`.review__faceup[data-index="${index}"]`);
  }

  function drawFaceUp(box, found) {
    box.dataset.state = found.done ? "done" : found.running ? "solving" : "stopped";
    box.querySelector(".review__faceup-open").hidden = true;
    const first = found.replies[0];
    const body = box.querySelector(".review__faceup-body");
    const parts = [];
    if (first) {
      parts.push(element(`h${Math.min(6, level + 1)}`, "review__faceup-title", first.title));
      parts.push(element("p", "review__faceup-about", first.about));
      const hands = element("ul", "review__faceup-hands");
      for (const h of first.hands) {
        const li = element("li");
        const tiles = element("span", "review__tiles");
        tiles.setAttribute("aria-hidden", "true");
        tiles.innerHTML = h.tiles.map((t) => t.svg).join("");
        li.append(element("span", "review__faceup-hand", h.text), tiles);
        hands.append(li);
      }
      parts.push(hands);
      if (first.boneyard_text) parts.push(element("p", "", first.boneyard_text));
    }
    const progress = element("p", "review__faceup-progress");
    const bar = element("progress");
    bar.max = Math.max(found.total, 1);
    bar.value = found.replies.length;
    const said = element("span", "", found.replies.at(-1)?.progress ?? words.face_up_open);
    said.id = `${section.id}-faceup-${box.dataset.index}-said`;
    bar.setAttribute("aria-labelledby", said.id); // "Moves solved: 3 of 7"
    progress.append(bar, " ", said);
    if (!found.done) {
      const action = found.running ? "stop" : "resume";
      const b = element(
        "button",
        `domino-button review__faceup-${action}`,
        words[`face_up_${action}`],
      );
      b.type = "button";
      progress.append(" ", b);
    }
    parts.push(progress);
    const list = element("ul", "review__faceup-list");
    const best = new Set(found.replies.at(-1)?.best ?? []);
    // In the order solved, then, once all are, best first as the engine ranks them.
    const ranked = found.done ? found.replies.at(-1).ranked : found.replies.map((_, k) => k);
    for (const r of ranked.map((k) => found.replies[k])) {
      const li = element("li", "", r.text);
      li.dataset.move = r.move;
      li.dataset.exact = String(r.exact);
      li.dataset.best = String(best.has(r.move));
      list.append(li);
    }
    parts.push(list);
    if (found.done) {
      const last = found.replies.at(-1);
      const shown = found.replies.find((r) => best.has(r.move));
      parts.push(element("p", "review__faceup-best", last.best_text));
      if (shown) {
        parts.push(element("p", "review__faceup-line", shown.line_text));
        parts.push(element("p", "review__faceup-points", shown.points_text));
      }
    }
    body.replaceChildren(...parts);
  }

  async function solveFaceUp(index) {
    const mine = token;
    let found = faceUps.get(index);
    if (!found) {
      found = { replies: [], found: [], total: 1, done: false, running: true };
      faceUps.set(index, found);
    }
    found.running = true;
    if (found.looping) {
      // Stopped and resumed while a move was being solved: that loop goes on.
      const box = faceUpBoxOf(index);
      if (box) drawFaceUp(box, found);
      return;
    }
    found.looping = true;
    const focusAfter = () => {
      const box = faceUpBoxOf(index);
      if (box) drawFaceUp(box, found);
      return box;
    };
    let box = focusAfter();
    box?.querySelector(".review__faceup-stop")?.focus();
    const { source, seat, round } = review;
    while (!found.done && found.running) {
      const step = found.replies.length;
      const reply = await ask("review_face_up", {
        ...source,
        seat,
        round,
        index,
        step,
        found: found.found,
      });
      if (mine !== token) {
        found.looping = false;
        return;
      }
      if (reply === null) {
        found.running = false;
        break;
      }
      found.replies.push(reply);
      found.found = reply.found;
      found.total = reply.total;
      found.done = reply.done;
      const hadFocus = faceUpBoxOf(index)?.contains(document.activeElement);
      box = focusAfter();
      if (hadFocus && box) {
        (
          box.querySelector(".review__faceup-stop") ?? box.querySelector(".review__faceup-title")
        )?.focus?.();
      }
    }
    found.running = false;
    found.looping = false;
    focusAfter();
    announce(found.done ? found.replies.at(-1).best_text : (found.replies.at(-1)?.progress ?? ""));
  }

  function pending() {
    return element("p", "review__judgement review__pending", words.not_judged);
  }

  function showStep(index, { announce: say = false } = {}) {
    const total = review.listed.count;
    const focused = document.activeElement;
    current = Math.max(0, Math.min(total - 1, index));
    section.dataset.current = String(current);
    const d = review.listed.decisions[current];
    const j = review.judged[current];
    const prefix = `${section.id}-${review.round}-${current}-`;
    const article = element("article", "review__decision");
    article.dataset.index = String(d.index);
    article.dataset.mark = j ? j.mark.id : "";
    article.append(element(`h${level}`, "review__label", d.label));
    if (d.svg) article.append(figure("review__before", d.svg, d.svg_narrow, d.caption, prefix));
    else
      article.append(
        element("p", "review__empty", d.empty),
        element("p", "review__caption", d.caption),
      );
    const hand = element("div", "review__hand");
    hand.setAttribute("aria-hidden", "true"); // the caption names every tile in hand
    hand.append(element("span", "review__hand-label", words.hand));
    const tiles = element("span", "review__tiles");
    tiles.innerHTML = d.hand.map((t) => t.svg).join("");
    hand.append(tiles);
    article.append(hand, j ? judgement(j, prefix) : pending());
    el.step.replaceChildren(article);
    el.where.textContent = d.label;
    el.prev.disabled = current === 0;
    el.next.disabled = current === total - 1;
    // A button that has just stopped working hands the focus to the other one.
    if (focused === el.prev && el.prev.disabled) el.next.focus();
    if (focused === el.next && el.next.disabled) el.prev.focus();
    if (say) el.live.textContent = `${d.label}. ${j ? j.verdict : words.not_judged}`;
  }

  // A decision judged while it is shown: its verdict takes the pending line's place
  // (nothing the reader may have focused is replaced).
  function judgedNow(index) {
    if (index !== current) return;
    const old = el.step.querySelector(".review__pending");
    if (!old) return;
    const j = review.judged[index];
    old.replaceWith(judgement(j, `${section.id}-${review.round}-${index}-`));
    el.step.querySelector(".review__decision").dataset.mark = j.mark.id;
  }

  // --- Judging, one request a decision --------------------------------------------------

  async function judgeRest(mine) {
    if (judging) return;
    judging = true;
    const { source, seat, round } = review;
    while (review.next < review.listed.count && !stopping) {
      const index = review.next;
      const reply = await ask("review_judge", { ...source, seat, round, index });
      if (mine !== token) {
        judging = false;
        return;
      }
      if (reply === null) {
        stopping = true; // the page said why
        break;
      }
      review.judged[index] = reply;
      if (reply.yours) onYours?.({ ...source, seat, round, index });
      review.next += 1;
      showProgress();
      judgedNow(index);
    }
    judging = false;
    if (review.next < review.listed.count) {
      stop();
      return;
    }
    await finish(mine);
  }

  function stop() {
    if (section.dataset.state !== "judging") return;
    const hadFocus = el.progress.contains(document.activeElement);
    stopping = true;
    setState("stopped");
    if (hadFocus) el.resume.focus();
    announce(el.stoppedText.textContent);
  }

  function resume() {
    if (!review || section.dataset.state !== "stopped") return;
    const hadFocus = el.stopped.contains(document.activeElement);
    stopping = false;
    setState("judging");
    if (hadFocus) el.cancel.focus();
    announce(words.working);
    judgeRest(token);
  }

  function listItem(text) {
    return element("li", "", text);
  }

  async function finish(mine) {
    const items = review.judged.map((j) => j.item);
    let summary = null;
    if (items.length) {
      summary = await ask("review_summary", { items });
      if (mine !== token) return;
    }
    if (summary) {
      el.share.textContent = summary.share_text;
      el.marks.replaceChildren(
        ...summary.marks.map((m) =>
          listItem(fill(words.mark_count, { mark: m.name, count: m.count })),
        ),
      );
      el.keyTitle.textContent = summary.key_title;
      el.keyList.replaceChildren(
        ...summary.key.map((k) => {
          const li = element("li");
          const b = element("button", "review__goto", k.text);
          b.type = "button";
          b.dataset.index = String(k.index);
          b.prepend(mark(k.mark, { told: true }), " ");
          li.append(b);
          return li;
        }),
      );
      el.key.hidden = summary.key.length === 0;
      showGraph(summary.graph);
      showLearn(summary.learn);
    }
    el.summary.hidden = summary === null;
    if (review.match !== null) await matchSummary(mine, items);
    if (mine !== token) return;
    setState("done");
    announce([words.done, summary?.share_text ?? review.listed.intro].join(" "));
  }

  // The round's graph (drawn by the engine, for the eye) and its table (the same
  // figures, each decision a button that opens it); a tap on a point opens its decision.
  function showGraph(found) {
    el.graph.hidden = !found;
    if (!found) return;
    el.graphTitle.textContent = found.title;
    el.graphAbout.textContent = found.about;
    el.graphDrawing.innerHTML = found.svg;
    el.graphTurn.textContent = found.turn_text;
    el.graphTurn.hidden = !found.turn_text;
    el.graphHead.replaceChildren(
      ...found.columns.map((c) => {
        const th = element("th", "", c);
        th.scope = "col";
        return th;
      }),
    );
    el.graphBody.replaceChildren(
      ...found.rows.map((r) => {
        const tr = element("tr");
        tr.dataset.turn = String(r.turn);
        const open = element("button", "review__goto", r.decision);
        open.type = "button";
        open.dataset.index = String(r.index);
        const first = element("th");
        first.scope = "row";
        first.append(open);
        const marked = element("td");
        marked.append(mark(r.mark));
        tr.append(first, element("td", "", r.move), element("td", "", r.value));
        tr.append(element("td", "", r.loss), marked);
        return tr;
      }),
    );
  }

  // --- Learning from one's mistakes: each decision marked a mistake or a blunder replayed
  // (review_retry), one move tried at a time; how each ended is kept in its item, with
  // the review (and past a reload where the page keeps it), the first ending counted.

  let learning = null; // {indices, at, reply} while a decision is replayed

  function showLearn(found) {
    el.learn.hidden = !found;
    if (!found) return;
    el.learnTitle.textContent = found.title;
    el.learnAbout.textContent = found.about;
    el.learnCount.textContent = found.count_text;
    el.learnTally.textContent = found.ended_text;
    el.learnTally.hidden = !found.ended_text;
    el.learnStart.hidden = found.count === 0;
    el.learn.dataset.indices = found.indices.join(" ");
  }

  // The summary's words on the replays, asked again once one has ended.
  async function learnAgain(mine) {
    const items = review.judged.map((j) => j.item);
    const summary = await ask("review_summary", { items });
    if (mine !== token || !summary) return;
    showLearn(summary.learn);
    if (review.match !== null) {
      const rounds = matches.get(review.match);
      if (rounds) keep?.write(review.match, rounds);
    }
  }

  function retryArgs(index) {
    return { ...review.source, seat: review.seat, round: review.round, index };
  }

  async function startLearning() {
    const indices = (el.learn.dataset.indices || "").split(" ").filter(Boolean).map(Number);
    if (!review || !indices.length) return;
    learning = { indices, at: 0, reply: null };
    el.retry.hidden = false;
    await showRetry(token);
  }

  async function showRetry(mine) {
    const index = learning.indices[learning.at];
    const reply = await ask("review_retry", retryArgs(index));
    if (mine !== token || !learning || reply === null) return;
    learning.reply = reply;
    const d = review.listed.decisions[index];
    const j = review.judged[index];
    el.retry.dataset.index = String(index);
    el.retry.dataset.outcome = "";
    el.retryWhere.textContent = fill(words.learn_where, {
      n: learning.at + 1,
      total: learning.indices.length,
    });
    const heading = `h${Math.min(6, level + 1)}`;
    const prefix = `${section.id}-r${review.round}-${index}-`;
    const known = j ? j.known.text : "";
    el.retryStep.replaceChildren(replayStep(heading, d.label, reply, d, prefix, known));
    el.retryMoves.replaceChildren(...choiceButtons(reply.choices));
    el.retrySaid.textContent = "";
    el.retryShow.disabled = false;
    el.retrySkip.disabled = false;
    el.retryNext.hidden = true;
    el.retry.focus();
    el.retry.scrollIntoView({ block: "start" });
  }

  // How a replayed decision ended (the engine's word for it): the choices are closed, and
  // the first ending is kept in the decision's item.
  function ended(reply) {
    const index = Number(el.retry.dataset.index);
    el.retry.dataset.outcome = reply.outcome;
    for (const b of el.retryMoves.querySelectorAll("button")) b.disabled = true;
    el.retryShow.disabled = true;
    el.retrySkip.disabled = true;
    const item = review.judged[index]?.item;
    if (item && !item.retry) item.retry = reply.outcome;
    const last = learning.at >= learning.indices.length - 1;
    el.retryNext.hidden = last;
    (last ? el.retryEnd : el.retryNext).focus();
    learnAgain(token);
  }

  async function tryMove(button) {
    const index = Number(el.retry.dataset.index);
    const mine = token;
    const reply = await ask("review_retry", { ...retryArgs(index), move: button.dataset.move });
    if (mine !== token || !learning || reply === null) return;
    markTried(button, reply);
    el.retrySaid.textContent = reply.text;
    if (reply.outcome) ended(reply);
  }

  async function retryAction(action) {
    const index = Number(el.retry.dataset.index);
    const mine = token;
    const reply = await ask("review_retry", { ...retryArgs(index), action });
    if (mine !== token || !learning || reply === null) return;
    el.retrySaid.textContent = reply.text;
    const j = review.judged[index];
    if (action === "show" && j) {
      const prefix = `${section.id}-r${review.round}-${index}-b`;
      el.retryStep.append(figure("review__better", j.svg, j.svg_narrow, j.caption, prefix));
    }
    ended(reply);
    if (action === "skip" && learning.at < learning.indices.length - 1) nextRetry();
  }

  function nextRetry() {
    if (!learning || learning.at >= learning.indices.length - 1) return;
    learning.at += 1;
    showRetry(token);
  }

  function endLearning() {
    learning = null;
    el.retry.hidden = true;
    el.learnStart.focus();
  }

  // The rounds of `match` reviewed before: in memory, else kept past a reload (`keep`),
  // only those the record holds; another match's are forgotten.
  async function matchRounds(match, total) {
    let rounds = matches.get(match);
    if (rounds) return rounds;
    matches.clear(); // one match at a time is remembered
    const kept = (await keep?.read()) ?? null;
    rounds = new Map();
    if (kept?.match === match) {
      for (const [round, items] of kept.rounds) if (round < total) rounds.set(round, items);
    }
    matches.set(match, rounds);
    return rounds;
  }

  async function matchSummary(mine, items) {
    const total = review.listed.rounds;
    const rounds = await matchRounds(review.match, total);
    if (mine !== token) return;
    // A round reviewed again keeps how its replays ended (the same decision, the same move).
    for (const old of rounds.get(review.round) ?? []) {
      const now = items.find((x) => x.index === old.index && x.move === old.move);
      if (now && old.retry && !now.retry) now.retry = old.retry;
    }
    rounds.set(review.round, items);
    keep?.write(review.match, rounds);
    const all = [...rounds.keys()].sort((a, b) => a - b).flatMap((r) => rounds.get(r));
    el.matchCount.textContent = fill(words.match_rounds, { done: rounds.size, total });
    const summary = all.length ? await ask("review_summary", { items: all }) : null;
    if (mine !== token) return;
    el.matchShare.textContent = summary?.share_text ?? "";
    el.matchShare.hidden = summary === null;
    el.matchRounds.replaceChildren(...(summary?.rounds ?? []).map((r) => listItem(r.text)));
    el.match.hidden = false;
  }

  // --- Controls ---------------------------------------------------------------------------

  el.prev.addEventListener("click", () => showStep(current - 1, { announce: true }));
  el.next.addEventListener("click", () => showStep(current + 1, { announce: true }));
  el.decisions.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest("summary, select, input, textarea")) return;
    const moves = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: review.listed.count - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    showStep(moves[event.key], { announce: true });
  });
  NARROW.addEventListener("change", () => {
    if (review && review.listed.count && !section.hidden) showStep(current);
  });
  el.cancel.addEventListener("click", stop);
  el.resume.addEventListener("click", resume);
  // A key moment, a decision of the graph's table, or a point of the graph opens it.
  function goTo(index) {
    showStep(index, { announce: true });
    el.decisions.scrollIntoView({ block: "start" });
    (el.next.disabled ? el.prev : el.next).focus();
  }
  for (const list of [el.keyList, el.graphBody]) {
    list.addEventListener("click", (event) => {
      const b = event.target.closest(".review__goto");
      if (b) goTo(Number(b.dataset.index));
    });
  }
  el.step.addEventListener("click", (event) => {
    const box = event.target.closest(".review__faceup");
    if (!box || !review) return;
    const index = Number(box.dataset.index);
    if (event.target.closest(".review__faceup-open, .review__faceup-resume")) {
      solveFaceUp(index);
    } else if (event.target.closest(".review__faceup-stop")) {
      const found = faceUps.get(index);
      if (!found) return;
      found.running = false;
      drawFaceUp(box, found);
      box.querySelector(".review__faceup-resume")?.focus();
    }
  });
  el.learnStart.addEventListener("click", startLearning);
  el.retryMoves.addEventListener("click", (event) => {
    const b = event.target.closest("button.review__choice");
    if (b && !b.disabled && !b.dataset.tried) tryMove(b);
  });
  el.retryShow.addEventListener("click", () => retryAction("show"));
  el.retrySkip.addEventListener("click", () => retryAction("skip"));
  el.retryNext.addEventListener("click", nextRetry);
  el.retryEnd.addEventListener("click", endLearning);
  el.graphDrawing.addEventListener("click", (event) => {
    const point = event.target.closest?.(".review-graph__point");
    if (point) goTo(Number(point.dataset.index));
  });

  return {
    /** Reviews `seat` (from 0) in round `round` (from 0; null: the record's first) of
     * `recordText` (or of `record`, already parsed): false when the engine refused it
     * (the page's `ask` said why; the panel is unchanged), else true once the decisions
     * are shown; they are judged after. */
    async run({ recordText, record, seat, round = null, match = null }) {
      const mine = ++token;
      const source = recordText !== undefined ? { record_text: recordText } : { record };
      const listed = await ask("review_decisions", { ...source, seat, round });
      if (listed === null || mine !== token) return false;
      stopping = false;
      judging = false;
      review = { source, seat, round: listed.round, match, listed, judged: [], next: 0 };
      section.dataset.count = String(listed.count);
      el.title.textContent = listed.title;
      el.game.textContent = listed.game;
      el.intro.textContent = listed.intro;
      el.summary.hidden = true;
      el.match.hidden = true;
      learning = null;
      el.retry.hidden = true;
      faceUps.clear();
      el.decisions.hidden = listed.count === 0;
      el.step.replaceChildren();
      el.live.textContent = "";
      showProgress();
      current = 0;
      section.hidden = false;
      el.title.focus(); // and into view: no smooth scroll, whose every frame the page follows
      setState("judging");
      announce(listed.count ? `${listed.intro} ${words.working}` : listed.intro);
      judgeRest(mine);
      // The first decision is drawn once the next frame is painted: the panel's layout,
      // which the focus forces now, and the decision's are two tasks of the main thread,
      // not one (and its drawings each one more, see drawNext).
      if (listed.count) {
        requestAnimationFrame(() =>
          setTimeout(() => {
            if (mine === token && !el.step.firstChild) showStep(current);
          }, 0),
        );
      }
      return true;
    },

    /** Forgets the rounds of the match reviewed so far, and those kept (a new match). */
    forget() {
      matches.clear();
      keep?.clear();
    },

    /** Hides the panel and stops judging (an answer under way is dropped). */
    hide() {
      token++;
      stopping = true;
      judging = false;
      review = null;
      learning = null;
      section.hidden = true;
      setState("");
    },
  };
}
