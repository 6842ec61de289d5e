/**
 * SerpApi as the simulator speaks it, under /serpapi: GET /search.json with api_key and
 *   engine=google              the `ai_overview` block (absent for about a third of queries; sometimes only a
 *                              `page_token` that engine=google_ai_overview turns into the block)
 *   engine=google_ai_overview  the deferred block
 *   engine=google_ai_mode      long `text_blocks` with many `references`
 *   engine=bing_copilot        `header`, `text_blocks`, `references`
 * Errors as SerpApi sends them: `{ "error": … }` with 401, 429 or 400, or search_metadata.status "Error".
 */
import { aiOverviewShown, blocksOf, engineAnswer, type EngineContext, type EngineName, type EngineSim, type EngineWire } from './engines'
import { Rng, unit } from './prng'

/** Share of shown AI Overviews that SerpApi loads later (a page_token). */
const DEFERRED_RATE = 0.3

function metadata(rng: Rng, engine: string, status = 'Success') {
  const id = rng.hex(24)
  return {
    id, status, json_endpoint: `https://serpapi.com/searches/${rng.hex(16)}/${id}.json`, created_at: '2026-11-27 09:00:00 UTC',
    processed_at: '2026-11-27 09:00:00 UTC', raw_html_file: `https://serpapi.com/searches/${rng.hex(16)}/${id}.html`, total_time_taken: 1.87,
    ...(engine === 'google' ? { google_url: 'https://www.google.com/search' } : {}),
  }
}

/** An engine's answer as SerpApi's text_blocks (list items grouped into one list block) and numbered references. */
function textBlocks(ctx: EngineContext, engine: EngineName, q: string) {
  const a = engineAnswer(ctx, engine, q)
  const references = a.sources.map((s, index) => ({ title: s.title, link: s.url, snippet: s.snippet, source: s.siteName, index }))
  const refsFor = (i: number) => (references.length ? [i % references.length] : [])
  const blocks: Record<string, unknown>[] = []
  blocksOf(a.lines).forEach((b, i) => {
    if (b.kind === 'heading') return void blocks.push({ type: 'heading', snippet: b.text })
    if (b.kind === 'paragraph') return void blocks.push({ type: 'paragraph', snippet: b.text, reference_indexes: refsFor(i) })
    const item = { snippet: b.text.replace(/^([-*•]|\d+[.)])\s+/, ''), reference_indexes: refsFor(i) }
    const last = blocks[blocks.length - 1]
    if (last?.type === 'list') (last.list as unknown[]).push(item)
    else blocks.push({ type: 'list', list: [item] })
  })
  return { text_blocks: blocks, references }
}

export function serpApiReply(sim: EngineSim, ctx: EngineContext, url: URL): EngineWire | 'hold' {
  const p = url.searchParams
  const engine = p.get('engine') ?? 'google'
  const rng = new Rng('serpapi', ctx.seed, sim.requests.serpapi, Date.now())
  if (url.pathname !== '/serpapi/search.json' && url.pathname !== '/serpapi/search') return { status: 404, body: { error: `Unknown endpoint ${url.pathname} (model simulator).` } }
  if (!p.get('api_key')) return { status: 401, body: { error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key' } }
  const fault = sim.fault('serpapi', ['429', '500', '401', 'timeout', 'error', 'credit'])
  if (fault?.type === 'timeout') return 'hold'
  if (fault?.type === '429') return { status: 429, body: { error: 'Your account has exceeded the hourly searches limit.' }, headers: fault.retryAfterSeconds ? { 'retry-after': String(fault.retryAfterSeconds) } : {} }
  if (fault?.type === 'credit') return { status: 429, body: { error: 'Your account has run out of searches.' } }
  if (fault?.type === '500') return { status: 500, body: { error: 'Internal server error.' } }
  if (fault?.type === '401') return { status: 401, body: { error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key' } }
  if (fault?.type === 'error') return { status: 200, body: { search_metadata: metadata(rng, engine, 'Error'), error: 'Something went wrong while processing this search. Try again.' } }

  const q = p.get('q') ?? ''
  const parameters = Object.fromEntries([...p.entries()].filter(([k]) => k !== 'api_key'))
  if (engine === 'google_ai_overview') {
    const token = p.get('page_token') ?? ''
    const [query, market] = Buffer.from(token, 'base64url').toString('utf8').split('\u0000')
    if (!query) return { status: 400, body: { error: 'Missing or invalid `page_token` parameter.' } }
    return { status: 200, body: { search_metadata: metadata(rng, engine), search_parameters: parameters, ai_overview: textBlocks(ctx, 'google_ai_overview', query), market } }
  }
  if (!q.trim()) return { status: 400, body: { error: 'Missing query `q` parameter.' } }
  if (engine === 'google') {
    const market = p.get('hl') ?? ''
    const forced = sim.fault('serpapi', ['present', 'absent', 'deferred'])
    const shown = forced ? forced.type !== 'absent' : aiOverviewShown(ctx, q, market)
    const deferred = forced ? forced.type === 'deferred' : unit('aio-deferred', ctx.seed, ctx.day, market, q) < DEFERRED_RATE
    const block = !shown
      ? undefined
      : deferred
        ? { page_token: Buffer.from(`${q}\u0000${market}`).toString('base64url'), serpapi_link: `https://serpapi.com/search.json?engine=google_ai_overview&page_token=…` }
        : textBlocks(ctx, 'google_ai_overview', q)
    return { status: 200, body: { search_metadata: metadata(rng, engine), search_parameters: parameters, search_information: { query_displayed: q }, ...(block ? { ai_overview: block } : {}), organic_results: [] } }
  }
  if (engine === 'google_ai_mode') return { status: 200, body: { search_metadata: metadata(rng, engine), search_parameters: parameters, ...textBlocks(ctx, 'google_ai_mode', q) } }
  if (engine === 'bing_copilot') {
    return { status: 200, body: { search_metadata: metadata(rng, engine), search_parameters: parameters, header: q, ...textBlocks(ctx, 'bing_copilot', q) } }
  }
  return { status: 400, body: { error: `Unsupported \`${engine}\` search engine.` } }
}
