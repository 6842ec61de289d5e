/**
 * Projects the simulator has learned from framework prompts, so that later analysis
 * questions are answered about the right brand and competitors. Optionally persisted as JSON.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { findMarket, MARKETS, synthesiseBrands, tokens, type BrandInfo, type MarketInfo, type MarketKind } from './knowledge'
import { guessLanguage } from './languages'

export interface LearnedProject {
  brand: BrandInfo
  market: string
  /** Key of the built-in market it matched, if any. */
  marketKey?: string
  marketLabel: string
  region?: string
  language: string
  marketType: 'B2C' | 'B2B'
  /** Software, goods or services (older saved projects lack it). */
  kind?: MarketKind
  competitors: BrandInfo[]
  queries: string[]
  /** The brand facts of the project (fact-check), which some answers restate. */
  facts?: string[]
  learnedAt: string
}

/** Who an answer is about. `ownBrands` are subject to the brand mention rate. */
export interface AnswerSubject {
  how: 'exact' | 'overlap' | 'market' | 'generic'
  ownBrands: BrandInfo[]
  competitors: BrandInfo[]
  market?: MarketInfo
  /** What the market sells, when no catalogue market says it. */
  kind?: MarketKind
  marketLabel: string
  region?: string
  /** Language to answer in (the project's, else guessed from the prompt's script); English when absent. */
  language?: string
  /** The leading project's brand facts (fact-check). */
  facts?: string[]
}

/** Lower case, Latin accents dropped, anything but letters and digits (of any script) as one space. */
export function normaliseQuery(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()
}

function projectKey(p: Pick<LearnedProject, 'brand' | 'market' | 'region'>): string {
  return `${p.brand.name.toLowerCase()}|${p.market.toLowerCase()}|${(p.region ?? '').toLowerCase()}`
}

export class ProjectStore {
  private projects = new Map<string, LearnedProject>()
  private byQuery = new Map<string, string[]>()
  private vocab = new Map<string, Set<string>>()

  constructor(private readonly dataFile?: string) {
    if (dataFile) this.load(dataFile)
  }

  get size(): number {
    return this.projects.size
  }

  list(): LearnedProject[] {
    return [...this.projects.values()]
  }

  learn(project: LearnedProject): void {
    const key = projectKey(project)
    this.remove(key)
    this.projects.set(key, project)
    this.index(key, project)
    this.save()
  }

  forget(): void {
    this.projects.clear()
    this.byQuery.clear()
    this.vocab.clear()
    this.save()
  }

  /** Exact query match; else best word overlap; else a built-in market by keyword; else generic. */
  find(prompt: string): AnswerSubject {
    const exact = this.byQuery.get(normaliseQuery(prompt)) ?? this.afterContext(prompt)
    if (exact?.length) {
      const matches = exact.map((k) => this.projects.get(k)!).filter(Boolean)
      return this.subject('exact', matches)
    }
    const words = [...new Set(tokens(prompt))]
    if (words.length > 0 && this.projects.size > 0) {
      let best: LearnedProject | undefined
      let bestScore = 0
      for (const [key, p] of this.projects) {
        const v = this.vocab.get(key)!
        const hits = words.filter((w) => v.has(w)).length
        const score = hits / words.length
        if (hits >= Math.min(2, words.length) && score >= 0.5 && score >= bestScore) {
          best = p
          bestScore = score
        }
      }
      if (best) return this.subject('overlap', [best])
    }
    const market = findMarket(prompt)
    const language = guessLanguage(prompt)
    if (market) return { how: 'market', ownBrands: [], competitors: market.brands, market, marketLabel: market.label, language }
    const topic = words.slice(0, 3).join(' ') || 'products'
    return { how: 'generic', ownBrands: [], competitors: synthesiseBrands(topic, 8), marketLabel: topic, language }
  }

  /**
   * A known query asked after some words about the asker ("I'm asking as Finance Manager (...). best payroll
   * software"): the projects of the query that ends the prompt after a sentence break.
   */
  private afterContext(prompt: string): string[] | undefined {
    const breaks = [...prompt.matchAll(/[.!?:]\s+|\n+/g)]
    for (const b of breaks) {
      const hit = this.byQuery.get(normaliseQuery(prompt.slice(b.index! + b[0].length)))
      if (hit?.length) return hit
    }
    return undefined
  }

  private subject(how: 'exact' | 'overlap', matches: LearnedProject[]): AnswerSubject {
    // The most recently learned project leads; every matching project's brand is "own".
    const sorted = matches.slice().sort((a, b) => b.learnedAt.localeCompare(a.learnedAt))
    const lead = sorted[0]
    const own = new Map<string, BrandInfo>()
    for (const p of sorted) own.set(p.brand.name.toLowerCase(), p.brand)
    return {
      how,
      ownBrands: [...own.values()],
      competitors: lead.competitors.filter((c) => !own.has(c.name.toLowerCase())),
      market: MARKETS.find((m) => m.key === lead.marketKey),
      kind: lead.kind,
      marketLabel: lead.marketLabel,
      region: lead.region,
      language: lead.language,
      facts: lead.facts,
    }
  }

  private index(key: string, p: LearnedProject): void {
    for (const q of p.queries) {
      const nq = normaliseQuery(q)
      const list = this.byQuery.get(nq) ?? []
      if (!list.includes(key)) list.push(key)
      this.byQuery.set(nq, list)
    }
    const names = [p.brand, ...p.competitors].flatMap((b) => [b.name, ...b.alternativeNames])
    this.vocab.set(key, new Set(tokens([p.market, p.marketLabel, ...p.queries, ...names].join(' '))))
  }

  private remove(key: string): void {
    const old = this.projects.get(key)
    if (!old) return
    this.projects.delete(key)
    this.vocab.delete(key)
    for (const q of old.queries) {
      const nq = normaliseQuery(q)
      const list = (this.byQuery.get(nq) ?? []).filter((k) => k !== key)
      if (list.length) this.byQuery.set(nq, list)
      else this.byQuery.delete(nq)
    }
  }

  private load(file: string): void {
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      return // first run
    }
    let data: { projects?: LearnedProject[] }
    try {
      data = JSON.parse(text) as { projects?: LearnedProject[] }
    } catch (e) {
      // A damaged file must not stop the demo: start empty (it is rewritten on the next learn).
      console.warn(`model simulator: ignoring unreadable ${file}: ${e instanceof Error ? e.message : String(e)}`)
      return
    }
    for (const p of data.projects ?? []) {
      const key = projectKey(p)
      this.projects.set(key, p)
      this.index(key, p)
    }
  }

  /** Synchronous write-then-rename: learning is rare, and a crash never leaves half a file. */
  private save(): void {
    if (!this.dataFile) return
    mkdirSync(path.dirname(this.dataFile), { recursive: true })
    const tmp = `${this.dataFile}.${process.pid}.tmp`
    writeFileSync(tmp, JSON.stringify({ version: 1, projects: this.list() }, null, 2))
    renameSync(tmp, this.dataFile)
  }
}
