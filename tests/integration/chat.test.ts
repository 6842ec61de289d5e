/**
 * AI Chat (POST /api/ai-chat) end to end: the real app, Temporal, worker, gateway (Anthropic SDK, streamed)
 * and the simulator's tool-using policy, over the hand-worked analysis. Each question's reply must carry the
 * figures the results screens show — checked against the hand-worked literals (tests/support/hand-worked-analysis.ts),
 * never against numbers the product computes. Also: the SSE variant, persistence and Clear, validation, the
 * error types, and that another user can neither read nor post to a project's chat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRAND_RANK, CLAUDE_ONLY, MENTIONS, QUERY_RANK, SENTIMENT, SHARE, seedHandWorkedAnalysis, type HandWorkedAnalysis } from '../support/hand-worked-analysis'
import { resetSimulator, Session, signUp, simulator, sql } from '../support/flows'
import { seedHandWorkedSources } from '../support/hand-worked-sources'

let hw: HandWorkedAnalysis

beforeAll(async () => {
  await resetSimulator()
  hw = await seedHandWorkedAnalysis()
}, 120_000)
afterAll(async () => {
  await resetSimulator()
})

const ask = (s: Session, message: string, extra: Record<string, unknown> = {}) =>
  s.json('/api/ai-chat', { method: 'POST', json: { projectId: hw.projectId, analysisId: hw.analysisId, message, ...extra } })

async function chatView(s: Session) {
  const res = await s.json(`/?phase=7&project=${hw.projectId}&analysis=${hw.analysisId}&_data=routes/_index`)
  return res
}

/** The markdown table row of a figure set, as the reply writes it. */
const row = (...cells: (string | number)[]) => `| ${cells.join(' | ')} |`

describe('the tool loop answers with the numbers of the results screens', () => {
  it("visibility on Claude: the Brand Rank tab's Claude figures", async () => {
    const res = await ask(hw.owner, "What is my brand's visibility on Claude?")
    expect(res.status).toBe(200)
    const brooks = BRAND_RANK.rows[0]
    expect(brooks.name).toBe('Brooks')
    // Brand Rank with the Claude filter: rank 1.5 (the Claude column), visibility 17% (1 of 6 models);
    // Share of Model, Claude column: 6 of 14 mentions = 42.9%.
    expect(res.body.response).toBe(
      `On Claude Sonnet 4, Brooks has an average rank of ${brooks.claude} and a visibility of ${CLAUDE_ONLY.brooks.visibility}%; its share of model there is ${SHARE.rows[0].claude}%. ` +
        // Hoka ranks 1 on Claude (Brand Rank, Claude column), ahead of Brooks.
        `Hoka is the best-ranked brand there (${BRAND_RANK.rows[1].claude}).`,
    )
    expect(res.body.dataContext).toEqual([{ tool: 'brand_metrics', title: 'Brand Rank and Share of Model', input: { model: 'claude' } }])
    // The Brand Rank tab itself shows the same figure (loader JSON of the screen).
    const tab = await hw.owner.json(`/?phase=2&project=${hw.projectId}&analysis=${hw.analysisId}&tab=brand-rank&model=claude&_data=routes/_index`)
    expect(tab.body.results.data.rows[0]).toMatchObject({ name: 'Brooks', combined: CLAUDE_ONLY.brooks.combined, visibility: CLAUDE_ONLY.brooks.visibility })
  })

  it('query ranks: the Query Rank tab for the own brand', async () => {
    const res = await ask(hw.owner, 'Which queries does my brand rank best for?')
    expect(res.status).toBe(200)
    expect(res.body.dataContext.map((d: { tool: string }) => d.tool)).toEqual(['query_ranks'])
    // Q0 and Q1 share the best rank, 1.5; Q2 is 2.
    const [q0, q1] = QUERY_RANK.Brooks
    expect(res.body.response).toBe(`Brooks ranks best for “${q0.query}” and “${q1.query}” (${q0.combined}). It is ranked for 3 of 3 queries.`)
  })

  it('mentions by query: the Mentions tab', async () => {
    const res = await ask(hw.owner, 'How many mentions does each brand get per query?')
    expect(res.status).toBe(200)
    expect(res.body.dataContext.map((d: { tool: string }) => d.tool)).toEqual(['mentions_by_query'])
    // Per query, the total and each brand's mentions (Q0 = 8 mentions, Q1 = 9, Q2 = 8), the brands in the tab's order.
    expect(res.body.response).toContain(row('Query', 'Total', ...MENTIONS.columns))
    MENTIONS.rows.forEach((r) => expect(res.body.response).toContain(row(r.query, r.total, ...r.counts)))
  })

  it('sentiment towards a competitor: the Sentiment tab', async () => {
    const res = await ask(hw.owner, 'What is the sentiment towards Nike?')
    expect(res.status).toBe(200)
    const nike = SENTIMENT.rows.find((r) => r.name === 'Nike')!
    expect(res.body.dataContext).toEqual([{ tool: 'sentiment', title: 'Sentiment', input: { brand: 'Nike' } }])
    expect(res.body.response).toContain(
      `Sentiment towards Nike is ${nike.label} (score ${nike.score}): ${nike.positive}% positive, ${nike.neutral}% neutral and ${nike.negative}% negative across ${nike.mentions} sentences.`,
    )
    // Nike's one negative word (A1).
    expect(res.body.response).toContain('Words behind it: positive –; negative poor.')
    expect(res.body.response).not.toContain('Brooks')
  })

  it('sources: the Source Insights figures (enhanced insights, as the screen opens)', async () => {
    const src = await seedHandWorkedSources()
    const res = await src.owner.json('/api/ai-chat', { method: 'POST', json: { projectId: src.projectId, analysisId: src.analysisId, message: 'Which web sources do the AI models cite most?' } })
    expect(res.status).toBe(200)
    expect(res.body.dataContext.map((d: { tool: string }) => d.tool)).toEqual(['sources'])
    // 6 enhanced citations: nike.com 2 and runnersworld.com 2 (2/6 = 33.3 %), brooksrunning.com and reddit.com 1 (16.7 %).
    // The top three: the two with 2 citations, then one of the two with 1 (the spec does not order ties).
    expect(res.body.response).toMatch(/^The most cited sites are (nike\.com|runnersworld\.com) \(2, 33\.3%\), (nike\.com|runnersworld\.com) \(2, 33\.3%\) and (brooksrunning\.com|reddit\.com) \(1, 16\.7%\)\.$/)
    expect(res.body.response).not.toContain('wikipedia.org')
  })

  it('sources without insights say how to get them', async () => {
    const res = await ask(hw.owner, 'Which web sources do the AI models cite most?')
    expect(res.status).toBe(200)
    expect(res.body.response).toContain('No source insights for this analysis yet: run the source search on Source Insights (phase 4) first.')
  })
})

