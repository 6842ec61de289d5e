/**
 * Content optimiser end to end: the workflow through the API with the simulator's answers,
 * progress from the workflow query, validation, quota, saves and their owners, the rewrite, public export.
 */
import http from 'node:http'
import { extractText } from 'unpdf'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testEnv } from '../support/env'
import { temporalClientForTests } from '../support/temporal-client'
import { createProject, resetSimulator, Session, setLimits, signUp, simulator, sql, until } from '../support/flows'

const BASE = '/api/content/optimiser-v2'
const PROMPT = 'best running shoes for beginners'
const PAGE = `<article>
<h1>Best running shoes for beginners</h1>
<p>By Ana Smith, updated 12 March 2026. The best running shoes for beginners have soft cushioning, a secure fit and a moderate drop. We tested 14 pairs over 300 miles.</p>
<img src="https://shop.example/ghost.jpg" alt="Brooks Ghost side view">
<img src="https://shop.example/nova.jpg">
<h2>Comparison</h2>
<table><tr><th>Shoe</th><th>Price</th></tr><tr><td>Brooks Ghost</td><td>£130</td></tr></table>
<h2>How to choose</h2>
<ul><li>Buy half a size up</li><li>Replace every 500 miles</li></ul>
<p>See <a href="https://www.runnersworld.com/gear">Runner's World</a> for lab tests of running shoes for beginners.</p>
</article>`

beforeEach(async () => {
  await resetSimulator()
})

async function runAnalysis(s: Session, body: Record<string, unknown>) {
  return s.json(`${BASE}/relevance`, { method: 'POST', json: body })
}

