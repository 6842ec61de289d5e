/**
 * The optional model rewrite of the report summary's style over the real stack: the setting (off by default), the
 * rewrite asked for through the app, written by the demo simulator through the gateway in a Temporal workflow, and
 * the guard — an accepted rewrite is shown with its note, one inventing a figure is refused and the computed summary
 * shown with a notice — and the model budget refusing it. The hand-worked analysis: Brooks 10 of 25 mentions (40 %).
 */
import { extractText } from 'unpdf'
import { testEnv } from '../support/env'
import { Session, sql, until } from '../support/flows'
import { seedHandWorkedAnalysis, type HandWorkedAnalysis } from '../support/hand-worked-analysis'

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
