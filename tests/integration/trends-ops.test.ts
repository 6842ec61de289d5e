/**
 * The daily scheduled run as an operator sees it in the Temporal UI: the schedule's run, the analysis it starts and
 * that analysis's trend-alert check all carry ProjectId, UserEmail, Brand and RunKind, so `ProjectId = N` finds the
 * scheduled analyses too. Histories recorded before the runs carried them still replay against the current code.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { testEnv } from '../support/env'
import { temporalClientForTests } from '../support/temporal-client'
import { createProject, resetSimulator, setLimits, signUp, simulator, sql, until, waitForAnalysis } from '../support/flows'
import { temporalBinary } from '../../scripts/stack'
import { SEARCH_ATTRIBUTE_INDEX_TYPES } from '../../workflows/search-attributes'

const temporal = temporalClientForTests()

afterAll(async () => {
  await resetSimulator()
})

async function list(query: string) {
  const found: { workflowId: string; type: string; attributes: Record<string, unknown> }[] = []
  for await (const w of temporal.client.workflow.list({ query })) {
    // Ours only: Temporal adds its own (BuildIds, TemporalChangeVersion of patches, TemporalScheduledById).
    const ours = w.typedSearchAttributes.getAll().filter((p) => p.key.name in SEARCH_ATTRIBUTE_INDEX_TYPES)
    found.push({ workflowId: w.workflowId, type: w.type, attributes: Object.fromEntries(ours.map((p) => [p.key.name, p.value])) })
  }
  return found.sort((a, b) => a.type.localeCompare(b.type))
}

/** Each replay runs in a fresh Node process (tests/support/replay.ts says why). */
function replay(file: string, workflowId: string) {
  const node = path.join(process.cwd(), 'node_modules', '.bin', 'node')
  const r = spawnSync(node, ['--import', 'tsx', path.join('tests', 'support', 'replay.ts'), file, workflowId], { cwd: process.cwd(), encoding: 'utf8', timeout: 120_000 })
  return { ok: r.status === 0, output: `${r.stdout}\n${r.stderr}`.trim() }
}

/** `temporal workflow show -o json`, as an operator exports a history; kept in test-artifacts/ to record a new fixture. */
function recordHistory(workflowId: string, name: string) {
  const shown = spawnSync(temporalBinary() ?? 'temporal', ['workflow', 'show', '--workflow-id', workflowId, '--address', testEnv().temporalAddress, '-o', 'json'], { encoding: 'utf8' })
  expect(shown.status, shown.stderr).toBe(0)
  const file = path.join(testEnv().artifactsDir, name)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, shown.stdout)
  return file
}

describe('scheduled runs in the Temporal UI', () => {
  it('the daily run, its analysis and its alert check are found by `ProjectId = N` with user, brand and kind', async () => {
    await simulator({ day: '2025-05-21', seed: 'trends-ops' })
    const owner = await signUp()
    await setLimits(owner.userId, { maxProjects: 5, maxAnalyses: 5 })
    const project = await createProject(owner)
    const schedule = `/api/projects/${project.id}/daily-schedule`
    expect((await owner.json(schedule, { method: 'POST', json: { action: 'enable', hour: 6, timeZone: 'UTC' } })).status).toBe(200)

    // The schedule's action carries the labels, so every run it starts carries them.
    const described = await temporal.client.schedule.getHandle(`daily-analysis-${project.id}`).describe()
    const action = described.action.type === 'startWorkflow' ? described.action.typedSearchAttributes : undefined
    const actionLabels = Object.fromEntries((action === undefined ? [] : Array.isArray(action) ? action : action.getAll()).map((p) => [p.key.name, p.value]))

    await owner.json(schedule, { method: 'POST', json: { action: 'trigger' } })
    const db = await sql()
    let run: { workflow_id: string; analysis_id: number | null } | undefined
    await until('the scheduled run to start an analysis', async () => {
      ;[run] = await db<{ workflow_id: string; analysis_id: number | null }[]>`select workflow_id, analysis_id from scheduled_runs where project_id = ${project.id}`
      return Boolean(run)
    }, 150_000)
    expect(run!.analysis_id).toEqual(expect.any(Number))
    const analysisId = run!.analysis_id!
    await waitForAnalysis(owner, analysisId)
    await temporal.client.workflow.getHandle(run!.workflow_id).result()
    const [{ id: runId }] = await db<{ id: number }[]>`select id from model_runs where analysis_id = ${analysisId} and kind = 'analysis'`
    await temporal.client.workflow.getHandle(`trend-alerts-${analysisId}-${runId}`).result()

    // Histories an operator would export: new fixtures are recorded from these.
    recordHistory(run!.workflow_id, 'daily-analysis-workflow-history.json')
    recordHistory(`analysis-${analysisId}`, 'scheduled-analysis-workflow-history.json')

    expect(actionLabels).toEqual({ ProjectId: project.id, UserEmail: owner.email, Brand: 'Brooks', RunKind: 'daily-analysis' })
    let runs: Awaited<ReturnType<typeof list>> = []
    // The analysis, its canaries, the daily run and its alert check.
    await until('the four runs of the project in Temporal visibility', async () => (runs = await list(`ProjectId = ${project.id}`)).length === 4, 30_000, 250)
    const labels = { ProjectId: project.id, UserEmail: owner.email, Brand: 'Brooks' }
    expect(runs).toEqual([
      { workflowId: `analysis-${analysisId}`, type: 'analysisWorkflow', attributes: { ...labels, RunKind: 'analysis' } },
      { workflowId: `canaries-${analysisId}`, type: 'canaryWorkflow', attributes: { ...labels, RunKind: 'canaries' } },
      { workflowId: run!.workflow_id, type: 'dailyAnalysisWorkflow', attributes: { ...labels, RunKind: 'daily-analysis' } },
      { workflowId: `trend-alerts-${analysisId}-${runId}`, type: 'trendAlertsWorkflow', attributes: { ...labels, RunKind: 'trend-alerts' } },
    ])
    expect(await (await temporal.client.workflow.getHandle(`analysis-${analysisId}`).describe()).staticSummary()).toBe(
      `Scheduled analysis ${analysisId} · Brooks · project ${project.id} · ${owner.email}`,
    )
    expect(await (await temporal.client.workflow.getHandle(run!.workflow_id).describe()).staticSummary()).toBe(`Daily analysis of Brooks (project ${project.id}) · ${owner.email}`)

    await temporal.client.schedule.getHandle(`daily-analysis-${project.id}`).delete()
  })
})

describe('scheduled run replay', () => {
  // Recorded before the scheduled runs carried search attributes: a daily run and the analysis it started.
  it.each([
    ['daily-analysis-workflow-history.json', 'recorded-daily-analysis'],
    ['scheduled-analysis-workflow-history.json', 'recorded-scheduled-analysis'],
  ])('replays the committed history %s', (file, workflowId) => {
    const r = replay(path.join(process.cwd(), 'tests', 'fixtures', file), workflowId)
    expect(r.ok, r.output).toBe(true)
  })
})
