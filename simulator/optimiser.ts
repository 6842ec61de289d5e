/**
 * The simulator's answers to the content optimiser: embeddings whose cosine similarity follows the words two
 * texts share, and each pillar's structured reply worked out from the content itself (its headings, images,
 * tables, dates, outbound links, lists and the prompt's words), never at random.
 */
import { countContent, countWords, chunkContent } from '../app/domain/optimiser/chunks'
import { INTENT_TYPES, PILLARS, PILLAR_LABELS } from '../app/domain/optimiser/constants'
import { parseOptimiserPrompt, type OptimiserPromptInput } from '../app/domain/optimiser/prompts'
import type { ReplyOf } from '../app/domain/optimiser/schemas'
import type { CrawlFact } from '../app/domain/optimiser/types'
import { bylineOf, contentTerms, guessLanguage } from '../app/domain/optimiser/words'
import { hasCue, phrase, phraseLanguage, wordingsOf } from './optimiser-phrases'

const DIMENSIONS = 256
/** How many of a text's most frequent terms make its topic. */
const TOPIC_TERMS = 12

/** Content terms in the text's language (stop words dropped, Snowball stems: words.ts). */
export function terms(text: string, language?: string): string[] {
  return contentTerms(text, language)
}

function hash(s: string, salt: string): number {
  let h = 2166136261
  for (const ch of salt + s) {
    h ^= ch.codePointAt(0)!
    h = Math.imul(h, 16777619)
  }
  return h >>> 0
}

/**
 * A topic vector: the text's most frequent terms (up to TOPIC_TERMS, weighted by the square root of their
 * count, each in two buckets so collisions matter less), plus a part shared by every text of the same
 * language, as real embeddings place any two texts of one language some way apart but not orthogonal.
 * So the cosine of two texts follows the words they share, whatever their lengths: a short prompt and a
 * long on-topic section score high (about 0.7-0.9), an off-topic one low (about 0.25). L2-normalised.
 */
export function embedText(text: string, provider: 'openai' | 'gemini', dimensions = DIMENSIONS): number[] {
  const language = guessLanguage(text)
  const counts = new Map<string, number>()
  for (const t of terms(text, language)) counts.set(t, (counts.get(t) ?? 0) + 1)
  const topic = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, TOPIC_TERMS)
  const v = new Array<number>(dimensions).fill(0)
  for (const [t, n] of topic) {
    v[hash(t, provider) % dimensions] += Math.sqrt(n)
    v[hash(t, provider + '2') % dimensions] += Math.sqrt(n) / 2
  }
  const topicNorm = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1
  const scaled = v.map((x) => (x / topicNorm) * 0.85)
  scaled[hash(language, 'language') % dimensions] += 0.5
  const norm = Math.sqrt(scaled.reduce((s, x) => s + x * x, 0)) || 1
  return scaled.map((x) => Math.round((x / norm) * 1e6) / 1e6)
}

/** OpenAI /v1/embeddings reply (float or base64 as the SDK asks). */
export function openaiEmbeddings(body: Record<string, unknown>) {
  const input = Array.isArray(body.input) ? body.input.map(String) : [String(body.input ?? '')]
  const base64 = body.encoding_format === 'base64'
  const dims = typeof body.dimensions === 'number' ? body.dimensions : DIMENSIONS
  return {
    object: 'list',
    data: input.map((text, index) => {
      const v = embedText(text, 'openai', dims)
      return { object: 'embedding', index, embedding: base64 ? Buffer.from(new Float32Array(v).buffer).toString('base64') : v }
    }),
    model: String(body.model ?? 'text-embedding-3-small'),
    usage: { prompt_tokens: input.reduce((s, t) => s + Math.ceil(t.length / 4), 0), total_tokens: input.reduce((s, t) => s + Math.ceil(t.length / 4), 0) },
  }
}

const partsText = (c: unknown) => {
  const parts = (c as { parts?: { text?: string }[] } | undefined)?.parts ?? []
  return parts.map((p) => p.text ?? '').join('')
}

