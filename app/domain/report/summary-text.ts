/**
 * The executive summary's sentences and the report's headings, in the project's language (English, German and
 * Japanese; any other language gets English, and the page still renders its brand names and queries in their own
 * script). Every figure comes from SummaryFacts through `num`, the one number formatter, so a test can find each
 * figure of the facts in the text. Pure.
 */
import { modelName } from '../models'
import { CHANGE_Z, type Action, type Change, type Figure, type SummaryFacts } from './summary'

export type ReportLang = 'en' | 'de' | 'ja'

export function reportLang(language: string): ReportLang {
  const code = language.trim().toLowerCase().split(/[-_]/)[0]
  if (code === 'de' || code === 'german' || code === 'deutsch') return 'de'
  if (code === 'ja' || code === 'japanese' || code === '日本語') return 'ja'
  return 'en'
}

/** Right-to-left scripts: the page is laid out rtl for these project languages. */
export function isRtl(language: string): boolean {
  return ['ar', 'he', 'fa', 'ur', 'yi', 'ps'].includes(language.trim().toLowerCase().split(/[-_]/)[0])
}

const LOCALE: Record<ReportLang, string> = { en: 'en-GB', de: 'de-DE', ja: 'ja-JP' }

/** A figure as the report prints it: at most 1 decimal (2 for a rank spread), the language's decimal mark, no grouping. */
export function num(lang: ReportLang, x: number, digits = 1): string {
  return new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: digits, useGrouping: false }).format(x)
}

interface Words {
  heading: { summary: string; standing: string; changes: string; engines: string; competitor: string; sources: string; actions: string; charts: string; appendix: string }
  cover: { project: string; brand: string; market: string; period: string; engines: string; method: string; simulated: string; real: string; generated: string; language: string }
  charts: { share: string; rankByEngine: string; trend: string; band: string; sentiment: string; sources: string; positive: string; neutral: string; negative: string; noTrend: string }
  method: (samples: number, queries: number, n: number) => string
  share: (brand: string, f: Figure, p: string) => string
  visibility: (f: Figure, p: string) => string
  rank: (value: string, position: number | null, spread: string) => string
  noRank: (brand: string) => string
  change: (c: Change, p: string) => string
  noChange: (since: string, test: string) => string
  noHistory: string
  since: { previous: (date: string) => string; month: (date: string) => string }
  metric: { share: string; rankRate: string }
  test: string
  strongest: (list: string) => string
  weakest: (list: string) => string
  gapBehind: (rival: string, points: string, share: string, own: string) => string
  gapAhead: (rival: string, points: string, share: string, own: string) => string
  topDomains: (list: string, total: number) => string
  ownCitations: (f: Figure, p: string) => string
  noCitations: string
  action: (a: Action, p: (x: number) => string) => string
  interval: (ci: Figure['ci']) => string
  /** How a percent follows its number in a list ('40%' / '40 %'). */
  pct: string
}

const ci = (lang: ReportLang) => (c: Figure['ci']) => (c ? `${num(lang, c.low)}–${num(lang, c.high)} %` : '')

