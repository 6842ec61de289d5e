/** The simulator's settings: the faults a provider can be told to send, the config and its defaults, and a checked config patch. */
import { type AnswerFormat, LIST_FORMATS, NATIVE_FORMATS } from './answer'
import { liftsFromEnv, parseLifts, type Lift } from './lifts'
import { modelChangesFromEnv, parseModelChanges, type ModelChange } from './model-changes'
import { normaliseQuery } from './projects'
import { DEMO_LATENCY } from './teach'
import { isRecord, VENDORS, type Json } from './requests'
import type { Vendor } from './vendors'

/** Layouts a test may pin per prompt: every list layout and the native ones. */
const PINNABLE_FORMATS: readonly AnswerFormat[] = [...LIST_FORMATS, ...NATIVE_FORMATS]
const FAULT_TYPES: FaultType[] = ['429', '500', 'timeout', 'empty', 'malformed', '401', 'pause-turn', 'blocked', 'reasoning-usage']

/**
 * Failures and awkward replies a provider can be told to send. Beside HTTP errors:
 * - 'pause-turn' (Anthropic): stop_reason "pause_turn" after a preamble and one search; the
 *   client continues by sending the paused content back (a continuation is itself a request).
 * - 'blocked' (Gemini): a candidate with finishReason (default MODEL_ARMOR), a finishMessage
 *   and no content.
 * - 'reasoning-usage' (chat completions, xAI responses): reasoning tokens reported beside the
 *   output figure (input + output + reasoning = total), as xAI's chat completions do.
 */
export type FaultType = '429' | '500' | 'timeout' | 'empty' | 'malformed' | '401' | 'pause-turn' | 'blocked' | 'reasoning-usage'
export interface Fault {
  type: FaultType
  /** 'blocked': the candidate's finishReason and finishMessage. */
  finishReason?: string
  finishMessage?: string
  /** 'reasoning-usage': the reasoning tokens reported (default 228). */
  reasoningTokens?: number
  /** Only the next N requests; default: every request. */
  times?: number
  /** Probability 0..1, drawn deterministically from seed, provider and request number. */
  rate?: number
  retryAfterSeconds?: number
}
export interface ProviderSim {
  latencyMs: number
  /** With it, each answer takes from latencyMs to latencyMaxMs (demo mode's realistic latency). */
  latencyMaxMs?: number
  faults: Array<Fault & { remaining?: number }>
}
export interface SimConfig {
  seed: string
  day?: string
  /** When set, the first `allow` model requests are answered and later ones held until the gate opens. */
  gate?: { allow: number }
  brandRate: number
  providers: Record<Vendor, ProviderSim>
  /** Layout (and ranked brands) of the answer per prompt (normalised as the project store does). */
  listFormats: Record<string, { format: AnswerFormat; order?: string[]; marker?: string; references?: 'report' | 'sources' }>
  /** Planted experiment effects (lifts.ts). */
  lifts: Lift[]
  /** Planted model updates (model-changes.ts). */
  modelChanges: ModelChange[]
  /** AI Chat streams: hold each stream after this many text deltas until set to null (tests observe a partial reply). */
  streamHold?: { afterDeltas: number }
}

/** The config a start or a reset gives: seed and day from the options or env, every provider without faults. */
export function defaultConfig(opts: { seed?: string; day?: string; demoLatency?: boolean }): SimConfig {
  const envRate = Number(process.env.SIMULATOR_BRAND_RATE)
  return {
    seed: opts.seed ?? process.env.SIMULATOR_SEED ?? 'simulator',
    day: validDay(opts.day) ?? validDay(process.env.SIMULATOR_DAY),
    brandRate: Number.isFinite(envRate) && envRate >= 0 && envRate <= 1 ? envRate : 0.6,
    providers: Object.fromEntries(
      VENDORS.map((v) => [v, opts.demoLatency ? { latencyMs: DEMO_LATENCY[v][0], latencyMaxMs: DEMO_LATENCY[v][1], faults: [] } : { latencyMs: 0, faults: [] }]),
    ) as unknown as Record<Vendor, ProviderSim>,
    listFormats: {},
    lifts: liftsFromEnv(process.env.SIMULATOR_LIFTS),
    modelChanges: modelChangesFromEnv(process.env.SIMULATOR_MODEL_CHANGES, VENDORS),
  }
}

