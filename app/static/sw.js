// Mulino's service worker: after one visit the app loads and plays offline.
// On install it caches the page and every same-origin file the page names
// (Trunk's hashed JS, wasm and CSS) plus the engine worker. Pages are
// network-first (a new build is picked up when online); files with a
// content hash in their name never change, so they are cache-first; the
// few unhashed files are network-first with the cache as fallback. The
// endgame tables (tb/, and the win/draw/loss ones in wdl/) are left alone: the app fetches them only when a game
// needs them and keeps them in IndexedDB, so they are never precached here
// nor copied into this cache; nor are Nine's tables for range reads
// (nine-web/, or any request for a byte range), which the tables' worker
// keeps in a cache of its own. The language catalogues (i18n/*.txt) are not
// precached either (the first load carries English only): the page fetches
// the one it uses, network-first below, which keeps it here for offline use.
// The lab (analysis board, review, editor, puzzles: lab.js, lab_bg.wasm,
// lab.css) and
// a room's live connection (room.js, room_bg.wasm) are not precached either,
// though the page names them: each loads the first time it is needed (one
// of the lab's views opens, a room comes to the table), network-first
// below, and is kept then.
const CACHE = "mulino-v1";
const EXTRA = ["manifest.webmanifest", "icon.svg", "worker.js", "worker_bg.wasm"];
const ON_DEMAND = /\/((lab|room)(_bg)?\.(js|wasm)|lab\.css)$/;
// Trunk writes the hash in hex without leading zeros: 16 digits, now and then fewer.
const HASHED = /-[0-9a-f]{6,16}(_bg)?\.(js|wasm|css)$/;

const scopeUrl = (path) => new URL(path, self.registration.scope).href;

async function precache() {
  const cache = await caches.open(CACHE);
  const page = await fetch(scopeUrl("./"), { cache: "no-cache" });
  if (!page.ok) return;
  const html = await page.clone().text();
  await cache.put(scopeUrl("./"), page);
  const urls = new Set(EXTRA.map(scopeUrl));
  for (const m of html.matchAll(/["']([^"'\s]+\.(?:js|wasm|css|svg|webmanifest))["']/g)) {
    const url = new URL(m[1], self.registration.scope);
    if (url.origin !== self.location.origin || url.pathname.endsWith("/sw.js")) continue;
    if (!ON_DEMAND.test(url.pathname)) urls.add(url.href);
  }
  await Promise.all(
    [...urls].map(async (url) => {
      try {
        const res = await fetch(url, { cache: "no-cache" });
        if (res.ok) await cache.put(url, res);
      } catch (_) {
        // Missing now; the first online use fills it in.
      }
    }),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Only the app's own older caches: the blocks of Nine's tables for
      // range reads (the cache "mulino-web-tables", kept by the worker with
      // the tables) outlive a new version of the app.
      for (const key of await caches.keys()) if (key.startsWith("mulino-v") && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(request);
    if (res.ok) await cache.put(key, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(key, { ignoreSearch: true });
    if (hit) return hit;
    throw err;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.includes("/tb/") || url.pathname.includes("/wdl/")) return;
  // Nine's tables for range reads (nine-web/) are the worker's own to keep
  // (its Cache API cache), and a range's 206 answer cannot be put in a cache.
  if (url.pathname.includes("/nine-web/") || request.headers.has("range")) return;
  const isPage = request.mode === "navigate" || url.pathname.endsWith("/") || url.pathname.endsWith("/index.html");
  if (isPage) {
    event.respondWith(networkFirst(request, scopeUrl("./")));
  } else if (HASHED.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request, url.href));
  }
});
