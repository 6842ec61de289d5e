/**
 * The AI Chat's model in the simulator: a small deterministic tool-using policy behind Anthropic's Messages
 * API, plain or streamed in the API's server-sent-event format (message_start, content_block_start,
 * content_block_delta with text_delta / input_json_delta, content_block_stop, message_delta, message_stop).
 *
 * Policy: a question (the last message is the user's text) gets one tool call: the client tool whose
 * description shares the most words with the question (ties: the first listed), with each enum argument set
 * to the value the question names (omitted when it names none). Tool results (the last message holds
 * tool_result blocks) get the answer: the figures of the result as markdown, the own brand's first.
 */
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

const STOP = new Set(['what', 'which', 'does', 'doing', 'have', 'with', 'from', 'that', 'this', 'there', 'their', 'about', 'brand', 'brands', "brand's", 'model', 'models', 'each', 'every', 'many', 'much', 'most', 'more', 'compared', 'give', 'show', 'tell', 'please', 'should', 'would', 'could', 'where', 'when', 'into', 'than', 'they', 'them', 'analysis', 'figures', 'figure', 'answers', 'answer'])

function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}'-]+/gu) ?? []).map((w) => w.replace(/'s$/, '')).filter((w) => w.length >= 4 && !STOP.has(w))
}

/** Same word, or the same stem: a shared prefix of 5 letters (4 when a word has only 4). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true
  const n = Math.min(a.length, b.length, 5)
  return n >= 4 && a.slice(0, n) === b.slice(0, n)
}

export function chooseTool(question: string, tools: ClientTool[]): ClientTool | undefined {
  const q = [...new Set(words(question))]
  let best: ClientTool | undefined
  let bestScore = 0
  for (const t of tools) {
    const d = words(`${t.name.replace(/_/g, ' ')} ${t.description}`)
    const score = q.filter((w) => d.some((x) => sameWord(w, x))).length
    if (score > bestScore) {
      best = t
      bestScore = score
    }
  }
  return best ?? tools.find((t) => t.name === 'overview') ?? tools[0]
}

/** Enum arguments the question names (whole words, case-insensitive); nothing else is guessed. */
export function toolInput(question: string, tool: ClientTool): Json {
  const input: Json = {}
  const props = isRecord(tool.input_schema.properties) ? tool.input_schema.properties : {}
  const lower = ` ${question.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `
  for (const [key, schema] of Object.entries(props)) {
    if (!isRecord(schema) || !Array.isArray(schema.enum)) continue
    const hit = schema.enum
      .filter((v): v is string => typeof v === 'string')
      .sort((a, b) => b.length - a.length)
      .find((v) => lower.includes(` ${v.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `))
    if (hit) input[key] = hit
  }
  return input
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

function answerText(body: Json): string {
  const messages = Array.isArray(body.messages) ? body.messages.filter(isRecord) : []
  const last = messages[messages.length - 1]
  const results = Array.isArray(last?.content) ? last.content.filter((b) => isRecord(b) && b.type === 'tool_result') : []
  if (!results.length) return 'I can answer questions about this analysis once I can read its figures. Please ask about rankings, mentions, sentiment or sources.'
  const parts = results.map((r) => {
    const raw = isRecord(r) ? r.content : ''
    const text = typeof raw === 'string' ? raw : Array.isArray(raw) ? raw.map((b) => (isRecord(b) && typeof b.text === 'string' ? b.text : '')).join('') : ''
    try {
      return renderToolResult(JSON.parse(text))
    } catch {
      return text
    }
  })
  return `Here is what the analysis shows.\n\n${parts.join('\n\n')}`
}

function lastQuestion(body: Json): string | undefined {
  const messages = Array.isArray(body.messages) ? body.messages.filter(isRecord) : []
  const last = messages[messages.length - 1]
  if (!last || last.role !== 'user') return undefined
  if (typeof last.content === 'string') return last.content
  if (Array.isArray(last.content) && !last.content.some((b) => isRecord(b) && b.type === 'tool_result'))
    return last.content.map((b) => (isRecord(b) && typeof b.text === 'string' ? b.text : '')).join('')
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
  const question = lastQuestion(body)
  const inputTokens = Math.ceil(JSON.stringify(body).length / 4)
  const id = `msg_01${ids.chars(22)}`
  if (question !== undefined && mayCall && tools.length) {
    const tool = chooseTool(question, tools)!
    const input = toolInput(question, tool)
    return { id, model, content: [{ type: 'tool_use', id: `toolu_01${ids.chars(22)}`, name: tool.name, input }], stopReason: 'tool_use', inputTokens, outputTokens: 20 + Math.ceil(JSON.stringify(input).length / 4) }
  }
  const text = answerText(body)
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
