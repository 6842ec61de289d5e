/**
 * Projects, reading: a project with its lists as the app shows it, the lists of projects a user sees, and the
 * access rules (owner, shared-with, public, admin: app/domain/sharing/access.ts) in SQL for queries over many projects. Creating, changing and
 * deleting a project is projects-write.server.ts.
 */
import type postgres from 'postgres'
import { db } from './db.server'
import type { User } from './auth.server'
import { forbidden, notFound } from './http.server'
import { accessAllowing, accessOf as decideAccess, ACCESS_ORDER, can, deniedMessage, refusalStatus, type AccessType, type ProjectAction } from '../domain/sharing/access'
import type { BrandDetails, Project } from '../domain/projects'
import type { Db } from '../../db/client'

interface ProjectRow {
  id: number
  user_id: number
  name: string
  brand_domain: string
  market_description: string
  market_type: 'B2C' | 'B2B'
  market_region: string
  language: string
  brand_details: Partial<BrandDetails>
  is_light_mode: boolean
  is_advanced_mode: boolean
  is_archived: boolean
  is_public: boolean
  samples_per_query: number
  created_at: Date
  updated_at: Date
  owner_email: string
  share_archived: boolean | null
  view_archived: boolean
  is_shared: boolean
}

const projectSelect = (sql: Db, userId: number) => sql`
  select p.*, u.email as owner_email, s.is_archived as share_archived,
    exists (select 1 from project_archives v where v.project_id = p.id and v.user_id = ${userId}) as view_archived,
    exists (select 1 from project_shares x where x.project_id = p.id) as is_shared
  from projects p
  join users u on u.id = p.user_id
  left join project_shares s on s.project_id = p.id and s.user_id = ${userId}`

/** Who may read or write a project, decided in app/domain/sharing/access.ts for every loader and action. */
function accessOf(row: ProjectRow, user: User): AccessType | null {
  return decideAccess({ ownerId: row.user_id, sharedWithUser: row.share_archived !== null, isPublic: row.is_public }, user)
}

/** The archive flag this user sees: the owner's on the project, a sharee's on the share, a public viewer's own. */
function archivedFor(row: ProjectRow, access: AccessType): boolean {
  if (access === 'shared') return Boolean(row.share_archived)
  if (access === 'public') return row.view_archived
  return row.is_archived
}

async function hydrate(rows: ProjectRow[], user: User): Promise<Project[]> {
  if (rows.length === 0) return []
  const sql = db()
  const ids = rows.map((r) => r.id)
  const [competitors, queries, audiences, topics, latest] = await Promise.all([
    sql<{ project_id: number; name: string; alternative_names: string[]; domains: string[] }[]>`
      select project_id, name, alternative_names, domains from project_competitors where project_id in ${sql(ids)} order by position`,
    sql<{ project_id: number; query: string; topic: string | null; audience: string | null; audience_context: string | null }[]>`
      select project_id, query, topic, audience, audience_context from project_queries where project_id in ${sql(ids)} order by position`,
    sql<{ project_id: number; id: string; name: string; description: string; type: string; data: any; is_selected: boolean }[]>`
      select project_id, id, name, description, type, data, is_selected from audiences where project_id in ${sql(ids)} order by position`,
    sql<{ project_id: number; id: string; name: string; relevance: number; is_selected: boolean }[]>`
      select project_id, id, name, relevance, is_selected from topics where project_id in ${sql(ids)} order by position`,
    sql<{ project_id: number; id: number; status: string; created_at: Date }[]>`
      select distinct on (project_id) project_id, id, status, created_at from analyses where project_id in ${sql(ids)} order by project_id, created_at desc`,
  ])
  return rows.map((r) => {
    const comps = competitors.filter((c) => c.project_id === r.id).map((c) => ({ name: c.name, alternativeNames: c.alternative_names, domains: c.domains }))
    const qs = queries.filter((q) => q.project_id === r.id).map((q) => ({ query: q.query, topic: q.topic, audience: q.audience, audienceContext: q.audience_context }))
    const l = latest.find((a) => a.project_id === r.id)
    const access = accessOf(r, user) ?? 'public'
    return {
      id: r.id,
      name: r.name,
      brandDomain: r.brand_domain,
      brandDisplayName: r.brand_domain,
      marketDescription: r.market_description,
      marketType: r.market_type,
      marketRegion: r.market_region,
      language: r.language,
      competitors: comps.map((c) => c.name),
      competitorDetails: comps,
      brandDetails: { name: r.brand_domain, alternativeNames: r.brand_details.alternativeNames ?? [], domains: r.brand_details.domains ?? [] },
      queries: qs.map((q) => q.query),
      queriesWithAudience: qs,
      audiences: audiences.filter((a) => a.project_id === r.id).map((a) => ({ id: a.id, name: a.name, description: a.description, type: a.type, isSelectedForAnalysis: a.is_selected, ...a.data })),
      topics: topics.filter((t) => t.project_id === r.id).map((t) => ({ id: t.id, name: t.name, relevance: t.relevance, isSelected: t.is_selected })),
      isLightMode: r.is_light_mode,
      isAdvancedMode: r.is_advanced_mode,
      isArchived: archivedFor(r, access),
      isPublic: r.is_public,
      isShared: access === 'shared' || r.is_shared,
      accessType: access,
      userId: r.user_id,
      ownerEmail: r.owner_email,
      userEmail: r.owner_email,
      samplesPerQuery: r.samples_per_query,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
      latestAnalysis: l ? { id: l.id, status: l.status, createdAt: l.created_at.toISOString() } : null,
    }
  })
}

