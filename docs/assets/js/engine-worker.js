// The rules engine in a module Web Worker: Pyodide, self-hosted, runs engine/: its
// bytecode compiled at build time (the wheel without its sources), or, if that cannot be
// had, the wheel itself, imported from source.
//
// Started by engine-client.js, as a shared worker if it can. Every URL is resolved from
// this file's own URL, so the worker works on every language's pages and below any site
// path, and nothing is ever asked of another host (Pyodide's packages, lock file and
// standard library all come from ../pyodide/VERSION/, built by hooks/web_assets.py; the
// engine from ../engine/).
//
// Protocol, on each page's port (a shared worker's port, or a dedicated worker itself).
// In: {id, method, args, lang}. Out: {id, ok: true, value} or {id, ok: false, error,
// code}, the engine's reply to engine.presentation.web.call(), its error already told in
// `lang`. Once the start has settled (at once, to a page that connects later), one
// status message: {status: "ready", boot, from} or {status: "failed", reason, error,
// boot}, `boot` this start's mark, `from` "snapshot" or "files" (see Snapshots below),
// `reason` "wasm" (WebAssembly refused: checked first, since Pyodide would hang),
// "integrity" (a file's bytes are not the manifest's SHA-256) or "error" (anything
// else), `error` the JS error text. If the start failed, every request is answered {id,
// ok: false, code: "engine_failed", error}, and a shared worker ends. In: {warm: true},
// the warm-up asked for (see warmNext); out, once it is over: {status: "warmed"}. A
// shared worker also passes its warnings on to every page: {status: "log", text}.
// No rule and no reader-visible word lives here: the engine decides and words it all
// (and engine-client.js words a failed start, from the page's engine.* words).
//
// Offline (offline.js, sw.js): this worker keeps the engine's files in the Cache Storage
// the manifest names (`cache`: the build's hooks/kit.py ENGINE_CACHE; none, none kept).
// Each is read from there if it is there and its bytes are still the manifest's SHA-256
// (a damaged copy is deleted and fetched again), else fetched and stored only if its
// SHA-256 is the manifest's: the engine's bytecode (or wheel), the standard library and
// Pyodide's four runtime files (`runtime_sha256`; a manifest without it, of an older
// build, has them stored unchecked). A download that fails its check is never stored and
// fails the start (the bytecode's: the wheel is used instead); the next start (a worker
// named "retry") fetches it past the HTTP cache. Then the cache is pruned to this
// build's files. So a first start downloads each file once, whether or not the site's
// service worker controls the page yet (on a first visit it does not), and the next
// start works offline. Pyodide's own fetches (its WebAssembly, lock file and standard
// library) go through the same path; its two module scripts are fetched, checked and
// stored first, then imported by URL. Without Cache Storage (not a secure context) every
// file comes from the network, checked all the same.
//
// Every file is asked for as soon as the manifest has named it, before Pyodide is
// imported, in the order the start needs them (prefetch): Pyodide's two module scripts
// and its WebAssembly at once; the standard library, the lock file and the engine's
// bytecode once the WebAssembly's bytes are in (it then compiles while they come, and
// they are asked for before Python's start takes the thread). On a slow line the
// WebAssembly, most of the bytes, gets the whole bandwidth first, and its compiling does
// not wait for files Python needs only later. Pyodide's own fetches are answered from
// these downloads.
//
// Snapshots: a start from the files (Pyodide's own, then the engine imported) is followed,
// once its first answers have gone (KEEP_AFTER_MS), by every module of the engine's
// methods imported and a copy of the WebAssembly memory (Pyodide's memory snapshot), kept
// in the Cache Storage SNAPSHOT_CACHE under a key naming every file it was made from. The
// next start (a later visit, once this worker has ended) restores it instead of starting
// Python and importing the engine again, then writes the engine's archive back for what
// the engine reads lazily (its language tables, its puzzles) and seeds the random
// generator afresh. It is checked against the SHA-256 kept with it; one that is damaged,
// of other files or fails to restore is deleted and the start goes on from the files. The
// memory is 30 MiB, more than half of it empty pages: a snapshot is kept without them
// (packSnapshot), about 14 MB, not compressed (reading and inflating it took longer than
// reading it whole).

