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
// - The engine's files (Pyodide and the engine's bytecode) are cached by the engine's own
//   worker (engine-worker.js) the first time it starts, from the very responses it runs
//   on: each file is downloaded once, whether or not the service worker already controls
//   the page. After a new build, this page fetches the new engine's files that are not
//   cached yet (checked against the manifest's hashes, as the worker does), but only for a
//   reader who has started the engine before; for any other reader, nothing of the engine
//   is fetched on a page where the reader did not start it.

const ROOT = new URL("../../", import.meta.url);
const PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"];
// The engine's cache, as the build names it (hooks/kit.py's ENGINE_CACHE, on this script's
// element): engine-worker.js writes it, sw.js reads it.
const ENGINE_CACHE = document.getElementById("offline-script")?.dataset.engineCache;
const container = navigator.serviceWorker;

let controlled = Boolean(container?.controller);

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

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// After a new build, for a reader who has started the engine here before (its cache is
// not empty): the engine's files named by this build's manifest.json that are not cached
// yet are fetched and stored, each only if its SHA-256 is the manifest's, and other builds'
// files dropped, as the engine's worker does when it starts.
async function cacheEngine() {
  if (!ENGINE_CACHE) return;
  const cache = await caches.open(ENGINE_CACHE);
  const cached = new Set((await cache.keys()).map((request) => request.url));
  if (cached.size === 0) return;
  const manifestUrl = new URL("assets/engine/manifest.json", ROOT);
  const manifest = await (await fetch(manifestUrl, { cache: "no-cache" })).json();
  const pyodide = new URL(`assets/pyodide/${manifest.pyodide}/`, ROOT);
  const engine = new URL("assets/engine/", ROOT);
  // Pyodide's runtime files by their manifest's hashes (none in an older build's).
  const runtime = manifest.runtime_sha256 ?? {};
  const files = new Map(
    PYODIDE_FILES.map((name) => [new URL(name, pyodide).href, runtime[name] ?? null]),
  );
  const hashed = (name, hash, base) => [`${new URL(name, base).href}?v=${hash.slice(0, 16)}`, hash];
  files.set(...hashed("python_stdlib.zip", manifest.stdlib_sha256, pyodide));
  // The engine's bytecode: what the worker starts from (its wheel only if that fails).
  files.set(...hashed(manifest.bytecode, manifest.bytecode_sha256, engine));
  await Promise.all(
    [...files].map(async ([url, hash]) => {
      if (cached.has(url)) return;
      const response = await fetch(url);
      if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
      if (hash === null) return cache.put(url, response);
      const bytes = await response.arrayBuffer();
      if ((await sha256(bytes)) !== hash) throw new Error(`${url}: not the manifest's SHA-256`);
      return cache.put(url, new Response(bytes, response));
    }),
  );
  for (const url of cached) if (!files.has(url)) await cache.delete(url);
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
    cacheEngine().catch((error) => console.warn(`offline: ${error}`));
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
  });
  const start = () => register().catch((error) => console.warn(`offline: ${error}`));
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
