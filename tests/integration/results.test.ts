/**
 * Results screens and share links over the real stack: every tab of a small analysis whose
 * figures were worked out by hand (tests/support/hand-worked-analysis.ts), read as the
 * browser reads them (the home route's loader JSON); the loader's choice of analysis, export
 * links (signed out, only their analysis, expiry after 30 days) and access control on a
 * simulator-run analysis.
 */
import { testEnv } from '../support/env'
import { Session, signUp, sql } from '../support/flows'
import { EVIL, QUERIES as RUN_QUERIES, runResultsAnalysis } from '../support/results-fixtures'
import {
  ANSWER_FIGURES, ANSWERS, BRAND_RANK, CHATGPT_ONLY, CLAUDE_ONLY, DURABILITY_ONLY, MENTIONS, OVERVIEW, QUERIES, QUERY_RANK, resultsJson,
  seedHandWorkedAnalysis, SENTIMENT, SENTIMENT_DETAIL, SHARE, TOPICS, type HandWorkedAnalysis,
} from '../support/hand-worked-analysis'

async function loader() {
  process.env.DATABASE_URL ??= testEnv().databaseUrl
  const [{ loadResultsView }, { getUserById }] = await Promise.all([import('../../app/lib/results.server'), import('../../app/lib/auth.server')])
  return { loadResultsView, getUserById }
}

let owner: Session & { userId: number }
let project: any
let analysis: any
let hw: HandWorkedAnalysis

beforeAll(async () => {
  hw = await seedHandWorkedAnalysis()
  ;({ owner, project, analysis } = await runResultsAnalysis())
  expect(analysis.status).toBe('completed')
})

