import { inject } from 'vitest'

export interface TestEnv {
  appUrl: string
  databaseUrl: string
  temporalAddress: string
  taskQueue: string
  simulatorUrl: string
  controlUrl: string
  oidc: { issuer: string; clientId: string; clientSecret: string }
  artifactsDir: string
  chromiumPath: string | null
  /** The one loopback port the content optimiser may fetch (OPTIMISER_FETCH_ALLOW_LOOPBACK): tests serve pages there. */
  optimiserPagePort: number
  /** The port of SMTP_URL: a test starts its SMTP server there to receive report e-mails. */
  smtpPort: number
  /** The web app's one-time ADMIN_SETUP_CODE (what npm start prints while an install has no admin). */
  adminSetupCode: string
  /** The SQLite file of the Temporal dev server the run started (null with an external TEMPORAL_ADDRESS). */
  temporalDbFile: string | null
}

declare module 'vitest' {
  export interface ProvidedContext {
    testEnv: TestEnv
  }
}

/** Addresses of the stack that tests/setup/global-setup.ts started for this run. */
export function testEnv(): TestEnv {
  return inject('testEnv')
}

/** Ask the global setup to kill (SIGKILL) or start the worker process. */
export async function controlWorker(action: 'kill' | 'start' | 'restart') {
  const res = await fetch(`${testEnv().controlUrl}/worker/${action}`, { method: 'POST' })
  if (!res.ok) throw new Error(`worker ${action} failed: ${res.status} ${await res.text()}`)
  return (await res.json()) as { pid: number | null }
}
