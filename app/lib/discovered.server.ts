/**
 * Discovered brands of an analysis: names its answers put forward that the project
 * does not track, and adding one as a competitor (within the 19 cap), which rebuilds the
 * analysis's mentions with the existing rebuild-mentions.
 */
import { db } from './db.server'
import { brandList } from '~/domain/analyses'
import { discoverBrands, type Discovery } from '~/domain/discovered'
import { MAX_COMPETITORS } from '~/domain/limits'
import type { User } from './auth.server'
import { getAnalysis, rebuildMentions } from './analyses.server'
import { badRequest, conflict } from './http.server'

/** GET /api/analyses/{id}/discovered-brands */
export async function listDiscoveredBrands(user: User, analysisId: number): Promise<Discovery & { competitors: number; maxCompetitors: number }> {
  const { analysis, project } = await getAnalysis(user, analysisId, 'read')
  const rows = await db()<{ model_id: number; response: string; mentions: Record<string, number> | null }[]>`
    select model_id, response, mentions from api_responses where analysis_id = ${analysisId} and ok`
  const tracked = brandList(analysis.brands)
  const discovery = discoverBrands(
    rows.map((r) => ({ modelId: r.model_id, text: r.response, mentions: r.mentions ?? {} })),
    tracked,
  )
  return { ...discovery, competitors: project.competitorDetails.length, maxCompetitors: MAX_COMPETITORS }
}

/** POST /api/analyses/{id}/discovered-brands { name }: adds the name as a competitor, then rebuilds mentions. */
export async function addDiscoveredBrand(user: User, analysisId: number, name: string) {
  const { project } = await getAnalysis(user, analysisId, 'write')
  const taken = [project.brandDomain, ...project.brandDetails.alternativeNames, ...project.competitorDetails.flatMap((c) => [c.name, ...c.alternativeNames])]
  if (taken.some((t) => t.toLowerCase() === name.toLowerCase())) conflict(`${name} is already tracked in this project.`)
  const added = await db().begin(async (tx) => {
    // The project row lock orders two additions: the cap holds.
    await tx`select id from projects where id = ${project.id} for update`
    const [{ n, next }] = await tx<{ n: number; next: number }[]>`
      select count(*)::int as n, coalesce(max(position) + 1, 0)::int as next from project_competitors where project_id = ${project.id}`
    if (n >= MAX_COMPETITORS) return false
    await tx`insert into project_competitors (project_id, position, name) values (${project.id}, ${next}, ${name}) on conflict do nothing`
    await tx`update projects set updated_at = now() where id = ${project.id}`
    return true
  })
  if (!added) badRequest(`Maximum of ${MAX_COMPETITORS} competitors reached. Remove one in the project's setup to add ${name}.`)
  const rebuilt = await rebuildMentions(user, analysisId)
  return { added: name, ...rebuilt }
}
