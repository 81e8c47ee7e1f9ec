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

const ASSETS = new URL("../", import.meta.url).href;
const ENGINE = new URL("engine/", ASSETS).href;

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

async function fetchEngineFile(name, sha256) {
  const url = new URL(name, ENGINE);
  url.search = `v=${sha256.slice(0, 16)}`;
  return (await fetchOk(url)).arrayBuffer();
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
  const { loadPyodide } = await import(`${pyodideDir}pyodide.mjs`);
  const pyodide = await loadPyodide({
    indexURL: pyodideDir,
    // Compiled to .pyc at build time; the hash tells a new compile from a cached one.
    stdLibURL: `${pyodideDir}python_stdlib.zip?v=${manifest.stdlib_sha256.slice(0, 16)}`,
    lockFileURL: `${pyodideDir}pyodide-lock.json`,
    packageBaseUrl: pyodideDir, // also replaces the CDN as the place packages come from
  });
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
  () => postMessage({ status: "ready" }),
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
