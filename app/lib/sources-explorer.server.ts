/** The admin source explorers: the cited domains of every project (basic or enhanced insights). */
import { db } from './db.server'
import type { User } from './auth.server'

export const EXPLORER_PAGE_SIZE = 25

export interface ExplorerRow {
  domain: string
  citations: number
  projects: { id: number; name: string; owner: string }[]
  byModel: Record<number, number>
  queries: string[]
}

/**
 * /admin/source-explorer (basic insights) and /admin/source-explorer-enhanced: the cited domains of every
 * project, most cited first, filtered by a domain substring; which projects, queries and models cite each.
 * Admin only (the route checks). A citation is one distinct URL of one insight, as on the tabs.
 */
export async function exploreSources(kind: 'basic' | 'enhanced', search: string, page: number): Promise<{ rows: ExplorerRow[]; total: number; page: number; pageSize: number }> {
  const sql = db()
  const term = search.trim().toLowerCase().slice(0, 200)
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const p = Math.max(1, Math.floor(page) || 1)
  const cited = sql`
    select distinct s.id as insight_id, s.analysis_id, s.model_id, s.query, e->>'domain' as domain, e->>'url' as url
    from search_insights s
    cross join lateral jsonb_array_elements(case when jsonb_array_length(s.citations) > 0 then s.citations else s.sources end) e
    where s.kind = ${kind} and e->>'domain' is not null ${term ? sql`and e->>'domain' ilike ${like}` : sql``}`
  const [{ total }] = await sql<{ total: number }[]>`select count(distinct domain)::int as total from (${cited}) c`
  const top = await sql<{ domain: string; citations: number }[]>`
    select domain, count(*)::int as citations from (${cited}) c group by domain order by citations desc, domain limit ${EXPLORER_PAGE_SIZE} offset ${(p - 1) * EXPLORER_PAGE_SIZE}`
  if (!top.length) return { rows: [], total, page: p, pageSize: EXPLORER_PAGE_SIZE }
  const details = await sql<{ domain: string; model_id: number; query: string; project_id: number; project_name: string; owner: string }[]>`
    select c.domain, c.model_id, c.query, p.id as project_id, p.name as project_name, u.email as owner
    from (${cited}) c join analyses a on a.id = c.analysis_id join projects p on p.id = a.project_id join users u on u.id = p.user_id
    where c.domain in ${sql(top.map((t) => t.domain))}`
  const rows = top.map((t) => {
    const mine = details.filter((d) => d.domain === t.domain)
    const projects = new Map(mine.map((d) => [d.project_id, { id: d.project_id, name: d.project_name, owner: d.owner }]))
    const byModel: Record<number, number> = {}
    for (const d of mine) byModel[d.model_id] = (byModel[d.model_id] ?? 0) + 1
    return { domain: t.domain, citations: t.citations, projects: [...projects.values()], byModel, queries: [...new Set(mine.map((d) => d.query))].slice(0, 10) }
  })
  return { rows, total, page: p, pageSize: EXPLORER_PAGE_SIZE }
}

/** The explorers' loader: 'Access Denied' (403) for anyone but an admin, else one page of domains. */
export async function explorerData(user: User, kind: 'basic' | 'enhanced', url: URL) {
  if (!user.isAdmin) return { denied: true as const, kind }
  const search = url.searchParams.get('q') ?? ''
  return { denied: false as const, kind, search, ...(await exploreSources(kind, search, Number(url.searchParams.get('page')) || 1)) }
}
