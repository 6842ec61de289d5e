import { modelName } from '../app/domain/models'
import { modelChangeMessage } from '../app/domain/canaries'
import type { Db } from './client'

export interface ModelChangeRow {
  date: string
  modelId: number
  model: string
  reasons: string[]
  message: string
}

/** The model changes the canaries flagged on a project, oldest first; between two dates when given. */
export async function modelChangesOf(sql: Db, projectId: number, range: { from?: string; to?: string } = {}): Promise<ModelChangeRow[]> {
  const rows = await sql<{ date: string; model_id: number; reasons: string[]; message: string }[]>`
    select date::text as date, model_id, reasons, message from canary_flags
    where project_id = ${projectId} ${range.from ? sql`and date >= ${range.from}` : sql``} ${range.to ? sql`and date <= ${range.to}` : sql``}
    order by date, model_id`
  return rows.map((r) => ({ date: r.date, modelId: r.model_id, model: modelName(r.model_id), reasons: r.reasons, message: r.message }))
}

/** Stores a flag and its alert (the bell and the webhook read trend_alerts); a retried check writes nothing twice. */
export async function storeModelChange(sql: Db, input: { projectId: number; analysisId: number; date: string; modelId: number; reasons: string[] }) {
  const message = modelChangeMessage(modelName(input.modelId), input.date)
  await sql`
    insert into canary_flags (project_id, date, model_id, reasons, message) values (${input.projectId}, ${input.date}, ${input.modelId}, ${input.reasons}, ${message})
    on conflict (project_id, date, model_id) do nothing`
  await sql`
    insert into trend_alerts (project_id, analysis_id, metric, message, data)
    values (${input.projectId}, ${input.analysisId}, ${`model-change-${input.modelId}`}, ${message}, ${sql.json({ modelId: input.modelId, reasons: input.reasons, date: input.date })})
    on conflict (analysis_id, metric) do nothing`
  return message
}

/** What the canaries cost the project: all of it and the last 30 days (USD; simulated calls priced as real ones). */
export async function canaryCostOf(sql: Db, projectId: number) {
  const [row] = await sql<{ total: number; last30: number; answers: number; simulated: boolean }[]>`
    select coalesce(sum(cost_usd), 0)::float8 as total,
      coalesce(sum(cost_usd) filter (where date > current_date - 30), 0)::float8 as last30,
      count(*)::int as answers, coalesce(bool_or(simulated), false) as simulated
    from canary_answers where project_id = ${projectId}`
  return row
}
