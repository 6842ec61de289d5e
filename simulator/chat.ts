/**
 * The AI Chat's model in the simulator: a small deterministic tool-using policy behind Anthropic's Messages
 * API, plain or streamed in the API's server-sent-event format (message_start, content_block_start,
 * content_block_delta with text_delta / input_json_delta, content_block_stop, message_delta, message_stop).
 *
 * Policy (./chat-intent.ts, ./chat-answer.ts): a question (the last message is the user's text) is read for
 * its language and what it asks, and gets the tool call(s) that hold those figures — parallel tool_use
 * blocks when it needs more than one. Tool results (the last message holds a tool_result for every
 * tool_use of the turn before, as the API requires) get the answer: a few sentences with the figures, in
 * the question's language, with a table when asked for one or when it is short.
 */
import { answerFrom, type Results } from './chat-answer'
import { readQuestion, toolCallsOf } from './chat-intent'
import { PHRASES } from './chat-phrases'
import { Rng } from './prng'

type Json = Record<string, unknown>
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

interface ClientTool {
  name: string
  description: string
  input_schema: Json
}

/** A Messages request offering client tools (custom tools with an input schema), not a forced structured-output call. */
export function isChatRequest(body: Json): boolean {
  const tools = Array.isArray(body.tools) ? body.tools.filter(isRecord) : []
  const forced = isRecord(body.tool_choice) && body.tool_choice.type === 'tool'
  return !forced && tools.some((t) => (t.type === undefined || t.type === 'custom') && isRecord(t.input_schema))
}

/** The analysis's brands, as the tools' brand arguments list them (own brand first). */
function brandsOf(tools: ClientTool[]): string[] {
  for (const t of tools) {
    const props = isRecord(t.input_schema.properties) ? t.input_schema.properties : {}
    if (isRecord(props.brand) && Array.isArray(props.brand.enum)) return props.brand.enum.filter((b): b is string => typeof b === 'string')
  }
  return []
}

// ------------------------------------------------------------------ answers from tool results

const label = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase())
const cell = (v: unknown) => (v === null || v === undefined || v === '' ? '–' : String(v)).replace(/\|/g, '\\|').replace(/\n/g, ' ')
const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v)

