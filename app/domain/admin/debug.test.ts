import { envKeys } from './debug'

describe('envKeys', () => {
  it('reports name, exists and length, never the value', () => {
    const out = envKeys({ OPENAI_API_KEY: 'sk-secret-123', XAI_API_KEY: '  ', SESSION_SECRET: undefined }, ['OPENAI_API_KEY', 'XAI_API_KEY', 'SESSION_SECRET'])
    expect(out).toEqual([
      { name: 'OPENAI_API_KEY', exists: true, length: 13 },
      { name: 'XAI_API_KEY', exists: false, length: 0 },
      { name: 'SESSION_SECRET', exists: false, length: 0 },
    ])
    expect(JSON.stringify(out)).not.toContain('sk-secret')
  })
})
