/**
 * Pure parsers from each vendor's response body to the gateway's normalised shape. They read
 * the JSON the SDKs return (which is the wire body) loosely, because vendors add and omit
 * fields (xAI's web_search_call has no `action`, Gemini omits startIndex 0, ...).
 */
import type { Citation, Source, Usage } from './types'
import { codePointToUtf16Index, dedupeSources, sentenceAround, urlsInText, utf8ByteIndexer } from './text'

export interface ParsedAnswer {
  text: string
  citations: Citation[]
  sources: Source[]
  searchQueries: string[]
  usage: Usage
  /** Web searches (or grounded requests) billed, for the cost estimate. */
  searches: number
  /** Cost the vendor reported in the body, when it does. */
  vendorCostUsd?: number
  /** Set when the model declined to answer. */
  refusal?: string
  /** Claude paused its turn (stop_reason "pause_turn"): the answer goes on in a continuation request. */
  paused?: boolean
  /** Anthropic forced tool call input (structured output). */
  toolInput?: unknown
}

type Json = Record<string, unknown>

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : []
}
function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined
}
function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0
}
function pushUnique(list: string[], value: unknown): void {
  if (typeof value === 'string' && value.trim() && !list.includes(value.trim())) list.push(value.trim())
}
/**
 * Billed usage from a vendor's figures. Reasoning tokens are billed as output: most vendors
 * count them inside their output figure (input + output = total), xAI's chat completions
 * beside it (prompt 12 + completion 1 + reasoning 228 = total 241). They are added to the
 * output when the total says so, or when the output is smaller than the reasoning alone.
 */
export function usageOf(input: number, output: number, total = 0, reasoning = 0): Usage {
  const beside = reasoning > 0 && (output < reasoning || (total > 0 && input + output + reasoning === total))
  const outputTokens = beside ? output + reasoning : output
  return { inputTokens: input, outputTokens, reasoningTokens: reasoning, totalTokens: input + outputTokens }
}
function withOptional(c: Citation): Citation {
  for (const k of Object.keys(c) as Array<keyof Citation>) if (c[k] === undefined || c[k] === '') delete c[k]
  return c
}

/**
 * For citations that carry only a URL (xAI): find where the text itself links that URL
 * (a markdown link around it, else the bare URL) and use that span.
 */
function locateUrl(text: string, url: string, from: Map<string, number>): { start: number; end: number } | undefined {
  const at = text.indexOf(url, from.get(url) ?? 0)
  if (at < 0) return undefined
  from.set(url, at + url.length)
  const open = text.lastIndexOf('[', at)
  const linkOpen = text.lastIndexOf('](', at)
  if (open >= 0 && linkOpen >= open && linkOpen + 2 === at && text[at + url.length] === ')') {
    const start = open > 0 && text[open - 1] === '[' ? open - 1 : open
    return { start, end: at + url.length + 1 }
  }
  return { start: at, end: at + url.length }
}

// ---------------------------------------------------------------------------
// OpenAI Responses API (OpenAI and xAI)

