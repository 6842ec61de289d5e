/**
 * Demo mode: before an analysis asks the simulated models anything, the worker tells the model
 * simulator what the project looks like now (brand, market, current competitors and queries,
 * after the user's edits), so that simulated answers name the brands the user tracks plus a few
 * the user does not, as real answers would, and restate its brand facts (a few wrongly, for the fact-check).
 * With real models this does nothing.
 */
import type postgres from 'postgres'
import type { ProviderConfig, ProviderKey } from './gateway'
import type { BrandDef } from '../app/domain/metrics'

interface ProjectRow {
  market_description: string
  market_region: string
  market_type: string
  language: string
  brands: { brand: BrandDef; competitors: BrandDef[] }
  queries: { query: string }[]
}

const brandOf = (b: BrandDef) => ({ name: b.name, alternativeNames: b.alternativeNames ?? [], domains: b.domains ?? [] })

/** Where the simulator listens, from any simulated provider's base URL (its vendor paths hang off the root). */
export function simulatorRoot(configs: Record<ProviderKey, ProviderConfig> | undefined): string | undefined {
  const sim = Object.values(configs ?? {}).find((c) => c.simulated && c.baseUrl)
  return sim?.baseUrl ? new URL('/', sim.baseUrl).toString() : undefined
}

/** Sends the analysis's project to the simulator (POST /__sim/projects); never fails the analysis. */
export async function teachSimulator(sql: postgres.Sql<any>, configs: Record<ProviderKey, ProviderConfig> | undefined, analysisId: number): Promise<void> {
  const root = simulatorRoot(configs)
  if (!root) return
  const [row] = await sql<(ProjectRow & { facts: string[] })[]>`
    select p.market_description, p.market_region, p.market_type, p.language, a.brands, a.queries,
      array(select f.statement from brand_facts f where f.project_id = p.id order by f.position, f.id) as facts
    from analyses a join projects p on p.id = a.project_id where a.id = ${analysisId}`
  if (!row?.brands?.brand) return
  const body = {
    brand: brandOf(row.brands.brand),
    market: row.market_description,
    region: row.market_region || undefined,
    language: row.language,
    marketType: row.market_type,
    competitors: (row.brands.competitors ?? []).map(brandOf),
    queries: (row.queries ?? []).map((q) => q.query),
    // The brand facts (fact-check): some simulated answers restate them, a few wrongly.
    facts: row.facts ?? [],
  }
  try {
    const res = await fetch(new URL('/__sim/projects', root), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(5000) })
    if (!res.ok) console.warn(`demo mode: the model simulator did not learn analysis ${analysisId}'s project (HTTP ${res.status})`)
  } catch (e) {
    console.warn(`demo mode: could not reach the model simulator at ${root}: ${e instanceof Error ? e.message : String(e)}`)
  }
}
