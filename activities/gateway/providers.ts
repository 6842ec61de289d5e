/**
 * One adapter per provider: builds the official SDK client and the request, and hands the
 * body the SDK returns to the matching parser. No retries (maxRetries: 0 / no retryOptions):
 * Temporal retries activities.
 */
import OpenAI from 'openai'
import Anthropic from '@anthropic-ai/sdk'
import { GoogleGenAI } from '@google/genai'
import type { EngineTask, ProviderConfig, ProviderKey } from './types'
import type { EngineKey } from '../../app/domain/models'
import type { Market } from '../../app/domain/engines/market'
import { parseAnthropic, parseChatCompletion, parseGemini, parseResponses, type ParsedAnswer } from './normalise'
import { dataForSeoAdapter } from './engines/dataforseo'
import { serpApiAdapter } from './engines/serpapi'

export interface AdapterCall {
  prompt: string
  system?: string
  signal: AbortSignal
}

export interface JsonCall extends AdapterCall {
  schemaName: string
  schema: Record<string, unknown>
  strict: boolean
}

export interface AdapterResult {
  raw: unknown
  parsed: ParsedAnswer
  /** A SERP engine showed no AI answer for the query. */
  absent?: boolean
}

/** An engine read from a SERP provider: which one, where, and the task hooks of a post-then-poll call. */
export interface EngineCall extends AdapterCall {
  engine?: EngineKey
  market?: Market
  task?: EngineTask
}

export interface Adapter {
  ask(call: EngineCall & { webSearch: boolean }): Promise<AdapterResult>
  askJson(call: JsonCall): Promise<AdapterResult>
}

const ANSWER_MAX_TOKENS = 4096
const JSON_MAX_TOKENS = 8192
/** Our own timer aborts first; the SDK timeout is only a backstop. */
const SDK_TIMEOUT_SLACK_MS = 1000

/** Anthropic tool names: ^[a-zA-Z0-9_-]{1,64}$ */
export function toolName(schemaName: string): string {
  return schemaName.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'structured_output'
}

function jsonInstructions(schema: Record<string, unknown>): string {
  return `Reply with a single JSON object (json) and nothing else. It must match this JSON schema:\n\`\`\`json\n${JSON.stringify(schema)}\n\`\`\``
}

function joinSystem(...parts: Array<string | undefined>): string | undefined {
  const text = parts.filter((p) => p && p.trim()).join('\n\n')
  return text || undefined
}

function openAIClient(cfg: ProviderConfig): OpenAI {
  return new OpenAI({ apiKey: cfg.apiKey, baseURL: cfg.baseUrl, maxRetries: 0, timeout: cfg.timeoutMs + SDK_TIMEOUT_SLACK_MS })
}

/** OpenAI and xAI: Responses API with the web_search tool. */
function responsesAdapter(cfg: ProviderConfig, style: 'openai' | 'xai'): Adapter {
  const client = openAIClient(cfg)
  // xAI's Responses API takes the system prompt as a system message rather than `instructions`.
  const request = (call: AdapterCall) =>
    style === 'openai'
      ? { model: cfg.model, input: call.prompt, ...(call.system ? { instructions: call.system } : {}) }
      : { model: cfg.model, input: [...(call.system ? [{ role: 'system' as const, content: call.system }] : []), { role: 'user' as const, content: call.prompt }] }
  return {
    async ask(call) {
      const raw = await client.responses.create({ ...request(call), ...(call.webSearch ? { tools: [{ type: 'web_search' as const }] } : {}) }, { signal: call.signal })
      return { raw, parsed: parseResponses(raw) }
    },
    async askJson(call) {
      const raw = await client.responses.create(
        { ...request(call), text: { format: { type: 'json_schema', name: call.schemaName, schema: call.schema, strict: call.strict } } },
        { signal: call.signal },
      )
      return { raw, parsed: parseResponses(raw) }
    },
  }
}

/** Perplexity and DeepSeek: Chat Completions through the OpenAI SDK. */
function chatAdapter(cfg: ProviderConfig, style: 'perplexity' | 'deepseek'): Adapter {
  const client = openAIClient(cfg)
  const messages = (system: string | undefined, prompt: string) => [
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    { role: 'user' as const, content: prompt },
  ]
  return {
    async ask(call) {
      // Sonar always searches; DeepSeek has no search tool, so webSearch changes nothing here.
      const raw = await client.chat.completions.create({ model: cfg.model, messages: messages(call.system, call.prompt), max_tokens: ANSWER_MAX_TOKENS }, { signal: call.signal })
      return { raw, parsed: parseChatCompletion(raw) }
    },
    async askJson(call) {
      const raw =
        style === 'perplexity'
          ? await client.chat.completions.create(
              {
                model: cfg.model,
                messages: messages(call.system, call.prompt),
                max_tokens: JSON_MAX_TOKENS,
                response_format: { type: 'json_schema', json_schema: { name: call.schemaName, schema: call.schema } },
              },
              { signal: call.signal },
            )
          : // DeepSeek supports JSON mode (json_object) only: the schema goes into the prompt.
            await client.chat.completions.create(
              {
                model: cfg.model,
                messages: messages(joinSystem(call.system, jsonInstructions(call.schema)), call.prompt),
                max_tokens: JSON_MAX_TOKENS,
                response_format: { type: 'json_object' },
              },
              { signal: call.signal },
            )
      return { raw, parsed: parseChatCompletion(raw) }
    },
  }
}

