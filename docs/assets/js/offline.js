// The site offline: registers the service worker (sw.js, generated at build time by
// workbox-build: scripts/build_sw.mjs) and tells the reader when a new version is ready.
//
// hooks/offline.py adds this module to every page, with the banner's words in the page's
// language as data- attributes of its script element (#offline-script).
//
// - The worker is registered once the page has loaded, so a first visit loads the page
//   exactly as before; it then precaches every page and small asset in the background.
// - A new build's worker installs in the background and waits. The page shows "a new
//   version is ready" with a Reload button, which lets the new worker take over; every
//   open page of the site then reloads, so none keeps an old page with a new engine.
// - The engine's files (Pyodide and the engine's wheel) are cached by the worker when the
//   engine fetches them. If the engine started before the worker controlled the page (a
//   first visit), they are fetched once more through the worker as soon as it does, from
//   the build's own manifest.json, so the next start works offline too. After a new
//   build, the page fetches the new engine's files the same way, but only for a reader
//   who has started the engine before; for any other reader, nothing of the engine is
//   fetched on a page where the reader did not start it.

const ROOT = new URL("../../", import.meta.url);
const PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"];
const ENGINE_CACHE = "domino-block-engine"; // scripts/build_sw.mjs's runtime cache
const container = navigator.serviceWorker;
const root = document.documentElement;

let controlled = Boolean(container?.controller);
let engineControlled = null; // whether the worker controlled the page when the engine started
let warmed = false;

function showBanner(waiting) {
  if (document.getElementById("offline-update")) return;
  const words = document.getElementById("offline-script")?.dataset ?? {};
  const banner = document.createElement("div");
  banner.id = "offline-update";
  banner.setAttribute("role", "status");
  banner.style.cssText =
    "position:fixed;inset:auto 1rem 1rem auto;z-index:10;display:flex;gap:.8rem;" +
    "align-items:center;max-width:calc(100vw - 2rem);padding:.6rem .9rem;" +
    "border-radius:.3rem;box-shadow:0 .2rem .6rem #0006;font-size:.8rem;" +
    "background:var(--md-primary-fg-color,#00695c);color:var(--md-primary-bg-color,#fff)";
  const text = document.createElement("span");
  text.textContent = words.update || "A new version of this site is ready.";
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = words.reload || "Reload";
  button.style.cssText =
    "font:inherit;font-weight:700;padding:.2rem .7rem;border-radius:.2rem;cursor:pointer;" +
    "border:1px solid currentcolor;background:var(--md-primary-bg-color,#fff);" +
    "color:var(--md-primary-fg-color,#00695c)";
  button.addEventListener("click", () => {
    button.disabled = true;
    waiting.postMessage({ type: "SKIP_WAITING" }); // controllerchange then reloads
  });
  banner.append(text, button);
  document.body.append(banner);
}

// The engine's files named by the build's manifest.json (the controlling worker's), each
// fetched through the worker unless already cached, so that it caches them (CacheFirst).
// `onlyIfUsed`: only if the engine has been started here before (its cache is not empty).
async function cacheEngine(onlyIfUsed) {
  const cache = await caches.open(ENGINE_CACHE);
  if (onlyIfUsed && (await cache.keys()).length === 0) return;
  const manifestUrl = new URL("assets/engine/manifest.json", ROOT);
  const manifest = await (await fetch(manifestUrl, { cache: "no-cache" })).json();
  const pyodide = new URL(`assets/pyodide/${manifest.pyodide}/`, ROOT);
  const engine = new URL("assets/engine/", ROOT);
  const urls = PYODIDE_FILES.map((name) => new URL(name, pyodide));
  urls.push(new URL(`python_stdlib.zip?v=${manifest.stdlib_sha256.slice(0, 16)}`, pyodide));
  urls.push(new URL(`${manifest.wheel}?v=${manifest.sha256.slice(0, 16)}`, engine));
  urls.push(new URL(`${manifest.bytecode}?v=${manifest.bytecode_sha256.slice(0, 16)}`, engine));
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url)) return;
      const response = await fetch(url);
      await response.body?.cancel();
    }),
  );
}

// The engine started before the worker controlled the page: cache its files now.
async function warmEngine() {
  if (warmed || !container.controller || engineControlled !== false) return;
  if (root.dataset.engine !== "ready") return;
  warmed = true;
  try {
    await cacheEngine(false);
  } catch (error) {
    warmed = false;
    console.warn(`offline: the engine's files were not cached (${error})`);
  }
}

function watchEngine() {
  const seen = () => {
    const state = root.dataset.engine;
    if (state && engineControlled === null) engineControlled = Boolean(container.controller);
    if (state === "ready") warmEngine();
  };
  new MutationObserver(seen).observe(root, { attributeFilter: ["data-engine"] });
  seen();
}

async function register() {
  const registration = await container.register(new URL("sw.js", ROOT));
  const offer = (worker) => {
    if (worker && container.controller) showBanner(worker);
  };
  offer(registration.waiting);
  // A reader who has started the engine before keeps it ready offline across builds: the
  // files of this build's engine that are not cached yet (after an update) are fetched.
  if (container.controller) {
    cacheEngine(true).catch((error) => console.warn(`offline: ${error}`));
  }
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") offer(installing);
    });
  });
}

if (container) {
  container.addEventListener("controllerchange", () => {
    // A worker that replaced another is a new build: reload into it. A first worker
    // taking over an uncontrolled page changes nothing the reader sees.
    if (controlled) window.location.reload();
    controlled = true;
    warmEngine();
  });
  watchEngine();
  const start = () => register().catch((error) => console.warn(`offline: ${error}`));
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
