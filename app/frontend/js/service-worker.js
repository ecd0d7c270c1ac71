// Foxden's service worker, served as /sw.js (app/web/installable.py) after the line that
// declares FOXDEN_RELEASE: this release's version, its precached assets (url, integrity) and
// the extension scripts. A classic worker script, not a module, so it can importScripts().
//
// - install: every asset of this release into the cache "foxden-static-<version>", each
//   fetched with its content hash as integrity (bytes of another release fail the install);
// - activate: delete every other release's cache, take over the open pages;
// - fetch: a page from the network, or the offline page when the network is gone; a precached
//   asset from the cache; anything else (the API, event streams) is not touched.
// docs/frontend.md tells the whole story, the extension point included.
//
// Its names live in this function, not in the global scope it shares with the extensions: an
// extension's own `const worker` must not collide with this one.

(() => {
  const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
  const CACHE_PREFIX = "foxden-static-";
  const CACHE = CACHE_PREFIX + FOXDEN_RELEASE.version;
  const OFFLINE_URL = "/offline";
  // Pages carry their release in this header (app/web/release.py release_headers).
  const RELEASE_HEADER = "Foxden-Release";
  const PRECACHED = new Set(FOXDEN_RELEASE.assets.map((asset) => asset.url));

  // The extensions (js/sw-*.js, e.g. Web Push's handlers) add their own listeners. A worker may
  // only import scripts while it first runs, so they come in here, before anything else happens.
  importScripts(...FOXDEN_RELEASE.extensions);

  /** Set once a page showed that the server runs another release: this worker's cache is then
   *  not those pages' assets, and every asset comes from the network until the next worker. */
  let outdated = false;

  worker.addEventListener("install", (event) => {
    // A new release takes over at once: its pages must not meet the old release's assets.
    event.waitUntil(precache().then(() => worker.skipWaiting()));
  });

  worker.addEventListener("activate", (event) => {
    event.waitUntil(activate());
  });

  worker.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    if (url.origin !== worker.location.origin) return;
    if (request.mode === "navigate") {
      event.respondWith(page(event));
    } else if (!url.search && PRECACHED.has(url.pathname)) {
      event.respondWith(asset(request));
    }
  });

  async function precache() {
    const cache = await caches.open(CACHE);
    await Promise.all(FOXDEN_RELEASE.assets.map(async ({ url, integrity }) => {
      // "no-cache": past the browser's HTTP cache, which may still hold the last release's file.
      const response = await fetch(new Request(url, { integrity, cache: "no-cache" }));
      if (!response.ok) throw new Error(`precaching ${url}: HTTP ${response.status}`);
      await cache.put(url, response);
    }));
  }

  async function activate() {
    const names = await caches.keys();
    const old = names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE);
    await Promise.all(old.map((name) => caches.delete(name)));
    // The page's request starts while the worker wakes up, instead of after.
    await worker.registration.navigationPreload?.enable();
    await worker.clients.claim();
  }

  /** @param {FetchEvent} event */
  async function page(event) {
    let response;
    try {
      response = (await event.preloadResponse) || (await fetch(event.request));
    } catch {
      const offline = await caches.match(OFFLINE_URL, { cacheName: CACHE });
      return offline || Response.error();
    }
    await noticeRelease(response);
    return response;
  }

  /**
   * A page of another release (the server was updated since this worker installed) must not get
   * this worker's assets: drop them before the page asks for its first one, and look for the
   * new worker now rather than at the browser's next check.
   * @param {Response} response
   */
  async function noticeRelease(response) {
    const release = response.headers.get(RELEASE_HEADER);
    if (!release || release === FOXDEN_RELEASE.version || outdated) return;
    outdated = true;
    await caches.delete(CACHE);
    // Offline again, or the server mid-restart: the browser checks again at the next page.
    worker.registration.update().catch(() => {});
  }

  /** @param {Request} request */
  async function asset(request) {
    const cached = outdated ? undefined : await caches.match(request, { cacheName: CACHE });
    return cached || fetch(request);
  }
})();
