/**
 * The Temporal server of the cluster profile: PostgreSQL persistence and visibility (schemas set up with the
 * server's own SQL tool), frontend, history, matching and the internal worker each as a process of its own, an
 * explicit number of history shards, and a frontend that serves mutual TLS with the CA made at build time.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import postgres from 'postgres'
import { StackError } from '../stack-error'
import { portOpen, waitFor } from '../stack'
import { msToTs } from '@temporalio/common/lib/time'
import { SEARCH_ATTRIBUTE_INDEX_TYPES } from '../../workflows/search-attributes'
import { temporalConnectionOptions } from '../../config/temporal'
import { spawnPart, type Part } from './parts'
import type { Certs } from './build'

export const TEMPORAL_SERVICES = ['history', 'matching', 'frontend', 'worker'] as const
export type TemporalService = (typeof TEMPORAL_SERVICES)[number]

export interface TemporalClusterOptions {
  server: string
  sqlTool: string
  certs: Certs
  /** PostgreSQL that holds the `temporal` and `temporal_visibility` databases. */
  pg: { host: string; port: number; user: string; password: string }
  /** Frontend gRPC port; the other services take the ports after it, membership ports 1000 below. */
  port: number
  historyShards: number
  dir: string
  logDir: string
}

const offsets: Record<TemporalService, number> = { frontend: 0, history: 1, matching: 2, worker: 6 }

/** The server's YAML configuration (one file for the four processes). */
export function serverConfig(o: TemporalClusterOptions): string {
  const store = (db: string, conns: number) => `
      sql:
        pluginName: postgres12
        databaseName: ${db}
        connectAddr: "${o.pg.host}:${o.pg.port}"
        connectProtocol: tcp
        user: ${o.pg.user}
        password: "${o.pg.password}"
        maxConns: ${conns}
        maxIdleConns: ${conns}
        maxConnLifetime: 1h`
  const tlsClient = `
        serverName: localhost
        rootCaFiles: ["${o.certs.ca}"]`
  const services = TEMPORAL_SERVICES.map(
    (s) => `
  ${s}:
    rpc:
      grpcPort: ${o.port + offsets[s]}
      membershipPort: ${o.port - 1000 + offsets[s]}
      bindOnIP: 127.0.0.1${s === 'frontend' ? `\n      httpPort: ${o.port + 10}` : ''}`,
  ).join('')
  return `log:
  stdout: true
  level: warn
persistence:
  defaultStore: default
  visibilityStore: visibility
  numHistoryShards: ${o.historyShards}
  datastores:
    default:${store('temporal', 8)}
    visibility:${store('temporal_visibility', 2)}
global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: 127.0.0.1
  tls:
    frontend:
      server:
        certFile: "${o.certs.serverCert}"
        keyFile: "${o.certs.serverKey}"
        requireClientAuth: true
        clientCaFiles: ["${o.certs.ca}"]
      client:${tlsClient}
    systemWorker:
      certFile: "${o.certs.clientCert}"
      keyFile: "${o.certs.clientKey}"
      client:${tlsClient}
services:${services}
clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: active
  currentClusterName: active
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: frontend
      rpcAddress: "127.0.0.1:${o.port}"
dcRedirectionPolicy:
  policy: noop
dynamicConfigClient:
  filepath: "${path.join(o.dir, 'dynamicconfig.yaml')}"
  pollInterval: 10s
`
}

/** Dynamic configuration: search attributes usable as soon as they are registered (the app starts runs with them). */
const DYNAMIC_CONFIG = `system.forceSearchAttributesCacheRefreshOnRead:
  - value: true
`

