/** The admin dashboard (admins only): users, limits, latest analyses, feedback, audit log. */
import { db } from './db.server'
import { toUser, userColumns, type User, type UserRow } from './auth.server'
import { badRequest, conflict, notFound } from './http.server'
import { ACTIVE_STATUSES } from '../domain/analyses'
import { ADMIN_MESSAGES, forbiddenChange, LATEST_ANALYSES_LIMIT, MIGRATION_MESSAGES, normaliseEdit, summaryCards, type UserEdit } from '../domain/admin/users'
import { randomUUID } from 'node:crypto'
import { json } from '@remix-run/node'
import { executeWorkflow } from './temporal.server'
import { recordModelUsage, type BudgetTicket } from './model-budget.server'
import { isDemoMode } from './models.server'
import { entraConfigured } from './env.server'
import { envKeys } from '../domain/admin/debug'
import { KEY_TEST_MESSAGES, keyTestReport, type KeyResult } from '../domain/admin/key-test'
import { keyTestWorkflowId } from '../../workflows/shared'
import type { Db } from '../../db/client'

/** An account as the admin sees it: the user with its live counts (no session fields). */
export type AdminUserRow = Omit<User, 'authType'>

const userSelect = (sql: Db) => sql`select ${userColumns(sql)} from users u`

function toRow(r: UserRow): AdminUserRow {
  const { authType: _session, ...user } = toUser(r)
  return user
}

/** The fields an audit row records before and after a change. */
const audited = (u: AdminUserRow) => ({ isActive: u.isActive, tier: u.tier, maxProjects: u.maxProjects, maxAnalyses: u.maxAnalyses, userType: u.userType })

/**
 * An admin action recorded by another module (maintenance calls, project visibility). Pass `tx` to write the row
 * in the transaction that makes the change, `before` for the state it replaced, `target` for the account affected.
 */
export const recordAdminAction = (admin: User, action: string, after: unknown, opts: { before?: unknown; target?: { id: number; email: string }; tx?: Db } = {}) =>
  audit(opts.tx ?? db(), admin, action, opts.target ?? null, opts.before ?? null, after)

async function audit(tx: Db, admin: User, action: string, target: { id: number; email: string } | null, before: unknown, after: unknown) {
  await tx`
    insert into admin_audit_log (admin_id, admin_email, action, target_user_id, target_email, before, after)
    values (${admin.id}, ${admin.email}, ${action}, ${target?.id ?? null}, ${target?.email ?? null},
      ${before === null ? null : tx.json(before as any)}, ${after === null ? null : tx.json(after as any)})`
}

/** GET /api/admin/users: every account with its usage, and the seven summary cards. */
export async function listUsers() {
  const sql = db()
  const [rows, [counts]] = await Promise.all([
    sql<UserRow[]>`${userSelect(sql)} order by u.created_at desc, u.id desc`,
    sql<{ projects: number; active: number }[]>`
      select (select count(*)::int from projects) as projects,
        (select count(*)::int from analyses where status in ${sql(ACTIVE_STATUSES)}) as active`,
  ])
  const users = rows.map(toRow)
  return { users, summary: summaryCards(users, counts.projects, counts.active) }
}

async function lockedUser(tx: Db, id: number): Promise<AdminUserRow> {
  const [row] = await tx<UserRow[]>`${userSelect(tx)} where u.id = ${id} for update of u`
  if (!row) notFound(ADMIN_MESSAGES.noSuchUser)
  return toRow(row)
}