/** Gemini batchEmbedContents / embedContent replies. */
export function geminiEmbeddings(body: Record<string, unknown>, batch: boolean) {
  if (!batch) return { embedding: { values: embedText(partsText(body.content), 'gemini') } }
  const requests = Array.isArray(body.requests) ? body.requests : []
  return { embeddings: requests.map((r) => ({ values: embedText(partsText((r as { content?: unknown }).content), 'gemini') })) }
}

// ---------------------------------------------------------------------------- pillar replies

const r1 = (n: number) => Math.round(Math.min(10, Math.max(0, n)) * 10) / 10
const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0)

/** Which of the prompt's content words the text has, by stem; missing ones named as the prompt writes them. */
function coverage(prompt: string, text: string, language?: string) {
  const surface = new Map<string, string>()
  for (const word of prompt.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const ts = terms(word, language)
    // A run the segmenter splits (a Japanese sentence has no spaces) does not name one of its terms.
    if (ts.length === 1 && !surface.has(ts[0])) surface.set(ts[0], word)
  }
  // Words the segmenter splits further (Japanese) are kept as their terms.
  for (const t of terms(prompt, language)) if (!surface.has(t)) surface.set(t, t)
  const want = [...surface.keys()]
  const have = new Set(terms(text, language))
  const found = want.filter((t) => have.has(t))
  return { want, found, missing: want.filter((t) => !have.has(t)).map((t) => surface.get(t)!), ratio: want.length ? found.length / want.length : 0 }
}

/** The advice's words in the request's language (optimiser-phrases.ts): say(english, vars), quote(word), both(a, b). */
function wordsFor(language: string) {
  const lang = phraseLanguage(language)
  const say = (english: string, vars?: Record<string, string | number>) => phrase(lang, english, vars)
  const quote = (t: string) => say('"{t}"', { t })
  return { lang, say, quote, both: (a: string, b: string) => say('{a} and {b}', { a, b }), list: (xs: string[]) => xs.join(lang === 'ja' ? '、' : ', ') }
}

