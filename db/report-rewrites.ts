/**
 * The report summary's model rewrites (report_rewrites) and the setting that allows them (report_brandings'
 * rewrite_summary: a project's value over its owner's account's, off when neither is set). Shared by the app (the
 * report and its start route) and the worker's activity.
 */
import { createHash } from 'node:crypto'
import type { Db } from './client'

/** The key of the facts a rewrite was written from: the computed summary's language, headings and sentences. */
export function rewriteFactsKey(lang: string, sections: readonly { heading: string; sentences: readonly string[] }[]): string {
  return createHash('sha256').update(JSON.stringify([lang, sections.map((s) => [s.heading, s.sentences])])).digest('hex')
}

export interface StoredRewrite {
  id: number
  status: 'pending' | 'accepted' | 'rejected' | 'failed'
  paragraphs: string[] | null
  unknownFigures: number[]
  provider: string | null
  simulated: boolean
  error: string | null
  /** Pending for longer than its workflow may run (10 minutes): it will never be judged. */
  stale: boolean
}

/** The latest rewrite of these facts of the analysis, or null. */
export async function latestRewrite(sql: Db, analysisId: number, factsKey: string): Promise<StoredRewrite | null> {
  const [r] = await sql<{ id: string; status: StoredRewrite['status']; paragraphs: string[] | null; unknown_figures: number[]; provider: string | null; simulated: boolean; error: string | null; stale: boolean }[]>`
    select id, status, paragraphs, unknown_figures, provider, simulated, error,
      status = 'pending' and created_at < now() - interval '10 minutes' as stale
    from report_rewrites
    where analysis_id = ${analysisId} and facts_key = ${factsKey} order by id desc limit 1`
  return r ? { id: Number(r.id), status: r.status, paragraphs: r.paragraphs, unknownFigures: r.unknown_figures.map(Number), provider: r.provider, simulated: r.simulated, error: r.error, stale: r.stale } : null
}

/** Whether a model may rewrite this project's report summaries: the project's setting, else its owner's, else off. */
export async function rewriteEnabled(sql: Db, projectId: number): Promise<{ project: boolean | null; account: boolean | null; enabled: boolean }> {
  const [r] = await sql<{ project: boolean | null; account: boolean | null }[]>`
    select (select rewrite_summary from report_brandings where project_id = p.id) as project,
           (select rewrite_summary from report_brandings where user_id = p.user_id) as account
    from projects p where p.id = ${projectId}`
  const project = r?.project ?? null
  const account = r?.account ?? null
  return { project, account, enabled: project ?? account ?? false }
}
