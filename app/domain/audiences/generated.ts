/** Generated output made fit to show: audiences and topics cleaned, and queries spread evenly over a selection of groups. */
import { MAX_QUERIES, MAX_QUERIES_LIGHT } from '../limits'
import { FIELD_LIMITS as L } from '../validation'
import { CUSTOM_TOPIC_MAX, MAX_RELEVANCE, MAX_TOPIC_QUERIES, QUERIES_PER_TOPIC, type Audience, type GeneratedQuery, type Topic } from './types'

/** Raw shape the model is asked for (see audience prompts). */
export interface RawAudiencesTopics {
  audiences?: { name?: unknown; description?: unknown; type?: unknown; topics?: unknown; characteristics?: unknown; searchBehavior?: unknown; painPoints?: unknown; decisionFactors?: unknown }[]
  topics?: { name?: unknown; relevance?: unknown }[]
}

const oneLine = (s: unknown, max: number) => {
  const t = typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : ''
  // Too long: cut at the last word boundary that fits (a single long word is cut at max).
  return t.length > max ? t.slice(0, max).replace(/\s+\S*$/, '') || t.slice(0, max) : t
}

/**
 * Generated audiences and topics as the screen shows them: blank and duplicate (case-insensitive) names
 * dropped, topic names cut to 30 characters, relevance rounded into 0–10, topics sorted by relevance
 * (ties keep the model's order), need-based audiences first, ids `aud-n` / `topic-n`, and each topic
 * linked to the audiences that named it.
 */
export function cleanAudiencesTopics(raw: RawAudiencesTopics): { audiences: Audience[]; topics: Topic[] } {
  const topics: Topic[] = []
  const topicByName = new Map<string, Topic>()
  for (const t of Array.isArray(raw.topics) ? raw.topics : []) {
    const name = oneLine(t?.name, CUSTOM_TOPIC_MAX)
    if (!name || topicByName.has(name.toLowerCase())) continue
    const r = t?.relevance === null || t?.relevance === undefined || t?.relevance === '' ? Number.NaN : Number(t.relevance)
    const topic: Topic = { id: '', name, relevance: Number.isFinite(r) ? Math.max(0, Math.min(MAX_RELEVANCE, Math.round(r))) : 5, audienceIds: [] }
    topicByName.set(name.toLowerCase(), topic)
    topics.push(topic)
  }
  topics.sort((a, b) => b.relevance - a.relevance)
  topics.forEach((t, i) => (t.id = `topic-${i + 1}`))

  const seen = new Set<string>()
  const kept: Omit<Audience, 'id'>[] = []
  for (const a of Array.isArray(raw.audiences) ? raw.audiences : []) {
    const name = oneLine(a?.name, L.query)
    if (!name || seen.has(name.toLowerCase())) continue
    seen.add(name.toLowerCase())
    const named = Array.isArray(a.topics) ? a.topics : []
    kept.push({
      name,
      description: oneLine(a.description, L.detail),
      type: a.type === 'demographic' ? 'demographic' : 'need-based',
      topics: [...new Set(named.map((n) => topicByName.get(oneLine(n, CUSTOM_TOPIC_MAX).toLowerCase())?.id).filter((x): x is string => Boolean(x)))],
      characteristics: oneLine(a.characteristics, L.detail),
      searchBehavior: oneLine(a.searchBehavior, L.detail),
      painPoints: oneLine(a.painPoints, L.detail),
      decisionFactors: oneLine(a.decisionFactors, L.detail),
    })
  }
  const ordered = [...kept.filter((a) => a.type === 'need-based'), ...kept.filter((a) => a.type === 'demographic')]
  const audiences = ordered.map((a, i) => ({ id: `aud-${i + 1}`, ...a }))
  for (const a of audiences) for (const t of a.topics) topics.find((x) => x.id === t)?.audienceIds.push(a.id)
  return { audiences, topics }
}

