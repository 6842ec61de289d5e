/**
 * Planted model changes for the canaries: from a given day on, a vendor answers as a new model version
 * (the version it returns, and answers drawn afresh, as after a real update).
 *   POST /__sim/config { modelChanges: [{ provider: "openai", from: "2026-03-12", version: "gpt-5-2026-03-12" }] | null }
 * Env SIMULATOR_MODEL_CHANGES takes the same JSON list (demo mode).
 */
export interface ModelChange {
  provider: string
  from: string
  version: string
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

export function parseModelChanges(value: unknown, providers: readonly string[]): { changes: ModelChange[] } | { errors: string[] } {
  if (value === null) return { changes: [] }
  if (!Array.isArray(value)) return { errors: ['modelChanges must be a list of { provider, from, version } or null'] }
  const errors: string[] = []
  const changes: ModelChange[] = []
  value.forEach((v, i) => {
    const c = v as Partial<ModelChange>
    if (typeof c?.provider !== 'string' || !providers.includes(c.provider)) errors.push(`modelChanges[${i}].provider must be one of ${providers.join(', ')}`)
    else if (typeof c.from !== 'string' || !DAY.test(c.from)) errors.push(`modelChanges[${i}].from must be YYYY-MM-DD`)
    else if (typeof c.version !== 'string' || !c.version.trim()) errors.push(`modelChanges[${i}].version must be a model name`)
    else changes.push({ provider: c.provider, from: c.from, version: c.version.trim() })
  })
  return errors.length ? { errors } : { changes }
}

/** The model a vendor answers as on a day: the latest change in force, else the one asked for. */
export function servedModel(changes: readonly ModelChange[], provider: string, asked: string, day: string): string {
  let model = asked
  for (const c of changes) if (c.provider === provider && day >= c.from) model = c.version
  return model
}

export function modelChangesFromEnv(raw: string | undefined, providers: readonly string[]): ModelChange[] {
  if (!raw) return []
  try {
    const parsed = parseModelChanges(JSON.parse(raw), providers)
    return 'changes' in parsed ? parsed.changes : []
  } catch {
    return []
  }
}
