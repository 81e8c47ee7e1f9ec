// Imported by the service worker (sw.js, scripts/build_sw.mjs), before Workbox's own
// routes: answers every request for a file of Workbox's precache, checking the bytes it
// serves, as the engine's worker checks the engine's files at every start.
//
// - Checked at every read: the precache's copy is served only when its SHA-256 is the
//   build's (self.PRECACHE, written into sw.js by build_sw.mjs: each file's Subresource
//   Integrity, its revision and Workbox's cache). The browser checks each file when the
//   worker installs, but a copy damaged afterwards in Cache Storage (a disk error, a
//   write cut short) would be served as it is, at every load, for good. A copy that is
//   not the build's, or is missing, is dropped and fetched again, checked, put back under
//   Workbox's key and served; the network gone too, the request fails as it would without
//   a service worker: damaged bytes are never served.
// - A file is found as Workbox finds it (precacheAndRoute with generateSW's options):
//   every query parameter and the fragment ignored, index.html for a path ending in "/",
//   then the path with ".html". The files are the revision this service worker installed
//   (the exact keys: a waiting update's files are in the same cache, under other keys).
// - The answer is a new Response without a URL, which then takes the request's: the
//   search worker finds Material's worker from its own URL's fragment (search-worker.js
//   #search.X.min.js, hooks/search_fold.py), and a worker script answered with the
//   cached Response would take that response's URL, which has no fragment.
// - self.precacheChecked(url) is the same read, for the 404 route of build_sw.mjs:
//   the checked response of a precached URL, or undefined for another URL.
const PRECACHED = new Map(
  Object.entries(self.PRECACHE.files).map(([path, [revision, integrity]]) => {
    const url = new URL(path, location.href);
    const key = new URL(url);
    if (revision) key.searchParams.set("__WB_REVISION__", revision);
    return [url.href, { url: url.href, key: key.href, integrity }];
  }),
);

// The precache's file of a request's URL, as Workbox matches it, or undefined.
function precachedFile(href) {
  const url = new URL(href);
  url.hash = "";
  url.search = "";
  const variants = [url.href];
  if (url.pathname.endsWith("/")) variants.push(`${url.href}index.html`);
  variants.push(`${url.href}.html`);
  return variants.map((variant) => PRECACHED.get(variant)).find(Boolean);
}

async function sri(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

// A response without a URL, of these bytes, with the status and headers of `response`.
function answer(bytes, response) {
  const { status, statusText, headers } = response;
  return new Response(bytes, { status, statusText, headers });
}

async function checked({ url, key, integrity }) {
  const cache = await caches.open(`${self.PRECACHE.cache}-${self.registration.scope}`);
  const cached = await cache.match(key);
  if (cached) {
    const bytes = await cached.arrayBuffer();
    if ((await sri(bytes)) === integrity) return answer(bytes, cached);
    await cache.delete(key);
  }
  // Not the HTTP cache's copy, which might be as damaged: the server's.
  const response = await fetch(url, { cache: "reload" });
  const bytes = await response.arrayBuffer();
  if (!response.ok || (await sri(bytes)) !== integrity) {
    throw new TypeError(`${url}: the server's copy is not the build's`);
  }
  // Kept if it can be (a full disk refuses it): served either way, it is the build's.
  await cache.put(key, answer(bytes, response)).catch(() => undefined);
  return answer(bytes, response);
}

self.precacheChecked = async (url) => {
  const file = precachedFile(url);
  return file && checked(file);
};

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const file = precachedFile(request.url);
  if (file) event.respondWith(checked(file));
});