/**
 * The viewer's relation to project `p` (alias) in SQL: the order and the conditions of accessOf in
 * app/domain/sharing/access.ts, for queries over many projects.
 */
export function projectAccessSql(sql: Db, user: User, alias = 'p') {
  const p = sql.unsafe(alias)
  const holds: Record<AccessType, postgres.Fragment> = {
    owner: sql`${p}.user_id = ${user.id}`,
    shared: sql`exists (select 1 from project_shares x where x.project_id = ${p}.id and x.user_id = ${user.id})`,
    public: sql`${p}.is_public`,
    admin: sql`${user.isAdmin}::boolean`,
  }
  const cases = ACCESS_ORDER.map((t) => sql`when ${holds[t]} then ${t}::text`)
  return sql`(case ${cases.reduce((a, b) => sql`${a} ${b}`)} end)`
}

/** An SQL condition: the user may `action` project `p` (alias), as getProject decides it for one project. */
export function projectAllows(sql: Db, user: User, action: ProjectAction, alias = 'p') {
  const allowed = accessAllowing(action, user)
  return allowed.length ? sql`${projectAccessSql(sql, user, alias)} in ${sql(allowed)}` : sql`false`
}

/** The user's own projects, those shared with them and public ones (public projects are visible to every signed-in user). */
export async function listProjects(user: User): Promise<Project[]> {
  const sql = db()
  const rows = await sql<ProjectRow[]>`
    ${projectSelect(sql, user.id)}
    where p.user_id = ${user.id} or s.user_id is not null or p.is_public
    order by p.created_at desc`
  return hydrate(rows, user)
}

export async function listAllProjectsForAdmin(user: User) {
  const sql = db()
  const rows = await sql<ProjectRow[]>`${projectSelect(sql, user.id)} order by p.created_at desc`
  const all = await hydrate(rows, user)
  return {
    personal: all.filter((p) => p.userId === user.id),
    others: all.filter((p) => p.userId !== user.id && p.accessType !== 'shared'),
    shared: all.filter((p) => p.accessType === 'shared'),
    public: all.filter((p) => p.isPublic),
  }
}

/**
 * A project the user may `need` (see app/domain/sharing/access.ts). A project the user may not see is a 404,
 * so ids of other people's projects are not revealed; one they may see but not change is a 403.
 */
export async function getProject(user: User, id: number, need: ProjectAction = 'read'): Promise<Project> {
  const sql = db()
  const [row] = await sql<ProjectRow[]>`${projectSelect(sql, user.id)} where p.id = ${id}`
  const access = row ? accessOf(row, user) : null
  if (!row || !access) notFound('Project not found')
  if (!can(access, need, user)) {
    if (refusalStatus(need) === 404) notFound('Project not found')
    forbidden(deniedMessage(need))
  }
  return (await hydrate([row], user))[0]
}
