/**
 * The optional model rewrite of the report summary's style over the real stack: the setting (off by default), the
 * rewrite asked for through the app, written by the demo simulator through the gateway in a Temporal workflow, and
 * the guard — an accepted rewrite is shown with its note, one inventing a figure is refused and the computed summary
 * shown with a notice — the model budget refusing it, and the same through the public API and MCP with a key. The hand-worked analysis: Brooks 10 of 25 mentions (40 %).
 */
import { extractText } from 'unpdf'
import { testEnv } from '../support/env'
import { Session, signUp, sql, until } from '../support/flows'
import { seedHandWorkedAnalysis, type HandWorkedAnalysis } from '../support/hand-worked-analysis'
import { connectMcp, createKey, KeyClient } from '../support/api-keys'

const rewriteUrl = (hw: HandWorkedAnalysis) => `/api/analyses/${hw.analysisId}/report-rewrite`
const setting = (s: Session, projectId: number | null, value: string) =>
  s.request(`/branding?${projectId ? `project=${projectId}&` : ''}_data=routes/branding`, { method: 'POST', body: new URLSearchParams({ intent: 'rewrite', rewriteSummary: value }) })
/** The summary block of the report's web page (headings, note and paragraphs; no nested blocks). */
async function summaryOf(hw: HandWorkedAnalysis): Promise<string> {
  const html = await (await hw.owner.request(`/api/analyses/${hw.analysisId}/report?format=html`)).text()
  const at = html.indexOf('<div class="summary">')
  expect(at).toBeGreaterThan(0)
  return html.slice(at, html.indexOf('</div>', at))
}
/** Numbers as written, by value (a test's own reading, not the product's). */
const numbers = (s: string) => (s.replace(/<[^>]+>/g, ' ').match(/\d+(?:[.,]\d+)?/g) ?? []).map((x) => Number(x.replace(',', '.')))
async function settled(hw: HandWorkedAnalysis) {
  let state: any
  await until('the rewrite to be judged', async () => {
    state = (await hw.owner.json(rewriteUrl(hw))).body
    return state.status !== 'pending'
  }, 90_000)
  return state
}

describe('a model rewrite of the summary', () => {
  let hw: HandWorkedAnalysis
  let computed: string
  beforeAll(async () => {
    hw = await seedHandWorkedAnalysis()
    computed = await summaryOf(hw)
  })

  it('is off by default: asking is refused with a message that says where to turn it on', async () => {
    expect((await hw.owner.json(rewriteUrl(hw))).body).toMatchObject({ enabled: false, status: null })
    const refused = await hw.owner.json(rewriteUrl(hw), { method: 'POST', json: {} })
    expect(refused).toMatchObject({ status: 400, body: { message: 'Turn on “Rewrite the summary’s style with a model” in Report branding first' } })
    expect(computed).toContain('Brooks holds 40% of the brand mentions (n = 25 mentions')
    expect(computed).not.toContain('data-summary-note')
    // The setting takes on, off or (a project) inherit; the account cannot inherit.
    expect((await setting(hw.owner, hw.projectId, 'maybe')).status).toBe(400)
    const account = await setting(hw.owner, null, 'inherit')
    expect(account.status).toBe(400)
    expect(((await account.json()) as any).error).toBe('The account setting is on or off: inherit is only for a project')
    // A stranger can neither read nor ask.
    const stranger = new Session()
    expect((await stranger.request(rewriteUrl(hw), { method: 'POST', json: {} })).status).toBe(401)
  })

  it('accepted: the report shows the rewritten wording with every figure from the facts, labelled simulated; the call is in usage', async () => {
    expect((await setting(hw.owner, hw.projectId, 'on')).status).toBe(200)
    const started = await hw.owner.json(rewriteUrl(hw), { method: 'POST', json: {} })
    expect(started).toMatchObject({ status: 202, body: { status: 'pending', simulated: true } })
    expect(await settled(hw)).toMatchObject({ enabled: true, status: 'accepted', unknownFigures: [], simulated: true })

    const rewritten = await summaryOf(hw)
    expect(rewritten).not.toBe(computed)
    // The simulator's faithful rewrite: each section one paragraph behind a lead-in.
    expect(rewritten).toContain('<p>In short: Brooks holds 40% of the brand mentions (n = 25 mentions')
    expect(rewritten).toContain('data-summary-note="rewritten"')
    expect(rewritten).toContain('The wording of this summary was rewritten by a model (OpenAI) from the computed facts; every figure in it was checked against them. Simulated: in demo mode the built-in model simulator rewrote it, not a real AI model.')
    const known = new Set(numbers(computed))
    expect(numbers(rewritten).filter((x) => !known.has(x))).toEqual([])
    const db = await sql()
    const usage = await db<{ simulated: boolean }[]>`select simulated from model_usage where user_id = ${hw.owner.userId} and kind = 'report-rewrite'`
    expect(usage).toEqual([{ simulated: true }])

    if (testEnv().chromiumPath) {
      const pdf = await hw.owner.request(`/api/analyses/${hw.analysisId}/report?format=pdf`)
      const { text } = await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true })
      const flat = text.replace(/\s+/g, '')
      expect(flat).toContain('Inshort:Brooksholds40%ofthebrandmentions')
      expect(flat).toContain('rewrittenbyamodel(OpenAI)')
    }
    // Turned off, the report is the computed summary again.
    expect((await setting(hw.owner, hw.projectId, 'off')).status).toBe(200)
    expect(await summaryOf(hw)).toBe(computed)
  })

  it('rejected: a rewrite inventing a figure is not shown; the computed summary is, with a notice naming the figure', async () => {
    expect((await setting(hw.owner, hw.projectId, 'on')).status).toBe(200)
    const db = await sql()
    // The simulator invents a figure for a project whose name carries this marker.
    await db`update projects set name = name || ' [invent-figure]' where id = ${hw.projectId}`
    try {
      expect((await hw.owner.json(rewriteUrl(hw), { method: 'POST', json: {} })).status).toBe(202)
      // 97.3 appears nowhere in the hand-worked figures.
      expect(await settled(hw)).toMatchObject({ status: 'rejected', unknownFigures: [97.3] })
      const shown = await summaryOf(hw)
      expect(shown).toContain('data-summary-note="rejected"')
      expect(shown).toContain("A model&#39;s rewrite of this summary was not used: it contained figures that are not among the computed facts (97.3). The computed summary is shown.")
      expect(shown).toContain('<p>Brooks holds 40% of the brand mentions (n = 25 mentions')
      expect(shown).not.toContain('In short:')
      expect(shown).not.toContain('next month')
    } finally {
      await db`update projects set name = replace(name, ' [invent-figure]', '') where id = ${hw.projectId}`
    }
  })
})

