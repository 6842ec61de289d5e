/**
 * The cluster profile for `npm run test:cluster`: a fresh stack in .data/cluster-test, its addresses given to the
 * tests as tests/support's TestEnv (the app URL is nginx's), and a control channel to kill and restart its parts.
 */
import type { TestProject } from 'vitest/node'
import http from 'node:http'
import path from 'node:path'
import { freePort, root } from '../stack'
import type { TestEnv } from '../../tests/support/env'
import { startClusterStack } from './stack'
import type { TemporalService } from './temporal'

declare module 'vitest' {
  export interface ProvidedContext {
    clusterControlUrl: string
  }
}

export default async function setup(project: TestProject) {
  const dataDir = path.join(root, '.data', 'cluster-test')
  const stack = await startClusterStack({ dataDir, basePort: Number(process.env.CLUSTER_BASE_PORT ?? 16000), env: { SIGNUPS_PER_ADDRESS_PER_HOUR: '50' } })
  // POST /kill/web/0, /kill/worker/2, /kill/temporal/history: SIGKILL the part, then start it again.
  const control = http.createServer(async (req, res) => {
    const [, , kind, which] = (req.url ?? '').split('/')
    try {
      if (kind === 'temporal') await stack.killAndRestart({ kind, service: which as TemporalService })
      else if (kind === 'web' || kind === 'worker') await stack.killAndRestart({ kind, index: Number(which) })
      else return void res.writeHead(404).end()
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    } catch (err) {
      res.writeHead(500).end(String(err))
    }
  })
  const controlPort = await freePort()
  await new Promise<void>((r) => control.listen(controlPort, '127.0.0.1', r))
  project.provide('clusterControlUrl', `http://127.0.0.1:${controlPort}`)
  project.provide('testEnv', {
    appUrl: stack.url,
    databaseUrl: stack.databaseUrl,
    temporalAddress: stack.temporalAddress,
    taskQueue: 'brand-analysis',
    simulatorUrl: stack.simulatorUrl,
    controlUrl: '',
    oidc: { issuer: '', clientId: '', clientSecret: '' },
    artifactsDir: path.join(dataDir, 'logs'),
    chromiumPath: null,
    optimiserPagePort: 0,
    adminSetupCode: '',
    temporalDbFile: null,
    // The cluster profile starts no test SMTP server: its smoke test sends no report e-mail.
    smtpPort: 0,
  } satisfies TestEnv)
  return async () => {
    await new Promise<void>((r) => control.close(() => r()))
    await stack.stop()
  }
}
