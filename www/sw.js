// The service worker: keeps the site's files so the game plays offline
// after the first visit. Network first, so a new build is used as soon as
// it is published; the kept copy when the network fails. It never claims
// the page that registered it: pages are served by it from the next visit.

const CACHE = 'asalto';
const FILES = [
  './', 'index.html', 'asalto-web.js', 'asalto-web_bg.wasm', 'words/fr.json', 'words/de.json', 'words/es.json',
  'puzzles.txt', 'frame.html',
  'asalto-worker_loader.js', 'asalto-worker.js', 'asalto-worker_bg.wasm', 'asalto-worker-simd.js',
  'asalto-worker-simd_bg.wasm',
  'asalto-board.js', 'board.css', 'element.css', 'embed.html', 'demo.html', 'royal-garrison.svg',
  'manifest.webmanifest', 'icon.svg',
  // The game module's other parts (scripts/web-parts.sh writes their names).
  /* the parts */
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(async () => (await caches.match(request, { ignoreSearch: true })) ?? Response.error()),
  );
});
