// The rules engine in a module Web Worker: Pyodide, self-hosted, runs engine/ (a wheel).
//
// Started by engine-client.js. Every URL is resolved from this file's own URL, so the
// worker works on every language's pages and below any site path, and nothing is ever
// asked of another host (Pyodide's packages, lock file and standard library all come
// from ../pyodide/VERSION/, built by hooks/web_assets.py; the engine from ../engine/).
//
// Protocol. In: {id, method, args, lang}. Out: {id, ok: true, value} or
// {id, ok: false, error, code}, the engine's reply to engine.web.call(), its error
// already told in `lang`. Once the start has settled, one status message:
// {status: "ready"} or {status: "failed", error}. If the start failed, every request is
// answered {id, ok: false, code: "engine_failed", error: <the JS error text>}.
// No rule and no reader-visible word lives here: the engine decides and words it all.
//
// Offline (offline.js, sw.js): this worker keeps the engine's files in the Cache Storage
// (ENGINE_CACHE). Each is read from there if it is there, else fetched once and stored as
// it arrived (the wheel, its bytecode and the standard library only if their SHA-256 is
// the manifest's); then the cache is pruned to this build's files. So a first start
// downloads each file once, whether or not the site's service worker controls the page
// yet (on a first visit it does not), and the next start works offline. Pyodide's own
// fetches (its WebAssembly, lock file and standard library) go through the same path;
// its two module scripts are imported by URL, and the first time stored from the HTTP
// cache the import filled. Without Cache Storage (not a secure context) every file comes
// from the network.

const ASSETS = new URL("../", import.meta.url).href;
const ENGINE = new URL("engine/", ASSETS).href;
const ENGINE_CACHE = "domino-block-engine"; // read by sw.js (scripts/build_sw.mjs)
const networkFetch = self.fetch.bind(self);
const openCache = self.caches ? caches.open(ENGINE_CACHE).catch(() => null) : null;
const used = new Set(); // this build's engine files, by URL
const storing = []; // the cache writes under way

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function cachedResponse(url) {
  try {
    return (await (await openCache)?.match(url)) ?? null;
  } catch (error) {
    console.warn(`the engine's cache could not be read (${error})`);
    return null;
  }
}

function store(url, response) {
  const put = openCache.then((cache) => cache.put(url, response));
  storing.push(put.catch((error) => console.warn(`${url}: not cached (${error})`)));
}

// One of the engine's files: from the cache, else from the network and then stored.
async function engineFile(url, hash = null) {
  used.add(url);
  const cached = await cachedResponse(url);
  if (cached) return cached;
  const response = await networkFetch(url);
  if (!(await openCache) || response.status !== 200) return response;
  if (hash === null) {
    store(url, response.clone());
    return response;
  }
  const bytes = await response.arrayBuffer();
  const copy = () => new Response(bytes, response);
  if ((await sha256(bytes)) === hash) store(url, copy());
  else console.warn(`${url}: not the manifest's SHA-256, not kept for offline use`);
  return copy();
}

// A module script of Pyodide's, imported by its URL (the service worker, if it controls
// the page, answers from the cache); the first time, stored from the browser's HTTP cache,
// which the import has just filled (`force-cache`: not downloaded again).
async function importEngineModule(url) {
  used.add(url);
  const module = await import(url);
  if ((await openCache) && !(await cachedResponse(url))) {
    const response = await networkFetch(url, { cache: "force-cache" });
    if (response.status === 200) store(url, response);
  }
  return module;
}

// Once the stores are done: drop the files of other builds (older engines, Pyodides).
async function pruneCache() {
  const cache = await openCache;
  if (!cache) return;
  await Promise.all(storing);
  for (const request of await cache.keys()) {
    if (!used.has(request.url)) await cache.delete(request);
  }
}

async function fetchOk(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

// The build's manifest: the engine's wheel and hash, the Pyodide version (the folder of
// its files) and the hash of the compiled standard library. It is revalidated on every
// start; every other URL carries a version or a hash, so a browser never mixes files of
// two builds from its cache.
async function fetchManifest() {
  const response = await fetchOk(new URL("manifest.json", ENGINE), { cache: "no-cache" });
  return response.json();
}

async function fetchEngineFile(name, hash) {
  const url = new URL(name, ENGINE);
  url.search = `v=${hash.slice(0, 16)}`;
  const response = await engineFile(url.href, hash);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// Boots Pyodide and imports engine.web; resolves to its `call` (JSON string in and out).
async function boot() {
  const manifest = await fetchManifest();
  const pyodideDir = new URL(`pyodide/${manifest.pyodide}/`, ASSETS).href;
  // Both download while Pyodide starts; a failure is handled below, when awaited.
  const wheel = fetchEngineFile(manifest.wheel, manifest.sha256);
  const bytecode = fetchEngineFile(manifest.bytecode, manifest.bytecode_sha256);
  wheel.catch(() => {});
  bytecode.catch(() => {});
  // Compiled to .pyc at build time; the hash tells a new compile from a cached one.
  const stdLibURL = `${pyodideDir}python_stdlib.zip?v=${manifest.stdlib_sha256.slice(0, 16)}`;
  const lockFileURL = `${pyodideDir}pyodide-lock.json`;
  const files = new Map([
    [stdLibURL, manifest.stdlib_sha256],
    [lockFileURL, null],
    [`${pyodideDir}pyodide.asm.wasm`, null],
  ]);
  const { loadPyodide } = await importEngineModule(`${pyodideDir}pyodide.mjs`);
  // Imported here to be cached; Pyodide's own import of it then finds it loaded.
  await importEngineModule(`${pyodideDir}pyodide.asm.mjs`);
  // Pyodide's own fetches of the engine's files take the cache's path (see the top).
  self.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, self.location).href;
    return files.has(url) ? engineFile(url, files.get(url)) : networkFetch(input, init);
  };
  let pyodide;
  try {
    pyodide = await loadPyodide({
      indexURL: pyodideDir,
      stdLibURL,
      lockFileURL,
      packageBaseUrl: pyodideDir, // also replaces the CDN as the place packages come from
    });
  } finally {
    self.fetch = networkFetch;
  }
  const sitePackages = pyodide.runPython(
    "import sys; [p for p in sys.path if p.endswith('site-packages')][0]",
  );
  pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
  // The engine's bytecode spares compiling it; without it the engine imports from source.
  try {
    pyodide.unpackArchive(await bytecode, "zip", { extractDir: sitePackages });
  } catch (error) {
    console.warn(`the engine's bytecode was left out (${error}); importing from source`);
  }
  const web = pyodide.pyimport("engine.web");
  return (request) => web.call(request);
}

const started = boot();
started.then(
  () => {
    postMessage({ status: "ready" });
    pruneCache().catch((error) => console.warn(`the engine's cache: ${error}`));
  },
  (error) => postMessage({ status: "failed", error: String(error) }),
);

self.onmessage = async (event) => {
  const { id, method, args, lang } = event.data;
  let call;
  try {
    call = await started;
  } catch (error) {
    postMessage({ id, ok: false, code: "engine_failed", error: String(error) });
    return;
  }
  let reply;
  try {
    reply = JSON.parse(call(JSON.stringify({ method, args, lang })));
  } catch (error) {
    // engine.web.call never raises for bad input: this is a fault of the engine itself.
    reply = { ok: false, code: "engine_failed", error: String(error) };
  }
  postMessage({ id, ...reply });
};
