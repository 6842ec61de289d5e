/**
 * The admin's API-key test (GET /api/test-gemini-keys): one minimal call per configured key through the
 * gateway (the vendors' SDKs), run by keyTestWorkflow. Keys are read here, in the worker that holds them,
 * and never leave it: results carry the variable's name and the key's length only, and error texts are
 * scrubbed (app/domain/admin/key-test.ts).
 */
import { createGateway, GatewayError, loadProviderConfigs } from './gateway'
import type { Env } from '../app/domain/providers'
import { KEY_SLOTS, KEY_TEST_PROMPT, KEY_TEST_TIMEOUT_MS, missingResult, redactSecrets, type KeyResult, type KeySlot } from '../app/domain/admin/key-test'

export interface AdminActivityDeps {
  /** Where keys, models and base URLs come from (the worker's environment by default). */
  env?: Env
}

export function createAdminActivities({ env = process.env }: AdminActivityDeps = {}) {
  async function testKey(slot: KeySlot, secrets: string[]): Promise<KeyResult> {
    // Real vendor settings whatever DEMO_MODE says: the test is about the keys themselves.
    const configs = loadProviderConfigs({ ...env, DEMO_MODE: 'false' })
    const base = configs[slot.provider]
    const key = env[slot.envName]?.trim() ?? ''
    if (!key) return missingResult(slot, base.model)
    const gateway = createGateway({ ...configs, [slot.provider]: { ...base, apiKey: key, configured: true, simulated: false, concurrency: 1, timeoutMs: KEY_TEST_TIMEOUT_MS } })
    const started = performance.now()
    const common = { id: slot.id, provider: slot.provider, model: base.model, keySource: slot.envName, keyLength: key.length }
    try {
      const answer = await gateway.ask(slot.provider, { prompt: KEY_TEST_PROMPT, webSearch: false })
      return {
        ...common,
        status: 'working',
        responseTime: answer.latencyMs,
        responseLength: answer.text.length,
        response: redactSecrets(answer.text.slice(0, 200), secrets),
        error: null,
        errorCode: null,
        errorDetails: null,
        actualError: null,
        costUsd: answer.costUsd,
      }
    } catch (err) {
      const g = err instanceof GatewayError ? err : null
      const raw = err instanceof Error ? err.message : String(err)
      return {
        ...common,
        status: 'error',
        responseTime: Math.round(performance.now() - started),
        responseLength: null,
        response: null,
        error: redactSecrets(g?.userMessage ?? raw, secrets),
        errorCode: g ? (g.status ? String(g.status) : g.kind) : null,
        errorDetails: g ? g.kind : null,
        actualError: redactSecrets(raw, secrets).slice(0, 500),
        costUsd: 0,
      }
    }
  }

  return {
    /** Every key slot, tested at once (a missing key costs nothing). */
    async testProviderKeys(): Promise<KeyResult[]> {
      const secrets = KEY_SLOTS.map((s) => env[s.envName]?.trim() ?? '').filter(Boolean)
      return Promise.all(KEY_SLOTS.map((slot) => testKey(slot, secrets)))
    },
  }
}
