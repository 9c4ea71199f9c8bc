// The service worker: after one visit the app opens and plays with no network.
//
// - install: caches every file that site.json lists (the app, Pyodide, the wheels, the
//   bank) under a cache named after this build; the page keeps the old worker until the
//   player agrees to the update (or every tab closes).
// - activate: deletes the caches of earlier builds.
// - fetch: cache first for this site's files (a page URL with a query, such as a shared
//   puzzle's ?p=..., is answered with index.html); anything else goes to the network.
// - update: a new build changes this file (the BUILD line below), so the browser installs
//   the new worker beside the old one, where it waits. The page sees it as
//   `registration.waiting` (or by `updatefound` then the new worker's state "installed"),
//   may tell the player, and posts {type: "skip-waiting"} to it to switch; the page then
//   gets `controllerchange` and reloads. `pwa.js` does this for the page.
//   Posting {type: "version"} answers {type: "version", build} on the message's port
//   (or to the sender).
//
// `sudokit web build` sets BUILD; served straight from the sources it stays "dev".
const BUILD = "dev";
const PREFIX = "sudokit-";
const CACHE = `${PREFIX}${BUILD}`;
const SCOPE = new URL("./", self.location.href);

function siteUrl(path) {
  return new URL(path, SCOPE).href;
}

async function precache() {
  const response = await fetch(siteUrl("site.json"), { cache: "no-cache" });
  if (!response.ok) throw new Error(`site.json: HTTP ${response.status}`);
  const site = await response.json();
  const cache = await caches.open(CACHE);
  // Each file checked with the server (a copy in the HTTP cache only if unchanged), so a
  // build's cache holds that build's files; addAll fails the install if any is missing.
  const requests = ["./", ...site.files].map((path) => new Request(siteUrl(path), { cache: "no-cache" }));
  await cache.addAll(requests);
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") {
    self.skipWaiting();
  } else if (data.type === "version") {
    const reply = { type: "version", build: BUILD };
    if (event.ports && event.ports[0]) event.ports[0].postMessage(reply);
    else if (event.source) event.source.postMessage(reply);
  }
});

async function answer(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  let hit = await cache.match(request, { ignoreVary: true });
  if (!hit && (request.mode === "navigate" || url.pathname === SCOPE.pathname)) {
    // A page of the app with a query or a fragment (a shared puzzle): the app's page.
    hit = await cache.match(siteUrl("index.html"));
  }
  if (hit) return hit;
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  event.respondWith(answer(request));
});
