/**
 * Reading a vendor request: which vendor and endpoint a path is, the prompt, system text, search and
 * structured-output asks in its body (each vendor spells them its own way), its key, and the content a
 * continued Anthropic turn sends back.
 */
import type http from 'node:http'
import type { Vendor } from './vendors'

export const VENDORS: Vendor[] = ['openai', 'anthropic', 'gemini', 'perplexity', 'xai', 'deepseek']

export type Endpoint = 'responses' | 'chat' | 'messages' | 'generate'
export interface Route {
  vendor: Vendor
  endpoint: Endpoint
  model?: string
}

export function route(method: string, pathname: string): Route | undefined {
  if (method !== 'POST') return undefined
  const gem = /^\/gemini\/v1(?:beta|alpha)?\/models\/([^/:]+):generateContent$/.exec(pathname)
  if (gem) return { vendor: 'gemini', endpoint: 'generate', model: decodeURIComponent(gem[1]) }
  switch (pathname) {
    case '/openai/v1/responses': return { vendor: 'openai', endpoint: 'responses' }
    case '/openai/v1/chat/completions': return { vendor: 'openai', endpoint: 'chat' }
    case '/xai/v1/responses': return { vendor: 'xai', endpoint: 'responses' }
    case '/xai/v1/chat/completions': return { vendor: 'xai', endpoint: 'chat' }
    case '/anthropic/v1/messages': return { vendor: 'anthropic', endpoint: 'messages' }
    case '/perplexity/chat/completions': return { vendor: 'perplexity', endpoint: 'chat' }
    case '/perplexity/v1/chat/completions': return { vendor: 'perplexity', endpoint: 'chat' }
    case '/deepseek/chat/completions': return { vendor: 'deepseek', endpoint: 'chat' }
    case '/deepseek/v1/chat/completions': return { vendor: 'deepseek', endpoint: 'chat' }
  }
  return undefined
}

export function vendorOfPath(pathname: string): Vendor | undefined {
  const first = pathname.split('/')[1]
  return VENDORS.find((v) => v === first)
}

export type Json = Record<string, unknown>
export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

function textOf(content: unknown): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((p) => (isRecord(p) && typeof p.text === 'string' ? p.text : '')).join('')
  return ''
}

export interface Parsed {
  model: string
  system: string
  prompt: string
  webSearch: boolean
  stream: boolean
  /** Structured output requested. `schema` may be absent for plain JSON mode. */
  json?: { schema?: Json; toolName?: string }
  /** Anthropic: the assistant content sent back to continue a paused turn. */
  continued?: unknown[]
}

function schemaInText(text: string): Json | undefined {
  for (const m of text.matchAll(/```json\s*\n([\s\S]*?)\n```/g)) {
    try {
      const v: unknown = JSON.parse(m[1])
      if (isRecord(v) && ('properties' in v || 'type' in v)) return v
    } catch {}
  }
  return undefined
}

