/**
 * The service worker (registered at /service-worker.js). It caches the app shell's static assets only —
 * the hashed, immutable files under /build/ — and never API answers or pages (they carry user data).
 * Its text names the build version, so a new build is a new worker: it installs, takes over and drops the old cache.
 * Pure: the server fills in the version and the asset list.
 */

/** The entry and root modules with their imports, from the text of Remix's manifest-*.js. */
export function shellAssets(manifestText: string): string[] {
  const json = manifestText.replace(/^window\.__remixManifest=/, '').replace(/;\s*$/, '')
  try {
    const m = JSON.parse(json) as { entry?: { module?: string; imports?: string[] }; routes?: Record<string, { module?: string; imports?: string[] }> }
    const root = m.routes?.root
    const list = [m.entry?.module, ...(m.entry?.imports ?? []), root?.module, ...(root?.imports ?? [])]
    return [...new Set(list.filter((x): x is string => typeof x === 'string' && x.startsWith('/build/')))]
  } catch {
    return []
  }
}

/** Whether the worker may answer this path from its cache: hashed build files only. */
export function isShellAsset(pathname: string): boolean {
  return pathname.startsWith('/build/') && !pathname.includes('..')
}

export function serviceWorkerSource(version: string, precache: string[]): string {
  return `// AI Brand Visibility service worker, build ${version}. Caches /build/ assets only; never /api/ or pages.
const CACHE = 'shell-${version.replace(/[^A-Za-z0-9_-]/g, '')}';
const PRECACHE = ${JSON.stringify(precache)};
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('shell-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (!(${isShellAsset.toString()})(url.pathname)) return;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(event.request).then((hit) => hit || fetch(event.request).then((res) => {
        if (res.ok) cache.put(event.request, res.clone());
        return res;
      })),
    ),
  );
});
`
}
