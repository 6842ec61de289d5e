import type { ExperimentCell } from '../app/domain/experiments'
import { CARD_MODEL_IDS } from '../app/domain/models'
import type { Db } from './client'

/** A URL as a citation is compared: no scheme, no www., no trailing slash, lower case. */
export const normaliseUrl = (u: string) => u.trim().toLowerCase().replace(/^https?:\/\/(www\.)?/, '').replace(/\/+$/, '')

/**
 * Per model, query and day: the own brand's answer counts over the project's completed analyses (the latest of each
 * date, as Trends counts), for the given queries (by text, case-insensitive). The stored parse results, never
 * re-parsed; an answer counts when ok and not blank, from the six card models.
 */
export async function experimentCellsOf(sql: Db, projectId: number, queries: readonly string[], urls: readonly string[]): Promise<(Omit<ExperimentCell, 'query'> & { query: string })[]> {
  const lower = queries.map((q) => q.toLowerCase())
  const wanted = urls.map(normaliseUrl)
  const rows = await sql<{ date: string; model_id: number; query: string; answered: number; mentioned: number; ranked: number; rank_sum: number; cited: number }[]>`
    with days as (
      select distinct on (date) id, date, brands->'brand'->>'name' as own
      from analyses where project_id = ${projectId} and status = 'completed'
      order by date, id desc
    )
    select d.date::text as date, r.model_id, lower(r.query) as query, count(*)::int as answered,
      count(*) filter (where coalesce((r.mentions->>d.own)::numeric, 0) > 0)::int as mentioned,
      count(*) filter (where coalesce((r.rankings->>d.own)::numeric, 0) > 0)::int as ranked,
      coalesce(sum((r.rankings->>d.own)::numeric) filter (where coalesce((r.rankings->>d.own)::numeric, 0) > 0), 0)::float8 as rank_sum,
      count(*) filter (where exists (
        select 1 from jsonb_array_elements(case when jsonb_typeof(r.citations) = 'array' then r.citations else '[]'::jsonb end) c
        where regexp_replace(regexp_replace(lower(btrim(c->>'url')), '^https?://(www\\.)?', ''), '/+$', '') = any(${wanted}::text[])
      ))::int as cited
    from days d join api_responses r on r.analysis_id = d.id
    where r.ok and btrim(r.response) <> '' and lower(r.query) = any(${lower}::text[]) and r.model_id = any(${[...CARD_MODEL_IDS]}::int[])
    group by 1, 2, 3
    order by 1, 2, 3`
  return rows.map((r) => ({ date: r.date, modelId: r.model_id, query: r.query, answered: r.answered, mentioned: r.mentioned, ranked: r.ranked, rankSum: Number(r.rank_sum), cited: r.cited }))
}

/** The dates of the project's completed analyses (the baseline check). */
export async function runDatesOf(sql: Db, projectId: number): Promise<string[]> {
  const rows = await sql<{ date: string }[]>`select distinct date::text as date from analyses where project_id = ${projectId} and status = 'completed' order by 1`
  return rows.map((r) => r.date)
}
