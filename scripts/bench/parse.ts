/**
 * Benchmark of the answer parser and the analysis aggregation (app/domain/metrics).
 *
 * Builds a full analysis worth of realistic answers (40 queries x 6 models = 240
 * answers of ~300-500 words with numbered lists, bold, citations [n], URLs and a
 * Sources section) against 20 brands with alternative names, then times, per round:
 * parseAnswer on all 240 answers + aggregateAnalysis over the parsed answers. Brand
 * objects are fresh copies each round, so matcher compilation is included.
 *
 * Run: npx tsx scripts/bench/parse.ts   (prints JSON; target medianMs <= 50)
 */
import { pathToFileURL } from 'node:url'
import { type AnswerForMetrics, type BrandDef, aggregateAnalysis, parseAnswer } from '../../app/domain/metrics'

export interface BenchParseResult {
  /** Wall-clock median of one round (parse 240 answers + aggregate). */
  medianMs: number
  minMs: number
  maxMs: number
  parseMedianMs: number
  aggregateMedianMs: number
  rounds: number
  answers: number
  brands: number
  avgWords: number
  minWords: number
  maxWords: number
  targetMs: number
  withinTarget: boolean
}

export const BENCH_BRANDS: BrandDef[] = [
  { name: 'Brooks Running', alternativeNames: ['Brooks Sports'], domains: ['brooksrunning.com'], isOwn: true },
  { name: 'Nike', alternativeNames: ['Nike Inc', 'Air Jordan'], domains: ['nike.com'] },
  { name: 'Adidas', alternativeNames: ['adidas Group'], domains: ['adidas.com'] },
  { name: 'Asics', alternativeNames: ['Onitsuka Tiger'], domains: ['asics.com'] },
  { name: 'Hoka', alternativeNames: ['Hoka One One'], domains: ['hoka.com'] },
  { name: 'New Balance', alternativeNames: ['NB Fresh Foam'], domains: ['newbalance.com'] },
  { name: 'Saucony', alternativeNames: ['Saucony Originals'], domains: ['saucony.com'] },
  { name: 'Mizuno', alternativeNames: ['Mizuno Wave'], domains: ['mizuno.com'] },
  { name: 'Puma', alternativeNames: ['Puma SE'], domains: ['puma.com'] },
  { name: 'Under Armour', alternativeNames: ['UA HOVR'], domains: ['underarmour.com'] },
  { name: 'Salomon', alternativeNames: ['Salomon Trail'], domains: ['salomon.com'] },
  { name: 'Altra', alternativeNames: ['Altra Running'], domains: ['altrarunning.com'] },
  { name: 'On Running', alternativeNames: ['On Cloud', 'Cloudmonster'], domains: ['on.com'] },
  { name: 'Reebok', alternativeNames: ['Reebok Classic'], domains: ['reebok.com'] },
  { name: 'Skechers', alternativeNames: ['Skechers GOrun'], domains: ['skechers.com'] },
  { name: 'La Sportiva', alternativeNames: ['Sportiva'], domains: ['lasportiva.com'] },
  { name: 'Merrell', alternativeNames: ['Merrell Trail Glove'], domains: ['merrell.com'] },
  { name: 'Inov-8', alternativeNames: ['Inov8'], domains: ['inov-8.com'] },
  { name: 'Topo Athletic', alternativeNames: ['Topo'], domains: ['topoathletic.com'] },
  { name: 'Karhu', alternativeNames: ['Karhu Fusion'], domains: ['karhu.com'] },
]

const MODEL_IDS = [3, 5, 6, 8, 9, 10]
const QUERIES = 40

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const FILLER = [
  'When choosing a running shoe, consider your gait, the surfaces you run on and how many miles you log each week.',
  'Cushioning, stability and weight are the three factors most runners weigh up before buying.',
  'Prices range from about 90 to 250 dollars, and many retailers offer a 30-day trial period.',
  'Independent lab tests measure energy return, midsole softness and outsole wear after 500 kilometres.',
  'Reviewers also look at breathability, heel-to-toe drop and how true to size the model runs.',
  'If you are new to running, a neutral daily trainer with moderate cushioning is a sensible starting point.',
  'Carbon-plated racers are fast but less durable, so most coaches suggest keeping them for race day.',
  'Trail runners should prioritise grip, rock protection and a secure upper over raw speed.',
]
const PRAISE = ['excellent', 'reliable', 'comfortable', 'durable', 'popular', 'innovative', 'versatile', 'lightweight', 'highly rated']
const CRITIQUE = ['expensive', 'limited', 'narrow and uncomfortable for some', 'less durable', 'criticised for sizing issues', 'overpriced']
const MODELS_OF = ['Ghost', 'Pegasus', 'Boston', 'Kayano', 'Clifton', '1080', 'Ride', 'Wave Rider', 'Velocity', 'Flow']

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]
}

function shuffle<T>(r: () => number, list: T[]): T[] {
  const a = [...list]
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1))
    ;[a[i], a[j]] = [a[j], a[i]]
  }
  return a
}

