import { describe, expect, it } from 'vitest'
import { addModelRoutes, modelByAddPath } from './models'

describe('add-model routes', () => {
  it('are the twelve add-model URLs and the eight of the engines, each adding its model', () => {
    expect(addModelRoutes().map((r) => `${r.path} ${r.modelId}`).sort()).toEqual(
      [
        '/api/analyses/add-claude 3', '/api/add-claude-analysis 3',
        '/api/analyses/add-perplexity 5', '/api/add-perplexity-analysis 5',
        '/api/analyses/add-gemini 6', '/api/add-gemini-analysis 6',
        '/api/analyses/add-gpt41 8', '/api/add-chatgpt5-analysis 8',
        '/api/analyses/add-grok3 9', '/api/add-grok3-analysis 9',
        '/api/analyses/add-deepseek 10', '/api/add-deepseek-analysis 10',
        // The engines.
        '/api/analyses/add-ai-overview 11', '/api/add-ai-overview-analysis 11',
        '/api/analyses/add-ai-mode 12', '/api/add-ai-mode-analysis 12',
        '/api/analyses/add-copilot 13', '/api/add-copilot-analysis 13',
        '/api/analyses/add-chatgpt-app 14', '/api/add-chatgpt-app-analysis 14',
      ].sort(),
    )
  })

  it('name the model from the path, and nothing for another path', () => {
    expect(modelByAddPath('/api/add-chatgpt5-analysis')?.name).toBe('ChatGPT 5')
    expect(modelByAddPath('/api/analyses/add-gemini/')?.id).toBe(6)
    expect(modelByAddPath('/api/analyses/add-chatgpt5')).toBeUndefined()
    expect(modelByAddPath('/api/analyses/12')).toBeUndefined()
  })
})
