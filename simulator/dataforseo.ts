/**
 * DataForSEO v3 as the simulator speaks it, under /dataforseo: HTTP Basic auth, the JSON envelope
 * (`status_code` 20000 and one task), each call's `cost`, and:
 *   POST /v3/serp/google/organic/live/advanced         item `ai_overview` (absent for about a third of queries)
 *   POST /v3/serp/google/ai_mode/live/advanced          one long `ai_overview` item
 *   POST /v3/ai_optimization/chat_gpt/llm_scraper/task_post, GET …/task_get/advanced/{id}  (40602 "Task In Queue" first)
 */
import type http from 'node:http'
import { aiOverviewShown, engineAnswer, type EngineContext, type EngineName, type EngineSim, type EngineWire } from './engines'
import { Rng } from './prng'

/** What each call is billed (USD), as the price list puts it. */
const COST = { organic: 0.002, asyncAiOverview: 0.002, aiMode: 0.004, scraperPost: 0.004, scraperGet: 0 }

function taskId(rng: Rng): string {
  const d = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}-1535-0${rng.int(100, 999)}-0000-${rng.chars(12).toLowerCase()}`
}

function envelope(tasks: Record<string, unknown>[], cost: number, statusCode = 20000, statusMessage = 'Ok.'): Record<string, unknown> {
  return {
    version: '0.1.20251120',
    status_code: statusCode,
    status_message: statusMessage,
    time: '1.9731 sec.',
    cost,
    tasks_count: tasks.length,
    tasks_error: tasks.filter((t) => t.status_code !== 20000 && t.status_code !== 20100).length,
    tasks,
  }
}

function task(id: string, path: string, data: Record<string, unknown>, cost: number, result: unknown[] | null, code = 20000, message = 'Ok.'): Record<string, unknown> {
  return { id, status_code: code, status_message: message, time: '1.8822 sec.', cost, result_count: result?.length ?? 0, path: path.split('/').filter(Boolean), data, result }
}

function reference(s: { url: string; title: string; snippet: string; domain: string; siteName: string }) {
  return { type: 'ai_overview_reference', source: s.siteName, domain: s.domain, url: s.url, title: s.title, text: s.snippet }
}

/** An `ai_overview` item: the text as markdown, split into elements that each cite one reference. */
function aiOverviewItem(ctx: EngineContext, engine: EngineName, keyword: string) {
  const a = engineAnswer(ctx, engine, keyword)
  const elements = a.lines.map((line, i) => ({
    type: 'ai_overview_element', position: 'left', title: null, text: line.replace(/\*\*/g, ''), markdown: line, links: null, images: null,
    references: a.sources.length ? [reference(a.sources[i % a.sources.length])] : [],
  }))
  return {
    type: 'ai_overview', rank_group: 1, rank_absolute: 1, position: 'left', xpath: '/html[1]/body[1]/div[3]/div[1]', markdown: a.lines.join('\n\n'),
    items: elements, references: a.sources.map(reference), asynchronous_ai_overview: engine === 'google_ai_overview',
  }
}

function serpResult(ctx: EngineContext, data: Record<string, unknown>, type: string, items: unknown[]) {
  return {
    keyword: data.keyword, type, se_domain: 'google.com', location_code: data.location_code, language_code: data.language_code,
    check_url: `https://www.google.com/search?q=${encodeURIComponent(String(data.keyword))}`, datetime: `${ctx.day} 09:00:00 +00:00`, spell: null,
    refinement_chips: null, item_types: items.map((i) => (i as { type: string }).type), se_results_count: 0, items_count: items.length, items,
  }
}

