/** The Model Admin tab: the model cards and the per-analysis sessions of every model of the project. */
import { ANSWERED, type TabContext } from './results-data.server'
import { MODELS, modelColumns } from '../domain/models'
import { isoDay, today } from '../domain/analyses'
import type { ManagementSession, ModelAdminData, ModelCard } from '../domain/results/types'
import type { Db } from '../../db/client'

const FAILURE_CHARS = 80
const FAILURES_SHOWN = 3

export async function modelAdmin(sql: Db, c: TabContext): Promise<ModelAdminData> {
  // Counts without ordering (a hash aggregate over every answer of the project), and the
  // few failed queries separately: sorting all answers for them would cost far more.
  const [counts, running, sessionRows, failedRows] = await Promise.all([
    sql<{ model_id: number; answered: number }[]>`
      select model_id, count(*) filter (where ${ANSWERED(sql)})::int as answered
      from api_responses where analysis_id = ${c.analysisId} group by model_id`,
    sql<{ model_ids: number[] }[]>`select model_ids from model_runs where analysis_id = ${c.analysisId} and status = 'running'`,
    sql<{ model_id: number; analysis_id: number; date: Date; expected: number; received: number; successful: number; avg_length: number | null }[]>`
      select s.model_id, a.id as analysis_id, a.date, (jsonb_array_length(a.queries) * a.samples_per_query)::int as expected, s.received, s.successful, s.avg_length
      from (
        select r.analysis_id, r.model_id, count(*)::int as received,
          count(*) filter (where ${ANSWERED(sql, 'r.')})::int as successful,
          round(avg(octet_length(r.response)) filter (where ${ANSWERED(sql, 'r.')}))::int as avg_length
        from api_responses r
        where r.analysis_id in (select id from analyses where project_id = ${c.projectId})
        group by r.analysis_id, r.model_id
      ) s join analyses a on a.id = s.analysis_id
      order by a.date desc, a.id desc`,
    sql<{ analysis_id: number; model_id: number; query: string }[]>`
      select analysis_id, model_id, query from (
        select r.analysis_id, r.model_id, r.query, row_number() over (partition by r.analysis_id, r.model_id order by r.query_index, r.sample) as n
        from api_responses r
        where r.analysis_id in (select id from analyses where project_id = ${c.projectId}) and not ${ANSWERED(sql, 'r.')}
      ) f where n <= ${FAILURES_SHOWN}
      order by analysis_id, model_id, n`,
  ])
  const failuresOf = new Map<string, string[]>()
  for (const f of failedRows) {
    const key = `${f.analysis_id}:${f.model_id}`
    failuresOf.set(key, [...(failuresOf.get(key) ?? []), f.query])
  }
  const sessions = sessionRows.map((s) => ({ ...s, failures: failuresOf.get(`${s.analysis_id}:${s.model_id}`) ?? [] }))
  const runningIds = new Set(running.flatMap((r) => r.model_ids))
  const answered = new Map(counts.map((x) => [x.model_id, x.answered]))
  // The six models' cards, and an engine's card once the analysis holds its answers.
  const shown = new Set(modelColumns([...answered.keys(), ...runningIds]))
  const cards: ModelCard[] = [
    ...MODELS.filter((m) => shown.has(m.id)).map((m) => ({
      id: m.id,
      name: m.name,
      costLabel: m.costLabel,
      addKey: m.addKey,
      answered: answered.get(m.id) ?? 0,
      running: runningIds.has(m.id),
      disabled: c.isLightMode && m.id !== 8,
    })),
    { id: 2, name: 'ChatGPT 5 (legacy)', costLabel: 'Standard', addKey: null, answered: 0, running: false, disabled: true, fixed: 'active' as const },
    { id: 7, name: 'OpenAI o3', costLabel: 'Premium', addKey: null, answered: 0, running: false, disabled: true, fixed: 'unavailable' as const },
  ]
  const day = today()
  const management = MODELS.map((m) => ({
    modelId: m.id,
    name: m.name,
    sessions: sessions
      .filter((s) => s.model_id === m.id)
      .map((s): ManagementSession => {
        const total = Math.max(s.expected, s.received)
        const failed = Math.max(0, total - s.successful)
        const failures = s.failures.map((q) => (q.length > FAILURE_CHARS ? `${q.slice(0, FAILURE_CHARS)}...` : q))
        return {
          analysisId: s.analysis_id,
          date: isoDay(s.date),
          isToday: isoDay(s.date) === day,
          total,
          successful: s.successful,
          failed,
          avgLength: s.avg_length ?? 0,
          failures,
          moreFailures: Math.max(0, failed - failures.length),
        }
      }),
  })).filter((g) => g.sessions.length > 0)
  return { tab: 'model-admin', analysisId: c.analysisId, projectId: c.projectId, cards, management }
}
