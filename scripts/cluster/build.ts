/**
 * What the cluster profile builds once into .tools/: the Temporal server and its SQL schema tool from their Go
 * module (`go install go.temporal.io/server/cmd/server@v1.32.0`, `…/cmd/tools/sql@v1.32.0`) into
 * .tools/cluster-bin, and a certificate authority with the frontend's and the clients' certificates (openssl) into
 * .tools/cluster-certs. Both are skipped when present.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { StackError } from '../stack-error'
import { root } from '../stack'

export const TEMPORAL_SERVER_VERSION = 'v1.32.0'
export const toolsDir = path.join(root, '.tools')
export const clusterBin = path.join(toolsDir, process.env.CLUSTER_BIN_DIR ?? 'cluster-bin')
export const certsDir = path.join(toolsDir, 'cluster-certs')

const say = (line: string) => console.log(`[cluster] ${line}`)

function which(cmd: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' })
  return r.status === 0 ? r.stdout.trim() : null
}

/** The Go module's source folder (its schema files are read from there). */
export function serverModuleDir(): string {
  const go = which('go') ?? '/usr/local/go/bin/go'
  const modCache = spawnSync(go, ['env', 'GOMODCACHE'], { encoding: 'utf8' }).stdout.trim()
  return path.join(modCache, 'go.temporal.io', `server@${TEMPORAL_SERVER_VERSION}`)
}

/** The server and the schema tool, built with Go the first time (a few minutes; a line every 15 s meanwhile). */
export async function buildTemporalServer(): Promise<{ server: string; sqlTool: string }> {
  const server = path.join(clusterBin, 'server')
  const sqlTool = path.join(clusterBin, 'sql')
  if (existsSync(server) && existsSync(sqlTool) && existsSync(serverModuleDir())) return { server, sqlTool }
  const go = which('go') ?? (existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : null)
  if (!go) throw new StackError('Temporal server build', 'Go is not installed: install Go 1.26 (https://go.dev/dl/) to build the Temporal server once.')
  mkdirSync(clusterBin, { recursive: true })
  say(`building the Temporal server ${TEMPORAL_SERVER_VERSION} and its SQL tool with Go into ${path.relative(root, clusterBin)}: once, several minutes on two cores.`)
  const started = Date.now()
  const ticker = setInterval(() => say(`still building the Temporal server (first run only, ${Math.round((Date.now() - started) / 1000)} s so far)...`), 15_000)
  const pkgs = ['go.temporal.io/server/cmd/server', 'go.temporal.io/server/cmd/tools/sql'].map((p) => `${p}@${TEMPORAL_SERVER_VERSION}`)
  const code = await new Promise<number>((resolve) => {
    const child = spawn(go, ['install', ...pkgs], { stdio: 'inherit', cwd: root, env: { ...process.env, GOBIN: clusterBin } })
    child.on('exit', (c) => resolve(c ?? 1))
    child.on('error', () => resolve(1))
  })
  clearInterval(ticker)
  if (code !== 0) throw new StackError('Temporal server build', 'go install failed (its output is above)')
  say(`built the Temporal server in ${Math.round((Date.now() - started) / 1000)} s.`)
  return { server, sqlTool }
}

export interface Certs {
  ca: string
  serverCert: string
  serverKey: string
  clientCert: string
  clientKey: string
}

/** A CA, the frontend's certificate (localhost, 127.0.0.1) and one client certificate, made once with openssl. */
export function makeCerts(): Certs {
  const f = (name: string) => path.join(certsDir, name)
  const certs: Certs = { ca: f('ca.pem'), serverCert: f('server.pem'), serverKey: f('server.key'), clientCert: f('client.pem'), clientKey: f('client.key') }
  if (Object.values(certs).every((p) => existsSync(p))) return certs
  if (!which('openssl')) throw new StackError('cluster certificates', 'openssl is not installed (Debian: apt-get install openssl).')
  mkdirSync(certsDir, { recursive: true })
  say(`making a certificate authority and the frontend's and clients' certificates in ${path.relative(root, certsDir)}`)
  const openssl = (...args: string[]) => {
    const r = spawnSync('openssl', args, { cwd: certsDir, encoding: 'utf8' })
    if (r.status !== 0) throw new StackError('cluster certificates', `openssl ${args[0]} failed: ${r.stderr.trim()}`)
  }
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '3650', '-subj', '/CN=AI Brand Visibility cluster CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign')
  const leaf = (name: string, cn: string, ext: string) => {
    writeFileSync(f(`${name}.ext`), ext)
    openssl('req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn}`)
    openssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.pem`, '-days', '825', '-extfile', `${name}.ext`)
  }
  leaf('server', 'localhost', 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n')
  leaf('client', 'brand-analysis', 'extendedKeyUsage=clientAuth\n')
  return certs
}

/** The TEMPORAL_TLS_* settings of the app and the workers for this cluster (PEM text, as for Temporal Cloud). */
export function clientTlsEnv(certs: Certs): Record<string, string> {
  const text = (p: string) => readFileSync(p, 'utf8')
  return { TEMPORAL_TLS_CA: text(certs.ca), TEMPORAL_TLS_CERT: text(certs.clientCert), TEMPORAL_TLS_KEY: text(certs.clientKey), TEMPORAL_TLS_SERVER_NAME: 'localhost' }
}
