/**
 * Lines → the aggregates we keep: bot hits per day, bot, verification, path and status; AI-referral visits per
 * day, assistant and landing page; human hits per day; a few sample lines per bot; bad lines counted with three
 * examples. Raw lines are not kept. Pure: the worker feeds it chunk by chunk, the push endpoint batch by batch.
 */
import { isSkippable, parseLine, type FormatSpec } from './formats'
import { userAgentClassifier, type BotClass } from './bots'
import { verifyBot, type Verification } from './verify'
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

export class Aggregator {
  private lines = 0
  private bad = 0
  private badExamples: BadLine[] = []
  private hits = new Map<string, HitRow>()
  private referrals = new Map<string, ReferralRow>()
  private humans: Record<string, number> = {}
  private samples: Record<string, string[]> = {}
  private classify = userAgentClassifier()

  constructor(private spec: FormatSpec, private firstLineNo = 1) {}

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
        const path = r.path.slice(0, MAX_PATH)
        const key = `${d}\u0000${assistant}\u0000${path}`
        const row = this.referrals.get(key)
        if (row) row.visits += 1
        else this.referrals.set(key, { day: d, assistant, path, visits: 1 })
      }
      return
    }
    const verified = verifyBot(who.bot, r.ip)
    const path = who.class === 'other' ? OTHER_PATH : r.path.slice(0, MAX_PATH)
    const key = `${d}\u0000${who.bot}\u0000${verified}\u0000${path}\u0000${r.status}`
    const row = this.hits.get(key)
    if (row) {
      row.hits += 1
      if (r.time > row.lastSeen) row.lastSeen = r.time
    } else this.hits.set(key, { day: d, bot: who.bot, botClass: who.class, verified, path, status: r.status, hits: 1, lastSeen: r.time })
    if (who.class !== 'other') {
      const s = (this.samples[who.bot] ??= [])
      if (s.length < SAMPLES_PER_BOT) s.push(line.slice(0, 1000))
    }
  }

  result(): ChunkAggregate {
    return {
      lines: this.lines, badLines: this.bad, badExamples: this.badExamples,
      hits: [...this.hits.values()], referrals: [...this.referrals.values()], humans: this.humans, samples: this.samples,
    }
  }
}

/** Aggregates of a whole text (a pushed batch, a small upload, a test). */
export function aggregateText(text: string, spec: FormatSpec): ChunkAggregate {
  const agg = new Aggregator(spec)
  for (const line of text.split('\n')) agg.add(line.endsWith('\r') ? line.slice(0, -1) : line)
  return agg.result()
}
