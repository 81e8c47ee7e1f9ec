// Writes the site's service worker, sw.js, with npm's workbox-build (generateSW, pinned by
// package-lock.json); run by hooks/offline.py after every other hook wrote its files.
//
//   node scripts/build_sw.mjs SITE_DIR
//
// - Precached (each file under a revision, its content's hash): every page in every
//   language, the search indexes, and the small assets (styles, scripts, images, the web
//   app manifests, the engine's manifest.json). Never Pyodide's files nor the engine's
//   wheel and bytecode: a reader who never starts the engine never downloads them.
// - Cached at run time, the first time the engine starts: assets/pyodide/VERSION/ and
//   assets/engine/ (CacheFirst). Their URLs carry the Pyodide version or the file's hash
//   (hooks/web_assets.py), and the engine's manifest.json, which names them, is
//   precached with the pages: a build's pages and engine always come together.
// - A new build installs in the background and waits; the page (offline.js) offers a
//   reload, which posts SKIP_WAITING. The workbox runtime is inlined: no CDN.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { generateSW } from "workbox-build";

const [siteDir] = process.argv.slice(2);
if (!siteDir) {
  console.error("usage: node scripts/build_sw.mjs SITE_DIR");
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

const { count, size, warnings } = await generateSW({
  globDirectory: siteDir,
  globPatterns: ["**/*.{html,css,js,mjs,json,svg,png,ico,webmanifest,woff2}"],
  globIgnores: [
    "sw.js",
    "stock/**",
    "assets/pyodide/**",
    "assets/engine/*.whl",
    "assets/engine/*.zip",
    "**/sitemap*.xml",
    ...unusedLunrFiles(),
  ],
  swDest: `${siteDir}/sw.js`,
  cacheId: "domino-block",
  inlineWorkboxRuntime: true,
  // Before Workbox's routes: the search worker's script keeps its URL's fragment.
  importScripts: ["assets/js/sw-worker-url.js"],
  mode: "production",
  sourcemap: false,
  clientsClaim: true,
  skipWaiting: false,
  cleanupOutdatedCaches: true,
  directoryIndex: "index.html",
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  runtimeCaching: [
    {
      urlPattern: ({ url, sameOrigin }) =>
        sameOrigin && /\/assets\/(pyodide\/[^/]+|engine)\/[^/]+$/.test(url.pathname) &&
        !url.pathname.endsWith("/manifest.json"),
      handler: "CacheFirst",
      options: {
        cacheName: "domino-block-engine",
        // Old builds' engine files go once a few newer ones were cached.
        expiration: { maxEntries: 24 },
        cacheableResponse: { statuses: [200] },
      },
    },
  ],
});
for (const warning of warnings) console.error(`warning: ${warning}`);
console.log(`${count} files precached, ${(size / 1048576).toFixed(1)} MiB`);
