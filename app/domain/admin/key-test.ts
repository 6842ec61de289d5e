/**
 * The API-key test (Key test result, GET /api/test-gemini-keys, 'Key not configured'): one minimal
 * call per configured key, reported as working / error / missing — never the key itself (its source variable
 * and length only; vendor error texts are scrubbed of anything key-like).
 * Pure: the activity (activities/admin.ts) makes the calls, the route adds the debug block.
 *
 * Decisions where the spec is silent:
 * - Every provider key is tested (key1/key2 of the spec are Gemini's GEMINI_API_KEY and GOOGLE_API_KEY;
 *   `providers` lists all six plus Gemini's second key). Real keys are tested against the vendor even in
 *   demo mode; a model without a key is 'missing' ('Key not configured').
 * - The call asks for one word, without web search, with a 20 s timeout; nothing is stored and it is not
 *   charged to the admin's daily cap (it costs a few tokens).
 * - There is no load balancing between Gemini keys: loadBalancer.enabled is false, callCount 0.
 */
import type { ProviderKey } from '../providers'

export type KeyStatus = 'working' | 'error' | 'missing'

export const KEY_TEST_MESSAGES = {
  missing: 'Key not configured',
  failed: 'Failed to test API keys',
} as const

export const KEY_TEST_PROMPT = 'This is a connection test. Reply with the single word OK.'
export const KEY_TEST_TIMEOUT_MS = 20_000

export interface KeySlot {
  /** 'openai', 'anthropic', …, and 'gemini-2' for GOOGLE_API_KEY. */
  id: string
  provider: ProviderKey
  /** The environment variable the key comes from. */
  envName: string
}

export const KEY_SLOTS: readonly KeySlot[] = [
  { id: 'openai', provider: 'openai', envName: 'OPENAI_API_KEY' },
  { id: 'anthropic', provider: 'anthropic', envName: 'ANTHROPIC_API_KEY' },
  { id: 'gemini', provider: 'gemini', envName: 'GEMINI_API_KEY' },
  { id: 'gemini-2', provider: 'gemini', envName: 'GOOGLE_API_KEY' },
  { id: 'perplexity', provider: 'perplexity', envName: 'PERPLEXITY_API_KEY' },
  { id: 'xai', provider: 'xai', envName: 'XAI_API_KEY' },
  { id: 'deepseek', provider: 'deepseek', envName: 'DEEPSEEK_API_KEY' },
]

export interface KeyResult {
  id: string
  provider: ProviderKey
  status: KeyStatus
  model: string
  /** Milliseconds of the test call. */
  responseTime: number | null
  responseLength: number | null
  /** The model's reply, cut to 200 characters. */
  response: string | null
  error: string | null
  errorCode: string | null
  keySource: string
  keyLength: number
  errorDetails: string | null
  actualError: string | null
  /** Estimated cost of the test call (recorded against the admin's model usage). */
  costUsd: number
}

export function missingResult(slot: KeySlot, model: string): KeyResult {
  return {
    id: slot.id,
    provider: slot.provider,
    status: 'missing',
    model,
    responseTime: null,
    responseLength: null,
    response: null,
    error: KEY_TEST_MESSAGES.missing,
    errorCode: null,
    keySource: slot.envName,
    keyLength: 0,
    errorDetails: null,
    actualError: null,
    costUsd: 0,
  }
}

/** Vendor key shapes (sk-…, xai-…, pplx-…, AIza…) and bearer tokens, whatever the vendor echoes back. */
const KEY_LIKE = /\b(?:sk|xai|pplx|gsk|key)-[A-Za-z0-9_*.-]{4,}|\bAIza[A-Za-z0-9_-]{8,}|\bBearer\s+\S+/g

/** The text with every secret (and any tail of 6+ characters of one) and anything key-like replaced. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text
  for (const s of secrets.filter((x) => x && x.length >= 6).sort((a, b) => b.length - a.length)) {
    out = out.split(s).join('[redacted]')
    // Vendors print a masked key with its last characters ("sk-****wxyz"): drop those tails too.
    for (let n = Math.min(s.length - 1, 12); n >= 6; n--) out = out.split(s.slice(-n)).join('[redacted]')
  }
  return out.replace(KEY_LIKE, '[redacted]')
}

export function keyTestSummary(results: readonly KeyResult[]) {
  const workingKeys = results.filter((r) => r.status === 'working').length
  const failedKeys = results.filter((r) => r.status === 'error').length
  const missing = results.filter((r) => r.status === 'missing').map((r) => r.keySource)
  const recommendation =
    failedKeys > 0
      ? `Check the failing keys (${results.filter((r) => r.status === 'error').map((r) => r.keySource).join(', ')}): replace them or their *_BASE_URL, then restart.`
      : workingKeys === 0
        ? 'No model key is configured: the product runs in demo mode. Set one or more *_API_KEY variables and restart.'
        : missing.length > 0
          ? `All configured keys work. Not configured: ${missing.join(', ')}.`
          : 'All keys work.'
  return { workingKeys, failedKeys, recommendation }
}

/** The spec's shape: key1/key2 (Gemini's two keys), the load balancer, the summary; `providers` has every key. */
export function keyTestReport(results: readonly KeyResult[]) {
  const byId = (id: string) => results.find((r) => r.id === id) ?? null
  return {
    key1: byId('gemini'),
    key2: byId('gemini-2'),
    providers: results,
    loadBalancer: { enabled: false, callCount: 0, currentKey: null },
    summary: keyTestSummary(results),
  }
}