export function parseResponses(raw: unknown): ParsedAnswer {
  const body = isRecord(raw) ? raw : {}
  let text = ''
  const citations: Citation[] = []
  const searchQueries: string[] = []
  let searches = 0
  let refusal: string | undefined
  const unplaced: Citation[] = []

  for (const item of arr(body.output)) {
    if (!isRecord(item)) continue
    if (item.type === 'web_search_call') {
      searches++
      const action = isRecord(item.action) ? item.action : undefined
      if (action?.type === 'search') {
        pushUnique(searchQueries, action.query)
        for (const q of arr(action.queries)) pushUnique(searchQueries, q)
      }
      // xAI: { name: 'web_search', arguments: '{"query":"..."}' }
      if (typeof item.arguments === 'string') {
        try {
          const args: unknown = JSON.parse(item.arguments)
          if (isRecord(args)) {
            pushUnique(searchQueries, args.query)
            for (const q of arr(args.queries)) pushUnique(searchQueries, q)
          }
        } catch {}
      }
      continue
    }
    if (item.type !== 'message') continue
    for (const part of arr(item.content)) {
      if (!isRecord(part)) continue
      if (part.type === 'refusal') refusal = str(part.refusal) ?? 'refused'
      if (part.type !== 'output_text') continue
      const partText = str(part.text) ?? ''
      const base = text.length
      for (const ann of arr(part.annotations)) {
        if (!isRecord(ann) || ann.type !== 'url_citation') continue
        const url = str(ann.url)
        if (!url) continue
        const c: Citation = { url, title: str(ann.title) }
        if (typeof ann.start_index === 'number' && typeof ann.end_index === 'number') {
          // OpenAI counts characters (code points); JS strings index UTF-16 units.
          c.startIndex = base + codePointToUtf16Index(partText, ann.start_index)
          c.endIndex = base + codePointToUtf16Index(partText, ann.end_index)
          citations.push(c)
        } else {
          unplaced.push(c)
        }
      }
      text += partText
    }
  }

  const cursor = new Map<string, number>()
  for (const c of unplaced) {
    const span = locateUrl(text, c.url, cursor)
    if (span) {
      c.startIndex = span.start
      c.endIndex = span.end
    }
    citations.push(c)
  }
  for (const c of citations) {
    if (c.startIndex !== undefined && c.endIndex !== undefined) c.snippet = sentenceAround(text, c.startIndex, c.endIndex) || undefined
    withOptional(c)
  }

  const u = isRecord(body.usage) ? body.usage : {}
  if (searches === 0) searches = num(u.num_server_side_tools_used)
  return {
    text,
    citations,
    sources: dedupeSources(citations),
    searchQueries,
    usage: usageOf(num(u.input_tokens), num(u.output_tokens), num(u.total_tokens), num(isRecord(u.output_tokens_details) ? u.output_tokens_details.reasoning_tokens : 0)),
    searches,
    refusal,
  }
}

// ---------------------------------------------------------------------------
// Anthropic Messages API

export function parseAnthropic(raw: unknown): ParsedAnswer {
  const body = isRecord(raw) ? raw : {}
  let text = ''
  const citations: Citation[] = []
  const results: Source[] = []
  const searchQueries: string[] = []
  let searchCalls = 0
  let toolInput: unknown

  for (const block of arr(body.content)) {
    if (!isRecord(block)) continue
    switch (block.type) {
      case 'text': {
        const blockText = str(block.text) ?? ''
        const start = text.length
        text += blockText
        for (const c of arr(block.citations)) {
          if (!isRecord(c)) continue
          const url = str(c.url)
          if (!url) continue // document citations have no URL
          citations.push(withOptional({ url, title: str(c.title), snippet: str(c.cited_text), startIndex: start, endIndex: start + blockText.length }))
        }
        break
      }
      case 'server_tool_use':
        if (block.name === 'web_search') {
          searchCalls++
          if (isRecord(block.input)) pushUnique(searchQueries, block.input.query)
        }
        break
      case 'web_search_tool_result':
        for (const r of arr(block.content)) {
          if (isRecord(r) && r.type === 'web_search_result' && typeof r.url === 'string') results.push({ url: r.url, title: str(r.title) })
        }
        break
      case 'tool_use':
        toolInput = block.input
        break
    }
  }

  const u = isRecord(body.usage) ? body.usage : {}
  const stu = isRecord(u.server_tool_use) ? u.server_tool_use : {}
  const input = num(u.input_tokens) + num(u.cache_creation_input_tokens) + num(u.cache_read_input_tokens)
  return {
    text,
    citations,
    sources: dedupeSources([...citations, ...results]),
    searchQueries,
    usage: usageOf(input, num(u.output_tokens)),
    searches: num(stu.web_search_requests) || searchCalls,
    refusal: body.stop_reason === 'refusal' ? 'stop_reason refusal' : undefined,
    paused: body.stop_reason === 'pause_turn',
    toolInput,
  }
}

