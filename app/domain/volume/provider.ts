/**
 * Where AI search volumes come from (pure: reads the environment it is given). DATAFORSEO_LOGIN and
 * DATAFORSEO_PASSWORD (API access, HTTP Basic) turn the real provider on at DATAFORSEO_BASE_URL (default
 * https://api.dataforseo.com); without them, demo mode asks the model simulator (`${MODEL_SIMULATOR_URL}/dataforseo`),
 * and outside demo mode there is no volume source ("no volume source configured", never zeros).
 */
import { DEFAULT_SIMULATOR_URL, isDemoMode, SIMULATOR_API_KEY, type Env } from '../providers'

export const DATAFORSEO_DEFAULT_BASE_URL = 'https://api.dataforseo.com'
export const SIMULATOR_DATAFORSEO_PATH = '/dataforseo'

export interface VolumeProviderConfig {
  configured: boolean
  simulated: boolean
  /** Without the /v3 path: the SDK appends it. */
  baseUrl: string
  login: string
  password: string
}

const nonEmpty = (v: string | undefined) => (v?.trim() ? v.trim() : undefined)

export function volumeProviderConfig(env: Env = process.env): VolumeProviderConfig {
  const login = nonEmpty(env.DATAFORSEO_LOGIN)
  const password = nonEmpty(env.DATAFORSEO_PASSWORD)
  const forcedDemo = nonEmpty(env.DEMO_MODE)?.toLowerCase() === 'true'
  if (login && password && !forcedDemo) {
    return { configured: true, simulated: false, baseUrl: (nonEmpty(env.DATAFORSEO_BASE_URL) ?? DATAFORSEO_DEFAULT_BASE_URL).replace(/\/+$/, ''), login, password }
  }
  if (isDemoMode(env)) {
    const sim = (nonEmpty(env.MODEL_SIMULATOR_URL) ?? DEFAULT_SIMULATOR_URL).replace(/\/+$/, '')
    return { configured: true, simulated: true, baseUrl: sim + SIMULATOR_DATAFORSEO_PATH, login: 'demo', password: SIMULATOR_API_KEY }
  }
  return { configured: false, simulated: false, baseUrl: DATAFORSEO_DEFAULT_BASE_URL, login: '', password: '' }
}

/** Saving a project and starting an analysis refresh its volumes unless VOLUME_REFRESH_AUTO=false (the test stack: its tests start refreshes themselves). */
export const volumeRefreshAuto = (env: Env = process.env) => env.VOLUME_REFRESH_AUTO !== 'false'
