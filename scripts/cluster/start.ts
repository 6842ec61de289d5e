/**
 * `npm run start:cluster`: the product on the cluster profile (scripts/cluster/stack.ts) — the Temporal server as
 * four processes on PostgreSQL with mutual TLS, three workers, two web processes behind nginx. Data stays in
 * .data/cluster for the next start; Ctrl-C stops every process.
 */
import path from 'node:path'
import { describeStartFailure, root } from '../stack'
import { portsOf, startClusterStack, type ClusterStack } from './stack'

const t0 = Date.now()
const basePort = Number(process.env.CLUSTER_BASE_PORT ?? 15000)
const dataDir = path.resolve(process.env.CLUSTER_DATA_DIR ?? path.join(root, '.data', 'cluster'))
let stack: ClusterStack | undefined

const shutdown = async (code: number) => {
  console.log('[cluster] stopping...')
  await stack?.stop()
  process.exit(code)
}
process.on('SIGINT', () => void shutdown(0))
process.on('SIGTERM', () => void shutdown(0))

try {
  stack = await startClusterStack({ dataDir, basePort, keepData: true })
  const ports = portsOf(basePort)
  console.log(`
  ┌──────────────────────────────────────────────────────────────
  │ AI Brand Visibility, cluster profile, is ready (${((Date.now() - t0) / 1000).toFixed(1)} s)
  │   App (nginx):  ${stack.url}   → web processes on ${stack.webs.map((_, i) => ports.web + i).join(', ')}
  │   Temporal:     ${stack.temporalAddress} (mutual TLS, CA in .tools/cluster-certs; history, matching, worker as processes)
  │   Workers:      ${stack.workers.length}, sharing provider slots on PostgreSQL
  │   PostgreSQL:   ${stack.databaseUrl.replace(/:[^:@/]+@/, ':***@')} (+ temporal, temporal_visibility)
  │   Sign in:      create an account at ${stack.url}/signup
  │   Logs:         ${path.relative(root, path.join(dataDir, 'logs'))}/
  │   Stop:         Ctrl-C (data is kept in ${path.relative(root, dataDir)}/)
  └──────────────────────────────────────────────────────────────
`)
} catch (err) {
  console.error(`\n[cluster] ${describeStartFailure(err, 'the cluster profile')}`)
  await shutdown(1)
}