describe('over the model budget', () => {
  it('a rewrite is refused with the cap message and nothing is started', async () => {
    const hw = await seedHandWorkedAnalysis()
    expect((await setting(hw.owner, null, 'on')).status).toBe(200)
    const cap = (await hw.owner.json('/api/user/profile')).body.dailyCostCapUsd as number
    const db = await sql()
    await db`insert into model_usage (user_id, kind, cost_usd, simulated) values (${hw.owner.userId}, 'test', ${cap + 0.5}, false)`
    const res = await hw.owner.json(rewriteUrl(hw), { method: 'POST', json: {} })
    expect(res.status).toBe(429)
    expect(res.body.message).toBe(`Daily AI spending limit reached ($${(cap + 0.5).toFixed(2)} of $${cap.toFixed(2)} today). It resets at midnight UTC.`)
    expect(await db`select 1 from report_rewrites where analysis_id = ${hw.analysisId}`).toHaveLength(0)
    expect(await db`select 1 from model_usage where user_id = ${hw.owner.userId} and kind = 'report-rewrite'`).toHaveLength(0)
  })
})

describe('through the public API and MCP with a key', () => {
  const OFF = 'Turn on “Rewrite the summary’s style with a model” in Report branding first'
  const v1 = (hw: HandWorkedAnalysis) => `/api/v1/analyses/${hw.analysisId}/report-rewrite`
  async function tool(key: string, name: string, args: Record<string, unknown>) {
    const client = await connectMcp(key, 'rewrite-test')
    try {
      const r: any = await client.callTool({ name, arguments: args })
      return { isError: r.isError === true, body: JSON.parse(r.content[0].text) }
    } finally {
      await client.close()
    }
  }
  let hw: HandWorkedAnalysis
  let key: string
  beforeAll(async () => {
    hw = await seedHandWorkedAnalysis()
    key = (await createKey(hw.owner, 'Rewrite', ['read', 'run'])).key
  })

  it('off for the project: REST and MCP refuse with the app route\'s message; the state says so', async () => {
    // As the account (which has no setting): off.
    expect((await setting(hw.owner, hw.projectId, 'inherit')).status).toBe(200)
    const api = new KeyClient(key)
    expect(await api.call(v1(hw))).toMatchObject({
      status: 200,
      body: { analysisId: hw.analysisId, enabled: false, rewriteId: null, status: null, unknownFigures: [], paragraphs: null, error: null, simulated: true },
    })
    expect(await api.call(v1(hw), { method: 'POST' })).toMatchObject({ status: 400, body: { error: { code: 'invalid_request', message: OFF } } })
    expect(await tool(key, 'start_report_rewrite', { analysisId: hw.analysisId })).toEqual({ isError: true, body: { error: { code: 'invalid_request', message: OFF } } })
    // A read-only key may read the state but not start a rewrite.
    const reader = new KeyClient((await createKey(hw.owner, 'Reader', ['read'])).key)
    expect((await reader.call(v1(hw))).status).toBe(200)
    expect(await reader.call(v1(hw), { method: 'POST' })).toMatchObject({ status: 403, body: { error: { code: 'insufficient_scope' } } })
    expect(await (await sql())`select 1 from report_rewrites where analysis_id = ${hw.analysisId}`).toHaveLength(0)
  })

  it("another user's key gets 404 for the analysis, as its neighbours answer, with the setting on", async () => {
    expect((await setting(hw.owner, hw.projectId, 'on')).status).toBe(200)
    const other = await signUp()
    const otherKey = (await createKey(other, 'Other', ['read', 'run'])).key
    const api = new KeyClient(otherKey)
    for (const method of ['GET', 'POST']) {
      const res = await api.call(v1(hw), { method })
      expect(res, method).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: 'Analysis not found' } } })
    }
    // The neighbour, GET /analyses/{id}, answers the same.
    expect(await api.call(`/api/v1/analyses/${hw.analysisId}`)).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: 'Analysis not found' } } })
    for (const name of ['start_report_rewrite', 'get_report_rewrite'])
      expect(await tool(otherKey, name, { analysisId: hw.analysisId }), name).toEqual({ isError: true, body: { error: { code: 'not_found', message: 'Analysis not found' } } })
    expect(await (await sql())`select 1 from report_rewrites where analysis_id = ${hw.analysisId}`).toHaveLength(0)
  })

  it('on: started over REST and over MCP, each judged accepted, with the rewritten paragraphs and no unknown figure', async () => {
    expect((await setting(hw.owner, hw.projectId, 'on')).status).toBe(200)
    const api = new KeyClient(key)
    const started = await api.call(v1(hw), { method: 'POST' })
    expect(started).toMatchObject({ status: 202, body: { analysisId: hw.analysisId, status: 'pending', simulated: true } })
    const first = started.body.rewriteId as number
    let state: any
    await until('the REST rewrite to be judged', async () => {
      state = (await api.call(v1(hw))).body
      return state.status !== 'pending'
    }, 90_000)
    expect(state).toMatchObject({ analysisId: hw.analysisId, enabled: true, rewriteId: first, status: 'accepted', unknownFigures: [], error: null, simulated: true })
    // The simulator's faithful rewrite: the hand-worked 40 % of 25 mentions behind its lead-in.
    expect(state.paragraphs[0]).toContain('In short: Brooks holds 40% of the brand mentions (n = 25 mentions')

    const viaMcp = await tool(key, 'start_report_rewrite', { analysisId: hw.analysisId })
    expect(viaMcp).toMatchObject({ isError: false, body: { analysisId: hw.analysisId, status: 'pending', simulated: true } })
    expect(viaMcp.body.rewriteId).toBeGreaterThan(first)
    await until('the MCP rewrite to be judged', async () => {
      state = (await tool(key, 'get_report_rewrite', { analysisId: hw.analysisId })).body
      return state.status !== 'pending'
    }, 90_000)
    expect(state).toMatchObject({ rewriteId: viaMcp.body.rewriteId, enabled: true, status: 'accepted', unknownFigures: [], error: null, simulated: true })
    expect(state.paragraphs[0]).toContain('In short: Brooks holds 40% of the brand mentions (n = 25 mentions')
    // Each rewrite was one model call, recorded against the key's user.
    const usage = await (await sql())`select 1 from model_usage where user_id = ${hw.owner.userId} and kind = 'report-rewrite'`
    expect(usage).toHaveLength(2)

    // A rewrite left pending past its workflow's 10 minutes reads as failed, so a client following it stops.
    const db = await sql()
    const [stale] = await db<{ id: string }[]>`
      insert into report_rewrites (analysis_id, facts_key, user_id, status, created_at)
      select analysis_id, facts_key, user_id, 'pending', now() - interval '11 minutes' from report_rewrites where id = ${viaMcp.body.rewriteId} returning id`
    expect((await api.call(v1(hw))).body).toMatchObject({
      rewriteId: Number(stale.id), status: 'failed', paragraphs: null, error: 'The rewrite did not finish within 10 minutes: ask for it again',
    })
  })
})