/** Creates both databases and brings their schemas to the version this server ships (a second start only updates). */
export async function setupSchemas(o: TemporalClusterOptions) {
  const base = ['--plugin', 'postgres12', '--ep', o.pg.host, '-p', String(o.pg.port), '-u', o.pg.user, '--pw', o.pg.password]
  const run = (db: string, ...args: string[]) => {
    const r = spawnSync(o.sqlTool, [...base, '--db', db, ...args], { encoding: 'utf8' })
    if (r.status !== 0) throw new StackError('Temporal schema', `${path.basename(o.sqlTool)} ${args[0]} on ${db} failed: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' ')}`)
  }
  const url = (db: string) => `postgres://${encodeURIComponent(o.pg.user)}:${encodeURIComponent(o.pg.password)}@${o.pg.host}:${o.pg.port}/${db}`
  const admin = postgres(url('postgres'), { max: 1, onnotice: () => {} })
  try {
    for (const [db, schema] of [['temporal', 'postgresql/v12/temporal'], ['temporal_visibility', 'postgresql/v12/visibility']]) {
      const [exists] = await admin`select 1 from pg_database where datname = ${db}`
      if (!exists) {
        run(db, 'create-database')
        run(db, 'setup-schema', '-v', '0.0')
      }
      run(db, 'update-schema', '--schema-name', schema)
    }
  } finally {
    await admin.end({ timeout: 5 })
  }
}

/** Starts the four services (history first: the frontend waits for its shards), then the namespace and search attributes. */
export async function startTemporalCluster(o: TemporalClusterOptions, clientEnv: Record<string, string>) {
  mkdirSync(o.dir, { recursive: true })
  const configFile = path.join(o.dir, 'temporal.yaml')
  writeFileSync(configFile, serverConfig(o))
  writeFileSync(path.join(o.dir, 'dynamicconfig.yaml'), DYNAMIC_CONFIG)
  await setupSchemas(o)
  const services = new Map<TemporalService, Part>()
  const launch = (s: TemporalService) => spawnPart(`temporal-${s}`, o.server, ['--config-file', configFile, '--allow-no-auth', 'start', '--service', s], {}, path.join(o.logDir, `temporal-${s}.log`))
  // One at a time, each once its port is open: on a fresh database the first one writes the cluster's metadata, and
  // two writing it at once fail with a duplicate key.
  for (const s of TEMPORAL_SERVICES) {
    const part = services.set(s, launch(s)).get(s)!
    await waitFor(`Temporal ${s}`, () => portOpen(o.port + offsets[s]), 120_000, part.child, part.logFile)
  }
  const address = `127.0.0.1:${o.port}`
  const env: Record<string, string> = { ...clientEnv, TEMPORAL_ADDRESS: address }
  const { Connection } = await import('@temporalio/client')
  const frontend = services.get('frontend')!
  await waitFor('Temporal frontend (TLS)', async () => {
    const connection = await Connection.connect({ ...temporalConnectionOptions(env as NodeJS.ProcessEnv), connectTimeout: 2000 })
    try {
      // Each attempt has a deadline: a call to a frontend still waiting for its history shards can hang.
      return await connection.withDeadline(Date.now() + 10_000, () => registerNamespace(connection, 'default').then(() => true))
    } finally {
      await connection.close()
    }
  }, 180_000, frontend.child, frontend.logFile)
  return { address, services, restart: (s: TemporalService) => services.set(s, launch(s)).get(s)! }
}

type Conn = Awaited<ReturnType<typeof import('@temporalio/client').Connection.connect>>

/** The namespace (7 days of retention) and the product's search attributes, each only when missing. */
async function registerNamespace(connection: Conn, namespace: string) {
  const ws = connection.workflowService
  const exists = await ws.describeNamespace({ namespace }).then(() => true, () => false)
  if (!exists) await ws.registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs('7 days') })
  const have = await connection.operatorService.listSearchAttributes({ namespace })
  const missing = Object.entries(SEARCH_ATTRIBUTE_INDEX_TYPES).filter(([name]) => !(name in (have.customAttributes ?? {})))
  if (missing.length) await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: Object.fromEntries(missing) })
}
