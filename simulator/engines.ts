/**
 * The four search engines (Google AI Overview, AI Mode, Bing Copilot, the ChatGPT app) as the SERP providers sell
 * them (DataForSEO in ./dataforseo.ts, SerpApi in ./serpapi.ts). An engine's answer is the simulator's usual answer for the same query (the project's real brands,
 * in its language), laid out as that engine does: an AI Overview short with a few references, AI Mode long with
 * many, Copilot and the ChatGPT app in between. About a third of queries show no AI Overview in a given market
 * and day. Faults are set with POST /__sim/engines { dataforseo?: { faults }, serpapi?: { faults } }.
 */
import type http from 'node:http'
import { composeAnswer, renderAnswer, type AnswerFormat, type SimSource } from './answer'
import type { ProjectStore } from './projects'
import { unit } from './prng'
import { dataForSeoReply } from './dataforseo'
import { serpApiReply } from './serpapi'

export type EngineName = 'google_ai_overview' | 'google_ai_mode' | 'bing_copilot' | 'chatgpt_app'
export type SerpVendor = 'dataforseo' | 'serpapi'

/**
 * present / absent: force an AI Overview either way; deferred: SerpApi's page_token block; pending: DataForSEO
 * tasks stay "in queue" for `polls` more polls; error: the provider's own error envelope (DataForSEO 50000,
 * SerpApi search_metadata.status "Error"); credit: out of credit / searches; timeout: hold until the client gives up.
 */
export type EngineFaultType = '429' | '500' | '401' | 'timeout' | 'error' | 'credit' | 'present' | 'absent' | 'deferred' | 'pending'
export interface EngineFault {
  type: EngineFaultType
  /** Only the next N requests; default: every one. */
  times?: number
  /** 'pending': polls answered "in queue" before the result (default 1). */
  polls?: number
  retryAfterSeconds?: number
}

export interface EngineContext {
  seed: string
  day: string
  brandRate: number
  store: ProjectStore
  /** A query's pinned layout and brand order (POST /__sim/config listFormats), as the other models answer it. */
  pinned?: (query: string) => { format: AnswerFormat; order?: string[] } | undefined
}

/** One engine's answer: markdown-ish lines and the sources it cites. */
export interface EngineAnswer {
  lines: string[]
  sources: SimSource[]
  searchQueries: string[]
}

/** What each engine shows: how many lines and references (AI Overview short, AI Mode long). */
const LAYOUT: Record<EngineName, { lines: number; sources: number; chars?: number }> = {
  google_ai_overview: { lines: 6, sources: 3, chars: 480 },
  google_ai_mode: { lines: 60, sources: 12 },
  bing_copilot: { lines: 14, sources: 6 },
  chatgpt_app: { lines: 40, sources: 8 },
}

/** About a third of queries show no AI Overview (per query, market and day). */
export const AIO_ABSENT_RATE = 1 / 3

export function aiOverviewShown(ctx: EngineContext, query: string, market: string): boolean {
  return unit('aio-shown', ctx.seed, ctx.day, market, query.trim().toLowerCase()) >= AIO_ABSENT_RATE
}

/** The simulator's answer for the query, cut to the engine's layout. */
export function engineAnswer(ctx: EngineContext, engine: EngineName, query: string): EngineAnswer {
  const subject = ctx.store.find(query)
  const pin = ctx.pinned?.(query)
  const composed = composeAnswer({ provider: engine, model: engine, prompt: query, day: ctx.day, seed: ctx.seed, brandRate: ctx.brandRate, subject, cite: true, format: pin?.format, order: pin?.order })
  const layout = LAYOUT[engine]
  // The cited sources are listed below the text, as each engine does: no "Sources:" section in the text itself.
  const text = renderAnswer({ ...composed, sourcesSection: false, referencesHeading: undefined }, 'none').text
  let lines = text.split('\n').map((l) => l.trimEnd()).filter((l) => l.trim()).slice(0, layout.lines)
  if (layout.chars) lines = shorten(lines, layout.chars)
  let sources = composed.sources
  // AI Mode reads more of the web than it quotes: the sources of a second reading of the query are listed too.
  if (engine === 'google_ai_mode') {
    const more = composeAnswer({ provider: `${engine}:more`, model: engine, prompt: query, day: ctx.day, seed: ctx.seed, brandRate: ctx.brandRate, subject, cite: true }).sources
    sources = [...sources, ...more.filter((m) => !sources.some((s) => s.url === m.url))]
  }
  return { lines, sources: sources.slice(0, layout.sources), searchQueries: composed.searchQueries }
}

