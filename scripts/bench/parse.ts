/**
 * Benchmark of the answer parser and the analysis aggregation (app/domain/metrics).
 *
 * Builds a full analysis worth of realistic answers (40 queries x 6 models = 240
 * answers of ~300-500 words with numbered lists, bold, citations [n], URLs and a
 * Sources section) against 20 brands with alternative names, then times, per round:
 * parseAnswer on all 240 answers + aggregateAnalysis over the parsed answers. Brand
 * objects are fresh copies each round, so matcher compilation is included.
 *
 * The same is then timed for Japanese: the same answer structure written in Japanese
 * (no spaces, Kana and Han brand names with Latin alternatives, Japanese list markers
 * "１．", "第1位", "①" beside "1.", 出典 section), 20 brands, parsed in language 'ja'
 * (script-aware matching and the Japanese word list). The target is a Japanese
 * median within 2x of the English median measured in the same run. English and Japanese
 * rounds alternate, and each round's CPU time of this process is reported beside its wall
 * time: on a shared, loaded machine the CPU figures and the ratio are the ones to compare.
 * Every round checks that mentions, ranks and sentiment were measured in both languages.
 *
 * Run: npm run bench:parse   (prints JSON; target medianMs <= 20)
 */
import { pathToFileURL } from 'node:url'
import { type AnswerForMetrics, type BrandDef, aggregateAnalysis, parseAnswer } from '../../app/domain/metrics'
import { mulberry32 } from '../../app/domain/random'

/** Parse + aggregate of 240 answers x 20 brands, median of one round, at most this many ms. */
export const PARSE_TARGET_MS = 20

