import { describe, expect, it } from 'vitest'
import { volumeProviderConfig, volumeRefreshAuto } from './provider'

describe('volume provider', () => {
  it('is DataForSEO with credentials, the simulator in demo mode, and nothing otherwise', () => {
    expect(volumeProviderConfig({ DATAFORSEO_LOGIN: 'me', DATAFORSEO_PASSWORD: 'pw', OPENAI_API_KEY: 'k' })).toEqual({
      configured: true, simulated: false, baseUrl: 'https://api.dataforseo.com', login: 'me', password: 'pw',
    })
    expect(volumeProviderConfig({ DATAFORSEO_LOGIN: 'me', DATAFORSEO_PASSWORD: 'pw', DATAFORSEO_BASE_URL: 'https://gw.example/dfs/' }).baseUrl).toBe('https://gw.example/dfs')
    // No key at all: demo mode, the simulator answers.
    expect(volumeProviderConfig({ MODEL_SIMULATOR_URL: 'http://sim:4010/' })).toMatchObject({ configured: true, simulated: true, baseUrl: 'http://sim:4010/dataforseo' })
    // A model key but no DataForSEO credentials: no volume source (the screens say so, never zeros).
    expect(volumeProviderConfig({ OPENAI_API_KEY: 'k' })).toMatchObject({ configured: false })
    // Only a login: not configured either.
    expect(volumeProviderConfig({ OPENAI_API_KEY: 'k', DATAFORSEO_LOGIN: 'me' }).configured).toBe(false)
  })

  it('refreshes automatically unless turned off', () => {
    expect(volumeRefreshAuto({})).toBe(true)
    expect(volumeRefreshAuto({ VOLUME_REFRESH_AUTO: 'false' })).toBe(false)
  })
})