describe('content optimiser', () => {
  it('scores a page on the seven pillars through the workflow, with progress from the workflow query', async () => {
    const s = await signUp()
    await setLimits(s.userId, { maxAnalyses: null, maxProjects: null })
    const project = await createProject(s)
    const runId = `it-${Date.now().toString(36)}-run`
    // Hold the model calls so the run is observably in progress.
    await simulator({ gate: { allow: 0 } })
    const pending = runAnalysis(s, { prompt: PROMPT, content: PAGE, projectId: project.id, runId })
    let settled: { status: number; body: unknown } | undefined
    void pending.then((r) => (settled = r))
    let seen: any
    await until('the progress query answers', async () => {
      // A run refused or ended before its first phase can never show progress: say why at once.
      if (settled) throw new Error(`the run answered ${settled.status} before its progress showed: ${JSON.stringify(settled.body)}`)
      const p = await s.json(`${BASE}/progress/${runId}`)
      seen = p.body
      return p.status === 200 && p.body.phases?.length === 9 && p.body.currentPhase >= 1
    }, 60_000, 250)
    expect(seen.status).toBe('running')
    expect(seen.phases.map((p: any) => p.name)).toEqual([
      'Extracting & processing content',
      'Analyzing content relevance',
      'Evaluating synthesis quality',
      'Assessing citation worthiness',
      'Analyzing breadth & depth',
      'Checking multi-modal support',
      'Evaluating personalisation',
      'Testing crawlability & indexing',
      'Summarizing recommendations',
    ])
    expect(seen.phases[0].status).toBe('completed')
    // 1 of 9 phases done: floor(11.1) = 11 %, (100 − 11) / 5 = 17.8 s
    expect(seen.progressPercent).toBe(11)
    expect(seen.estimatedTimeRemaining).toBe(17.8)
    // Another user cannot read this run's progress.
    const other = await signUp()
    expect((await other.json(`${BASE}/progress/${runId}`)).status).toBe(404)
    await simulator({ gate: null })

    const res = await pending
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    const a = res.body.analysis
    expect(a.prompt).toBe(PROMPT)
    expect(a.chunks.length).toBeGreaterThan(0)
    for (const c of a.chunks) {
      expect(c.embeddingScore).toBeGreaterThanOrEqual(0)
      expect(c.embeddingScore).toBeLessThanOrEqual(1)
      expect(c.geminiScore).toBeGreaterThanOrEqual(0)
    }
    expect(a.embeddingProviders).toEqual(['openai', 'gemini'])
    // Counted by hand from PAGE: 2 images (1 with alt text), 1 table, no video.
    expect(a.multiModalAnalysis.existingMedia).toEqual({ images: 2, videos: 0, tables: 1, charts: 0, other: 0 })
    expect(a.overallCitationAnalysis.qualityIndicators).toMatchObject({ hasAuthorInfo: true, hasPublicationDates: true, hasReferences: true })
    // Pasted content: no robots.txt, canonical or server-text facts; headings are measured (H1 H2 H2: pass).
    const facts = Object.fromEntries(a.indexCrawlabilityAnalysis.measuredFacts.map((f: any) => [f.id, f.status]))
    expect(facts).toMatchObject({ canonical: 'n/a', 'server-text': 'n/a', 'heading-structure': 'pass' })
    expect(a.criticalActions).toHaveLength(7)
    for (const ca of a.criticalActions) expect(ca.actions).toHaveLength(2)
    // Overall is the rounded mean of the seven 0-10 pillar scores, ×10.
    const pillars = ['relevance', 'synthesis', 'citation', 'breadthDepth', 'multiModal', 'personalisation', 'crawlability'].map((k) => a.scores[k])
    expect(pillars.every((v: unknown) => typeof v === 'number')).toBe(true)
    expect(a.scores.overall).toBe(Math.round((pillars.reduce((x: number, y: number) => x + y, 0) / 7) * 10))
    expect(a.scores.personalisation).toBe(Math.round(((a.personalisationIntentAnalysis.resilienceScore + a.personalisationIntentAnalysis.multiIntentScore) / 2) * 10) / 10)

    const done = await s.json(`${BASE}/progress/${runId}`)
    expect(done.body).toMatchObject({ status: 'completed', progressPercent: 100 })

    // Save, list, and only the saver sees or deletes it.
    const saved = await s.json(`${BASE}/save-to-project`, { method: 'POST', json: { projectId: project.id, analysisResult: a, metadata: { originalQuery: PROMPT, language: 'en-GB' } } })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ success: true })
    const list = await s.json(`${BASE}/project/${project.id}/saves`)
    expect(list.body.success).toBe(true)
    expect(list.body.saves.map((x: any) => x.id)).toEqual([saved.body.saveId])
    expect(list.body.saves[0].metadata.originalQuery).toBe(PROMPT)
    expect((await other.json(`${BASE}/project/${project.id}/saves`)).status).toBe(404)
    expect((await other.json(`${BASE}/saves/${saved.body.saveId}`, { method: 'DELETE' })).status).toBe(404)
    expect((await other.json(`${BASE}/save-to-project`, { method: 'POST', json: { projectId: project.id, analysisResult: a } })).status).toBe(404)

    // Rewrite: sanitised HTML.
    const opt = await s.json(`${BASE}/optimise`, { method: 'POST', json: { originalContent: a.fullContent, prompt: PROMPT, selectedRecommendations: ['Add a summary <script>alert(1)</script>'], language: 'en-GB', customRequirements: '' } })
    expect(opt.status).toBe(200)
    expect(opt.body.success).toBe(true)
    expect(opt.body.optimisation.optimisedContent).toContain('<h1>Best running shoes for beginners</h1>')
    expect(opt.body.optimisation.optimisedContent).not.toMatch(/<script/i)
    expect(opt.body.optimisation.appliedOptimisations).toEqual(['Add a summary <script>alert(1)</script>'])

    // Public export, read signed out.
    const ex = await s.json(`${BASE}/export-public`, { method: 'POST', json: { analysisResult: a, optimisedContent: '<p onclick="x()">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>', metadata: { originalQuery: PROMPT } } })
    expect(ex.status).toBe(200)
    expect(ex.body.shareUrl).toMatch(/\/shared\/content\/[A-Za-z0-9_-]{32}$/)
    const path = new URL(ex.body.shareUrl).pathname
    const anon = await new Session().request(path)
    expect(anon.status).toBe(200)
    const html = await anon.text()
    expect(html).toContain(PROMPT)
    expect(html).not.toContain('onclick')
    expect(html).not.toContain('javascript:alert')
    expect((await new Session().request('/shared/content/not-a-real-export-id-000000')).status).toBe(404)

    // PDF rendered by Chromium, parsed back: it carries the overall score.
    const pdf = await s.request(`${BASE}/export-pdf`, { method: 'POST', json: { analysisResult: a, optimisedContent: opt.body.optimisation.optimisedContent, metadata: { originalQuery: PROMPT } } })
    expect(pdf.status).toBe(200)
    if (testEnv().chromiumPath) {
      expect(pdf.headers.get('content-type')).toBe('application/pdf')
      const { text } = await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true })
      expect(text).toMatch(new RegExp(`Overall score:\\s*${a.scores.overall}\\b`))
      expect(text).toContain('Critical actions')
    } else {
      expect(pdf.headers.get('content-type')).toContain('text/html')
    }

    const del = await s.json(`${BASE}/saves/${saved.body.saveId}`, { method: 'DELETE' })
    expect(del.body).toEqual({ success: true })
  })

  it('validates with the messages users see and refuses private URLs with a 400', async () => {
    const s = await signUp()
    await setLimits(s.userId, { maxAnalyses: null })
    expect((await runAnalysis(s, { prompt: '  ', content: 'x' })).body.error).toBe('Please enter a prompt/query to analyze against')
    expect((await runAnalysis(s, { prompt: PROMPT, content: '' })).body.error).toBe('Please provide content to analyze')
    expect((await runAnalysis(s, { prompt: PROMPT, url: '' })).body.error).toBe('Please provide a URL to analyze')
    for (const [url, reason] of [
      ['http://127.0.0.1/', '127.0.0.1 is a loopback address'],
      ['http://2130706433/', '127.0.0.1 is a loopback address'],
      ['http://[::ffff:10.0.0.1]/', '::ffff:a00:1 is a private address'],
      ['file:///etc/passwd', 'only http and https URLs are fetched'],
    ]) {
      const r = await runAnalysis(s, { prompt: PROMPT, url })
      expect(r.status).toBe(400)
      expect(r.body.error).toBe(`This address cannot be fetched: ${reason}`)
    }
    const opt = await s.json(`${BASE}/optimise`, { method: 'POST', json: { originalContent: 'x', prompt: PROMPT, selectedRecommendations: [] } })
    expect(opt.status).toBe(400)
    expect(opt.body.error).toBe('Please select at least one recommendation to apply')
    const missing = await s.json(`${BASE}/optimise`, { method: 'POST', json: { originalContent: '  ', prompt: PROMPT, selectedRecommendations: ['a'] } })
    expect(missing.body.error).toBe('Original content or prompt is missing. Please run the analysis again.')
    expect((await new Session().json(`${BASE}/relevance`, { method: 'POST', json: { prompt: PROMPT, content: 'x' } })).status).toBe(401)
  })

  it('counts against the analysis quota and refuses inactive accounts', async () => {
    const s = await signUp()
    await setLimits(s.userId, { maxAnalyses: 0 })
    const r = await runAnalysis(s, { prompt: PROMPT, content: PAGE })
    expect(r.status).toBe(403)
    expect(r.body).toMatchObject({ error: 'Analysis Limit Reached', message: 'You have reached your analysis limit. 0 analyses remaining.' })
    await setLimits(s.userId, { maxAnalyses: null, isActive: false })
    const inactive = await runAnalysis(s, { prompt: PROMPT, content: PAGE })
    expect(inactive.status).toBe(403)
    expect(inactive.body).toMatchObject({ error: 'Account Inactive', message: 'Your account is inactive. Please contact admin to reactivate.' })
    const db = await sql()
    const [{ n }] = await db<{ n: number }[]>`select count(*)::int as n from content_analyses where user_id = ${s.userId}`
    expect(n).toBe(0)
  })

  it('retries an invalid model reply, then marks that pillar failed and still completes', async () => {
    const s = await signUp()
    await setLimits(s.userId, { maxAnalyses: null })
    // Every OpenAI reply is broken JSON: the six pillars and the summary (OpenAI first) fail after their attempts;
    // relevance asks Gemini first and completes.
    await simulator({ providers: { openai: { faults: [{ type: 'malformed' }] } } })
    const r = await runAnalysis(s, { prompt: PROMPT, content: PAGE })
    expect(r.status).toBe(200)
    const a = r.body.analysis
    expect(typeof a.scores.relevance).toBe('number')
    expect(a.scores.synthesis).toBeNull()
    expect(a.pillarErrors.synthesis).toMatch(/malformed JSON/)
    expect(a.synthesisAnalysis).toBeNull()
    // Overall over the one pillar left: relevance × 10, rounded.
    expect(a.scores.overall).toBe(Math.round(a.scores.relevance * 10))
    const stats = await (await fetch(`${(await import('../support/env')).testEnv().simulatorUrl}/__sim/stats`)).json()
    // 6 pillars + summary, 3 attempts each = 21 structured OpenAI calls (embeddings are answered apart).
    expect(stats.providers.openai.outcomes.malformed).toBe(21)
  })

  it('a 2,000-word page is scored end to end (its timing is `npm run bench:optimiser`)', async () => {
    const s = await signUp()
    await setLimits(s.userId, { maxAnalyses: null })
    const section = (i: number) => `<h2>Section ${i}: running shoes for beginners</h2><p>${Array.from({ length: 10 }, (_, j) => `Beginners choosing running shoes should test cushioning, fit and drop on a short run, point ${i}.${j}.`).join(' ')}</p>`
    const page = `<article><h1>The complete guide</h1>${Array.from({ length: 14 }, (_, i) => section(i + 1)).join('')}</article>`
    const r = await runAnalysis(s, { prompt: PROMPT, content: page })
    expect(r.status).toBe(200)
    // Every word is in a chunk: 14 sections × (heading 6 words + 10 sentences × 17, '1.0' counting as two) + the title's 3 = 2,467.
    expect(r.body.analysis.chunks.reduce((n: number, c: any) => n + c.wordCount, 0)).toBe(2467)
    expect(r.body.analysis.pillarErrors).toEqual({})
  })
})