// ---------------------------------------------------------------------------
// Gemini generateContent

const BLOCKED = new Set(['SAFETY', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'RECITATION', 'IMAGE_SAFETY'])

export function parseGemini(raw: unknown): ParsedAnswer {
  const body = isRecord(raw) ? raw : {}
  const candidate = isRecord(arr(body.candidates)[0]) ? (arr(body.candidates)[0] as Json) : {}
  const content = isRecord(candidate.content) ? candidate.content : {}
  const text = arr(content.parts)
    .filter((p): p is Json => isRecord(p) && p.thought !== true && typeof p.text === 'string')
    .map((p) => p.text as string)
    .join('')
  const gm = isRecord(candidate.groundingMetadata) ? candidate.groundingMetadata : {}
  const chunks: Array<{ url?: string; title?: string }> = arr(gm.groundingChunks).map((c) => (isRecord(c) && isRecord(c.web) ? { url: str(c.web.uri), title: str(c.web.title) } : {}))

  const toIndex = utf8ByteIndexer(text)
  const citations: Citation[] = []
  for (const support of arr(gm.groundingSupports)) {
    if (!isRecord(support) || !isRecord(support.segment)) continue
    const seg = support.segment
    const segText = str(seg.text)
    let start = toIndex(num(seg.startIndex)) // startIndex 0 is omitted on the wire
    let end = toIndex(num(seg.endIndex))
    if (segText && text.slice(start, end) !== segText) {
      const found = text.indexOf(segText)
      if (found >= 0) {
        start = found
        end = found + segText.length
      }
    }
    for (const i of arr(support.groundingChunkIndices)) {
      const chunk = typeof i === 'number' ? chunks[i] : undefined
      if (chunk?.url) citations.push(withOptional({ url: chunk.url, title: chunk.title, snippet: segText, startIndex: start, endIndex: end }))
    }
  }
  const searchQueries: string[] = []
  for (const q of arr(gm.webSearchQueries)) pushUnique(searchQueries, q)

  const u = isRecord(body.usageMetadata) ? body.usageMetadata : {}
  const finish = str(candidate.finishReason)
  const feedback = isRecord(body.promptFeedback) ? str(body.promptFeedback.blockReason) : undefined
  const feedbackMessage = isRecord(body.promptFeedback) ? str(body.promptFeedback.blockReasonMessage) : undefined
  const finishMessage = str(candidate.finishMessage)
  const withMessage = (what: string, message: string | undefined) => (message?.trim() ? `${what}: ${message.trim()}` : what)
  // A blocked prompt; a finish on the block list; or any finish but STOP that left no answer
  // (MODEL_ARMOR, JAILBREAK, OTHER, ... and reasons added later): the vendor will not answer it.
  const refusal = feedback
    ? withMessage(`prompt blocked (blockReason ${feedback})`, feedbackMessage)
    : finish && (BLOCKED.has(finish) || (finish !== 'STOP' && !text.trim()))
      ? withMessage(`finishReason ${finish}`, finishMessage)
      : undefined
  return {
    text,
    citations,
    sources: dedupeSources([...citations, ...chunks.flatMap((c) => (c.url ? [withOptional({ url: c.url, title: c.title })] : []))]),
    searchQueries,
    // thoughtsTokenCount always sits beside candidatesTokenCount (prompt + tool + candidates + thoughts = total)
    usage: usageOf(num(u.promptTokenCount) + num(u.toolUsePromptTokenCount), num(u.candidatesTokenCount) + num(u.thoughtsTokenCount), 0, num(u.thoughtsTokenCount)),
    searches: searchQueries.length > 0 || chunks.length > 0 ? 1 : 0,
    refusal,
  }
}

// ---------------------------------------------------------------------------
// Chat Completions (Perplexity, DeepSeek; OpenAI/xAI chat for completeness)

