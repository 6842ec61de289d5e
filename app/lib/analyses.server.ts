import { db } from './db.server'
import type { User } from './auth.server'
import type { BudgetTicket } from './model-budget.server'
import { badRequest } from './http.server'
import { forgetWorkflow, temporal } from './temporal.server'
import { modelById } from '../domain/models'
import { reparseAnswers } from '../../db/results'
import { brandList, isActiveStatus, isoDay, today } from '../domain/analyses'
import { lockUser } from '../../db/locks'
import { getAnalysis, type RunRow } from './analyses-progress.server'
import { recomputeResults } from './analyses-maintenance.server'
import { startAddModel } from './analyses-start.server'

export { ACTIVE_STATUSES, isActiveStatus, type AnalysisStatus } from '../domain/analyses'
export type { AnalysisRow } from '../../db/runs'
export { getAnalysis, progressOf, type RunRow } from './analyses-progress.server'
export { canAnalyseToday, startAddModel, startAnalysis } from './analyses-start.server'
export { analysisToFollow, apiResponsesOf, listAnalyses, serializeAnalysis, serializeApiResponse, type ApiResponseRow } from './analyses-list.server'
export { cleanupStuck, completeStale } from './analyses-maintenance.server'

/*
 * Analyses: this module changes them (cancel, delete, a model's answers removed or refreshed, mentions rebuilt) and
 * re-exports the rest, split by concern: reading and live progress (analyses-progress), starting runs
 * (analyses-start), listing and JSON shapes (analyses-list), clean-ups (analyses-maintenance).
 */

/** Cancels every running workflow of the analysis through Temporal (the same as Cancel in the Temporal UI). */
export async function cancelAnalysis(user: User, id: number) {
  const { analysis } = await getAnalysis(user, id, 'write')
  const sql = db()
  const runs = await sql<RunRow[]>`select * from model_runs where analysis_id = ${id} and status = 'running'`
  const client = await temporal()
  for (const run of runs) {
    await client.workflow.getHandle(run.workflow_id).cancel().catch(() => {})
    forgetWorkflow(run.workflow_id)
  }
  // The workflow records its own end; wait briefly so the answer reflects it.
  for (let i = 0; i < 50; i++) {
    const fresh = (await getAnalysis(user, id)).analysis
    if (!isActiveStatus(fresh.status) || runs.length === 0) return fresh
    await new Promise((r) => setTimeout(r, 200))
  }
  return analysis
}

export async function deleteAnalysis(user: User, id: number) {
  await getAnalysis(user, id, 'write')
  const sql = db()
  const runs = await sql<RunRow[]>`select * from model_runs where analysis_id = ${id} and status = 'running'`
  if (runs.length) {
    const client = await temporal()
    for (const run of runs) {
      await client.workflow.getHandle(run.workflow_id).terminate('Analysis deleted by its owner').catch(() => {})
      forgetWorkflow(run.workflow_id)
    }
  }
  await sql`delete from analyses where id = ${id}`
}

/** POST /api/analyses/{id}/manage {action: delete|refresh, modelId}. */
export async function manageModel(user: User, id: number, action: 'delete' | 'refresh', modelId: number, ticket: BudgetTicket | null) {
  const { analysis } = await getAnalysis(user, id, 'write')
  const model = modelById(modelId)
  if (!model) badRequest(`Unknown model ${modelId}`)
  if (action === 'delete') {
    // Under the per-user lock, like starting a run: the answers and the results change together.
    const deleted = await db().begin(async (tx) => {
      await lockUser(tx, user.id)
      const rows = await tx`delete from api_responses where analysis_id = ${id} and model_id = ${modelId} returning id`
      await recomputeResults(tx, analysis)
      return rows.length
    })
    return { ok: true, action, modelId, model: model.name, deleted, message: `${model.name} analysis data has been removed` }
  }
  if (isoDay(analysis.date) !== today()) badRequest("Only today's analysis can be refreshed")
  if (!ticket) throw new Error('A refresh calls models: admit it with admitModelWork first')
  const run = await startAddModel(user, id, modelId, ticket, 'refresh')
  return { ok: true, action, ...run, message: 'Model analysis has been updated for today' }
}

/** POST /api/analyses/{id}/rebuild-mentions: re-parse with the project's current brands and alternative names, in one transaction. */
export async function rebuildMentions(user: User, id: number) {
  const { analysis, project } = await getAnalysis(user, id, 'write')
  const brands = { brand: { ...project.brandDetails, name: project.brandDomain }, competitors: project.competitorDetails }
  const { updated, results } = await db().begin(async (tx) => {
    // The row lock orders two rebuilds of one analysis: each re-parses and aggregates with the brands it wrote.
    await tx`select id from analyses where id = ${id} for update`
    await tx`update analyses set brands = ${tx.json(brands as any)} where id = ${id}`
    const updated = await reparseAnswers(tx, id, brandList(brands), project.language)
    return { updated, results: await recomputeResults(tx, { ...analysis, brands }) }
  })
  return { success: true, updatedResponses: updated, brands: results.brands.length }
}