/**
 * How many times a paused Claude turn (stop_reason "pause_turn": a long server-side web search
 * hit its iteration limit) is continued before the answer is stored as incomplete.
 */
export const MAX_PAUSE_CONTINUATIONS = 3

/**
 * One message from the turns of a paused answer: every turn's content in order, the usage of
 * all requests summed (each is billed), the last turn's stop_reason.
 */
export function mergeAnthropicTurns(turns: Anthropic.Message[]): Anthropic.Message {
  const last = turns[turns.length - 1]
  if (turns.length === 1) return last
  const sum = (pick: (u: Anthropic.Usage) => number | null | undefined) => turns.reduce((n, t) => n + (pick(t.usage) ?? 0), 0)
  const searches = sum((u) => u.server_tool_use?.web_search_requests)
  return {
    ...last,
    content: turns.flatMap((t) => t.content),
    usage: {
      ...last.usage,
      input_tokens: sum((u) => u.input_tokens),
      output_tokens: sum((u) => u.output_tokens),
      cache_creation_input_tokens: sum((u) => u.cache_creation_input_tokens),
      cache_read_input_tokens: sum((u) => u.cache_read_input_tokens),
      ...(searches ? { server_tool_use: { ...last.usage.server_tool_use, web_search_requests: searches } as Anthropic.ServerToolUsage } : {}),
    },
  }
}

function anthropicAdapter(cfg: ProviderConfig): Adapter {
  const client = new Anthropic({ apiKey: cfg.apiKey, baseURL: cfg.baseUrl, maxRetries: 0, timeout: cfg.timeoutMs + SDK_TIMEOUT_SLACK_MS })
  return {
    async ask(call) {
      const request = (assistant: Anthropic.ContentBlock[]) =>
        client.messages.create(
          {
            model: cfg.model,
            max_tokens: ANSWER_MAX_TOKENS,
            ...(call.system ? { system: call.system } : {}),
            messages: [{ role: 'user', content: call.prompt }, ...(assistant.length ? [{ role: 'assistant' as const, content: assistant }] : [])],
            ...(call.webSearch ? { tools: [{ type: 'web_search_20250305' as const, name: 'web_search' as const, max_uses: 5 }] } : {}),
          },
          { signal: call.signal },
        )
      // A paused turn is continued as Anthropic documents: the paused assistant content is sent
      // back after the user's message and Claude resumes where it stopped.
      const turns = [await request([])]
      while (turns[turns.length - 1].stop_reason === 'pause_turn' && turns.length <= MAX_PAUSE_CONTINUATIONS) {
        turns.push(await request(turns.flatMap((t) => t.content)))
      }
      const raw = mergeAnthropicTurns(turns)
      return { raw, parsed: parseAnthropic(raw) }
    },
    async askJson(call) {
      // Structured output through a forced tool call: the tool input is the JSON.
      const name = toolName(call.schemaName)
      const wrapped = call.schema.type !== 'object'
      const inputSchema = wrapped ? { type: 'object', properties: { value: call.schema }, required: ['value'] } : call.schema
      const raw = await client.messages.create(
        {
          model: cfg.model,
          max_tokens: JSON_MAX_TOKENS,
          ...(call.system ? { system: call.system } : {}),
          messages: [{ role: 'user', content: call.prompt }],
          tools: [{ name, description: 'Record the answer as structured data matching the schema.', input_schema: inputSchema as Anthropic.Tool.InputSchema }],
          tool_choice: { type: 'tool', name },
        },
        { signal: call.signal },
      )
      const parsed = parseAnthropic(raw)
      if (wrapped && parsed.toolInput && typeof parsed.toolInput === 'object') parsed.toolInput = (parsed.toolInput as { value?: unknown }).value
      return { raw, parsed }
    },
  }
}

/**
 * Gemini 2.0 and 1.5 take structured output as `responseSchema`, an OpenAPI 3.0 subset:
 * upper-case types, nullable instead of "null" types, no $ref/additionalProperties, and a
 * propertyOrdering hint. Newer models take the JSON schema itself (responseJsonSchema).
 */