export function dataForSeoReply(sim: EngineSim, ctx: EngineContext, req: http.IncomingMessage, path: string, raw: string): EngineWire | 'hold' {
  const rng = new Rng('dataforseo', ctx.seed, sim.requests.dataforseo, Date.now())
  if (!/^Basic \S+/.test(String(req.headers.authorization ?? ''))) return { status: 200, body: envelope([], 0, 40100, 'You are not authorized to access this resource.') }
  const fault = sim.fault('dataforseo', ['429', '500', '401', 'timeout', 'error', 'credit'])
  if (fault?.type === 'timeout') return 'hold'
  if (fault?.type === '429') return { status: 429, body: envelope([], 0, 40202, 'Rate limit per minute exceeded.'), headers: { 'retry-after': String(fault.retryAfterSeconds ?? 1) } }
  if (fault?.type === '500') return { status: 500, body: envelope([], 0, 50000, 'Internal Error.') }
  if (fault?.type === '401') return { status: 401, body: envelope([], 0, 40100, 'You are not authorized to access this resource.') }
  if (fault?.type === 'credit') return { status: 200, body: envelope([], 0, 40210, 'Insufficient funds. Please, top up your balance.') }
  if (fault?.type === 'error') return { status: 200, body: envelope([task(taskId(rng), path, {}, 0, null, 50000, 'Internal Error.')], 0) }

  const got = /^\/v3\/ai_optimization\/chat_gpt\/llm_scraper\/task_get\/advanced\/([^/]+)$/.exec(path)
  if (got && req.method === 'GET') {
    const t = sim.tasks.get(got[1])
    sim.polls++
    if (!t) return { status: 200, body: envelope([task(got[1], path, {}, 0, null, 40401, 'Task Not Found.')], 0) }
    if (t.pendingPolls > 0) {
      t.pendingPolls--
      return { status: 200, body: envelope([task(got[1], path, t.body.data as Record<string, unknown>, 0, null, 40602, 'Task In Queue.')], 0) }
    }
    return { status: 200, body: envelope([{ ...t.body, path: path.split('/').filter(Boolean) }], COST.scraperGet) }
  }
  if (req.method !== 'POST') return { status: 404, body: envelope([], 0, 40400, 'Not Found.') }
  const data = (JSON.parse(raw || '[]') as Record<string, unknown>[])[0]
  if (!data || typeof data.keyword !== 'string' || !data.keyword.trim()) {
    return { status: 200, body: envelope([task(taskId(rng), path, data ?? {}, 0, null, 40501, 'Invalid Field: \'keyword\'.')], 0) }
  }
  const keyword = data.keyword
  const market = String(data.language_code ?? '')
  const id = taskId(rng)
  if (path === '/v3/serp/google/organic/live/advanced') {
    const forced = sim.fault('dataforseo', ['present', 'absent'])
    const shown = forced ? forced.type === 'present' : aiOverviewShown(ctx, keyword, market)
    const items = shown ? [aiOverviewItem(ctx, 'google_ai_overview', keyword)] : []
    const cost = COST.organic + (data.load_async_ai_overview ? COST.asyncAiOverview : 0)
    return { status: 200, body: envelope([task(id, path, data, cost, [serpResult(ctx, data, 'organic', items)])], cost) }
  }
  if (path === '/v3/serp/google/ai_mode/live/advanced') {
    return { status: 200, body: envelope([task(id, path, data, COST.aiMode, [serpResult(ctx, data, 'ai_mode', [aiOverviewItem(ctx, 'google_ai_mode', keyword)])])], COST.aiMode) }
  }
  if (path === '/v3/ai_optimization/chat_gpt/llm_scraper/task_post') {
    const a = engineAnswer(ctx, 'chatgpt_app', keyword)
    const sources = a.sources.map((s) => ({ type: 'chat_gpt_source', title: s.title, snippet: s.snippet, domain: s.domain, url: s.url, source_name: s.siteName, thumbnail: null, publication_date: null, markdown: null }))
    const markdown = a.lines.join('\n\n')
    const result = {
      keyword, location_code: data.location_code, language_code: data.language_code, model: 'gpt-5', check_url: null, datetime: `${ctx.day} 09:00:00 +00:00`,
      markdown, search_results: sources.map((s) => ({ type: 'chat_gpt_search_result', url: s.url, domain: s.domain, title: s.title, description: s.snippet })),
      sources, fan_out_queries: a.searchQueries, brand_entities: [], se_results_count: 0, item_types: ['chat_gpt_text'], items_count: 1,
      items: [{ type: 'chat_gpt_text', rank_group: 1, rank_absolute: 1, markdown, sources }],
    }
    const pending = sim.fault('dataforseo', ['pending'])
    sim.tasks.set(id, { body: task(id, path, data, 0, [result]), pendingPolls: pending ? (pending.polls ?? 1) : 1 })
    return { status: 200, body: envelope([task(id, path, data, COST.scraperPost, null, 20100, 'Task Created.')], COST.scraperPost) }
  }
  return { status: 404, body: envelope([], 0, 40400, `Not Found: ${path} (model simulator).`) }
}