const headingsOf = (content: string) => content.split('\n').flatMap((l) => /^#{1,6}\s+(.+)$/.exec(l.trim())?.[1] ?? [])
/** A byline in any setup language, or a schema.org author the extraction wrote into the content. */
const hasAuthor = (c: string) => bylineOf(c) !== null

function relevance(p: OptimiserPromptInput): ReplyOf<'relevance'> {
  const { say, quote, both, list } = wordsFor(p.language)
  const chunks = (p.chunks ?? []).map((c) => {
    const cov = coverage(p.targetPrompt, c.text, p.language)
    const score = r1(1 + 9 * cov.ratio)
    const recs = cov.missing.length ? [say('Mention {terms} where this section answers the question.', { terms: list(cov.missing.slice(0, 3).map(quote)) })] : []
    if (countWords(c.text) < 40) recs.push(say('Expand this section into a self-contained answer of 60-120 words.'))
    if (score < 6) recs.push(say('Open the section with one sentence that answers the prompt directly.'))
    return { id: c.id, geminiScore: score, recommendations: recs.slice(0, 3) }
  })
  const whole = coverage(p.targetPrompt, p.content, p.language)
  return {
    chunks,
    overallAnalysis: {
      summary: say('{found} of {want} key terms of the prompt appear in the page; {close} of {sections} sections answer it closely.', { found: whole.found.length, want: whole.want.length, close: chunks.filter((c) => c.geminiScore >= 7).length, sections: chunks.length }),
      gapCoverage: Math.round(whole.ratio * 100),
      missingOpportunities: whole.missing.map((t) => say('Cover {term}, which the prompt asks about.', { term: quote(t) })).slice(0, 5),
      nextSteps: [say('Add a short direct answer at the top of the page.'), ...(whole.missing.length ? [say('Add a section on {topics}.', { topics: whole.missing.length > 1 ? both(quote(whole.missing[0]), quote(whole.missing[1])) : quote(whole.missing[0]) })] : [])],
    },
  }
}

/** A summary line at the top, in any phrasebook language (the optimised page writes "In short:" in its own). */
const SUMMARY_CUE = new RegExp(`(${['in short', 'summary', 'tl;dr', ...wordingsOf('In short:').map((w) => w.replace(/\s*:$/, '')), ...wordingsOf('Key takeaways')].map((w) => w.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'iu')

function synthesis(p: OptimiserPromptInput): ReplyOf<'synthesis'> {
  const { say } = wordsFor(p.language)
  const c = countContent(p.content)
  const chunks = chunkContent(p.content)
  const first = chunks[0]?.text ?? ''
  const checks = {
    hasDirectSummaries: coverage(p.targetPrompt, first, p.language).ratio >= 0.5 || SUMMARY_CUE.test(p.content),
    hasLogicalHeadings: c.headings >= 2,
    hasSelfContainedSections: chunks.length > 1 && chunks.filter((k) => k.wordCount >= 40).length >= chunks.length / 2,
    hasStructuredData: c.tables > 0 || c.lists > 0,
  }
  const passed = Object.values(checks).filter(Boolean).length
  const sentences = p.content.split(/[.!?]+\s/).filter((s) => s.trim())
  const avgSentence = sentences.length ? c.words / sentences.length : c.words
  const clarity = r1(avgSentence <= 20 ? 8 : avgSentence <= 28 ? 6 : 4)
  return {
    overallScore: r1(2 + passed * 2),
    readiness: say(passed >= 3 ? 'Ready for AI synthesis' : passed >= 2 ? 'Partly ready for AI synthesis' : 'Not ready for AI synthesis'),
    ...checks,
    clarityScore: clarity,
    strengths: [checks.hasLogicalHeadings && say('{n} headings give the page a clear outline.', { n: c.headings }), checks.hasStructuredData && say('Lists or tables make facts easy to lift.')].filter((x): x is string => !!x),
    areasForImprovement: [!checks.hasDirectSummaries && 'No direct answer near the top.', !checks.hasSelfContainedSections && 'Sections depend on each other.', !checks.hasStructuredData && 'No list or table.'].filter((x): x is string => !!x).map((x) => say(x)),
    recommendations: [!checks.hasDirectSummaries && 'Start with a two-sentence answer to the prompt.', !checks.hasLogicalHeadings && 'Break the page into sections with descriptive headings.', !checks.hasStructuredData && 'Put key facts in a bulleted list or a comparison table.'].filter((x): x is string => !!x).map((x) => say(x)),
  }
}

function citationScores(text: string, prompt: string, language: string) {
  const c = countContent(text)
  const numbers = (text.match(/\b\d+(?:[.,]\d+)?%?/g) ?? []).length
  return {
    factualAccuracy: r1(4 + Math.min(4, numbers / 2)),
    authoritativeReferences: r1(2 + 2 * c.outboundLinks),
    eeatSignals: r1(hasAuthor(text) ? 7 : 3),
    freshness: r1(c.dates > 0 ? 7 : 3),
    originality: r1(4 + 4 * coverage(prompt, text, language).ratio),
    clearExtraction: r1(3 + Math.min(5, c.headings + c.lists + c.tables)),
  }
}

function citation(p: OptimiserPromptInput): ReplyOf<'citation'> {
  const { say } = wordsFor(p.language)
  const s = citationScores(p.content, p.targetPrompt, p.language)
  const c = countContent(p.content)
  const missing = (text: string) => {
    const k = countContent(text)
    return [k.outboundLinks === 0 && 'source link', k.dates === 0 && 'date', !/\d/.test(text) && 'figures'].filter((x): x is string => !!x).map((x) => say(x))
  }
  const chunks = (p.chunks ?? []).map((k) => ({ id: k.id, ...citationScores(k.text, p.targetPrompt, p.language), missingElements: missing(k.text) }))
  const overall = r1(mean(Object.values(s)))
  return {
    overallScore: overall,
    ...s,
    qualityIndicators: { hasAuthorInfo: hasAuthor(p.content), hasPublicationDates: c.dates > 0, hasReferences: c.outboundLinks > 0, hasStructuredData: c.tables > 0, hasUniqueInsights: s.originality >= 6 },
    strengths: [c.outboundLinks > 0 && say('{n} outbound reference(s).', { n: c.outboundLinks }), c.dates > 0 && say('Dated content.')].filter((x): x is string => !!x),
    weaknesses: [c.outboundLinks === 0 && 'No references to other sources.', !hasAuthor(p.content) && 'No named author.', c.dates === 0 && 'No publication or update date.'].filter((x): x is string => !!x).map((x) => say(x)),
    recommendations: [c.outboundLinks === 0 && 'Cite two or three authoritative sources with links.', !hasAuthor(p.content) && 'Add an author line with credentials.', c.dates === 0 && 'Show the publication and last-updated dates.'].filter((x): x is string => !!x).map((x) => say(x)),
    gapScore: r1(10 - overall),
    chunks,
    commonMissingElements: [...new Set(chunks.flatMap((k) => k.missingElements))],
    globalImprovements: ['Attribute statistics to their source.', 'Add a short methodology note.'].map((x) => say(x)),
    recommendedSources: ['Government or regulator statistics', 'Peer-reviewed studies', 'Recognised industry bodies'].map((x) => say(x)),
  }
}

function breadthDepth(p: OptimiserPromptInput): ReplyOf<'breadthDepth'> {
  const { say, quote } = wordsFor(p.language)
  const c = countContent(p.content)
  const cov = coverage(p.targetPrompt, p.content, p.language)
  const heads = headingsOf(p.content)
  const sections = chunkContent(p.content).map((k) => k.wordCount)
  const spread = sections.length > 1 ? Math.max(...sections) / Math.max(1, Math.min(...sections)) : 1
  const scores = { coverage: r1(2 + 8 * cov.ratio), depth: r1(Math.min(10, c.words / 150)), structure: r1(2 + Math.min(8, c.headings * 1.5)), semantic: r1(3 + Math.min(7, new Set(terms(p.content, p.language)).size / 40)), balance: r1(spread <= 2 ? 8 : spread <= 4 ? 6 : 4) }
  return {
    overallScore: r1(mean(Object.values(scores))),
    ...scores,
    coveredTopics: heads.slice(0, 10),
    missingTopics: cov.missing.slice(0, 6),
    strengths: [c.words >= 800 && say('{n} words give room for depth.', { n: c.words }), c.headings >= 3 && say('Several sections cover different angles.')].filter((x): x is string => !!x),
    contentGaps: cov.missing.map((t) => say('Nothing on {term}.', { term: quote(t) })).slice(0, 5),
    structuralIssues: [c.headings < 2 && 'Too few headings for the length.', spread > 4 && 'Sections are very uneven in length.'].filter((x): x is string => !!x).map((x) => say(x)),
    recommendations: [c.words < 600 && say('Expand the page to cover the question in depth (600+ words).'), ...cov.missing.slice(0, 2).map((t) => say('Add a section on {topics}.', { topics: quote(t) }))].filter((x): x is string => !!x),
  }
}

function multiModal(p: OptimiserPromptInput): ReplyOf<'multiModal'> {
  const c = countContent(p.content)
  const altRatio = c.images ? c.imagesWithAlt / c.images : 0
  const kinds = [c.images > 0, c.videos > 0, c.tables > 0, c.lists > 0].filter(Boolean).length
  const scores = {
    crawlability: r1(c.images ? 4 + 6 * altRatio : 3),
    context: r1(c.images ? 5 + 3 * altRatio : 2),
    markup: r1(c.tables ? 7 : 3),
    dataReadability: r1(2 + 3 * c.tables + c.lists),
    relevance: r1(c.images + c.tables ? 6 : 2),
    integration: r1(Math.min(10, 2 + 2 * (c.images + c.tables + c.videos))),
    variety: r1(2 + 2 * kinds),
  }
  const { say, quote } = wordsFor(p.language)
  const proposals: ReplyOf<'multiModal'>['proposedEnhancements'] = []
  if (c.tables === 0) proposals.push({ type: 'table', content: say('A comparison table of the options the page discusses for {prompt}', { prompt: quote(p.targetPrompt) }), metadata: { altText: '', caption: say('Comparison at a glance'), placement: say('After the introduction') } })
  if (c.images === 0) proposals.push({ type: 'image', content: say('A labelled photo or diagram of the main subject'), metadata: { altText: say('Illustration for {prompt}', { prompt: p.targetPrompt }), caption: say('What to look for'), placement: say('Beside the first section') } })
  if (c.videos === 0) proposals.push({ type: 'video', content: say('A two-minute explainer video with a transcript'), metadata: { altText: '', caption: say('Watch: the short answer'), placement: say('Before the conclusion') } })
  return {
    overallScore: r1(mean(Object.values(scores))),
    ...scores,
    existingMedia: { images: c.images, videos: c.videos, tables: c.tables, charts: 0, other: 0 },
    strengths: [c.images > 0 && say('{n} image(s), {alt} with alt text.', { n: c.images, alt: c.imagesWithAlt }), c.tables > 0 && say('{n} table(s).', { n: c.tables })].filter((x): x is string => !!x),
    weaknesses: [c.images === 0 && say('No images.'), c.images > c.imagesWithAlt && say('{n} image(s) without alt text.', { n: c.images - c.imagesWithAlt }), c.tables === 0 && say('No tables.')].filter((x): x is string => !!x),
    proposedEnhancements: proposals,
    recommendations: proposals.map((e) => say(e.type === 'image' ? 'Add an image: {content}.' : e.type === 'video' ? 'Add a video: {content}.' : 'Add a table: {content}.', { content: e.content })),
  }
}

const INTENT_CUES: Record<(typeof INTENT_TYPES)[number], RegExp> = {
  informational: /\b(what|how|why|guide|explained?|means?)\b/i,
  comparative: /\b(vs\.?|versus|compare[ds]?|comparison|better|best|top)\b/i,
  transactional: /\b(buy|price[ds]?|cost|£|\$|€|deal|shop|order)\b/i,
  navigational: /\]\(https?:\/\//,
  inspirational: /\b(ideas?|inspir\w*|tips?|examples?)\b/i,
}

function personalisation(p: OptimiserPromptInput): ReplyOf<'personalisation'> {
  const { lang, say, quote, list } = wordsFor(p.language)
  // English keeps its plain intent names ("Serves comparative intent."); the others quote a translated noun.
  const intent = (t: string) => (lang ? quote(say(t)) : t)
  const serves = (t: (typeof INTENT_TYPES)[number]) => INTENT_CUES[t].test(p.content) || (t !== 'navigational' && hasCue(lang, t, p.content))
  const coverageList = INTENT_TYPES.map((t) => ({ intentType: t, covered: serves(t), notes: say(serves(t) ? 'The page has content for this intent.' : 'Nothing for this intent yet.') }))
  const covered = coverageList.filter((i) => i.covered).length
  const personas = [
    { persona: say('Beginner'), coverage: /\b(beginner|new to|first[- ]time|start)/i.test(p.content) || hasCue(lang, 'beginner', p.content) ? 'Yes' : 'No' },
    { persona: say('Expert'), coverage: countContent(p.content).tables > 0 || /\b(advanced|expert|specification)/i.test(p.content) || hasCue(lang, 'expert', p.content) ? 'Partial' : 'No' },
    { persona: say('Budget-conscious buyer'), coverage: serves('transactional') ? 'Yes' : 'No' },
  ] as ReplyOf<'personalisation'>['personaCoverage']
  const missing = coverageList.filter((i) => !i.covered).map((i) => i.intentType)
  return {
    resilienceScore: r1(3 + 1.4 * covered),
    multiIntentScore: r1(2 * covered),
    intentCoverage: coverageList,
    personaCoverage: personas,
    strengths: coverageList.filter((i) => i.covered).map((i) => say('Serves {intent} intent.', { intent: intent(i.intentType) })),
    weaknesses: missing.map((t) => say('Does not serve {intent} intent.', { intent: intent(t) })),
    recommendations: missing.slice(0, 3).map((t) => say('Add a section for {intent} searches.', { intent: intent(t) })),
    expansionPlan: missing.length ? [{ title: say('Cover {intent} intent', { intent: list(missing.map(intent)) }), intentTypes: missing, targetPersonas: personas.filter((x) => x.coverage !== 'Yes').map((x) => x.persona), keyPoints: missing.map((t) => say('Answer a typical {intent} question', { intent: intent(t) })), engagementFeatures: [say('FAQ block'), say('Comparison table')] }] : [],
  }
}

/** The product's crawl check labels (activities/optimiser-extract.ts) that the phrasebook translates. */
const CRAWL_LABELS = new Set(['robots.txt lets AI crawlers in', 'No noindex in meta robots or X-Robots-Tag', 'Canonical present and self-referencing', 'Structured data present and parseable', 'Text present in the server HTML', 'One H1 and no skipped heading levels'])

function crawlability(p: OptimiserPromptInput): ReplyOf<'crawlability'> {
  const facts = (Array.isArray(p.data) ? p.data : []) as CrawlFact[]
  const st = (id: CrawlFact['id']) => facts.find((f) => f.id === id)?.status ?? 'n/a'
  const sc = (id: CrawlFact['id'], pass: number, fail: number, na = 6) => (st(id) === 'pass' ? pass : st(id) === 'fail' ? fail : na)
  const c = countContent(p.content)
  const scores = {
    aiCrawlerAccess: sc('robots-ai-crawlers', 10, 2),
    renderingAccessibility: sc('server-text', 9, 2, 7),
    metaTagSignals: sc('meta-robots', 9, 1),
    canonicalisation: sc('canonical', 9, 3, 5),
    internalLinking: r1(3 + Math.min(6, c.outboundLinks)),
    structuredHTML: r1(sc('heading-structure', 8, 4) + (st('structured-data') === 'pass' ? 2 : 0)),
    botSpecificOptimization: sc('robots-ai-crawlers', 7, 2, 5),
  }
  const failed = facts.filter((f) => f.status === 'fail')
  const { lang, say } = wordsFor(p.language)
  // The product's check labels are English; a known label is translated, an unknown one kept as measured.
  const label = (f: CrawlFact) => (lang && CRAWL_LABELS.has(f.label) ? say(f.label) : f.label)
  return {
    overallScore: r1(mean(Object.values(scores))),
    ...scores,
    botAccessPlan: {
      botsToAllow: ['GPTBot', 'ClaudeBot', 'PerplexityBot', 'Google-Extended'],
      renderingApproach: say(st('server-text') === 'fail' ? 'Render the main text on the server; do not wait for JavaScript.' : 'Keep the main text in the server HTML.'),
      metaCanonicalFixes: [st('canonical') === 'fail' && 'Add a self-referencing canonical link.', st('meta-robots') === 'fail' && 'Remove noindex for pages meant to be cited.'].filter((x): x is string => !!x).map((x) => say(x)),
      structureMarkupImprovements: [st('structured-data') !== 'pass' && 'Add Article or FAQPage JSON-LD.', st('heading-structure') === 'fail' && 'Use one H1 and do not skip heading levels.'].filter((x): x is string => !!x).map((x) => say(x)),
    },
    strengths: facts.filter((f) => f.status === 'pass').map((f) => `${label(f)}.`),
    // The measured evidence is English text of the product's, so other languages say which check failed.
    weaknesses: failed.map((f) => (lang ? say('Not met: {label}.', { label: label(f) }) : `${f.label}: ${f.evidence}.`)),
    recommendations: failed.map((f) => say('Fix: {label}.', { label: lang ? label(f) : f.label.toLowerCase() })),
  }
}

/**
 * Two critical actions per pillar: the pillar's own recommendations first (they were worked out from the page),
 * then defaults that never ask for what the page has (a table, an author line) when the content is known.
 */
function actionsFor(scores: Record<string, number | null | undefined>, recommendations: string[], content: string, language: string): ReplyOf<'summary'>['criticalActions'] {
  const { say } = wordsFor(language)
  const known = content.trim().length > 0
  const c = countContent(content)
  const authored = hasAuthor(content)
  const ACTIONS: Record<(typeof PILLARS)[number], string[]> = {
    relevance: ['Answer the prompt in the first paragraph.', 'Use the words of the prompt in headings.'],
    synthesis: ['Add a summary box of key takeaways.', 'Make each section readable on its own.'],
    citation: ['Cite authoritative sources with links.', known && authored && c.dates > 0 ? 'Attribute every figure to its source.' : 'Add an author line and the last-updated date.'],
    breadthDepth: ['Cover the missing sub-topics.', 'Deepen thin sections with examples and figures.'],
    multiModal: [known && c.tables > 0 ? 'Add a chart or a short video for the key figures.' : 'Add a comparison table.', 'Give every image descriptive alt text.'],
    personalisation: ['Add sections for the intents not yet served.', 'Address beginners and experts separately.'],
    crawlability: ['Allow AI crawlers in robots.txt.', 'Add JSON-LD structured data and a canonical link.'],
  }
  return PILLARS.map((p) => {
    const own = recommendations.flatMap((r) => (r.startsWith(`[${PILLAR_LABELS[p]}] `) ? [r.slice(PILLAR_LABELS[p].length + 3)] : []))
    const actions = [...new Set([...own, ...ACTIONS[p].map((a) => say(a))])].slice(0, 2)
    return { pillar: PILLAR_LABELS[p], actions, impact: say((scores[p] ?? 0) < 5 ? 'High' : (scores[p] ?? 0) < 7 ? 'Medium' : 'Low') }
  })
}

function summary(p: OptimiserPromptInput): ReplyOf<'summary'> {
  const { say } = wordsFor(p.language)
  const data = (p.data ?? {}) as { scores?: Record<string, number | null>; recommendations?: string[] }
  const scores = data.scores ?? {}
  const byLabel = new Map(PILLARS.map((k) => [PILLAR_LABELS[k], k]))
  // '[Pillar] text' from the pillars; the weakest pillars' recommendations come first.
  const recs = [...new Set(data.recommendations ?? [])].map((r) => {
    const m = /^\[([^\]]+)\]\s*(.*)$/.exec(r)
    const pillar = m ? byLabel.get(m[1]) : undefined
    return { category: m?.[1] ?? say('General'), text: m ? m[2] : r, score: pillar ? (scores[pillar] ?? 10) : 10 }
  })
  recs.sort((a, b) => a.score - b.score)
  return {
    summarizedRecommendations: recs.slice(0, 12).map((r) => ({
      category: r.category,
      priority: r.score < 5 ? 'high' : r.score < 7 ? 'medium' : 'low',
      recommendation: r.text,
      impact: say(r.score < 5 ? 'Likely to raise how often AI answers cite the page.' : 'Improves how answers quote the page.'),
    })),
    criticalActions: actionsFor(scores, data.recommendations ?? [], p.content, p.language),
  }
}

function optimise(p: OptimiserPromptInput): ReplyOf<'optimise'> {
  const { lang, say } = wordsFor(p.language)
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  const inline = (s: string) => esc(s).replace(/!\[([^\]]*)\]\(([^)]*)\)/g, '<img src="$2" alt="$1">').replace(/\[([^\]]+)\]\((https?:[^)]+)\)/g, '<a href="$2">$1</a>')
  const html: string[] = []
  const recs = p.recommendations ?? []
  let first = true
  for (const block of p.content.split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean)) {
    const h = /^(#{1,6})\s+(.+)$/.exec(block)
    if (h) html.push(`<h${h[1].length}>${inline(h[2])}</h${h[1].length}>`)
    else if (/^[-*]\s/.test(block)) html.push(`<ul>${block.split('\n').map((l) => `<li>${inline(l.replace(/^[-*]\s+/, ''))}</li>`).join('')}</ul>`)
    else if (block.startsWith('|')) html.push(`<table>${block.split('\n').filter((l) => !/^\|\s*-/.test(l)).map((l) => `<tr>${l.split('|').slice(1, -1).map((c) => `<td>${inline(c.trim())}</td>`).join('')}</tr>`).join('')}</table>`)
    else html.push(`<p>${inline(block)}</p>`)
    if (first && h) {
      html.push(`<p><strong>${say('In short:')}</strong> ${esc(say('{prompt}: the answer, with the key facts, follows below.', { prompt: p.targetPrompt }))}</p>`)
      first = false
    }
  }
  if (recs.length) html.push(`<h2>${say('Key takeaways')}</h2><ul>${recs.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>`)
  if (p.customRequirements) html.push(`<p><em>${esc(p.customRequirements)}</em></p>`)
  return {
    optimisedContent: html.join('\n'),
    // A language without a phrasebook is named, so the English fallback says which language was asked for.
    improvementSummary: say('Applied {n} recommendation(s): added a direct answer under the title and a key-takeaways list.', { n: recs.length }).replace(/\.$/, !lang && !p.language.startsWith('en') ? ` (language ${p.language}).` : '.'),
    appliedOptimisations: recs.length ? recs : [say('Added a direct answer')],
  }
}

/**
 * Fault 'invalid-reply', asked for in the target prompt: `[sim:invalid-reply=citation]` (tasks comma-separated).
 * The named tasks are answered, on every attempt, with JSON that has every field the JSON schema requires and of
 * the right types, so it passes the gateway's structural check, but with the wrong values the zod schema refuses:
 * scores on a 0-100 scale instead of 0-10, and three critical actions per pillar instead of two. It drives the
 * activity's zod check, Temporal's retries and the pillar's failure end to end. (A per-request fault list lives
 * in server.ts; this one rides in the prompt because the reply is worked out from the prompt alone.)
 */
const INVALID_REPLY = /\[sim:invalid-reply=([\w,]+)\]/

export function invalidReplyTasks(targetPrompt: string): string[] {
  return INVALID_REPLY.exec(targetPrompt)?.[1].split(',').filter(Boolean) ?? []
}

function breakReply(value: unknown, key = ''): unknown {
  if (typeof value === 'number') return Math.round(value * 10) + 11
  if (Array.isArray(value)) return key === 'actions' ? [...value, 'Do one more thing.'] : value.map((v) => breakReply(v))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, breakReply(v, k)]))
  return value
}

/** The reply to an optimiser prompt, or undefined when the text is not one. */
export function optimiserReply(text: string): unknown {
  const p = parseOptimiserPrompt(text)
  if (!p) return undefined
  const reply = answerTask(p)
  return invalidReplyTasks(p.targetPrompt).includes(p.task) ? breakReply(reply) : reply
}

function answerTask(p: OptimiserPromptInput): unknown {
  switch (p.task) {
    case 'relevance': return relevance(p)
    case 'synthesis': return synthesis(p)
    case 'citation': return citation(p)
    case 'breadthDepth': return breadthDepth(p)
    case 'multiModal': return multiModal(p)
    case 'personalisation': return personalisation(p)
    case 'crawlability': return crawlability(p)
    case 'summary': return summary(p)
    case 'criticalActions': {
      const data = (p.data ?? {}) as { scores?: Record<string, number>; recommendations?: string[] }
      return { criticalActions: actionsFor(data.scores ?? {}, data.recommendations ?? [], p.content, p.language) }
    }
    case 'optimise': return optimise(p)
  }
}
