/**
 * Projects, writing: the validation rules for a project's lists, and creating, changing and deleting a project (reading
 * is projects.server.ts).
 */
import type postgres from 'postgres'
import { db } from './db.server'
import type { User } from './auth.server'
import { badRequest, forbidden } from './http.server'
import { getProject } from './projects.server'
import { MAX_COMPETITORS, MAX_QUERIES, MAX_QUERIES_LIGHT } from '../domain/limits'
import { validateAlternativeName, type BrandDef } from '../domain/metrics'
import { FIELD_LIMITS } from '../domain/validation'
import { MAX_TOPIC_QUERIES } from '../domain/audiences'
import { brandList } from '../domain/analyses'
import { lockUser } from '../../db/locks'
import { autoRefreshVolumes } from './volume.server'
import type { BrandDetails, Project, ProjectInput, ProjectPatch, QueryItem } from '../domain/projects'

interface NormalisedLists {
  brand: BrandDetails
  competitors: BrandDetails[]
  queries: QueryItem[]
}

/** The rules for competitors, queries and alternative names; any breach is a 400 with the rule's message. */
export function normaliseLists(input: {
  brandDomain: string
  brandDetails?: { alternativeNames: string[]; domains: string[] }
  competitors: { name: string; alternativeNames?: string[]; domains?: string[] }[]
  competitorDetails?: { name: string; alternativeNames: string[]; domains: string[] }[]
  queries: (string | QueryItem)[]
  isLightMode: boolean
}): NormalisedLists {
  const brand: BrandDetails = { name: input.brandDomain, alternativeNames: [], domains: [...new Set(input.brandDetails?.domains ?? [])] }
  const details = new Map((input.competitorDetails ?? []).map((d) => [d.name.toLowerCase(), d]))
  const competitors: BrandDetails[] = []
  const seen = new Set<string>([brand.name.toLowerCase()])
  for (const c of input.competitors) {
    const name = c.name.trim()
    if (!name) continue
    if (seen.has(name.toLowerCase())) {
      if (name.toLowerCase() === brand.name.toLowerCase()) badRequest(`"${name}" is your own brand and cannot also be a competitor`)
      badRequest(`Competitor "${name}" is listed twice; competitors must be unique`)
    }
    seen.add(name.toLowerCase())
    const d = details.get(name.toLowerCase())
    competitors.push({ name, alternativeNames: [], domains: [...new Set(d?.domains ?? c.domains ?? [])] })
  }
  if (competitors.length > MAX_COMPETITORS) badRequest(`A project can have at most ${MAX_COMPETITORS} competitors (you sent ${competitors.length})`)

  // Alternative names are checked one by one against everything accepted so far.
  const all = (): BrandDef[] => brandList({ brand, competitors })
  const addAlternatives = (target: BrandDetails, names: string[]) => {
    for (const alt of names) {
      const problem = validateAlternativeName(alt, target, all())
      if (problem) badRequest(`Invalid Alternative Name: ${problem}`, { alternativeNames: problem })
      target.alternativeNames.push(alt.trim())
    }
  }
  addAlternatives(brand, input.brandDetails?.alternativeNames ?? [])
  for (const c of competitors) {
    const d = details.get(c.name.toLowerCase())
    const source = input.competitors.find((x) => x.name.trim().toLowerCase() === c.name.toLowerCase())
    addAlternatives(c, d?.alternativeNames ?? source?.alternativeNames ?? [])
  }

  // A topic-generated list may hold 50 queries (5 per topic, 10 topics); other lists 40, 20 in Light Mode.
  const max = input.isLightMode ? MAX_QUERIES_LIGHT : input.queries.some((q) => typeof q !== 'string' && q.topic) ? MAX_TOPIC_QUERIES : MAX_QUERIES
  const queries: QueryItem[] = []
  const seenQ = new Set<string>()
  for (const q of input.queries) {
    const entry = typeof q === 'string' ? { query: q } : q
    const queryText = entry.query.replace(/\s+/g, ' ').trim()
    if (!queryText) continue
    if (queryText.length > FIELD_LIMITS.query) badRequest(`A query can be at most ${FIELD_LIMITS.query} characters long`)
    if (seenQ.has(queryText.toLowerCase())) badRequest(`The query "${queryText}" is listed twice; queries must be unique`)
    seenQ.add(queryText.toLowerCase())
    queries.push({ query: queryText, topic: entry.topic ?? null, audience: entry.audience ?? null, audienceContext: entry.audienceContext ?? null })
  }
  if (queries.length > max) badRequest(`Maximum of ${max} queries reached${input.isLightMode ? ' (Light Mode)' : ''}: you sent ${queries.length}`)
  return { brand, competitors, queries }
}

