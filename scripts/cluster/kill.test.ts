/**
 * The kill test: six analyses run together on the cluster profile; mid-batch a worker, the history
 * service and one web process are killed (SIGKILL) and started again. Every analysis completes, and every one has
 * each (model, query) answered exactly once.
 */
import { inject } from 'vitest'
import { createProject, signUp, simulator, sql, startAnalysis, until, waitForAnalysis } from '../../tests/support/flows'

const VENDORS = ['openai', 'anthropic', 'gemini', 'perplexity', 'xai', 'deepseek']
const QUERIES = ['best running shoes for flat feet', 'most comfortable marathon shoes', 'best cushioned running shoes uk', 'best trail running shoes', 'best running shoes for beginners', 'lightest racing shoes']

async function kill(part: string) {
  const res = await fetch(`${inject('clusterControlUrl')}/kill/${part}`, { method: 'POST' })
  if (!res.ok) throw new Error(`kill ${part} failed: ${res.status} ${await res.text()}`)
}

afterAll(() => simulator({ providers: Object.fromEntries(VENDORS.map((v) => [v, { latencyMs: 0 }])) }))

it('loses nothing and counts nothing twice when a worker, the history service and a web process die mid-batch', async () => {
  // One second per call: 6 analyses × 6 queries = 36 calls per provider, 8 in flight, so the batch takes several
  // seconds per provider — long enough to kill three parts while calls are in flight.
  await simulator({ providers: Object.fromEntries(VENDORS.map((v) => [v, { latencyMs: 1000 }])) })
  const users = await Promise.all(Array.from({ length: 6 }, () => signUp()))
  const runs = await Promise.all(
    users.map(async (u) => {
      const project = await createProject(u, { queries: QUERIES })
      return { user: u, analysisId: (await startAnalysis(u, project.id)).id }
    }),
  )
  const ids = runs.map((r) => r.analysisId)
  const db = await sql()
  const stored = async () => (await db<{ n: number }[]>`select count(*)::int as n from api_responses where analysis_id in ${db(ids)}`)[0].n
  // Mid-batch: some answers stored, most not (216 expected in all).
  await until('the first answers to be stored', async () => (await stored()) >= 12, 300_000, 100)
  await kill('worker/0')
  await kill('temporal/history')
  await kill('web/0')
  expect(await stored()).toBeLessThan(216)

  for (const r of runs) expect((await waitForAnalysis(r.user, r.analysisId, undefined, 600_000)).status).toBe('completed')
  // 6 queries × 6 models = 36 answers per analysis, each (model, query) once; the analysis JSON agrees.
  const counts = await db<{ analysis_id: number; n: number; keys: number }[]>`
    select analysis_id, count(*)::int as n, count(distinct (model_id, query_index))::int as keys
    from api_responses where analysis_id in ${db(ids)} group by analysis_id order by analysis_id`
  expect(counts).toEqual(ids.sort((a, b) => a - b).map((id) => ({ analysis_id: id, n: 36, keys: 36 })))
  for (const r of runs) {
    const done = await r.user.json(`/api/analyses/${r.analysisId}/api-responses`)
    expect(done.body.totalCalls).toBe(36)
  }
  // No provider slot is left held by a live process once the batch is over (a killed worker's lapse with their lease).
  await until('provider slots to be given back', async () => (await db<{ n: number }[]>`select count(*)::int as n from provider_slots where lease_until > now() + interval '60 seconds'`)[0].n === 0, 60_000)
})
