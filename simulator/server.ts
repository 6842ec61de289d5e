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
import { chatMessageBody, chatReply, chatStreamEvents, isChatRequest, sseFrame, toolUseProblem } from './chat'
import { geminiEmbeddings, openaiEmbeddings } from './optimiser'
import { volumeReply } from './volume'
import { Rng, unit } from './prng'
import { normaliseQuery, ProjectStore } from './projects'
import { projectFromBody } from './teach'
import { EngineSim } from './engines'
import { modelReply } from './reply'
import { hasKey, isRecord, parseRequest, pausedContentProblem, route, vendorOfPath, VENDORS, type Json, type Route } from './requests'
import { defaultConfig, patchConfig, type Fault, type SimConfig } from './sim-config'
import { errorResponse, type ErrorCase, type Vendor, type WireResponse } from './vendors'

export type { Fault, FaultType } from './sim-config'

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

const MAX_HOLD_MS = 10 * 60 * 1000
const MAX_BODY_BYTES = 5 * 1024 * 1024

interface ProviderStats {
  requests: number
  inFlight: number
  maxInFlight: number
  outcomes: Record<string, number>
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const defaults = (): SimConfig => defaultConfig(opts)
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
    send(res, modelReply({ config, store, day: today() }, r, p, body, effective, n))
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
    if (!isRecord(patch)) return ['body must be a JSON object']
    const { next, errors, gateReset } = patchConfig(config, patch)
    if (gateReset) gatePassed = 0
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

