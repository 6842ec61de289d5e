/**
 * How every process reaches Temporal: the app's client, the worker and the scripts read it here (outside app/, so the
 * worker does not import the web app).
 */
import { DEFAULT_TASK_QUEUE } from '../workflows/shared'
/** Connection options for a local dev server, a self-hosted cluster or Temporal Cloud (TLS / API key). */
export function temporalConnectionOptions(env: NodeJS.ProcessEnv = process.env) {
  const address = env.TEMPORAL_ADDRESS || '127.0.0.1:7233'
  const apiKey = env.TEMPORAL_API_KEY || undefined
  const pem = (v: string | undefined) => (v ? Buffer.from(v.replace(/\\n/g, '\n')) : undefined)
  const cert = pem(env.TEMPORAL_TLS_CERT)
  const key = pem(env.TEMPORAL_TLS_KEY)
  // A self-hosted cluster's own CA (the cluster profile makes one at build time) and the name its certificate carries.
  const ca = pem(env.TEMPORAL_TLS_CA)
  const serverName = env.TEMPORAL_TLS_SERVER_NAME || undefined
  const custom = cert && key ? { clientCertPair: { crt: cert, key } } : {}
  const tls =
    (cert && key) || ca || serverName
      ? { ...custom, ...(ca ? { serverRootCACertificate: ca } : {}), ...(serverName ? { serverNameOverride: serverName } : {}) }
      : apiKey || env.TEMPORAL_TLS === 'true'
        ? true
        : undefined
  return { address, tls, apiKey, metadata: apiKey ? { 'temporal-namespace': env.TEMPORAL_NAMESPACE || 'default' } : undefined }
}

export function temporalNamespace(env: NodeJS.ProcessEnv = process.env) {
  return env.TEMPORAL_NAMESPACE || 'default'
}

export function temporalTaskQueue(env: NodeJS.ProcessEnv = process.env) {
  return env.TEMPORAL_TASK_QUEUE || DEFAULT_TASK_QUEUE
}
