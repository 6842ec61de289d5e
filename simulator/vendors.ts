/**
 * Wire formats: success and error bodies shaped like the vendors' documented responses (the same
 * shapes as tests/fixtures/vendors), so the official SDKs parse them unchanged.
 */
import { openaiUrl, type Answer, type RenderedAnswer } from './answer'
import { answerWords } from './answer-words'
import type { Rng } from './prng'

export type Vendor = 'openai' | 'anthropic' | 'gemini' | 'perplexity' | 'xai' | 'deepseek'

export interface Reply {
  vendor: Vendor
  model: string
  /** Epoch seconds. */
  now: number
  ids: Rng
  promptTokens: number
  /** A prose answer (absent for structured output). */
  answer?: Answer
  rendered?: RenderedAnswer
  /** Structured output: the JSON text the model "wrote" (may be malformed or empty). */
  jsonText?: string
  /** Anthropic forced tool call input. */
  toolInput?: unknown
  toolName?: string
  /** Echo of the request's text format / tools. */
  request: Record<string, unknown>
  searches: string[]
  /** Anthropic: pause the turn (stop_reason "pause_turn") after a preamble and one web search. */
  pauseTurn?: boolean
  /** Gemini: a candidate with this finishReason and finishMessage and no content. */
  blocked?: { finishReason: string; finishMessage: string }
  /** Reasoning tokens reported beside the output figure, as xAI's chat completions do. */
  reasoningBeside?: number
}

export interface WireResponse {
  status: number
  headers: Record<string, string>
  body: unknown
}

const JSON_TYPE = { 'content-type': 'application/json' }

function tokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4))
}

