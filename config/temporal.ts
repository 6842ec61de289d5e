/**
 * How every process reaches Temporal: the app's client, the worker and the scripts read it here (outside app/, so the
 * worker does not import the web app).
 */
import { DEFAULT_TASK_QUEUE } from '../workflows/shared'
/** Connection options for a local dev server, a self-hosted cluster or Temporal Cloud (TLS / API key). */
export function temporalConnectionOptions(env: NodeJS.ProcessEnv = process.env) {
  const address = env.TEMPORAL_ADDRESS || '127.0.0.1:7233'
  const apiKey = env.TEMPORAL_API_KEY || undefined
  const cert = env.TEMPORAL_TLS_CERT
  const key = env.TEMPORAL_TLS_KEY
  const tls =
    cert && key
      ? { clientCertPair: { crt: Buffer.from(cert.replace(/\\n/g, '\n')), key: Buffer.from(key.replace(/\\n/g, '\n')) } }
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
