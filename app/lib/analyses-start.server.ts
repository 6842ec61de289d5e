/**
 * Starting runs from the app: an analysis (a click on Add Analysis, the REST API, MCP; created by db/runs.ts as the
 * daily schedule creates it), an add-model or refresh run, and whether Add Analysis would be admitted now.
 */
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client'
import { db } from './db.server'
import { limitsOf, type User } from './auth.server'
import type { BudgetTicket } from './model-budget.server'
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from './http.server'
import { getProject } from './projects.server'
import { startAnalysisWorkflow } from './temporal.server'
import { isEngineModel, LIGHT_MODE_MODEL_IDS, modelById, type ModelId } from '../domain/models'
import { ENGINES_TIER_MESSAGE, mayUseEngines } from '../domain/engines/tiers'
import { isActiveStatus, today } from '../domain/analyses'
import { ANALYSE_AGAIN_QUESTION } from '../domain/limits'
import { lockUser } from '../../db/locks'
import { admitAnalysis, AnalysisRefused } from '../../db/analysis-admission'
import { createAnalysisRun, insertRun, type AnalysisRow, type PlannedRun } from '../../db/runs'
import { moveAnalysis, moveRuns } from '../../db/run-status'
import { env } from './env.server'
import { getAnalysis } from './analyses-progress.server'
import { autoRefreshVolumes } from './volume.server'

/** Answers a refusal of db/runs.ts or db/analysis-admission.ts with its HTTP status. */
function refuse(err: AnalysisRefused): never {
  if (err.status === 400) badRequest(err.message)
  if (err.status === 404) notFound(err.message)
  if (err.status === 409) conflict(err.message)
  if (err.status === 429) tooManyRequests(err.message, (Date.parse(err.resetsAt ?? '') - Date.now()) / 1000 || 60)
  forbidden(err.message)
}

/** Starts the run's workflow once its rows are committed; if Temporal refuses, the run (and a first analysis run) is marked failed. */
async function launchRun(run: PlannedRun, ticket: BudgetTicket) {
  const { analysisId, kind } = run.input
  try {
    await startAnalysisWorkflow(run.input, run, ticket)
  } catch (err) {
    const message = err instanceof WorkflowExecutionAlreadyStartedError ? 'This analysis is already running' : 'The analysis service (Temporal) is not reachable. Try again in a minute.'
    await db().begin(async (tx) => {
      await moveRuns(tx, { runId: run.runId }, 'failed', { error: message })
      if (kind === 'analysis') await moveAnalysis(tx, analysisId, 'failed', { error: message })
    })
    if (err instanceof WorkflowExecutionAlreadyStartedError) conflict(message)
    throw new Response(JSON.stringify({ error: message, message }), { status: 503, headers: { 'content-type': 'application/json' } })
  }
  return { runId: run.runId, workflowId: run.workflowId }
}

/**
 * GET /api/projects/{id}/can-analyse-today: whether Add Analysis would be admitted now. The decision is
 * `admitAnalysis` (db/analysis-admission.ts), the rule a click and the daily scheduled run apply (paused account, no
 * queries or competitors, one per project per day, a run still going, quota), asked with the same inputs as
 * startAnalysis in a read-only transaction, so the button and the click never disagree.
 */
export async function canAnalyseToday(user: User, projectId: number) {
  // (An admin's second run of the day is admitted after a confirmation: canAnalyse with the question to ask.)
  const project = await getProject(user, projectId)
  const day = today()
  const { refusal, confirm, analysesToday } = await db().begin('read only', async (tx): Promise<{ refusal: string | null; confirm?: string; analysesToday: number }> => {
    const [row] = await tx<{ n: number }[]>`
      select count(*)::int as n from analyses where project_id = ${projectId} and date = ${day} and status not in ('failed', 'cancelled')`
    try {
      await admitAnalysis(tx, {
        userId: user.id, projectId, isActive: user.isActive, isAdmin: user.isAdmin, maxAnalyses: user.maxAnalyses,
        queryCount: project.queries.length, competitorCount: project.competitors.length, day, byPerson: true,
      })
      return { refusal: null, analysesToday: row.n }
    } catch (err) {
      if (!(err instanceof AnalysisRefused)) throw err
      if (err.message === ANALYSE_AGAIN_QUESTION) return { refusal: null, confirm: err.message, analysesToday: row.n }
      return { refusal: err.message, analysesToday: row.n }
    }
  })
  const reasons = [...(project.accessType !== 'owner' ? ['Only the owner of this project can analyse it'] : []), ...(refusal ? [refusal] : [])]
  return { canAnalyse: reasons.length === 0, reason: reasons[0] ?? null, confirm: confirm ?? null, analysesToday, analysesRemaining: limitsOf(user).analysesRemaining }
}