function table(rows: Json[]): string[] {
  const columns: { key: string; sub?: string; title: string }[] = []
  const seen = new Set<string>()
  for (const r of rows) {
    for (const [k, v] of Object.entries(r)) {
      if (k === 'ownBrand') continue
      if (isRecord(v)) {
        for (const sub of Object.keys(v)) {
          if (seen.has(`${k}.${sub}`)) continue
          seen.add(`${k}.${sub}`)
          columns.push({ key: k, sub, title: `${label(k)}: ${sub}` })
        }
      } else if (scalar(v) && !seen.has(k)) {
        seen.add(k)
        columns.push({ key: k, title: label(k) })
      }
    }
  }
  const value = (r: Json, c: (typeof columns)[number]) => (c.sub ? (isRecord(r[c.key]) ? (r[c.key] as Json)[c.sub] : undefined) : r[c.key])
  return [
    `| ${columns.map((c) => c.title).join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.slice(0, 20).map((r) => `| ${columns.map((c) => cell(value(r, c))).join(' | ')} |`),
    ...(rows.length > 20 ? [`| …and ${rows.length - 20} more | ${columns.slice(1).map(() => '').join(' | ')}`] : []),
  ]
}

/** The figures of one tool result as markdown. */
export function renderToolResult(value: unknown): string {
  if (!isRecord(value)) return String(value)
  if (typeof value.error === 'string') return `I could not get those figures: ${value.error}`
  const lines: string[] = []
  if (typeof value.screen === 'string') lines.push(`From the **${value.screen}**:`, '')
  if (typeof value.note === 'string' && !Object.values(value).some(Array.isArray)) lines.push(value.note, '')
  for (const [k, v] of Object.entries(value)) {
    if (k === 'screen' || k === 'note' || Array.isArray(v) || isRecord(v)) continue
    lines.push(`- **${label(k)}:** ${cell(v)}`)
  }
  for (const [k, v] of Object.entries(value)) {
    if (!Array.isArray(v) || !v.length) continue
    const rows = v.filter(isRecord)
    const own = rows.find((r) => r.ownBrand === true)
    if (own) {
      const facts = Object.entries(own).filter(([key, x]) => key !== 'brand' && key !== 'ownBrand' && scalar(x) && x !== null && x !== '')
      lines.push('', `**${cell(own.brand)}** (your brand): ${facts.map(([key, x]) => `${label(key).toLowerCase()} ${cell(x)}`).join(', ')}.`)
    }
    lines.push('', `**${label(k)}**`, '', ...(rows.length ? table(rows) : [v.map(cell).join(', ')]))
  }
  return lines.join('\n').trim()
}

const messagesOf = (body: Json) => (Array.isArray(body.messages) ? body.messages.filter(isRecord) : [])
const blocks = (m: Json | undefined) => (Array.isArray(m?.content) ? m.content.filter(isRecord) : [])

/** The question being answered: the user's last text message (tool results are user messages too). */
function questionOf(body: Json): string {
  for (const m of [...messagesOf(body)].reverse()) {
    if (m.role !== 'user') continue
    if (typeof m.content === 'string') return m.content
    const text = blocks(m).filter((b) => b.type === 'text').map((b) => String(b.text ?? '')).join('')
    if (text || !blocks(m).some((b) => b.type === 'tool_result')) return text
  }
  return ''
}

/** The tool results of the last message, by the name of the tool_use they answer. */
function resultsOf(body: Json): Results {
  const messages = messagesOf(body)
  const names = new Map(blocks(messages[messages.length - 2]).filter((b) => b.type === 'tool_use').map((b) => [b.id, String(b.name)]))
  const results: Results = new Map()
  for (const r of blocks(messages[messages.length - 1]).filter((b) => b.type === 'tool_result')) {
    const raw = r.content
    const text = typeof raw === 'string' ? raw : Array.isArray(raw) ? raw.map((b) => (isRecord(b) && typeof b.text === 'string' ? b.text : '')).join('') : ''
    let value: unknown = text
    try {
      value = JSON.parse(text)
    } catch {
      // a result that is not JSON is quoted as it is
    }
    results.set(names.get(r.tool_use_id) ?? String(r.tool_use_id), value)
  }
  return results
}

function answerText(body: Json, brands: string[]): string {
  const reading = readQuestion(questionOf(body), brands)
  const results = resultsOf(body)
  if (!results.size) return PHRASES[reading.lang].noTools
  return answerFrom(reading, results) ?? [...results.values()].map(renderToolResult).join('\n\n')
}

/**
 * What the API answers 400 to (invalid_request_error): a tool_use without a tool_result for its id in the
 * very next user message, with the tool_result blocks first; or a tool_result without its tool_use.
 */
export function toolUseProblem(body: Json): string | undefined {
  const messages = messagesOf(body)
  for (const [i, m] of messages.entries()) {
    const uses = m.role === 'assistant' ? blocks(m).filter((b) => b.type === 'tool_use').map((b) => String(b.id)) : []
    const next = blocks(messages[i + 1])
    const answered = next.filter((b) => b.type === 'tool_result').map((b) => String(b.tool_use_id))
    const missing = uses.filter((id) => !answered.includes(id))
    if (missing.length)
      return `messages.${i + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`
    if (uses.length && next.findIndex((b) => b.type !== 'tool_result') !== -1 && next.findIndex((b) => b.type !== 'tool_result') < answered.length)
      return `messages.${i + 1}: \`tool_result\` blocks must come first in the user message that follows \`tool_use\` blocks.`
    const previous = new Set(blocks(messages[i - 1]).filter((b) => b.type === 'tool_use').map((b) => String(b.id)))
    const stray = m.role === 'user' ? blocks(m).filter((b) => b.type === 'tool_result' && !previous.has(String(b.tool_use_id))) : []
    if (stray.length) return `messages.${i}.content.0: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(stray[0].tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`
  }
  return undefined
}

export type ChatBlock = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Json }

