/**
 * Model simulator: one HTTP server that speaks the wire protocols of the six vendors the
 * product calls, at the paths the gateway uses in demo mode:
 *
 *   POST /openai/v1/responses            OpenAI Responses API (web_search, json_schema)
 *   POST /openai/v1/chat/completions     OpenAI Chat Completions (url_citation annotations)
 *   POST /anthropic/v1/messages          Anthropic Messages (web_search_20250305, forced tools; client tools,
 *                                        plain or streamed, answer with the AI Chat's tool policy: ./chat.ts)
 *   POST /gemini/v1beta/models/{model}:generateContent   Gemini (googleSearch grounding, JSON mode)
 *   POST /perplexity/chat/completions    Perplexity Sonar (citations + search_results)
 *   POST /xai/v1/responses               xAI Responses API (web_search)
 *   POST /xai/v1/chat/completions        xAI chat (no search)
 *   POST /deepseek/chat/completions      DeepSeek (also /deepseek/v1/...; JSON mode)
 *
 * Control API (JSON):
 *   GET  /health
 *   GET  /__sim/stats      requests per provider and outcome, in flight, max in flight
 *   GET  /__sim/projects   projects learned from framework prompts
 *   POST /__sim/projects   { brand, market, region?, language?, marketType?, competitors[], queries[], facts?[] }:
 *                          learn a project as it is now (the worker sends it when an analysis starts in
 *                          demo mode), so answers name its current competitors (and restate its brand
 *                          facts, some of them wrong: ./factcheck.ts)
 *   POST /__sim/config     { seed?, day?: 'YYYY-MM-DD' | null, brandRate?: 0..1,
 *                            providers?: { [provider]: { latencyMs?, faults?: Fault[] } },
 *                            gate?: { allow: n } | null, streamHold?: { afterDeltas: n } | null (AI Chat streams
 *                            pause after n text deltas until it is moved on or lifted),
 *                            listFormats?: { [prompt]: format | { format, order?: brand[], marker?, references? } } | null,
 *                            lifts?: [{ queries[], from: 'YYYY-MM-DD', brandRate }] | null (lifts.ts: a planted experiment effect),
 *                            modelChanges?: [{ provider, from: 'YYYY-MM-DD', version }] | null (model-changes.ts: a planted model update) }
 *                          merged into the current config; a provider's faults list is replaced.
 *                          With a gate, the first n model requests are answered and the rest held
 *                          until the gate is set to null (or the client hangs up). listFormats
 *                          pins the layout of the answer to a prompt (LIST_FORMATS and NATIVE_FORMATS in
 *                          answer.ts); `order` the brands it ranks, `marker` a native-number marker ("1位："),
 *                          `references` a research report's footnotes ('report') or a "Sources:" list.
 *   POST /__sim/reset      defaults and zeroed stats; learned projects kept unless { forget: true }
 *
 * Answers are deterministic: same provider + model + prompt + day (UTC, or config.day) + seed
 * give byte-identical text. Env: SIMULATOR_BRAND_RATE (default 0.6), SIMULATOR_SEED, SIMULATOR_DAY.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseFrameworkPrompt } from '../activities/gateway/prompts'
import { parseAudiencePrompt } from '../activities/gateway/audience-prompts'
import { answerAudiencePrompt } from './audiences'
import { type AnswerFormat, composeAnswer, LIST_FORMATS, NATIVE_FORMATS, renderAnswer, type CitationStyle } from './answer'

/** Layouts a test may pin per prompt: every list layout and the native ones. */
const PINNABLE_FORMATS: readonly AnswerFormat[] = [...LIST_FORMATS, ...NATIVE_FORMATS]
import { buildFramework } from './framework'
import { chatMessageBody, chatReply, chatStreamEvents, isChatRequest, sseFrame, toolUseProblem } from './chat'
import { geminiEmbeddings, openaiEmbeddings, optimiserReply } from './optimiser'
import { ideatorReply } from './ideator'
import { exportSummaryReply } from './exports'
import { reportRewriteReply } from './report-rewrite'
import { volumeReply } from './volume'
import { factcheckReply } from './factcheck'
import { Rng, unit } from './prng'
import { brandRateOn, liftsFromEnv, parseLifts, type Lift } from './lifts'
import { modelChangesFromEnv, parseModelChanges, servedModel, type ModelChange } from './model-changes'
import { normaliseQuery, ProjectStore } from './projects'
import { fakeFromSchema } from './schemaFaker'
import { DEMO_LATENCY, projectFromBody } from './teach'
import { EngineSim } from './engines'
import { anthropicMessages, chatCompletion, errorResponse, geminiGenerate, openaiResponses, xaiResponses, type ErrorCase, type Reply, type Vendor, type WireResponse } from './vendors'

