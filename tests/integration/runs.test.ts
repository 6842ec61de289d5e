/**
 * One way to create a run (db/runs.ts createAnalysisRun): the daily schedule's start (activities/trends.ts) and a
 * click on Add Analysis (POST /api/projects/{id}/analyse-today) of the same project write the same analysis row,
 * the same run row, the same waiting progress and hand the workflow the same input. Expected values are written
 * out from the sample project (tests/support/flows.ts), not computed by the code under test.
 */
import { defaultPayloadConverter } from '@temporalio/common'
import { temporalClientForTests } from '../support/temporal-client'
import { createProject, setLimits, signUp, sql, waitForAnalysis } from '../support/flows'

const temporal = temporalClientForTests()

const QUERIES = ['best running shoes for flat feet', 'most comfortable marathon shoes', 'best cushioned running shoes uk']
const MODELS: [number, string][] = [[3, 'Claude Sonnet 4'], [5, 'Perplexity Sonar'], [6, 'Gemini 2.0 Flash'], [8, 'ChatGPT 5'], [9, 'Grok-4'], [10, 'DeepSeek V3']]

/** Six models × three queries × one sample = 18 calls; each model waits with 3 to do. */
const waiting = {
  progressBars: { calls: { label: 'AI model calls', current: 0, total: 18 }, saving: { label: 'Answers saved', current: 0, total: 18 } },
  modelStatus: Object.fromEntries(
    MODELS.map(([id, name]) => [String(id), { name, status: 'waiting', completed: 0, total: 3, failed: 0, startTime: null, completedTime: null, currentQuery: null, error: null }]),
  ),
  phase: 'Starting',
  message: 'Waiting for the analysis worker to pick up the run...',
  currentModel: null,
  progressPercent: 0,
  queriesCompleted: 0,
  queriesTotal: 18,
  estimatedTimeRemaining: null,
  isComplete: false,
}

interface Written {
  analysis: Record<string, unknown>
  run: Record<string, unknown>
}

async function rowsOf(analysisId: number): Promise<Written> {
  const db = await sql()
  const [analysis] = await db`
    select status, date::text as date, is_light_mode, model_ids, samples_per_query, queries, brands, progress, error, user_id
    from analyses where id = ${analysisId}`
  const [run] = await db`select kind, model_ids, workflow_id, status, progress, error from model_runs where analysis_id = ${analysisId}`
  return { analysis, run }
}

/** The input the run's workflow was started with, read from its history as an operator would. */
async function startedInput(workflowId: string) {
  const history = await temporal.client.workflow.getHandle(workflowId).fetchHistory()
  const payload = history.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads?.[0]
  return defaultPayloadConverter.fromPayload(payload!) as Record<string, unknown>
}

describe('a scheduled run and a clicked run of the same project', () => {
  it('write the same rows and waiting progress and start the same workflow input', async () => {
    const owner = await signUp()
    await setLimits(owner.userId, { maxProjects: 5, maxAnalyses: 5 })
    const project = await createProject(owner)
    const db = await sql()
    const day = new Date().toISOString().slice(0, 10)

    const expectedRows = (analysisId: number): Written => ({
      analysis: {
        status: 'pending',
        date: day,
        is_light_mode: false,
        model_ids: MODELS.map(([id]) => id),
        samples_per_query: 1,
        queries: QUERIES.map((query, index) => ({ index, query, topic: null, audience: null, audienceContext: null })),
        brands: {
          brand: { name: 'Brooks', alternativeNames: [], domains: [] },
          competitors: ['Nike', 'Asics', 'Hoka', 'New Balance'].map((name) => ({ name, alternativeNames: [], domains: [] })),
        },
        progress: waiting,
        error: null,
        user_id: owner.userId,
      },
      run: { kind: 'analysis', model_ids: MODELS.map(([id]) => id), workflow_id: `analysis-${analysisId}`, status: 'running', progress: waiting, error: null },
    })
    const expectedInput = (analysisId: number, runId: number) => ({
      analysisId,
      runId,
      kind: 'analysis',
      models: MODELS.map(([modelId, name]) => ({ modelId, name, concurrency: 8 })),
      queries: QUERIES.map((query, index) => ({ index, query })),
      samples: 1,
      // The test stack sets SOURCE_SEARCH_AFTER_ANALYSIS=false.
      sourceSearch: false,
    })

    // The schedule's start, as its workflow's activity runs it in the worker (whose environment says no source
    // search); the child workflow is not started here.
    const { createTrendActivities } = await import('../../activities/trends')
    const before = process.env.SOURCE_SEARCH_AFTER_ANALYSIS
    process.env.SOURCE_SEARCH_AFTER_ANALYSIS = 'false'
    const scheduled = await createTrendActivities({ sql: db })
      .startScheduledAnalysis({ projectId: project.id, workflowId: `daily-analysis-${project.id}-test` })
      .finally(() => (before === undefined ? delete process.env.SOURCE_SEARCH_AFTER_ANALYSIS : (process.env.SOURCE_SEARCH_AFTER_ANALYSIS = before)))
    if (scheduled.outcome !== 'started') throw new Error(`scheduled run skipped: ${scheduled.reason}`)
    const scheduledRows = await rowsOf(scheduled.analysisId)
    expect(scheduledRows).toEqual(expectedRows(scheduled.analysisId))
    const [{ id: scheduledRunId }] = await db<{ id: number }[]>`select id from model_runs where analysis_id = ${scheduled.analysisId}`
    expect(scheduled.input).toEqual(expectedInput(scheduled.analysisId, scheduledRunId))

    // Remove it (nothing started it), then click on Add Analysis for the same project and the same day.
    await db`delete from analyses where id = ${scheduled.analysisId}`
    const click = await owner.json(`/api/projects/${project.id}/analyse-today`, { method: 'POST' })
    expect(click.status).toBe(201)
    const clickedId: number = click.body.analysisId
    // The answer shows the row as written, before the worker moved it.
    expect(click.body).toMatchObject({ status: 'pending', progressDetails: waiting, modelIds: MODELS.map(([id]) => id), queryCount: 3, samplesPerQuery: 1 })
    const [{ id: clickedRunId }] = await db<{ id: number }[]>`select id from model_runs where analysis_id = ${clickedId}`
    expect(await startedInput(`analysis-${clickedId}`)).toEqual(expectedInput(clickedId, clickedRunId))
    await waitForAnalysis(owner, clickedId)
    // The columns the worker does not write are as a scheduled run writes them.
    const clicked = (await rowsOf(clickedId)).analysis
    const { status: _s, progress: _p, error: _e, ...fixed } = expectedRows(clickedId).analysis
    expect(clicked).toMatchObject(fixed)
  })
})
