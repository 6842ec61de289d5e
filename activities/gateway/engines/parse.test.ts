import { readFileSync } from 'node:fs'
import { dataForSeoFailure, dataForSeoTaskId, parseDataForSeoAiOverview, parseDataForSeoChatGpt, parseSerpApiAiOverview, parseSerpApiTextBlocks } from './parse'
import { engineError } from './errors'

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../tests/fixtures/engines/${name}.json`, import.meta.url), 'utf8'))

describe('DataForSEO', () => {
  it('reads the ai_overview item of google/organic: markdown, references once each, element citations', () => {
    const r = parseDataForSeoAiOverview(fixture('dataforseo-organic-aio'), 0.004)
    expect(r.kind).toBe('answer')
    if (r.kind !== 'answer') return
    expect(r.parsed.text).toBe('HubSpot and Salesforce lead most shortlists.\n\n1. **HubSpot** – free plan, easy to start.\n2. **Salesforce** – the most customisable.')
    expect(r.parsed.sources.map((s) => s.url)).toEqual(['https://zapier.com/blog/best-crm-app/', 'https://www.g2.com/categories/crm'])
    // The first element's text starts at 0 and is 44 characters long.
    expect(r.parsed.citations[0]).toEqual({ url: 'https://zapier.com/blog/best-crm-app/', title: 'The best CRM software in 2026', startIndex: 0, endIndex: 44 })
    expect(r.parsed.vendorCostUsd).toBe(0.004)
  })

  it('a SERP without an ai_overview item is absent, and still costs what the envelope says', () => {
    const r = parseDataForSeoAiOverview(fixture('dataforseo-organic-no-aio'), 0.004)
    expect(r.kind).toBe('absent')
    expect(r.kind === 'absent' && r.parsed.text).toBe('')
    expect(r.kind === 'absent' && r.parsed.vendorCostUsd).toBe(0.004)
  })

  it('reads google/ai_mode: one ai_overview item, duplicate references listed once', () => {
    const r = parseDataForSeoAiOverview(fixture('dataforseo-ai-mode'), 0.004)
    expect(r.kind === 'answer' && r.parsed.text.startsWith('## Top picks')).toBe(true)
    expect(r.kind === 'answer' && r.parsed.sources.length).toBe(2)
  })

  it('task_post answers 20100 Task Created with the task id; 40602 is not ready; task_get holds the ChatGPT answer', () => {
    expect(dataForSeoFailure(fixture('dataforseo-chatgpt-task-post'))).toBeUndefined()
    expect(dataForSeoTaskId(fixture('dataforseo-chatgpt-task-post'))).toBe('11271011-1535-0583-0000-8c3f4a6d5e74')
    expect(dataForSeoFailure(fixture('dataforseo-chatgpt-in-queue'))).toEqual({ code: 40602, message: 'Task In Queue.', level: 'task' })
    expect(parseDataForSeoChatGpt(fixture('dataforseo-chatgpt-in-queue'), 0).kind).toBe('pending')
    const r = parseDataForSeoChatGpt(fixture('dataforseo-chatgpt-task-get'), 0.004)
    expect(r.kind).toBe('answer')
    if (r.kind !== 'answer') return
    expect(r.parsed.text).toContain('1. **HubSpot**')
    expect(r.parsed.sources.map((s) => s.url)).toEqual(['https://www.hubspot.com/products/crm', 'https://www.zoho.com/crm/'])
    expect(r.parsed.searchQueries).toEqual(['best crm software 2026', 'crm for small business uk'])
  })

  it('an envelope status_code other than 20000 is a failure, classified by code', () => {
    expect(dataForSeoFailure(fixture('dataforseo-rate-limit'))).toEqual({ code: 40202, message: 'Rate limit per minute exceeded.', level: 'envelope' })
    expect(engineError('dataforseo', { code: 40202, message: 'Rate limit per minute exceeded.' }).kind).toBe('rate_limited')
    expect(engineError('dataforseo', { code: 40210, message: 'Insufficient funds. Please, top up your balance.' }).kind).toBe('configuration')
    expect(engineError('dataforseo', { code: 40100, message: 'You are not authorized to access this resource.' }).kind).toBe('configuration')
    expect(engineError('dataforseo', { code: 50000, message: 'Internal Error.' }).kind).toBe('transient')
    expect(engineError('dataforseo', { code: 40501, message: "Invalid Field: 'keyword'." }).kind).toBe('permanent')
    expect(engineError('dataforseo', { status: 429, message: 'Too Many Requests', retryAfterMs: 2000 })).toMatchObject({ kind: 'rate_limited', retryAfterMs: 2000 })
  })
})

describe('SerpApi', () => {
  it('engine=google: the ai_overview block as text, each list item citing its references', () => {
    const r = parseSerpApiAiOverview(fixture('serpapi-google-aio'), 0.015)
    expect(r.kind).toBe('answer')
    if (r.kind !== 'answer') return
    expect(r.parsed.text).toBe('HubSpot and Salesforce lead most shortlists.\n\n- **HubSpot**: free plan, easy to start.\n- **Salesforce**: the most customisable.')
    // The paragraph is 44 characters (0..44) and cites reference 0; a blank line (2) → the first item starts at 46 and is
    // "- " 2 + "**HubSpot**" 11 + ": " 2 + "free plan, easy to start." 25 = 40 long (46..86), citing 1; a newline → the
    // second starts at 87, 2 + 14 + 2 + 22 = 40 long (87..127), citing 0 and 1.
    expect(r.parsed.citations.map((c) => [c.url, c.startIndex, c.endIndex])).toEqual([
      ['https://zapier.com/blog/best-crm-app/', 0, 44],
      ['https://www.g2.com/categories/crm', 46, 86],
      ['https://zapier.com/blog/best-crm-app/', 87, 127],
      ['https://www.g2.com/categories/crm', 87, 127],
    ])
    expect(r.parsed.sources).toHaveLength(2)
    expect(r.parsed.vendorCostUsd).toBe(0.015)
  })

  it('a block with only a page_token is deferred; no block is absent', () => {
    expect(parseSerpApiAiOverview(fixture('serpapi-google-deferred'), 0.015)).toEqual({ kind: 'deferred', pageToken: 'KIVu-nictZPdjpswEIXfxdcRCmQ' })
    expect(parseSerpApiAiOverview(fixture('serpapi-google-no-aio'), 0.015).kind).toBe('absent')
  })

  it('engine=google_ai_overview answers the deferred block', () => {
    const r = parseSerpApiAiOverview(fixture('serpapi-ai-overview'), 0.03)
    expect(r.kind === 'answer' && r.parsed.text).toBe('## Good fits for startups\n\n- **Pipedrive**: simple pipelines.\n- **HubSpot**: free to start.')
  })

  it('engine=google_ai_mode: headings, nested lists and tables; engine=bing_copilot: paragraphs', () => {
    const mode = parseSerpApiTextBlocks(fixture('serpapi-ai-mode'), 0.015)
    expect(mode.kind === 'answer' && mode.parsed.text).toBe(
      'It depends on team size.\n\n## Leaders\n\n- **Salesforce**: deepest platform.\n  - Einstein AI built in.\n\n| CRM | Free plan |\n| HubSpot | Yes |',
    )
    expect(mode.kind === 'answer' && mode.parsed.sources).toHaveLength(2)
    const copilot = parseSerpApiTextBlocks(fixture('serpapi-bing-copilot'), 0.015)
    expect(copilot.kind === 'answer' && copilot.parsed.citations[0].url).toBe('https://www.pcmag.com/picks/the-best-crm-software')
  })

  it('HTTP errors: 429 "run out of searches" is the account (configuration), another 429 a rate limit, 401 credentials', () => {
    expect(engineError('serpapi', { status: 429, message: 'Your account has run out of searches.' }).kind).toBe('configuration')
    expect(engineError('serpapi', { status: 429, message: 'Your account has exceeded the hourly searches limit.' }).kind).toBe('rate_limited')
    expect(engineError('serpapi', { status: 401, message: 'Invalid API key.' }).kind).toBe('configuration')
    expect(engineError('serpapi', { status: 503, message: 'unavailable' }).kind).toBe('transient')
    expect(engineError('serpapi', { status: 400, message: 'Missing query `q` parameter.' }).kind).toBe('permanent')
  })
})
