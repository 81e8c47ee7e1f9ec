// The page's side of the engine worker (engine-worker.js): start it, and call the engine.
//
//   import { startEngine, callEngine } from ".../assets/js/engine-client.js";
//   startEngine();                                 // on the reader's first interaction
//   const value = await callEngine("ping", {}, "fr");
//
// Importing this module starts nothing and fetches nothing. startEngine() creates the
// worker once, and marks <html data-engine="loading">, then "ready" or "failed", so
// pages, tests and assistive scripts can follow the start. callEngine() starts the engine
// if needed and resolves to the reply's value; on an error it rejects with an Error whose
// `.code` is the engine's error code, `.message` its text in the request's language and
// `.field` the id of the form control it concerns, or null (code "engine_failed", with the
// browser's error text, when the engine could not start).

let worker = null;
let started = null; // Promise of "ready" or "failed"
let failure = null; // the start's error text, once it failed
let nextId = 1;
const pending = new Map(); // request id -> {resolve, reject}

function setState(state) {
  document.documentElement.dataset.engine = state;
}

function engineError(code, message, field = null) {
  const error = new Error(message);
  error.code = code;
  error.field = field ?? null;
  return error;
}

// Marks the start failed and rejects every request still waiting.
function fail(message) {
  failure = message;
  setState("failed");
  for (const { reject } of pending.values()) reject(engineError("engine_failed", message));
  pending.clear();
}

/** Start the engine (once); resolves to "ready" or "failed", and never rejects. */
export function startEngine() {
  if (started) return started;
  setState("loading");
  started = new Promise((settle) => {
    worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => {
      if (data.status === "ready") {
        setState("ready");
        settle("ready");
      } else if (data.status === "failed") {
        fail(data.error);
        settle("failed");
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
      fail(event.message || "the engine worker could not start");
      settle("failed");
    };
  });
  return started;
}

/** The engine's answer to `method` with `args`, its errors told in `lang`. */
export function callEngine(method, args = {}, lang = document.documentElement.lang || "en") {
  startEngine();
  if (failure !== null) return Promise.reject(engineError("engine_failed", failure));
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, method, args, lang });
  });
}