// ------------------------------------------------------------------ URL mode and a cancel from Temporal

/** A site on the one loopback port the test stack lets the optimiser fetch (OPTIMISER_FETCH_ALLOW_LOOPBACK). */
const SITE_PAGE = `<!doctype html><html><head><title>Beginner running shoes guide</title>
<meta name="robots" content="index, follow">
<link rel="canonical" href="http://127.0.0.1:PORT/guide">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"Best running shoes for beginners"}</script>
</head><body>
<nav><a href="/">Home</a> <a href="/shop">Shop all trainers</a> <a href="/blog">Blog</a></nav>
<div class="cookie-banner" id="cookie-consent">We use cookies to improve your experience. <button>Accept all cookies</button></div>
${PAGE}
<footer>Copyright 2026 Shoe Shop Ltd. All rights reserved. Privacy policy. Terms.</footer>
</body></html>`

describe('content optimiser on a URL, through the worker', () => {
  let server: http.Server
  let port: number
  const temporal = temporalClientForTests()

  beforeAll(async () => {
    port = testEnv().optimiserPagePort
    server = http.createServer((req, res) => {
      if (req.url === '/robots.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n')
      if (req.url === '/old-guide') return res.writeHead(301, { location: '/guide' }).end()
      if (req.url === '/to-private') return res.writeHead(302, { location: 'http://10.0.0.1/guide' }).end()
      if (req.url === '/guide') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SITE_PAGE.replace('PORT', String(port)))
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    })
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  })

  afterAll(async () => {
    await new Promise((r) => server?.close(r))
  })

  it('fetches the page (after a redirect), keeps the article, measures robots.txt, canonical and JSON-LD; labels the run RunKind optimiser', async () => {
    const s = await signUp()
    await setLimits(s.userId, { maxAnalyses: null, maxProjects: null })
    const project = await createProject(s)
    const runId = `url-${Date.now().toString(36)}-run`
    const r = await runAnalysis(s, { prompt: PROMPT, url: `http://127.0.0.1:${port}/old-guide`, projectId: project.id, runId })
    expect(r.status).toBe(200)
    const a = r.body.analysis
    expect(a.fullContent).toContain('The best running shoes for beginners have soft cushioning')
    expect(a.fullContent).toContain('Brooks Ghost')
    // Navigation, the cookie banner and the footer are dropped by the extraction.
    for (const chrome of ['Shop all trainers', 'Accept all cookies', 'All rights reserved']) expect(a.fullContent).not.toContain(chrome)
    const facts = Object.fromEntries(a.indexCrawlabilityAnalysis.measuredFacts.map((f: any) => [f.id, f]))
    expect(facts['robots-ai-crawlers'].status).toBe('fail')
    expect(facts['robots-ai-crawlers'].evidence).toContain('GPTBot: blocked')
    expect(facts['robots-ai-crawlers'].evidence).toContain('ClaudeBot: allowed')
    expect(facts.canonical.status).toBe('pass')
    expect(facts['structured-data']).toMatchObject({ status: 'pass', evidence: '1 JSON-LD block(s) (Article)' })
    // The run is a Temporal workflow with the product's search attributes.
    const described = await temporal.client.workflow.getHandle(`optimiser-${s.userId}-${runId}`).describe()
    expect(described.typedSearchAttributes.get({ name: 'RunKind', type: 'KEYWORD' })).toBe('optimiser')
    expect(described.typedSearchAttributes.get({ name: 'ProjectId', type: 'INT' })).toBe(project.id)
    expect(described.typedSearchAttributes.get({ name: 'UserEmail', type: 'KEYWORD' })).toBe(s.email)
    // Profile & Limits counts it with the analyses.
    expect((await s.json('/api/user/profile')).body).toMatchObject({ analysisCount: 1 })
    expect(await (await s.request('/profile')).text()).toContain('data-testid="optimiser-runs">1<')
  })

  it('a redirect to a private address is refused with a 400; loopback on another port stays refused', async () => {
    const s = await signUp()
    await setLimits(s.userId, { maxAnalyses: null })
    const r = await runAnalysis(s, { prompt: PROMPT, url: `http://127.0.0.1:${port}/to-private` })
    expect(r.status).toBe(400)
    expect(r.body.error).toBe('This address cannot be fetched: 10.0.0.1 is a private address')
    const other = await runAnalysis(s, { prompt: PROMPT, url: `http://127.0.0.1:${port + 1 === 65536 ? port - 1 : port + 1}/guide` })
    expect(other.status).toBe(400)
    expect(other.body.error).toBe('This address cannot be fetched: 127.0.0.1 is a loopback address')
  })

  it('a cancel from the Temporal UI (or CLI) is shown as cancelled, not failed', async () => {
    const s = await signUp()
    await setLimits(s.userId, { maxAnalyses: null })
    const runId = `cancel-${Date.now().toString(36)}`
    await simulator({ gate: { allow: 0 } })
    try {
      const pending = runAnalysis(s, { prompt: PROMPT, content: PAGE, runId })
      await until('the run to reach its pillars', async () => {
        const p = await s.json(`${BASE}/progress/${runId}`)
        return p.status === 200 && p.body.currentPhase >= 1
      }, 60_000, 250)
      await temporal.client.workflow.getHandle(`optimiser-${s.userId}-${runId}`).cancel()
      const r = await pending
      expect(r.status).toBe(409)
      expect(r.body).toEqual({ success: false, error: 'Analysis Cancelled', message: 'The content analysis was cancelled in Temporal before it finished.' })
      expect((await temporal.client.workflow.getHandle(`optimiser-${s.userId}-${runId}`).describe()).status.name).toBe('CANCELLED')
      const progress = (await s.json(`${BASE}/progress/${runId}`)).body
      expect(progress).toMatchObject({ status: 'cancelled', phase: 'Cancelled' })
      const db = await sql()
      expect((await db<{ status: string }[]>`select status from content_analyses where workflow_id = ${`optimiser-${s.userId}-${runId}`}`)[0].status).toBe('cancelled')
    } finally {
      await simulator({ gate: null })
    }
  })
})


