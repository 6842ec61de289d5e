/**
 * The SERP providers' documented response bodies, read into the gateway's ParsedAnswer. Pure: the
 * clients (./dataforseo.ts, ./serpapi.ts) hand each body here, and the unit tests hand the fixtures in
 * tests/fixtures/engines/. An engine that showed no AI answer for the query is `absent`, not an error.
 */
import type { Citation, Source } from '../types'
import type { ParsedAnswer } from '../normalise'

type Json = Record<string, unknown>

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined)
const records = (v: unknown): Json[] => arr(v).filter(isRecord)

/** What one provider call said: an answer, no AI answer for this query, or a task/block that needs another call. */
export type EngineReading =
  | { kind: 'answer'; parsed: ParsedAnswer }
  | { kind: 'absent'; parsed: ParsedAnswer }
  | { kind: 'deferred'; pageToken: string }
  | { kind: 'pending' }

const NO_USAGE = { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, totalTokens: 0 }

export function emptyParsed(vendorCostUsd?: number): ParsedAnswer {
  return { text: '', citations: [], sources: [], searchQueries: [], usage: { ...NO_USAGE }, searches: 1, ...(vendorCostUsd === undefined ? {} : { vendorCostUsd }) }
}

function uniqueSources(list: Source[]): Source[] {
  const seen = new Set<string>()
  return list.filter((s) => s.url && !seen.has(s.url) && (seen.add(s.url), true))
}

// ---------------------------------------------------------------------------------------------- DataForSEO

/** A DataForSEO failure code in the envelope or the task (anything but 20000 Ok and 20100 Task Created). */
export interface DataForSeoStatus {
  code: number
  message: string
  /** Where the code was: the whole request or its one task. */
  level: 'envelope' | 'task'
}

/** 40601 Task Handed, 40602 Task in Queue: a posted task not done yet (poll again). */
export const DATAFORSEO_NOT_READY = [40601, 40602]
/** 40102 No Search Results: the query has no result of that kind (for an AI Overview: none shown). */
export const DATAFORSEO_NO_RESULTS = 40102

/** The envelope's or the task's failure, or undefined when both are 20000 / 20100. */
export function dataForSeoFailure(body: unknown): DataForSeoStatus | undefined {
  if (!isRecord(body)) return { code: 50000, message: 'The response is not a JSON object', level: 'envelope' }
  const code = Number(body.status_code)
  if (code !== 20000) return { code, message: str(body.status_message) ?? 'Unknown error', level: 'envelope' }
  const task = records(body.tasks)[0]
  if (!task) return { code: 50000, message: 'The response holds no task', level: 'envelope' }
  const t = Number(task.status_code)
  if (t === 20000 || t === 20100) return undefined
  return { code: t, message: str(task.status_message) ?? 'Unknown error', level: 'task' }
}

/** The first task's id (task_post answers it with 20100 Task Created). */
export function dataForSeoTaskId(body: unknown): string | undefined {
  return isRecord(body) ? str(records(body.tasks)[0]?.id) : undefined
}

/** The cost the envelope reports (USD), summed over every call of one answer by the caller. */
export function dataForSeoCost(body: unknown): number {
  return isRecord(body) && typeof body.cost === 'number' ? body.cost : 0
}

function dataForSeoResult(body: unknown): Json | undefined {
  return isRecord(body) ? records(records(body.tasks)[0]?.result)[0] : undefined
}

function dataForSeoReference(r: Json): Source | undefined {
  const url = str(r.url)
  return url ? { url, ...(str(r.title) ? { title: str(r.title) } : {}), ...(str(r.text) ? { snippet: str(r.text) } : {}) } : undefined
}

/**
 * SERP API `google/organic` (item type `ai_overview`) and `google/ai_mode` (its answer is an `ai_overview` item too):
 * the item's markdown (else its elements' text), its references and its elements' references. No such item:
 * absent. Each element's references cite that element's text.
 */
export function parseDataForSeoAiOverview(body: unknown, costUsd: number): EngineReading {
  const failure = dataForSeoFailure(body)
  if (failure && failure.code === DATAFORSEO_NO_RESULTS) return { kind: 'absent', parsed: emptyParsed(costUsd) }
  if (failure && DATAFORSEO_NOT_READY.includes(failure.code)) return { kind: 'pending' }
  const item = records(dataForSeoResult(body)?.items).find((i) => i.type === 'ai_overview')
  if (!item) return { kind: 'absent', parsed: emptyParsed(costUsd) }
  const elements = records(item.items)
  const text = str(item.markdown) ?? elements.map((e) => [str(e.title) ? `## ${e.title}` : '', str(e.markdown) ?? str(e.text) ?? ''].filter(Boolean).join('\n')).join('\n\n')
  if (!text.trim()) return { kind: 'absent', parsed: emptyParsed(costUsd) }
  const citations: Citation[] = []
  for (const e of elements) {
    const body = str(e.text) ?? str(e.markdown)
    const at = body ? text.indexOf(body) : -1
    for (const ref of records(e.references)) {
      const s = dataForSeoReference(ref)
      if (s) citations.push({ url: s.url, ...(s.title ? { title: s.title } : {}), ...(at >= 0 && body ? { startIndex: at, endIndex: at + body.length } : {}) })
    }
  }
  const sources = uniqueSources([...records(item.references), ...elements.flatMap((e) => records(e.references))].flatMap((r) => dataForSeoReference(r) ?? []))
  return { kind: 'answer', parsed: { ...emptyParsed(costUsd), text, citations, sources } }
}