const EN: Words = {
  heading: { summary: 'Executive summary', standing: 'Where the brand stands', changes: 'What changed', engines: 'Engines', competitor: 'Competitors', sources: 'Sources', actions: 'Recommended actions', charts: 'Charts', appendix: 'Appendix: tables' },
  cover: { project: 'Project', brand: 'Brand', market: 'Market', period: 'Date range', engines: 'Engines', method: 'How the figures were collected', simulated: 'Simulated: this install runs in demo mode; the answers come from the built-in model simulator, not from the real AI models.', real: 'Answers of the AI models named above, through their APIs.', generated: 'Generated', language: 'Language' },
  charts: { share: 'Share of mentions', rankByEngine: 'Average rank by engine (lower is better)', trend: 'Mention share over time, with its 95 % band', band: '95 % band', sentiment: 'Sentiment', sources: 'Top cited domains', positive: 'Positive', neutral: 'Neutral', negative: 'Negative', noTrend: 'One run so far: the trend starts with the next run.' },
  method: (s, q, n) => `${q} queries, ${s} sample${s === 1 ? '' : 's'} per query and engine, n = ${n} answers.`,
  share: (b, f, p) => `${b} holds ${p}% of the brand mentions (n = ${f.n} mentions; 95 % interval ${ci('en')(f.ci)}).`,
  visibility: (f, p) => `Visibility: ${p}% of the engines rank it (${f.x} of ${f.n}; 95 % interval ${ci('en')(f.ci)}).`,
  rank: (v, pos, s) => `Average rank ${v}${pos ? ` (#${pos} among the ranked brands)` : ''}${s}.`,
  noRank: (b) => `No engine ranked ${b} in a list.`,
  change: (c, p) => `${EN.metric[c.metric]} ${c.delta > 0 ? 'rose' : 'fell'} from ${num('en', c.from.value)}% to ${p}% ${EN.since[c.since](c.fromDate)} (${EN.test}, z = ${num('en', c.z, 2)}).`,
  noChange: (since, test) => `No change beyond the noise ${since} (${test}).`,
  noHistory: 'No earlier run to compare with yet.',
  since: { previous: (d) => `since the previous run (${d})`, month: (d) => `since 30 days ago (run of ${d})` },
  metric: { share: 'Mention share', rankRate: 'Share of answers ranking the brand' },
  test: `two-proportion z-test, |z| ≥ ${CHANGE_Z}`,
  strongest: (l) => `Strongest engines: ${l}.`,
  weakest: (l) => `Weakest engines: ${l}.`,
  gapBehind: (r, pts, s, o) => `Top competitor ${r} holds ${s}% of mentions, ${pts} points ahead of the brand's ${o}%.`,
  gapAhead: (r, pts, s, o) => `The brand leads its top competitor ${r} (${s}%) by ${pts} points with ${o}%.`,
  topDomains: (l, t) => `Most-cited domains: ${l} (of ${t} citations).`,
  ownCitations: (f, p) => `The brand's own sites get ${p}% of the citations (${f.x} of ${f.n}; 95 % interval ${ci('en')(f.ci)}).`,
  noCitations: 'The answers cite no sources.',
  action: (a, p) =>
    a.kind === 'outreach'
      ? `Get covered on ${a.domain}: the engines cite it ${a.citations} times next to competitors, never next to the brand (Source Insights, gap list).`
      : a.kind === 'optimise'
        ? `Optimise a page for “${a.query}”, where ${p(a.visibility)}% of the engines rank the brand (Content Optimiser).`
        : a.kind === 'engine'
          ? `Work on ${modelName(a.modelId)}, the weakest engine (${p(a.share)}% share of mentions): check which sources it cites (Source Insights).`
          : `Publish citable pages on the brand's own domain: none of the ${a.citations} citations points to it.`,
  interval: ci('en'),
  pct: '%',
}

const DE: Words = {
  heading: { summary: 'Zusammenfassung', standing: 'Wo die Marke steht', changes: 'Was sich geändert hat', engines: 'KI-Modelle', competitor: 'Wettbewerb', sources: 'Quellen', actions: 'Empfohlene Maßnahmen', charts: 'Diagramme', appendix: 'Anhang: Tabellen' },
  cover: { project: 'Projekt', brand: 'Marke', market: 'Markt', period: 'Zeitraum', engines: 'KI-Modelle', method: 'Wie die Zahlen erhoben wurden', simulated: 'Simuliert: Diese Installation läuft im Demo-Modus; die Antworten stammen aus dem eingebauten Modell-Simulator, nicht von den echten KI-Modellen.', real: 'Antworten der oben genannten KI-Modelle über ihre APIs.', generated: 'Erstellt', language: 'Sprache' },
  charts: { share: 'Anteil der Erwähnungen', rankByEngine: 'Durchschnittlicher Rang je KI-Modell (niedriger ist besser)', trend: 'Erwähnungsanteil im Zeitverlauf, mit 95-%-Band', band: '95-%-Band', sentiment: 'Tonalität', sources: 'Meistzitierte Domains', positive: 'Positiv', neutral: 'Neutral', negative: 'Negativ', noTrend: 'Bisher ein Lauf: Der Verlauf beginnt mit dem nächsten Lauf.' },
  method: (s, q, n) => `${q} Suchanfragen, ${s} ${s === 1 ? 'Stichprobe' : 'Stichproben'} je Anfrage und KI-Modell, n = ${n} Antworten.`,
  share: (b, f, p) => `${b} hat ${p} % der Markennennungen (n = ${f.n} Nennungen; 95-%-Intervall ${ci('de')(f.ci)}).`,
  visibility: (f, p) => `Sichtbarkeit: ${p} % der KI-Modelle führen die Marke in einer Rangliste (${f.x} von ${f.n}; 95-%-Intervall ${ci('de')(f.ci)}).`,
  rank: (v, pos, s) => `Durchschnittlicher Rang ${v}${pos ? ` (Platz ${pos} unter den gerankten Marken)` : ''}${s}.`,
  noRank: (b) => `Kein KI-Modell führt ${b} in einer Rangliste.`,
  change: (c, p) => `${DE.metric[c.metric]} ${c.delta > 0 ? 'stieg' : 'fiel'} ${DE.since[c.since](c.fromDate)} von ${num('de', c.from.value)} % auf ${p} % (${DE.test}, z = ${num('de', c.z, 2)}).`,
  noChange: (since, test) => `Keine Änderung jenseits des Rauschens ${since} (${test}).`,
  noHistory: 'Noch kein früherer Lauf zum Vergleich.',
  since: { previous: (d) => `seit dem vorigen Lauf (${d})`, month: (d) => `seit 30 Tagen (Lauf vom ${d})` },
  metric: { share: 'Der Erwähnungsanteil', rankRate: 'Der Anteil der Antworten mit der Marke in der Rangliste' },
  test: `Zwei-Stichproben-z-Test für Anteile, |z| ≥ ${num('de', CHANGE_Z, 2)}`,
  strongest: (l) => `Stärkste KI-Modelle: ${l}.`,
  weakest: (l) => `Schwächste KI-Modelle: ${l}.`,
  gapBehind: (r, pts, s, o) => `Der stärkste Wettbewerber ${r} hat ${s} % der Nennungen, ${pts} Prozentpunkte vor den ${o} % der Marke.`,
  gapAhead: (r, pts, s, o) => `Die Marke liegt mit ${o} % um ${pts} Prozentpunkte vor dem stärksten Wettbewerber ${r} (${s} %).`,
  topDomains: (l, t) => `Meistzitierte Domains: ${l} (von ${t} Zitaten).`,
  ownCitations: (f, p) => `Die eigenen Websites der Marke erhalten ${p} % der Zitate (${f.x} von ${f.n}; 95-%-Intervall ${ci('de')(f.ci)}).`,
  noCitations: 'Die Antworten zitieren keine Quellen.',
  action: (a, p) =>
    a.kind === 'outreach'
      ? `Präsenz auf ${a.domain} aufbauen: Die KI-Modelle zitieren die Seite ${a.citations}-mal neben Wettbewerbern, nie neben der Marke (Source Insights, Lückenliste).`
      : a.kind === 'optimise'
        ? `Eine Seite für „${a.query}“ optimieren: Dort führen ${p(a.visibility)} % der KI-Modelle die Marke (Content Optimiser).`
        : a.kind === 'engine'
          ? `An ${modelName(a.modelId)} arbeiten, dem schwächsten KI-Modell (${p(a.share)} % Anteil der Nennungen): prüfen, welche Quellen es zitiert (Source Insights).`
          : `Zitierfähige Seiten auf der eigenen Domain veröffentlichen: Keines der ${a.citations} Zitate verweist darauf.`,
  interval: ci('de'),
  pct: ' %',
}

const JA: Words = {
  heading: { summary: 'エグゼクティブサマリー', standing: 'ブランドの現状', changes: '変化', engines: 'AIエンジン', competitor: '競合', sources: '情報源', actions: '推奨アクション', charts: 'グラフ', appendix: '付録：表' },
  cover: { project: 'プロジェクト', brand: 'ブランド', market: '市場', period: '期間', engines: 'AIエンジン', method: '数値の収集方法', simulated: 'シミュレーション：このインストールはデモモードで動作しており、回答は実際のAIモデルではなく内蔵のモデルシミュレーターによるものです。', real: '上記AIモデルのAPIから得た回答です。', generated: '作成日時', language: '言語' },
  charts: { share: '言及シェア', rankByEngine: 'エンジン別の平均順位（低いほど良い）', trend: '言及シェアの推移（95 %帯付き）', band: '95 %帯', sentiment: 'センチメント', sources: '引用の多いドメイン', positive: 'ポジティブ', neutral: 'ニュートラル', negative: 'ネガティブ', noTrend: '実行は1回のみ：推移は次回の実行から表示されます。' },
  method: (s, q, n) => `クエリ${q}件、クエリとエンジンごとに${s}サンプル、n = ${n}件の回答。`,
  share: (b, f, p) => `${b}のブランド言及シェアは${p}%です（n = ${f.n}件の言及、95 %区間 ${ci('ja')(f.ci)}）。`,
  visibility: (f, p) => `可視性：エンジンの${p}%がブランドを順位付けしています（${f.n}中${f.x}、95 %区間 ${ci('ja')(f.ci)}）。`,
  rank: (v, pos, s) => `平均順位は${v}${pos ? `（順位付けされたブランド中${pos}位）` : ''}${s}。`,
  noRank: (b) => `${b}を順位付けしたエンジンはありません。`,
  change: (c, p) => `${JA.since[c.since](c.fromDate)}、${JA.metric[c.metric]}は${num('ja', c.from.value)}%から${p}%に${c.delta > 0 ? '上昇' : '低下'}しました（${JA.test}、z = ${num('ja', c.z, 2)}）。`,
  noChange: (since, test) => `${since}、ノイズを超える変化はありません（${test}）。`,
  noHistory: '比較できる過去の実行はまだありません。',
  since: { previous: (d) => `前回の実行（${d}）以降`, month: (d) => `30日前（${d}の実行）以降` },
  metric: { share: '言及シェア', rankRate: 'ブランドを順位付けした回答の割合' },
  test: `2標本比率のz検定、|z| ≥ ${CHANGE_Z}`,
  strongest: (l) => `最も強いエンジン：${l}。`,
  weakest: (l) => `最も弱いエンジン：${l}。`,
  gapBehind: (r, pts, s, o) => `最大の競合${r}の言及シェアは${s}%で、ブランドの${o}%を${pts}ポイント上回っています。`,
  gapAhead: (r, pts, s, o) => `ブランドは${o}%で、最大の競合${r}（${s}%）を${pts}ポイント上回っています。`,
  topDomains: (l, t) => `最も引用されたドメイン：${l}（全${t}件の引用中）。`,
  ownCitations: (f, p) => `ブランド自身のサイトへの引用は${p}%です（${f.n}中${f.x}、95 %区間 ${ci('ja')(f.ci)}）。`,
  noCitations: '回答は情報源を引用していません。',
  action: (a, p) =>
    a.kind === 'outreach'
      ? `${a.domain}に掲載されるよう働きかける：エンジンは競合と並べて${a.citations}回引用していますが、ブランドと並べたことはありません（Source Insights、ギャップリスト）。`
      : a.kind === 'optimise'
        ? `「${a.query}」向けのページを最適化する：ブランドを順位付けしたエンジンは${p(a.visibility)}%です（Content Optimiser）。`
        : a.kind === 'engine'
          ? `最も弱いエンジン${modelName(a.modelId)}（言及シェア${p(a.share)}%）に取り組む：引用している情報源を確認する（Source Insights）。`
          : `自社ドメインに引用されやすいページを公開する：${a.citations}件の引用のうち自社サイトへのものはありません。`,
  interval: ci('ja'),
  pct: '%',
}

export const WORDS: Record<ReportLang, Words> = { en: EN, de: DE, ja: JA }

export interface SummarySection {
  heading: string
  sentences: string[]
}

/** The summary as headed paragraphs, in the report's language. */
export function summaryText(f: SummaryFacts, lang: ReportLang): SummarySection[] {
  const w = WORDS[lang]
  const p = (x: number) => num(lang, x)
  const s = f.standing
  const standing: string[] = []
  if (s.share) standing.push(w.share(f.brand, s.share, p(s.share.value)))
  if (s.visibility) standing.push(w.visibility(s.visibility, p(s.visibility.value)))
  if (s.rank) {
    const sp = s.rank.spread
    const spread = sp && sp.n > 1 ? ` (n = ${sp.n}, ${p(sp.min)}–${p(sp.max)}${sp.sd === null ? '' : `, SD ${num(lang, sp.sd, 2)}`})` : ''
    standing.push(w.rank(p(s.rank.value), s.position, spread))
  } else standing.push(w.noRank(f.brand))

  const changes: string[] = []
  for (const since of ['previous', 'month'] as const) {
    const tested = f.changes.filter((c) => c.since === since)
    if (tested.length === 0) continue
    const moved = tested.filter((c) => c.significant)
    if (moved.length) changes.push(...moved.map((c) => w.change(c, p(c.to.value))))
    else changes.push(w.noChange(w.since[since](tested[0].fromDate), w.test))
  }
  if (changes.length === 0) changes.push(w.noHistory)

  const list = (xs: { modelId: number; share: number }[]) => xs.map((e) => `${modelName(e.modelId)} (${p(e.share)}${w.pct})`).join(', ')
  const engines: string[] = []
  if (f.engines.strongest.length) engines.push(w.strongest(list(f.engines.strongest)))
  if (f.engines.weakest.length) engines.push(w.weakest(list(f.engines.weakest)))

  const competitor: string[] = []
  const g = f.competitorGap
  if (g) competitor.push((g.points > 0 ? w.gapBehind : w.gapAhead)(g.name, p(Math.abs(g.points)), p(g.share), p(g.ownShare)))

  const sources: string[] = []
  if (f.sources.total === 0) sources.push(w.noCitations)
  else {
    sources.push(w.topDomains(f.sources.top.map((d) => `${d.domain} (${p(d.share)}${w.pct})`).join(', '), f.sources.total))
    if (f.sources.own) sources.push(w.ownCitations(f.sources.own, p(f.sources.own.value)))
  }

  return [
    { heading: w.heading.standing, sentences: standing },
    { heading: w.heading.changes, sentences: changes },
    { heading: w.heading.engines, sentences: engines },
    { heading: w.heading.competitor, sentences: competitor },
    { heading: w.heading.sources, sentences: sources },
    { heading: w.heading.actions, sentences: f.actions.map((a) => w.action(a, p)) },
  ].filter((x) => x.sentences.length > 0)
}
