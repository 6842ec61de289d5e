import { describe, expect, it } from 'vitest'
import { parseModelChanges, servedModel } from './model-changes'

describe('planted model updates', () => {
  it('answer as the new version from the given day, for that vendor only', () => {
    const parsed = parseModelChanges([{ provider: 'openai', from: '2026-03-12', version: 'gpt-5-2026-03-12' }], ['openai', 'anthropic'])
    const changes = 'changes' in parsed ? parsed.changes : []
    expect(servedModel(changes, 'openai', 'gpt-5', '2026-03-11')).toBe('gpt-5')
    expect(servedModel(changes, 'openai', 'gpt-5', '2026-03-12')).toBe('gpt-5-2026-03-12')
    expect(servedModel(changes, 'anthropic', 'claude-sonnet-4', '2026-03-12')).toBe('claude-sonnet-4')
    expect(parseModelChanges([{ provider: 'acme', from: '2026-03-12', version: 'x' }], ['openai'])).toEqual({ errors: ['modelChanges[0].provider must be one of openai'] })
  })
})