export function parseRequest(r: Route, body: Json): Parsed {
  const model = r.model ?? (typeof body.model === 'string' ? body.model : '')
  const stream = body.stream === true
  if (r.endpoint === 'responses') {
    const items = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : Array.isArray(body.input) ? body.input : []
    const sys = [typeof body.instructions === 'string' ? body.instructions : '']
    let prompt = ''
    for (const it of items) {
      if (!isRecord(it)) continue
      if (it.role === 'system' || it.role === 'developer') sys.push(textOf(it.content))
      if (it.role === 'user') prompt = textOf(it.content)
    }
    const tools = Array.isArray(body.tools) ? body.tools : []
    const webSearch = tools.some((t) => isRecord(t) && typeof t.type === 'string' && t.type.startsWith('web_search'))
    const format = isRecord(body.text) && isRecord(body.text.format) ? body.text.format : undefined
    const json = format?.type === 'json_schema' ? { schema: isRecord(format.schema) ? format.schema : undefined } : format?.type === 'json_object' ? { schema: schemaInText(sys.join('\n') + prompt) } : undefined
    return { model, system: sys.filter(Boolean).join('\n'), prompt, webSearch, stream, json }
  }
  if (r.endpoint === 'chat') {
    const messages = Array.isArray(body.messages) ? body.messages : []
    const sys: string[] = []
    let prompt = ''
    for (const m of messages) {
      if (!isRecord(m)) continue
      if (m.role === 'system' || m.role === 'developer') sys.push(textOf(m.content))
      if (m.role === 'user') prompt = textOf(m.content)
    }
    const rf = isRecord(body.response_format) ? body.response_format : undefined
    const json =
      rf?.type === 'json_schema'
        ? { schema: isRecord(rf.json_schema) && isRecord(rf.json_schema.schema) ? rf.json_schema.schema : undefined }
        : rf?.type === 'json_object'
          ? { schema: schemaInText(sys.join('\n') + '\n' + prompt) }
          : undefined
    const webSearch = r.vendor === 'perplexity' ? body.disable_search !== true : r.vendor === 'openai' ? isRecord(body.web_search_options) || /search/.test(model) : false
    return { model, system: sys.join('\n'), prompt, webSearch, stream, json }
  }
  if (r.endpoint === 'messages') {
    const messages = Array.isArray(body.messages) ? body.messages : []
    let prompt = ''
    for (const m of messages) if (isRecord(m) && m.role === 'user') prompt = textOf(m.content)
    const last = messages[messages.length - 1]
    const continued = isRecord(last) && last.role === 'assistant' ? (Array.isArray(last.content) ? last.content : [last.content]) : undefined
    const tools = Array.isArray(body.tools) ? body.tools.filter(isRecord) : []
    const webSearch = tools.some((t) => typeof t.type === 'string' && t.type.startsWith('web_search_'))
    const choice = isRecord(body.tool_choice) ? body.tool_choice : undefined
    let json: Parsed['json']
    if (choice?.type === 'tool' && typeof choice.name === 'string') {
      const tool = tools.find((t) => t.name === choice.name)
      json = { schema: tool && isRecord(tool.input_schema) ? tool.input_schema : undefined, toolName: choice.name }
    }
    return { model, system: textOf(body.system), prompt, webSearch, stream, json, continued }
  }
  // Gemini
  const contents = Array.isArray(body.contents) ? body.contents : []
  let prompt = ''
  for (const c of contents) if (isRecord(c) && (c.role === 'user' || c.role === undefined)) prompt = textOf(c.parts)
  const system = isRecord(body.systemInstruction) ? textOf(body.systemInstruction.parts) : ''
  const tools = Array.isArray(body.tools) ? body.tools.filter(isRecord) : []
  const webSearch = tools.some((t) => 'googleSearch' in t || 'google_search' in t || 'googleSearchRetrieval' in t)
  const gc = isRecord(body.generationConfig) ? body.generationConfig : {}
  const json = gc.responseMimeType === 'application/json' ? { schema: isRecord(gc.responseJsonSchema) ? gc.responseJsonSchema : isRecord(gc.responseSchema) ? gc.responseSchema : undefined } : undefined
  return { model, system, prompt, webSearch, stream, json }
}

export function hasKey(vendor: Vendor, req: http.IncomingMessage, url: URL): boolean {
  const h = req.headers
  if (vendor === 'anthropic') return Boolean(h['x-api-key'] || h.authorization)
  if (vendor === 'gemini') return Boolean(h['x-goog-api-key'] || url.searchParams.get('key') || h.authorization)
  return /^Bearer \S+/.test(String(h.authorization ?? ''))
}

/**
 * A continued Anthropic turn must send back the paused content as it came: blocks with a type,
 * and every server_tool_use with its result. Returns what is wrong, like the real API's 400.
 */
export function pausedContentProblem(content: unknown[]): string | undefined {
  const results = new Set(content.filter(isRecord).filter((b) => b.type === 'web_search_tool_result').map((b) => b.tool_use_id))
  for (const [i, b] of content.entries()) {
    if (!isRecord(b) || typeof b.type !== 'string') return `messages.1.content.${i}: a content block needs a type`
    if (b.type === 'server_tool_use' && !results.has(b.id)) return `messages.1: \`web_search\` tool use with id \`${String(b.id)}\` was found without a corresponding \`web_search_tool_result\` block`
  }
  return undefined
}
