/**
 * DataForSEO's AI Keyword Data API as the demo and the tests see it: POST
 * /dataforseo/v3/ai_optimization/ai_keyword_data/keywords_search_volume/live with HTTP Basic credentials, answered in
 * the documented envelope (status_code 20000, cost, tasks[].result[].items[] with ai_search_volume and 12 months of
 * ai_monthly_searches). Volumes are plausible and deterministic per keyword and market: a short, generic query is
 * asked more than a long one, a large market more than a small one, and about one keyword in ten has no estimate
 * (no item, as the real API does for keywords it has no data on). A request without credentials gets the API's 401.
 */
import { hash32, unit } from './prng'

export const VOLUME_LIVE_PATH = '/dataforseo/v3/ai_optimization/ai_keyword_data/keywords_search_volume/live'

/** Relative size of each market's AI search demand (United States = 1). */
const MARKET_SIZE: Record<number, number> = {
  2840: 1, 2826: 0.22, 2276: 0.2, 2040: 0.03, 2756: 0.03, 2250: 0.16, 2724: 0.12, 2484: 0.1, 2380: 0.11, 2528: 0.06, 2616: 0.06,
  2620: 0.03, 2076: 0.2, 2392: 0.25, 2410: 0.12, 2156: 0.05, 2158: 0.04, 2356: 0.45, 2050: 0.05, 2586: 0.06, 2643: 0.08, 2804: 0.03,
  2792: 0.08, 2704: 0.06, 2764: 0.05, 2360: 0.12, 2682: 0.05, 2818: 0.05, 2784: 0.04, 2036: 0.08, 2124: 0.12, 2372: 0.03,
}

type Json = Record<string, unknown>

interface Reply {
  status: number
  body: unknown
}

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

function taskId(seed: string): string {
  const h = (s: string) => hash32(seed + s).toString(16).padStart(8, '0')
  return `${h('a')}-${h('b').slice(0, 4)}-0619-0000-${h('c')}${h('d').slice(0, 4)}`
}

/** The estimate of one keyword in one market, with its history (12 months up to the month before `day`), or none. */
function estimate(keyword: string, location: number, language: string, seed: string, day: string) {
  if (unit(seed, 'volume-none', keyword, location) < 0.1) return null
  const words = keyword.split(/\s+/).filter(Boolean).length
  // Log-uniform between 30 and 30,000 searches a month in the US, fewer for longer, more specific queries.
  const base = Math.exp(Math.log(30) + unit(seed, 'volume', keyword, language) * Math.log(1000)) / Math.max(1, words - 2)
  const size = MARKET_SIZE[location] ?? 0.05
  const [y, m] = day.split('-').map(Number)
  const history: { year: number; month: number; ai_search_volume: number }[] = []
  for (let back = 12; back >= 1; back--) {
    const index = y * 12 + (m - 1) - back
    const year = Math.floor(index / 12)
    const month = (index % 12) + 1
    // A gentle rise over the year (AI search grows) plus noise of ±15 %.
    const v = base * size * (0.75 + (12 - back) * 0.025) * (0.85 + 0.3 * unit(seed, 'month', keyword, location, year, month))
    history.push({ year, month, ai_search_volume: Math.max(0, Math.round(v)) })
  }
  history.reverse() // newest first, as the API lists them
  return { keyword, ai_search_volume: history[0].ai_search_volume, ai_monthly_searches: history }
}

/** The reply to a request on the simulator, or undefined when the path is not the volume API's. */
export function volumeReply(method: string | undefined, pathname: string, raw: string, authorization: string | undefined, seed: string, day: string): Reply | undefined {
  if (pathname !== VOLUME_LIVE_PATH) return undefined
  const envelope = (status_code: number, status_message: string, tasks: unknown[] = [], cost = 0) => ({
    version: '0.1.20250526', status_code, status_message, time: '0.0100 sec.', cost, tasks_count: tasks.length,
    tasks_error: tasks.filter((t) => isRecord(t) && t.status_code !== 20000).length, tasks,
  })
  if (method !== 'POST') return { status: 405, body: envelope(40501, 'Method Not Allowed.') }
  if (!/^Basic\s+\S+/i.test(authorization ?? '')) return { status: 401, body: envelope(40100, 'You are not authorized to access this resource.') }
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    return { status: 400, body: envelope(40000, 'Invalid JSON.') }
  }
  if (!Array.isArray(body) || body.length === 0 || !isRecord(body[0])) return { status: 200, body: envelope(40503, 'POST Data Is Invalid.') }
  const tasks = body.map((t, i) => {
    const id = taskId(`${seed}${raw}${i}`)
    const base = { id, time: '0.0100 sec.', result_count: 0, path: ['v3', 'ai_optimization', 'ai_keyword_data', 'keywords_search_volume', 'live'], data: { api: 'ai_optimization', function: 'keywords_search_volume', se_type: 'ai_keyword_data', ...(isRecord(t) ? t : {}) } }
    const keywords = isRecord(t) && Array.isArray(t.keywords) ? t.keywords.filter((k): k is string => typeof k === 'string') : []
    const location = isRecord(t) && typeof t.location_code === 'number' ? t.location_code : undefined
    const language = isRecord(t) && typeof t.language_code === 'string' ? t.language_code : undefined
    if (keywords.length === 0 || keywords.length > 1000) return { ...base, status_code: 40501, status_message: "Invalid Field: 'keywords'.", cost: 0, result: null }
    if (location === undefined || !(location in MARKET_SIZE)) return { ...base, status_code: 40501, status_message: "Invalid Field: 'location_code'.", cost: 0, result: null }
    if (!language) return { ...base, status_code: 40501, status_message: "Invalid Field: 'language_code'.", cost: 0, result: null }
    const items = keywords.map((k) => estimate(k.toLowerCase(), location, language, seed, day)).filter((x) => x !== null)
    // What the real API would charge: per request plus per keyword.
    const cost = Math.round((0.01 + 0.0001 * keywords.length) * 1e6) / 1e6
    return { ...base, status_code: 20000, status_message: 'Ok.', cost, result_count: 1, result: [{ location_code: location, language_code: language, items_count: items.length, items }] }
  })
  const cost = tasks.reduce((s, t) => s + t.cost, 0)
  return { status: 200, body: envelope(20000, 'Ok.', tasks, Math.round(cost * 1e6) / 1e6) }
}