/** AI Optimization `chat_gpt/llm_scraper` task_get/advanced (or live/advanced): the answer's markdown, its sources and fan-out queries. */
export function parseDataForSeoChatGpt(body: unknown, costUsd: number): EngineReading {
  const failure = dataForSeoFailure(body)
  if (failure && DATAFORSEO_NOT_READY.includes(failure.code)) return { kind: 'pending' }
  const result = dataForSeoResult(body)
  if (!result) return { kind: 'pending' }
  const text = str(result.markdown) ?? records(result.items).map((i) => str(i.markdown) ?? str(i.text) ?? '').join('\n\n')
  const sources = uniqueSources(records(result.sources).flatMap((s) => {
    const url = str(s.url)
    return url ? [{ url, ...(str(s.title) ? { title: str(s.title) } : {}), ...(str(s.snippet) ? { snippet: str(s.snippet) } : {}) }] : []
  }))
  const searchQueries = arr(result.fan_out_queries).flatMap((q) => str(q) ?? [])
  const parsed = { ...emptyParsed(costUsd), text, sources, searchQueries, citations: sources.map((s) => ({ url: s.url, ...(s.title ? { title: s.title } : {}) })) }
  return { kind: text.trim() ? 'answer' : 'absent', parsed }
}

// ---------------------------------------------------------------------------------------------- SerpApi

/**
 * SerpApi's `text_blocks` (AI Overview, AI Mode, Bing Copilot) as markdown: headings, paragraphs, lists (nested
 * lists indented) and tables; each block's `reference_indexes` cite its text.
 */
export function serpApiAnswer(blocksIn: unknown, referencesIn: unknown, costUsd: number): ParsedAnswer {
  const references = records(referencesIn)
  const refOf = (index: unknown) => references.find((r) => r.index === index)
  let text = ''
  const citations: Citation[] = []
  const cite = (start: number, indexes: unknown) => {
    for (const i of arr(indexes)) {
      const r = refOf(i)
      const url = r && str(r.link)
      if (url) citations.push({ url, ...(str(r.title) ? { title: str(r.title) } : {}), startIndex: start, endIndex: text.length })
    }
  }
  const add = (line: string, indexes?: unknown, gap = false) => {
    if (text) text += gap ? '\n\n' : '\n'
    const start = text.length
    text += line
    cite(start, indexes)
  }
  // A list or table starts after a blank line (markdown); its rows follow one per line.
  const listItems = (items: unknown, depth: number) => {
    records(items).forEach((li, i) => {
      const title = str(li.title)
      const snippet = str(li.snippet) ?? ''
      add(`${'  '.repeat(depth)}- ${title ? `**${title}**${snippet ? ': ' : ''}` : ''}${snippet}`, li.reference_indexes, depth === 0 && i === 0)
      if (li.list) listItems(li.list, depth + 1)
    })
  }
  for (const b of records(blocksIn)) {
    if (b.type === 'heading') add(`## ${str(b.snippet) ?? ''}`, undefined, true)
    else if (b.type === 'list') listItems(b.list, 0)
    else if (b.type === 'table') arr(b.table).forEach((row, i) => add(`| ${arr(row).map((c) => String(c)).join(' | ')} |`, undefined, i === 0))
    else if (b.type === 'expandable' || b.type === 'comparison') listItems(b.text_blocks ?? b.list, 0)
    else if (str(b.snippet)) add(str(b.snippet)!, b.reference_indexes, true)
    if (b.type === 'paragraph' && b.list) listItems(b.list, 0)
  }
  const sources = uniqueSources(references.flatMap((r) => {
    const url = str(r.link)
    return url ? [{ url, ...(str(r.title) ? { title: str(r.title) } : {}), ...(str(r.snippet) ? { snippet: str(r.snippet) } : {}) }] : []
  }))
  return { ...emptyParsed(costUsd), text, citations, sources }
}

/**
 * engine=google: the `ai_overview` block is the answer; with only a `page_token` the block is loaded later
 * (engine=google_ai_overview, within a minute); no block at all: absent. engine=google_ai_overview answers the
 * block itself under `ai_overview`.
 */
export function parseSerpApiAiOverview(body: unknown, costUsd: number): EngineReading {
  const block = isRecord(body) ? body.ai_overview : undefined
  if (!isRecord(block)) return { kind: 'absent', parsed: emptyParsed(costUsd) }
  if (!block.text_blocks && str(block.page_token)) return { kind: 'deferred', pageToken: str(block.page_token)! }
  const parsed = serpApiAnswer(block.text_blocks, block.references, costUsd)
  return parsed.text ? { kind: 'answer', parsed } : { kind: 'absent', parsed: emptyParsed(costUsd) }
}

/** engine=google_ai_mode and engine=bing_copilot: top-level `text_blocks` and `references`. */
export function parseSerpApiTextBlocks(body: unknown, costUsd: number): EngineReading {
  if (!isRecord(body)) return { kind: 'absent', parsed: emptyParsed(costUsd) }
  const parsed = serpApiAnswer(body.text_blocks, body.references, costUsd)
  return parsed.text ? { kind: 'answer', parsed } : { kind: 'absent', parsed: emptyParsed(costUsd) }
}
