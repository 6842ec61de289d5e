import { describe, expect, it } from 'vitest'
import { volumeReply, VOLUME_LIVE_PATH } from './volume'
import { VOLUME_LOCATION_CODES } from '../app/domain/volume/markets'
import { parseVolumeResponse } from '../app/domain/volume/parse'
import { CATALOGUE } from './catalogue'

const AUTH = 'Basic ZGVtbzpzaW0tZGVtby1rZXk='
const ask = (keywords: string[], location = 2826, language = 'en', auth: string | undefined = AUTH) =>
  volumeReply('POST', VOLUME_LIVE_PATH, JSON.stringify([{ keywords, location_code: location, language_code: language }]), auth, 'seed', '2026-11-27')!

describe('simulated AI keyword volume', () => {
  it('answers in the documented envelope, the same figures for the same keyword and market', () => {
    const r = ask(['best running shoes', 'Best Running Shoes'])
    expect(r.status).toBe(200)
    const body = r.body as any
    expect(body).toMatchObject({ status_code: 20000, status_message: 'Ok.', tasks_count: 1, tasks_error: 0 })
    // $0.01 per request + $0.0001 per keyword × 2 = 0.0102, the envelope's cost = its one task's
    expect(body.cost).toBe(0.0102)
    expect(body.tasks[0].cost).toBe(0.0102)
    const parsed = parseVolumeResponse(body, ['best running shoes'])
    expect(parsed.estimates.get('best running shoes')).toEqual(parseVolumeResponse(ask(['best running shoes']).body, ['best running shoes']).estimates.get('best running shoes'))
  })

  it('gives 12 months of history ending the month before the simulator day, newest first', () => {
    const items = (ask(['best running shoes', 'running shoes', 'trail shoes', 'marathon shoes']).body as any).tasks[0].result[0].items
    const item = items[0]
    expect(item.ai_monthly_searches).toHaveLength(12)
    expect(item.ai_monthly_searches[0]).toMatchObject({ year: 2026, month: 10 })
    expect(item.ai_monthly_searches[11]).toMatchObject({ year: 2025, month: 11 })
    expect(item.ai_search_volume).toBe(item.ai_monthly_searches[0].ai_search_volume)
  })

  it('answers every market the product maps to and every catalogued market, with about one keyword in ten unestimated', () => {
    for (const code of VOLUME_LOCATION_CODES) expect((ask(['best running shoes'], code).body as any).status_code).toBe(20000)
    const keywords = CATALOGUE.flatMap((m) => m.keywords.map((k) => `best ${k}`))
    const items = (ask(keywords).body as any).tasks[0].result[0].items as { ai_search_volume: number }[]
    const missing = 1 - items.length / keywords.length
    expect(missing).toBeGreaterThan(0.03)
    expect(missing).toBeLessThan(0.2)
    // Plausible: whole numbers between a handful and a few thousand a month in the United Kingdom.
    for (const i of items) expect(Number.isInteger(i.ai_search_volume) && i.ai_search_volume >= 0 && i.ai_search_volume < 20_000).toBe(true)
  })

  it('refuses what the API refuses: no credentials (HTTP 401), an unknown location (task 40501)', () => {
    const unauthorised = ask(['x'], 2826, 'en', '')
    expect(unauthorised.status).toBe(401)
    expect(unauthorised.body).toMatchObject({ status_code: 40100 })
    const refused = ask(['x'], 1)
    expect((refused.body as any).tasks[0]).toMatchObject({ status_code: 40501, status_message: "Invalid Field: 'location_code'.", result: null })
    expect(volumeReply('POST', '/dataforseo/v3/other', '[]', AUTH, 's', '2026-11-27')).toBeUndefined()
  })
})
