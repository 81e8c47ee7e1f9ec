// Imported by the service worker (sw.js, scripts/build_sw.mjs), before Workbox's own
// routes. One thing Workbox's precache cannot do: the search worker finds Material's
// worker from its own URL's fragment (search-worker.js#search.X.min.js, hooks/
// search_fold.py), and a worker script answered with a cached Response takes that
// response's URL, which has no fragment. This answers the worker script's request with
// the same precached bytes in a Response without a URL, so the worker keeps the URL it
// was started with. The bytes come from Workbox's precache (the revision this service
// worker installed, first in the cache until the next one activates); offline or not.
self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.destination !== "worker") return;
  if (!new URL(request.url).pathname.endsWith("/assets/js/search-worker.js")) return;
  event.respondWith(
    (async () => {
      const cached = await caches.match(request, { ignoreSearch: true });
      const response = cached ?? (await fetch(request));
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    })(),
  );
});