// ------------------------------------------------------------------ the zod check end to end, the quota under the lock

describe('content optimiser: a reply that breaks the zod schema, and two runs at once', () => {
  const temporal = temporalClientForTests()

  it('a pillar whose JSON fits the JSON schema but not the zod schema is retried, then marked failed; the rest completes', async () => {
    const s = await signUp()
    await setLimits(s.userId, { maxAnalyses: null })
    const runId = `it-${Date.now().toString(36)}-zod`
    // The simulator's 'invalid-reply' fault (simulator/optimiser.ts): the citation reply has every field, of the right
    // types, so the gateway's JSON-schema check passes it; its scores are on a 0-100 scale, which zod refuses.
    const r = await runAnalysis(s, { prompt: `${PROMPT} [sim:invalid-reply=citation]`, content: PAGE, runId })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const a = r.body.analysis
    expect(a.scores.citation).toBeNull()
    expect(a.overallCitationAnalysis).toBeNull()
    expect(a.pillarErrors.citation).toMatch(/^The model's citation reply did not have the expected fields \(overallScore: Too big: expected number to be <=10/)
    for (const p of ['relevance', 'synthesis', 'breadthDepth', 'multiModal', 'personalisation', 'crawlability']) {
      expect(typeof a.scores[p], p).toBe('number')
      expect(a.pillarErrors[p], p).toBeUndefined()
    }
    // The summary still ran, with its critical actions: two for each of the seven pillars.
    expect(a.pillarErrors.summary).toBeUndefined()
    expect(a.criticalActions).toHaveLength(7)
    for (const c of a.criticalActions) expect(c.actions).toHaveLength(2)

    // Temporal retried the citation activity: its last attempt, the third (maximumAttempts 3), failed with the zod message.
    const history = await temporal.client.workflow.getHandle(`optimiser-${s.userId}-${runId}`).fetchHistory()
    const events = history.events ?? []
    const failed = events.filter((e) => e.activityTaskFailedEventAttributes?.failure?.message?.startsWith("The model's citation reply"))
    expect(failed).toHaveLength(1)
    const failure = failed[0].activityTaskFailedEventAttributes!
    expect(failure.failure?.applicationFailureInfo?.type).toBe('invalid-reply')
    const started = events.find((e) => String(e.eventId) === String(failure.startedEventId))
    expect(started?.activityTaskStartedEventAttributes?.attempt).toBe(3)
    // No other activity failed for good.
    expect(events.filter((e) => e.activityTaskFailedEventAttributes)).toHaveLength(1)
  })

  it('two runs at once cannot both take the last analysis left: the check and the run row share the user lock', async () => {
    const s = await signUp()
    await setLimits(s.userId, { maxAnalyses: 1 })
    const db = await sql()
    let pending: Promise<{ status: number; body: any }[]> | undefined
    // Widen the race deterministically: hold the user's row, so each run's insert (its foreign key to users needs a
    // share lock on it) waits until all four requests have made their quota check. Without the user lock and the
    // fresh read under it, all four would pass the check and all four rows would be written on release.
    await db.begin(async (tx) => {
      await tx`select id from users where id = ${s.userId} for update`
      pending = Promise.all(Array.from({ length: 4 }, (_, i) => runAnalysis(s, { prompt: PROMPT, content: PAGE, runId: `it-${Date.now().toString(36)}-race-${i}` })))
      await until('the four runs to wait in the database', async () => {
        const [{ n }] = await db<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and (query ilike '%insert into content_analyses%' or query ilike '%pg_advisory_xact_lock%')`
        return n >= 4
      }, 30_000, 100)
    })
    const results = await pending!
    expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403, 403])
    for (const r of results.filter((x) => x.status === 403)) {
      expect(r.body).toMatchObject({ error: 'Analysis Limit Reached', message: 'You have reached your analysis limit. 0 analyses remaining.' })
    }
    const [{ n }] = await db<{ n: number }[]>`select count(*)::int as n from content_analyses where user_id = ${s.userId}`
    expect(n).toBe(1)
  })
})