/**
 * A POST /__sim/config patch checked and merged into `config` (a provider's faults list is replaced). `gateReset`:
 * a valid gate was given, so its count of passed requests starts again.
 */
export function patchConfig(config: SimConfig, patch: Json): { next: SimConfig; errors: string[]; gateReset: boolean } {
  const errors: string[] = []
  let gateReset = false
  const next: SimConfig = { ...config, providers: { ...config.providers } }
  if (patch.seed !== undefined) {
    if (typeof patch.seed === 'string' || typeof patch.seed === 'number') next.seed = String(patch.seed)
    else errors.push('seed must be a string')
  }
  if (patch.day !== undefined) {
    if (patch.day === null) next.day = undefined
    else if (validDay(patch.day)) next.day = patch.day as string
    else errors.push('day must be YYYY-MM-DD or null')
  }
  if (patch.brandRate !== undefined) {
    if (typeof patch.brandRate === 'number' && patch.brandRate >= 0 && patch.brandRate <= 1) next.brandRate = patch.brandRate
    else errors.push('brandRate must be a number from 0 to 1')
  }
  if (patch.providers !== undefined) {
    if (!isRecord(patch.providers)) errors.push('providers must be an object')
    else {
      for (const [key, value] of Object.entries(patch.providers)) {
        const v = key as Vendor
        if (!VENDORS.includes(v)) {
          errors.push(`unknown provider ${key} (one of ${VENDORS.join(', ')})`)
          continue
        }
        if (!isRecord(value)) {
          errors.push(`providers.${key} must be an object`)
          continue
        }
        const prov: ProviderSim = { ...next.providers[v] }
        if (value.latencyMs !== undefined) {
          if (typeof value.latencyMs === 'number' && value.latencyMs >= 0) {
            prov.latencyMs = value.latencyMs
            prov.latencyMaxMs = undefined
          }
          else errors.push(`providers.${key}.latencyMs must be a number >= 0`)
        }
        if (value.faults !== undefined) {
          if (!Array.isArray(value.faults)) errors.push(`providers.${key}.faults must be an array`)
          else {
            prov.faults = []
            value.faults.forEach((f, i) => {
              if (!isRecord(f) || !FAULT_TYPES.includes(String(f.type) as FaultType)) return errors.push(`providers.${key}.faults[${i}].type must be one of ${FAULT_TYPES.join(', ')}`)
              if (f.times !== undefined && !(typeof f.times === 'number' && f.times >= 0)) return errors.push(`providers.${key}.faults[${i}].times must be a number >= 0`)
              if (f.rate !== undefined && !(typeof f.rate === 'number' && f.rate >= 0 && f.rate <= 1)) return errors.push(`providers.${key}.faults[${i}].rate must be 0..1`)
              if (f.retryAfterSeconds !== undefined && !(typeof f.retryAfterSeconds === 'number' && f.retryAfterSeconds >= 0)) return errors.push(`providers.${key}.faults[${i}].retryAfterSeconds must be >= 0`)
              if (f.finishReason !== undefined && typeof f.finishReason !== 'string') return errors.push(`providers.${key}.faults[${i}].finishReason must be a string`)
              if (f.finishMessage !== undefined && typeof f.finishMessage !== 'string') return errors.push(`providers.${key}.faults[${i}].finishMessage must be a string`)
              if (f.reasoningTokens !== undefined && !(typeof f.reasoningTokens === 'number' && f.reasoningTokens > 0)) return errors.push(`providers.${key}.faults[${i}].reasoningTokens must be a number > 0`)
              const fault: Fault & { remaining?: number } = { type: String(f.type) as FaultType }
              if (typeof f.finishReason === 'string') fault.finishReason = f.finishReason
              if (typeof f.finishMessage === 'string') fault.finishMessage = f.finishMessage
              if (typeof f.reasoningTokens === 'number') fault.reasoningTokens = f.reasoningTokens
              if (typeof f.times === 'number') fault.times = fault.remaining = Math.floor(f.times)
              if (typeof f.rate === 'number') fault.rate = f.rate
              if (typeof f.retryAfterSeconds === 'number') fault.retryAfterSeconds = f.retryAfterSeconds
              prov.faults.push(fault)
            })
          }
        }
        next.providers[v] = prov
      }
    }
  }
  if (patch.listFormats !== undefined) {
    if (patch.listFormats === null) next.listFormats = {}
    else if (!isRecord(patch.listFormats)) errors.push('listFormats must be an object { prompt: format } or null')
    else {
      const formats: SimConfig['listFormats'] = {}
      for (const [prompt, v] of Object.entries(patch.listFormats)) {
        const f = isRecord(v) ? v.format : v
        const order = isRecord(v) ? v.order : undefined
        const marker = isRecord(v) ? v.marker : undefined
        const references = isRecord(v) ? v.references : undefined
        if (!PINNABLE_FORMATS.includes(f as AnswerFormat)) errors.push(`listFormats["${prompt}"] must be one of ${PINNABLE_FORMATS.join(', ')} (or { format, order, marker, references })`)
        else if (order !== undefined && !(Array.isArray(order) && order.length > 0 && order.every((n) => typeof n === 'string' && n.trim()))) errors.push(`listFormats["${prompt}"].order must be a list of brand names`)
        else if (marker !== undefined && !(typeof marker === 'string' && marker.trim())) errors.push(`listFormats["${prompt}"].marker must be the text of a rank-1 marker ("1位：")`)
        else if (references !== undefined && references !== 'report' && references !== 'sources') errors.push(`listFormats["${prompt}"].references must be one of report, sources`)
        else
          formats[normaliseQuery(prompt)] = {
            format: f as AnswerFormat,
            ...(order ? { order: order as string[] } : {}),
            ...(marker ? { marker: marker as string } : {}),
            ...(references ? { references: references as 'report' | 'sources' } : {}),
          }
      }
      next.listFormats = formats
    }
  }
  if (patch.modelChanges !== undefined) {
    const parsed = parseModelChanges(patch.modelChanges, VENDORS)
    if ('errors' in parsed) errors.push(...parsed.errors)
    else next.modelChanges = parsed.changes
  }
  if (patch.lifts !== undefined) {
    const parsed = parseLifts(patch.lifts)
    if ('errors' in parsed) errors.push(...parsed.errors)
    else next.lifts = parsed.lifts
  }
  if (patch.gate !== undefined) {
    if (patch.gate === null) next.gate = undefined
    else if (isRecord(patch.gate) && typeof patch.gate.allow === 'number' && Number.isInteger(patch.gate.allow) && patch.gate.allow >= 0) {
      next.gate = { allow: patch.gate.allow }
      gateReset = true
    } else errors.push('gate must be { allow: whole number >= 0 } or null')
  }
  if (patch.streamHold !== undefined) {
    if (patch.streamHold === null) next.streamHold = undefined
    else if (isRecord(patch.streamHold) && typeof patch.streamHold.afterDeltas === 'number' && Number.isInteger(patch.streamHold.afterDeltas) && patch.streamHold.afterDeltas >= 0)
      next.streamHold = { afterDeltas: patch.streamHold.afterDeltas }
    else errors.push('streamHold must be { afterDeltas: whole number >= 0 } or null')
  }
  return { next, errors, gateReset }
}

export function validDay(day: unknown): string | undefined {
  return typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)) ? day : undefined
}
