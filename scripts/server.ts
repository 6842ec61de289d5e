/**
 * The web app's HTTP server: static assets, a same-origin check for every state-changing
 * request (CSRF), and the Remix request handler.
 */
import express from 'express'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import path from 'node:path'
import { stat } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const buildPath = path.join(root, 'build', 'index.js')
const isDev = process.env.NODE_ENV === 'development'

async function loadBuild(): Promise<ServerBuild> {
  // In development the build is re-imported when it changes (remix watch rewrites it).
  const version = isDev ? `?t=${(await stat(buildPath)).mtimeMs}` : ''
  return (await import(pathToFileURL(buildPath).href + version)) as ServerBuild
}

/** Browsers send Origin on cross-site POSTs; a mismatch with Host means another site is trying to act for the user. */
function sameOrigin(req: express.Request): boolean {
  const origin = req.get('origin')
  if (!origin || origin === 'null') return !req.get('sec-fetch-site') || req.get('sec-fetch-site') !== 'cross-site'
  try {
    return new URL(origin).host === req.get('host')
  } catch {
    return false
  }
}

export async function createServer() {
  const app = express()
  app.disable('x-powered-by')
  app.use((req, res, next) => {
    res.set('X-Content-Type-Options', 'nosniff')
    res.set('Referrer-Policy', 'same-origin')
    res.set('X-Frame-Options', 'DENY')
    if (!['GET', 'HEAD', 'OPTIONS'].includes(req.method) && !sameOrigin(req)) {
      res.status(403).json({ error: 'Forbidden', message: 'Cross-site request refused.' })
      return
    }
    next()
  })
  app.use('/build', express.static(path.join(root, 'public', 'build'), { immutable: true, maxAge: '1y' }))
  app.use(express.static(path.join(root, 'public'), { maxAge: '1h' }))
  let build = await loadBuild()
  app.all('*', async (req, res, next) => {
    if (isDev) build = await loadBuild()
    return createRequestHandler({ build, mode: isDev ? 'development' : 'production' })(req, res, next)
  })
  return app
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.PORT ?? 3000)
  const host = process.env.HOST ?? '0.0.0.0'
  const app = await createServer()
  const server = app.listen(port, host, () => console.log(`web app listening on http://localhost:${port}`))
  const stop = () => server.close(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