export function parseChatCompletion(raw: unknown): ParsedAnswer {
  const body = isRecord(raw) ? raw : {}
  const choice = isRecord(arr(body.choices)[0]) ? (arr(body.choices)[0] as Json) : {}
  const message = isRecord(choice.message) ? choice.message : {}
  // Reasoning variants put their chain of thought inline; it is not part of the answer.
  const text = (str(message.content) ?? '').replace(/^\s*<think>[\s\S]*?<\/think>\s*/, '')
  const citationUrls = arr(body.citations).map((c) => (typeof c === 'string' ? c : isRecord(c) ? str(c.url) : undefined))
  const results: Source[] = arr(body.search_results)
    .filter(isRecord)
    .filter((r) => typeof r.url === 'string')
    .map((r) => withOptional({ url: r.url as string, title: str(r.title), snippet: str(r.snippet) }) as Source)
  const titleOf = (url: string) => results.find((r) => r.url === url)?.title

  const citations: Citation[] = []
  const referenced = new Set<string>()
  if (citationUrls.length > 0 || results.length > 0) {
    // Markers inside a trailing "Sources:" list only repeat the numbering; skip them.
    const heading = /^[ \t]*(?:#+[ \t]*)?\**(?:sources|references|citations)\**[ \t]*:?[ \t]*$/gim
    let bodyEnd = text.length
    for (const h of text.matchAll(heading)) bodyEnd = h.index!
    for (const m of text.slice(0, bodyEnd).matchAll(/\[(\d{1,3})\]/g)) {
      const n = Number(m[1])
      const url = citationUrls[n - 1] ?? results[n - 1]?.url
      if (!url) continue
      referenced.add(url)
      const start = m.index!
      const end = start + m[0].length
      citations.push(withOptional({ url, title: titleOf(url), snippet: sentenceAround(text, start, end) || undefined, startIndex: start, endIndex: end }))
    }
    for (const url of citationUrls) if (url && !referenced.has(url)) citations.push(withOptional({ url, title: titleOf(url) }))
  }
  for (const a of arr(message.annotations)) {
    if (!isRecord(a) || a.type !== 'url_citation' || !isRecord(a.url_citation)) continue
    const uc = a.url_citation
    const url = str(uc.url)
    if (!url) continue
    const c: Citation = { url, title: str(uc.title) }
    if (typeof uc.start_index === 'number' && typeof uc.end_index === 'number') {
      c.startIndex = codePointToUtf16Index(text, uc.start_index)
      c.endIndex = codePointToUtf16Index(text, uc.end_index)
      c.snippet = text.slice(c.startIndex, c.endIndex)
    }
    citations.push(withOptional(c))
  }

  const u = isRecord(body.usage) ? body.usage : {}
  const cost = isRecord(u.cost) ? num(u.cost.total_cost) : 0
  const ticks = num(u.cost_in_usd_ticks)
  const hasSearch = citationUrls.length > 0 || results.length > 0 || arr(message.annotations).length > 0
  return {
    text,
    citations,
    // Without native citations (DeepSeek has no search), keep the URLs the model wrote.
    // Vendor order (citations[] / search_results[]), then anything only annotations named.
    sources: hasSearch
      ? dedupeSources([...citationUrls.flatMap((url) => (url ? [withOptional({ url, title: titleOf(url) }) as Source] : [])), ...results, ...citations])
      : urlsInText(text),
    searchQueries: [],
    // reasoning: OpenAI-style completion_tokens_details, or Perplexity's usage.reasoning_tokens
    usage: usageOf(num(u.prompt_tokens), num(u.completion_tokens), num(u.total_tokens), num(isRecord(u.completion_tokens_details) ? u.completion_tokens_details.reasoning_tokens : u.reasoning_tokens)),
    searches: hasSearch ? 1 : 0,
    vendorCostUsd: cost > 0 ? cost : ticks > 0 ? ticks / 1e10 : undefined,
    refusal: str(message.refusal) ?? undefined,
  }
}