/**
 * POST /api/projects/{id}/analyse-today (and analyze-today to restart a failed or cancelled run of today), the REST
 * API and MCP: the run is created by db/runs.ts createAnalysisRun, the function the daily schedule calls too, in one
 * transaction; the workflow starts once it is committed.
 */
export async function startAnalysis(user: User, projectId: number, ticket: BudgetTicket, opts: { again?: boolean } = {}): Promise<AnalysisRow> {
  const project = await getProject(user, projectId, 'write')
  const { analysis, run } = await db()
    .begin((tx) => createAnalysisRun(tx, projectId, { day: today(), dailyCostCapUsd: env().DAILY_COST_CAP_USD, byPerson: true, again: opts.again }))
    .catch((err: unknown) => {
      if (err instanceof AnalysisRefused) refuse(err)
      throw err
    })
  await launchRun(run, ticket)
  autoRefreshVolumes(project, user.email)
  return { ...analysis, workflow_id: run.workflowId }
}

/**
 * An add-model (or refresh) run of one model on an existing analysis. The checks and writes are one transaction
 * under the per-user lock that starting an analysis takes, so two clicks start one run.
 */
export async function startAddModel(user: User, analysisId: number, modelId: number, ticket: BudgetTicket, kind: 'add-model' | 'refresh' = 'add-model') {
  const { analysis } = await getAnalysis(user, analysisId, 'write')
  const model = modelById(modelId)
  if (!model) badRequest(`Unknown model ${modelId}`)
  if (!user.isActive) forbidden('Account paused - contact admin')
  if (analysis.is_light_mode && !LIGHT_MODE_MODEL_IDS.includes(modelId as ModelId)) forbidden('Only ChatGPT 5 runs in Light Mode')
  if (isEngineModel(modelId) && !mayUseEngines(user)) forbidden(ENGINES_TIER_MESSAGE)
  const run = await db().begin(async (tx) => {
    await lockUser(tx, user.id)
    const [fresh] = await tx<AnalysisRow[]>`select * from analyses where id = ${analysisId}`
    if (!fresh) notFound('Analysis not found')
    if (isActiveStatus(fresh.status)) conflict('Wait for the analysis to finish before adding a model')
    const [running] = await tx<{ n: number }[]>`select count(*)::int as n from model_runs where analysis_id = ${analysisId} and status = 'running' and ${modelId} = any(model_ids)`
    if (running.n > 0) conflict(`${model.name} analysis is already running for this analysis`)
    if (kind === 'add-model') {
      const [existing] = await tx<{ n: number }[]>`select count(*)::int as n from api_responses where analysis_id = ${analysisId} and model_id = ${modelId} and ok`
      if (existing.n > 0) badRequest(`${model.name} analysis already exists for this analysis`)
    }
    await tx`delete from api_responses where analysis_id = ${analysisId} and model_id = ${modelId}`
    // A refresh reads the engines afresh: no task of an earlier run is resumed.
    await tx`delete from engine_tasks where analysis_id = ${analysisId} and model_id = ${modelId}`
    const [row] = await tx<AnalysisRow[]>`
      update analyses set model_ids = case when ${modelId} = any(model_ids) then model_ids else array_append(model_ids, ${modelId}) end
      where id = ${analysisId} returning *`
    return insertRun(tx, row, kind, [modelId], user.email)
  })
  return { ...(await launchRun(run, ticket)), analysisId, modelId, model: model.name }
}

