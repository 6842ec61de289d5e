/**
 * Lines → the aggregates we keep: bot hits per day, bot, verification, path and status; AI-referral visits per
 * day, assistant and landing page; human hits per day; a few sample lines per bot; bad lines counted with three
 * examples. Raw lines are not kept. Pure: the worker feeds it chunk by chunk, the push endpoint batch by batch.
 */
import { clfShape, clfTime, isSkippable, parseLine, type FormatSpec } from './formats'
import { classifyUserAgent, userAgentClassifier, type BotClass, type Classified } from './bots'
import { needsReverseDns, verifyBot, type Verification } from './verify'
import { aiReferral } from './referrals'

export const MAX_PATH = 300
export const SAMPLES_PER_BOT = 5
export const BAD_EXAMPLES = 3
/** Non-AI bots are counted per day only: their paths would dwarf the AI agents' without telling anything. */
export const OTHER_PATH = '*'

export interface HitRow {
  day: string
  bot: string
  botClass: BotClass
  verified: Verification
  path: string
  status: number
  hits: number
  lastSeen: number
  /** The claimed address, for an agent held for reverse-DNS verification (AggregateOptions.byAddress). */
  ip?: string
}
export interface ReferralRow {
  day: string
  assistant: string
  path: string
  visits: number
}
export interface BadLine {
  line: number
  text: string
  reason: string
}
export interface ChunkAggregate {
  lines: number
  badLines: number
  badExamples: BadLine[]
  hits: HitRow[]
  referrals: ReferralRow[]
  /** Requests by people (no bot user agent) per day. */
  humans: Record<string, number>
  samples: Record<string, string[]>
}

const DAYS = new Map<number, string>()
/** yyyy-mm-dd of a time; cached per day number (toISOString per line was a tenth of the ingest's time). */
function day(ms: number): string {
  const n = Math.floor(ms / 86_400_000)
  let d = DAYS.get(n)
  if (d === undefined) {
    d = new Date(n * 86_400_000).toISOString().slice(0, 10)
    if (DAYS.size < 100_000) DAYS.set(n, d)
  }
  return d
}

export interface AggregateOptions {
  /** Keep the hits of agents verified by reverse DNS (Googlebot, Bingbot, Applebot) per claimed address. */
  byAddress?: boolean
}

export class Aggregator {
  private lines = 0
  private bad = 0
  private badExamples: BadLine[] = []
  private hits = new Map<string, HitRow>()
  private referrals = new Map<string, ReferralRow>()
  private humans: Record<string, number> = {}
  private samples: Record<string, string[]> = {}
  private classify = userAgentClassifier()

  constructor(private spec: FormatSpec, private firstLineNo = 1, private options: AggregateOptions = {}) {}

  add(line: string): void {
    const lineNo = this.firstLineNo + this.lines + this.bad
    if (isSkippable(line)) return void (this.firstLineNo += 1)
    const parsed = parseLine(line, this.spec)
    if (!parsed.ok) {
      this.bad += 1
      if (this.badExamples.length < BAD_EXAMPLES) this.badExamples.push({ line: lineNo, text: line.slice(0, 300), reason: parsed.reason })
      return
    }
    this.lines += 1
    const r = parsed.record
    const d = day(r.time)
    const who = this.classify(r.userAgent)
    if (!who.bot || !who.class) {
      this.humans[d] = (this.humans[d] ?? 0) + 1
      const assistant = aiReferral(r.referer, r.query)
      if (assistant) {
        this.countReferral(d, assistant, r.path.slice(0, MAX_PATH))
      }
      return
    }
    const verified = verifyBot(who.bot, r.ip)
    const path = who.class === 'other' ? OTHER_PATH : r.path.slice(0, MAX_PATH)
    const ip = this.options.byAddress && needsReverseDns(who.bot) ? r.ip : undefined
    this.countHit(d, who.bot, who.class, verified, path, r.status, r.time, ip)
    if (who.class !== 'other') {
      const s = (this.samples[who.bot] ??= [])
      if (s.length < SAMPLES_PER_BOT) s.push(line.slice(0, 1000))
    }
  }

  private countHit(day: string, bot: string, botClass: BotClass, verified: Verification, path: string, status: number, time: number, ip?: string) {
    const key = `${day}\u0000${bot}\u0000${verified}\u0000${path}\u0000${status}${ip === undefined ? '' : `\u0000${ip}`}`
    const row = this.hits.get(key)
    if (row) {
      row.hits += 1
      if (time > row.lastSeen) row.lastSeen = time
    } else this.hits.set(key, ip === undefined ? { day, bot, botClass, verified, path, status, hits: 1, lastSeen: time } : { day, bot, botClass, verified, path, status, hits: 1, lastSeen: time, ip })
  }

  private countReferral(day: string, assistant: string, path: string) {
    const key = `${day}\u0000${assistant}\u0000${path}`
    const row = this.referrals.get(key)
    if (row) row.visits += 1
    else this.referrals.set(key, { day, assistant, path, visits: 1 })
  }