describe('streaming, persistence, Clear', () => {
  it('streams the reply as server-sent events while the model writes; the deltas add up to the stored answer', async () => {
    // The simulator holds Claude's stream after 2 text deltas: the first words must reach us before the answer ends.
    await simulator({ streamHold: { afterDeltas: 2 } })
    const res = await hw.owner.request('/api/ai-chat', {
      method: 'POST',
      headers: { accept: 'text/event-stream' },
      json: { projectId: hw.projectId, analysisId: hw.analysisId, message: 'Give me an overview of the whole analysis.' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let raw = ''
    const events: { event?: string; data: any }[] = []
    const pump = async () => {
      const { value, done } = await reader.read()
      if (done) return false
      raw += decoder.decode(value, { stream: true })
      let cut: number
      while ((cut = raw.indexOf('\n\n')) >= 0) {
        const frame = raw.slice(0, cut)
        raw = raw.slice(cut + 2)
        events.push({ event: /^event: (.*)$/m.exec(frame)?.[1], data: JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? 'null') })
      }
      return true
    }
    while (!events.some((e) => e.event === 'delta')) if (!(await pump())) break
    const early = events.filter((e) => e.event === 'delta').map((e) => e.data.text).join('')
    expect(early).not.toBe('')
    expect(events.map((e) => e.event)).not.toContain('done')
    await simulator({ streamHold: null })
    while (await pump());
    const names = events.map((e) => e.event)
    expect(names[0]).toBe('question')
    expect(names).toContain('tool')
    expect(names.at(-1)).toBe('done')
    let text = ''
    for (const e of events) {
      if (e.event === 'delta') text += e.data.text
      if (e.event === 'replace') text = e.data.text
    }
    const done = events.at(-1)!.data
    expect(text).toBe(done.response)
    expect(done.response.startsWith(early)).toBe(true)
    expect(done.response.length).toBeGreaterThan(early.length)
    expect(done.response).toContain('Brooks has 10 of 25 mentions (40%)')
    expect(done.response).toContain('The average rank over all brands is 1.9.')
  })

  it('keeps the conversation per project and analysis, reloads it, and Clear deletes it', async () => {
    const before = await chatView(hw.owner)
    expect(before.status).toBe(200)
    const chat = before.body.chat
    expect(chat.analysis).toEqual({ id: hw.analysisId, date: '2025-05-20', dataPoints: 6 * 4 })
    // Six questions so far, each with its answer, in order.
    expect(chat.messages.map((m: { role: string }) => m.role)).toEqual(Array.from({ length: 6 }, () => ['user', 'assistant']).flat())
    expect(chat.messages[0]).toMatchObject({ role: 'user', content: "What is my brand's visibility on Claude?" })
    expect(chat.messages[1].dataContext).toEqual([{ tool: 'brand_metrics', title: 'Brand Rank and Share of Model', input: { model: 'claude' } }])

    const cleared = await hw.owner.json('/api/ai-chat', { method: 'DELETE', json: { projectId: hw.projectId, analysisId: hw.analysisId } })
    expect(cleared).toEqual({ status: 200, body: { success: true, deleted: 12 } })
    expect((await chatView(hw.owner)).body.chat.messages).toEqual([])
  })

  it('sends the last 10 history messages to the model', async () => {
    const history = Array.from({ length: 14 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `message ${i}` }))
    const res = await ask(hw.owner, 'Give me an overview of the whole analysis.', { conversationHistory: history })
    expect(res.status).toBe(200)
    expect(res.body.response).toContain('Brooks has 10 of 25 mentions (40%)')
    await hw.owner.json('/api/ai-chat', { method: 'DELETE', json: { projectId: hw.projectId, analysisId: hw.analysisId } })
  })
})

describe('validation and errors', () => {
  it('refuses bad bodies with 4xx and a clear message', async () => {
    const blank = await ask(hw.owner, '   ')
    expect(blank.status).toBe(400)
    expect(blank.body.error).toBe('Please enter a message')
    const badId = await hw.owner.json('/api/ai-chat', { method: 'POST', json: { projectId: 'x', analysisId: hw.analysisId, message: 'hi' } })
    expect(badId.status).toBe(400)
    const otherAnalysis = await hw.owner.json('/api/ai-chat', { method: 'POST', json: { projectId: hw.projectId, analysisId: 2_000_000_000, message: 'hi' } })
    expect(otherAnalysis.status).toBe(404)
    const get = await hw.owner.json('/api/ai-chat')
    expect(get.status).toBe(405)
  })

  it('a vendor 429 is quota_exceeded, and the unanswered question is not kept', async () => {
    await simulator({ providers: { anthropic: { faults: [{ type: '429', times: 1 }] } } })
    const res = await ask(hw.owner, 'How does my brand rank on each AI model?')
    expect(res.status).toBe(429)
    expect(res.body).toMatchObject({ type: 'quota_exceeded', error: 'AI service is temporarily unavailable due to quota limits. Please try again in a few minutes.' })
    expect((await chatView(hw.owner)).body.chat.messages).toEqual([])
    await resetSimulator()
  })

  it('an analysis that is not completed has no chat', async () => {
    const db = await sql()
    const [run] = await db<{ id: number }[]>`
      insert into analyses (project_id, user_id, status, date, model_ids, samples_per_query, queries, brands)
      select project_id, user_id, 'in_progress', date + 1, model_ids, 1, queries, brands from analyses where id = ${hw.analysisId} returning id`
    const res = await hw.owner.json('/api/ai-chat', { method: 'POST', json: { projectId: hw.projectId, analysisId: run.id, message: 'hi' } })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('Please run an analysis first to use AI Chat.')
    await db`delete from analyses where id = ${run.id}`
  })
})

describe('access', () => {
  it("another user can neither read nor post to a project's chat", async () => {
    const asked = await ask(hw.owner, 'What is the sentiment towards Nike?')
    expect(asked.status).toBe(200)
    const stranger = await signUp()
    const post = await ask(stranger, 'What is the sentiment towards Nike?')
    expect(post.status).toBe(404)
    const streamed = await stranger.request('/api/ai-chat', { method: 'POST', headers: { accept: 'text/event-stream' }, json: { projectId: hw.projectId, analysisId: hw.analysisId, message: 'hi' } })
    expect(streamed.status).toBe(404)
    const clear = await stranger.json('/api/ai-chat', { method: 'DELETE', json: { projectId: hw.projectId, analysisId: hw.analysisId } })
    expect(clear.status).toBe(404)
    const view = await chatView(stranger)
    expect(view.status).toBe(404)
    expect(JSON.stringify(view.body)).not.toContain('sentiment towards Nike')
    // The owner's conversation is untouched.
    expect((await chatView(hw.owner)).body.chat.messages).toHaveLength(2)
    // Signed out: 401.
    const anonymous = await new Session().json('/api/ai-chat', { method: 'POST', json: { projectId: hw.projectId, analysisId: hw.analysisId, message: 'hi' } })
    expect(anonymous.status).toBe(401)
  })
})