async function activeAdmins(tx: Db): Promise<number> {
  const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from users where is_admin and is_active`
  return n
}

/** One lock for every change to accounts, so two admins cannot each remove "the other" last admin. */
const lockAccounts = (tx: Db) => tx`select pg_advisory_xact_lock(4243, 0)`

/** PUT /api/admin/users/{id}: status, tier and limits (integers; empty = unlimited), audited. */
export async function updateUser(admin: User, id: number, edit: UserEdit): Promise<AdminUserRow> {
  const change = normaliseEdit(edit)
  if (Object.keys(change).length === 0) badRequest('Nothing to change: send isActive, tier, maxProjects or maxAnalyses')
  return db().begin(async (tx) => {
    await lockAccounts(tx)
    const before = await lockedUser(tx, id)
    const problem = forbiddenChange(admin, before, change, await activeAdmins(tx))
    if (problem) badRequest(problem)
    await tx`
      update users set
        is_active = ${change.isActive ?? before.isActive},
        tier = ${change.tier ?? before.tier},
        max_projects = ${'maxProjects' in change ? (change.maxProjects ?? null) : before.maxProjects},
        max_analyses = ${'maxAnalyses' in change ? (change.maxAnalyses ?? null) : before.maxAnalyses}
      where id = ${id}`
    const after = await lockedUser(tx, id)
    await audit(tx, admin, 'user.update', after, audited(before), audited(after))
    return after
  })
}

/** DELETE /api/admin/users/{id}: the account and everything it owns; audited (the log row outlives the user). */
export async function deleteUser(admin: User, id: number) {
  return db().begin(async (tx) => {
    await lockAccounts(tx)
    const before = await lockedUser(tx, id)
    const problem = forbiddenChange(admin, before, { delete: true }, await activeAdmins(tx))
    if (problem) badRequest(problem)
    await tx`delete from users where id = ${id}`
    await audit(tx, admin, 'user.delete', before, { ...audited(before), email: before.email, projectCount: before.projectCount }, null)
    return { success: true, id }
  })
}

/** User Migration: unlink an account from its Microsoft identity (it must keep a password to sign in with). */
export async function unlinkUser(admin: User, id: number): Promise<AdminUserRow> {
  return db().begin(async (tx) => {
    const before = await lockedUser(tx, id)
    const [{ has_password }] = await tx<{ has_password: boolean }[]>`select password_hash is not null as has_password from users where id = ${id}`
    if (before.userType !== 'azure_linked') badRequest(MIGRATION_MESSAGES.unlinkLinkedOnly)
    if (!has_password) badRequest(MIGRATION_MESSAGES.noPassword)
    await tx`update users set azure_oid = null, user_type = 'legacy' where id = ${id}`
    const after = await lockedUser(tx, id)
    await audit(tx, admin, 'user.unlink', after, audited(before), audited(after))
    return after
  })
}

/**
 * User Migration: link a local account to a Microsoft Entra identity by its object ID (the oid claim); its next
 * Microsoft sign-in opens this account (accounts.server.ts finds users by oid first). Audited.
 */
export async function linkUser(admin: User, id: number, oid: string): Promise<AdminUserRow> {
  return db().begin(async (tx) => {
    await lockAccounts(tx)
    const before = await lockedUser(tx, id)
    if (before.userType !== 'legacy') badRequest(MIGRATION_MESSAGES.linkLegacyOnly)
    const [other] = await tx<{ id: number }[]>`select id from users where azure_oid = ${oid} and id <> ${id}`
    if (other) conflict(MIGRATION_MESSAGES.oidTaken)
    await tx`update users set azure_oid = ${oid}, user_type = 'azure_linked' where id = ${id}`
    const after = await lockedUser(tx, id)
    await audit(tx, admin, 'user.link', after, audited(before), audited(after))
    return after
  })
}

export interface AuditRow {
  id: number
  adminEmail: string
  action: string
  targetUserId: number | null
  targetEmail: string | null
  before: unknown
  after: unknown
  createdAt: string
}

/** GET /api/admin/audit-log[?userId=]: newest first. */
export async function auditLog(userId: number | null, limit = 200): Promise<AuditRow[]> {
  const sql = db()
  const rows = await sql<{ id: string; admin_email: string; action: string; target_user_id: number | null; target_email: string | null; before: unknown; after: unknown; created_at: Date }[]>`
    select * from admin_audit_log ${userId ? sql`where target_user_id = ${userId}` : sql``}
    order by created_at desc, id desc limit ${limit}`
  return rows.map((r) => ({ id: Number(r.id), adminEmail: r.admin_email, action: r.action, targetUserId: r.target_user_id, targetEmail: r.target_email, before: r.before, after: r.after, createdAt: r.created_at.toISOString() }))
}

/** GET /api/admin/latest-analyses: the latest 10, one row each. */
export async function latestAnalyses() {
  const sql = db()
  const rows = await sql<{ id: number; created_at: Date; project_id: number; project_name: string; brand_domain: string; email: string; first_name: string | null; last_name: string | null; status: string; progress_percent: number | null; query_count: number }[]>`
    select a.id, a.created_at, a.project_id, p.name as project_name, p.brand_domain, u.email, u.first_name, u.last_name, a.status,
      case when a.status = 'completed' then 100 else (a.progress->>'progressPercent')::float end as progress_percent,
      jsonb_array_length(a.queries) as query_count
    from analyses a join projects p on p.id = a.project_id join users u on u.id = p.user_id
    order by a.created_at desc, a.id desc limit ${LATEST_ANALYSES_LIMIT}`
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at.toISOString(),
    projectName: r.project_name,
    projectId: r.project_id,
    brandDisplayName: r.brand_domain,
    brandName: r.brand_domain,
    userName: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email,
    userEmail: r.email,
    status: r.status,
    progressPercentage: Math.round(r.progress_percent ?? 0),
    queryCount: r.query_count,
  }))
}

// ---------------------------------------------------------------- feedback

export async function submitFeedback(user: User, message: string, rating: number | null) {
  const [row] = await db()<{ id: number }[]>`insert into feedback (user_id, message, rating) values (${user.id}, ${message}, ${rating}) returning id`
  return { success: true, id: row.id }
}

export async function listFeedback() {
  const rows = await db()<{ id: number; message: string; rating: number | null; created_at: Date; handled_at: Date | null; email: string | null }[]>`
    select f.id, f.message, f.rating, f.created_at, f.handled_at, u.email from feedback f left join users u on u.id = f.user_id
    order by f.handled_at is not null, f.created_at desc limit 500`
  return rows.map((r) => ({ id: r.id, message: r.message, rating: r.rating, userEmail: r.email, createdAt: r.created_at.toISOString(), handledAt: r.handled_at?.toISOString() ?? null }))
}

export async function markFeedbackHandled(admin: User, id: number, handled: boolean) {
  return db().begin(async (tx) => {
    const updated = await tx`update feedback set handled_at = ${handled ? tx`now()` : null}, handled_by = ${handled ? admin.id : null} where id = ${id} returning id`
    if (!updated.length) notFound('Feedback not found')
    await audit(tx, admin, handled ? 'feedback.handled' : 'feedback.reopened', null, { feedbackId: id }, { handled })
    return { success: true, id, handled }
  })
}

// ---------------------------------------------------------------- key test

/**
 * GET /api/test-gemini-keys: every configured provider key tried with a minimal call (keyTestWorkflow, in the
 * worker that holds the keys); answers the key test result — never a key — and records the action.
 */
export async function testApiKeys(admin: User, ticket: BudgetTicket) {
  let results: KeyResult[]
  try {
    results = await executeWorkflow('keyTestWorkflow', {
      workflowId: keyTestWorkflowId(admin.id, randomUUID().slice(0, 8)),
      args: [],
      timeout: '2 minutes',
      summary: `API key test · ${admin.email}`,
      ticket,
    })
  } catch (err) {
    console.warn(`key test failed: ${err instanceof Error ? err.message : String(err)}`)
    throw json({ error: KEY_TEST_MESSAGES.failed, message: KEY_TEST_MESSAGES.failed }, { status: 502 })
  }
  const cost = results.reduce((n, r) => n + (r.costUsd || 0), 0)
  if (cost > 0) await recordModelUsage(admin.id, 'key-test', null, cost)
  const report = keyTestReport(results)
  await recordAdminAction(admin, 'keys.test', report.summary)
  return {
    ...report,
    debug: { flags: { demoMode: isDemoMode(), entraConfigured: entraConfigured() }, env_keys: envKeys(process.env) },
  }
}
