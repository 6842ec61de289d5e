/**
 * AI search volume: the refresh workflow runs on the real worker and asks the simulator through the
 * official dataforseo-client, once a month per keyword and market (a second refresh within the month asks nothing
 * and charges nothing); the provider's documented errors come back classified; Query Rank and Topics carry the
 * rounded volumes and the demand-weighted visibility in the app and the public API, with hand-worked figures.
 */
import { randomBytes } from 'node:crypto'
import { testEnv } from '../support/env'
import { temporalClientForTests } from '../support/temporal-client'
import { createProject, signUp, sql } from '../support/flows'
import { createKey, KeyClient } from '../support/api-keys'
import { resultsJson, seedHandWorkedAnalysis } from '../support/hand-worked-analysis'
import { seedHandVolumes, VOLUME_FIGURES } from '../support/volume-fixtures'
import { createVolumeActivities, fetchVolumes } from '../../activities/volume'
import { volumeProviderConfig } from '../../app/domain/volume/provider'
import { VolumeProviderError } from '../../app/domain/volume/parse'
import type { volumeRefreshWorkflow } from '../../workflows/volume'

const temporal = temporalClientForTests()
const demo = () => volumeProviderConfig({ DEMO_MODE: 'true', MODEL_SIMULATOR_URL: testEnv().simulatorUrl })

function refresh(projectId: number) {
  return temporal.client.workflow.execute<typeof volumeRefreshWorkflow>('volumeRefreshWorkflow', {
    taskQueue: testEnv().taskQueue,
    workflowId: `volume-${projectId}-test-${randomBytes(3).toString('hex')}`,
    args: [{ projectId }],
  })
}

describe('volume refresh', () => {
  it('fetches each query once a month through the SDK, stores estimates and charges the call once', async () => {
    const s = await signUp()
    const token = randomBytes(4).toString('hex')
    const queries = [`best trail shoes ${token}`, `waterproof running shoes ${token}`, `Running Shoes For Wide Feet ${token}`]
    const project = await createProject(s, { queries })

    const first = await refresh(project.id)
    // 3 keywords asked; the simulator prices a call as the real API: $0.01 per request + $0.0001 per keyword = 0.0103
    expect(first).toMatchObject({ status: 'refreshed', fetched: 3, cached: 0, costUsd: 0.0103 })
    const db = await sql()
    const stored = await db<{ keyword: string; volume: number | null; simulated: boolean; history: unknown[] }[]>`
      select keyword, volume, simulated, history from volume_estimates where keyword like ${'%' + token} order by keyword`
    // Stored lower-cased, as the provider converts keywords.
    expect(stored.map((r) => r.keyword)).toEqual(queries.map((q) => q.toLowerCase()).sort())
    for (const r of stored) {
      expect(r.simulated).toBe(true)
      if (r.volume !== null) expect(r.history).toHaveLength(12)
    }

    // The same month again: nothing asked, nothing charged.
    const second = await refresh(project.id)
    expect(second).toMatchObject({ status: 'refreshed', fetched: 0, cached: 3, costUsd: 0 })
    const usage = await db<{ cost_usd: string; simulated: boolean }[]>`select cost_usd, simulated from model_usage where user_id = ${s.userId} and kind = 'volume'`
    expect(usage).toEqual([{ cost_usd: '0.010300', simulated: true }])
    const fetches = await db<{ n: number }[]>`select count(*)::int as n from volume_fetches where project_id = ${project.id}`
    expect(fetches[0].n).toBe(1)

    // A query added later is fetched alone.
    const edited = await s.json(`/api/projects/${project.id}`, { method: 'PUT', json: { queries: [...queries, `trail running poles ${token}`] } })
    expect([200, 201]).toContain(edited.status)
    // 1 keyword: 0.01 + 0.0001 = 0.0101
    expect(await refresh(project.id)).toMatchObject({ fetched: 1, cached: 3, costUsd: 0.0101 })
  })

  it('says the source is missing instead of asking anyone when no provider is configured', async () => {
    const s = await signUp()
    const project = await createProject(s, { queries: [`best hiking boots ${randomBytes(4).toString('hex')}`] })
    const db = await sql()
    // A model key but no DataForSEO credentials, outside demo mode.
    const none = createVolumeActivities({ sql: db, config: volumeProviderConfig({ OPENAI_API_KEY: 'sk-test' }) })
    expect(await none.refreshVolumes({ projectId: project.id })).toMatchObject({ status: 'not_configured', fetched: 0 })
    expect((await db`select count(*)::int as n from model_usage where user_id = ${s.userId} and kind = 'volume'`)[0].n).toBe(0)
  })

  it('makes no paid call once the owner has spent the daily cost cap', async () => {
    const s = await signUp()
    const project = await createProject(s, { queries: [`best trail poles ${randomBytes(4).toString('hex')}`] })
    const db = await sql()
    await db`insert into model_usage (user_id, kind, cost_usd) values (${s.userId}, 'test', 10.5)`
    // Real (not simulated) credentials, pointed at the simulator; a cap of $10 already spent ($10.50).
    const paid = { ...demo(), simulated: false }
    const acts = createVolumeActivities({ sql: db, config: paid, dailyCostCapUsd: 10 })
    expect(await acts.refreshVolumes({ projectId: project.id })).toMatchObject({ status: 'over_budget', fetched: 0, costUsd: 0 })
    expect((await db`select count(*)::int as n from volume_fetches where project_id = ${project.id}`)[0].n).toBe(0)
  })

  it("classifies the provider's documented errors: a refused task, a missing login", async () => {
    const market = { locationCode: 9999, locationName: 'Nowhere', languageCode: 'en' }
    const refused = await fetchVolumes(demo(), market, ['best running shoes']).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(VolumeProviderError)
    expect(refused).toMatchObject({ kind: 'permanent', statusCode: 40501, message: "DataForSEO's task failed: 40501 Invalid Field: 'location_code'." })

    // Without the Authorization header the API answers HTTP 401 with its envelope (status_code 40100).
    const noAuth: typeof fetch = (url, init) => {
      const headers = new Headers(init?.headers)
      headers.delete('authorization')
      return fetch(url, { ...init, headers })
    }
    const unauthorised = await fetchVolumes(demo(), { ...market, locationCode: 2826 }, ['best running shoes'], noAuth).catch((e: unknown) => e)
    expect(unauthorised).toMatchObject({ kind: 'configuration', message: 'DataForSEO answered HTTP 401: 40100 You are not authorized to access this resource.' })
  })
})

