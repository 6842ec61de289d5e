/** What an operator sees in the Temporal UI: every run is findable by project, user, brand and kind, with a summary. */
import { openSync, readSync, closeSync } from 'node:fs'
import { testEnv } from '../support/env'
import { temporalClientForTests } from '../support/temporal-client'
import { createProject, resetSimulator, signUp, startAnalysis, until, waitForAnalysis } from '../support/flows'

const temporal = temporalClientForTests()

beforeEach(async () => {
  await resetSimulator()
})

async function list(query: string) {
  const found: { workflowId: string; attributes: Record<string, unknown> }[] = []
  for await (const w of temporal.client.workflow.list({ query })) {
    found.push({ workflowId: w.workflowId, attributes: Object.fromEntries(w.typedSearchAttributes.getAll().map((p) => [p.key.name, p.value])) })
  }
  return found
}

describe('custom search attributes', () => {
  it('finds the runs of one project with `ProjectId = N`, labelled with user, brand, kind and a summary', async () => {
    const s = await signUp()
    const project = await createProject(s)
    const a = await startAnalysis(s, project.id)
    await waitForAnalysis(s, a.id)
    const del = await s.json(`/api/analyses/${a.id}/manage`, { method: 'POST', json: { action: 'delete', modelId: 6 } })
    expect(del.status).toBe(200)
    const add = await s.json('/api/analyses/add-gemini', { method: 'POST', json: { analysisId: a.id } })
    expect(add.status).toBe(202)

    // Visibility is eventually consistent: wait until the three runs are listed (the analysis's alert check is one).
    let runs: Awaited<ReturnType<typeof list>> = []
    await until('the three runs of the project in Temporal visibility', async () => (runs = await list(`ProjectId = ${project.id}`)).length === 3, 30_000, 250)
    const byKind = Object.fromEntries(runs.map((r) => [r.attributes.RunKind, r]))
    expect(byKind.analysis.workflowId).toBe(`analysis-${a.id}`)
    expect(byKind['add-model'].workflowId).toBe(add.body.workflowId)
    expect(byKind['trend-alerts'].workflowId).toMatch(new RegExp(`^trend-alerts-${a.id}-\\d+$`))
    for (const r of runs) expect(r.attributes).toMatchObject({ ProjectId: project.id, UserEmail: s.email, Brand: 'Brooks' })

    // The same runs by user and kind, as an operator would filter.
    const mineAnalyses = await list(`UserEmail = "${s.email}" AND RunKind = "analysis"`)
    expect(mineAnalyses.map((r) => r.workflowId)).toEqual([`analysis-${a.id}`])

    const described = await temporal.client.workflow.getHandle(`analysis-${a.id}`).describe()
    expect(await described.staticSummary()).toBe(`Analysis ${a.id}: 6 models × 3 queries · Brooks · project ${project.id} · ${s.email}`)
  })

  it('labels framework generation with the user, brand and kind', async () => {
    const s = await signUp()
    const res = await s.json('/api/generate-framework', { method: 'POST', json: { name: 'P', brandDomain: 'Monzo', marketDescription: 'UK banks', marketRegion: 'UK', language: 'en-GB' } })
    expect(res.status).toBe(200)
    let runs: Awaited<ReturnType<typeof list>> = []
    await until('the framework run in Temporal visibility', async () => (runs = await list(`UserEmail = "${s.email}"`)).length === 1, 30_000, 250)
    // Temporal adds BuildIds once a worker picked the run up; ours are exactly these.
    const { BuildIds: _buildIds, ...ours } = runs[0].attributes
    expect(ours).toEqual({ UserEmail: s.email, Brand: 'Monzo', RunKind: 'framework' })
  })
})

describe('the dev server started with the product', () => {
  it('keeps its SQLite file in write-ahead-log mode, so a Temporal step does not wait for an fsync of its own', ({ skip }) => {
    const file = testEnv().temporalDbFile
    if (!file) return skip() // an external Temporal (TEMPORAL_ADDRESS) brings its own storage
    // An SQLite file's header says how it is journalled: bytes 18 and 19 (write and read format) are 2 in WAL mode, 1 otherwise.
    const header = Buffer.alloc(100)
    const fd = openSync(file, 'r')
    try {
      readSync(fd, header, 0, 100, 0)
    } finally {
      closeSync(fd)
    }
    expect(header.subarray(0, 15).toString('latin1')).toBe('SQLite format 3')
    expect([header[18], header[19]]).toEqual([2, 2])
  })
})