export function toGeminiSchema(schema: Record<string, unknown>, root: Record<string, unknown> = schema, depth = 0): Record<string, unknown> {
  let s = schema
  for (let i = 0; i < 16 && typeof s.$ref === 'string' && s.$ref.startsWith('#/'); i++) {
    let target: unknown = root
    for (const part of (s.$ref as string).slice(2).split('/')) target = target && typeof target === 'object' ? (target as Record<string, unknown>)[part] : undefined
    s = target && typeof target === 'object' ? (target as Record<string, unknown>) : {}
  }
  if (depth > 12) return { type: 'STRING' }
  const out: Record<string, unknown> = {}
  const types = (Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type]).map((t) => String(t).toUpperCase())
  const real = types.filter((t) => t !== 'NULL')
  if (real.length) out.type = real[0]
  if (types.includes('NULL') || s.nullable === true) out.nullable = true
  for (const key of ['format', 'title', 'description', 'minItems', 'maxItems', 'minimum', 'maximum', 'required']) if (s[key] !== undefined) out[key] = s[key]
  if (Array.isArray(s.enum)) out.enum = s.enum.map(String)
  if (s.const !== undefined) out.enum = [String(s.const)]
  const sub = (v: unknown) => toGeminiSchema(v && typeof v === 'object' ? (v as Record<string, unknown>) : {}, root, depth + 1)
  if (s.properties && typeof s.properties === 'object') {
    const props = Object.entries(s.properties as Record<string, unknown>)
    out.properties = Object.fromEntries(props.map(([k, v]) => [k, sub(v)]))
    out.propertyOrdering = props.map(([k]) => k)
    if (!out.type) out.type = 'OBJECT'
  }
  if (s.items && typeof s.items === 'object') out.items = sub(s.items)
  const any = s.anyOf ?? s.oneOf
  if (Array.isArray(any)) out.anyOf = any.map(sub)
  return out
}

const WIRE_BODY = Symbol('wire body')

/**
 * @google/genai builds its response objects field by field and drops what its converters do
 * not list (candidate.finishMessage, which carries Model Armor's reason). This client keeps the
 * body as sent, beside the SDK's object, on the headers object the SDK passes through.
 */
class GenAIWithWireBody extends GoogleGenAI {
  constructor(options: ConstructorParameters<typeof GoogleGenAI>[0]) {
    super(options)
    const client = this.apiClient
    const request = client.request.bind(client)
    client.request = async (req) => {
      const res = await request(req)
      const body: unknown = await res.json()
      res.json = async () => body
      res.headers ??= {}
      Object.defineProperty(res.headers, WIRE_BODY, { value: body, enumerable: false })
      return res
    }
  }
}

function geminiAdapter(cfg: ProviderConfig): Adapter {
  const ai = new GenAIWithWireBody({
    apiKey: cfg.apiKey,
    httpOptions: { timeout: cfg.timeoutMs + SDK_TIMEOUT_SLACK_MS, ...(cfg.baseUrl ? { baseUrl: cfg.baseUrl } : {}) },
  })
  const body = (raw: object) => {
    const { sdkHttpResponse: http, ...rest } = raw as Record<string, unknown> & { sdkHttpResponse?: { headers?: Record<PropertyKey, unknown> } }
    const wire = http?.headers?.[WIRE_BODY]
    return wire && typeof wire === 'object' ? (wire as Record<string, unknown>) : rest
  }
  return {
    async ask(call) {
      const res = await ai.models.generateContent({
        model: cfg.model,
        contents: call.prompt,
        config: {
          abortSignal: call.signal,
          ...(call.system ? { systemInstruction: call.system } : {}),
          ...(call.webSearch ? { tools: [{ googleSearch: {} }] } : {}),
        },
      })
      const raw = body(res)
      return { raw, parsed: parseGemini(raw) }
    },
    async askJson(call) {
      const res = await ai.models.generateContent({
        model: cfg.model,
        contents: call.prompt,
        config: {
          abortSignal: call.signal,
          ...(call.system ? { systemInstruction: call.system } : {}),
          responseMimeType: 'application/json',
          ...(/^gemini-(1\.|2\.0)/.test(cfg.model) ? { responseSchema: toGeminiSchema(call.schema) } : { responseJsonSchema: call.schema }),
        },
      })
      const raw = body(res)
      return { raw, parsed: parseGemini(raw) }
    },
  }
}

export function createAdapter(key: ProviderKey, cfg: ProviderConfig): Adapter {
  switch (key) {
    case 'openai': return responsesAdapter(cfg, 'openai')
    case 'xai': return responsesAdapter(cfg, 'xai')
    case 'anthropic': return anthropicAdapter(cfg)
    case 'gemini': return geminiAdapter(cfg)
    case 'perplexity': return chatAdapter(cfg, 'perplexity')
    case 'deepseek': return chatAdapter(cfg, 'deepseek')
    case 'dataforseo': return dataForSeoAdapter(cfg)
    case 'serpapi': return serpApiAdapter(cfg)
  }
}
