import { chatErrorToast, chatErrorTypeOf, chatRequestSchema, historyForModel, safeHref, timeOf, transcriptFileName, transcriptText, welcomeMessage } from './index'
import { brandMetricsResult, chatTools, modelChoiceOf, queryRanksResult, sourcesResult } from './tools'
import type { BrandRankData, QueryRankData, ShareData } from '../results/types'
import { modelByFilter } from '../models'

describe('chat error toasts', () => {
  it('maps each error type to its toast', () => {
    expect(chatErrorToast({ error: '', type: 'quota_exceeded' })).toEqual({ title: 'Service Temporarily Unavailable', description: 'AI service is temporarily unavailable due to quota limits. Please try again in a few minutes.', variant: 'default' })
    expect(chatErrorToast({ error: 'Limit hit', type: 'quota_exceeded' }).description).toBe('Limit hit')
    expect(chatErrorToast({ error: '', type: 'network_error' }).description).toBe('Network error occurred. Please check your connection and try again.')
    expect(chatErrorToast({ error: 'x', type: 'configuration_error' }).description).toBe('AI service configuration error. Please contact support.')
    expect(chatErrorToast({ error: '', details: 'detail' })).toMatchObject({ title: 'Error', description: 'detail' })
    expect(chatErrorToast({ error: '' })).toMatchObject({ title: 'Error', description: 'Failed to get AI response' })
    expect(chatErrorToast(null)).toMatchObject({ title: 'Error', description: 'Unknown error' })
    expect(chatErrorToast({ error: 'Service unavailable due to maintenance' })).toMatchObject({ title: 'Service Temporarily Unavailable' })
  })

  it('types a failed turn by the gateway error kind', () => {
    expect(chatErrorTypeOf('rate_limited')).toBe('quota_exceeded')
    expect(chatErrorTypeOf('configuration')).toBe('configuration_error')
    expect(chatErrorTypeOf('transient')).toBe('network_error')
    expect(chatErrorTypeOf('permanent')).toBe('api_error')
  })
})

describe('requests', () => {
  it('validates the request body', () => {
    expect(chatRequestSchema.safeParse({ projectId: 1, analysisId: '2', message: ' hi ' })).toMatchObject({ success: true, data: { projectId: 1, analysisId: 2, message: 'hi' } })
    expect(chatRequestSchema.safeParse({ projectId: 1, analysisId: 2, message: '  ' }).error?.issues[0].message).toBe('Please enter a message')
    expect(chatRequestSchema.safeParse({ projectId: 1, analysisId: 2, message: 'x'.repeat(4001) }).success).toBe(false)
    expect(chatRequestSchema.safeParse({ projectId: 0, analysisId: 2, message: 'hi' }).success).toBe(false)
  })

  it('sends the last 10 user and assistant messages, starting with the user', () => {
    const history = [{ role: 'system', content: 'welcome' }, ...Array.from({ length: 13 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }))]
    const out = historyForModel(history)
    // The last 10 are m3..m12; m3 is an assistant message, so the model's view starts at m4.
    expect(out.map((m) => m.content)).toEqual(['m4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm12'])
    expect(historyForModel(undefined)).toEqual([])
  })
})

describe('screen helpers', () => {
  it('safeHref keeps http, https and mailto only', () => {
    expect(safeHref('https://a.example/x')).toBe('https://a.example/x')
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c')
    for (const bad of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', 'vbscript:x', '/relative', '', null]) expect(safeHref(bad)).toBeNull()
  })

  it('names the download {project name}_ai_chat_{timestamp}.txt', () => {
    expect(transcriptFileName('Running shoes', new Date('2026-03-02T09:05:07Z'))).toBe('Running shoes_ai_chat_2026-03-02T09-05-07.txt')
    expect(transcriptFileName('a/b:c', new Date('2026-03-02T09:05:07Z'))).toBe('a_b_c_ai_chat_2026-03-02T09-05-07.txt')
  })

  it('formats times HH:mm and the transcript', () => {
    const at = new Date(2026, 2, 2, 7, 4).toISOString()
    expect(timeOf(at)).toBe('07:04')
    expect(transcriptText([{ role: 'user', content: 'Hi', timestamp: at }, { role: 'assistant', content: 'Hello', timestamp: at }])).toBe('[07:04] You:\nHi\n\n[07:04] AI Assistant:\nHello\n')
    expect(welcomeMessage('Brooks', 1234)).toContain('1,234 data points')
  })
})

describe('tools', () => {
  it('offers nine tools, brands limited to the analysis', () => {
    const tools = chatTools(['Brooks', 'Nike'])
    expect(tools.map((t) => t.name)).toEqual(['brand_metrics', 'query_ranks', 'mentions_by_query', 'sentiment', 'sources', 'overview', 'engine_comparison', 'ai_overview_presence', 'search_volume', 'ai_crawlers'])
    expect((tools[8].inputSchema as any).properties.brand.enum).toEqual(['Brooks', 'Nike'])
    expect((tools[1].inputSchema as any).properties.brand.enum).toEqual(['Brooks', 'Nike'])
    expect(modelChoiceOf({ model: 'Claude' })).toBe('claude')
    expect(modelChoiceOf({ model: 'gpt-9' })).toBe('all')
  })

  it('brand_metrics passes the tab figures through unchanged', () => {
    const rank: BrandRankData = {
      tab: 'brand-rank', modelIds: [3, 8], filtered: false, hasAnswers: true, queryCounts: { included: 3, total: 3 },
      rows: [{ name: 'Brooks', isOwn: true, byModel: { 3: 1.5, 8: 1.7 }, combined: 1.6, visibility: 33 }, { name: 'Nike', isOwn: false, byModel: { 3: 3, 8: null }, combined: 3, visibility: 17 }],
    }
    const share: ShareData = { tab: 'share-of-model', modelIds: [3, 8], hasData: true, rows: [{ name: 'Brooks', isOwn: true, byModel: { 3: 42.9, 8: 36.4 }, combined: 40 }, { name: 'Nike', isOwn: false, byModel: { 3: 14.3, 8: 18.2 }, combined: 16 }] }
    expect(brandMetricsResult(null, rank, share).brands).toEqual([
      { brand: 'Brooks', ownBrand: true, rank: 1.6, visibility: '33%', shareOfModel: '40%', rankByModel: { 'Claude Sonnet 4': 1.5, 'ChatGPT 5': 1.7 } },
      { brand: 'Nike', ownBrand: false, rank: 3, visibility: '17%', shareOfModel: '16%', rankByModel: { 'Claude Sonnet 4': 3 } },
    ])
    expect(brandMetricsResult(modelByFilter('claude')!, rank, share).brands[0]).toEqual({ brand: 'Brooks', ownBrand: true, rank: 1.6, visibility: '33%', shareOfModel: '42.9%' })
  })

  it('query_ranks and sources say what is missing', () => {
    const q: QueryRankData = { tab: 'ranking-detail', modelIds: [3], brands: [], brand: 'Nike', queryCount: 2, hasAnswers: true, rows: [
      { queryIndex: 0, query: 'a', topic: null, byModel: { 3: 3 }, combined: 3, visibility: 17 },
      { queryIndex: 1, query: 'b', topic: null, byModel: { 3: null }, combined: null, visibility: 0 },
    ] }
    expect(queryRanksResult(q).queriesRanked).toBe('1 of 2')
    expect(sourcesResult(null, null).note).toMatch(/run the source search/)
  })
})