export interface BenchParseResult {
  /** Wall-clock median of one round (parse 240 answers + aggregate). */
  medianMs: number
  /** CPU time (user + system) of this process in one round, median. */
  cpuMedianMs: number
  /** Wall-clock median per answer (parse + its share of the aggregate), in microseconds. */
  perAnswerUs: number
  /** Brands ranked per answer, on average (a check that the rank parser reads the lists). */
  rankedPerAnswer: number
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
  /** The same for Japanese answers parsed in 'ja'; target: median within 2x of English. */
  japanese: {
    medianMs: number
    cpuMedianMs: number
    perAnswerUs: number
    rankedPerAnswer: number
    /** Japanese CPU median / English CPU median. */
    cpuRatio: number
    parseMedianMs: number
    aggregateMedianMs: number
    avgChars: number
    /** Japanese median / English median. */
    ratio: number
    targetRatio: number
    withinTarget: boolean
  }
  /**
   * The same rounds once the engine has settled: medians of the rounds after the measured ones (a worker parses
   * thousands of answers; the first rounds after 3 warm-ups still include V8 optimising the parser). Informative
   * only: withinTarget is decided by medianMs above, as the issue measured it.
   */
  steadyState: {
    afterRounds: number
    rounds: number
    medianMs: number
    japaneseMedianMs: number
    ratio: number
  }
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

const rng = mulberry32

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

// ---------------------------------------------------------------------------
// Japanese answers

export const BENCH_BRANDS_JA: BrandDef[] = [
  { name: 'ブルックス', alternativeNames: ['Brooks Running'], domains: ['brooksrunning.com'], isOwn: true },
  { name: 'ナイキ', alternativeNames: ['Nike'], domains: ['nike.com'] },
  { name: 'アディダス', alternativeNames: ['adidas'], domains: ['adidas.com'] },
  { name: 'アシックス', alternativeNames: ['ASICS', 'オニツカタイガー'], domains: ['asics.com'] },
  { name: 'ホカ', alternativeNames: ['HOKA', 'ホカオネオネ'], domains: ['hoka.com'] },
  { name: 'ニューバランス', alternativeNames: ['New Balance'], domains: ['newbalance.com'] },
  { name: 'サッカニー', alternativeNames: ['Saucony'], domains: ['saucony.com'] },
  { name: 'ミズノ', alternativeNames: ['Mizuno', '美津濃'], domains: ['mizuno.com'] },
  { name: 'プーマ', alternativeNames: ['Puma'], domains: ['puma.com'] },
  { name: 'アンダーアーマー', alternativeNames: ['Under Armour'], domains: ['underarmour.com'] },
  { name: 'サロモン', alternativeNames: ['Salomon'], domains: ['salomon.com'] },
  { name: 'アルトラ', alternativeNames: ['Altra'], domains: ['altrarunning.com'] },
  { name: 'オンランニング', alternativeNames: ['On Running'], domains: ['on.com'] },
  { name: 'リーボック', alternativeNames: ['Reebok'], domains: ['reebok.com'] },
  { name: 'スケッチャーズ', alternativeNames: ['Skechers'], domains: ['skechers.com'] },
  { name: 'スポルティバ', alternativeNames: ['La Sportiva'], domains: ['lasportiva.com'] },
  { name: 'メレル', alternativeNames: ['Merrell'], domains: ['merrell.com'] },
  { name: 'イノヴェイト', alternativeNames: ['Inov-8'], domains: ['inov-8.com'] },
  { name: 'トポアスレチック', alternativeNames: ['Topo Athletic'], domains: ['topoathletic.com'] },
  { name: 'カルフ', alternativeNames: ['Karhu'], domains: ['karhu.com'] },
]

const FILLER_JA = [
  'ランニングシューズを選ぶときは、走り方、走る路面、週の走行距離を考えましょう。',
  'クッション性、安定性、重さの三つが多くのランナーが重視する点です。',
  '価格は一万円から三万円ほどで、多くの店舗が三十日間の返品保証を用意しています。',
  '第三者のラボテストでは、反発力、ミッドソールの柔らかさ、五百キロ走行後の摩耗を測っています。',
  'レビューでは通気性、ドロップ、サイズ感も確認されています。',
  '初めて走る人には、適度なクッションのニュートラルなデイリートレーナーが無難です。',
  'カーボンプレート入りのレースシューズは速い一方で耐久性は低めなので、レース当日用にするのが一般的です。',
  'トレイルランナーはスピードよりもグリップ、岩からの保護、足の固定を優先すべきです。',
]
const PRAISE_JA = ['優秀', '信頼できる', '快適', '人気', '革新的', '高評価', '素晴らしい', '使いやすい']
const CRITIQUE_JA = ['割高', '不満が多い', '物足りない', '故障が多い', 'サイズに問題がある', '高すぎる']
const MODELS_OF_JA = ['ゴースト', 'ペガサス', 'ボストン', 'カヤノ', 'クリフトン', '1080', 'ライド', 'ウエーブライダー', 'ベロシティ', 'フロー']

function buildAnswerJa(r: () => number, query: string, style: number): string {
  const ranked = shuffle(r, BENCH_BRANDS_JA).slice(0, 4 + Math.floor(r() * 5))
  const label = (b: BrandDef) => brandLabel(r, b)
  const parts: string[] = []
  parts.push(`${query}について、レビュー、ラボテスト、ランナーの声をもとにまとめました[1]。`)
  parts.push(pick(r, FILLER_JA))
  parts.push('', style === 0 ? '## おすすめ' : '**おすすめ：**', '')
  ranked.forEach((b, i) => {
    const l = label(b)
    // "1." as often as the Japanese markers: full-width "１．", "第1位", circled "①"
    const n = i + 1
    const fullWidth = String.fromCharCode(0xff10 + (n % 10))
    const marker =
      style === 0
        ? `${n}. **${l} ${pick(r, MODELS_OF_JA)}**`
        : style === 1
          ? `**${n < 10 ? fullWidth : n}． ${l} ${pick(r, MODELS_OF_JA)}**`
          : style === 2
            ? `第${n}位 ${l} ${pick(r, MODELS_OF_JA)}：`
            : `${String.fromCharCode(0x2460 + i)} ${l} ${pick(r, MODELS_OF_JA)}：`
    parts.push(`${marker} - ${pick(r, FILLER_JA)}`)
    parts.push(`   - 長所：${l}は${pick(r, PRAISE_JA)}で、${pick(r, PRAISE_JA)}と評価されています[${i + 2}]。`)
    parts.push(`   - 短所：${pick(r, CRITIQUE_JA)}という声もあります（https://www.runnersworld.com/reviews/${i}）。`)
    if (r() < 0.4) parts.push(`   ${label(pick(r, BENCH_BRANDS_JA))}と比べると、長距離では${pick(r, PRAISE_JA)}です。`)
  })
  parts.push('')
  parts.push(pick(r, FILLER_JA))
  const others = shuffle(r, BENCH_BRANDS_JA).slice(0, 4)
  parts.push(
    `ほかに${others.map(label).join('、')}も候補になります。` +
      `${label(others[0])}は${pick(r, PRAISE_JA)}ですが、${label(others[1])}は${pick(r, CRITIQUE_JA)}と言われます。` +
      `ラボデータは www.runrepeat.com を参照してください[${ranked.length + 2}]。`,
  )
  parts.push(pick(r, FILLER_JA))
  parts.push(`まとめると、多くのランナーにとって${label(ranked[0])}が第一候補ですが、購入前に試し履きをしましょう。`)
  parts.push('', '出典：')
  for (let i = 1; i <= 6; i++) parts.push(`${i}. [${pick(r, BENCH_BRANDS_JA).name}のレビュー](https://www.example${i}.com/review/${i})`)
  return parts.join('\n')
}

export function buildBenchAnswersJa(seed = 42): AnswerForMetrics[] {
  const r = rng(seed)
  const out: AnswerForMetrics[] = []
  for (let q = 0; q < QUERIES; q++) {
    const query = `${pick(r, ['初心者', 'マラソン', 'トレイル', '偏平足', 'スピード練習', 'リカバリー'])}向けのランニングシューズ ${q}`
    for (const modelId of MODEL_IDS) {
      out.push({ modelId, queryIndex: q, query, sample: 1, text: buildAnswerJa(r, query, (q + modelId) % 4), ok: true, topic: `トピック ${q % 8}`, audience: null })
    }
  }
  return out
}

interface Timings {
  totals: number[]
  parses: number[]
  aggs: number[]
  cpu: number[]
  ranked: number
}

/** One round: parse every answer + aggregate, with fresh brand copies (so matcher compilation counts). */
function timeRound(answers: AnswerForMetrics[], brandList: BrandDef[], language: string | undefined, into: Timings | null): void {
  const brands = brandList.map((b) => ({ ...b, alternativeNames: [...b.alternativeNames], domains: [...b.domains] }))
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  const parsed = answers.map((a) => ({ ...a, ...parseAnswer(a.text, brands, language) }))
  const t1 = performance.now()
  const metrics = aggregateAnalysis(parsed, brands, { language })
  const t2 = performance.now()
  const c1 = process.cpuUsage(c0)
  const ranked = parsed.reduce((n, p) => n + Object.keys(p.rankings).length, 0)
  if (metrics.brands.length !== brandList.length) throw new Error('unexpected aggregate shape')
  if (metrics.summary.totalMentions === 0 || ranked === 0 || !metrics.sentimentLanguage.available) throw new Error(`nothing measured (${language ?? 'en'})`)
  if (into) {
    into.parses.push(t1 - t0)
    into.aggs.push(t2 - t1)
    into.totals.push(t2 - t0)
    into.cpu.push((c1.user + c1.system) / 1000)
    into.ranked = ranked
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

const round2 = (x: number) => Math.round(x * 100) / 100

export async function benchParse(opts: { rounds?: number; warmup?: number; steadyRounds?: number } = {}): Promise<BenchParseResult> {
  const rounds = opts.rounds ?? 15
  const warmup = opts.warmup ?? 3
  const answers = buildBenchAnswers()
  const words = answers.reduce((s, a) => s + a.text.split(/\s+/).length, 0) / answers.length
  const minWords = Math.min(...answers.map((a) => a.text.split(/\s+/).length))
  const maxWords = Math.max(...answers.map((a) => a.text.split(/\s+/).length))
  const ja = buildBenchAnswersJa()
  const en: Timings = { totals: [], parses: [], aggs: [], cpu: [], ranked: 0 }
  const jaTimes: Timings = { totals: [], parses: [], aggs: [], cpu: [], ranked: 0 }
  // English and Japanese rounds alternate, so a busy machine slows both alike.
  for (let i = 0; i < warmup + rounds; i++) {
    timeRound(answers, BENCH_BRANDS, 'en', i >= warmup ? en : null)
    timeRound(ja, BENCH_BRANDS_JA, 'ja', i >= warmup ? jaTimes : null)
  }
  const settled = opts.steadyRounds ?? 30
  const steadyEn: Timings = { totals: [], parses: [], aggs: [], cpu: [], ranked: 0 }
  const steadyJa: Timings = { totals: [], parses: [], aggs: [], cpu: [], ranked: 0 }
  for (let i = 0; i < settled; i++) {
    timeRound(answers, BENCH_BRANDS, 'en', steadyEn)
    timeRound(ja, BENCH_BRANDS_JA, 'ja', steadyJa)
  }
  const { totals, parses, aggs } = en
  const medianMs = median(totals)
  const jaMedian = median(jaTimes.totals)
  const ratio = jaMedian / medianMs
  const cpu = median(en.cpu)
  const jaCpu = median(jaTimes.cpu)
  return {
    medianMs: round2(medianMs),
    cpuMedianMs: round2(cpu),
    perAnswerUs: Math.round((medianMs / answers.length) * 1000),
    rankedPerAnswer: round2(en.ranked / answers.length),
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
    targetMs: PARSE_TARGET_MS,
    withinTarget: medianMs <= PARSE_TARGET_MS,
    japanese: {
      medianMs: round2(jaMedian),
      cpuMedianMs: round2(jaCpu),
      perAnswerUs: Math.round((jaMedian / ja.length) * 1000),
      rankedPerAnswer: round2(jaTimes.ranked / ja.length),
      cpuRatio: round2(jaCpu / cpu),
      parseMedianMs: round2(median(jaTimes.parses)),
      aggregateMedianMs: round2(median(jaTimes.aggs)),
      avgChars: Math.round(ja.reduce((s, a) => s + a.text.length, 0) / ja.length),
      ratio: round2(ratio),
      targetRatio: 2,
      withinTarget: ratio <= 2,
    },
    steadyState: {
      afterRounds: warmup + rounds,
      rounds: settled,
      medianMs: round2(median(steadyEn.totals)),
      japaneseMedianMs: round2(median(steadyJa.totals)),
      ratio: round2(median(steadyJa.totals) / median(steadyEn.totals)),
    },
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
