import { KEY_SLOTS, keyTestReport, keyTestSummary, missingResult, redactSecrets } from './key-test'

describe('redactSecrets', () => {
  it('removes the key, its masked tail and anything key-shaped', () => {
    const key = 'sk-proj-abcdefghijklmnop1234'
    expect(redactSecrets(`Incorrect API key provided: ${key}.`, [key])).toBe('Incorrect API key provided: [redacted].')
    expect(redactSecrets('Incorrect API key provided: sk-proj-****************p1234', [key])).not.toContain('p1234')
    expect(redactSecrets('key AIzaSyA-1234567890abcdef is invalid', [])).toBe('key [redacted] is invalid')
    expect(redactSecrets('Authorization: Bearer abc.def', [])).toBe('Authorization: [redacted]')
    expect(redactSecrets('The model is overloaded', [key])).toBe('The model is overloaded')
  })
})

describe('keyTestSummary', () => {
  const missing = KEY_SLOTS.map((s) => missingResult(s, 'm'))
  it('no key: demo mode advice', () => {
    expect(keyTestSummary(missing)).toMatchObject({ workingKeys: 0, failedKeys: 0, recommendation: expect.stringContaining('demo mode') })
  })
  it('counts working and failing keys and names the failing ones', () => {
    const results = missing.map((r) => (r.id === 'openai' ? { ...r, status: 'working' as const } : r.id === 'xai' ? { ...r, status: 'error' as const } : r))
    expect(keyTestSummary(results)).toEqual({ workingKeys: 1, failedKeys: 1, recommendation: expect.stringContaining('XAI_API_KEY') })
  })
  it('key1 and key2 are Gemini’s two keys', () => {
    const r = keyTestReport(missing)
    expect([r.key1?.keySource, r.key2?.keySource]).toEqual(['GEMINI_API_KEY', 'GOOGLE_API_KEY'])
    expect(r.key1?.error).toBe('Key not configured')
  })
})
