/**
 * Who may ask the engines (Google AI Overview and AI Mode, Bing Copilot, the ChatGPT app). Each one is
 * a paid SERP request per query and sample on top of the six models, so they are for the Full tier (and admins),
 * on projects whose owner turned them on; Light and Standard keep the six API models. Pure.
 */
import { z } from 'zod'
import { requiredOr } from '../validation'
import { CARD_MODEL_IDS, ENGINE_MODEL_IDS, type ModelId } from '../models'

export const ENGINE_TIERS: readonly string[] = ['full']

export const ENGINES_TIER_MESSAGE = 'Google AI Overview, AI Mode, Bing Copilot and the ChatGPT app are part of the Full tier.'

export function mayUseEngines(user: { tier: string; isAdmin: boolean }): boolean {
  return user.isAdmin || ENGINE_TIERS.includes(user.tier)
}

/** The models a new full-mode analysis asks: the six, then the engines when the project has them on and the owner may. */
export function analysisModelIds(owner: { tier: string; isAdmin: boolean; engines: boolean }): ModelId[] {
  return owner.engines && mayUseEngines(owner) ? [...CARD_MODEL_IDS, ...ENGINE_MODEL_IDS] : [...CARD_MODEL_IDS]
}

/** POST /api/projects/{id}/engines: turn the engines on or off, and choose who reads them (null: the server's SERP_PROVIDER). */
export const engineSettingsSchema = z.object({
  enabled: z.boolean({ error: requiredOr('enabled is required', 'enabled must be true or false') }),
  provider: z.enum(['dataforseo', 'serpapi'], { error: 'provider must be one of dataforseo, serpapi' }).nullable().optional(),
})
export type EngineSettings = z.infer<typeof engineSettingsSchema>