describe('volumes on the results and in the API', () => {
  it('Query Rank and Topics carry rounded volumes and the demand-weighted visibility (hand-worked)', async () => {
    const hw = await seedHandWorkedAnalysis()
    await seedHandVolumes()

    const rank = await resultsJson(hw.owner, { project: hw.projectId, analysis: hw.analysisId, tab: 'ranking-detail' })
    expect(rank.data.rows.map((r: any) => r.volume.label)).toEqual(VOLUME_FIGURES.labels)
    expect(rank.data.volume).toMatchObject({
      status: 'ready',
      source: VOLUME_FIGURES.source,
      weighted: { weighted: VOLUME_FIGURES.weighted, unweighted: VOLUME_FIGURES.unweighted, withoutEstimate: 1, withoutEstimateShare: VOLUME_FIGURES.withoutEstimateShare },
    })
    const topics = await resultsJson(hw.owner, { project: hw.projectId, analysis: hw.analysisId, tab: 'topics' })
    expect(topics.data.groupVolumes).toEqual(VOLUME_FIGURES.topics)

    // The setup's query list (the project opened for editing) shows each saved query's estimate.
    const setup = await hw.owner.json(`/?phase=1&project=${hw.projectId}&_data=routes%2F_index`)
    expect(setup.body.editing.volumes.column).toMatchObject({ status: 'ready', source: VOLUME_FIGURES.source })
    expect(Object.values(setup.body.editing.volumes.byQuery).map((v: any) => v.label)).toEqual(VOLUME_FIGURES.labels)

    const key = await createKey(hw.owner, 'volume', ['read'])
    const api = new KeyClient(key.key)
    const ranks = await api.call(`/api/v1/projects/${hw.projectId}/query-ranks`)
    expect(ranks.status).toBe(200)
    expect(ranks.body.rows.map((r: any) => r.volume)).toEqual(VOLUME_FIGURES.rounded.map((rounded, i) => ({ rounded, label: VOLUME_FIGURES.labels[i], history: VOLUME_FIGURES.histories[i] })))
    expect(ranks.body.volume.weighted).toMatchObject({ weighted: VOLUME_FIGURES.weighted, unweighted: VOLUME_FIGURES.unweighted })
  })
})