const ASSETS = new URL("../", import.meta.url).href;
const ENGINE = new URL("engine/", ASSETS).href;
const networkFetch = self.fetch.bind(self);
// The engine's cache, opened once the manifest has named it (openEngineCache).
let openCache = null;
const used = new Set(); // this build's engine files, by URL
const storing = new Map(); // URL -> its cache write under way
const prefetched = new Map(); // URL -> {response: the promise of its checked file, hash}
// A start after a failed one (engine-client.js names the worker so): the network is asked
// again, past the browser's HTTP cache, which may hold the bad download.
const fetchMode = self.name === "retry" ? "reload" : "default";

// A failure the page words in its language: `reason` is "integrity" (a file's bytes are
// not the manifest's) or "wasm" (WebAssembly is refused); others are "error".
class StartError extends Error {
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The cached copy of `url`, if it is there and (with a hash) its bytes are the hash's; a
// copy that is not is deleted, to be fetched again.
async function cachedResponse(url, hash = null) {
  let cache, cached;
  try {
    cache = await openCache;
    cached = (await cache?.match(url)) ?? null;
  } catch (error) {
    console.warn(`the engine's cache could not be read (${error})`);
    return null;
  }
  if (!cached || hash === null) return cached;
  const bytes = await cached.arrayBuffer();
  if ((await sha256(bytes)) === hash) return new Response(bytes, cached);
  console.warn(`${url}: the cached copy is damaged; fetched again`);
  await cache.delete(url).catch(() => {});
  return null;
}

function store(url, response) {
  const put = openCache.then((cache) => cache.put(url, response));
  storing.set(
    url,
    put.catch((error) => console.warn(`${url}: not cached (${error})`)),
  );
  return put.catch(() => {});
}

// One of the engine's files: from the cache, else from the network and then stored. With
// a hash, a file whose bytes are not that hash's is neither stored nor used: the start
// fails (StartError "integrity"), and the next one fetches it again. `arrived()` is called
// once its bytes are in (before they are checked): the network is free for the next file.
async function engineFile(url, hash = null, arrived = () => {}, cached = null) {
  used.add(url);
  const found = await (cached ?? cachedResponse(url, hash));
  if (found) return found;
  const response = await networkFetch(url, { cache: fetchMode });
  if (response.status !== 200) return response;
  if (hash === null) {
    if (await openCache) store(url, response.clone());
    return response;
  }
  const bytes = await response.arrayBuffer();
  arrived();
  if ((await sha256(bytes)) !== hash) {
    throw new StartError("integrity", `${url}: not the manifest's SHA-256 (damaged download)`);
  }
  const copy = () => new Response(bytes, response);
  if (await openCache) store(url, copy());
  return copy();
}

// engineFile(url, hash), asked for once: started now, or once the file `after` (a URL
// prefetched before) has arrived. Returns its entry: {response, hash, arrived}, the last a
// promise settled once its bytes are in, or it failed.
function prefetch(url, hash = null, after = null) {
  if (!prefetched.has(url)) {
    let landed;
    const arrived = new Promise((resolve) => {
      landed = resolve;
    });
    // The cache is asked at once: only the download waits for `after`.
    const cached = cachedResponse(url, hash);
    const start = () => engineFile(url, hash, landed, cached).finally(landed);
    const response = after ? prefetched.get(after).arrived.then(start) : start();
    response.catch(() => {}); // handled where it is awaited
    prefetched.set(url, { response, hash, arrived });
  }
  return prefetched.get(url);
}

// A module script of Pyodide's, imported by its URL once its bytes are checked and stored
// (the service worker, if it controls the page, answers the import from that cache; if
// not, the browser's HTTP cache, which the check's download has just filled, does).
async function importEngineModule(url) {
  const response = await prefetched.get(url).response;
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await storing.get(url);
  return import(url);
}

// Once the stores are done: drop the files of other builds (older engines, Pyodides).
async function pruneCache() {
  const cache = await openCache;
  if (!cache) return;
  await Promise.all(storing.values());
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
// its files), the hash of the compiled standard library and those of Pyodide's runtime
// files. It is revalidated on every start; every other URL carries a version or a hash,
// so a browser never mixes files of two builds from its cache.
async function fetchManifest() {
  const response = await fetchOk(new URL("manifest.json", ENGINE), { cache: "no-cache" });
  return response.json();
}

// The Cache Storage the manifest names (read by sw.js too), opened before any file is
// asked for; without Cache Storage, or a name, every file comes from the network.
function openEngineCache(name) {
  if (self.caches && typeof name === "string" && name) {
    openCache = caches.open(name).catch(() => null);
  }
}

// One of the engine's own files (its URL carries its hash), once the file `after` (if
// any) has arrived.
async function fetchEngineFile(name, hash, after = null) {
  const url = new URL(name, ENGINE);
  url.search = `v=${hash.slice(0, 16)}`;
  const response = await prefetch(url.href, hash, after).response;
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// Snapshots (see the top): their cache, and the version of what a start does before it
// takes one and of packSnapshot's form (a change to either changes it).
const SNAPSHOT_FORMAT = 1;
const SNAPSHOT_CACHE = (cache) => `${cache}-snapshot`;
const SNAPSHOT_HASH = "x-snapshot-sha256";
const KEEP_AFTER_MS = 1500;
// Where the engine's bytecode archive is put, and imported from (scripts/compile_pyc.mjs
// names the code's files in it).
const ENGINE_ARCHIVE = "/lib/engine.zip";

// A snapshot without its empty pages: its length and page count (two little-endian
// 32-bit words), a byte a page (1: kept), then the kept pages in order.
const PAGE = 65536;

function isEmpty(bytes, start, end) {
  for (let i = start; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

function packSnapshot(bytes) {
  const pages = Math.ceil(bytes.length / PAGE);
  const kept = new Uint8Array(pages);
  let size = 8 + pages;
  for (let page = 0; page < pages; page++) {
    const start = page * PAGE;
    const end = Math.min(start + PAGE, bytes.length);
    if (!isEmpty(bytes, start, end)) {
      kept[page] = 1;
      size += end - start;
    }
  }
  const packed = new Uint8Array(size);
  const head = new DataView(packed.buffer);
  head.setUint32(0, bytes.length, true);
  head.setUint32(4, pages, true);
  packed.set(kept, 8);
  let at = 8 + pages;
  for (let page = 0; page < pages; page++) {
    if (!kept[page]) continue;
    const part = bytes.subarray(page * PAGE, Math.min((page + 1) * PAGE, bytes.length));
    packed.set(part, at);
    at += part.length;
  }
  return packed;
}

// The snapshot packSnapshot packed; throws if `packed` is not one.
function unpackSnapshot(packed) {
  const head = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const length = head.getUint32(0, true);
  const pages = head.getUint32(4, true);
  if (pages !== Math.ceil(length / PAGE)) throw new Error("not a packed snapshot");
  const kept = packed.subarray(8, 8 + pages);
  const bytes = new Uint8Array(length);
  let at = 8 + pages;
  for (let page = 0; page < pages; page++) {
    if (!kept[page]) continue;
    const start = page * PAGE;
    const size = Math.min(PAGE, length - start);
    if (at + size > packed.length) throw new Error("a packed snapshot cut short");
    bytes.set(packed.subarray(at, at + size), start);
    at += size;
  }
  if (at !== packed.length) throw new Error("a packed snapshot too long");
  return bytes;
}

// The snapshot's URL for this build: it names Pyodide's files, the standard library and
// the engine's bytecode it was made from.
function snapshotURL(manifest) {
  const runtime = manifest.runtime_sha256 ?? {};
  const parts = [
    `f${SNAPSHOT_FORMAT}`,
    manifest.pyodide,
    (runtime["pyodide.asm.wasm"] ?? "none").slice(0, 16),
    (runtime["pyodide.asm.mjs"] ?? "none").slice(0, 16),
    manifest.stdlib_sha256.slice(0, 16),
    manifest.bytecode_sha256.slice(0, 16),
  ];
  return new URL(`snapshot?v=${parts.join("-")}`, ENGINE).href;
}

// The snapshot cache, or null (no Cache Storage, or it cannot be opened).
async function openSnapshots(manifest) {
  if (!self.caches || typeof manifest.cache !== "string" || !manifest.cache) return null;
  return caches.open(SNAPSHOT_CACHE(manifest.cache)).catch(() => null);
}

// This build's snapshot, its bytes checked and unpacked, or null. Snapshots of other
// builds are dropped, and so is this build's if it is damaged.
async function readSnapshot(snapshots, url) {
  if (!snapshots || fetchMode === "reload") return null;
  try {
    for (const request of await snapshots.keys()) {
      if (request.url !== url) await snapshots.delete(request);
    }
    const found = await snapshots.match(url);
    if (!found) return null;
    const packed = new Uint8Array(await found.arrayBuffer());
    if ((await sha256(packed)) === found.headers.get(SNAPSHOT_HASH)) {
      return unpackSnapshot(packed);
    }
    console.warn("the engine's snapshot is damaged; started from its files");
  } catch (error) {
    console.warn(`the engine's snapshot could not be read (${error}); started from its files`);
  }
  await snapshots.delete(url).catch(() => {});
  return null;
}

// The snapshot `take()` makes, kept for the next start, packed, with its SHA-256, once
// the start's first answers have gone (it takes the thread a while); a store that fails
// (a full disk) is told and changes nothing.
async function keepSnapshot(snapshots, url, take) {
  await new Promise((resolve) => setTimeout(resolve, KEEP_AFTER_MS));
  try {
    const packed = packSnapshot(take());
    const hash = await sha256(packed);
    await snapshots.put(url, new Response(packed, { headers: { [SNAPSHOT_HASH]: hash } }));
  } catch (error) {
    console.warn(`the engine's snapshot was not kept (${error})`);
  }
}

// WebAssembly refused (a Content Security Policy without 'wasm-unsafe-eval', or a browser
// without it) is found at once by compiling the smallest module: Pyodide itself would
// only log "wasm instantiation failed!" and never settle.
async function checkWebAssembly() {
  try {
    await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
  } catch (error) {
    throw new StartError("wasm", `WebAssembly is refused: ${error}`);
  }
}

// Boots Pyodide and imports engine.presentation.web (or restores a snapshot of that);
// resolves to {call: its `call` (JSON string in and out), from: "snapshot" or "files"}.
async function boot() {
  if (typeof WebAssembly !== "object") throw new StartError("wasm", "no WebAssembly");
  await checkWebAssembly();
  const manifest = await fetchManifest();
  openEngineCache(manifest.cache);
  const runtime = manifest.runtime_sha256 ?? {};
  const runtimeHash = (name) => runtime[name] ?? null;
  const pyodideDir = new URL(`pyodide/${manifest.pyodide}/`, ASSETS).href;
  // Every file asked for now, in the order the start needs them (see the top).
  const pyodideModule = `${pyodideDir}pyodide.mjs`;
  const asmModule = `${pyodideDir}pyodide.asm.mjs`;
  const wasmURL = `${pyodideDir}pyodide.asm.wasm`;
  prefetch(pyodideModule, runtimeHash("pyodide.mjs"));
  prefetch(asmModule, runtimeHash("pyodide.asm.mjs"));
  prefetch(wasmURL, runtimeHash("pyodide.asm.wasm"));
  // Compiled to .pyc at build time; the hash tells a new build's from a cached one.
  const stdLibURL = `${pyodideDir}python_stdlib.zip?v=${manifest.stdlib_sha256.slice(0, 16)}`;
  const lockFileURL = `${pyodideDir}pyodide-lock.json`;
  prefetch(stdLibURL, manifest.stdlib_sha256, wasmURL);
  prefetch(lockFileURL, runtimeHash("pyodide-lock.json"), wasmURL);
  // The engine downloads while the WebAssembly compiles and Python boots (asked for now,
  // not once Python's start has taken the thread); a failure is handled below.
  const bytecode = fetchEngineFile(manifest.bytecode, manifest.bytecode_sha256, wasmURL);
  bytecode.catch(() => {});
  const snapshots = await openSnapshots(manifest);
  const snapshotAt = snapshotURL(manifest);
  const snapshot = readSnapshot(snapshots, snapshotAt);
  // The second imported here to be checked and cached (both at once): Pyodide's own import
  // of it then finds it loaded.
  const [{ loadPyodide }] = await Promise.all([
    importEngineModule(pyodideModule),
    importEngineModule(asmModule),
  ]);
  // A file that failed its check inside Pyodide's start: the start fails with that reason
  // (Pyodide may not pass the error on, or may wait for ever).
  let integrityError;
  const failed = new Promise((_, reject) => {
    integrityError = reject;
  });
  failed.catch(() => {});
  // Pyodide's own fetches of the engine's files are answered by their downloads above.
  self.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, self.location).href;
    const file = prefetched.get(url);
    if (!file) return networkFetch(input, init);
    // Its download answers the first fetch; another (its body is read once) the cache.
    const response = file.taken ? engineFile(url, file.hash) : file.response;
    file.taken = true;
    response.catch((error) => integrityError(error));
    return response;
  };
  const load = (options) =>
    Promise.race([
      failed,
      loadPyodide({
        indexURL: pyodideDir,
        stdLibURL,
        lockFileURL,
        packageBaseUrl: pyodideDir, // also replaces the CDN as the place packages come from
        ...options,
      }),
    ]);
  let pyodide = null;
  let from = "files";
  try {
    const restoring = await snapshot;
    if (restoring) {
      try {
        pyodide = await load({ _loadSnapshot: restoring });
        from = "snapshot";
      } catch (error) {
        if (error instanceof StartError) throw error;
        console.warn(`the engine's snapshot did not restore (${error}); started from its files`);
        await snapshots.delete(snapshotAt).catch(() => {});
      }
    }
    // Only with somewhere to keep it: taking one is allowed only if asked for at the load.
    pyodide ??= await load({ _makeSnapshot: snapshots !== null });
  } finally {
    self.fetch = networkFetch;
  }
  // The engine as bytecode (its wheel without the sources: nothing to compile), imported
  // from the archive itself; if that cannot be had, or is damaged, the wheel, unpacked
  // and imported from source. After a restore its modules are already imported: the
  // archive (the same bytes: they name the snapshot) is there for what the engine reads
  // lazily, its language tables and its puzzles.
  let wheel = false;
  try {
    pyodide.FS.writeFile(ENGINE_ARCHIVE, new Uint8Array(await bytecode));
    if (from === "files") pyodide.runPython(`import sys; sys.path.append("${ENGINE_ARCHIVE}")`);
  } catch (error) {
    // A restored engine imports lazily from the archive only: this start fails, and the
    // next (a "retry", which reads no snapshot) falls back to the wheel.
    if (from === "snapshot") throw error;
    console.warn(`the engine's bytecode could not be had (${error}); importing from source`);
    const sitePackages = pyodide.runPython(
      "import sys; [p for p in sys.path if p.endswith('site-packages')][0]",
    );
    const wheelBytes = await fetchEngineFile(manifest.wheel, manifest.sha256);
    pyodide.unpackArchive(wheelBytes, "wheel", { extractDir: sitePackages });
    wheel = true;
  }
  const web = pyodide.pyimport("engine.presentation.web");
  if (from === "snapshot") {
    // Every restore starts from the same generator's state: each gets its own seed.
    pyodide.runPython("import random; random.seed()");
  } else if (snapshots !== null && !wheel) {
    // Later, a snapshot of the engine with every module its methods use imported (not of
    // an engine imported from source: a restore pairs it with the archive). Requests
    // asked meanwhile may have filled its caches: a restored engine has them too.
    keepSnapshot(snapshots, snapshotAt, () => {
      web.import_all();
      return pyodide.makeMemorySnapshot();
    });
  }
  return { call: (request) => web.call(request), from };
}

// This start's mark, sent with its status: pages that get the same mark share one start.
const startMark = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
// A shared worker (engine-client.js prefers one: it outlives the page that started it,
// so the next page of the visit is answered without a new start) has a port per page; a
// dedicated worker is its own and only port.
const shared = "onconnect" in self; // a SharedWorkerGlobalScope
const ports = new Set();
const warmWaiting = new Set(); // the ports that asked for the warm-up, until it is over
let warmOver = false;

function broadcast(message) {
  for (const port of ports) port.postMessage(message);
}

if (shared) {
  // No page sees a shared worker's console: its warnings are passed on to its pages'.
  const warn = console.warn.bind(console);
  console.warn = (...parts) => {
    warn(...parts);
    broadcast({ status: "log", text: parts.map(String).join(" ") });
  };
}

const started = boot();
started.then(
  () => pruneCache().catch((error) => console.warn(`the engine's cache: ${error}`)),
  (error) => {
    console.warn(`the engine could not start: ${error}`);
    // A failed shared worker ends, once its pages have been told: the next page starts
    // afresh rather than meeting this failure.
    if (shared) setTimeout(() => self.close(), 0);
  },
);

// A page's port is told how the start went, once it has (at once if it already has).
function announce(port) {
  started.then(
    ({ from }) => port.postMessage({ status: "ready", boot: startMark, from }),
    (error) =>
      port.postMessage({
        status: "failed",
        reason: error.reason ?? "error",
        error: String(error),
        boot: startMark,
      }),
  );
}

// The warm-up: engine.presentation.web's warm_up steps, one a task, run while the pages ask nothing
// (WARM_IDLE_MS after the start or the last reply, and never between a request and its
// reply), so that the browser's optimising compiler does its work on the engine's hot
// code before the reader's first review, not during it. A request that comes while a
// step runs waits for that step only. The engine decides the steps and when they end;
// a worker warms up once, whichever of its pages asked.
const WARM_IDLE_MS = 250;
let warmStep = null; // the next step, while the warm-up is asked for and not over
let warmAsked = false;
let warmTimer = 0;

function warmSoon(delay) {
  clearTimeout(warmTimer);
  if (warmStep !== null) warmTimer = setTimeout(warmNext, delay);
}

async function warmNext() {
  const { call } = await started;
  let reply;
  try {
    reply = JSON.parse(call(JSON.stringify({ method: "warm_up", args: { step: warmStep } })));
  } catch (error) {
    reply = { ok: false, error: String(error) };
  }
  if (reply.ok && reply.value.more) {
    warmStep += 1;
    warmSoon(0);
    return;
  }
  if (!reply.ok) console.warn(`the engine's warm-up stopped: ${reply.error}`);
  warmStep = null;
  warmOver = true;
  for (const port of warmWaiting) port.postMessage({ status: "warmed" });
  warmWaiting.clear();
}

function warm(port) {
  if (warmOver) {
    port.postMessage({ status: "warmed" });
    return;
  }
  warmWaiting.add(port);
  if (warmAsked) return;
  warmAsked = true;
  started.then(
    () => {
      warmStep = 0;
      warmSoon(WARM_IDLE_MS);
    },
    () => {}, // a failed start is told by its status message
  );
}

async function answer(port, data) {
  if (data?.warm) {
    warm(port);
    return;
  }
  clearTimeout(warmTimer);
  const { id, method, args, lang } = data;
  let call;
  try {
    ({ call } = await started);
  } catch (error) {
    port.postMessage({ id, ok: false, code: "engine_failed", error: String(error) });
    return;
  }
  let reply;
  try {
    // `lang` first: a request too long to read is still told in it
    // (engine.presentation.web.call looks for it in the first MAX_LINE characters).
    reply = JSON.parse(call(JSON.stringify({ lang, method, args })));
  } catch (error) {
    // engine.presentation.web.call never raises for bad input: this is a fault of the
    // engine itself.
    reply = { ok: false, code: "engine_failed", error: String(error) };
  }
  port.postMessage({ id, ...reply });
  warmSoon(WARM_IDLE_MS);
}

function connect(port) {
  ports.add(port);
  port.onmessage = (event) => answer(port, event.data);
  announce(port);
}

if (shared) self.onconnect = (event) => connect(event.ports[0]);
else connect(self);
