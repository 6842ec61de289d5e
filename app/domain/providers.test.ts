import { isDemoMode, loadProviderConfigs } from './providers'

describe('provider configuration', () => {
  it('is demo mode with no key at all, or with DEMO_MODE=true', () => {
    expect(isDemoMode({})).toBe(true)
    expect(isDemoMode({ OPENAI_API_KEY: '  ' })).toBe(true)
    expect(isDemoMode({ OPENAI_API_KEY: 'sk-1' })).toBe(false)
    expect(isDemoMode({ GOOGLE_API_KEY: 'g-1' })).toBe(false)
    expect(isDemoMode({ OPENAI_API_KEY: 'sk-1', DEMO_MODE: 'true' })).toBe(true)
  })

  it('points every provider at the simulator in demo mode', () => {
    const c = loadProviderConfigs({ MODEL_SIMULATOR_URL: 'http://sim:4010/', GEMINI_MODEL: 'gemini-2.5-flash', XAI_CONCURRENCY: '3', DEEPSEEK_TIMEOUT_MS: '5000' })
    expect(c.openai).toMatchObject({ configured: true, simulated: true, baseUrl: 'http://sim:4010/openai/v1', model: 'gpt-5', concurrency: 8, timeoutMs: 120000 })
    expect(c.anthropic.baseUrl).toBe('http://sim:4010/anthropic')
    expect(c.gemini).toMatchObject({ baseUrl: 'http://sim:4010/gemini', model: 'gemini-2.5-flash' })
    expect(c.perplexity).toMatchObject({ baseUrl: 'http://sim:4010/perplexity', model: 'sonar' })
    expect(c.xai).toMatchObject({ baseUrl: 'http://sim:4010/xai/v1', model: 'grok-4', concurrency: 3 })
    expect(c.deepseek).toMatchObject({ baseUrl: 'http://sim:4010/deepseek', model: 'deepseek-chat', timeoutMs: 5000 })
    expect(Object.values(c).every((p) => p.apiKey && p.simulated)).toBe(true)
    expect(loadProviderConfigs({}).openai.baseUrl).toBe('http://127.0.0.1:4010/openai/v1')
  })

  it('uses vendor defaults and leaves keyless providers unconfigured outside demo mode', () => {
    const c = loadProviderConfigs({ ANTHROPIC_API_KEY: 'a', GOOGLE_API_KEY: 'g', ANTHROPIC_MODEL: 'claude-sonnet-4-5', OPENAI_CONCURRENCY: 'x', PERPLEXITY_TIMEOUT_MS: '-1' })
    expect(c.anthropic).toMatchObject({ configured: true, simulated: false, apiKey: 'a', model: 'claude-sonnet-4-5', baseUrl: 'https://api.anthropic.com' })
    expect(c.gemini).toMatchObject({ configured: true, apiKey: 'g', baseUrl: 'https://generativelanguage.googleapis.com' })
    expect(c.openai).toMatchObject({ configured: false, apiKey: undefined, baseUrl: 'https://api.openai.com/v1', concurrency: 8 })
    expect(c.perplexity).toMatchObject({ configured: false, baseUrl: 'https://api.perplexity.ai', timeoutMs: 120000 })
    expect(c.xai.baseUrl).toBe('https://api.x.ai/v1')
    expect(c.deepseek.baseUrl).toBe('https://api.deepseek.com')
    expect(loadProviderConfigs({ GEMINI_API_KEY: 'own', GOOGLE_API_KEY: 'g' }).gemini.apiKey).toBe('own')
  })
})
