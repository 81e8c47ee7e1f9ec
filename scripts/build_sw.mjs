// Writes the site's service worker, sw.js, with npm's workbox-build (generateSW, pinned by
// package-lock.json); run by hooks/offline.py after every other hook wrote its files.
//
//   node scripts/build_sw.mjs SITE_DIR ENGINE_CACHE
//
// ENGINE_CACHE is the name of the engine's Cache Storage, given by the build
// (hooks/kit.py's ENGINE_CACHE), the name engine-worker.js reads in the engine's manifest.
//
// - Precached (each file under a revision, its content's hash): every page in every
//   language, the search indexes, and the small assets (styles, scripts, images, the web
//   app manifests, the engine's manifest.json, the sitemaps that Material's script reads
//   for the language links: without them every page logs failed fetches offline). Never
//   Pyodide's files nor the engine's wheel and bytecode: a reader who never starts the
//   engine never downloads them.
// - The engine's files (assets/pyodide/VERSION/ and assets/engine/) are kept in the
//   Cache Storage (ENGINE_CACHE) by the engine's own worker (engine-worker.js),
//   as it fetches them the first time the engine starts, whether or not this worker
//   controls the page yet: each is downloaded once. Their URLs carry the Pyodide version
//   or the file's hash (hooks/web_assets.py), and the engine's manifest.json, which names
//   them, is precached with the pages: a build's pages and engine always come together.
//   This worker only reads that cache (CacheFirst, never writing), for the module
//   scripts the engine imports by URL.
// - Navigations: a page is answered from the precache whatever its query string
//   (/de/practice/?seed=N is /de/practice/); a page the precache does not have goes to
//   the network, and if there is none, gets the site's 404 page of the path's language
//   (the first folder's 404.html if the build has one, /de/nope/ -> de/404.html, else the
//   root's), with status 404.
// - Each precached file is checked by the browser against its Subresource Integrity
//   (withIntegrity below): a file whose bytes are not the build's is never stored, and a
//   new build whose files do not all verify does not install, so it is not offered.
//   And at every read: docs/assets/js/sw-precache.js, imported before Workbox's routes,
//   answers every precached file, serving the cached copy only when its bytes are the
//   build's, else fetching it again (checked) and putting it back. Its table of the
//   files (URL, revision, integrity) and of Workbox's cache is written here at the top
//   of sw.js (self.PRECACHE), so a worker and its table always come together.
// - A new build installs in the background and waits; the page (offline.js) offers a
//   reload, which posts SKIP_WAITING. The workbox runtime is inlined: no CDN.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateSW } from "workbox-build";

const [siteDir, engineCache] = process.argv.slice(2);
if (!siteDir || !engineCache) {
  console.error("usage: node scripts/build_sw.mjs SITE_DIR ENGINE_CACHE");
  process.exit(2);
}

// Material ships lunr's files for some thirty languages; the search of these pages needs
// only those of the languages its indexes name (and the shared support files).
function unusedLunrFiles() {
  const langs = new Set(["stemmer.support", "multi"]);
  for (const dir of ["", ...readdirSync(siteDir)]) {
    const index = join(siteDir, dir, "search", "search_index.json");
    if (existsSync(index)) {
      for (const lang of JSON.parse(readFileSync(index, "utf-8")).config.lang) langs.add(lang);
    }
  }
  const lunr = join(siteDir, "assets", "javascripts", "lunr");
  if (!existsSync(lunr)) return [];
  const unused = readdirSync(lunr)
    .filter((name) => name.endsWith(".js"))
    .map((name) => `assets/javascripts/lunr/${name}`);
  for (const name of readdirSync(join(lunr, "min"))) {
    const lang = name.match(/^lunr\.(.+)\.min\.js$/)?.[1];
    if (!langs.has(lang)) unused.push(`assets/javascripts/lunr/min/${name}`);
  }
  return unused;
}

// Workbox's cacheId: its precache's Cache Storage is "CACHE_ID-precache-v2-SCOPE".
const CACHE_ID = "domino-block";
// The precached files, as withIntegrity gives them to Workbox: URL -> [revision, integrity].
const precached = {};