/** A statement's text: the sentence, with or without the list number it stood after. */
const statementText = (sentence: string) => expect.stringMatching(new RegExp(`^(?:\\d{1,2}\\.\\s+)?${sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))

/** The two models' values of a per-model map; the four models without answers must have none. */
function twoModels(byModel: Record<string, number | null>) {
  for (const id of [5, 6, 9, 10]) expect(byModel[id] ?? null).toBeNull()
  return { claude: byModel[3] ?? null, chatgpt: byModel[8] ?? null }
}

describe('results of the hand-worked analysis (loader JSON)', () => {
  const view = (params: Record<string, string> = {}) => resultsJson(hw.owner, { project: hw.projectId, analysis: hw.analysisId, ...params })

  it('Overview: the four tiles, the badges and every brand', async () => {
    const r = await view()
    expect(r.kind).toBe('results')
    expect(r.state).toBe('completed')
    expect(r.header.analysis).toMatchObject({ id: hw.analysisId, date: '2025-05-20' })
    expect(r.header.tabs).toEqual(['overview', 'share-of-model', 'topics', 'brand-rank', 'ranking-detail', 'mentions', 'sentiment', 'sentiment-detail', 'api-data', 'accuracy', 'model-admin'])
    expect(r.header.options.models.map((o: any) => o.value)).toEqual(['claude', 'gpt41', 'combined'])
    expect(r.header.options.topics).toEqual(['Comfort', 'Durability'])
    const d = r.data
    expect(d.tab).toBe('overview')
    expect(d.summary).toEqual({ totalMentions: OVERVIEW.totalMentions, brandsWithMentions: OVERVIEW.brandsWithMentions, averageRank: OVERVIEW.averageRank, brandsRanked: OVERVIEW.brandsRanked })
    expect(d.ownRankPosition).toBe(OVERVIEW.ownRankPosition)
    // Own brand first, then by mentions: Brooks 10, Asics 6, Hoka 5, Nike 4.
    expect(d.brands).toEqual(
      MENTIONS.columns.map((name, i) => {
        const rank = BRAND_RANK.rows.find((b) => b.name === name)!
        const s = SENTIMENT.rows.find((b) => b.name === name)!
        return {
          name,
          isOwn: name === 'Brooks',
          mentions: MENTIONS.totals[i],
          share: SHARE.rows.find((b) => b.name === name)!.combined,
          rank: rank.combined,
          sentiment: { positive: s.positive, neutral: s.neutral, negative: s.negative, mentions: s.mentions },
        }
      }),
    )
    expect(d.brands[0].share).toBe(OVERVIEW.ownShare)
  })

  it('Overview for one model: the tiles of Claude alone and of ChatGPT 5 alone', async () => {
    const claude = (await view({ model: 'claude' })).data.summary
    expect(claude).toEqual({ totalMentions: CLAUDE_ONLY.totalMentions, brandsWithMentions: 4, averageRank: CLAUDE_ONLY.averageRank, brandsRanked: CLAUDE_ONLY.brandsRanked })
    const chatgpt = (await view({ model: 'gpt41' })).data.summary
    expect(chatgpt).toEqual({ totalMentions: CHATGPT_ONLY.totalMentions, brandsWithMentions: 4, averageRank: CHATGPT_ONLY.averageRank, brandsRanked: CHATGPT_ONLY.brandsRanked })
  })

  it('Share of Model: per-model and combined shares, rows by combined share', async () => {
    const d = (await view({ tab: 'share-of-model' })).data
    expect(d.hasData).toBe(true)
    expect(d.rows.map((r: any) => ({ name: r.name, ...twoModels(r.byModel), combined: r.combined }))).toEqual(SHARE.rows)
  })

  it('Brand Rank: average rank per model, combined and visibility, unfiltered and for one topic or model', async () => {
    const d = (await view({ tab: 'brand-rank' })).data
    expect(d.filtered).toBe(false)
    expect(d.queryCounts).toEqual({ included: 3, total: 3 })
    expect(d.rows.map((r: any) => ({ name: r.name, ...twoModels(r.byModel), combined: r.combined, visibility: r.visibility }))).toEqual(BRAND_RANK.rows)

    const durability = (await view({ tab: 'brand-rank', topic: 'Durability' })).data
    expect(durability.filtered).toBe(true)
    expect(durability.queryCounts).toEqual(DURABILITY_ONLY.queryCounts)
    const rows = durability.rows.map((r: any) => ({ name: r.name, combined: r.combined, visibility: r.visibility }))
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)
    expect(rows.slice(0, 2)).toEqual(DURABILITY_ONLY.rows.slice(0, 2))
    expect(rows.slice(2).sort(byName)).toEqual(DURABILITY_ONLY.rows.slice(2).sort(byName))

    const claude = (await view({ tab: 'brand-rank', model: 'claude' })).data
    const brooks = claude.rows.find((r: any) => r.name === 'Brooks')
    expect({ combined: brooks.combined, visibility: brooks.visibility }).toEqual(CLAUDE_ONLY.brooks)
    expect(brooks.byModel[8]).toBeNull()
  })

  it('Query Rank: per query for the own brand (default) and for a chosen competitor', async () => {
    const own = (await view({ tab: 'ranking-detail' })).data
    expect(own.brand).toBe('Brooks')
    expect(own.queryCount).toBe(3)
    expect(own.rows.map((r: any) => ({ query: r.query, ...twoModels(r.byModel), combined: r.combined, visibility: r.visibility }))).toEqual(QUERY_RANK.Brooks)
    const nike = (await view({ tab: 'ranking-detail', brand: 'Nike' })).data
    expect(nike.brand).toBe('Nike')
    expect(nike.rows.map((r: any) => ({ query: r.query, ...twoModels(r.byModel), combined: r.combined, visibility: r.visibility }))).toEqual(QUERY_RANK.Nike)
  })

  it('Mentions: counts per query and brand, totals and shares', async () => {
    const d = (await view({ tab: 'mentions' })).data
    expect(d.brands).toEqual(MENTIONS.columns.map((name, i) => ({ name, isOwn: name === 'Brooks', total: MENTIONS.totals[i] })))
    expect(d.rows.map((r: any) => ({ query: r.query, counts: r.counts, total: r.total }))).toEqual(MENTIONS.rows)
    expect(d.percents).toEqual(MENTIONS.percents)
    expect(d.grandTotal).toBe(MENTIONS.grandTotal)
  })

  it('Sentiment: shares of positive, neutral and negative sentences, score, label and words', async () => {
    const d = (await view({ tab: 'sentiment' })).data
    expect(d.sentimentUnavailable ?? null).toBeNull()
    expect(d.rows.map((r: any) => ({ name: r.name, positive: r.positive, neutral: r.neutral, negative: r.negative, score: r.score, label: r.label, mentions: r.mentions }))).toEqual(SENTIMENT.rows)
    const own = d.rows[0]
    expect(own.positiveWords).toEqual(SENTIMENT.ownPositiveWords)
    expect(own.negativeWords).toEqual(SENTIMENT.ownNegativeWords)
    const words = (name: string) => {
      const r = d.rows.find((x: any) => x.name === name)
      return { positive: [...r.positiveWords].sort(), negative: [...r.negativeWords].sort() }
    }
    expect(words('Asics')).toEqual({ positive: ['superb'], negative: ['disappointing', 'terrible'] })
    expect(words('Hoka')).toEqual({ positive: ['great', 'superb'], negative: ['disappointing'] })
    expect(words('Nike')).toEqual({ positive: [], negative: ['poor'] })
  })

  it('Sentiment Detail: the statements per query, for the own brand, by polarity and for a competitor', async () => {
    const cardsOf = (d: any) =>
      d.cards.map((c: any) => ({
        query: c.query,
        statements: c.statements.map((s: any) => ({ polarity: s.polarity, text: s.text, words: s.words, score: s.score, modelId: s.modelId })),
      }))
    const expected = (cards: readonly any[], polarity?: 'positive' | 'negative') =>
      cards
        .map((c) => ({
          query: c.query,
          statements: c.statements
            .filter((s: any) => !polarity || s.polarity === polarity)
            .map((s: any) => ({ polarity: s.polarity, text: statementText(s.sentence), words: s.words, score: s.score, modelId: s.modelId })),
        }))
        .filter((c) => c.statements.length > 0)

    const all = (await view({ tab: 'sentiment-detail' })).data
    expect(all.brand).toBe('Brooks')
    expect(cardsOf(all)).toEqual(expected(SENTIMENT_DETAIL.Brooks))
    expect(cardsOf((await view({ tab: 'sentiment-detail', polarity: 'positive' })).data)).toEqual(expected(SENTIMENT_DETAIL.Brooks, 'positive'))
    expect(cardsOf((await view({ tab: 'sentiment-detail', polarity: 'negative' })).data)).toEqual(expected(SENTIMENT_DETAIL.Brooks, 'negative'))
    expect(cardsOf((await view({ tab: 'sentiment-detail', brand: 'Nike' })).data)).toEqual(expected(SENTIMENT_DETAIL.Nike))
  })

  it('Topics: share and combined rank of each brand per topic', async () => {
    const d = (await view({ tab: 'topics' })).data
    expect(d.groups.map((g: any) => g.group)).toEqual(['Comfort', 'Durability'])
    for (const g of d.groups) {
      const want = TOPICS[g.group as keyof typeof TOPICS]
      expect(Object.fromEntries(d.brands.map((b: any, i: number) => [b.name, g.shares[i]]))).toEqual(want.shares)
      expect(Object.fromEntries(d.brands.map((b: any, i: number) => [b.name, g.ranks[i]]))).toEqual(want.ranks)
    }
  })

  it('API Data: the six answers with their mentions, rankings and sources', async () => {
    const d = (await view({ tab: 'api-data' })).data
    expect(d.total).toBe(6)
    expect(d.responses).toHaveLength(6)
    // Ordered by query, then model: the order ANSWERS is written in.
    d.responses.forEach((r: any, i: number) => {
      const a = ANSWERS[i]
      const want = ANSWER_FIGURES[i]
      expect(r).toMatchObject({ modelId: a.modelId, query: QUERIES[a.queryIndex].query, text: a.text, ok: true, length: a.text.length })
      expect(r.modelName).toBe(a.modelId === 3 ? 'Claude Sonnet 4' : 'ChatGPT 5')
      const mentions = Object.fromEntries(r.mentions.map((m: any) => [m.brand, m.count]))
      expect(mentions).toEqual(want.mentions)
      expect(r.rankings).toEqual(Object.entries(want.rankings).map(([brand, rank]) => ({ brand, rank })).sort((x, y) => x.rank - y.rank))
      expect(r.sources).toEqual((a.sources ?? []).map((s) => ({ url: s.url, title: s.title })))
    })
    const chatgpt = (await view({ tab: 'api-data', model: 'gpt41' })).data
    expect(chatgpt.total).toBe(3)
    expect(chatgpt.responses.map((r: any) => r.text)).toEqual(ANSWERS.filter((a) => a.modelId === 8).map((a) => a.text))
  })

  it('API Data: search in the text, one query, a brand mentioned (stored counts, not the Sources list), and pages', async () => {
    const texts = async (params: Record<string, string>) => {
      const d = (await view({ tab: 'api-data', ...params })).data
      expect(d.responses).toHaveLength(d.total)
      return d.responses.map((r: any) => ANSWERS.findIndex((a) => a.text === r.text) + 1)
    }
    // 'disappointing' is in A3, A5 and A6 (read off the fixture); the search ignores case.
    expect(await texts({ q: 'DISAPPOINTING' })).toEqual([3, 5, 6])
    expect(await texts({ query: '1' })).toEqual([3, 4])
    // Nike is counted in A1, A2 and A4; A5 names it only under Sources, which does not count.
    expect(await texts({ mentions: 'Nike' })).toEqual([1, 2, 4])
    expect(await texts({ q: 'disappointing', mentions: 'Hoka', query: '2' })).toEqual([5, 6])
    expect(await texts({ q: 'no answer says this' })).toEqual([])
    // Filters the view does not know are ignored rather than refused: an unknown brand or query, a page past the end.
    const d = (await view({ tab: 'api-data', mentions: 'Not A Brand', query: '99', page: '7' })).data
    expect({ total: d.total, page: d.page, pages: d.pages, pageSize: d.pageSize, filters: d.filters }).toEqual({ total: 6, page: 1, pages: 1, pageSize: 15, filters: { q: null, query: null, mentions: null } })
    expect(d.options.queries.map((q: any) => q.text)).toEqual(QUERIES.map((q) => q.query))
  })

  it('Model Admin: three successful answers per model, none failed', async () => {
    const d = (await view({ tab: 'model-admin' })).data
    const answered = Object.fromEntries(d.cards.filter((c: any) => [3, 5, 6, 8, 9, 10].includes(c.id)).map((c: any) => [c.id, c.answered]))
    expect(answered).toEqual({ 3: 3, 5: 0, 6: 0, 8: 3, 9: 0, 10: 0 })
    for (const id of [3, 8]) {
      const texts = ANSWERS.filter((a) => a.modelId === id).map((a) => Buffer.byteLength(a.text))
      const [session] = d.management.find((g: any) => g.modelId === id).sessions
      expect(session).toMatchObject({ analysisId: hw.analysisId, date: '2025-05-20', isToday: false, total: 3, successful: 3, failed: 0, failures: [] })
      expect(session.avgLength).toBe(Math.round(texts.reduce((x, y) => x + y, 0) / texts.length))
    }
  })
})

describe('results loader', () => {
  it('reads each tab from the stored result parts, with the same figures as aggregating the answers again', async () => {
    const { loadResultsView, getUserById } = await loader()
    const user = (await getUserById(owner.userId))!
    const db = await sql()
    const parts = await db<{ key: string; value: unknown }[]>`select key, value from analysis_result_parts where analysis_id = ${analysis.id} order by key`
    // The run's Data Processing stored the parts: a summary, the queries, the mention matrix, two column sets per brand (5 brands).
    expect(parts.map((p) => p.key)).toEqual(expect.arrayContaining(['summary', 'queries', 'mentions', 'ranks/Brooks', 'snippets/Brooks', 'ranks/Hoka']))
    expect(parts).toHaveLength(3 + 2 * 5)
    const tabs = ['overview', 'share-of-model', 'brand-rank', 'ranking-detail&brand=Hoka', 'mentions', 'sentiment', 'sentiment-detail']
    const views = async () =>
      Promise.all(tabs.map(async (t) => ((await loadResultsView(user, new URL(`${testEnv().appUrl}/?phase=2&project=${project.id}&analysis=${analysis.id}&tab=${t}`))) as any).data))
    const fromParts = await views()
    try {
      await db`delete from analysis_result_parts where analysis_id = ${analysis.id}`
      expect(await views()).toEqual(fromParts)
    } finally {
      await db`insert into analysis_result_parts ${db(parts.map((p) => ({ analysis_id: analysis.id, key: p.key, value: db.json(p.value as any) })) as any)} on conflict do nothing`
    }
  })

  it('serves the stored aggregate unfiltered and re-aggregates for model and topic filters', async () => {
    const { loadResultsView, getUserById } = await loader()
    const user = (await getUserById(owner.userId))!
    const base = `${testEnv().appUrl}/?phase=2&project=${project.id}&analysis=${analysis.id}`

    const view = await loadResultsView(user, new URL(base))
    expect(view.kind).toBe('results')
    if (view.kind !== 'results' || view.data?.tab !== 'overview') throw new Error('no overview')
    expect(view.state).toBe('completed')
    expect(view.header.tabs).toEqual(['overview', 'share-of-model', 'topics', 'audiences', 'brand-rank', 'ranking-detail', 'mentions', 'sentiment', 'sentiment-detail', 'api-data', 'accuracy', 'model-admin'])
    expect(view.data.brands[0]).toMatchObject({ name: 'Brooks', isOwn: true })
    expect(view.data.brands.map((b) => b.name).sort()).toEqual(['Asics', 'Brooks', EVIL, 'Hoka', 'Nike'].sort())
    expect(view.header.options.topics).toEqual(['Comfort', 'Value'])
    expect(view.header.options.models.map((o) => o.value)).toEqual(['claude', 'perplexity', 'gemini', 'gpt41', 'grok3', 'deepseek', 'combined'])

    const claude = await loadResultsView(user, new URL(`${base}&model=claude&tab=brand-rank`))
    if (claude.kind !== 'results' || claude.data?.tab !== 'brand-rank') throw new Error('no brand rank')
    for (const row of claude.data.rows) for (const id of [5, 6, 8, 9, 10]) expect(row.byModel[id]).toBeNull()
    expect(claude.data.filtered).toBe(false)

    const topic = await loadResultsView(user, new URL(`${base}&topic=Value&tab=brand-rank`))
    if (topic.kind !== 'results' || topic.data?.tab !== 'brand-rank') throw new Error('no brand rank')
    expect(topic.data.filtered).toBe(true)
    expect(topic.data.queryCounts).toEqual({ included: 2, total: 4 })

    const mentions = await loadResultsView(user, new URL(`${base}&tab=mentions`))
    if (mentions.kind !== 'results' || mentions.data?.tab !== 'mentions') throw new Error('no mentions')
    expect(mentions.data.brands[0].name).toBe('Brooks')
    expect(mentions.data.rows.map((r) => r.query)).toEqual(RUN_QUERIES.map((q) => q.query))

    const admin = await loadResultsView(user, new URL(`${base}&tab=model-admin`))
    if (admin.kind !== 'results' || admin.data?.tab !== 'model-admin') throw new Error('no model admin')
    const claudeSessions = admin.data.management.find((g) => g.modelId === 3)!.sessions
    expect(claudeSessions).toHaveLength(1)
    expect(claudeSessions[0]).toMatchObject({ analysisId: analysis.id, isToday: true, total: 4 })
    expect(claudeSessions[0].successful + claudeSessions[0].failed).toBe(4)

    const api = await loadResultsView(user, new URL(`${base}&tab=api-data&model=gemini`))
    if (api.kind !== 'results' || api.data?.tab !== 'api-data') throw new Error('no api data')
    expect(api.data.total).toBe(4)
    expect(api.data.responses.every((r) => r.modelId === 6)).toBe(true)
  })

  it('falls back to the latest completed analysis when the requested one is missing or failed', async () => {
    const { loadResultsView, getUserById } = await loader()
    const user = (await getUserById(owner.userId))!
    const db = await sql()
    const [failed] = await db<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, date, model_ids, queries, brands, error, created_at)
      select project_id, user_id, 'failed', date - 1, model_ids, queries, brands, 'Simulated failure', created_at - interval '1 day'
      from analyses where id = ${analysis.id} returning id`
    const view = await loadResultsView(user, new URL(`${testEnv().appUrl}/?phase=2&project=${project.id}&analysis=${failed.id}`))
    if (view.kind !== 'results') throw new Error('no view')
    expect(view.header.analysis?.id).toBe(analysis.id)
    expect(view.header.fallback).toMatchObject({ id: failed.id, status: 'failed' })
    expect(view.header.runs.map((r) => r.id)).toEqual([analysis.id])
    const missing = await loadResultsView(user, new URL(`${testEnv().appUrl}/?phase=2&project=${project.id}&analysis=99999999`))
    if (missing.kind !== 'results') throw new Error('no view')
    expect(missing.header.analysis?.id).toBe(analysis.id)
    expect(missing.header.fallback?.status).toBe('missing')
    await db`delete from analyses where id = ${failed.id}`
  })
})