  /**
   * Every line of a text (LF or CRLF ends), as add() would count them one by one. Most lines of a log are people
   * who came without an AI assistant: for the combined formats such a line only adds one to its day, so it is
   * recognised in place (shape, time, user agent, referrer and query checked without cutting strings) and
   * counted; any other line (a bot, a referral, anything unusual) goes through add().
   */
  addText(text: string): void {
    const shape = clfShape(this.spec.format)
    const vhost = this.spec.format === 'combined-vhost'
    // Next backslash and '?' at or after a position (-1: none left), searched once per occurrence.
    let nextBackslash = -2
    let nextQuery = -2
    const queryAt = (from: number) => {
      if (nextQuery !== -1 && nextQuery < from) nextQuery = text.indexOf('?', from)
      return nextQuery
    }
    let start = 0
    while (start < text.length) {
      let nl = text.indexOf('\n', start)
      if (nl < 0) nl = text.length
      const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl
      if (shape) {
        if (nextBackslash !== -1 && nextBackslash < start) nextBackslash = text.indexOf('\\', start)
        if ((nextBackslash < 0 || nextBackslash >= end) && this.fastLine(text, start, end, shape, vhost, queryAt)) {
          start = nl + 1
          continue
        }
      }
      this.add(text.slice(start, end))
      start = nl + 1
    }
    this.flushDay()
  }

  // The fast path's state: the hour of the last time read, the day being counted, the user agents met.
  private hourKey = ''
  private zoneKey = ''
  private hourBase = NaN
  private dayMs = NaN
  private dayKey = ''
  private dayCount = 0

  private flushDay() {
    if (this.dayCount) this.humans[this.dayKey] = (this.humans[this.dayKey] ?? 0) + this.dayCount
    this.dayCount = 0
  }

  /**
   * Counts the line [s, e) of text if it is a readable line of a person or of a non-AI bot; false when add() must
   * (an AI agent, whose hits keep their path, verification and sample lines, or anything unusual).
   */
  private fastLine(text: string, s: number, e: number, shape: RegExp, vhost: boolean, queryAt: (from: number) => number): boolean {
    // A '#' line is a comment (skipped), not a request.
    if (text.charCodeAt(s) === 35) return false
    shape.lastIndex = s
    if (!shape.test(text) || shape.lastIndex > e) return false
    // The shape holds: fields are single-space separated and quoted fields hold no quote, so indexOf finds them.
    let p = vhost ? text.indexOf(' ', s) + 1 : s
    p = text.indexOf(' ', p) + 1
    p = text.indexOf(' ', p) + 1
    const lb = text.indexOf(' ', p) + 1
    const rb = text.indexOf(']', lb)
    // The time: dd/Mon/yyyy:hh:mm:ss ±hhmm; the hour's start is read once per hour (logs come in time order).
    const t = lb + 1
    if (rb - t !== 26 || text.charCodeAt(t + 11) !== 58 || text.charCodeAt(t + 14) !== 58 || text.charCodeAt(t + 17) !== 58) return false
    if (this.hourKey === '' || !sameAt(text, t, this.hourKey) || !sameAt(text, t + 20, this.zoneKey)) {
      this.hourKey = text.slice(t, t + 14)
      this.zoneKey = text.slice(t + 20, t + 26)
      this.hourBase = clfTime(`${this.hourKey}:00:00${this.zoneKey}`)
    }
    if (Number.isNaN(this.hourBase)) return false
    const m = digits2(text, t + 15)
    const sec = digits2(text, t + 18)
    if (!(m >= 0 && m < 60 && sec >= 0 && sec < 61)) return false
    // The request needs a method and a target; an absolute-form target goes the long way.
    const q1 = rb + 2
    const q1e = text.indexOf('"', q1 + 1)
    const sp = text.indexOf(' ', q1 + 1)
    if (sp > q1e) return false
    const target = sp + 1
    const c = text.charCodeAt(target)
    if (c === 104 || c === 72) return false
    let targetEnd = text.indexOf(' ', target)
    if (targetEnd > q1e) targetEnd = q1e
    const bytesEnd = text.indexOf(' ', q1e + 6)
    const refStart = bytesEnd + 2
    const refEnd = text.indexOf('"', refStart)
    const uaStart = refEnd + 3
    const who = this.userAgentAt(text, uaStart, text.indexOf('"', uaStart))
    const otherBot = who.bot !== null && who.class !== null
    if (otherBot && who.class !== 'other') return false
    let assistant: string | null = null
    let q = -1
    if (!otherBot) {
      q = queryAt(target)
      if (q >= targetEnd) q = -1
      const noReferer = refEnd === refStart || (refEnd === refStart + 1 && text.charCodeAt(refStart) === 45)
      if (!noReferer || q >= 0) assistant = aiReferral(noReferer ? '' : text.slice(refStart, refEnd), q >= 0 ? text.slice(q + 1, targetEnd) : '')
    }
    // Counted.
    this.lines += 1
    const time = this.hourBase + (m * 60 + sec) * 1000
    if (!(time >= this.dayMs && time < this.dayMs + 86_400_000)) {
      this.flushDay()
      this.dayMs = Math.floor(time / 86_400_000) * 86_400_000
      this.dayKey = day(time)
    }
    const d = this.dayKey
    if (otherBot) {
      const st = q1e + 2
      const status = (text.charCodeAt(st) - 48) * 100 + (text.charCodeAt(st + 1) - 48) * 10 + (text.charCodeAt(st + 2) - 48)
      this.countHit(d, 'other', 'other', 'unknown', OTHER_PATH, status, time)
      return true
    }
    this.dayCount += 1
    if (assistant) this.countReferral(d, assistant, text.slice(target, q >= 0 ? q : targetEnd).slice(0, MAX_PATH))
    return true
  }

