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
//   const review = reviewPanel(section, { ask, keep });  // ask(method, args): the value, or null
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
// reader's store).
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

function element(tag, className, text) {
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
function figure(className, wide, narrow, caption, prefix) {
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
function mark(value, { told = false } = {}) {
  const badge = element("span", "review__mark", value.name);
  badge.dataset.mark = value.id;
  if (told) badge.setAttribute("aria-hidden", "true");
  return badge;
}

export function reviewPanel(section, { ask: askPage, keep = null }) {
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
    return box;
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
      section.hidden = true;
      setState("");
    },
  };
}
