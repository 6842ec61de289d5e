/**
 * Whether a project may start an analysis now ("Add Analysis allowed only when account active, quota left, and
 * the project can be analysed today"): one rule for a click on Add Analysis (app/lib/analyses.server.ts) and the
 * daily scheduled run (activities/trends.ts). Call it inside the transaction that creates the analysis, after
 * `lockUser`, so two requests at once cannot both pass.
 */
import type postgres from 'postgres'
import { ACTIVE_STATUSES } from '../app/domain/analyses'
import { ANALYSE_AGAIN_QUESTION } from '../app/domain/limits'
import type { Db } from './client'

type Tx = postgres.TransactionSql<any>

/**
 * A refusal with the spec's limit message and the HTTP status a click answers with; a refusal by the daily cost
 * cap (429) carries when the cap resets (the Retry-After).
 */
export class AnalysisRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 | 429,
    readonly resetsAt: string | null = null,
  ) {
    super(message)
  }
}

export interface AdmissionInput {
  userId: number
  projectId: number
  isActive: boolean
  isAdmin: boolean
  maxAnalyses: number | null
  queryCount: number
  competitorCount: number
  /** The analysis day (UTC, `today()`). */
  day: string
  /** A person asks (a click, not the daily schedule): an admin is then asked to confirm a second run today. */
  byPerson?: boolean
  /** An admin confirmed a second run of the project today (ANALYSE_AGAIN_QUESTION). */
  again?: boolean
}

/**
 * Analyses that count against the user's quota: the brand analyses of their projects and their content optimiser
 * runs (README, "Content optimiser": each run counts). The Profile page and `limitsOf` read the same figure.
 */
export async function analysesUsed(tx: Db, userId: number): Promise<number> {
  const [{ n }] = await tx<{ n: number }[]>`
    select (select count(*) from analyses a join projects p on p.id = a.project_id where p.user_id = ${userId})::int
      + (select count(*) from content_analyses c where c.user_id = ${userId})::int as n`
  return n
}

/**
 * Checks, in order: account paused, no queries, no competitors, already analysed today (an admin may confirm another
 * run, `again`), an analysis of the project
 * still running (from an earlier day), quota. A failed or cancelled run of today is restarted in place and does not
 * count again: its id is returned and the quota is not checked.
 */
export async function admitAnalysis(tx: Tx, i: AdmissionInput): Promise<{ restartable: number | null }> {
  if (!i.isActive) throw new AnalysisRefused('Account paused - contact admin', 403)
  if (i.queryCount === 0) throw new AnalysisRefused('Add at least one query before starting an analysis', 400)
  if (i.competitorCount === 0) throw new AnalysisRefused('Add at least one competitor before starting an analysis', 400)
  const [today] = await tx<{ n: number }[]>`
    select count(*)::int as n from analyses where project_id = ${i.projectId} and date = ${i.day} and status not in ('failed', 'cancelled')`
  if (today.n > 0 && !(i.isAdmin && i.byPerson && i.again)) {
    // An admin may run it again once they confirm; the question is the refusal (409) they answer.
    if (i.isAdmin && i.byPerson) throw new AnalysisRefused(ANALYSE_AGAIN_QUESTION, 409)
    throw new AnalysisRefused('Daily limit reached for this project', 403)
  }
  const [running] = await tx<{ n: number }[]>`
    select count(*)::int as n from analyses where project_id = ${i.projectId} and status in ${tx([...ACTIVE_STATUSES])}`
  if (running.n > 0) throw new AnalysisRefused('The previous analysis of this project is still running', 409)
  const [restartable] = await tx<{ id: number }[]>`
    select id from analyses where project_id = ${i.projectId} and date = ${i.day} and status in ('failed', 'cancelled') order by created_at desc limit 1`
  if (restartable) return { restartable: restartable.id }
  if (!i.isAdmin && i.maxAnalyses !== null) {
    const remaining = Math.max(0, i.maxAnalyses - (await analysesUsed(tx, i.userId)))
    if (remaining <= 0) throw new AnalysisRefused(`Analysis limit reached (${remaining} remaining)`, 403)
  }
  return { restartable: null }
}