/** How many queries each of `n` groups gets out of `total`: as equal as possible, the first groups get the remainder. */
export function spreadEvenly(total: number, n: number): number[] {
  if (n <= 0) return []
  const base = Math.floor(Math.max(0, total) / n)
  const extra = Math.max(0, total) - base * n
  return Array.from({ length: n }, (_, i) => base + (i < extra ? 1 : 0))
}

/** Queries wanted for a selection of audiences: 40 (20 in Light Mode), spread evenly (generated lists cut to 40 / 20). */
export const audienceQueryTotal = (isLightMode: boolean) => (isLightMode ? MAX_QUERIES_LIGHT : MAX_QUERIES)

/** Queries wanted for selected topics: 5 per topic, at most maxQueries (50), 20 in Light Mode. */
export const topicQueryTotal = (topics: number, maxQueries: number, isLightMode: boolean) =>
  Math.min(topics * QUERIES_PER_TOPIC, maxQueries, MAX_TOPIC_QUERIES, isLightMode ? MAX_QUERIES_LIGHT : MAX_TOPIC_QUERIES)

/** One group of a query request: an audience or a topic, with the label the model tags its queries with. */
export interface QueryGroup {
  key: string
  count: number
  topic: string | null
  audience: string | null
  audienceContext: string | null
  /** Topic names the model may tag an audience's queries with. */
  topicChoices?: string[]
  /** A topic's connected audiences: its queries take them in turn (audience and context), overriding `audience`. */
  rotate?: { audience: string; audienceContext: string }[]
}

/** audienceContext: 'audience name: ...'. */
export const audienceContextOf = (a: Pick<Audience, 'name' | 'description'>) => oneLine(`${a.name}: ${a.description || a.name}`, L.detail)

/**
 * The query list from the model's tagged queries: trimmed, de-duplicated (case-insensitively), each group
 * given its share (`count`); a group the model under-served is topped up from other groups' extras, so the
 * list reaches `total` when the model wrote enough distinct queries. Grouped in selection order.
 */
export function assembleQueries(raw: { query?: unknown; group?: unknown; topic?: unknown }[], groups: QueryGroup[], total: number): GeneratedQuery[] {
  const seen = new Set<string>()
  const byGroup = new Map<string, { query: string; topic: string | null }[]>(groups.map((g) => [g.key, []]))
  const orphans: { query: string; topic: string | null }[] = []
  for (const r of Array.isArray(raw) ? raw : []) {
    const query = oneLine(r?.query, L.query)
    if (!query || seen.has(query.toLowerCase())) continue
    seen.add(query.toLowerCase())
    const g = groups.find((x) => x.key === oneLine(r.group, 100))
    const taggedTopic = oneLine(r.topic, CUSTOM_TOPIC_MAX)
    const topic = g?.topic ?? (g?.topicChoices?.find((t) => t.toLowerCase() === taggedTopic.toLowerCase()) ?? null)
    ;(g ? byGroup.get(g.key)! : orphans).push({ query, topic })
  }
  const chosen = groups.map((g) => byGroup.get(g.key)!.slice(0, g.count))
  // Top up: extras of every group (round robin), then untagged queries, until total is reached.
  const extras = groups.map((g) => byGroup.get(g.key)!.slice(g.count))
  let have = chosen.reduce((n, c) => n + c.length, 0)
  for (let round = 0; have < total && extras.some((e) => e.length > round); round++) {
    for (let i = 0; i < groups.length && have < total; i++) {
      const q = extras[i][round]
      if (q) {
        chosen[i].push(q)
        have++
      }
    }
  }
  const out: GeneratedQuery[] = []
  groups.forEach((g, i) => {
    chosen[i].forEach((q, k) => {
      const who = g.rotate?.length ? g.rotate[k % g.rotate.length] : { audience: g.audience, audienceContext: g.audienceContext }
      out.push({ query: q.query, topic: q.topic, audience: who.audience, audienceContext: who.audienceContext })
    })
  })
  for (const q of orphans) if (out.length < total) out.push({ query: q.query, topic: null, audience: null, audienceContext: null })
  return out.slice(0, total)
}