/** The first lines, then whole sentences, up to about `chars` characters (an AI Overview's few sentences). */
function shorten(lines: string[], chars: number): string[] {
  const out: string[] = []
  let used = 0
  for (const line of lines) {
    if (used + line.length <= chars) {
      out.push(line)
      used += line.length
      continue
    }
    const sentences = line.match(/[^.!?。]+[.!?。]+\s*/g) ?? [line]
    let cut = ''
    for (const s of sentences) if (used + cut.length + s.length <= chars || !out.length && !cut) cut += s
    if (cut.trim()) out.push(cut.trim())
    break
  }
  return out
}

export class EngineSim {
  private faults: Record<SerpVendor, Array<EngineFault & { remaining?: number }>> = { dataforseo: [], serpapi: [] }
  /** DataForSEO tasks posted: id → what task_get will answer, and how many polls stay "in queue". */
  readonly tasks = new Map<string, { body: Record<string, unknown>; pendingPolls: number }>()
  requests: Record<SerpVendor, number> = { dataforseo: 0, serpapi: 0 }
  /** DataForSEO task_get calls answered (tests wait for polls rather than for time). */
  polls = 0
  /** Each request's delay (POST /__sim/engines { dataforseo: { latencyMs } }); `npm start` uses a demo delay. */
  private latency: Record<SerpVendor, number>

  constructor(
    private readonly context: () => EngineContext,
    private readonly defaultLatencyMs = 0,
  ) {
    this.latency = { dataforseo: defaultLatencyMs, serpapi: defaultLatencyMs }
  }

  /** The next fault of a vendor, counted down. */
  fault(vendor: SerpVendor, only?: EngineFaultType[]): EngineFault | undefined {
    for (const f of this.faults[vendor]) {
      if (only && !only.includes(f.type)) continue
      if (f.remaining !== undefined && f.remaining <= 0) continue
      if (f.remaining !== undefined) f.remaining--
      return f
    }
    return undefined
  }

  /** Handles /dataforseo/…, /serpapi/… and /__sim/engines; true when it answered. Watches /__sim/reset to reset itself. */
  async handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL, raw: string): Promise<boolean> {
    const path = url.pathname
    if (path === '/__sim/reset') {
      this.faults = { dataforseo: [], serpapi: [] }
      this.requests = { dataforseo: 0, serpapi: 0 }
      this.polls = 0
      this.tasks.clear()
      this.latency = { dataforseo: this.defaultLatencyMs, serpapi: this.defaultLatencyMs }
      return false
    }
    if (path === '/__sim/engines' && req.method === 'POST') {
      const body = JSON.parse(raw || '{}') as Partial<Record<SerpVendor, { faults?: EngineFault[]; latencyMs?: number }>> & { releaseTasks?: boolean }
      // releaseTasks: every posted task is ready at its next poll.
      if (body.releaseTasks) for (const t of this.tasks.values()) t.pendingPolls = 0
      for (const v of ['dataforseo', 'serpapi'] as const) {
        const list = body[v]?.faults
        if (list) this.faults[v] = list.map((f) => ({ ...f, ...(f.times ? { remaining: f.times } : {}) }))
        const ms = body[v]?.latencyMs
        if (typeof ms === 'number' && ms >= 0) this.latency[v] = ms
      }
      return reply(res, 200, { faults: this.faults, requests: this.requests, latency: this.latency, tasks: this.tasks.size, polls: this.polls }), true
    }
    const vendor: SerpVendor | undefined = path.startsWith('/dataforseo/') ? 'dataforseo' : path.startsWith('/serpapi/') ? 'serpapi' : undefined
    if (!vendor) return false
    this.requests[vendor]++
    if (this.latency[vendor] > 0) await new Promise<void>((resolve) => setTimeout(resolve, this.latency[vendor]))
    if (res.destroyed) return true
    const wire = vendor === 'dataforseo' ? dataForSeoReply(this, this.context(), req, path.slice('/dataforseo'.length), raw) : serpApiReply(this, this.context(), url)
    if (wire === 'hold') {
      // A timeout: the request is held until the client gives up.
      await new Promise<void>((resolve) => res.on('close', resolve))
      return true
    }
    reply(res, wire.status, wire.body, wire.headers)
    return true
  }
}

export interface EngineWire {
  status: number
  body: unknown
  headers?: Record<string, string>
}

function reply(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.writableEnded || res.destroyed) return
  const payload = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers, 'content-length': Buffer.byteLength(payload) })
  res.end(payload)
}

/** Markdown lines as SerpApi text_blocks / DataForSEO elements: headings, list items, paragraphs. */
export function blocksOf(lines: string[]): Array<{ kind: 'heading' | 'item' | 'paragraph'; text: string }> {
  return lines.map((l) => {
    const t = l.trim()
    if (/^#{1,6}\s/.test(t)) return { kind: 'heading' as const, text: t.replace(/^#+\s*/, '') }
    if (/^([-*•]|\d+[.)])\s/.test(t)) return { kind: 'item' as const, text: t }
    return { kind: 'paragraph' as const, text: t }
  })
}