function uuid(rng: Rng): string {
  const h = rng.hex(32)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** OpenAI counts characters as code points; JS strings are UTF-16. */
function cp(text: string, index: number): number {
  return [...text.slice(0, index)].length
}

function utf8(text: string, index: number): number {
  return Buffer.byteLength(text.slice(0, index), 'utf8')
}

function outputText(reply: Reply): string {
  return reply.jsonText ?? reply.rendered?.text ?? ''
}

const SNAPSHOTS: Record<string, string> = { 'gpt-5': 'gpt-5-2025-08-07', 'gpt-5-mini': 'gpt-5-mini-2025-08-07', 'gpt-4.1': 'gpt-4.1-2025-04-14', 'gpt-4o': 'gpt-4o-2024-08-06' }

// ---------------------------------------------------------------------------
// OpenAI Responses API

export function openaiResponses(reply: Reply): WireResponse {
  const { ids, rendered, answer } = reply
  const text = outputText(reply)
  const reasoningModel = /^(gpt-5|o\d)/.test(reply.model)
  const output: unknown[] = []
  reply.searches.forEach((query, i) => {
    if (reasoningModel) output.push({ id: `rs_${ids.hex(50)}`, type: 'reasoning', summary: [] })
    output.push({
      id: `ws_${ids.hex(50)}`,
      type: 'web_search_call',
      status: 'completed',
      action: i === 0 && reply.searches.length > 1 ? { type: 'search', query, queries: reply.searches } : { type: 'search', query },
    })
  })
  if (reasoningModel) output.push({ id: `rs_${ids.hex(50)}`, type: 'reasoning', summary: [] })
  const annotations =
    rendered && answer && reply.jsonText === undefined
      ? rendered.markers.map((m) => {
          const src = answer.sources[m.source]
          return { type: 'url_citation', start_index: cp(text, m.start), end_index: cp(text, m.end), title: src.title, url: openaiUrl(src.url) }
        })
      : []
  output.push({
    id: `msg_${ids.hex(50)}`,
    type: 'message',
    status: 'completed',
    content: [{ type: 'output_text', annotations, logprobs: [], text }],
    role: 'assistant',
  })
  const req = reply.request
  const inputTokens = reply.promptTokens + reply.searches.length * 2800
  const reasoningTokens = reasoningModel ? 64 + ids.int(0, 900) : 0
  const outputTokens = tokens(text) + reasoningTokens
  const tools = Array.isArray(req.tools)
    ? req.tools.map((t) =>
        typeof t === 'object' && t && String((t as { type?: unknown }).type).startsWith('web_search')
          ? { filters: null, search_context_size: 'medium', user_location: { city: null, country: 'US', region: null, timezone: null, type: 'approximate' }, ...(t as object) }
          : t,
      )
    : []
  const format = typeof req.text === 'object' && req.text && 'format' in req.text ? (req.text as { format: unknown }).format : { type: 'text' }
  return {
    status: 200,
    headers: { ...JSON_TYPE, 'x-request-id': `req_${ids.hex(32)}`, 'openai-processing-ms': String(ids.int(800, 9000)), 'openai-version': '2020-10-01' },
    body: {
      id: `resp_${ids.hex(50)}`,
      object: 'response',
      created_at: reply.now,
      status: 'completed',
      background: false,
      billing: { payer: 'developer' },
      completed_at: reply.now,
      error: null,
      incomplete_details: null,
      instructions: typeof req.instructions === 'string' ? req.instructions : null,
      max_output_tokens: typeof req.max_output_tokens === 'number' ? req.max_output_tokens : null,
      max_tool_calls: null,
      model: SNAPSHOTS[reply.model] ?? reply.model,
      output,
      parallel_tool_calls: true,
      previous_response_id: null,
      prompt_cache_key: null,
      reasoning: { effort: reasoningModel ? 'medium' : null, summary: null },
      safety_identifier: null,
      service_tier: 'default',
      store: true,
      temperature: 1.0,
      text: { format, verbosity: 'medium' },
      tool_choice: 'auto',
      tools,
      top_logprobs: 0,
      top_p: 1.0,
      truncation: 'disabled',
      usage: {
        input_tokens: inputTokens,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: outputTokens,
        output_tokens_details: { reasoning_tokens: reasoningTokens },
        total_tokens: inputTokens + outputTokens,
      },
      user: null,
      metadata: {},
    },
  }
}

// ---------------------------------------------------------------------------
// xAI Responses API: web_search_call has name/arguments, url_citation has only the URL.

export function xaiResponses(reply: Reply): WireResponse {
  const { ids, rendered, answer } = reply
  const text = outputText(reply)
  const id = uuid(ids)
  const output: unknown[] = reply.searches.map((query, i) => ({
    arguments: JSON.stringify({ query, num_results: 5 }),
    call_id: '',
    name: 'web_search',
    type: 'web_search_call',
    id: `fc_${id}_${i}`,
    status: 'completed',
  }))
  const seen = new Set<number>()
  const annotations: unknown[] = []
  if (rendered && answer && reply.jsonText === undefined) {
    for (const m of rendered.markers) {
      if (seen.has(m.source)) continue
      seen.add(m.source)
      annotations.push({ type: 'url_citation', url: answer.sources[m.source].url })
    }
  }
  output.push({ content: [{ type: 'output_text', text, logprobs: [], annotations }], id: `msg_${id}`, role: 'assistant', type: 'message', status: 'completed' })
  const inputTokens = reply.promptTokens + reply.searches.length * 900
  const reasoning = reply.reasoningBeside ?? ids.int(100, 600)
  // Recorded Responses bodies count reasoning inside output_tokens; the fault puts it beside.
  const outputTokens = tokens(text) + (reply.reasoningBeside === undefined ? reasoning : 0)
  return {
    status: 200,
    headers: { ...JSON_TYPE },
    body: {
      created_at: reply.now,
      id,
      max_output_tokens: null,
      model: reply.model,
      object: 'response',
      output,
      parallel_tool_calls: true,
      previous_response_id: null,
      reasoning: { effort: null, summary: null },
      temperature: null,
      text: { format: typeof reply.request.text === 'object' && reply.request.text && 'format' in reply.request.text ? (reply.request.text as { format: unknown }).format : { type: 'text' } },
      tool_choice: 'auto',
      tools: Array.isArray(reply.request.tools) ? reply.request.tools.map((t) => ({ search_context_size: 'medium', ...(t as object) })) : [],
      top_p: null,
      usage: {
        input_tokens: inputTokens,
        input_tokens_details: { cached_tokens: Math.floor(inputTokens / 2) },
        output_tokens: outputTokens,
        output_tokens_details: { reasoning_tokens: reasoning },
        total_tokens: inputTokens + outputTokens + (reply.reasoningBeside ?? 0),
        num_sources_used: 0,
        num_server_side_tools_used: reply.searches.length,
      },
      user: null,
      incomplete_details: null,
      status: 'completed',
      store: true,
      metadata: {},
    },
  }
}

// ---------------------------------------------------------------------------
// Anthropic Messages API

function anthropicId(prefix: string, ids: Rng): string {
  return `${prefix}_01${ids.chars(22)}`
}

export function anthropicMessages(reply: Reply): WireResponse {
  const { ids, rendered, answer } = reply
  const content: unknown[] = []
  let stopReason = 'end_turn'
  if (reply.toolName !== undefined) {
    if (reply.toolInput !== undefined) {
      content.push({ type: 'tool_use', id: anthropicId('toolu', ids), name: reply.toolName, input: reply.toolInput })
      stopReason = 'tool_use'
    }
  } else if (reply.jsonText !== undefined) {
    if (reply.jsonText) content.push({ type: 'text', text: reply.jsonText })
  } else if (rendered && answer && rendered.text && reply.pauseTurn) {
    // A long server-side search hit its iteration limit: a preamble, one search and its results.
    const id = anthropicId('srvtoolu', ids)
    const query = reply.searches[0] ?? answer.searchQueries[0] ?? 'reviews'
    content.push({ type: 'text', text: answerWords(answer.language).searching })
    content.push({ type: 'server_tool_use', id, name: 'web_search', input: { query } })
    content.push({
      type: 'web_search_tool_result',
      tool_use_id: id,
      content: answer.sources.slice(0, 3).map((s) => ({ type: 'web_search_result', title: s.title, url: s.url, encrypted_content: ids.chars(120), page_age: null })),
    })
    stopReason = 'pause_turn'
  } else if (rendered && answer && rendered.text) {
    const perSearch = Math.ceil(answer.sources.length / Math.max(1, reply.searches.length))
    reply.searches.forEach((query, i) => {
      const id = anthropicId('srvtoolu', ids)
      if (i === 1) content.push({ type: 'text', text: answerWords(answer.language).searchingMore })
      content.push({ type: 'server_tool_use', id, name: 'web_search', input: { query } })
      const results = answer.sources.slice(i * perSearch, (i + 1) * perSearch).map((s) => ({
        type: 'web_search_result',
        title: s.title,
        url: s.url,
        encrypted_content: ids.chars(180, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'),
        page_age: ids.chance(0.5) ? null : `${ids.int(1, 28)} days ago`,
      }))
      content.push({ type: 'web_search_tool_result', tool_use_id: id, content: results })
    })
    if (reply.searches.length > 1) content.push({ type: 'text', text: '\n\n' })
    for (const block of rendered.blocks) {
      if (block.sources?.length) {
        content.push({
          citations: block.sources.map((s) => ({
            type: 'web_search_result_location',
            cited_text: answer.sources[s].snippet,
            url: answer.sources[s].url,
            title: answer.sources[s].title,
            encrypted_index: ids.chars(60, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'),
          })),
          type: 'text',
          text: block.text,
        })
      } else content.push({ type: 'text', text: block.text })
    }
  }
  const outputText = content.map((b) => ((b as { text?: string }).text ?? JSON.stringify((b as { input?: unknown }).input ?? ''))).join('')
  const searchCount = content.filter((b) => (b as { type?: string }).type === 'server_tool_use').length
  const inputTokens = reply.promptTokens + searchCount * 6000
  return {
    status: 200,
    headers: {
      ...JSON_TYPE,
      'request-id': `req_011C${ids.chars(20)}`,
      'anthropic-organization-id': uuid(ids),
      'anthropic-ratelimit-requests-limit': '4000',
      'anthropic-ratelimit-requests-remaining': '3999',
      'anthropic-ratelimit-requests-reset': new Date((reply.now + 1) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    },
    body: {
      id: anthropicId('msg', ids),
      type: 'message',
      role: 'assistant',
      model: reply.model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: {
        input_tokens: inputTokens,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
        output_tokens: tokens(outputText),
        service_tier: 'standard',
        ...(searchCount ? { server_tool_use: { web_search_requests: searchCount, web_fetch_requests: 0 } } : {}),
      },
    },
  }
}

// ---------------------------------------------------------------------------
// Gemini generateContent: grounding offsets are UTF-8 byte offsets, startIndex 0 omitted.

function searchEntryPoint(queries: string[]): string {
  const chips = queries.map((q) => `<a class="chip" href="https://www.google.com/search?q=${encodeURIComponent(q)}">${q.replace(/</g, '&lt;')}</a>`).join('\n')
  return `<style>\n.container {\n  align-items: center;\n  border-radius: 8px;\n  display: flex;\n  font-family: Google Sans, Roboto, sans-serif;\n  font-size: 14px;\n  line-height: 20px;\n  padding: 8px 12px;\n}\n.chip {\n  display: inline-block;\n  border: solid 1px;\n  border-radius: 16px;\n  min-width: 14px;\n  padding: 5px 16px;\n  text-align: center;\n  user-select: none;\n  margin: 0 8px;\n}\n</style>\n<div class="container">\n<div class="carousel">\n${chips}\n</div>\n</div>\n`
}

export function geminiGenerate(reply: Reply): WireResponse {
  const { ids, rendered, answer } = reply
  const text = outputText(reply)
  // Real answers often arrive in more than one part: split at the first paragraph break.
  const cut = reply.jsonText === undefined ? text.indexOf('\n\n') : -1
  const parts = cut > 0 ? [{ text: text.slice(0, cut + 2) }, { text: text.slice(cut + 2) }] : [{ text }]
  const candidate: Record<string, unknown> = reply.blocked ? { ...reply.blocked } : { content: { parts, role: 'model' }, finishReason: 'STOP' }
  const legacy = reply.model.startsWith('gemini-2.0') || reply.model.startsWith('gemini-1.5')
  if (rendered && answer && reply.jsonText === undefined && reply.searches.length) {
    candidate.groundingMetadata = {
      searchEntryPoint: { renderedContent: searchEntryPoint(reply.searches) },
      // The real API returns vertexaisearch redirect URIs with the site's domain as title; the
      // simulator gives the target URL itself so source analysis works offline.
      groundingChunks: answer.sources.map((s) => ({ web: { uri: s.url, title: s.domain } })),
      groundingSupports: rendered.claims.map((c) => {
        const start = utf8(text, c.start)
        return {
          segment: { ...(start > 0 ? { startIndex: start } : {}), endIndex: utf8(text, c.end), text: text.slice(c.start, c.end) },
          groundingChunkIndices: c.sources,
          ...(legacy ? { confidenceScores: c.sources.map(() => Math.round((0.6 + ids.next() * 0.39) * 1e8) / 1e8) } : {}),
        }
      }),
      webSearchQueries: reply.searches,
    }
  }
  candidate.index = 0
  const promptTokens = reply.promptTokens
  const candTokens = reply.blocked ? 0 : tokens(text)
  const toolTokens = reply.searches.length && !reply.blocked ? 90 + ids.int(0, 80) : 0
  return {
    status: 200,
    headers: { 'content-type': 'application/json; charset=UTF-8', vary: 'Origin, X-Origin, Referer', 'server-timing': `gfet4t7; dur=${ids.int(900, 6000)}` },
    body: {
      candidates: [candidate],
      usageMetadata: {
        promptTokenCount: promptTokens,
        ...(candTokens ? { candidatesTokenCount: candTokens } : {}),
        totalTokenCount: promptTokens + candTokens + toolTokens,
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokens }],
        ...(toolTokens ? { toolUsePromptTokenCount: toolTokens, toolUsePromptTokensDetails: [{ modality: 'TEXT', tokenCount: toolTokens }] } : {}),
      },
      modelVersion: reply.model,
      responseId: ids.chars(22, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
    },
  }
}

// ---------------------------------------------------------------------------
// Chat Completions: Perplexity (citations + search_results), DeepSeek, OpenAI/xAI chat

export function chatCompletion(reply: Reply): WireResponse {
  const { ids, rendered, answer } = reply
  const text = outputText(reply)
  const promptTokens = reply.promptTokens
  const completionTokens = tokens(text)
  // xAI chat completions: prompt 12 + completion 2 + reasoning 320 = total 334 (reasoning beside the completion)
  const reasoning = reply.reasoningBeside ?? 0
  const totalTokens = promptTokens + completionTokens + reasoning
  const details = { reasoning_tokens: reasoning, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 }
  const created = reply.now
  const prose = rendered && answer && reply.jsonText === undefined
  switch (reply.vendor) {
    case 'perplexity': {
      const inputCost = (promptTokens * 1) / 1e6
      const outputCost = ((completionTokens + reasoning) * 1) / 1e6
      const round = (n: number) => Math.round(n * 1e6) / 1e6
      const sources = prose ? answer.sources : []
      return {
        status: 200,
        headers: { ...JSON_TYPE },
        body: {
          id: uuid(ids),
          model: reply.model,
          created,
          usage: {
            prompt_tokens: promptTokens,
            completion_tokens: completionTokens,
            total_tokens: totalTokens,
            ...(reasoning ? { reasoning_tokens: reasoning } : {}),
            search_context_size: 'low',
            cost: { input_tokens_cost: round(inputCost), output_tokens_cost: round(outputCost), request_cost: 0.005, total_cost: round(inputCost + outputCost + 0.005) },
          },
          citations: sources.map((s) => s.url),
          search_results: sources.map((s) => {
            const date = `${reply.now ? new Date((reply.now - ids.int(1, 300) * 86400) * 1000).toISOString().slice(0, 10) : ''}`
            return { title: s.title, url: s.url, date, last_updated: date, snippet: s.snippet }
          }),
          object: 'chat.completion',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text }, delta: { role: 'assistant', content: '' } }],
        },
      }
    }
    case 'deepseek':
      return {
        status: 200,
        headers: { ...JSON_TYPE },
        body: {
          id: uuid(ids),
          object: 'chat.completion',
          created,
          model: reply.model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, logprobs: null, finish_reason: 'stop' }],
          usage: {
            prompt_tokens: promptTokens,
            completion_tokens: completionTokens,
            total_tokens: totalTokens,
            prompt_tokens_details: { cached_tokens: 0 },
            ...(reasoning ? { completion_tokens_details: { reasoning_tokens: reasoning } } : {}),
            prompt_cache_hit_tokens: 0,
            prompt_cache_miss_tokens: promptTokens,
          },
          system_fingerprint: 'fp_eaab8d114b_prod0820_fp8_kvcache',
        },
      }
    case 'xai':
      return {
        status: 200,
        headers: { ...JSON_TYPE },
        body: {
          id: uuid(ids),
          object: 'chat.completion',
          created,
          model: reply.model,
          choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, finish_reason: 'stop' }],
          usage: {
            prompt_tokens: promptTokens,
            completion_tokens: completionTokens,
            total_tokens: totalTokens,
            prompt_tokens_details: { text_tokens: promptTokens, audio_tokens: 0, image_tokens: 0, cached_tokens: 0 },
            completion_tokens_details: details,
            num_sources_used: 0,
            // reasoning is billed at the output price
            cost_in_usd_ticks: (promptTokens * 3 + (completionTokens + reasoning) * 15) * 10000,
          },
          system_fingerprint: `fp_${ids.hex(10)}`,
        },
      }
    default: {
      const annotations = prose
        ? rendered.markers.map((m) => ({
            type: 'url_citation',
            url_citation: { end_index: cp(text, m.end), start_index: cp(text, m.start), title: answer.sources[m.source].title, url: openaiUrl(answer.sources[m.source].url) },
          }))
        : []
      return {
        status: 200,
        headers: { ...JSON_TYPE, 'x-request-id': `req_${ids.hex(32)}` },
        body: {
          id: `chatcmpl-${ids.chars(29)}`,
          object: 'chat.completion',
          created,
          model: SNAPSHOTS[reply.model] ?? reply.model,
          choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null, annotations }, logprobs: null, finish_reason: 'stop' }],
          usage: {
            prompt_tokens: promptTokens,
            completion_tokens: completionTokens,
            total_tokens: totalTokens,
            prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
            completion_tokens_details: details,
          },
          service_tier: 'default',
          system_fingerprint: `fp_${ids.hex(10)}`,
        },
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Errors