// Every precache entry carries its file's Subresource Integrity ("sha256-BASE64", of the
// bytes written): workbox-precaching passes it to the install's fetch, so the browser
// refuses a response whose bytes are not these (a truncated upload, a damaged download):
// nothing unverified is precached, and an update with any such file fails to install,
// so it is never offered, and the pages in use stay.
async function withIntegrity(entries) {
  const manifest = entries.map((entry) => {
    const bytes = readFileSync(join(siteDir, decodeURIComponent(entry.url)));
    const integrity = `sha256-${createHash("sha256").update(bytes).digest("base64")}`;
    precached[entry.url] = [entry.revision, integrity];
    return { ...entry, integrity };
  });
  return { manifest, warnings: [] };
}

const { count, size, warnings } = await generateSW({
  globDirectory: siteDir,
  globPatterns: ["**/*.{html,css,js,mjs,json,svg,png,ico,webmanifest,woff2,xml}"],
  globIgnores: [
    "sw.js",
    "stock/**",
    "assets/pyodide/**",
    "assets/engine/*.whl",
    "assets/engine/*.zip",
    ...unusedLunrFiles(),
  ],
  swDest: `${siteDir}/sw.js`,
  cacheId: CACHE_ID,
  inlineWorkboxRuntime: true,
  // Before Workbox's routes: every precached file checked as it is read (see the top).
  importScripts: ["assets/js/sw-precache.js"],
  mode: "production",
  sourcemap: false,
  clientsClaim: true,
  skipWaiting: false,
  cleanupOutdatedCaches: true,
  directoryIndex: "index.html",
  // Material's files carry their content's hash in their names: their URL is their
  // revision, so the precache may take them from the browser's HTTP cache, where the
  // page that registered the worker has just put them, rather than download them again.
  dontCacheBustURLsMatching: /\.[0-9a-f]{8}\.min\.(css|js)$/,
  // Every query parameter is left out when matching the precache: a page reloads offline
  // with its ?seed=... (no precached file is asked for with a query: the engine's files,
  // whose URLs carry ?v=HASH, are not precached, and keep their route below).
  ignoreURLParametersMatching: [/.*/],
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  manifestTransforms: [withIntegrity],
  runtimeCaching: [
    {
      urlPattern: ({ url, sameOrigin }) =>
        sameOrigin &&
        /\/assets\/(pyodide\/[^/]+|engine)\/[^/]+$/.test(url.pathname) &&
        !url.pathname.endsWith("/manifest.json"),
      handler: "CacheFirst",
      options: {
        cacheName: engineCache,
        // The engine's worker writes this cache (each file checked, once); never this one.
        plugins: [{ cacheWillUpdate: async () => null }],
      },
    },
    {
      // A page the precache does not have: the network, else the 404 page of its
      // language from the precache. (Serialized into sw.js: no outer names.)
      urlPattern: ({ request, sameOrigin }) => sameOrigin && request.mode === "navigate",
      handler: async ({ request }) => {
        try {
          return await fetch(request);
        } catch (error) {
          const scope = new URL(self.registration.scope);
          const path = new URL(request.url).pathname.slice(scope.pathname.length);
          const folder = path.split("/", 1)[0];
          // Checked as every precached file is (sw-precache.js); a damaged one is none.
          const match = (url) => self.precacheChecked(new URL(url, scope).href).catch(() => null);
          const page = (folder && (await match(`${folder}/404.html`))) || (await match("404.html"));
          if (!page) throw error;
          return new Response(page.body, {
            status: 404,
            statusText: "Not Found",
            headers: page.headers,
          });
        }
      },
    },
  ],
});
// The table sw-precache.js reads, before everything else in sw.js.
const sw = join(siteDir, "sw.js");
const table = { cache: `${CACHE_ID}-precache-v2`, files: precached };
writeFileSync(sw, `self.PRECACHE = ${JSON.stringify(table)};\n${readFileSync(sw, "utf-8")}`);
for (const warning of warnings) console.error(`warning: ${warning}`);
console.log(`${count} files precached, ${(size / 1048576).toFixed(1)} MiB`);