export interface SimulatorOptions {
  port?: number
  host?: string
  seed?: string
  /**
   * The day answers are composed for (YYYY-MM-DD); default SIMULATOR_DAY, else today (UTC).
   * Tests that depend on an answer's content pin it; `npm run test:dates` moves it for the rest.
   */
  day?: string
  /** JSON file where learned projects are kept across restarts. */
  dataFile?: string
  /** Answer after a realistic delay per provider (DEMO_LATENCY in teach.ts), as `npm start` does. */
  demoLatency?: boolean
}

export interface SimulatorHandle {
  url: string
  port: number
  close(): Promise<void>
}

/**
 * Failures and awkward replies a provider can be told to send. Beside HTTP errors:
 * - 'pause-turn' (Anthropic): stop_reason "pause_turn" after a preamble and one search; the
 *   client continues by sending the paused content back (a continuation is itself a request).
 * - 'blocked' (Gemini): a candidate with finishReason (default MODEL_ARMOR), a finishMessage
 *   and no content.
 * - 'reasoning-usage' (chat completions, xAI responses): reasoning tokens reported beside the
 *   output figure (input + output + reasoning = total), as xAI's chat completions do.
 */
export type FaultType = '429' | '500' | 'timeout' | 'empty' | 'malformed' | '401' | 'pause-turn' | 'blocked' | 'reasoning-usage'
export interface Fault {
  type: FaultType
  /** 'blocked': the candidate's finishReason and finishMessage. */
  finishReason?: string
  finishMessage?: string
  /** 'reasoning-usage': the reasoning tokens reported (default 228). */
  reasoningTokens?: number
  /** Only the next N requests; default: every request. */
  times?: number
  /** Probability 0..1, drawn deterministically from seed, provider and request number. */
  rate?: number
  retryAfterSeconds?: number
}
interface ProviderSim {
  latencyMs: number
  /** With it, each answer takes from latencyMs to latencyMaxMs (demo mode's realistic latency). */
  latencyMaxMs?: number
  faults: Array<Fault & { remaining?: number }>
}
interface SimConfig {
  seed: string
  day?: string
  /** When set, the first `allow` model requests are answered and later ones held until the gate opens. */
  gate?: { allow: number }
  brandRate: number
  providers: Record<Vendor, ProviderSim>
  /** Layout (and ranked brands) of the answer per prompt (normalised as the project store does). */
  listFormats: Record<string, { format: AnswerFormat; order?: string[]; marker?: string; references?: 'report' | 'sources' }>
  /** Planted experiment effects (lifts.ts). */
  lifts: Lift[]
  /** Planted model updates (model-changes.ts). */
  modelChanges: ModelChange[]
  /** AI Chat streams: hold each stream after this many text deltas until set to null (tests observe a partial reply). */
  streamHold?: { afterDeltas: number }
}

const VENDORS: Vendor[] = ['openai', 'anthropic', 'gemini', 'perplexity', 'xai', 'deepseek']
const FAULT_TYPES: FaultType[] = ['429', '500', 'timeout', 'empty', 'malformed', '401', 'pause-turn', 'blocked', 'reasoning-usage']
const MODEL_ARMOR_MESSAGE = 'Blocked by Model Armor Floor Setting: The prompt violated Responsible AI Safety settings (Dangerous), Malicious URL Detection, Prompt Injection and Jailbreak filters.'
const MAX_HOLD_MS = 10 * 60 * 1000
const MAX_BODY_BYTES = 5 * 1024 * 1024

type Endpoint = 'responses' | 'chat' | 'messages' | 'generate'
interface Route {
  vendor: Vendor
  endpoint: Endpoint
  model?: string
}

function route(method: string, pathname: string): Route | undefined {
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

function vendorOfPath(pathname: string): Vendor | undefined {
  const first = pathname.split('/')[1]
  return VENDORS.find((v) => v === first)
}

// ---------------------------------------------------------------------------
// Request reading

type Json = Record<string, unknown>
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

function textOf(content: unknown): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((p) => (isRecord(p) && typeof p.text === 'string' ? p.text : '')).join('')
  return ''
}

