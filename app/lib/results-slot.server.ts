import type { User } from './auth.server'
import { db } from './db.server'
import { getProject } from './projects.server'

/** Minimal phase-2 data until the results screens are wired in. */
export async function loadResultsSlot(user: User, url: URL) {
  const project = await getProject(user, Number(url.searchParams.get('project')))
  const [latest] = await db()<{ id: number; status: string; created_at: Date }[]>`
    select id, status, created_at from analyses where project_id = ${project.id} order by created_at desc limit 1`
  return { projectId: project.id, latest: latest ? { id: latest.id, status: latest.status, createdAt: latest.created_at.toISOString() } : null }
}
