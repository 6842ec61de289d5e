/** Sharing a project with another account, making it public, archiving it. */
import { db } from './db.server'
import type { User } from './auth.server'
import { badRequest, notFound } from './http.server'
import { getProject } from './projects.server'
import type { Project } from '../domain/projects'
import { recordAdminAction } from './admin.server'
import { SHARING_MESSAGES } from '../domain/sharing/access'

export interface ShareRow {
  userId: number
  email: string
  createdAt: string
}

/** POST /api/projects/{id}/share: the owner shares with an existing account; an unknown e-mail is a 404. */
export async function shareProject(owner: User, projectId: number, email: string): Promise<{ success: true; sharedUser: { id: number; email: string } }> {
  await getProject(owner, projectId, 'share')
  const sql = db()
  const [target] = await sql<{ id: number; email: string }[]>`select id, email from users where email = ${email.toLowerCase()}`
  if (!target) notFound(SHARING_MESSAGES.noSuchUser)
  if (target.id === owner.id) badRequest(SHARING_MESSAGES.shareWithSelf)
  await sql`insert into project_shares (project_id, user_id) values (${projectId}, ${target.id}) on conflict do nothing`
  return { success: true, sharedUser: { id: target.id, email: target.email } }
}

/** DELETE /api/projects/{id}/share: the owner takes a share back. */
export async function unshareProject(owner: User, projectId: number, email: string) {
  await getProject(owner, projectId, 'share')
  const sql = db()
  const removed = await sql`
    delete from project_shares where project_id = ${projectId} and user_id = (select id from users where email = ${email.toLowerCase()})`
  if (removed.count === 0) notFound('This project is not shared with that email')
  return { success: true }
}

/** GET /api/projects/{id}/share: who the project is shared with (owner only). */
export async function listShares(owner: User, projectId: number): Promise<ShareRow[]> {
  await getProject(owner, projectId, 'share')
  const rows = await db()<{ user_id: number; email: string; created_at: Date }[]>`
    select s.user_id, u.email, s.created_at from project_shares s join users u on u.id = s.user_id
    where s.project_id = ${projectId} order by s.created_at`
  return rows.map((r) => ({ userId: r.user_id, email: r.email, createdAt: r.created_at.toISOString() }))
}

/** PATCH /api/projects/{id}/public: an admin's own projects only; audited with the visibility before and after. */
export async function setPublic(admin: User, projectId: number, isPublic: boolean): Promise<Project> {
  const project = await getProject(admin, projectId, 'setPublic')
  await db().begin(async (tx) => {
    // The row lock makes `before` the value this change replaced, when two requests toggle at once.
    const [row] = await tx<{ is_public: boolean }[]>`select is_public from projects where id = ${projectId} for update`
    if (!row) notFound('Project not found')
    await tx`update projects set is_public = ${isPublic}, updated_at = now() where id = ${projectId}`
    const state = (v: boolean) => ({ projectId, projectName: project.name, isPublic: v })
    await recordAdminAction(admin, isPublic ? 'project.make-public' : 'project.make-private', state(isPublic), { before: state(row.is_public), target: { id: admin.id, email: admin.email }, tx })
  })
  return getProject(admin, projectId)
}

/** PATCH /api/projects/{id}/archive: the owner archives the project itself. */
export async function archiveProject(owner: User, projectId: number, archived: boolean): Promise<Project> {
  const project = await getProject(owner, projectId, 'archive')
  if (project.accessType !== 'owner') badRequest('Use /archive-shared to archive your own view of a project you do not own')
  await db()`update projects set is_archived = ${archived}, updated_at = now() where id = ${projectId}`
  return getProject(owner, projectId)
}

/** PATCH /api/projects/{id}/archive-shared: a sharee (or viewer of a public project) archives only their own view. */
export async function archiveSharedProject(user: User, projectId: number, archived: boolean): Promise<Project> {
  const project = await getProject(user, projectId, 'archive')
  const sql = db()
  if (project.accessType === 'shared') {
    await sql`update project_shares set is_archived = ${archived} where project_id = ${projectId} and user_id = ${user.id}`
  } else if (project.accessType === 'public') {
    if (archived) await sql`insert into project_archives (project_id, user_id) values (${projectId}, ${user.id}) on conflict do nothing`
    else await sql`delete from project_archives where project_id = ${projectId} and user_id = ${user.id}`
  } else {
    badRequest('You own this project: use /archive')
  }
  return getProject(user, projectId)
}