interface Parsed {
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

function parseRequest(r: Route, body: Json): Parsed {
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

function hasKey(vendor: Vendor, req: http.IncomingMessage, url: URL): boolean {
  const h = req.headers
  if (vendor === 'anthropic') return Boolean(h['x-api-key'] || h.authorization)
  if (vendor === 'gemini') return Boolean(h['x-goog-api-key'] || url.searchParams.get('key') || h.authorization)
  return /^Bearer \S+/.test(String(h.authorization ?? ''))
}

// ---------------------------------------------------------------------------

interface ProviderStats {
  requests: number
  inFlight: number
  maxInFlight: number
  outcomes: Record<string, number>
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const envRate = Number(process.env.SIMULATOR_BRAND_RATE)
  const defaults = (): SimConfig => ({
    seed: opts.seed ?? process.env.SIMULATOR_SEED ?? 'simulator',
    day: validDay(opts.day) ?? validDay(process.env.SIMULATOR_DAY),
    brandRate: Number.isFinite(envRate) && envRate >= 0 && envRate <= 1 ? envRate : 0.6,
    providers: Object.fromEntries(
      VENDORS.map((v) => [v, opts.demoLatency ? { latencyMs: DEMO_LATENCY[v][0], latencyMaxMs: DEMO_LATENCY[v][1], faults: [] } : { latencyMs: 0, faults: [] }]),
    ) as unknown as Record<Vendor, ProviderSim>,
    listFormats: {},
    lifts: liftsFromEnv(process.env.SIMULATOR_LIFTS),
    modelChanges: modelChangesFromEnv(process.env.SIMULATOR_MODEL_CHANGES, VENDORS),
  })
  let config = defaults()
  const store = new ProjectStore(opts.dataFile)
  const freshStats = () => Object.fromEntries(VENDORS.map((v) => [v, { requests: 0, inFlight: 0, maxInFlight: 0, outcomes: {} }])) as unknown as Record<Vendor, ProviderStats>
  let stats = freshStats()
  let statsSince = new Date().toISOString()
  const timers = new Set<NodeJS.Timeout>()
  let closing = false
  // The gate: lets a test stop the world at a point it chooses (for example, kill the worker after exactly N answers).
  let gatePassed = 0
  const gateWaiters = new Set<() => void>()
  const holdWaiters = new Set<() => void>()
  const openGate = () => {
    for (const release of [...gateWaiters]) release()
  }

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t)
      fn()
    }, ms)
    timers.add(t)
    return t
  }

  const today = () => config.day ?? new Date().toISOString().slice(0, 10)
  const engines = new EngineSim(() => ({ seed: config.seed, day: today(), brandRate: config.brandRate, store, pinned: (q) => config.listFormats[normaliseQuery(q)] }), opts.demoLatency ? 1500 : 0)

  function send(res: http.ServerResponse, wire: WireResponse): void {
    if (res.writableEnded || res.destroyed) return
    const payload = JSON.stringify(wire.body)
    res.writeHead(wire.status, { ...wire.headers, 'content-length': Buffer.byteLength(payload) })
    res.end(payload)
  }

  function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
    send(res, { status, headers: { 'content-type': 'application/json' }, body })
  }

  function pickFault(vendor: Vendor, n: number): (Fault & { remaining?: number }) | undefined {
    const list = config.providers[vendor].faults
    for (let i = 0; i < list.length; i++) {
      const f = list[i]
      if (f.remaining !== undefined && f.remaining <= 0) continue
      if (f.rate !== undefined && unit('fault', config.seed, vendor, i, n) >= f.rate) continue
      if (f.remaining !== undefined) f.remaining--
      return f
    }
    return undefined
  }

  /** The reply for a well-formed API request, or an error response. */
  function answer(r: Route, p: Parsed, body: Json, fault: Fault | undefined, n: number): WireResponse {
    const ids = new Rng('ids', config.seed, r.vendor, n, Date.now())
    const day = today()
    // A planted model update answers as the new version, its text drawn afresh.
    const model = servedModel(config.modelChanges, r.vendor, p.model, day)
    const reply: Reply = {
      vendor: r.vendor,
      model,
      now: Math.floor(Date.now() / 1000),
      ids,
      promptTokens: Math.ceil((p.system.length + p.prompt.length) / 4) + 8,
      request: body,
      searches: [],
    }
    if (p.json) {
      let value: unknown
      const audienceTask = parseAudiencePrompt(p.prompt) ?? parseAudiencePrompt(`${p.system}\n${p.prompt}`)
      const framework = parseFrameworkPrompt(p.prompt) ?? parseFrameworkPrompt(`${p.system}\n${p.prompt}`)
      const props = p.json.schema && isRecord(p.json.schema.properties) ? p.json.schema.properties : undefined
      const optimised = optimiserReply(p.prompt) ?? ideatorReply(p.prompt, r.vendor) ?? exportSummaryReply(p.prompt) ?? reportRewriteReply(p.prompt) ?? factcheckReply(p.prompt)
      if (optimised !== undefined) {
        value = optimised
      } else if (audienceTask) {
        value = answerAudiencePrompt(audienceTask, config.seed, day, store)
      } else if (framework && (!props || ('competitors' in props && 'queries' in props))) {
        const built = buildFramework(framework, config.seed, day.slice(0, 4))
        store.learn({
          brand: built.brand,
          market: framework.market,
          marketKey: built.market?.key,
          marketLabel: built.marketLabel,
          region: framework.region,
          language: framework.language,
          marketType: framework.marketType ?? 'B2C',
          kind: built.kind,
          competitors: built.result.competitors,
          queries: built.result.queries,
          learnedAt: new Date().toISOString(),
        })
        value = built.result
      } else if (p.json.schema) {
        value = fakeFromSchema(p.json.schema, { rng: new Rng('json', r.vendor, p.model, p.prompt, day, config.seed), subject: store.find(p.prompt), day })
      } else {
        value = { answer: renderAnswer(composeAnswer({ provider: r.vendor, model: p.model, prompt: p.prompt, day, seed: config.seed, brandRate: config.brandRate, subject: store.find(p.prompt), cite: false }), 'none').text }
      }
      let text = JSON.stringify(value)
      if (fault?.type === 'malformed') text = text.slice(0, Math.max(1, Math.floor(text.length * 0.6)))
      if (fault?.type === 'empty') text = r.vendor === 'deepseek' ? '   ' : ''
      if (p.json.toolName !== undefined) {
        reply.toolName = p.json.toolName
        // A forced tool call always yields tool input; "malformed" is input that breaks the schema.
        reply.toolInput = fault?.type === 'empty' ? undefined : fault?.type === 'malformed' ? {} : value
      } else reply.jsonText = text
    } else {
      const subject = store.find(p.prompt)
      const cite = p.webSearch || r.vendor === 'deepseek'
      const pinned = config.listFormats[normaliseQuery(p.prompt)]
      const brandRate = brandRateOn(config.lifts, config.brandRate, p.prompt, day)
      const composed = composeAnswer({ provider: r.vendor, model, prompt: p.prompt, day, seed: config.seed, brandRate, subject, cite, format: pinned?.format, order: pinned?.order, marker: pinned?.marker, references: pinned?.references })
      const style: CitationStyle =
        r.vendor === 'perplexity' || r.vendor === 'deepseek' ? 'brackets' : r.vendor === 'xai' ? 'xai-links' : r.vendor === 'openai' ? 'openai-links' : 'none'
      reply.answer = composed
      reply.rendered = fault?.type === 'empty' ? { text: '', claims: [], markers: [], blocks: [] } : renderAnswer(composed, style)
      reply.searches = p.webSearch && fault?.type !== 'empty' && r.vendor !== 'perplexity' ? composed.searchQueries : []
      if (fault?.type === 'pause-turn' && r.vendor === 'anthropic') reply.pauseTurn = true
      if (fault?.type === 'blocked' && r.vendor === 'gemini') reply.blocked = { finishReason: fault.finishReason ?? 'MODEL_ARMOR', finishMessage: fault.finishMessage ?? MODEL_ARMOR_MESSAGE }
    }
    if (fault?.type === 'reasoning-usage') reply.reasoningBeside = fault.reasoningTokens ?? 228
    return reply.vendor === 'gemini'
      ? geminiGenerate(reply)
      : r.endpoint === 'messages'
        ? anthropicMessages(reply)
        : r.endpoint === 'responses'
          ? r.vendor === 'xai'
            ? xaiResponses(reply)
            : openaiResponses(reply)
          : chatCompletion(reply)
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, r: Route, url: URL, raw: string): Promise<void> {
    const s = stats[r.vendor]
    const n = ++s.requests
    s.inFlight++
    s.maxInFlight = Math.max(s.maxInFlight, s.inFlight)
    let done = false
    res.on('close', () => {
      if (!done) {
        done = true
        s.inFlight--
      }
    })
    const outcome = (name: string) => (s.outcomes[name] = (s.outcomes[name] ?? 0) + 1)
    const ids = new Rng('err', config.seed, r.vendor, n)
    const fail = (kase: ErrorCase, name: string, info: { model?: string; message?: string; retryAfterSeconds?: number } = {}) => {
      outcome(name)
      send(res, errorResponse(r.vendor, kase, { ...info, ids }))
    }

    let body: Json
    try {
      const parsed: unknown = JSON.parse(raw || '{}')
      if (!isRecord(parsed)) throw new Error('body is not an object')
      body = parsed
    } catch (e) {
      return fail('400', 'bad_request', { message: `Invalid JSON body: ${e instanceof Error ? e.message : String(e)}` })
    }
    if (!hasKey(r.vendor, req, url)) return fail('401', '401')
    // Anthropic API version 2026-10-21 (what @anthropic-ai/sdk 1.x sends) removed the sampling parameters: a request
    // that sends any of them is a 400, so a gateway that still sends one fails here as it would against the vendor.
    if (r.vendor === 'anthropic' && String(req.headers['anthropic-version'] ?? '') >= '2026-10-21') {
      const removed = ['temperature', 'top_p', 'top_k'].find((k) => k in body)
      if (removed) return fail('400', 'bad_request', { message: `${removed}: this parameter is not supported in API version 2026-10-21` })
    }
    const p = parseRequest(r, body)
    if (!p.model) return fail('400', 'bad_request', { message: 'model: field required' })
    const badContinuation = p.continued && pausedContentProblem(p.continued)
    if (badContinuation) return fail('400', 'bad_request', { model: p.model, message: badContinuation })
    const chat = r.endpoint === 'messages' && isChatRequest(body)
    const badToolUse = chat && toolUseProblem(body)
    if (badToolUse) return fail('400', 'bad_request', { model: p.model, message: badToolUse })
    if (p.stream && !chat) return fail('400', 'bad_request', { model: p.model, message: 'The model simulator does not support streaming; send stream: false.' })

    const fault = pickFault(r.vendor, n)
    const { latencyMs, latencyMaxMs } = config.providers[r.vendor]
    const wait = latencyMaxMs && latencyMaxMs > latencyMs ? latencyMs + Math.floor(unit('latency', config.seed, r.vendor, n) * (latencyMaxMs - latencyMs)) : latencyMs
    if (wait > 0) await new Promise<void>((resolve) => later(wait, resolve))
    if (res.destroyed || closing) return void outcome('aborted')
    if (config.gate) {
      if (gatePassed >= config.gate.allow) {
        await new Promise<void>((resolve) => {
          const release = () => (gateWaiters.delete(release), resolve())
          gateWaiters.add(release)
          res.on('close', release)
        })
        if (res.destroyed || closing) return void outcome('aborted')
      } else gatePassed++
    }

    if (fault?.type === 'timeout') {
      outcome('timeout')
      // Hold the request until the client gives up (or 10 minutes pass).
      const hold = later(MAX_HOLD_MS, () => send(res, errorResponse(r.vendor, '504', { ids, model: p.model })))
      res.on('close', () => {
        clearTimeout(hold)
        timers.delete(hold)
      })
      return
    }
    if (fault?.type === '429') return fail('429', '429', { model: p.model, retryAfterSeconds: fault.retryAfterSeconds })
    if (fault?.type === '500') return fail('500', '500', { model: p.model })
    if (fault?.type === '401') return fail('401', '401', { model: p.model })
    if (chat) {
      outcome('ok')
      return sendChat(res, body, p.stream, n)
    }
    const effective = fault?.type === 'malformed' && !p.json ? undefined : fault
    outcome(effective ? effective.type : 'ok')
    send(res, answer(r, p, body, effective, n))
  }

  /** AI Chat: the tool-using policy of ./chat.ts, as one JSON body or as Anthropic's event stream (with the optional hold). */
  async function sendChat(res: http.ServerResponse, body: Json, stream: boolean, n: number): Promise<void> {
    const message = chatReply(body, new Rng('chat', config.seed, n, Date.now()))
    const headers = { 'request-id': `req_011C${new Rng('chat-req', n, Date.now()).chars(20)}`, 'anthropic-organization-id': '5b2b2a3e-0c4b-4e8a-9d4e-2f0e1c6b7a10' }
    if (!stream) return send(res, { status: 200, headers: { 'content-type': 'application/json', ...headers }, body: chatMessageBody(message) })
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', ...headers })
    let deltas = 0
    for (const event of chatStreamEvents(message)) {
      if (res.destroyed || closing) return
      // Held until the hold is lifted or moved past this delta (every streamHold change wakes the streams to look again).
      while (event.text && config.streamHold && deltas >= config.streamHold.afterDeltas) {
        await new Promise<void>((resolve) => {
          const release = () => (holdWaiters.delete(release), resolve())
          holdWaiters.add(release)
          res.on('close', release)
        })
        if (res.destroyed || closing) return
      }
      if (event.text) deltas++
      res.write(sseFrame(event))
    }
    res.end()
  }

  /** Embeddings for the content optimiser: OpenAI /v1/embeddings, Gemini embedContent and batchEmbedContents. */
  async function handleEmbeddings(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, raw: string): Promise<boolean> {
    const gem = /^\/gemini\/v1(?:beta|alpha)?\/models\/[^/:]+:(embedContent|batchEmbedContents)$/.exec(pathname)
    const vendor: Vendor | undefined = pathname === '/openai/v1/embeddings' ? 'openai' : gem ? 'gemini' : undefined
    if (req.method !== 'POST' || !vendor) return false
    const s = stats[vendor]
    s.requests++
    let body: Json
    try {
      body = JSON.parse(raw || '{}') as Json
    } catch {
      sendJson(res, 400, { error: { message: 'Invalid JSON body' } })
      return true
    }
    const wait = config.providers[vendor].latencyMs
    if (wait > 0) await new Promise<void>((resolve) => later(wait, resolve))
    s.outcomes.ok = (s.outcomes.ok ?? 0) + 1
    sendJson(res, 200, vendor === 'openai' ? openaiEmbeddings(body) : geminiEmbeddings(body, gem?.[1] === 'batchEmbedContents'))
    return true
  }

  function applyConfig(patch: unknown): string[] {
    const errors: string[] = []
    if (!isRecord(patch)) return ['body must be a JSON object']
    const next: SimConfig = { ...config, providers: { ...config.providers } }
    if (patch.seed !== undefined) {
      if (typeof patch.seed === 'string' || typeof patch.seed === 'number') next.seed = String(patch.seed)
      else errors.push('seed must be a string')
    }
    if (patch.day !== undefined) {
      if (patch.day === null) next.day = undefined
      else if (validDay(patch.day)) next.day = patch.day as string
      else errors.push('day must be YYYY-MM-DD or null')
    }
    if (patch.brandRate !== undefined) {
      if (typeof patch.brandRate === 'number' && patch.brandRate >= 0 && patch.brandRate <= 1) next.brandRate = patch.brandRate
      else errors.push('brandRate must be a number from 0 to 1')
    }
    if (patch.providers !== undefined) {
      if (!isRecord(patch.providers)) errors.push('providers must be an object')
      else {
        for (const [key, value] of Object.entries(patch.providers)) {
          const v = key as Vendor
          if (!VENDORS.includes(v)) {
            errors.push(`unknown provider ${key} (one of ${VENDORS.join(', ')})`)
            continue
          }
          if (!isRecord(value)) {
            errors.push(`providers.${key} must be an object`)
            continue
          }
          const prov: ProviderSim = { ...next.providers[v] }
          if (value.latencyMs !== undefined) {
            if (typeof value.latencyMs === 'number' && value.latencyMs >= 0) {
              prov.latencyMs = value.latencyMs
              prov.latencyMaxMs = undefined
            }
            else errors.push(`providers.${key}.latencyMs must be a number >= 0`)
          }
          if (value.faults !== undefined) {
            if (!Array.isArray(value.faults)) errors.push(`providers.${key}.faults must be an array`)
            else {
              prov.faults = []
              value.faults.forEach((f, i) => {
                if (!isRecord(f) || !FAULT_TYPES.includes(String(f.type) as FaultType)) return errors.push(`providers.${key}.faults[${i}].type must be one of ${FAULT_TYPES.join(', ')}`)
                if (f.times !== undefined && !(typeof f.times === 'number' && f.times >= 0)) return errors.push(`providers.${key}.faults[${i}].times must be a number >= 0`)
                if (f.rate !== undefined && !(typeof f.rate === 'number' && f.rate >= 0 && f.rate <= 1)) return errors.push(`providers.${key}.faults[${i}].rate must be 0..1`)
                if (f.retryAfterSeconds !== undefined && !(typeof f.retryAfterSeconds === 'number' && f.retryAfterSeconds >= 0)) return errors.push(`providers.${key}.faults[${i}].retryAfterSeconds must be >= 0`)
                if (f.finishReason !== undefined && typeof f.finishReason !== 'string') return errors.push(`providers.${key}.faults[${i}].finishReason must be a string`)
                if (f.finishMessage !== undefined && typeof f.finishMessage !== 'string') return errors.push(`providers.${key}.faults[${i}].finishMessage must be a string`)
                if (f.reasoningTokens !== undefined && !(typeof f.reasoningTokens === 'number' && f.reasoningTokens > 0)) return errors.push(`providers.${key}.faults[${i}].reasoningTokens must be a number > 0`)
                const fault: Fault & { remaining?: number } = { type: String(f.type) as FaultType }
                if (typeof f.finishReason === 'string') fault.finishReason = f.finishReason
                if (typeof f.finishMessage === 'string') fault.finishMessage = f.finishMessage
                if (typeof f.reasoningTokens === 'number') fault.reasoningTokens = f.reasoningTokens
                if (typeof f.times === 'number') fault.times = fault.remaining = Math.floor(f.times)
                if (typeof f.rate === 'number') fault.rate = f.rate
                if (typeof f.retryAfterSeconds === 'number') fault.retryAfterSeconds = f.retryAfterSeconds
                prov.faults.push(fault)
              })
            }
          }
          next.providers[v] = prov
        }
      }
    }
    if (patch.listFormats !== undefined) {
      if (patch.listFormats === null) next.listFormats = {}
      else if (!isRecord(patch.listFormats)) errors.push('listFormats must be an object { prompt: format } or null')
      else {
        const formats: SimConfig['listFormats'] = {}
        for (const [prompt, v] of Object.entries(patch.listFormats)) {
          const f = isRecord(v) ? v.format : v
          const order = isRecord(v) ? v.order : undefined
          const marker = isRecord(v) ? v.marker : undefined
          const references = isRecord(v) ? v.references : undefined
          if (!PINNABLE_FORMATS.includes(f as AnswerFormat)) errors.push(`listFormats["${prompt}"] must be one of ${PINNABLE_FORMATS.join(', ')} (or { format, order, marker, references })`)
          else if (order !== undefined && !(Array.isArray(order) && order.length > 0 && order.every((n) => typeof n === 'string' && n.trim()))) errors.push(`listFormats["${prompt}"].order must be a list of brand names`)
          else if (marker !== undefined && !(typeof marker === 'string' && marker.trim())) errors.push(`listFormats["${prompt}"].marker must be the text of a rank-1 marker ("1位：")`)
          else if (references !== undefined && references !== 'report' && references !== 'sources') errors.push(`listFormats["${prompt}"].references must be one of report, sources`)
          else
            formats[normaliseQuery(prompt)] = {
              format: f as AnswerFormat,
              ...(order ? { order: order as string[] } : {}),
              ...(marker ? { marker: marker as string } : {}),
              ...(references ? { references: references as 'report' | 'sources' } : {}),
            }
        }
        next.listFormats = formats
      }
    }
    if (patch.modelChanges !== undefined) {
      const parsed = parseModelChanges(patch.modelChanges, VENDORS)
      if ('errors' in parsed) errors.push(...parsed.errors)
      else next.modelChanges = parsed.changes
    }
    if (patch.lifts !== undefined) {
      const parsed = parseLifts(patch.lifts)
      if ('errors' in parsed) errors.push(...parsed.errors)
      else next.lifts = parsed.lifts
    }
    if (patch.gate !== undefined) {
      if (patch.gate === null) next.gate = undefined
      else if (isRecord(patch.gate) && typeof patch.gate.allow === 'number' && Number.isInteger(patch.gate.allow) && patch.gate.allow >= 0) {
        next.gate = { allow: patch.gate.allow }
        gatePassed = 0
      } else errors.push('gate must be { allow: whole number >= 0 } or null')
    }
    if (patch.streamHold !== undefined) {
      if (patch.streamHold === null) next.streamHold = undefined
      else if (isRecord(patch.streamHold) && typeof patch.streamHold.afterDeltas === 'number' && Number.isInteger(patch.streamHold.afterDeltas) && patch.streamHold.afterDeltas >= 0)
        next.streamHold = { afterDeltas: patch.streamHold.afterDeltas }
      else errors.push('streamHold must be { afterDeltas: whole number >= 0 } or null')
    }
    if (errors.length === 0) config = next
    if (!config.gate) openGate()
    if (patch.streamHold !== undefined || !config.streamHold) for (const release of [...holdWaiters]) release()
    return errors
  }

  function publicConfig() {
    return {
      seed: config.seed,
      day: config.day ?? null,
      effectiveDay: today(),
      gate: config.gate ? { ...config.gate, passed: gatePassed, held: gateWaiters.size } : null,
      streamHold: config.streamHold ? { ...config.streamHold, held: holdWaiters.size } : null,
      brandRate: config.brandRate,
      listFormats: config.listFormats,
      lifts: config.lifts,
      modelChanges: config.modelChanges,
      providers: Object.fromEntries(
        VENDORS.map((v) => [v, { latencyMs: config.providers[v].latencyMs, ...(config.providers[v].latencyMaxMs ? { latencyMaxMs: config.providers[v].latencyMaxMs } : {}), faults: config.providers[v].faults.map(({ remaining, ...f }) => (remaining === undefined ? f : { ...f, remaining })) }]),
      ),
    }
  }

  async function handleControl(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, raw: string): Promise<boolean> {
    const method = req.method ?? 'GET'
    if (pathname === '/health' && method === 'GET') {
      sendJson(res, 200, { ok: true, service: 'model-simulator', projects: store.size })
      return true
    }
    if (!pathname.startsWith('/__sim/')) return false
    let body: unknown = {}
    if (raw.trim()) {
      try {
        body = JSON.parse(raw)
      } catch {
        sendJson(res, 400, { error: 'invalid JSON body' })
        return true
      }
    }
    if (pathname === '/__sim/config' && method === 'GET') sendJson(res, 200, publicConfig())
    else if (pathname === '/__sim/config' && method === 'POST') {
      const errors = applyConfig(body)
      sendJson(res, errors.length ? 400 : 200, errors.length ? { error: 'invalid config', details: errors } : publicConfig())
    } else if (pathname === '/__sim/reset' && method === 'POST') {
      config = defaults()
      openGate()
      for (const release of [...holdWaiters]) release()
      stats = freshStats()
      statsSince = new Date().toISOString()
      if (isRecord(body) && body.forget === true) store.forget()
      sendJson(res, 200, { ...publicConfig(), projects: store.size })
    } else if (pathname === '/__sim/stats' && method === 'GET') {
      const total = VENDORS.reduce((sum, v) => sum + stats[v].requests, 0)
      sendJson(res, 200, { since: statsSince, requests: total, providers: stats })
    } else if (pathname === '/__sim/projects' && method === 'GET') {
      sendJson(res, 200, { projects: store.list() })
    } else if (pathname === '/__sim/projects' && method === 'POST') {
      const project = projectFromBody(body, new Date())
      if ('errors' in project) sendJson(res, 400, { error: 'invalid project', details: project.errors })
      else {
        store.learn(project)
        sendJson(res, 200, { learned: { brand: project.brand.name, market: project.marketLabel, competitors: project.competitors.length, queries: project.queries.length } })
      }
    } else if (pathname === '/__sim/match' && method === 'POST' && isRecord(body) && typeof body.prompt === 'string') {
      const s = store.find(body.prompt)
      sendJson(res, 200, { how: s.how, query: normaliseQuery(body.prompt), ownBrands: s.ownBrands.map((b) => b.name), competitors: s.competitors.map((b) => b.name), market: s.marketLabel })
    } else sendJson(res, 404, { error: `no control endpoint ${method} ${pathname}` })
    return true
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator')
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > MAX_BODY_BYTES) req.destroy()
      else chunks.push(c)
    })
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      void (async () => {
        try {
          // DataForSEO's AI Keyword Data (volume.ts) before the SERP engines, which answer every other /dataforseo path.
          const volume = volumeReply(req.method, url.pathname, raw, req.headers.authorization, config.seed, today())
          if (volume) return sendJson(res, volume.status, volume.body)
          if (await engines.handle(req, res, url, raw)) return
          if (await handleControl(req, res, url.pathname, raw)) return
          if (await handleEmbeddings(req, res, url.pathname, raw)) return
          const r = route(req.method ?? 'GET', url.pathname)
          if (r) return await handleApi(req, res, r, url, raw)
          const vendor = vendorOfPath(url.pathname)
          const ids = new Rng('404', url.pathname)
          if (vendor) send(res, errorResponse(vendor, '404', { ids, message: `Unknown endpoint ${req.method} ${url.pathname} (model simulator)` }))
          else sendJson(res, 404, { error: `Unknown endpoint ${req.method} ${url.pathname}. Vendor APIs live under /openai, /anthropic, /gemini, /perplexity, /xai, /deepseek.` })
        } catch (e) {
          sendJson(res, 500, { error: 'simulator error', message: e instanceof Error ? e.message : String(e) })
        }
      })()
    })
  })
  server.keepAliveTimeout = 65_000

  const host = opts.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shownHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true
        openGate()
        for (const t of timers) clearTimeout(t)
        timers.clear()
        server.close(() => resolve())
        // Held ('timeout') and keep-alive sockets would otherwise keep close() waiting.
        server.closeAllConnections()
      }),
  }
}

/**
 * A continued Anthropic turn must send back the paused content as it came: blocks with a type,
 * and every server_tool_use with its result. Returns what is wrong, like the real API's 400.
 */
function pausedContentProblem(content: unknown[]): string | undefined {
  const results = new Set(content.filter(isRecord).filter((b) => b.type === 'web_search_tool_result').map((b) => b.tool_use_id))
  for (const [i, b] of content.entries()) {
    if (!isRecord(b) || typeof b.type !== 'string') return `messages.1.content.${i}: a content block needs a type`
    if (b.type === 'server_tool_use' && !results.has(b.id)) return `messages.1: \`web_search\` tool use with id \`${String(b.id)}\` was found without a corresponding \`web_search_tool_result\` block`
  }
  return undefined
}

function validDay(day: unknown): string | undefined {
  return typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)) ? day : undefined
}
