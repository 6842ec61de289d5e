import { json, redirect } from '@remix-run/node'
import { db } from './db.server'
import { activeSession } from './session.server'
import type { Db } from '../../db/client'

export type UserType = 'legacy' | 'azure_linked' | 'azure_unlinked'
export type Tier = 'light' | 'standard' | 'full'

export interface User {
  id: number
  email: string
  firstName: string | null
  lastName: string | null
  isAdmin: boolean
  isActive: boolean
  userType: UserType
  tier: Tier
  maxProjects: number | null
  maxAnalyses: number | null
  projectCount: number
  analysisCount: number
  totalAnalysesRun: number
  lastLoginAt: string | null
  createdAt: string
  authType: 'local' | 'azure'
}

export interface UserRow {
  id: number
  email: string
  first_name: string | null
  last_name: string | null
  is_admin: boolean
  is_active: boolean
  user_type: UserType
  tier: Tier
  max_projects: number | null
  max_analyses: number | null
  total_analyses_run: number
  last_login_at: Date | null
  created_at: Date
  project_count: number
  analysis_count: number
  auth_type?: 'local' | 'azure'
}

/**
 * Columns of a user plus the live counts the limits are checked against. analysis_count is what counts against the
 * analysis quota (db/analysis-admission.ts analysesUsed): brand analyses and content optimiser runs.
 */
export const userColumns = (sql: Db) => sql`
  u.id, u.email, u.first_name, u.last_name, u.is_admin, u.is_active, u.user_type, u.tier,
  u.max_projects, u.max_analyses, u.total_analyses_run, u.last_login_at, u.created_at,
  (select count(*)::int from projects p where p.user_id = u.id) as project_count,
  ((select count(*) from analyses a join projects p on p.id = a.project_id where p.user_id = u.id)
    + (select count(*) from content_analyses c where c.user_id = u.id))::int as analysis_count`

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isAdmin: row.is_admin,
    isActive: row.is_active,
    userType: row.user_type,
    tier: row.tier,
    maxProjects: row.max_projects,
    maxAnalyses: row.max_analyses,
    projectCount: row.project_count,
    analysisCount: row.analysis_count,
    totalAnalysesRun: row.total_analyses_run,
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    authType: row.auth_type ?? 'local',
  }
}

export async function getUserById(id: number): Promise<User | null> {
  const sql = db()
  const [row] = await sql<UserRow[]>`select ${userColumns(sql)} from users u where u.id = ${id}`
  return row ? toUser(row) : null
}

/** The signed-in user of this request, or null. Expired, idle-timed-out and revoked sessions do not count. */
export async function getUser(request: Request): Promise<User | null> {
  const session = await activeSession(request)
  if (!session) return null
  const user = await getUserById(session.userId)
  // A paused admin has no admin rights until reactivated (a paused account can only look at its own data).
  return user ? { ...user, isAdmin: user.isAdmin && user.isActive, authType: session.authType } : null
}

/**
 * The signed-in user, or a thrown 401. API routes answer JSON; pages render the
 * signed-out notice of the spec (toast, then /api/login after 500 ms) from the error boundary.
 */
export async function requireUser(request: Request): Promise<User> {
  const user = await getUser(request)
  if (!user) throw json({ error: 'Authentication required', message: 'You are not signed in.' }, { status: 401 })
  return user
}

export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request)
  if (!user.isAdmin) throw json({ error: 'Access Denied', message: 'Administrator access is required.' }, { status: 403 })
  return user
}

/** For sign-in pages: a signed-in visitor goes home. */
export async function requireAnonymous(request: Request) {
  if (await getUser(request)) throw redirect('/')
}

/** Limits read by the profile route and enforced by project and analysis actions. */
export function limitsOf(user: User) {
  const unlimited = (max: number | null) => max === null || user.isAdmin
  const projectsRemaining = unlimited(user.maxProjects) ? null : Math.max(0, user.maxProjects! - user.projectCount)
  const analysesRemaining = unlimited(user.maxAnalyses) ? null : Math.max(0, user.maxAnalyses! - user.analysisCount)
  return {
    projectsRemaining,
    analysesRemaining,
    canCreateProject: user.isActive && (projectsRemaining === null || projectsRemaining > 0),
    canRunAnalysis: user.isActive && (analysesRemaining === null || analysesRemaining > 0),
  }
}