async function writeLists(tx: postgres.TransactionSql<any>, projectId: number, lists: Partial<NormalisedLists>) {
  if (lists.competitors) {
    await tx`delete from project_competitors where project_id = ${projectId}`
    if (lists.competitors.length)
      await tx`insert into project_competitors ${tx(
        lists.competitors.map((c, i) => ({ project_id: projectId, position: i, name: c.name, alternative_names: c.alternativeNames, domains: c.domains })),
      )}`
  }
  if (lists.queries) {
    await tx`delete from project_queries where project_id = ${projectId}`
    if (lists.queries.length)
      await tx`insert into project_queries ${tx(
        lists.queries.map((q, i) => ({ project_id: projectId, position: i, query: q.query, topic: q.topic ?? null, audience: q.audience ?? null, audience_context: q.audienceContext ?? null })),
      )}`
  }
}


/** POST /api/projects. A project with the same name and brand is updated rather than duplicated (the setup warns of it). */
export async function createOrUpdateProject(user: User, input: ProjectInput): Promise<{ project: Project; created: boolean }> {
  if (!user.isActive) forbidden('Account is paused - contact admin to reactivate')
  const isLightMode = user.tier === 'light' ? true : input.isLightMode
  const lists = normaliseLists({ ...input, queries: input.queriesWithAudience?.length ? input.queriesWithAudience : input.queries, isLightMode })
  const sql = db()
  const { id, created } = await sql.begin(async (tx) => {
    // One lock per user: the duplicate check and the project quota hold even for simultaneous requests.
    await lockUser(tx, user.id)
    const [existing] = await tx<{ id: number }[]>`
      select id from projects where user_id = ${user.id} and lower(name) = lower(${input.name}) and lower(brand_domain) = lower(${input.brandDomain})`
    if (!existing && !user.isAdmin && user.maxProjects !== null) {
      const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from projects where user_id = ${user.id}`
      if (n >= user.maxProjects) forbidden(`Project limit reached (${Math.max(0, user.maxProjects - n)} remaining)`)
    }
    const values = {
      name: input.name,
      brand_domain: input.brandDomain,
      market_description: input.marketDescription,
      market_type: input.marketType,
      market_region: input.marketRegion,
      language: input.language,
      brand_details: tx.json({ alternativeNames: lists.brand.alternativeNames, domains: lists.brand.domains }),
      is_light_mode: isLightMode,
      is_advanced_mode: input.isAdvancedMode,
      samples_per_query: input.samplesPerQuery,
    }
    let projectId: number
    if (existing) {
      await tx`update projects set ${tx(values)}, updated_at = now() where id = ${existing.id}`
      projectId = existing.id
    } else {
      ;[{ id: projectId }] = await tx<{ id: number }[]>`insert into projects ${tx({ ...values, user_id: user.id })} returning id`
    }
    await writeLists(tx, projectId, lists)
    await writeAudiencesAndTopics(tx, projectId, input.audiences, input.topics)
    return { id: projectId, created: !existing }
  })
  const project = await getProject(user, id)
  autoRefreshVolumes(project, user.email)
  return { project, created }
}

async function writeAudiencesAndTopics(tx: postgres.TransactionSql<any>, projectId: number, audiences?: any[], topics?: any[]) {
  if (audiences) {
    await tx`delete from audiences where project_id = ${projectId}`
    const rows = audiences
      .filter((a) => a && typeof a.name === 'string' && a.name.trim())
      .map((a, i) => {
        const { id, name, description, type, isSelectedForAnalysis, ...data } = a
        return { project_id: projectId, id: String(id ?? `custom-${i}`), position: i, name: String(name).trim(), description: String(description ?? ''), type: String(type ?? 'need-based'), data: tx.json(data), is_selected: Boolean(isSelectedForAnalysis) }
      })
    if (rows.length) await tx`insert into audiences ${tx(rows)}`
  }
  if (topics) {
    await tx`delete from topics where project_id = ${projectId}`
    const rows = topics
      .filter((t) => t && typeof t.name === 'string' && t.name.trim())
      .map((t, i) => ({ project_id: projectId, id: String(t.id ?? `custom-${i}`), position: i, name: String(t.name).trim().slice(0, 30), relevance: Math.max(0, Math.min(10, Math.round(Number(t.relevance ?? 5)))), is_selected: Boolean(t.isSelected) }))
    if (rows.length) await tx`insert into topics ${tx(rows)}`
  }
}

/** An edit that sends queries as plain text keeps each unchanged query's topic and audience (Topics & Audiences setup). */
function keepAssignments(queries: (string | QueryItem)[], current: QueryItem[]): (string | QueryItem)[] {
  const byText = new Map(current.map((q) => [q.query.toLowerCase(), q]))
  return queries.map((q) => (typeof q === 'string' ? (byText.get(q.replace(/\s+/g, ' ').trim().toLowerCase()) ?? q) : q))
}

export async function updateProject(user: User, id: number, patch: ProjectPatch): Promise<Project> {
  const current = await getProject(user, id, 'write')
  const isLightMode = user.tier === 'light' ? true : (patch.isLightMode ?? current.isLightMode)
  const lists = normaliseLists({
    brandDomain: patch.brandDomain ?? current.brandDomain,
    brandDetails: patch.brandDetails ?? current.brandDetails,
    competitors: patch.competitors ?? current.competitorDetails,
    competitorDetails: patch.competitorDetails ?? (patch.competitors ? undefined : current.competitorDetails),
    queries: patch.queries ? keepAssignments(patch.queries, current.queriesWithAudience) : current.queriesWithAudience,
    isLightMode,
  })
  const sql = db()
  await sql.begin(async (tx) => {
    await tx`
      update projects set
        name = ${patch.name ?? current.name},
        brand_domain = ${patch.brandDomain ?? current.brandDomain},
        market_description = ${patch.marketDescription ?? current.marketDescription},
        market_region = ${patch.marketRegion?.trim() ?? current.marketRegion},
        language = ${patch.language || current.language},
        market_type = ${patch.marketType ?? current.marketType},
        is_light_mode = ${isLightMode},
        samples_per_query = ${patch.samplesPerQuery ?? current.samplesPerQuery},
        brand_details = ${tx.json({ alternativeNames: lists.brand.alternativeNames, domains: lists.brand.domains })},
        updated_at = now()
      where id = ${id}`
    await writeLists(tx, id, {
      competitors: patch.competitors || patch.competitorDetails || patch.brandDetails ? lists.competitors : undefined,
      queries: patch.queries ? lists.queries : undefined,
    })
  })
  const project = await getProject(user, id)
  if (patch.queries || patch.marketRegion !== undefined || patch.language) autoRefreshVolumes(project, user.email)
  return project
}

export async function deleteProject(user: User, id: number) {
  await getProject(user, id, 'delete')
  await db()`delete from projects where id = ${id}`
}