  /** The classification of the user agent text[s, e) ('-' is none), cached by a few of its characters, then its text. */
  private userAgentAt(text: string, s: number, e: number): Classified {
    const len = e - s
    if (len < 12) return this.classify(len === 1 && text.charCodeAt(s) === 45 ? '' : text.slice(s, e))
    const h = (len * 7919 + text.charCodeAt(e - 2) * 31 + text.charCodeAt(e - 7) * 17 + text.charCodeAt(s + (len >> 1)) * 13 + text.charCodeAt(s + (len >> 2)) * 5 + text.charCodeAt(e - 12)) | 0
    const bucket = UAS.get(h)
    const ua = text.slice(s, e)
    if (bucket) for (const u of bucket) if (u.ua === ua) return u.who
    const who = classifyUserAgent(ua)
    // A copy: the slice would keep the whole chunk's text alive in the cache.
    const entry = { ua: flat(ua), who }
    if (UAS_SIZE.n >= MAX_UAS) {
      UAS.clear()
      UAS_SIZE.n = 0
    }
    UAS_SIZE.n += 1
    if (bucket) bucket.push(entry)
    else UAS.set(h, [entry])
    return who
  }

  result(): ChunkAggregate {
    this.flushDay()
    return {
      lines: this.lines, badLines: this.bad, badExamples: this.badExamples,
      hits: [...this.hits.values()], referrals: [...this.referrals.values()], humans: this.humans, samples: this.samples,
    }
  }
}

/** The user agents met, shared by every chunk a worker counts (logs repeat a few thousand agents millions of times). */
const UAS = new Map<number, { ua: string; who: Classified }[]>()
const UAS_SIZE = { n: 0 }
const MAX_UAS = 50_000
const flat = (s: string) => s.split('').join('')

/** Whether text holds key at position at. */
function sameAt(text: string, at: number, key: string): boolean {
  for (let i = 0; i < key.length; i++) if (text.charCodeAt(at + i) !== key.charCodeAt(i)) return false
  return true
}

const digits2 = (s: string, i: number) => (s.charCodeAt(i) - 48) * 10 + (s.charCodeAt(i + 1) - 48)

/** Aggregates of a whole text: a chunk of an upload (the worker's ingest), a pushed batch, a test. */
export function aggregateText(text: string, spec: FormatSpec, firstLine = 1, options: AggregateOptions = {}): ChunkAggregate {
  const agg = new Aggregator(spec, firstLine, options)
  agg.addText(text)
  return agg.result()
}

/**
 * Two aggregates of consecutive parts of one text as one, exactly as if the text had been counted whole: the first
 * part's bad-line examples and sample lines come first.
 */
export function mergeAggregates(a: ChunkAggregate, b: ChunkAggregate): ChunkAggregate {
  const hits = new Map<string, HitRow>()
  for (const h of [...a.hits, ...b.hits]) {
    const key = `${h.day}\u0000${h.bot}\u0000${h.verified}\u0000${h.path}\u0000${h.status}${h.ip === undefined ? '' : `\u0000${h.ip}`}`
    const row = hits.get(key)
    if (row) {
      row.hits += h.hits
      if (h.lastSeen > row.lastSeen) row.lastSeen = h.lastSeen
    } else hits.set(key, { ...h })
  }
  const referrals = new Map<string, ReferralRow>()
  for (const r of [...a.referrals, ...b.referrals]) {
    const key = `${r.day}\u0000${r.assistant}\u0000${r.path}`
    const row = referrals.get(key)
    if (row) row.visits += r.visits
    else referrals.set(key, { ...r })
  }
  const humans = { ...a.humans }
  for (const [d, n] of Object.entries(b.humans)) humans[d] = (humans[d] ?? 0) + n
  const samples: Record<string, string[]> = {}
  for (const [bot, lines] of [...Object.entries(a.samples), ...Object.entries(b.samples)]) samples[bot] = [...(samples[bot] ?? []), ...lines].slice(0, SAMPLES_PER_BOT)
  return {
    lines: a.lines + b.lines, badLines: a.badLines + b.badLines, badExamples: [...a.badExamples, ...b.badExamples].slice(0, BAD_EXAMPLES),
    hits: [...hits.values()], referrals: [...referrals.values()], humans, samples,
  }
}