export type ErrorCase = '429' | '500' | '401' | '400' | '404' | '504'

export interface ErrorInfo {
  model?: string
  message?: string
  retryAfterSeconds?: number
  ids: Rng
}

const STATUS: Record<ErrorCase, number> = { '429': 429, '500': 500, '401': 401, '400': 400, '404': 404, '504': 504 }

export function errorResponse(vendor: Vendor, kase: ErrorCase, info: ErrorInfo): WireResponse {
  const status = STATUS[kase]
  const retry = Math.max(0, info.retryAfterSeconds ?? 2)
  const model = info.model ?? 'unknown'
  switch (vendor) {
    case 'anthropic': {
      const types: Record<ErrorCase, [string, string]> = {
        '429': ['rate_limit_error', "This request would exceed your account's rate limit. Please try again later."],
        '500': ['api_error', 'Internal server error'],
        '401': ['authentication_error', 'invalid x-api-key'],
        '400': ['invalid_request_error', info.message ?? 'Invalid request'],
        '404': ['not_found_error', info.message ?? `model: ${model}`],
        '504': ['timeout_error', 'Request timed out'],
      }
      const [type, message] = types[kase]
      const headers: Record<string, string> = { ...JSON_TYPE, 'request-id': `req_011C${info.ids.chars(20)}`, 'x-should-retry': String(kase === '429' || kase === '500') }
      if (kase === '429') {
        headers['retry-after'] = String(retry)
        headers['anthropic-ratelimit-requests-limit'] = '50'
        headers['anthropic-ratelimit-requests-remaining'] = '0'
        headers['anthropic-ratelimit-requests-reset'] = new Date(Date.now() + retry * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')
      }
      return { status, headers, body: { type: 'error', error: { type, message }, request_id: headers['request-id'] } }
    }
    case 'gemini': {
      const bodies: Record<ErrorCase, unknown> = {
        '429': {
          code: 429,
          message: 'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
          status: 'RESOURCE_EXHAUSTED',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
              violations: [{ quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests', quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier', quotaDimensions: { location: 'global', model }, quotaValue: '15' }],
            },
            { '@type': 'type.googleapis.com/google.rpc.Help', links: [{ description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' }] },
            { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retry}s` },
          ],
        },
        '500': { code: 500, message: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting', status: 'INTERNAL' },
        // Gemini answers a bad key with 400 INVALID_ARGUMENT / API_KEY_INVALID, not 401.
        '401': {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [
            { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } },
            { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'en-US', message: 'API key not valid. Please pass a valid API key.' },
          ],
        },
        '400': { code: 400, message: info.message ?? 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' },
        '404': { code: 404, message: info.message ?? `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`, status: 'NOT_FOUND' },
        '504': { code: 504, message: 'The request timed out. Please try again.', status: 'DEADLINE_EXCEEDED' },
      }
      return { status: kase === '401' ? 400 : status, headers: { 'content-type': 'application/json; charset=UTF-8' }, body: { error: bodies[kase] } }
    }
    case 'xai': {
      const bodies: Record<ErrorCase, [string, string]> = {
        '429': ['Some resource has been exhausted', `Your team has either used all available credits or reached its monthly spending limit, or it has exceeded the rate limit for ${model}. Please try again in ${retry} seconds.`],
        '500': ['Internal error', 'Service temporarily unavailable. The model is at capacity and currently cannot serve this request. Please try again later.'],
        '401': ['Client specified an invalid argument', 'Incorrect API key provided: xa***ey. You can obtain an API key from https://console.x.ai.'],
        '400': ['Client specified an invalid argument', info.message ?? 'Invalid request'],
        '404': ['Some requested entity was not found', info.message ?? `The model ${model} does not exist or your team does not have access to it.`],
        '504': ['Deadline exceeded', 'Request timed out'],
      }
      const headers: Record<string, string> = { ...JSON_TYPE }
      if (kase === '429') headers['retry-after'] = String(retry)
      return { status, headers, body: { code: bodies[kase][0], error: bodies[kase][1] } }
    }
    default: {
      // OpenAI's error object; Perplexity and DeepSeek use the same envelope.
      const name = vendor === 'openai' ? 'OpenAI' : vendor === 'perplexity' ? 'Perplexity' : 'DeepSeek'
      const bodies: Record<ErrorCase, Record<string, unknown>> = {
        '429': {
          message: `Rate limit reached for ${model} in organization org-simulator on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in ${retry}s. Visit https://platform.openai.com/account/rate-limits to learn more.`,
          type: 'requests',
          param: null,
          code: 'rate_limit_exceeded',
        },
        '500': { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', param: null, code: null },
        '401':
          vendor === 'deepseek'
            ? { message: 'Authentication Fails, Your api key: ****-key is invalid', type: 'authentication_error', param: null, code: 'invalid_request_error' }
            : { message: `Incorrect API key provided: sim-****-key. You can find your API key in your ${name} account settings.`, type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
        '400': { message: info.message ?? 'Invalid request', type: 'invalid_request_error', param: null, code: null },
        '404': { message: info.message ?? `The model \`${model}\` does not exist or you do not have access to it.`, type: 'invalid_request_error', param: null, code: 'model_not_found' },
        '504': { message: 'Request timed out.', type: 'timeout', param: null, code: null },
      }
      const headers: Record<string, string> = { ...JSON_TYPE, 'x-request-id': `req_${info.ids.hex(32)}` }
      if (kase === '429') {
        headers['retry-after'] = String(retry)
        headers['retry-after-ms'] = String(retry * 1000)
        headers['x-ratelimit-limit-requests'] = '500'
        headers['x-ratelimit-remaining-requests'] = '0'
        headers['x-ratelimit-reset-requests'] = `${retry}s`
      }
      return { status, headers, body: { error: bodies[kase] } }
    }
  }
}