export interface ChatMessageOut {
  id: string
  model: string
  content: ChatBlock[]
  stopReason: 'end_turn' | 'tool_use'
  inputTokens: number
  outputTokens: number
}

/** The assistant message the policy writes for a chat request. */
export function chatReply(body: Json, ids: Rng): ChatMessageOut {
  const model = typeof body.model === 'string' ? body.model : ''
  const tools = (Array.isArray(body.tools) ? body.tools.filter(isRecord) : [])
    .filter((t) => isRecord(t.input_schema) && typeof t.name === 'string')
    .map((t) => ({ name: String(t.name), description: typeof t.description === 'string' ? t.description : '', input_schema: t.input_schema as Json }))
  const mayCall = !(isRecord(body.tool_choice) && body.tool_choice.type === 'none')
  const last = messagesOf(body).at(-1)
  const asking = last?.role === 'user' && !blocks(last).some((b) => b.type === 'tool_result')
  const brands = brandsOf(tools)
  const inputTokens = Math.ceil(JSON.stringify(body).length / 4)
  const id = `msg_01${ids.chars(22)}`
  if (asking && mayCall && tools.length) {
    const offered = new Set(tools.map((t) => t.name))
    const wanted = toolCallsOf(readQuestion(questionOf(body), brands).intent).filter((c) => offered.has(c.name))
    const calls = wanted.length ? wanted : [{ name: offered.has('overview') ? 'overview' : tools[0].name, input: {} }]
    const content: ChatBlock[] = calls.map((c) => ({ type: 'tool_use', id: `toolu_01${ids.chars(22)}`, name: c.name, input: c.input }))
    return { id, model, content, stopReason: 'tool_use', inputTokens, outputTokens: 20 * calls.length + Math.ceil(JSON.stringify(calls).length / 4) }
  }
  const text = answerText(body, brands)
  return { id, model, content: [{ type: 'text', text }], stopReason: 'end_turn', inputTokens, outputTokens: Math.max(1, Math.ceil(text.length / 4)) }
}

const usage = (m: ChatMessageOut, output: number) => ({
  input_tokens: m.inputTokens,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  output_tokens: output,
  service_tier: 'standard',
})

/** The plain (non-streamed) Messages API body. */
export function chatMessageBody(m: ChatMessageOut) {
  return { id: m.id, type: 'message', role: 'assistant', model: m.model, content: m.content, stop_reason: m.stopReason, stop_sequence: null, usage: usage(m, m.outputTokens) }
}

/** Text deltas of a few words each, as the API sends them. */
export function textPieces(text: string): string[] {
  const tokens = text.match(/\S+\s*|\s+/g) ?? []
  const out: string[] = []
  for (let i = 0; i < tokens.length; i += 3) out.push(tokens.slice(i, i + 3).join(''))
  return out
}

export interface SseEvent {
  event: string
  data: unknown
  /** A text delta (the hold counts these). */
  text?: boolean
}

/** The streamed form of the message, event by event. */
export function chatStreamEvents(m: ChatMessageOut): SseEvent[] {
  const events: SseEvent[] = [
    { event: 'message_start', data: { type: 'message_start', message: { id: m.id, type: 'message', role: 'assistant', model: m.model, content: [], stop_reason: null, stop_sequence: null, usage: usage(m, 1) } } },
  ]
  m.content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } } })
      if (index === 0) events.push({ event: 'ping', data: { type: 'ping' } })
      for (const piece of textPieces(block.text)) events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } }, text: true })
    } else {
      events.push({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } } })
      if (index === 0) events.push({ event: 'ping', data: { type: 'ping' } })
      const json = JSON.stringify(block.input)
      events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: '' } } })
      for (let i = 0; i < json.length; i += 12) events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: json.slice(i, i + 12) } } })
    }
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } })
  })
  events.push({ event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: m.stopReason, stop_sequence: null }, usage: { output_tokens: m.outputTokens } } })
  events.push({ event: 'message_stop', data: { type: 'message_stop' } })
  return events
}

export const sseFrame = (e: SseEvent) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`
