/**
 * Canaries for the app: the model changes flagged on a project, what its canaries cost, and the
 * owner's switch. Read access to see them, write access to turn them off or on.
 */
import { z } from 'zod'
import { db } from './db.server'
import { badRequest } from './http.server'
import { getProject } from './projects.server'
import type { User } from './auth.server'
import { CANARY_SAMPLES, canaryQueriesFor } from '../domain/canaries'
import { can } from '../domain/sharing/access'
import { canaryCostOf, modelChangesOf } from '../../db/canaries'

export const canarySwitchSchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) })

export async function loadCanaries(user: User, projectId: number) {
  const project = await getProject(user, projectId, 'read')
  const sql = db()
  const [{ enabled }] = await sql<{ enabled: boolean }[]>`select canaries_enabled as enabled from projects where id = ${projectId}`
  const cost = await canaryCostOf(sql, projectId)
  return {
    projectId,
    enabled,
    canEdit: can(project.accessType, 'write', user),
    queries: canaryQueriesFor(project.language),
    samples: CANARY_SAMPLES,
    cost: { totalUsd: Math.round(cost.total * 10000) / 10000, last30DaysUsd: Math.round(cost.last30 * 10000) / 10000, answers: cost.answers, simulated: cost.simulated },
    modelChanges: await modelChangesOf(sql, projectId),
  }
}

export async function setCanaries(user: User, projectId: number, body: unknown) {
  await getProject(user, projectId, 'write')
  const parsed = canarySwitchSchema.safeParse(body)
  if (!parsed.success) badRequest(parsed.error.issues[0]?.message ?? 'enabled must be true or false')
  await db()`update projects set canaries_enabled = ${parsed.data.enabled} where id = ${projectId}`
  return loadCanaries(user, projectId)
}