function brandLabel(r: () => number, b: BrandDef): string {
  return r() < 0.2 && b.alternativeNames.length > 0 ? pick(r, b.alternativeNames) : b.name
}

function buildAnswer(r: () => number, query: string, style: number): string {
  const ranked = shuffle(r, BENCH_BRANDS).slice(0, 4 + Math.floor(r() * 5)) // 4..8 ranked brands
  const parts: string[] = []
  parts.push(`Here is an overview of ${query} based on reviews, lab tests and runner feedback [1].`)
  parts.push(pick(r, FILLER))
  parts.push('', style === 0 ? '## Top picks' : '**Top picks:**', '')
  ranked.forEach((b, i) => {
    const label = brandLabel(r, b)
    const marker = style === 0 ? `${i + 1}. **${label} ${pick(r, MODELS_OF)}**` : style === 1 ? `**${i + 1}. ${label} ${pick(r, MODELS_OF)}**` : `${i + 1}) ${label} ${pick(r, MODELS_OF)}:`
    parts.push(`${marker} - ${pick(r, FILLER)}`)
    parts.push(`   - Pros: ${label} is ${pick(r, PRAISE)} and ${pick(r, PRAISE)} [${i + 2}].`)
    parts.push(`   - Cons: it can be ${pick(r, CRITIQUE)}, according to https://www.runnersworld.com/reviews/${i}.`)
    if (r() < 0.4) parts.push(`   Compared with ${brandLabel(r, pick(r, BENCH_BRANDS))}, it feels ${pick(r, PRAISE)} on long runs.`)
  })
  parts.push('')
  parts.push(pick(r, FILLER))
  const others = shuffle(r, BENCH_BRANDS).slice(0, 4)
  parts.push(
    `Other brands worth a look include ${others.map((b) => brandLabel(r, b)).join(', ')}. ` +
      `${brandLabel(r, others[0])} is ${pick(r, PRAISE)}, while ${brandLabel(r, others[1])} is often ${pick(r, CRITIQUE)}. ` +
      `See www.runrepeat.com for lab data [${ranked.length + 2}].`,
  )
  parts.push(pick(r, FILLER))
  parts.push(`In short, ${brandLabel(r, ranked[0])} is the top choice for most runners, but try shoes on before you buy.`)
  parts.push('', 'Sources:')
  for (let i = 1; i <= 6; i++) parts.push(`${i}. [${pick(r, BENCH_BRANDS).name} review](https://www.example${i}.com/review/${i})`)
  return parts.join('\n')
}

export function buildBenchAnswers(seed = 42): AnswerForMetrics[] {
  const r = rng(seed)
  const out: AnswerForMetrics[] = []
  for (let q = 0; q < QUERIES; q++) {
    const query = `best running shoes for ${pick(r, ['beginners', 'marathons', 'trail', 'flat feet', 'speed work', 'recovery'])} ${q}`
    for (const modelId of MODEL_IDS) {
      out.push({ modelId, queryIndex: q, query, sample: 1, text: buildAnswer(r, query, (q + modelId) % 3), ok: true, topic: `Topic ${q % 8}`, audience: null })
    }
  }
  return out
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

const round2 = (x: number) => Math.round(x * 100) / 100

export async function benchParse(opts: { rounds?: number; warmup?: number } = {}): Promise<BenchParseResult> {
  const rounds = opts.rounds ?? 15
  const warmup = opts.warmup ?? 3
  const answers = buildBenchAnswers()
  const words = answers.reduce((s, a) => s + a.text.split(/\s+/).length, 0) / answers.length
  const minWords = Math.min(...answers.map((a) => a.text.split(/\s+/).length))
  const maxWords = Math.max(...answers.map((a) => a.text.split(/\s+/).length))
  const totals: number[] = []
  const parses: number[] = []
  const aggs: number[] = []
  for (let i = 0; i < warmup + rounds; i++) {
    const brands = BENCH_BRANDS.map((b) => ({ ...b, alternativeNames: [...b.alternativeNames], domains: [...b.domains] }))
    const t0 = performance.now()
    const parsed = answers.map((a) => ({ ...a, ...parseAnswer(a.text, brands) }))
    const t1 = performance.now()
    const metrics = aggregateAnalysis(parsed, brands)
    const t2 = performance.now()
    if (metrics.brands.length !== BENCH_BRANDS.length) throw new Error('unexpected aggregate shape')
    if (i >= warmup) {
      parses.push(t1 - t0)
      aggs.push(t2 - t1)
      totals.push(t2 - t0)
    }
  }
  const medianMs = median(totals)
  return {
    medianMs: round2(medianMs),
    minMs: round2(Math.min(...totals)),
    maxMs: round2(Math.max(...totals)),
    parseMedianMs: round2(median(parses)),
    aggregateMedianMs: round2(median(aggs)),
    rounds,
    answers: answers.length,
    brands: BENCH_BRANDS.length,
    avgWords: Math.round(words),
    minWords,
    maxWords,
    targetMs: 50,
    withinTarget: medianMs <= 50,
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchParse().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (e) => {
      console.error(e)
      process.exit(1)
    },
  )
}