describe('export links', () => {
  it('creates an unguessable link that opens signed out and shows only its analysis', async () => {
    const created = await owner.json(`/api/projects/${project.id}/export`, { method: 'POST', json: { analysisId: analysis.id } })
    expect(created.status).toBe(201)
    const id: string = created.body.exportId
    expect(id).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    expect(new Date(created.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000)

    // Another analysis of the same project must not leak into the export.
    const db = await sql()
    const [other] = await db<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, date, model_ids, queries, brands, results, created_at)
      select project_id, user_id, 'completed', date - 3, model_ids, queries, brands, results, created_at - interval '3 days'
      from analyses where id = ${analysis.id} returning id`

    const anonymous = new Session()
    const page = await anonymous.request(`/export/${id}?analysis=${other.id}&tab=brand-rank`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Brand Rank Analysis')
    expect(html).toContain('Brooks')
    expect(html).toContain(`&lt;img src=x onerror=alert(1)&gt;`)
    expect(html).not.toContain(EVIL)
    expect(html).not.toContain('name="analysis"') // no run selector
    expect(html).not.toContain('Model Admin')
    expect(html).not.toContain(`"id":${other.id},`)
    const shownDate = new Date(analysis.date ?? analysis.createdAt).toISOString().slice(0, 10)
    const [y, mo, d] = shownDate.split('-')
    expect(html).toContain(`${d}/${mo}/${y.slice(2)}`)

    const api = await anonymous.request(`/export/${id}?tab=api-data`)
    expect(api.status).toBe(200)
    expect(await api.text()).toContain('API Responses')

    // Export history for the owner, by project and by analysis.
    const list = await owner.json(`/api/projects/${project.id}/exports`)
    expect(list.status).toBe(200)
    // aiSummary is written by a workflow after the link is created (tests/integration/report.test.ts): null or text.
    expect(list.body.exports[0]).toMatchObject({ id, analysisDate: shownDate, aiSummary: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string') })
    expect(list.body.exports[0].createdAt).toBeTruthy()
    const byAnalysis = await owner.json(`/api/analyses/${analysis.id}/exports`)
    expect(byAnalysis.status).toBe(200)
    expect(byAnalysis.body.exports.map((e: any) => e.id)).toContain(id)
    await db`delete from analyses where id = ${other.id}`
  })

  it('answers as expired after 30 days (clock moved in the database) and 404 for unknown ids', async () => {
    const created = await owner.json(`/api/projects/${project.id}/export`, { method: 'POST', json: {} })
    expect(created.status).toBe(201)
    const id = created.body.exportId
    const db = await sql()
    await db`update exports set created_at = now() - interval '30 days 1 minute', expires_at = now() - interval '1 minute' where id = ${id}`
    const anonymous = new Session()
    const res = await anonymous.request(`/export/${id}`)
    expect(res.status).toBe(410)
    const html = await res.text()
    expect(html).toContain('This export link has expired')
    expect(html).not.toContain('Brand Results Summary')

    // Day 29 still works.
    await db`update exports set created_at = now() - interval '29 days', expires_at = now() + interval '1 day' where id = ${id}`
    expect((await anonymous.request(`/export/${id}`)).status).toBe(200)

    expect((await anonymous.request(`/export/${'x'.repeat(32)}`)).status).toBe(404)
    expect((await anonymous.request('/export/short')).status).toBe(404)
  })
})

describe('access control', () => {
  it("another user gets 404 for someone else's results, exports and export history", async () => {
    const stranger = await signUp()
    const home = await stranger.request(`/?phase=2&project=${project.id}&analysis=${analysis.id}`)
    expect(home.status).toBe(404)
    const onlyAnalysis = await stranger.request(`/?phase=2&analysis=${analysis.id}`)
    expect([200, 404]).toContain(onlyAnalysis.status) // the home page may show 'No Project Selected' instead
    expect(await onlyAnalysis.text()).not.toContain('Brand Results Summary')

    const { loadResultsView, getUserById } = await loader()
    const user = (await getUserById(stranger.userId))!
    for (const url of [`/?phase=2&project=${project.id}`, `/?phase=2&analysis=${analysis.id}`, `/?phase=2&project=${project.id}&analysis=${analysis.id}&tab=api-data`]) {
      const err = await loadResultsView(user, new URL(testEnv().appUrl + url)).then(
        () => null,
        (e) => e,
      )
      expect(err).toBeInstanceOf(Response)
      expect(err.status).toBe(404)
    }

    expect((await stranger.json(`/api/projects/${project.id}/export`, { method: 'POST', json: {} })).status).toBe(404)
    expect((await stranger.json(`/api/projects/${project.id}/exports`)).status).toBe(404)
    expect((await stranger.json(`/api/analyses/${analysis.id}/exports`)).status).toBe(404)

    const anonymous = new Session()
    expect((await anonymous.json(`/api/projects/${project.id}/export`, { method: 'POST', json: {} })).status).toBe(401)
    expect((await anonymous.json(`/api/projects/${project.id}/exports`)).status).toBe(401)
  })

  it('a user the project is shared with can read results and export history but not create exports', async () => {
    const friend = await signUp()
    const db = await sql()
    await db`insert into project_shares (project_id, user_id) values (${project.id}, ${friend.userId})`
    const { loadResultsView, getUserById } = await loader()
    const view = await loadResultsView((await getUserById(friend.userId))!, new URL(`${testEnv().appUrl}/?phase=2&project=${project.id}`))
    if (view.kind !== 'results') throw new Error('no view')
    expect(view.header.project.isOwner).toBe(false)
    expect(view.header.exports).toBeNull()
    expect((await friend.json(`/api/projects/${project.id}/exports`)).status).toBe(200)
    expect((await friend.json(`/api/projects/${project.id}/export`, { method: 'POST', json: {} })).status).toBe(403)
  })
})
