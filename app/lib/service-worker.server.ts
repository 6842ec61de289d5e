/** /service-worker.js: built from the current web build's asset manifest, so a new build is a new worker. */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { serviceWorkerSource, shellAssets } from '../domain/shell-cache/service-worker'

const buildDir = path.join(process.cwd(), 'public', 'build')

let cached: { manifestFile: string; source: string } | null = null

export async function serviceWorkerScript(): Promise<string> {
  const manifestFile = (await readdir(buildDir)).find((f) => /^manifest-[A-Z0-9]+\.js$/i.test(f))
  if (!manifestFile) return serviceWorkerSource('dev', [])
  if (cached?.manifestFile === manifestFile) return cached.source
  const manifestText = await readFile(path.join(buildDir, manifestFile), 'utf8')
  const css = (await readdir(path.join(buildDir, '_assets')).catch(() => [] as string[])).filter((f) => f.endsWith('.css')).map((f) => `/build/_assets/${f}`)
  const version = manifestFile.replace(/^manifest-|\.js$/g, '')
  const source = serviceWorkerSource(version, [...shellAssets(manifestText), `/build/${manifestFile}`, ...css])
  cached = { manifestFile, source }
  return source
}
