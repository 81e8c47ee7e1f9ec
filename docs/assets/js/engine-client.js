// The page's side of the engine worker (engine-worker.js): start it, and call the engine.
//
//   import { startEngine, callEngine } from ".../assets/js/engine-client.js";
//   startEngine();                                 // on the reader's first interaction
//   const value = await callEngine("ping", {}, "fr");
//
// Importing this module starts nothing and fetches nothing. startEngine() creates the
// worker (see newWorker), and marks <html data-engine="loading">, then "ready" or
// "failed", so pages, tests and assistive scripts can follow the start; once it is
// ready, <html data-engine-boot> is the start's mark: two pages with the same mark share
// one start, and <html data-engine-from> says whether it restored a snapshot
// ("snapshot") or started from the engine's files ("files"). callEngine() starts the
// engine if needed and resolves to the reply's value; on an error it rejects with an
// Error whose `.code` is the engine's error code, `.message` its text in the request's
// language and `.field` the id of the form control it concerns, or null.
//
// A failed start: <html data-engine="failed" data-engine-error="REASON">, and every
// request rejects with code "engine_failed" and REASON as its message, in the page's
// language (the engine.* words hooks/offline.py puts on the offline script's tag, since
// the engine that words everything else is what did not start): WebAssembly refused (a
// Content Security Policy without 'wasm-unsafe-eval'), a damaged download (not kept:
// fetched again next start), no start within the time-out, or any other fault (the
// browser's text in the console). The next startEngine() (or callEngine()) after a
// failure starts afresh: a new worker, which fetches past the browser's HTTP cache.
//
// The time-out is START_TIMEOUT_MS, 90 s: a first start on a slow phone line downloads
// some 5 MB (Pyodide, its standard library, the engine) and compiles the WebAssembly,
// which may take a minute; a start that has not settled by then will not. A test or a
// page may set another, in milliseconds, on <html data-engine-timeout="MS"> or as
// `globalThis.dominoEngineTimeout` before the start.

const START_TIMEOUT_MS = 90_000;
let worker = null;
let port = null; // where requests go: the shared worker's port, or the dedicated worker
let warmed = null; // the worker asked to warm up
let started = null; // Promise of "ready" or "failed"
let failure = null; // the start's reason, in the page's language, once it failed
let nextId = 1;
const pending = new Map(); // request id -> {resolve, reject}

function setState(state, reason = null) {
  const root = document.documentElement;
  root.dataset.engine = state;
  if (reason === null) delete root.dataset.engineError;
  else root.dataset.engineError = reason;
}

function engineError(code, message, field = null) {
  const error = new Error(message);
  error.code = code;
  error.field = field ?? null;
  return error;
}

// The words of a failed start for `reason` ("wasm", "integrity", "timeout", "offline",
// "error"), in the page's language, or null if the page has none.
function reasonText(reason) {
  const words = document.getElementById("offline-script")?.dataset ?? {};
  const key = {
    wasm: "engineFailedWasm",
    integrity: "engineFailedIntegrity",
    timeout: "engineFailedTimeout",
    offline: "engineFailedOffline",
  };
  return words[key[reason] ?? "engineFailed"] || words.engineFailed || null;
}

let told = null; // the failed start's reason in the page's language, if the page has it

/** Why the engine's start failed, in the page's language (what to do next included), or
 * null while it has not failed or the page has no words for it: a page shows this rather
 * than its own "could not start". */
export function engineFailure() {
  return failure === null ? null : told;
}

function startTimeout() {
  const value = Number(
    document.documentElement.dataset.engineTimeout ?? globalThis.dominoEngineTimeout,
  );
  return Number.isFinite(value) && value > 0 ? value : START_TIMEOUT_MS;
}

// Marks the start failed, stops its worker and rejects every request still waiting.
function fail(reason, detail) {
  if (detail) console.warn(`the rules engine could not start (${reason}): ${detail}`);
  // Offline, a start fails for want of the engine's files: the cache does not hold them
  // yet (once it does, the engine starts offline), and only going online once helps.
  const offline = navigator.onLine === false && reason !== "wasm";
  told = reasonText(offline ? "offline" : reason);
  failure = told ?? (detail || reason);
  setState("failed", failure);
  if (worker instanceof Worker) worker.terminate();
  else port?.close(); // a shared worker that failed ends itself
  for (const { reject } of pending.values()) reject(engineError("engine_failed", failure));
  pending.clear();
}

// The engine's worker: a shared one where the browser has them (with an extended
// lifetime, it outlives the page, and the visit's next page connects to the engine
// already started: one start a visit), else a dedicated one, started by each page. A page
// or a test may ask for the dedicated one with <html data-engine-worker="dedicated"> or
// `globalThis.dominoEngineWorker = "dedicated"` before the start.
function newWorker(name) {
  const url = new URL("./engine-worker.js", import.meta.url);
  const asked = document.documentElement.dataset.engineWorker ?? globalThis.dominoEngineWorker;
  if (typeof SharedWorker === "function" && asked !== "dedicated") {
    return new SharedWorker(url, { type: "module", name, extendedLifetime: true });
  }
  return new Worker(url, { type: "module", name });
}

/** Start the engine (once, or afresh after a failure); resolves to "ready" or "failed",
 * and never rejects. */
export function startEngine() {
  if (started && failure === null) return started;
  const retry = failure !== null;
  failure = null;
  setState("loading");
  started = new Promise((settle) => {
    const done = (state, reason, detail) => {
      clearTimeout(timer);
      if (state === "ready") setState("ready");
      else fail(reason, detail);
      settle(state);
    };
    const timer = setTimeout(
      () => done("failed", "timeout", `no start in ${startTimeout()} ms`),
      startTimeout(),
    );
    worker = newWorker(retry ? "retry" : "engine");
    port = worker instanceof Worker ? worker : worker.port;
    const own = worker;
    port.onmessage = ({ data }) => {
      if (own !== worker) return; // a worker given up for a newer start
      if (data.status === "ready") {
        document.documentElement.dataset.engineBoot = data.boot;
        document.documentElement.dataset.engineFrom = data.from;
        done("ready");
      } else if (data.status === "failed") {
        done("failed", data.reason, data.error);
      } else if (data.status === "warmed") {
        document.documentElement.dataset.engineWarm = "done";
      } else if (data.status === "log") {
        console.warn(`the rules engine: ${data.text}`);
      } else {
        const waiting = pending.get(data.id);
        if (!waiting) return;
        pending.delete(data.id);
        if (data.ok) waiting.resolve(data.value);
        else waiting.reject(engineError(data.code, data.error, data.field));
      }
    };
    // The worker's script itself could not load or run (no status message will come).
    worker.onerror = (event) => {
      event.preventDefault();
      if (own !== worker || failure !== null) return;
      done("failed", "error", event.message || "the engine worker could not start");
    };
  });
  return started;
}

/** Starts the engine if needed and has its worker warm it up while the page asks
 * nothing (engine-worker.js): <html data-engine-warm="warming">, then "done". A page
 * whose reader will soon ask for heavy work (a review) asks for this at the start. */
export function warmEngine() {
  startEngine();
  if (failure !== null || warmed === worker) return;
  warmed = worker;
  document.documentElement.dataset.engineWarm = "warming";
  port.postMessage({ warm: true });
}

/** The engine's answer to `method` with `args`, its errors told in `lang`. */
export function callEngine(method, args = {}, lang = document.documentElement.lang || "en") {
  startEngine();
  if (failure !== null) return Promise.reject(engineError("engine_failed", failure));
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    port.postMessage({ id, method, args, lang });
  });
}
