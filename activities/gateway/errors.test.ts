import OpenAI from 'openai'
import Anthropic from '@anthropic-ai/sdk'
import { ApiError } from '@google/genai'
import { classifyError, GatewayError, parseDurationMs } from './errors'

describe('parseDurationMs', () => {
  it.each([
    ['26s', 26000],
    ['0.5s', 500],
    ['120ms', 120],
    ['6m0s', 360000],
    ['1m30s', 90000],
    ['12', 12000],
    ['soon', undefined],
    ['', undefined],
  ])('%j -> %j', (text, ms) => expect(parseDurationMs(text)).toBe(ms))
})

describe('classifyError', () => {
  const headers = (h: Record<string, string>) => new Headers(h)

  it('maps HTTP statuses to kinds', () => {
    const cases: Array<[number, string]> = [
      [400, 'permanent'], [404, 'permanent'], [422, 'permanent'], [401, 'configuration'], [403, 'configuration'],
      [408, 'transient'], [500, 'transient'], [502, 'transient'], [503, 'transient'], [504, 'transient'], [529, 'transient'], [429, 'rate_limited'],
    ]
    for (const [status, kind] of cases) {
      const err = classifyError('openai', OpenAI.APIError.generate(status, { error: { message: 'm' } }, undefined, headers({})))
      expect([status, err.kind]).toEqual([status, kind])
      expect(err.status).toBe(status)
    }
  })

  it('reads retry-after-ms, retry-after (seconds or date) and Anthropic reset headers', () => {
    const e1 = classifyError('openai', OpenAI.APIError.generate(429, { error: {} }, undefined, headers({ 'retry-after-ms': '1500', 'retry-after': '9' })))
    expect(e1.retryAfterMs).toBe(1500)
    const at = new Date(Date.now() + 30_000).toUTCString()
    const e2 = classifyError('anthropic', Anthropic.APIError.generate(429, { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } }, undefined, headers({ 'retry-after': at })))
    expect(e2.retryAfterMs).toBeGreaterThan(25_000)
    expect(e2.retryAfterMs).toBeLessThanOrEqual(30_000)
    const reset = new Date(Date.now() + 8_000).toISOString()
    const e3 = classifyError('anthropic', Anthropic.APIError.generate(429, { type: 'error', error: { type: 'rate_limit_error', message: 'x' } }, undefined, headers({ 'anthropic-ratelimit-tokens-remaining': '0', 'anthropic-ratelimit-tokens-reset': reset })))
    expect(e3.retryAfterMs).toBeGreaterThan(6_000)
    expect(e3.userMessage).toMatch(/^Claude Sonnet 4 is rate limited; retrying in [78] s\.$/)
  })

  it('reads Gemini RetryInfo from the ApiError message body', () => {
    const body = { error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'quota', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '3.5s' }] } }
    const err = classifyError('gemini', new ApiError({ status: 429, message: JSON.stringify(body) }))
    expect(err).toMatchObject({ kind: 'rate_limited', retryAfterMs: 3500, userMessage: 'Gemini 2.0 Flash is rate limited; retrying in 4 s.' })
  })

  it('treats a Gemini 400 API_KEY_INVALID and OpenAI insufficient_quota as configuration', () => {
    const bad = { error: { code: 400, status: 'INVALID_ARGUMENT', message: 'API key not valid. Please pass a valid API key.', details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }] } }
    expect(classifyError('gemini', new ApiError({ status: 400, message: JSON.stringify(bad) })).userMessage).toBe('The Google Gemini API key was rejected (400). Check GEMINI_API_KEY.')
    const quota = classifyError('openai', OpenAI.APIError.generate(429, { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } }, undefined, headers({})))
    expect(quota.kind).toBe('configuration')
  })

  it('treats network failures as transient and programming errors as permanent', () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }) })
    expect(classifyError('gemini', refused)).toMatchObject({ kind: 'transient', userMessage: 'Gemini 2.0 Flash could not be reached (ECONNREFUSED); retrying.' })
    expect(classifyError('openai', new OpenAI.APIConnectionError({ message: 'Connection error.' })).kind).toBe('transient')
    expect(classifyError('openai', new OpenAI.APIConnectionTimeoutError()).kind).toBe('transient')
    expect(classifyError('deepseek', new TypeError("Cannot read properties of undefined (reading 'x')")).kind).toBe('permanent')
  })

  it('passes GatewayErrors through and phrases permanent errors for people', () => {
    const g = new GatewayError({ kind: 'permanent', provider: 'xai', message: 'm', userMessage: 'u' })
    expect(classifyError('xai', g)).toBe(g)
    const e = classifyError('perplexity', OpenAI.APIError.generate(400, { error: { message: 'Invalid model: sonar-x' } }, undefined, headers({})))
    expect(e.userMessage).toBe('Perplexity Sonar rejected the request (400): Invalid model: sonar-x.')
    expect(e.retryable).toBe(false)
  })
})
